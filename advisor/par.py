"""Par without doubles: where perfect bidding by both sides ends, every card known.

Vint has no doubles, so bridge's par (built on doubled sacrifices) does not
apply. Here par is the result of this auction game, solved exactly by
backward induction:

- the side of the first caller (the dealer's, or in games where the dealer's
  left-hand player calls first, that player's) may bid any contract or pass;
  if it passes, the other side may bid or pass; both passing throws the deal
  in (score 0);
- when one side holds the contract, the other side may overcall with any
  higher contract or pass; if it passes, the holder may raise its own
  contract or pass; that pass ends the auction;
- each side plays a strain from its better seat: the one that takes more
  tricks (on a tie, the one that scores more for the side);
- the value is the rule set's ``score(...).net("NS")`` with the double-dummy
  tricks: North-South try to make it high, East-West low.

Bids only go up, so the game is finite; each position is one of
(contract held, holder, whose turn) and is solved once (memoised).

When two choices give the same score, a side prefers the one that ends the
auction sooner, then passing, then the lower bid: the line shown is the
shortest of the best lines.

``AuctionGame`` is that game, public so that the bidding advisor can play it
too (with ``raises=False``: there a bid stands unless it is outbid).

``find_par(deal)`` solves the double-dummy table first; ``find_par(deal,
table=...)`` and ``par_from_table(table)`` take a table (a ``solver.DDTable`` or a dict
``{"N": {"S": 9, "H": ...}, ...}``), so hand-made tables can be tested.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict, List, NamedTuple, Optional, Tuple

from solver import DDTable, dd_table
from solver.cards import SEATS, STRAINS, Deal, Seat
from solver.errors import VintError

from .game import declarer_tricks, first_side, playable_contracts, rule_set, strain_of
from .rules.base import RuleSet, other_side

__all__ = ["Par", "ParBid", "ParError", "find_par", "par_from_table", "par_from_outcomes",
           "AuctionGame", "Line", "ContractOutcome", "contract_outcomes", "best_for_side",
           "side_outcome", "as_table", "full_deal"]

SIDES = ("NS", "EW")
_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven",
                 "eight", "nine", "ten", "eleven", "twelve", "thirteen")


class ParError(VintError):
    """Bad input to the analysis: a table that is not a DD table, a partial deal..."""


def as_table(table, deal: Optional[Deal] = None):
    """A ``solver.DDTable`` from a DDTable or a dict ``{"N": {"S": 9, ...}, ...}``."""
    if isinstance(table, DDTable):
        return table
    if not isinstance(table, dict):
        raise ParError(f"a DD table is a solver.DDTable or a dict seat -> strain -> tricks, "
                       f"not {type(table).__name__}")
    tricks = {}
    for seat in SEATS:
        row = table.get(seat.name, table.get(seat))
        if not isinstance(row, dict):
            raise ParError(f"the DD table has no row for {seat.name}")
        for strain in STRAINS:
            n = row.get(strain.name, row.get(strain))
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 13:
                raise ParError(f"the DD table's entry {seat.name} {strain.name} must be "
                               f"0..13 tricks, not {n!r}")
            tricks[seat, strain] = n
    return DDTable(deal, tricks)


# --------------------------------------------------------------------------
# What every contract scores

class ContractOutcome(NamedTuple):
    """One contract played by one declarer: tricks and NS score (NS minus EW).

    ``misere``: the declaring side plays for few tricks (a bid misère, an
    all-pass deal; ``advisor.misere``). ``with_aces``: a misère's score counts
    its ace penalties (``advisor.misere.add_aces``): exact, or, when
    ``bounds`` is set, an estimate within the ``(lower, upper)`` NS scores the
    budgeted search proved. ``tricks`` and ``made`` stay those of
    the fewest-tricks play.
    """

    contract: str
    declarer: str
    tricks: int
    score: int
    made: bool
    misere: bool = False
    with_aces: bool = False
    bounds: Optional[Tuple[int, int]] = None

    @property
    def side(self) -> str:
        return Seat.parse(self.declarer).side

    def net_for(self, side: str) -> int:
        """The score from ``side``'s point of view (its total minus the other's)."""
        return self.score if side == "NS" else -self.score


def contract_outcomes(table, rules="vint", deal: Optional[Deal] = None
                      ) -> Dict[str, Dict[str, ContractOutcome]]:
    """``{contract: {seat: ContractOutcome}}`` for every contract par offers.

    ``deal`` is needed for honours and aces; without it they are not scored.
    """
    rs = rule_set(rules)
    table = as_table(table, deal)
    out: Dict[str, Dict[str, ContractOutcome]] = {}
    for contract in playable_contracts(rs):
        strain = strain_of(rs, contract)
        row = {}
        for seat in SEATS:
            tricks = declarer_tricks(table, rs, seat, strain)
            score = rs.score(deal, contract=contract, declarer=seat.name, tricks=tricks).net("NS")
            made = tricks >= rs.contract(contract).tricks_needed
            row[seat.name] = ContractOutcome(contract, seat.name, tricks, score, made)
        out[contract] = row
    return out


def side_outcome(row: Dict[str, ContractOutcome], side: str) -> ContractOutcome:
    """The side's better declarer for one contract: more tricks (in misère fewer),
    then a better score; a misère scored with its aces by the better score."""
    seats = [o for o in row.values() if o.side == side]
    return max(seats, key=lambda o: (0 if o.with_aces else -o.tricks if o.misere else o.tricks,
                                     o.net_for(side), -SEATS.index(Seat[o.declarer])))


def best_for_side(outcomes, side: str) -> Optional[ContractOutcome]:
    """The contract that scores most for ``side`` if the other side never bids
    (ties: the lower contract)."""
    best = None
    for row in outcomes.values():        # lowest first, so ties keep the lower one
        o = side_outcome(row, side)
        if best is None or o.net_for(side) > best.net_for(side):
            best = o
    return best


# --------------------------------------------------------------------------
# The auction game

class ParBid(NamedTuple):
    """One bid of the par line: the side, the contract, the seat that would declare it."""

    side: str
    contract: str
    declarer: str

    def __str__(self) -> str:
        return f"{self.side} {self.contract}"


@dataclass(frozen=True)
class Par:
    """The par result of a deal.

    ``contract`` is None (and ``declarer``, ``tricks`` too) when the deal is
    thrown in. ``score`` is NS total minus EW total. ``line`` lists the bids
    of the par auction, passes left out.
    """

    contract: Optional[str]
    declarer: Optional[str]
    tricks: Optional[int]
    score: int
    line: Tuple[ParBid, ...]
    explanation: str

    @property
    def side(self) -> Optional[str]:
        return None if self.declarer is None else Seat.parse(self.declarer).side

    @property
    def bids(self) -> Tuple[str, ...]:
        """The contracts bid in the par auction, in order."""
        return tuple(b.contract for b in self.line)

    def to_dict(self) -> dict:
        return {"contract": self.contract, "declarer": self.declarer, "side": self.side,
                "tricks": self.tricks, "score": self.score,
                "line": [b._asdict() for b in self.line], "explanation": self.explanation}

    def __str__(self) -> str:
        if self.contract is None:
            return f"no contract (0): {self.explanation}"
        if self.declarer is None:
            return f"{self.contract} (all pass), NS {self.score:+d}: {self.explanation}"
        return f"{self.contract} by {self.declarer}, NS {self.score:+d}: {self.explanation}"


class Line(NamedTuple):
    """Where best bidding leads from a position of the auction game.

    ``score``: NS minus EW at the end; ``bids``: the bids still to come, each
    with the position it is made from (empty when the game does not keep
    lines); ``final``: ``(contract index, side)`` of the contract played, or
    None when the deal is thrown in.
    """

    score: int
    bids: Tuple[Tuple[ParBid, tuple], ...]
    final: Optional[Tuple[int, str]]


_THROWN_IN = Line(0, (), None)


class AuctionGame:
    """The auction without doubles over a ladder of contracts, solved by memoised
    backward induction.

    ``value(i, side)``: NS score of contract ``ladder[i]`` played by ``side``;
    ``declarer(i, side)``: its declarer's seat name. ``first_side`` opens.

    ``raises=True`` is par's game: when the other side passes over a contract,
    its holder may still raise it. ``raises=False`` is the bidding advisor's:
    a bid stands unless the other side outbids it (there, with raises, every
    call being judged would be worth the same as the best raise). With
    ``keep_line=False`` the bids of the lines are not kept (faster).

    Positions: ``("open", k)``: opening turn k (0: the first side, 1: the
    other); ``("over", i, holder)``: ``holder`` has just bid contract i, the
    other side acts; ``("raise", i, holder)``: the other side passed, the
    holder acts.
    """

    def __init__(self, ladder: List[str], ranks: List[tuple], value: Callable[[int, str], int],
                 declarer: Callable[[int, str], str], first_side: str, *,
                 raises: bool = True, keep_line: bool = True, all_pass: Optional[int] = None):
        self.ladder, self.ranks = ladder, ranks
        # All four passing: thrown in (0), or a deal played anyway (Skruuvi's
        # all-pass misère): its NS score.
        self.all_pass = _THROWN_IN if all_pass is None else Line(all_pass, (), None)
        self.value, self.declarer = value, declarer
        self.first_side = first_side
        self.raises, self.keep_line = raises, keep_line
        self._memo: Dict[tuple, Line] = {}

    def higher(self, i: Optional[int]) -> List[int]:
        """The contracts that may be bid over contract i (any, when i is None)."""
        if i is None:
            return list(range(len(self.ladder)))
        return [j for j in range(len(self.ladder)) if self.ranks[j] > self.ranks[i]]

    def start(self) -> Line:
        """Best bidding from the first call."""
        return self.solve(("open", 0))

    def after_bid(self, i: int, holder: str) -> Line:
        """Best bidding after ``holder`` bids contract ``i``."""
        return self.solve(("over", i, holder))

    def solve(self, position: tuple) -> Line:
        if position not in self._memo:
            self._memo[position] = self._solve(position)
        return self._memo[position]

    def _solve(self, position: tuple) -> Line:
        kind = position[0]
        if kind == "open":
            side = self.first_side if position[1] == 0 else other_side(self.first_side)
            on_pass = self.solve(("open", 1)) if position[1] == 0 else self.all_pass
            current = None
        elif kind == "over":
            _, current, holder = position
            side = other_side(holder)
            if self.raises:
                on_pass = self.solve(("raise", current, holder))
            else:
                on_pass = Line(self.value(current, holder), (), (current, holder))
        else:
            _, current, side = position
            on_pass = Line(self.value(current, side), (), (current, side))
        options = [(on_pass, None)]
        for j in self.higher(current):
            after = self.solve(("over", j, side))
            bids = ()
            if self.keep_line:
                bids = ((ParBid(side, self.ladder[j], self.declarer(j, side)), position),) \
                    + after.bids
            options.append((Line(after.score, bids, after.final), j))
        return self._choose(side, options)

    def _choose(self, side: str, options) -> Line:
        """The side's best option. ``options``: ``(line, j)``, j None for a pass.

        Ties: the shorter auction, then a pass, then the bid the side would
        most like to play if everyone passed it, then the lower bid.
        """
        sign = 1 if side == "NS" else -1

        def key(option):
            line, j = option
            if j is None:
                return (sign * line.score, -len(line.bids), 1, 0, 0)
            return (sign * line.score, -len(line.bids), 0, sign * self.value(j, side), -j)
        return max(options, key=key)[0]


def _solve_par(outcomes, rules: RuleSet, dealer,
               all_pass: Optional[ContractOutcome] = None) -> Tuple[AuctionGame, Line]:
    ladder = sorted(outcomes, key=lambda c: rules.bid_rank(rules.contract(c)))
    ranks = [rules.bid_rank(rules.contract(c)) for c in ladder]
    chosen = {(i, side): side_outcome(outcomes[c], side)
              for i, c in enumerate(ladder) for side in SIDES}
    auction = AuctionGame(ladder, ranks, lambda i, s: chosen[i, s].score,
                          lambda i, s: chosen[i, s].declarer, first_side(rules, dealer),
                          all_pass=None if all_pass is None else all_pass.score)
    return auction, auction.start()


def par_from_table(table, *, dealer="N", rules="vint", deal: Optional[Deal] = None) -> Par:
    """Par from a DD table (``solver.DDTable`` or dict). ``deal`` scores honours
    and aces; without it they are left out."""
    rs = rule_set(rules)
    deal = full_deal(deal) if deal is not None else None
    outcomes = contract_outcomes(as_table(table, deal), rs, deal)
    return par_from_outcomes(outcomes, rs, dealer)


def par_from_outcomes(outcomes, rules: RuleSet, dealer="N",
                      all_pass: Optional[ContractOutcome] = None) -> Par:
    """Par from ``contract_outcomes(...)`` (the analysis computes those once),
    with misère rows too (``advisor.misere``). ``all_pass``: the deal played
    when all four pass (Skruuvi's all-pass misère), instead of a throw-in."""
    auction, result = _solve_par(outcomes, rules, dealer, all_pass)
    line = tuple(bid for bid, _ in result.bids)
    if result.final is None:
        if all_pass is not None and all_pass.score != 0:
            return Par(all_pass.contract, None, all_pass.tricks, all_pass.score, line,
                       f"all pass: {all_pass.contract} is played, NS take {all_pass.tricks} "
                       f"tricks ({_ns(all_pass.score)}); no opening does better for its side")
        return Par(None, None, None, 0, line, _THROWN_IN_TEXT)
    i, side = result.final
    o = side_outcome(outcomes[auction.ladder[i]], side)
    return Par(o.contract, o.declarer, o.tricks, result.score, line,
               _explain(auction, result, o, rules, outcomes))


def find_par(deal, *, dealer="N", rules="vint", table=None) -> Par:
    """The par of a deal (a ``Deal`` or PBN text) under a game's rules.

    ``table``: a precomputed DD table (``solver.DDTable`` or dict); without it
    ``solver.dd_table(deal)`` is solved.
    """
    deal = full_deal(deal)
    if table is None:
        table = dd_table(deal)
    return par_from_table(table, dealer=dealer, rules=rules, deal=deal)


def full_deal(deal) -> Deal:
    """A ``Deal`` (or PBN text) of 13 cards a hand; an ending raises ``ParError``."""
    deal = Deal.from_pbn(deal)
    short = [s.name for s in SEATS if len(deal[s]) != 13]
    if short:
        raise ParError(f"par needs the full deal, 13 cards a hand; {', '.join(short)} "
                       f"hold{'s' if len(short) == 1 else ''} fewer")
    return deal


# --------------------------------------------------------------------------
# Explanations

def _ns(score: int) -> str:
    """A score as NS read it: ``NS +1810``."""
    return f"NS {score:+d}"


_THROWN_IN_TEXT = ("thrown in: neither side gains by opening the bidding "
                   "(with best bidding after it, every opening ends no better than 0 for its side)")


def _explain(auction: AuctionGame, result: Line, o: ContractOutcome, rules: RuleSet,
             outcomes) -> str:
    """Why the par contract: a make (and the other side's best try), or a sacrifice."""
    side = o.side
    them = other_side(side)
    needed = rules.contract(o.contract).tricks_needed
    if o.misere:
        allowed = 7 - rules.contract(o.contract).level
        verb = "make" if o.made else f"go down {_NUMBER_WORDS[o.tricks - allowed]} in"
        return (f"{side} {verb} {o.contract} (misère, at most {_NUMBER_WORDS[allowed]} "
                f"trick{'s' if allowed != 1 else ''}) by {o.declarer} with {o.tricks} "
                f"({_ns(o.score)})")
    if o.tricks >= needed:
        over = o.tricks - needed
        made = f"{side} make {o.contract} by {o.declarer}"
        made += f" with {_NUMBER_WORDS[over]} overtrick{'s' if over > 1 else ''}" if over else ""
        text = f"{made} ({_ns(o.score)})"
        # The other side passed over the final contract: say what its best try would do.
        tries = [(auction.after_bid(j, them), j) for j in auction.higher(result.final[0])]
        if not tries:
            return text + "; no higher contract is left to bid"
        sign = 1 if them == "NS" else -1
        best, j = max(tries, key=lambda t: (sign * t[0].score, -t[1]))
        end = f"{auction.ladder[best.final[0]]} by {auction.declarer(*best.final)}"
        return (f"{text}; {them} gain nothing by overcalling: their best try, "
                f"{auction.ladder[j]}, would end in {end} ({_ns(best.score)})")
    # Down: compare with what the other side would score if this side kept out.
    down = f"down {_NUMBER_WORDS[needed - o.tricks]}"
    theirs = best_for_side(outcomes, them)
    if theirs is None or theirs.net_for(them) <= 0:
        return (f"{side} play {o.contract} by {o.declarer} and go {down}, "
                f"which still scores for them ({_ns(o.score)})")
    ours, alone = o.net_for(side), theirs.net_for(side)
    verb = "costs them less than" if ours > alone else "costs them no more than"
    if ours >= 0:
        verb = "still scores them more than" if ours > alone else "scores them as much as"
    return (f"{side} sacrifice in {o.contract}: {down} {verb} {them}'s {theirs.contract} "
            f"({_ns(o.score)} instead of {_ns(theirs.score)})")
