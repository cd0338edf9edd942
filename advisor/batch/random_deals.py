"""Random deals that fit what each seat must hold, reproducibly.

``vint batch --random N --seed S --constraint "S: hcp >= 15 and hcp <= 17 and
spades == 5"``: the constraint language is ``vint advise --constraint``'s
(``advisor.bidding.constraints``). Deals are dealt 4096 at a time with numpy,
each seat's features computed for the whole batch at once, and the deals that
fit every constraint kept, in the order dealt.

A run's deals are cut into chunks; chunk ``k`` deals from its own generator
``numpy.random.default_rng([seed, k])``, so a chunk's deals depend only on the
seed, the chunk's number and size and the constraints: any worker can deal
them, and a resumed run deals the same ones again.
"""

from __future__ import annotations

from typing import Dict, List, Mapping, Optional

import numpy as np

from solver.cards import SEATS, Card, Deal, Seat

from ..bidding.constraints import Constraint, HandsFeatures, compile_constraint

__all__ = ["random_deals", "compile_seat_constraints", "DealingError", "MAX_ATTEMPTS_PER_DEAL"]

#: Deals tried for each deal wanted before a constraint is judged too rare.
MAX_ATTEMPTS_PER_DEAL = 20_000
_BATCH = 4096
_CARDS = [Card(s, r) for s in range(4) for r in range(2, 15)]
_SUITS = np.array([c.suit for c in _CARDS], dtype=np.int64)
_RANKS = np.array([c.rank for c in _CARDS], dtype=np.int64)
_BITS = np.array([c.mask for c in _CARDS], dtype=np.uint64)


class DealingError(ValueError):
    """Constraints no deal fits (in the attempts allowed), or that cannot be read."""


def compile_seat_constraints(constraints: Optional[Mapping[str, str]]) -> Dict[Seat, Constraint]:
    """``{"S": "hcp >= 15"}`` -> ``{Seat.S: Constraint}`` (text only: a chunk
    travels to other machines, and its constraints with it)."""
    out = {}
    for seat, text in (constraints or {}).items():
        if not isinstance(text, str):
            raise DealingError(f"the constraint of {seat} must be text such as 'hcp >= 12'")
        out[Seat.parse(seat)] = compile_constraint(text)
    return out


def random_deals(count: int, rng: np.random.Generator,
                 constraints: Optional[Mapping[str, str]] = None, *,
                 max_attempts: Optional[int] = None) -> List[Deal]:
    """``count`` random deals, in the order ``rng`` deals them, in which every
    seat's constraint holds. Raises ``DealingError`` when ``max_attempts``
    deals (default ``MAX_ATTEMPTS_PER_DEAL`` per deal wanted) give too few."""
    tests = compile_seat_constraints(constraints)
    limit = max_attempts or MAX_ATTEMPTS_PER_DEAL * max(count, 1)
    base = np.tile(np.arange(52), (_BATCH, 1))
    deals: List[Deal] = []
    attempts = 0
    while len(deals) < count:
        if attempts >= limit:
            raise DealingError(f"only {len(deals)} of {count} deals fit the constraints in "
                               f"{attempts} dealt: " + describe(constraints))
        perms = rng.permuted(base, axis=1)
        attempts += _BATCH
        keep = np.ones(_BATCH, dtype=bool)
        for seat, test in tests.items():
            cols = perms[:, 13 * seat:13 * seat + 13]
            keep &= np.asarray(test.on_features(HandsFeatures(_SUITS[cols], _RANKS[cols])),
                               dtype=bool)
        for row in np.flatnonzero(keep)[:count - len(deals)]:
            deals.append(Deal.from_masks([int(np.bitwise_or.reduce(
                _BITS[perms[row, 13 * s:13 * s + 13]])) for s in SEATS]))
    return deals


def describe(constraints: Optional[Mapping[str, str]]) -> str:
    return "; ".join(f"{seat}: {text}" for seat, text in (constraints or {}).items()) or "none"
