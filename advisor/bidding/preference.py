"""Auction advice for Preference (seed 001), the three-hand game.

As the Vint advisor does, it samples what the player cannot see: the 22
cards outside his hand are dealt at random, ten to each other player and two
to the widow (the 3-widow-4-3 deal order puts no constraint on a random
shuffle), and each call is valued by the double-dummy result of the play it
leads to, averaged over the samples, with its standard error.

- **First round** (name a trump or pass): naming suit T is worth what
  playing T as declarer pays him (``Preference.score``: paid from the pool
  for six tricks or more, paying into it for each trick short), on the
  sampled deal as dealt; passing is worth 0 (he neither pays nor is paid).
  **Reading:** a player after him who names a higher suit would take the
  contract away; the advice does not model those later calls.
- **Widow round** (bid counters for the widow): taking the widow is worth,
  on each sample, what playing the trump he would name pays, after he adds
  the widow and lays off two cards, minus the counters bid. He names it
  seeing his twelve cards only (``widow_trump``: the longest suit, then the
  one with most of A K Q J, then the higher cards), not the other hands:
  taking on each sample the best of the four trumps with every hand seen
  valued the widow too high (it advised taking a widow on a board that lost
  5 counters). **Reading:** the lay-off is a simple rule, not the best of
  66: the two lowest cards outside the trump suit, from the shortest side
  suit first (``lay_off``). The advice outbids the last bid by one counter
  while that leaves a positive expected gain (and says how far it is worth
  going), else passes.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence

from solver.general import PIQUET

from ..rules.preference import (NEEDED, PLAYERS, PREFERENCE_SUITS, TRICKS, WIDOW_BID,
                                Preference, PreferenceDeal, PreferenceError, read_cards)

__all__ = ["PreferenceAdvice", "advise_preference", "lay_off", "widow_trump"]

#: Samples a call's value is averaged over by default.
DEFAULT_SAMPLES = 40
MAX_SAMPLES = 2000


@dataclass
class PreferenceAdvice:
    """The advised ``call``, ``reason``, each candidate's mean value and its
    standard error (``values``, ``errors``: pool units for the player), the
    number of ``samples``."""

    call: str
    reason: str
    values: Dict[str, float] = field(default_factory=dict)
    errors: Dict[str, float] = field(default_factory=dict)
    samples: int = 0
    player: int = 0
    round: str = "trump"
    #: The widow round: the widow's mean worth to the player before the
    #: counters bid (its standard error is ``errors`` of the bid, if any).
    widow_worth: Optional[float] = None

    def to_dict(self) -> dict:
        return {"rules": "preference", "player": self.player, "round": self.round,
                "call": self.call, "reason": self.reason, "samples": self.samples,
                "candidates": [{"call": c, "value": round(v, 3),
                                "se": round(self.errors[c], 3)} for c, v in self.values.items()]}


def lay_off(hand: Sequence, trump: str) -> List:
    """The two cards a widow taker lays off (``advise_preference``'s rule):
    the lowest cards outside ``trump``, from the shortest side suit first."""
    side = [c for c in hand if "SHDC"[c.suit] != trump]
    if len(side) < 2:
        side = list(hand)
    count = {s: sum(1 for c in side if c.suit == s) for s in {c.suit for c in side}}
    side.sort(key=lambda c: (count[c.suit], PIQUET.place[c][1]))
    return side[:2]


def widow_trump(cards: Sequence) -> str:
    """The trump a widow taker names from his twelve ``cards`` (hand and widow):
    the longest suit, then the one holding most of A K Q J, then the one with
    the higher cards (``PIQUET`` ranks, 7 low)."""
    def key(suit: str):
        ranks = sorted((PIQUET.place[c][1] for c in cards if "SHDC"[c.suit] == suit), reverse=True)
        return len(ranks), sum(1 for r in ranks if r >= 4), ranks
    return max(PREFERENCE_SUITS, key=key)


def _mean_se(xs: List[float]):
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def _whose_turn(dealer: int, auction: List[str]) -> int:
    return ((dealer + 1) + len(auction)) % PLAYERS


def advise_preference(hand, player: int, dealer: int, auction: Sequence[str] = (), *,
                      samples: int = DEFAULT_SAMPLES, seed: Optional[int] = 0,
                      unit: int = 1) -> PreferenceAdvice:
    """The call for ``player`` (0, 1, 2) holding ``hand`` (ten cards, S.H.D.C
    or "SA H7 ..."), the calls so far ``auction`` from the dealer's left."""
    if isinstance(samples, bool) or not isinstance(samples, int) or not 2 <= samples <= MAX_SAMPLES:
        raise PreferenceError(f"samples must be a whole number from 2 to {MAX_SAMPLES}, "
                              f"not {samples!r}")
    for name, value in (("player", player), ("dealer", dealer)):
        if isinstance(value, bool) or value not in range(PLAYERS):
            raise PreferenceError(f"the {name} is 0, 1 or 2, not {value!r}")
    cards = read_cards(hand, "your hand") if isinstance(hand, str) else list(hand)
    if len(cards) != TRICKS or len(set(cards)) != TRICKS:
        raise PreferenceError(f"a Preference hand holds {TRICKS} different cards, not {len(cards)}")
    calls = [str(c).strip().upper() for c in auction]
    game = Preference(unit)
    trump, _, _ = game.auction_result(calls, dealer)      # checks the calls so far
    if (trump is not None and len(calls) >= PLAYERS) or len(calls) >= 2 * PLAYERS:
        raise PreferenceError("the auction is over: nothing to call")
    if _whose_turn(dealer, calls) != player:
        raise PreferenceError(f"it is player {_whose_turn(dealer, calls)}'s turn, not "
                              f"player {player}'s")
    unseen = [c for c in PIQUET.deck if c not in set(cards)]
    rng = random.Random(seed)
    deals = []
    for _ in range(samples):
        rng.shuffle(unseen)
        hands = [None] * PLAYERS
        hands[player] = tuple(cards)
        others = [p for p in range(PLAYERS) if p != player]
        hands[others[0]], hands[others[1]] = tuple(unseen[:10]), tuple(unseen[10:20])
        deals.append(PreferenceDeal(tuple(hands), tuple(unseen[20:22])))

    def net(deal, suit):
        tricks = game.dd_tricks(deal, player, suit)
        s = game.score(player, suit, tricks)
        return s.from_pool.get(player, 0) - s.into_pool.get(player, 0)

    if len(calls) < PLAYERS:                               # first round: name a trump
        named = [c for c in calls if c in PREFERENCE_SUITS]
        low = PREFERENCE_SUITS.index(named[-1]) + 1 if named else 0
        values, errors = {"P": 0.0}, {"P": 0.0}
        for suit in PREFERENCE_SUITS[low:]:
            values[suit], errors[suit] = _mean_se([net(d, suit) for d in deals])
        call = max(values, key=lambda c: (values[c], c == "P"))
        reason = ("no suit pays on average: pass" if call == "P" else
                  f"naming {call} pays {values[call]:+.2f} on average (SE {errors[call]:.2f}) "
                  f"over {samples} samples, double-dummy, {NEEDED} tricks needed")
        return PreferenceAdvice(call, reason, values, errors, samples, player, "trump")

    # Second round: counters for the widow.
    top = max([int(c[1:]) for c in calls[PLAYERS:] if c.startswith(WIDOW_BID)] or [0])
    gains = []
    for d in deals:
        twelve = list(d.hands[player]) + list(d.widow)
        suit = widow_trump(twelve)
        gains.append(net(d.take_widow(player, lay_off(twelve, suit)), suit))
    gain, se = _mean_se(gains)
    values, errors = {"P": 0.0}, {"P": 0.0}
    most = math.floor(gain - 1e-9) if gain > 0 else 0
    if most > top:
        bid = f"{WIDOW_BID}{top + 1}"
        values[bid], errors[bid] = gain - (top + 1), se
        reason = (f"the widow is worth {gain:+.2f} on average (SE {se:.2f}) over {samples} "
                  f"samples: bid {top + 1} (worth bidding up to {most} counters)")
        return PreferenceAdvice(bid, reason, values, errors, samples, player, "widow", gain)
    reason = (f"the widow is worth {gain:+.2f} on average (SE {se:.2f}), not more than "
              f"{top + 1} counters: pass")
    return PreferenceAdvice("P", reason, values, errors, samples, player, "widow", gain)
