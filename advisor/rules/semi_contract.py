"""Siberian Semi-Contract Whist / Bridge (seed 003), the short game.

Only odd tricks (tricks after the sixth) score. Trick value: the suit's basic
value (spades 2, clubs 4, diamonds 6, hearts 8, Courts 10, no trumps 12) plus
10 times the level; a misère bid counts 8 instead of 10 a level.

Below the line three columns per side:

- A: 1 a trick for a declaring side that failed but took more than six tricks;
- B: 5 a trick for defenders who take more than six tricks;
- C: the value of a fulfilled contract (trick value x level) and 5 a trick
  for its overtricks.

Above the line: 20 + 10 x level (30 + 15 x level if declarer is vulnerable)
for each overtrick, each defenders' odd trick and each undertrick; 400 / 800 for
a little / grand slam (1000 / 2000 if declared); 10 for each trick declarer wins
from his own hand in a fulfilled contract.

Game: 5 in column A, 25 in A and B together, or 300 in all three; rubber
bonus 5000, 7500 for two games to none.
"""

from __future__ import annotations

from typing import Dict, List, Optional

from solver.cards import Seat

from .base import (SIDES, STANDARD_STRAINS, Contract, DealScore, RuleSet, RulesError,
                   check_tricks, other_side, parse_seat, parse_side)

COURTS = "CT"
MISERE_PREFIX = "M"
BASIC_VALUE = {"S": 2, "C": 4, "D": 6, "H": 8, COURTS: 10, "NT": 12}
PLAIN = ("S", "C", "D", "H", COURTS, "NT")
MISERES = tuple(MISERE_PREFIX + s for s in ("S", "C", "D", "H", "NT"))
# The Courts-suit combinations: the deck organised as for Courts, trumps the
# named suit (its pips A..10) or none (docs/rules.md, "Courts in play").
COURTS_COMBOS = tuple(COURTS + s for s in ("S", "C", "D", "H", "NT"))
# Misère Courts: "Courts-No Trumps, Courts, Courts-Hearts ..." of the second table.
MISERE_COURTS = tuple(MISERE_PREFIX + COURTS + s for s in ("S", "C", "D", "H", "", "NT"))
#: Strains played with the deck organised for Courts (the rest play the normal deck).
COURTS_STRAINS = (COURTS,) + COURTS_COMBOS + MISERE_COURTS
#: Strains whose declaring side undertakes to lose tricks.
ALL_MISERES = MISERES + MISERE_COURTS
#: Points a level adds to the basic value: "A Misère bid receives 8, rather than
#: 10, points times the number of tricks bid plus the suit value, and a Misère
#: Courts bid receives 6".
LEVEL_POINTS = {**{s: 10 for s in PLAIN + COURTS_COMBOS}, **{m: 8 for m in MISERES},
                **{m: 6 for m in MISERE_COURTS}}

SEMI_STRAINS = dict(STANDARD_STRAINS)
SEMI_STRAINS.update({"CT": COURTS, "COURTS": COURTS})
SEMI_STRAINS.update({m: m for m in MISERES + COURTS_COMBOS + MISERE_COURTS})
SEMI_STRAINS.update({"MN": "MNT", "MISERE": "MNT", "CTN": "CTNT", "MCTN": "MCTNT"})


def basic_strain(strain: str) -> str:
    """The suit (or NT, or Courts) whose basic value a strain scores: MCTH -> H."""
    for prefix in (MISERE_PREFIX + COURTS, COURTS, MISERE_PREFIX):
        if strain.startswith(prefix) and strain[len(prefix):] in BASIC_VALUE:
            return strain[len(prefix):]
        if strain == MISERE_PREFIX + COURTS:
            return COURTS
    return strain

LITTLE_SLAM, GRAND_SLAM = 400, 800
LITTLE_SLAM_DECLARED, GRAND_SLAM_DECLARED = 1000, 2000
OWN_HAND_BONUS = 10
VARIANTS = {  # game targets: column A, columns A+B, all three columns
    "short": (5, 25, 300),
    "long": (10, 50, 600),
}


def trick_bonus(level: int, vulnerable: bool) -> int:
    """Bonus points for each overtrick, undertrick or defenders' odd trick."""
    return 30 + 15 * level if vulnerable else 20 + 10 * level


class SemiContractSheet:
    """Games from three columns, rubbers with the 5000 / 7500 bonus.

    ``columns`` holds the current game's columns per side; ``games`` the winners
    of all games; ``rubbers`` the winners of finished rubbers (``None`` if a
    rubber had no winner on points). A side that has won a game of the current
    rubber is vulnerable (``vulnerable(side)``).
    """

    rubber_bonus, rubber_bonus_two_nil = 5000, 7500

    def __init__(self, rules=None):
        self.rules = rules or SemiContract()
        self.targets = VARIANTS[self.rules.variant]
        self.deals: List[DealScore] = []
        self.games: List[str] = []
        self.rubbers: List[Optional[str]] = []
        self.total = {"NS": 0, "EW": 0}
        self._new_rubber()

    def _new_rubber(self) -> None:
        self.rubber_games = {"NS": 0, "EW": 0}
        self.rubber_points = {"NS": 0, "EW": 0}
        self.fulfilled = {"NS": False, "EW": False}
        self._new_game()

    def _new_game(self) -> None:
        self.columns = {s: {"A": 0, "B": 0, "C": 0} for s in SIDES}

    def vulnerable(self, side: str) -> bool:
        """A side that has won a game of this rubber (docs/rules.md, "Vulnerability")."""
        return self.rubber_games[parse_side(side)] > 0

    def add(self, score: DealScore) -> List[str]:
        if not isinstance(score, DealScore) or score.columns is None:
            raise RulesError(f"a semi-contract sheet adds semi-contract scores, not {score!r}")
        self.deals.append(score)
        for side in SIDES:
            for col, pts in score.columns[side].items():
                self.columns[side][col] += pts
            self.rubber_points[side] += score.total(side)
            self.total[side] += score.total(side)
        for side in SIDES:
            if score.columns[side]["C"]:      # column C holds fulfilled contracts only
                self.fulfilled[side] = True
        winner = self._game_winner(score)
        return self._win_game(winner) if winner else []

    def _game_winner(self, score: DealScore) -> Optional[str]:
        a_target, ab_target, abc_target = self.targets
        below = {s: sum(self.columns[s].values()) for s in SIDES}
        a_b = {s: self.columns[s]["A"] + self.columns[s]["B"] for s in SIDES}
        if not (any(self.columns[s]["A"] >= a_target for s in SIDES)
                or any(a_b[s] >= ab_target for s in SIDES)
                or any(below[s] >= abc_target for s in SIDES)):
            return None
        # Game goes to the side with most below the line in all three columns
        # (declarer's side on a tie) — docs/rules.md, "Game".
        if below["NS"] != below["EW"]:
            return max(below, key=below.get)
        return parse_seat(score.declarer).side

    def _win_game(self, winner: str) -> List[str]:
        self.games.append(winner)
        self.rubber_games[winner] += 1
        events = [f"{winner} win game {len(self.games)}"]
        self._new_game()
        if self.rubber_games[winner] == 2:
            events.append(self._end_rubber())
        return events

    def _end_rubber(self) -> str:
        pts = self.rubber_points
        winner = max(pts, key=pts.get) if pts["NS"] != pts["EW"] else None
        self.rubbers.append(winner)
        text = "rubber drawn on points" if winner is None else f"{winner} win the rubber"
        if winner and self.fulfilled[winner]:
            two_nil = self.rubber_games[winner] == 2 and self.rubber_games[other_side(winner)] == 0
            bonus = self.rubber_bonus_two_nil if two_nil else self.rubber_bonus
            self.total[winner] += bonus
            text += f" (+{bonus})"
        elif winner:
            text += " (no bonus: never fulfilled a contract)"
        self._new_rubber()
        return text

    def totals(self) -> Dict[str, int]:
        return dict(self.total)


#: ``SemiContract.bid_rank`` by (level, strain): the same in both variants.
_RANKS: Dict[tuple, tuple] = {}


class SemiContract(RuleSet):
    """Siberian Semi-Contract Whist (seed 003), with Courts and misère bids."""

    name = "semi-contract"
    strain_names = SEMI_STRAINS
    strain_order = PLAIN + MISERES + COURTS_COMBOS + MISERE_COURTS
    passes_after_bid = 3
    passes_without_bid = 4
    may_overcall_self = True
    allows_doubles = True
    first_caller = 1          # "The eldest hand, the player to the dealer's left, bids first."
    ScoreSheet = SemiContractSheet
    extra_strains = MISERES + COURTS_STRAINS
    courts_strains = COURTS_STRAINS
    losing_strains = ALL_MISERES
    scores_declarer_hand = True

    def __init__(self, variant: str = "short"):
        if variant not in VARIANTS:
            raise RulesError(f"unknown variant {variant!r}: use {', '.join(VARIANTS)}")
        self.variant = variant

    def contracts(self) -> List[str]:
        return sorted(super().contracts(), key=lambda t: self.bid_rank(self.contract(t)))

    def trick_value(self, contract) -> int:
        c = self.contract(contract)
        return BASIC_VALUE[basic_strain(c.strain)] + LEVEL_POINTS[c.strain] * c.level

    def contract_value(self, contract) -> int:
        """What a fulfilled contract scores in column C: trick value x level."""
        c = self.contract(contract)
        return self.trick_value(c) * c.level

    def bid_rank(self, contract: Contract):
        # Majority calling: the level decides, the trick value breaks ties;
        # at equal value a conventional bid overcalls a Courts one ("A
        # conventional No Trump bid overcalls a Courts No-Trump bid for the
        # same number of tricks, and Hearts overcalls Courts-Hearts").
        # Remembered by (level, strain): the auction checks asks it for each of
        # the 161 contracts after every call (the advisor's continuations ask
        # it hundreds of thousands of times).
        key = (contract.level, contract.strain)
        rank = _RANKS.get(key)
        if rank is None:
            plain = contract.strain not in COURTS_COMBOS + MISERE_COURTS
            rank = _RANKS[key] = (contract.level, self.trick_value(contract), plain)
        return rank

    def score(self, deal, contract, declarer, tricks, *, vulnerable=False,
              tricks_by_declarer=None, **extra) -> DealScore:
        """Score one deal.

        ``tricks``: tricks won by declarer's side; in a misère contract the
        declaring side's odd tricks are the tricks it *loses* (docs/rules.md).
        ``vulnerable``: is declarer's side vulnerable. ``tricks_by_declarer``:
        tricks declarer won from his own hand (10 bonus each when the contract
        is fulfilled).
        """
        c, _, result, won = self._begin(deal, contract, declarer, tricks, extra)
        if not isinstance(vulnerable, bool):
            raise RulesError(f"vulnerable must be True or False, not {vulnerable!r}")
        ours, theirs = won                # declarer's side first
        tricks = result.tricks
        counted = 13 - tricks if c.strain in ALL_MISERES else tricks
        result.columns = {s: {"A": 0, "B": 0, "C": 0} for s in SIDES}
        bonus = trick_bonus(c.level, vulnerable)

        def below(side, column, points, why):
            result.add(side, "below", points, why)
            result.columns[side][column] += points

        extra_tricks = counted - c.tricks_needed
        if extra_tricks >= 0:
            below(ours, "C", self.contract_value(c), f"contract {c} fulfilled")
            below(ours, "C", 5 * extra_tricks, f"{extra_tricks} overtrick(s)")
            result.add(ours, "above", bonus * extra_tricks, f"{extra_tricks} overtrick(s)")
            result.add(ours, "above", self._slam(counted, c.level), "slam")
            if tricks_by_declarer is not None:
                own = check_tricks(tricks_by_declarer, tricks)
                result.add(ours, "above", OWN_HAND_BONUS * own, f"{own} tricks from declarer's hand")
        else:
            # Undertricks count down to six tricks; below that the defenders
            # score their own odd tricks instead (docs/rules.md, "The 3 NT table").
            short = c.tricks_needed - max(counted, 6)
            result.add(theirs, "above", bonus * short, f"{short} undertrick(s)")
            below(ours, "A", max(0, counted - 6), "odd tricks in a failed contract")
            odd = max(0, 7 - counted)
            below(theirs, "B", 5 * odd, f"defenders' {odd} odd trick(s)")
            result.add(theirs, "above", bonus * odd, f"defenders' {odd} odd trick(s)")
            result.add(theirs, "above", self._slam(13 - counted, 0), "slam")
            # A grand slam bid that fails with 12 tricks still took a little
            # slam, undeclared (docs/rules.md, "Slams").
            result.add(ours, "above", self._slam(counted, 0), "slam")
        return result

    @staticmethod
    def _slam(tricks: int, level: int) -> int:
        """Slam bonus for a side taking ``tricks`` after bidding ``level`` (0: none).

        A little slam bid and a grand slam made scores the larger, 1000
        (docs/rules.md, "Slams").
        """
        if tricks == 13:
            return GRAND_SLAM_DECLARED if level == 7 else (
                LITTLE_SLAM_DECLARED if level == 6 else GRAND_SLAM)
        if tricks == 12:
            return LITTLE_SLAM_DECLARED if level == 6 else LITTLE_SLAM
        return 0

    # -- auction ----------------------------------------------------------
    def declarer_of(self, state, dealer) -> Seat:
        """The first player of the contracting side to make any bid."""
        side = self.seat_of_call(dealer, state.last_bidder).side
        first = next(i for i in state.bidders if self.seat_of_call(dealer, i).side == side)
        return self.seat_of_call(dealer, first)

    def opening_leader(self, declarer) -> Seat:
        # "The player to the right of the first player in a partnership to make
        # any bid ... leads to the first trick."
        return parse_seat(declarer).rho
