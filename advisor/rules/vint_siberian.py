"""Siberian Vint (seed 004, in Russian): ``vint-siberian``.

- Trick value ("леве") = the level, 1..7, in any strain; both sides score all
  their tricks below the line.
- Honours (A K Q J 10 of trumps): the level for each one a side holds.
- Aces: by level, 2..8 without trumps, 3..9 with trumps, for each ace; without
  trumps a single ace does not count.
- Coronets (one player's sequence from the ace, or three / four aces):
  5 for each card beyond two in a plain suit of a trump game, 10 in the trump
  suit or without trumps; three / four aces 5 / 10 in a trump game, 10 / 20
  without trumps.
- A card is counted in one category only: coronet first, then honour, then ace.
- Small / grand slam bid and made: 5 / 10. Undertricks: 10 x level each,
  written against declarers; a failed small / grand slam also gives the
  opponents 50 / 100.
- All pass (распасовка): played without trumps, no score but an X mark; the
  rubber's winner scores 5, 10, 5, 10... for the marks.
- Game 50 below the line: 10 for a game, 20 for the game that ends the rubber.
- A revoke (ренонс): the side that revoked gives three of its tricks to the
  opponents, pays the undertrick rate for any of the three it did not have,
  and cannot reach game in that deal (``score(..., revoke=side)``).

Every choice the text leaves open is in docs/rules.md, "vint-siberian".
"""

from __future__ import annotations

import dataclasses
from typing import Dict, List, Optional

from solver.cards import Seat

from .base import (HONOUR_RANKS, DealScore, RuleSet, other_side, parse_seat, runs,
                   score_all_tricks, side_or_seat)
from .rubber import RubberSheet

ALL_PASS = "PASS"      # the score of a распасовка
ACE = 14
SLAM_MADE = {6: 5, 7: 10}
SLAM_FAILED = {6: 50, 7: 100}
UNDERTRICK = 10
X_MARKS = (5, 10)      # first X 5, second 10, third 5...
REVOKE_TRICKS = 3      # "наказывается минусом трех взяток"


def ace_value(level: int, trumps: bool) -> int:
    """One ace: 2..8 by level without trumps, 3..9 with trumps."""
    return level + (2 if trumps else 1)


def coronet_value(length: int, doubled: bool) -> int:
    """A sequence A K Q... of ``length`` >= 3: 5 a card beyond two, 10 if doubled."""
    return (10 if doubled else 5) * (length - 2)


class SiberianSheet(RubberSheet):
    """Game 50; 10 for a game, 20 for the rubber game; X marks for all-pass deals."""

    game_points = 50
    game_bonus = 10
    rubber_bonus = 20
    rubber_replaces_game_bonus = True

    def __init__(self, rules=None):
        super().__init__(rules)
        self.marks = 0   # X marks in the current rubber

    def add(self, score: DealScore, first_to_game=None) -> List[str]:
        if score.contract == ALL_PASS:
            self.marks += 1
        if score.revoke is not None:
            score = self._revoke_limit(score)
        return super().add(score, first_to_game)

    def _revoke_limit(self, score: DealScore) -> DealScore:
        """A side that revoked cannot finish the game (or rubber) this deal:
        «более 490 в своей записи они иметь не могут». Its points below the
        line stop one short of game (docs/rules.md, "Renounce")."""
        side = score.revoke
        room = max(0, self.game_points - 1 - self.below[side])
        if score.below[side] <= room:
            return score
        below = dict(score.below)
        cut = below[side] - room
        below[side] = room
        items = score.items + [(side, "below", -cut, "revoke: no game this deal")]
        return dataclasses.replace(score, below=below, items=items)

    def _rubber_extra(self, winner: str) -> int:
        extra = sum(X_MARKS[i % 2] for i in range(self.marks))
        self.marks = 0
        return extra


class SiberianVint(RuleSet):
    """Винт (сибирский вист), seed 004."""

    name = "vint-siberian"
    strain_order = ("S", "C", "D", "H", "NT")
    passes_after_bid = 3
    passes_without_bid = 4
    ScoreSheet = SiberianSheet
    all_pass_contract = ALL_PASS
    all_pass_note = ("all pass (распасовка): no score, one X mark, worth 5 or 10 to the side "
                     "that wins the rubber")
    #: «на карту надо положить карту масти, а если масти нет, то козыря»: a
    #: player void in the suit led must trump if he can (any trump; see docs/rules.md).
    must_trump: bool = True

    def trick_value(self, contract) -> int:
        return self.contract(contract).level

    def contracts(self) -> List[str]:
        return super().contracts() + [ALL_PASS]

    def score(self, deal, contract, declarer, tricks, *, trick_winners=None,
              revoke=None, **extra) -> DealScore:
        """Score one deal; ``contract="PASS"`` is the all-pass deal (no score, one X).

        ``tricks``: declarer's side's tricks. ``deal``: for honours, aces and
        coronets (``None``: not scored). ``revoke``: the side (or a seat of the
        side) that revoked: three of its tricks go to the opponents, any of
        the three it did not take costs it the undertrick rate, and the score
        sheet keeps it from reaching game this deal.
        """
        revoke = None if revoke is None else side_or_seat(revoke)
        if str(contract).strip().upper() in (ALL_PASS, "P", "РАСПАСОВКА"):
            # Checked like any deal, then scored as nothing (the sheet marks an X).
            _, _, played, _ = self._begin(deal, "1NT", declarer, tricks, extra, trick_winners)
            return DealScore(ALL_PASS, played.declarer, played.tricks, 0)
        c, deal, result, won = self._begin(deal, contract, declarer, tricks, extra, trick_winners)
        short_of_three = self._revoke(result, won, revoke, c.level)
        tricks = result.tricks
        ours, theirs = won                # declarer's side first
        score_all_tricks(result, won)
        if short_of_three:
            result.add(revoke, "above", -short_of_three * UNDERTRICK * c.level,
                       f"revoke: {short_of_three} trick(s) short of the three owed")
        if c.level in SLAM_MADE and tricks >= c.tricks_needed:
            result.add(ours, "above", SLAM_MADE[c.level], f"slam {c} bid and made")
        short = c.tricks_needed - tricks
        if short > 0:
            # The penalty is written against declarers (docs/rules.md).
            result.add(ours, "above", -short * UNDERTRICK * c.level, f"{short} undertrick(s)")
            result.add(theirs, "above", SLAM_FAILED.get(c.level, 0), f"slam {c} defeated")
        if deal is not None:
            self._cards(result, deal, c)
        return result

    @staticmethod
    def _revoke(result: DealScore, won: Dict[str, int], revoke: Optional[str], level: int) -> int:
        """Move up to three tricks from the revoking side to the other
        (Interpretation: they then count as won, for the contract too;
        docs/rules.md, "Renounce"). Returns how many of the three it lacked."""
        if revoke is None:
            return 0
        moved = min(REVOKE_TRICKS, won[revoke])
        won[revoke] -= moved
        won[other_side(revoke)] += moved
        declarer_side = parse_seat(result.declarer).side
        result.tricks = won[declarer_side]
        result.revoke = revoke
        return REVOKE_TRICKS - moved

    @staticmethod
    def _cards(result: DealScore, deal, c) -> None:
        """Coronets, then honours, then aces; each card counts once (docs/rules.md)."""
        trumps = c.trumps
        counted = set()
        for seat in Seat:
            hand = deal[seat]
            for suit in range(4):
                seq = runs(hand.suit(suit))[0] if len(hand.suit(suit)) else []
                seq = seq if seq and seq[0] == ACE else []
                if len(seq) >= 3:
                    doubled = trumps is None or suit == trumps
                    result.add(seat.side, "above", coronet_value(len(seq), doubled),
                               f"coronet of {len(seq)} in {'SHDC'[suit]} ({seat.name})")
                    counted.update((suit, r) for r in seq)
            own_aces = [s for s in range(4) if ACE in hand.suit(s) and (s, ACE) not in counted]
            if len(own_aces) >= 3:
                points = (10 if trumps is None else 5) * (len(own_aces) - 2)
                result.add(seat.side, "above", points, f"{len(own_aces)} aces ({seat.name})")
                counted.update((s, ACE) for s in own_aces)
        if trumps is not None:
            for seat in Seat:
                n = sum(1 for r in HONOUR_RANKS if r in deal[seat].suit(trumps)
                        and (int(trumps), r) not in counted)
                result.add(seat.side, "above", n * c.level, f"{n} honours ({seat.name})")
            counted.update((int(trumps), r) for r in HONOUR_RANKS)
        aces: Dict[str, int] = {"NS": 0, "EW": 0}
        for seat in Seat:
            aces[seat.side] += sum(1 for s in range(4) if ACE in deal[seat].suit(s)
                                   and (s, ACE) not in counted)
        for side, n in aces.items():
            if trumps is None and n == 1:
                continue     # "при игре без козырей один Туз не считается"
            result.add(side, "above", n * ace_value(c.level, trumps is not None), f"{n} aces")

    # -- auction ----------------------------------------------------------
    def all_pass_result(self, dealer: Seat):
        # All pass: распасовка, played without trumps; no one declared, so the
        # player on the dealer's left leads (docs/rules.md).
        return ALL_PASS, None, dealer.lho.name

    def opening_leader(self, declarer) -> Seat:
        # "первым заходит заказавший игру": declarer leads to the first trick.
        return parse_seat(declarer)
