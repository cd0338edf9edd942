"""Vint by the 1886 Moscow rule book (seed 000): the project's default game.

Scoring, for a contract of level L in a strain:

- trick value: 4 / 6 / 8 / 10 / 12 for spades, clubs, diamonds, hearts, no
  trumps at level 1, plus 10 for each level above 1;
- below the line: both sides score every trick they win at the trick value,
  whether the contract is made or not;
- above the line: 500 for winning 12 tricks, 1000 for 13 (either side, see
  docs/rules.md); 3000 more for a small slam bid and made, 5000 for a grand
  slam bid and made; trump honours 20 / 30 / 40 times the trick value to the
  side holding 3 / 4 / 5 of A K Q J 10; aces 10 times the trick value each to
  the side holding more (at two each, the side with more tricks scores two);
  undertricks 500 x level each, plus 3000 / 5000 when a small / grand slam
  bid fails;
- game is 500 below the line, 500 bonus for a side's first game, 1000 for the
  game that wins the rubber (instead of 500).

Auction: bids rank spades < clubs < diamonds < hearts < no trumps; a player may
overbid himself; twelve passes after the last bid end it; eight passes with no
bid throw the deal in.
"""

from __future__ import annotations

from .base import DealScore, RuleSet, aces, score_all_tricks, trump_honours
from .rubber import RubberSheet

BASE_VALUE = {"S": 4, "C": 6, "D": 8, "H": 10, "NT": 12}
HONOUR_MULTIPLE = {3: 20, 4: 30, 5: 40}
ACE_MULTIPLE = 10
UNDERTRICK = 500
SLAM_MADE = {12: 500, 13: 1000}          # for winning the tricks, bid or not
SLAM_BID = {6: 3000, 7: 5000}            # for bidding the slam and making it
SLAM_FAILED = {6: 3000, 7: 5000}         # extra undertrick points when it fails


class VintSheet(RubberSheet):
    """Vint 1886: game 500 below; 500 for a first game, 1000 for the rubber game."""

    game_points = 500
    game_bonus = 500
    rubber_bonus = 1000
    rubber_replaces_game_bonus = True


class Vint(RuleSet):
    """Vint, 1886 rules (seed 000)."""

    name = "vint"
    strain_order = ("S", "C", "D", "H", "NT")
    passes_after_bid = 12
    passes_without_bid = 8
    may_overcall_self = True
    honours_score_trick_value = True
    ScoreSheet = VintSheet

    def trick_value(self, contract) -> int:
        c = self.contract(contract)
        return BASE_VALUE[c.strain] + 10 * (c.level - 1)

    def score(self, deal, contract, declarer, tricks, *, trick_winners=None,
              **extra) -> DealScore:
        """Score one deal of Vint.

        ``tricks``: tricks won by declarer's side. ``deal`` (a ``solver.cards.Deal``)
        is needed for honours and aces; with ``deal=None`` they are not scored.
        ``trick_winners``: optional winners of the 13 tricks in play order (seats
        or sides), kept so a score sheet can tell who reached game first.
        """
        c, deal, result, won = self._begin(deal, contract, declarer, tricks, extra, trick_winners)
        tv, tricks = result.trick_value, result.tricks
        bidders, defenders = won          # declarer's side first
        # Either side winning 12 or 13 tricks scores the slam: an interpretation,
        # docs/rules.md "vint / Slam Bonuses".
        score_all_tricks(result, won, SLAM_MADE)

        if c.level in SLAM_BID and tricks >= 6 + c.level:
            result.add(bidders, "above", SLAM_BID[c.level], f"slam {c} bid and made")

        if deal is not None:
            self._honours_and_aces(result, deal, c, tv, won)

        short = c.tricks_needed - tricks
        if short > 0:
            result.add(defenders, "above", short * c.level * UNDERTRICK,
                       f"{short} undertrick(s) at {c.level} x {UNDERTRICK}")
            result.add(defenders, "above", SLAM_FAILED.get(c.level, 0), f"slam {c} failed")
        return result

    @staticmethod
    def _honours_and_aces(result: DealScore, deal, c, tv: int, won) -> None:
        if c.trumps is not None:
            held = trump_honours(deal, c.trumps)
            for side, n in held.items():
                if n in HONOUR_MULTIPLE:
                    result.add(side, "above", HONOUR_MULTIPLE[n] * tv, f"{n} trump honours")
        held = aces(deal)
        if held["NS"] != held["EW"]:
            side = max(held, key=held.get)
        else:
            # Two aces each: the side with more tricks scores two aces.
            side = max(won, key=won.get)
        result.add(side, "above", held[side] * ACE_MULTIPLE * tv, f"{held[side]} aces")
