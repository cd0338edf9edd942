"""The advisor's verdict on a call: flagged only when the advisor's lead over it is real and large.

Practice's hint, ``vint advise`` and the review's verdict on a call are one
voice: each asks the advisor (``advise.recommend``) and reads its
``Recommendation``. A call the player (or the computer) made is *flagged*
as a mistake only when the recommended call beats it

- significantly: the mean of the paired differences (the two calls' scores
  on the same sampled deals, ``Candidate.scores``) is more than
  ``SIGNIFICANT_SE`` standard errors above zero, and
- by more than ``PRACTICAL_MARGIN`` points: a lead a player could notice
  (issue 31: "too close to call" only where the difference is within a
  practical margin of about 30 points).

A call that agrees with the advisor, or trails it within either bound, is
not flagged; a call the advisor did not consider (not among its candidates)
cannot be judged and is not flagged either (``Verdict.considered``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

import numpy as np

from ..rules.base import normalise_call

__all__ = ["PRACTICAL_MARGIN", "SIGNIFICANT_SE", "Verdict", "lead_over", "verdict"]

#: The points a recommended call must lead by before another call is a mistake.
PRACTICAL_MARGIN = 30
#: ... and the standard errors (of the paired differences) it must lead by.
SIGNIFICANT_SE = 2.0


@dataclass(frozen=True)
class Verdict:
    """The advisor's word on ``call``: ``best`` the recommended call; ``lead``
    its mean lead over ``call`` on the samples both were scored on (``shared``
    of them), ``se`` that lead's standard error (None when the call is the
    best one or was not considered); ``flagged``: a mistake by the test
    above."""

    call: str
    best: str
    lead: Optional[float]
    se: Optional[float]
    shared: int
    considered: bool

    @property
    def agrees(self) -> bool:
        return self.call == self.best

    @property
    def significant(self) -> bool:
        return (self.lead is not None and self.se is not None and self.lead > 0
                and (self.se == 0 or self.lead > SIGNIFICANT_SE * self.se))

    @property
    def flagged(self) -> bool:
        return (not self.agrees and self.significant
                and self.lead > PRACTICAL_MARGIN)

    @property
    def comment(self) -> str:
        """The verdict in words (empty when the advisor agrees)."""
        if self.agrees:
            return ""
        if not self.considered:
            return f"advisor: {self.best} ({self.call} was not among its candidates)"
        spread = "" if not self.se or not math.isfinite(self.se) else f" ± {self.se:.0f}"
        if self.flagged:
            return f"advisor: {self.best}, better by {self.lead:.0f}{spread} points"
        if self.lead < 0:       # the advisor keeps the system's call over a better mean
            return (f"advisor: {self.best}; {self.call} scored {-self.lead:.0f}{spread} points "
                    f"more on its samples, too little to prefer it")
        return (f"advisor: {self.best} by {self.lead:.0f}{spread} points, too close to call "
                f"a mistake")

    def to_dict(self) -> dict:
        return {"call": self.call, "best": self.best, "lead": self.lead, "se": self.se,
                "shared": self.shared, "considered": self.considered,
                "flagged": self.flagged, "comment": self.comment}


def lead_over(rec, call: str):
    """``(lead, se, shared)``: the recommended call's mean lead over ``call``
    on the samples both were scored on (a pruned candidate was scored on the
    first samples only), and its standard error; None, None, 0 when ``call``
    is not a candidate."""
    call = normalise_call(call)
    try:
        other = rec.candidate(call)
    except KeyError:
        return None, None, 0
    best = rec.candidate(rec.call)
    n = min(len(best.scores), len(other.scores))
    if n == 0:
        return None, None, 0
    diff = np.asarray(best.scores[:n], dtype=float) - np.asarray(other.scores[:n], dtype=float)
    mean = float(diff.mean())
    se = float(diff.std(ddof=1) / math.sqrt(n)) if n > 1 else math.inf
    return mean, se, n


def verdict(rec, call: str) -> Verdict:
    """The advisor's verdict (``rec``: its ``Recommendation``) on ``call``."""
    call = normalise_call(call)
    best = normalise_call(rec.call)
    if call == best:
        return Verdict(call, best, 0.0, 0.0, rec.samples, True)
    lead, se, shared = lead_over(rec, call)
    return Verdict(call, best, lead, se, shared, lead is not None)
