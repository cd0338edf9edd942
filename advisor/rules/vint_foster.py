"""Vint as Foster's Encyclopedia of Games describes it (1897, seed 001): ``vint-foster``.

- Trick value 10 x level in every strain; both sides score all their tricks
  below the line.
- Honours: A K Q J 10 of trumps and the four aces (without trumps the aces
  only), each worth 10 x the trick value (25 x without trumps). The side with
  the majority of both scores all it holds; when one side has the majority of
  trump honours and the other of aces, they offset. Aces two-all: the side with
  more tricks has their majority.
- Coronets (one player's sequence of three or more, or three / four aces):
  500 and 500 a card more; double in the trump suit and without trumps.
- Slams: 1000 / 2000 for 12 / 13 tricks, 5000 / 10000 more when bid.
- Undertricks: 100 x trick value each, to the opponents.
- Game 500 below: 1000 for each game, 2000 more for the rubber.
"""

from __future__ import annotations

from typing import Dict

from solver.cards import Seat

from .base import DealScore, RuleSet, aces, runs, score_all_tricks, trump_honours
from .rubber import RubberSheet

SLAM_MADE = {12: 1000, 13: 2000}
SLAM_BID = {6: 5000, 7: 10000}
CORONET = 500
ACE = 14


class FosterSheet(RubberSheet):
    """Game 500 below; 1000 a game, 2000 more to the side that wins two."""

    game_points = 500
    game_bonus = 1000
    rubber_bonus = 2000
    rubber_replaces_game_bonus = False


def honour_score(honours: Dict[str, int], aces_held: Dict[str, int], won: Dict[str, int]):
    """``(side, number of honours scored)`` from trump honours and aces, or None.

    ``honours`` may be all zero (no trumps). Ties in aces go to the side with
    more tricks (docs/rules.md, "vint-foster / Honours").
    """
    if aces_held["NS"] != aces_held["EW"]:
        ace_side = max(aces_held, key=aces_held.get)
    else:
        ace_side = max(won, key=won.get)
    ace_count = aces_held[ace_side]
    if not any(honours.values()):
        return ace_side, ace_count
    honour_side = max(honours, key=honours.get)
    if honour_side == ace_side:
        return ace_side, honours[honour_side] + ace_count
    # Each side has one majority: they offset.
    diff = ace_count - honours[honour_side]
    if diff == 0:
        return None
    return (ace_side, diff) if diff > 0 else (honour_side, -diff)


class FosterVint(RuleSet):
    """Vint after R. F. Foster (1897)."""

    name = "vint-foster"
    strain_order = ("S", "C", "D", "H", "NT")
    passes_after_bid = 3
    passes_without_bid = 4
    may_overcall_self = False     # "No player can increase his own bid unless he is overbid"
    ScoreSheet = FosterSheet

    def trick_value(self, contract) -> int:
        return 10 * self.contract(contract).level

    def score(self, deal, contract, declarer, tricks, *, trick_winners=None,
              **extra) -> DealScore:
        """Score one deal (``deal=None``: honours and coronets are not scored)."""
        c, deal, result, won = self._begin(deal, contract, declarer, tricks, extra, trick_winners)
        tv, tricks = result.trick_value, result.tricks
        ours, theirs = won                # declarer's side first
        # Either side's 12 or 13 tricks score the slam, as in vint (docs/rules.md).
        score_all_tricks(result, won, SLAM_MADE)
        if c.level in SLAM_BID and tricks >= c.tricks_needed:
            result.add(ours, "above", SLAM_BID[c.level], f"slam {c} bid and made")
        short = c.tricks_needed - tricks
        if short > 0:
            result.add(theirs, "above", short * 100 * tv, f"{short} undertrick(s) at {100 * tv}")
        if deal is not None:
            self._honours(result, deal, c, tv, won)
            self._coronets(result, deal, c)
        return result

    @staticmethod
    def _honours(result: DealScore, deal, c, tv: int, won) -> None:
        if c.trumps is None:
            honours, each = {"NS": 0, "EW": 0}, 25 * tv   # "worth 25 times 20"
        else:
            honours, each = trump_honours(deal, c.trumps), 10 * tv
        scored = honour_score(honours, aces(deal), won)
        if scored:
            side, n = scored
            result.add(side, "above", n * each, f"{n} honours at {each}")

    @staticmethod
    def _coronets(result: DealScore, deal, c) -> None:
        """Sequences of 3+ in one hand, and 3 or 4 aces in one hand."""
        for seat in Seat:
            hand = deal[seat]
            for suit in range(4):
                double = c.trumps is None or suit == c.trumps
                for run in runs(hand.suit(suit)):
                    if len(run) >= 3:
                        points = CORONET * (len(run) - 2) * (2 if double else 1)
                        result.add(seat.side, "above", points,
                                   f"coronet {len(run)} in {'SHDC'[suit]} ({seat.name})")
            held = sum(1 for s in range(4) if ACE in hand.suit(s))
            if held >= 3:
                points = CORONET * (held - 2) * (2 if c.trumps is None else 1)
                result.add(seat.side, "above", points, f"coronet of {held} aces ({seat.name})")
