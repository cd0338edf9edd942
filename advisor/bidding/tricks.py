"""The partnership's tricks in a strain, from one hand and the auction: the policy's trick model.

The bidding policy (``advisor.bidding.policy``) bids a ``tricks`` or ``reach``
row as high as the partnership's tricks reach. Seed 004 counts them as a
player's *sure tricks* plus what partner's calls promise ("чтобы уверенно
объявлять ... семь взяток, необходимо, чтобы на руках было верных пять
взяток"; "если игрок имеет три верные взятки, то он должен поднять на
'три'"). The count here is the same idea, measured: a linear estimate of the
double-dummy tricks the player would take declaring the strain, from

- the hand: sure tricks in the strain (the seed's count), its length and
  honours there, points, aces and kings, short side suits (ruffs), the
  losing-trick count, the second suit's length;
- what partner's calls show about the strain (``context``): nothing yet
  (``none``), a pass (``pass``), a first-turn no-trumps (``nt``), this very
  suit (``same``), a raise of my suit (``raise``) or another suit
  (``other``); how high partner, I and the opponents have bid (my own level
  is left out of the fit); the aces partner's no-trumps have shown by the
  seed's convention and whether they and mine make all four.

One set of weights for each kind of strain (a suit, no-trumps) and context,
fitted by least squares on the double-dummy tables of random deals whose
auctions the policy itself bid (``training/tricks.py``, which writes
``tricks_model.json`` beside this module; ``docs/advise.md``, "The trick
model", has the figures). The model file is part of the package; the policy
reads it once.
"""

from __future__ import annotations

import json
from functools import lru_cache
from math import comb, exp
from operator import mul
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from ..game import rule_set

__all__ = ["CONTEXTS", "TrickModel", "context", "model", "features", "FEATURE_NAMES"]

MODEL_FILE = Path(__file__).with_name("tricks_model.json")

#: What partner's calls say about a strain (``context``).
CONTEXTS = ("none", "pass", "nt", "same", "raise", "other")
_SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}

#: The features of each kind of strain, in the order of the model's weights.
FEATURE_NAMES = {
    "suit": ("bias", "sure", "length", "top", "honours", "hcp", "aces", "kings", "short",
             "losers", "second", "partner_level", "partner_top_level", "partner_bids",
             "my_level", "their_level", "partner_opened", "i_opened", "partner_passed_first",
             "partner_aces", "all_aces"),
    "nt": ("bias", "sure", "longest", "top", "stoppers", "hcp", "aces", "kings", "queens",
           "losers", "second", "partner_level", "partner_top_level", "partner_bids",
           "my_level", "their_level", "partner_opened", "i_opened", "partner_passed_first",
           "partner_aces", "all_aces"),
}


def _losers(ranks: Tuple[Tuple[int, ...], ...]) -> int:
    """The losing-trick count: in each suit of n cards, the A, K and Q among the
    top min(n, 3) ranks that the hand lacks (a singleton needs the ace, a doubleton A-K)."""
    total = 0
    for cards in ranks:
        n = min(len(cards), 3)
        total += n - sum(1 for r in cards if r > 14 - n)
    return total


def _stopped(cards: Tuple[int, ...]) -> bool:
    """A suit held against a no-trump run: the ace, K-x, Q-x-x or J-x-x-x."""
    n = len(cards)
    return (14 in cards or (13 in cards and n >= 2) or (12 in cards and n >= 3)
            or (11 in cards and n >= 4))


def hand_features(ranks, hand: Dict[str, int], sure: Dict[object, int],
                  strain: str, nt: str) -> List[float]:
    """The hand's part of ``features`` (after the bias)."""
    lengths = [len(c) for c in ranks]
    if strain == nt:
        order = sorted(range(4), key=lambda s: lengths[s], reverse=True)
        longest = ranks[order[0]]
        return [sure[None], lengths[order[0]], sum(r >= 12 for r in longest),
                sum(_stopped(c) for c in ranks), hand["hcp"], hand["aces"], hand["kings"],
                hand["queens"], _losers(ranks), lengths[order[1]]]
    s = _SUIT_INDEX[strain]
    trumps = ranks[s]
    side = [lengths[t] for t in range(4) if t != s]
    return [sure[s], len(trumps), sum(r >= 12 for r in trumps), sum(r >= 10 for r in trumps),
            hand["hcp"], hand["aces"], hand["kings"], sum(max(0, 3 - n) for n in side),
            _losers(ranks), max(side)]


def context(reading, strain: str, nt: str) -> str:
    """What partner's calls say about ``strain`` (one of ``CONTEXTS``)."""
    first = reading.partner_first
    if first is None:
        return "none"
    if reading.partner_raised_me and strain in reading.my_strains:
        return "raise"
    if strain in reading.partner_strains:
        return "same"
    if first != "P" and first.endswith(nt):
        return "nt"
    if any(s in _SUIT_INDEX for s in reading.partner_strains):
        return "other"
    return "pass"


def auction_alone(reading, strain: str) -> List[float]:
    """The auction's part of ``features`` but its last input (which needs the
    hand's aces): partner's highest level in the strain and in any strain,
    partner's bids, my highest level in the strain, the opponents' highest
    level; whether partner or I made the auction's first bid, whether partner's
    first call was a pass; the aces partner's no-trumps have shown."""
    return [reading.partner_levels.get(strain, 0), max(reading.partner_levels.values(), default=0),
            len(reading.partner_strains), reading.my_levels.get(strain, 0),
            reading.their_level, float(reading.opener == "partner"), float(reading.opener == "me"),
            float(reading.partner_first == "P"), reading.partner_aces]


def features(ranks, hand, sure, reading, strain: str, nt: str,
             hand_part: Optional[List[float]] = None,
             auction_part: Optional[Sequence[float]] = None) -> List[float]:
    """The model's inputs for ``strain`` (``FEATURE_NAMES``), with the bias first;
    ``hand_part``: ``hand_features``'s answer for this hand and strain, and
    ``auction_part``: ``auction_alone``'s for this reading and strain, if the
    caller has kept them."""
    if hand_part is None:
        hand_part = hand_features(ranks, hand, sure, strain, nt)
    if auction_part is None:
        auction_part = auction_alone(reading, strain)
    # Last: whether partner's shown aces and mine make all four.
    return [1.0, *hand_part, *auction_part, float(reading.partner_aces + hand["aces"] >= 4)]


class TrickModel:
    """Weights a (kind of strain, context): ``estimate`` is their dot product with
    ``features``; ``spread`` the fit's residual standard deviation there;
    ``shares[context]``: the mean share of the honours of the strain and of the
    aces that the player does not hold which partner holds (for ``LevelChooser``)."""

    def __init__(self, weights: Dict[str, List[float]], spread: Dict[str, float],
                 shares: Optional[Dict[str, List[float]]] = None, about: str = ""):
        self.weights = weights
        self.spread = spread
        self.shares = shares or {c: [1 / 3, 1 / 3] for c in CONTEXTS}
        self.about = about

    @classmethod
    def load(cls, path: Path = MODEL_FILE) -> "TrickModel":
        data = json.loads(path.read_text(encoding="utf-8"))
        return cls(data["weights"], data["spread"], data.get("shares"), data.get("about", ""))

    def save(self, path: Path = MODEL_FILE) -> None:
        path.write_text(json.dumps({"about": self.about, "features": FEATURE_NAMES,
                                    "weights": self.weights, "spread": self.spread,
                                    "shares": self.shares}, indent=1)
                        + "\n", encoding="utf-8")

    @staticmethod
    def key(strain: str, nt: str, where: str) -> str:
        return f"{'nt' if strain == nt else 'suit'} {where}"

    def estimate(self, x: Sequence[float], strain: str, nt: str, where: str) -> float:
        """The estimated tricks (a float, not clamped) for inputs ``x``."""
        w = self.weights[self.key(strain, nt, where)]
        return sum(map(mul, w, x))


@lru_cache(maxsize=1)
def model() -> Optional[TrickModel]:
    """The package's trick model (None if its file is missing)."""
    if not MODEL_FILE.exists():
        return None
    return TrickModel.load()


# --------------------------------------------------------------------------
# How high: the level whose expected score is best

#: Vint 1886's trump honours and aces (advisor.rules.vint): points a trick value.
_HONOURS = {3: 20, 4: 30, 5: 40}
_ACE = 10


def _binomial(n: int, p: float) -> List[float]:
    """P(k of n), k = 0..n."""
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


class LevelChooser:
    """The level of a contract whose expected net score is best, for one game.

    The partnership's tricks are taken as normal around the model's estimate
    with the model's spread (rounded to 0..13); each level's score for each
    number of tricks is the game's own (``rules.score`` without a deal: tricks,
    slams, undertricks). In Vint 1886 the trump honours and aces, which the
    holding side scores at the contract's trick value whatever the tricks,
    are added by their expected worth: the player's own and partner's share
    of the rest (``TrickModel.shares``). Other games' honours are left out.
    """

    def __init__(self, rules, strains: Sequence[str]):
        self.rules = rules
        self.honours = rules.honours_score_trick_value
        self.scores = {s: [[rules.score(None, f"{level}{s}", "N", t).net("NS") for t in range(14)]
                           for level in range(1, 8)] for s in strains}
        self.values = {s: [rules.trick_value(f"{level}{s}") if self.honours else 0
                           for level in range(1, 8)] for s in strains}

    def expected(self, strain: str, estimate: float, spread: float, honours: int, aces: int,
                 shares: Sequence[float], trumps: bool) -> List[float]:
        """The expected score of levels 1..7 in ``strain``: ``honours`` and
        ``aces`` are the player's own (``trumps``: the strain has trumps)."""
        sigma = max(spread, 0.3)
        weights = [exp(-0.5 * ((t - estimate) / sigma) ** 2) for t in range(14)]
        total = sum(weights)
        p = [w / total for w in weights]
        worth = 0.0                     # honours and aces, in trick values
        if self.honours:
            fixed, split = self._worth(honours, aces, shares[0], shares[1], trumps)
            made7 = sum(p[7:])          # two aces each: the side with more tricks
            worth = fixed + split * (made7 - (1 - made7))
        return [sum(map(mul, p, row)) + worth * value
                for row, value in zip(self.scores[strain], self.values[strain])]

    @staticmethod
    @lru_cache(maxsize=4096)
    def _worth(honours: int, aces: int, share_honours: float, share_aces: float,
               trumps: bool) -> Tuple[float, float]:
        """The honours' and aces' expected worth in trick values, as ``fixed +
        split * (P(seven or more tricks) - P(fewer))``: the ``split`` part is
        the aces shared two each, which go to the side with more tricks. It
        depends on the hand's counts and partner's shares only, so it is kept."""
        fixed = split = 0.0
        if trumps:
            for k, q in enumerate(_binomial(5 - honours, share_honours)):
                n = honours + k
                fixed += q * (_HONOURS.get(n, 0) - _HONOURS.get(5 - n, 0))
        for k, q in enumerate(_binomial(4 - aces, share_aces)):
            n = aces + k
            if n == 2:
                split += q * 2 * _ACE
            else:
                fixed += q * _ACE * (n if n > 2 else -(4 - n))
        return fixed, split


@lru_cache(maxsize=None)
def level_chooser(rules_name: str) -> LevelChooser:
    """One ``LevelChooser`` a game (its score tables are worked out once)."""
    rules = rule_set(rules_name)
    return LevelChooser(rules, [s for s in rules.strain_order if s in ("S", "H", "D", "C", "NT", "G")])
