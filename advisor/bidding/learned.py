"""A correction of the bidding table's calls, learned from the advisor (issue 33).

The table (``advisor.bidding.tables``) makes a call; the correction looks at
the few calls it could make instead (a pass, and in each strain the cheapest
legal bid and the two above it) and predicts, for each, how many points the
advisor would expect it to gain over the table's call. Where the best
prediction is more than ``margin`` points and the hand fits that call's
meaning in the system, the policy makes that call instead (Vint 1886's
default; ``Policy(rules, learned=False)`` is the table alone).

What it was learned from: the advisor's self-play decisions
(``training/selfplay.py``: at each decision along auctions the policy bids,
``advisor.recommend`` at 200 samples values every candidate call). A
candidate's target is its mean less the table call's mean, clipped to
±3,000. The model is one linear fit (ridge, closed form) a *kind* of change:
whether the table passed or bid (``P``/``B``), and what the candidate is
(``pass``, ``same`` strain at another level, ``partner``'s last suit, a suit
of ``mine``, an ``other`` suit, ``nt``). Its inputs are what the trick model
(``advisor.bidding.tricks``) says of the candidate's contract and of the
table's (expected score if the auction stopped there, tricks over the
contract, the best level), the hand's points, aces, length and honours in the
strain, the situation and who holds the standing bid. ``training/learned.py``
fits it from the committed data; the weights are ``learned_model.json``.

The meaning check (``meanings.meaning_from_reading``: the constraint text
and outline the sampler reads into the call) keeps what the sampler reads
of the policy's calls true of them, and keeps each call's meaning the
seeds'. A candidate whose inputs leave the range of the training data is not
predicted. docs/advise.md, "A correction learned from the advisor", has the
matches.
"""

from __future__ import annotations

import json
from functools import lru_cache
from operator import mul
from pathlib import Path
from typing import AbstractSet, Dict, List, Optional, Sequence, Tuple

from ..game import rule_set
from . import meanings, tricks
from .constraints import compile_constraint

__all__ = ["MODEL_FILE", "KIND_WORDS", "Correction", "load", "candidates"]

MODEL_FILE = Path(__file__).with_name("learned_model.json")
#: The game the self-play decisions are of (Vint 1886): the targets are its scores.
GAME = "vint"
PASS = "P"
SITUATIONS = ("open", "respond", "overcall", "rebid")
ROLES = ("pass", "same", "partner", "mine", "other", "nt")
#: Each candidate's role in words, for the decision's reason.
KIND_WORDS = {"pass": "a pass", "same": "the same strain at another level",
              "partner": "partner's suit", "mine": "a suit of its own it has named",
              "other": "a suit nobody on its side has named", "nt": "no-trumps"}
#: The inputs' names, in order (the model file repeats them and is checked).
FEATURES = ("bias", *(f"situation_{s}" for s in SITUATIONS), "hcp/10", "aces",
            "their_bid_stands", "our_bid_stands",
            "ev/1000", "tricks_over", "best_ev/1000", "best_level_over",
            "ev/1000 - table's", "tricks_over - table's", "best_ev/1000 - table's",
            "best_level_over - table's", "length", "honours", "levels_above_cheapest")


def candidates(policy, legal: Sequence[str]) -> List[str]:
    """The calls the correction considers: a pass, and in each strain the
    cheapest legal bid and the two above it."""
    return list(_candidates(tuple(legal)))


@lru_cache(maxsize=1024)
def _candidates(legal: Tuple[str, ...]) -> Tuple[str, ...]:
    out = [PASS] if PASS in legal else []
    for strain, level in _cheapest_of(legal).items():
        out += [f"{level + k}{strain}" for k in (0, 1, 2) if f"{level + k}{strain}" in legal]
    return tuple(out)


def _cheapest(policy, legal: Sequence[str]) -> Dict[str, int]:
    """The cheapest legal level of each strain (kept for each list of legal
    calls: the same few lists come back at every decision; read it, never
    change it)."""
    return _cheapest_of(tuple(legal))


@lru_cache(maxsize=1024)
def _cheapest_of(legal: Tuple[str, ...]) -> Dict[str, int]:
    low: Dict[str, int] = {}
    for call in legal:
        if call not in (PASS, "X", "XX"):
            strain, level = call[1:], int(call[0])
            low[strain] = min(level, low.get(strain, 8))
    return low


class Correction:
    """The learned weights (a list a kind) and the margin a change needs."""

    def __init__(self, weights: Dict[str, List[float]], margin: float, about: str = "",
                 low: Optional[Sequence[float]] = None, high: Optional[Sequence[float]] = None,
                 game: str = GAME):
        bad = [k for k, w in weights.items() if len(w) != len(FEATURES)]
        if bad:
            raise ValueError(f"learned model: kinds {bad} do not have {len(FEATURES)} weights")
        low = list(low) if low is not None else [-1e9] * len(FEATURES)
        high = list(high) if high is not None else [1e9] * len(FEATURES)
        if len(low) != len(FEATURES) or len(high) != len(FEATURES):
            raise ValueError(f"learned model: the inputs' ranges need {len(FEATURES)} values")
        self.weights, self.margin, self.about = weights, float(margin), about
        #: The game whose decisions it was learned from (its scores are in the targets).
        self.game = game
        #: The range each input took in the training data: a linear fit is not
        #: trusted beyond it, so a candidate with an input outside (a four-ace
        #: hand) is not predicted (``predict`` is None) and the table's call stands.
        self.low, self.high = low, high

    @classmethod
    def load(cls, path: Path = MODEL_FILE) -> "Correction":
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        if tuple(data.get("features", ())) != FEATURES:
            raise ValueError(f"learned model {path}: its inputs are not this code's")
        return cls(data["weights"], data["margin"], data.get("about", ""), data.get("low"),
                   data.get("high"), data.get("game", GAME))

    def save(self, path: Path = MODEL_FILE) -> None:
        data = {"about": self.about, "game": self.game, "features": list(FEATURES), "margin": self.margin,
                "low": [round(v, 6) for v in self.low], "high": [round(v, 6) for v in self.high],
                "weights": {k: [round(v, 6) for v in w] for k, w in sorted(self.weights.items())}}
        Path(path).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")

    def learned_for(self, rules) -> bool:
        """Is ``rules`` (a ``RuleSet``) the game the correction was learned in?"""
        return type(rules) is type(rule_set(self.game))

    def predict(self, kind: str, x: Sequence[float]) -> Optional[float]:
        """The predicted gain of a candidate of ``kind`` with inputs ``x`` over the
        table's call; None: no weights for the kind, or an input out of range."""
        return self._score(kind, x) if self.in_range(x) else None

    def _score(self, kind: str, x: Sequence[float]) -> Optional[float]:
        """The fit's value for ``x``, the range not checked (None: no weights)."""
        w = self.weights.get(kind)
        return None if w is None else sum(map(mul, w, x))

    def in_range(self, x: Sequence[float]) -> bool:
        """Every input within the range the training data covered."""
        return all(lo - 1e-9 <= b <= hi + 1e-9 for b, lo, hi in zip(x, self.low, self.high))

    def best(self, policy, facts, hand, reading, legal, table_call: str,
             known_levels: Optional[dict] = None) -> Optional[Tuple[str, str, float]]:
        """``(call, role, predicted gain)`` of the candidate predicted to gain most
        over ``table_call``, more than the margin, among those whose meaning in
        the system the hand fits (``meanings.meaning_from_reading``: what the
        sampler reads into the call stays true); None: keep the table's call."""
        # Only a call whose meaning the hand fits can be chosen, so only those
        # are predicted (the meaning is the cheaper test; issue 32).
        fitting = {call for call in _candidates(tuple(legal)) if call != table_call
                   and _means(policy, reading, call).on_scalars(facts.features)}
        if not fitting:
            return None
        found = []
        for call, (kind, x) in inputs(policy, facts, hand, reading, legal, table_call,
                                      only=fitting, known_levels=known_levels).items():
            gain = self._over_margin(kind, x)
            if gain is not None:
                found.append((gain, call, kind.split(":")[1]))
        if not found:
            return None
        gain, call, role = max(found)
        return call, role, gain

    def could_choose(self, policy, facts, hand, reading, legal, table_call: str,
                     call: str, known_levels: Optional[dict] = None) -> bool:
        """Could :meth:`best` return ``call`` (not the table's)? False only when
        it certainly does not: ``call`` is not a candidate, the hand does not fit
        its meaning, or its own predicted gain is not above the margin. A cheap
        test (the meaning first, then one candidate's inputs) for the sampler's
        question "does the policy make this call?", which most hands answer no
        (issue 32: the review)."""
        if call == table_call or call not in _candidates(tuple(legal)):
            return False
        if not _means(policy, reading, call).on_scalars(facts.features):
            return False
        kind, x = inputs(policy, facts, hand, reading, legal, table_call, only={call},
                         known_levels=known_levels)[call]
        return self._over_margin(kind, x) is not None

    def _over_margin(self, kind: str, x: Sequence[float]) -> Optional[float]:
        """The predicted gain of a candidate if it is above the margin (and its
        inputs in range: ``predict``'s, the range checked only if needed), else
        None: what :meth:`best` and :meth:`could_choose` both ask."""
        gain = self._score(kind, x)
        return gain if gain is not None and gain > self.margin and self.in_range(x) else None


#: The meanings compiled, by text (a few dozen texts: the system's, by suit).
_MEANINGS: Dict[str, object] = {}
#: The meaning of a call by game, call and what ``meaning_from_reading`` reads of
#: the reading (bounded: a full store starts afresh).
_BY_AUCTION: Dict[tuple, object] = {}
_BY_AUCTION_KEPT = 50_000


def _means(policy, reading, call: str):
    """The constraint a hand must meet to make ``call`` by the system's meaning
    (the seat is any: a reading is from the caller's chair, partner across).
    Kept by what it depends on (the game, the call, and the reading's strains,
    first calls, opener and whether anyone has bid): the correction asks it of
    every candidate of every decision (issue 32)."""
    key = (policy.rules.name, call, tuple(reading.my_strains), tuple(reading.partner_strains),
           reading.my_first, reading.partner_first, reading.opener, reading.anyone_bid)
    found = _BY_AUCTION.get(key)
    if found is None:
        text = meanings.meaning_from_reading(policy.rules, "N", reading, call) or "hcp >= 0"
        found = _MEANINGS.get(text)
        if found is None:
            found = _MEANINGS[text] = compile_constraint(text)
        if len(_BY_AUCTION) >= _BY_AUCTION_KEPT:
            _BY_AUCTION.clear()
        _BY_AUCTION[key] = found
    return found


@lru_cache(maxsize=1)
def load() -> Optional[Correction]:
    """The committed model (None without its file)."""
    return Correction.load() if MODEL_FILE.exists() else None


def _standing(policy, reading, legal) -> Tuple[Optional[str], bool]:
    """The standing bid (the one just below the cheapest legal bid) and whether
    our side made it."""
    order = policy.bid_order
    below = [order[c] for c in legal if c in order]
    if not below or min(below) == 0:
        return None, False
    bid = policy.bids[min(below) - 1]
    strain, level = bid[1:], int(bid[0])
    ours = reading.mine_standing == strain or (
        strain in reading.partner_strains and reading.partner_levels.get(strain) == level)
    return bid, ours


def _contract_terms(policy, facts, hand, reading, call: str, cache: dict,
                    known_levels: Optional[dict] = None) -> List[float]:
    """What the trick model says of ``call``'s contract: its expected score
    (thousands), the estimated tricks over the contract, the best level's
    expected score and how far the best level is above it."""
    strain, level = call[1:], int(call[0])
    found = cache.get(strain)
    if found is None:
        estimate, values = policy.level_values(hand, strain, reading, known_levels)
        best = max(range(7), key=values.__getitem__)
        found = cache[strain] = (estimate, values, 1 + best, values[best] / 1000)
    estimate, values, best, top = found
    return [values[level - 1] / 1000, estimate - level - 6, top, float(best - level)]


def inputs(policy, facts, hand, reading, legal, table_call: str, *,
           only: Optional[AbstractSet[str]] = None,
           known_levels: Optional[dict] = None) -> Dict[str, Tuple[str, list]]:
    """``{call: (kind, inputs)}`` for every candidate but the table's call (with
    ``only``, for those of these calls that are candidates: the same inputs;
    ``known_levels``: ``Policy.level_values``'s answers kept by the decision)."""
    f = facts.features
    situation = reading.situation()
    standing, ours = _standing(policy, reading, legal)
    low = _cheapest(policy, legal)
    cache: dict = {}
    nothing = [0.0, 0.0, 0.0, 0.0]
    ours_terms = (_contract_terms(policy, facts, hand, reading, standing, cache, known_levels)
                  if standing and ours else nothing)
    base = ours_terms if table_call == PASS else \
        _contract_terms(policy, facts, hand, reading, table_call, cache, known_levels)
    common = [1.0, *(float(situation == s) for s in SITUATIONS), f["hcp"] / 10, float(f["aces"]),
              float(standing is not None and not ours), float(standing is not None and ours)]
    table = "P" if table_call == PASS else "B"
    partner_suit = reading.partner_last_suit
    out = {}
    for call in candidates(policy, legal):
        if call == table_call or (only is not None and call not in only):
            continue
        if call == PASS:
            terms, own, role = ours_terms, [0.0, 0.0, 0.0], "pass"
        else:
            strain, level = call[1:], int(call[0])
            terms = _contract_terms(policy, facts, hand, reading, call, cache, known_levels)
            word = policy.suit_word(strain)
            own = [float(f[word]), float(f["honours_" + word]), float(level - low[strain])] \
                if word else [0.0, 0.0, float(level - low[strain])]
            if table_call != PASS and strain == table_call[1:]:
                role = "same"
            elif strain == policy.nt:
                role = "nt"
            elif strain == partner_suit:
                role = "partner"
            elif strain in reading.my_strains:
                role = "mine"
            else:
                role = "other"
        x = common + terms + [a - b for a, b in zip(terms, base)] + own
        out[call] = (f"{table}:{role}", x)
    return out


def tricks_model_ready() -> bool:
    """The trick model the inputs come from is there."""
    return tricks.model() is not None
