"""Skruuvi, Finnish Screw Whist (seed 002): ``skruuvi`` (new schedule, 2016
handbook) and ``skruuvi-old`` (the previous schedule).

Contracts are trumps (``5S``...), grand (``5G``, also ``5NT``) and misère
(``5M``) at levels 5 to 7, and the optional 4-level; ``AP`` is the all-pass
misère. Trumps and grand undertake 6 + level tricks, misère at most 7 − level.

Skruuvi has no line: every point goes in ``DealScore.above`` (``below`` stays
0), and points may be negative (a misère ace costs the side that takes it).

Misère aces are scored from ``aces_taken``: one ``(trick_number, winner)`` pair
for each ace taken, ``winner`` a seat or side. Without it the ace penalties are
not scored.

Bolshevik (one against three) has individual scores: ``score_bolshevik``.

Doubles are not calls of the first (eight-pass) auction: the text gives them a
round of their own after the extended bids (``doubling_legal_calls``,
``doubling_result``, or ``auction_result(..., extended=..., doubling=...)``,
which returns the contract as ``"6HX"`` / ``"6HXX"``; ``score`` reads those).
The Bolshevik set has its own auction (``bolshevik_legal_calls``,
``bolshevik_auction_result``) and doubling round (``bolshevik_doubling_result``).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Dict, List, Optional, Tuple

from solver.cards import Seat
from solver.objective import Objective

from .base import (PASS, SIDES, Contract, DealScore, RuleSet, RulesError,
                   check_tricks, normalise_call, parse_seat, side_or_seat)
from .skruuvi_auction import (ALL_PASS, GRAND, MISERE, BolshevikState, DoublingState,
                              ExtendedBidding, bolshevik_doubles, bolshevik_state,
                              doubling_state, first_auction_problem)

SKRUUVI_STRAINS = {"S": "S", "C": "C", "D": "D", "H": "H", "G": GRAND, "GRAND": GRAND,
                   "NT": GRAND, "N": GRAND, "M": MISERE, "MIS": MISERE, "MISERE": MISERE,
                   "MISÈRE": MISERE}

# Score tables by level: (made trumps/grand, made misère, each overtrick,
# first undertrick trumps/grand, first undertrick misère, each further undertrick).
NEW_SCHEDULE = {
    4: (10, 5, 2, 5, 5, 5),        # "consistent with the new scoring schedule"
    5: (25, 10, 2, 5, 10, 5),
    6: (35, 20, 2, 10, 15, 5),
    7: (50, 35, 0, 15, 20, 5),
}
OLD_SCHEDULE = {
    4: (16, 5, 4, 4, 4, 4),        # "should perhaps be 16 ... 5 ... 4 for each"
    5: (25, 10, 5, 5, 5, 5),
    6: (36, 20, 6, 11, 11, 6),
    7: (49, 30, 0, 17, 17, 7),
}

# Bolshevik, for each opponent of the bidder: (made, first undertrick, further ones).
BOLSHEVIK_MISERE = (20, 15, 5)
BOLSHEVIK_DICTATOR = (50, 15, 5)


def read_doubled(doubled) -> int:
    """0 undoubled, 1 doubled, 2 redoubled (also ``""``, ``"X"``, ``"XX"``, booleans)."""
    words = {"": 0, "X": 1, "XX": 2}
    if isinstance(doubled, str) and doubled.strip().upper() in words:
        return words[doubled.strip().upper()]
    if isinstance(doubled, (bool, int)) and int(doubled) in (0, 1, 2):
        return int(doubled)
    raise RulesError(f"doubled must be 0, 1 (X) or 2 (XX), not {doubled!r}")


def split_doubled(contract) -> Tuple[object, int]:
    """``"6HX"`` -> ``("6H", 1)``, ``"6HXX"`` -> ``("6H", 2)``; anything else is
    returned unchanged with 0."""
    if isinstance(contract, str):
        text = contract.strip().upper()
        for marks in ("XX", "X"):
            bare = text[:-len(marks)].strip()
            if text.endswith(marks) and bare and not bare[-1].isdigit():   # "5X" is no double
                return bare, len(marks)
    return contract, 0


def read_aces_taken(aces_taken, who=parse_seat) -> List[Tuple[int, str]]:
    """Check ``(trick_number, winner)`` pairs: tricks 1..13, at most four aces.

    ``who`` reads the winner (by default as a seat).
    """
    aces = []
    for entry in aces_taken:
        try:
            trick, winner = entry
        except (TypeError, ValueError):
            raise RulesError(f"an ace taken is (trick_number, winner), not {entry!r}") from None
        if isinstance(trick, bool) or not isinstance(trick, int) or not 1 <= trick <= 13:
            raise RulesError(f"an ace was taken in trick {trick!r}: tricks are 1 to 13")
        aces.append((trick, who(winner)))
    if len(aces) > 4:
        raise RulesError(f"there are four aces, not {len(aces)}")
    if len({t for t, _ in aces}) != len(set(aces)):
        raise RulesError("one trick cannot be won by two players")
    return aces


def _check_aces_fit(aces, won: Dict[str, int]) -> None:
    """A side cannot have taken aces in more tricks than it won."""
    for side in SIDES:
        tricks_with_aces = {t for t, s in aces if s == side}
        if len(tricks_with_aces) > won[side]:
            raise RulesError(f"{side} took aces in {len(tricks_with_aces)} tricks "
                             f"but won only {won[side]}")


class SkruuviSheet:
    """Skruuvi's running score: team points per side, Bolshevik points per player.

    ``add`` takes a ``DealScore`` (team games, all-pass misère) or a
    ``BolshevikScore``. ``totals()`` is the team score per side; ``players()`` is
    each seat's individual total: the team score of that seat's side plus the
    Bolshevik total divided by 3 and rounded up (docs/rules.md).
    """

    def __init__(self, rules=None):
        self.rules = rules
        self.deals: List = []
        self.team = {"NS": 0, "EW": 0}
        self.bolshevik = {s.name: 0 for s in Seat}

    def add(self, score) -> None:
        self.deals.append(score)
        if isinstance(score, BolshevikScore):
            for seat, points in score.players.items():
                self.bolshevik[seat] += points
        elif isinstance(score, DealScore):
            for side in SIDES:
                self.team[side] += score.total(side)
        else:
            raise RulesError(f"a Skruuvi sheet adds DealScore or BolshevikScore, not {score!r}")

    def totals(self) -> Dict[str, int]:
        return dict(self.team)

    def players_exact(self) -> Dict[str, Fraction]:
        """Each seat's total with its Bolshevik points in exact thirds."""
        return {seat: self.team[Seat[seat].side] + Fraction(points, 3)
                for seat, points in self.bolshevik.items()}

    def players(self) -> Dict[str, int]:
        """Each seat's total, the Bolshevik thirds rounded by ``bolshevik_session_rounded``
        (so the Bolshevik parts still sum to zero)."""
        rounded = bolshevik_session_rounded(self.bolshevik)
        return {seat: self.team[Seat[seat].side] + rounded[seat] for seat in self.bolshevik}


def bolshevik_rounded(points) -> int:
    """A Bolshevik total divided by 3 and "rounded up to the nearest integer".

    Interpretation (docs/rules.md, "Bolshevik"): rounded up means towards plus
    infinity, so -11 / 3 = -3⅔ becomes -3 and +4 / 3 = 1⅓ becomes 2.
    """
    return math.ceil(Fraction(points, 3))


def bolshevik_session_rounded(points: Dict[str, int]) -> Dict[str, int]:
    """Players' Bolshevik session totals divided by 3 and rounded, still summing to zero.

    Interpretation (docs/rules.md, "Bolshevik"): each third is rounded up, as
    the text says; the totals then exceed zero by a few points, and those are
    taken back one each from the players whose rounding up gained the most
    (2/3 before 1/3), ties in seat order N, E, S, W (a session's players: in
    the order given). Every result is the exact third rounded up or down, and
    the results sum to zero like the exact ones.
    """
    if sum(points.values()) != 0:
        raise RulesError(f"Bolshevik totals must sum to zero, not {sum(points.values())}")
    exact = {seat: Fraction(p, 3) for seat, p in points.items()}
    rounded = {seat: math.ceil(v) for seat, v in exact.items()}
    excess = sum(rounded.values())
    given = list(points)          # players' names (a session): ties in the order given

    def tie(seat):
        return "NESW".index(seat) if seat in ("N", "E", "S", "W") else given.index(seat)
    order = sorted(points, key=lambda seat: (-(rounded[seat] - exact[seat]), tie(seat)))
    for seat in order[:excess]:
        rounded[seat] -= 1
    return rounded


class BolshevikScore:
    """Individual scores of one Bolshevik deal: ``players`` maps seat -> points
    (they sum to zero); ``final()`` divides them by 3 as in the final totals."""

    def __init__(self, contract: str, bidder: str, tricks: int, players: Dict[str, int]):
        self.contract, self.bidder, self.tricks = contract, bidder, tricks
        self.players = players

    def final(self) -> Dict[str, Fraction]:
        return {seat: Fraction(p, 3) for seat, p in self.players.items()}

    def __repr__(self) -> str:
        return f"BolshevikScore({self.contract} by {self.bidder}: {self.players})"


class Skruuvi(RuleSet):
    """Skruuvi with the new (2016) scoring schedule.

    ``style`` is ``"kitty"`` (default) or ``"kotka"`` (no kitty): the card
    exchange (``exchange_style``) and the auction's lowest bids
    (``rules.get("skruuvi").kotka()`` gives the Kotka game).
    """

    name = "skruuvi"
    schedule = NEW_SCHEDULE
    redouble_factor = 3
    doubles_apply_to_aces = False
    strain_names = SKRUUVI_STRAINS
    bidding_system = "skruuvi"
    passes_after_bid = 8
    passes_without_bid = 4
    ScoreSheet = SkruuviSheet
    misere_strain = MISERE
    misere_aces = True
    all_pass_contract = ALL_PASS
    all_pass_scores = True
    exchange_styles = ("kitty", "kotka")
    has_bolshevik = True

    def __init__(self, style: str = "kitty"):
        if style not in self.exchange_styles:
            raise RulesError(f"unknown Skruuvi style {style!r}: use kitty or kotka")
        self.exchange_style = style
        if style == "kitty":
            self.strain_order = (MISERE, "S", "C", "D", "H", GRAND)
            self.min_bid = 1
        else:
            self.strain_order = ("S", "C", "D", "H", MISERE, GRAND)
            self.min_bid = 6

    def kotka(self) -> "Skruuvi":
        """The same rules with the no-kitty (Kotka) auction."""
        return self.with_exchange("kotka")

    def with_exchange(self, style: str) -> "Skruuvi":
        if style not in self.exchange_styles:
            return super().with_exchange(style)      # refused, naming the styles
        return type(self)(style)

    # -- contracts --------------------------------------------------------
    def contract(self, text) -> Contract:
        if str(text).strip().upper() == ALL_PASS:
            return Contract(0, ALL_PASS)
        return super().contract(text)

    def lowest_final_level(self, four_level: bool = False) -> int:
        """The lowest level a contract is played at: 5 in the Kitty game (4 in
        its optional 4-level game), 6 in Kotka, where "the bidding begins at
        the 6-level" and the extended bids only go higher (seed 002)."""
        return max(4 if four_level else 5, self.min_bid)

    def contracts(self, four_level: bool = False) -> List[str]:
        """Playable contracts: levels 5..7 (also 4 with ``four_level=True``) in the
        Kitty game, 6..7 in Kotka, and ``AP``."""
        low = self.lowest_final_level(four_level)
        return [f"{lv}{st}" for lv in range(low, 8) for st in self.strain_order] + [ALL_PASS]

    def final_contract(self, text) -> Contract:
        """A contract that can be played: level 4 to 7 (Kotka: 6 or 7), or ``AP``."""
        c = self.contract(text)
        low = self.lowest_final_level(four_level=True)
        if c.strain != ALL_PASS and c.level < low:
            raise RulesError(f"contract {c} cannot be played: " + (
                "a Kotka game's bidding begins at the 6-level" if low == 6 else
                "the final contract is at level 5 to 7 (4 in the optional 4-level game)"))
        return c

    def trick_value(self, contract) -> int:
        """Skruuvi has no trick value; this is what one more or one fewer trick is
        worth: each overtrick (0 at level 7), or 1 a trick in the all-pass misère."""
        c = self.final_contract(contract)
        if c.strain == ALL_PASS:
            return 1
        return self.schedule[c.level][2]

    # -- scoring ----------------------------------------------------------
    def score(self, deal, contract, declarer, tricks, *, doubled=0,
              aces_taken=None, **extra) -> DealScore:
        """Score one Kitty or Kotka deal, or an all-pass misère (``contract="AP"``).

        ``tricks``: tricks won by declarer's side (for ``AP``, by the side of the
        seat given as ``declarer``). ``doubled``: 0, 1 / "X", 2 / "XX"; a contract
        written ``"6HX"`` / ``"6HXX"`` (as ``auction_result`` gives it) says the same.
        ``aces_taken``: ``(trick_number, winner)`` for each ace, in misère.
        """
        contract, marked = split_doubled(contract)
        doubled = read_doubled(doubled)
        if marked and doubled and marked != doubled:
            raise RulesError(f"contract {contract}{'X' * marked} says doubled={marked}, "
                             f"but doubled={doubled} was given")
        doubled = marked or doubled
        c, _, result, won = self._begin(deal, contract, declarer, tricks, extra,
                                        read=self.final_contract)
        tricks = result.tricks
        factor = (1, 2, self.redouble_factor)[doubled]
        ours, theirs = won                # declarer's side first
        if c.strain == ALL_PASS:
            for side in SIDES:
                result.add(side, "above", -won[side] * factor, f"{won[side]} tricks in all-pass")
        else:
            self._contract_points(result, c, tricks, factor, ours, theirs)
        if c.strain in (MISERE, ALL_PASS) and aces_taken is not None:
            aces = read_aces_taken(aces_taken, side_or_seat)
            _check_aces_fit(aces, won)
            # Whichever side takes an ace pays for it; the old schedule doubles
            # the ace penalties too (docs/rules.md, "Misère aces", "Doubles").
            ace_factor = factor if self.doubles_apply_to_aces else 1
            for trick, side in aces:
                result.add(side, "above", -trick * ace_factor, f"ace taken in trick {trick}")
        return result

    def play_objective(self, deal, contract, declarer, **options) -> Objective:
        """Declarer's side's net score by tricks taken, and in misère (bid or
        all-pass) what each ace taken in play adds: ``score`` itself is asked,
        so the objective cannot drift from the scoring. For ``AP`` the
        "declarer" is any seat of the side whose score it is."""
        plain = super().play_objective(deal, contract, declarer, **options)
        c = self.final_contract(split_doubled(contract)[0])
        if c.strain not in (MISERE, ALL_PASS):
            return plain
        seat = parse_seat(declarer)
        side = seat.side

        def with_ace(trick: int, taker: Seat, tricks: int) -> int:
            return self.score(deal, contract, declarer, tricks, aces_taken=[(trick, taker.name)],
                              **options).net(side)

        # An ace in trick k taken by us (we won all 13) or by them (we won none),
        # against the same trick count without it.
        ours = [with_ace(k, seat, 13) - plain.by_tricks[13] for k in range(1, 14)]
        theirs = [with_ace(k, seat.lho, 0) - plain.by_tricks[0] for k in range(1, 14)]
        return Objective(side, plain.by_tricks, ours, theirs)

    def bolshevik_objective(self, contract, bidder, *, doubled_by=(),
                            redoubled=False) -> Objective:
        """The Bolshevik bidder's own score (``score_bolshevik``) as an objective
        for the bidder alone against the other three."""
        seat = parse_seat(bidder)

        def bidder_score(tricks: int, aces=()) -> int:
            return self.score_bolshevik(contract, seat.name, tricks, aces_taken=aces,
                                        doubled_by=doubled_by,
                                        redoubled=redoubled).players[seat.name]

        by_tricks = [bidder_score(t) for t in range(14)]
        misere = self.contract(contract).strain == MISERE
        ours = [bidder_score(13, [(k, seat.name)]) - by_tricks[13] if misere else 0
                for k in range(1, 14)]
        theirs = [bidder_score(0, [(k, seat.lho.name)]) - by_tricks[0] if misere else 0
                  for k in range(1, 14)]
        return Objective(seat.name, by_tricks, ours, theirs)

    def _contract_points(self, result, c: Contract, tricks: int, factor: int,
                         ours: str, theirs: str) -> None:
        made, made_mis, over, first_tg, first_mis, more = self.schedule[c.level]
        if c.level == 4 and factor == 1:
            # An undoubled 4-level contract is not played: scored as just made
            # (docs/rules.md, "The 4-level").
            result.add(ours, "above", made_mis if c.strain == MISERE else made, f"{c} not played")
            return
        if c.strain == MISERE:
            # Misère: at most 7 - level tricks; each trick fewer is an overtrick
            # (docs/rules.md, "Overtricks in misère").
            spare, base, first = (7 - c.level) - tricks, made_mis, first_mis
        else:
            spare, base, first = tricks - c.tricks_needed, made, first_tg
        if spare >= 0:
            result.add(ours, "above", (base + spare * over) * factor,
                       f"{c} made, {spare} overtrick(s)")
        else:
            result.add(theirs, "above", (first + (-spare - 1) * more) * factor,
                       f"{c} down {-spare}")

    # -- Bolshevik --------------------------------------------------------
    def score_bolshevik(self, contract, bidder, tricks, *, aces_taken=(),
                        doubled_by=(), redoubled=False) -> BolshevikScore:
        """One Bolshevik: ``bidder`` alone plays 7 misère (``7M``) or a dictator
        (``7S``..``7H``, ``7G``) against the other three.

        ``tricks``: tricks the bidder won. ``doubled_by``: the opponents who
        doubled; ``redoubled``: the bidder redoubled them. Each opponent scores
        the contract (made: minus, failed: plus), times 2 if he doubled, times 3
        if redoubled; misère aces cost each member of the team that took them;
        the bidder scores minus the opponents' sum.
        """
        c = self.contract(contract)
        if c.level != 7:
            raise RulesError(f"a Bolshevik is played at level 7, not {c}")
        seat = parse_seat(bidder)
        tricks = check_tricks(tricks)
        doublers = {parse_seat(s) for s in doubled_by}
        if seat in doublers:
            raise RulesError("the Bolshevik bidder cannot double himself")
        if redoubled and not doublers:
            raise RulesError("nobody doubled, so the bidder cannot redouble")
        if c.strain == MISERE:
            (made, first, more), short = BOLSHEVIK_MISERE, tricks
        else:
            (made, first, more), short = BOLSHEVIK_DICTATOR, 13 - tricks
        contract_points = -made if short == 0 else first + (short - 1) * more
        ace_points = 0
        if c.strain == MISERE:
            # Aces the team takes cost each of its members; an ace the bidder takes
            # is paid to each opponent (docs/rules.md, "Bolshevik").
            for trick, winner in read_aces_taken(aces_taken, parse_seat):
                ace_points += trick if winner == seat else -trick
        players = {}
        for opp in (s for s in Seat if s != seat):
            factor = 1 if opp not in doublers else (self.redouble_factor if redoubled else 2)
            players[opp.name] = contract_points * factor + ace_points
        players[seat.name] = -sum(players.values())
        return BolshevikScore(str(c), seat.name, tricks, dict(sorted(
            players.items(), key=lambda kv: Seat[kv[0]])))

    # -- auction: the four state machines of advisor.rules.skruuvi_auction --
    def bid_problem(self, bid: Contract, state) -> Optional[str]:
        return (first_auction_problem(bid, self.min_bid, self.exchange_style)
                or super().bid_problem(bid, state))

    def biddable(self) -> List[str]:
        return [f"{lv}{st}" for lv in range(self.min_bid, 8) for st in self.strain_order]

    def all_pass_result(self, dealer: Seat):
        # Everyone passed at the first turn: all-pass misère, dealer's left leads.
        return ALL_PASS, None, dealer.lho.name

    def read_bid(self, call: str) -> Contract:
        if call in ("X", "XX"):
            raise RulesError(self.no_doubles())
        return super().read_bid(call)

    def no_doubles(self) -> str:
        return ("in Skruuvi nobody doubles during the bidding: the defenders double after "
                "the extended bids (doubling_result, or auction_result(..., extended=..., "
                "doubling=...))")

    has_kitty_bids = True
    has_doubling_round = True

    def extended_auction_result(self, kitty_bid, kitty_bidder, calls):
        """The main players' extended bidding after the card exchange.

        They bid in turn, the kitty bidder first, each bid higher than the last;
        four passes in a row end it. The final contract must be at level 5 or
        more. Returns ``(contract, declarer, leader)``; declarer is the last bidder
        (the kitty bidder if both just passed).
        """
        return ExtendedBidding(self).result(kitty_bid, kitty_bidder, calls)

    def auction_result(self, auction, dealer, extended=None, doubling=None):
        """``(contract, declarer, leader)``.

        With the first auction only: the kitty bid, the kitty bidder and his
        left-hand opponent, or ``("AP", None, leader)`` (as before). With
        ``extended`` (the main players' extended bids) the final contract and
        its declarer; with ``doubling`` too (the doubling round's calls, see
        ``doubling_legal_calls``) the contract carries the doubles:
        ``"6HX"``, ``"6HXX"``, ``"APX"``. An all-pass misère has no extended bids.
        """
        result = super().auction_result(auction, dealer)
        contract, declarer, leader = result
        if contract == ALL_PASS:
            if extended:
                raise RulesError("an all-pass misère has no extended bids")
            if doubling is None:
                return result
            return (ALL_PASS + "X" * self.doubling_result(ALL_PASS, dealer, doubling),
                    None, leader)
        if extended is None:
            if doubling is not None:
                raise RulesError("give the extended bids (extended=...) before the doubling "
                                 "round: the final contract and declarer come from them")
            return result
        contract, declarer, leader = self.extended_auction_result(contract, declarer, extended)
        if doubling is None:
            return contract, declarer, leader
        return contract + "X" * self.doubling_result(contract, declarer, doubling), \
            declarer, leader

    # -- the doubling round ------------------------------------------------
    def doubling_state(self, contract, seat, calls=()) -> DoublingState:
        """The doubling round after ``calls`` (``seat``: declarer, or the dealer for ``AP``)."""
        return doubling_state(self.final_contract(contract), seat, calls)

    def doubling_turn(self, contract, seat, calls=()) -> Optional[str]:
        """The seat whose turn it is in the doubling round, or None when it is over."""
        queue = self.doubling_state(contract, seat, calls).queue
        return queue[0].name if queue else None

    def doubling_legal_calls(self, contract, seat, calls=()) -> List[str]:
        """``["P", "X"]`` before a double, ``["P", "XX"]`` after one, ``[]`` when over."""
        state = self.doubling_state(contract, seat, calls)
        if state.over:
            return []
        return [PASS, "XX" if state.doubled else "X"]

    def doubling_is_over(self, contract, seat, calls) -> bool:
        return self.doubling_state(contract, seat, calls).over

    def doubling_result(self, contract, seat, calls) -> int:
        """0 undoubled, 1 doubled, 2 redoubled: the ``doubled`` of ``score``."""
        state = self.doubling_state(contract, seat, calls)
        if not state.over:
            raise RulesError(f"the doubling round is not over: {state.queue[0].name} "
                             "has still to call")
        return state.doubled

    # -- Bolshevik auction -------------------------------------------------
    def bolshevik_state(self, calls, dealer, to_play=None, deals_left=None) -> BolshevikState:
        """The Bolshevik auction after ``calls`` (see ``skruuvi_auction.bolshevik_state``)."""
        return bolshevik_state(calls, dealer, to_play, deals_left)

    def bolshevik_legal_calls(self, calls, dealer, to_play=None, deals_left=None) -> List[str]:
        """The next legal calls of a Bolshevik auction (``[]`` when over)."""
        return bolshevik_state(calls, dealer, to_play, deals_left).legal_calls()

    def bolshevik_auction_result(self, calls, dealer, to_play=None, deals_left=None):
        """``("7M", bidder, stalker)``: the Bolshevik bid is 7 misère, and the
        stalker (bidder's right) leads; ``(None, None, None)`` if all passed
        (thrown in)."""
        state = bolshevik_state(calls, dealer, to_play, deals_left)
        if not state.over:
            raise RulesError(f"the Bolshevik auction is not over: {state.next.name} "
                             "has still to call")
        if state.player is None:
            return None, None, None
        return f"7{MISERE}", state.player.name, state.player.rho.name

    def bolshevik_contract(self, call=PASS) -> str:
        """The bidder's extended bid: pass plays 7 misère, or 7 of a suit or 7
        grand (Dictator)."""
        call = normalise_call(call)
        if call == PASS:
            return f"7{MISERE}"
        c = self.contract(call)
        if c.level != 7 or c.strain in (MISERE, ALL_PASS):
            raise RulesError(f"the Bolshevik bidder passes (7 misère) or raises to 7 in a "
                             f"suit or grand, not {c}")
        return str(c)

    def bolshevik_doubling_result(self, bidder, calls) -> Tuple[Tuple[str, ...], bool]:
        """``(doubled_by, redoubled)`` for ``score_bolshevik``.

        From the stalker (bidder's right) clockwise each opponent passes or
        doubles (for himself alone); then, if anyone doubled, the bidder passes
        or redoubles (all the doublers).
        """
        return bolshevik_doubles(bidder, calls)


class SkruuviOld(Skruuvi):
    """Skruuvi with the previous scoring schedule: redoubling multiplies by 4,
    and doubling also multiplies the misère ace penalties."""

    name = "skruuvi-old"
    schedule = OLD_SCHEDULE
    redouble_factor = 4
    doubles_apply_to_aces = True
