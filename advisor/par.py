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

from solver.cards import SEATS, Deal, Seat

from .game import first_side, playable_contracts, rule_set
from .rules.base import RuleSet, other_side
from .valuation import ContractOutcome, ParError, Valuer, courts_outcomes, full_deal

__all__ = ["Par", "ParBid", "ParError", "find_par", "par_from_table", "par_from_outcomes",
           "par_with_courts", "par_of", "AuctionGame", "Line", "best_for_side", "side_outcome"]

SIDES = ("NS", "EW")
_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven",
                 "eight", "nine", "ten", "eleven", "twelve", "thirteen")


# --------------------------------------------------------------------------
# Which declarer a side plays from

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
            return f"no contract, 0. {self.explanation}"
        if self.declarer is None:
            return f"{self.contract} (all pass), NS {self.score:+,d}. {self.explanation}"
        return f"{self.contract} by {self.declarer}, NS {self.score:+,d}. {self.explanation}"


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
    return par_of(Valuer(rs, deal, dealer=dealer, table=table))


def par_of(valuer: Valuer) -> Par:
    """Par of the contracts a DD table plays, valued by ``valuer``."""
    outcomes = valuer.outcomes(playable_contracts(valuer.rules))
    return par_from_outcomes(outcomes, valuer.rules, valuer.dealer)


def par_from_outcomes(outcomes, rules: RuleSet, dealer="N",
                      all_pass: Optional[ContractOutcome] = None) -> Par:
    """Par from ``contract_outcomes(...)`` (the analysis computes those once),
    with misère rows too (``advisor.valuation.misere``). ``all_pass``: the deal played
    when all four pass (Skruuvi's all-pass misère), instead of a throw-in."""
    auction, result = _solve_par(outcomes, rules, dealer, all_pass)
    line = tuple(bid for bid, _ in result.bids)
    if result.final is None:
        if all_pass is not None:
            # Four passes play the deal (Skruuvi's all-pass misère): never a
            # throw-in, even when it scores 0 (issue 31).
            return Par(all_pass.contract, None, all_pass.tricks, all_pass.score, line,
                       f"All pass: {all_pass.contract} is played and NS take "
                       f"{_tricks_words(all_pass.tricks)}: {_ns(all_pass.score)}. No opening "
                       "does better for its side.")
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
    valuer = Valuer(rules, full_deal(deal), dealer=dealer, table=table)
    valuer.table()
    return par_of(valuer)


def par_with_courts(analysis, rows) -> Optional[Par]:
    """Semi-contract's par when the optional Courts and misère bids may be
    bid too (seed 003: "Optionally, a family of Courts bids is available";
    "the table of scores ... when Misère bids are allowed in addition to
    Court bids"): the analysis's contracts and every exactly solved row of
    ``rows`` (``valuation.courts.CourtsRow``), in the game's bid order (a
    conventional bid overcalls a Courts or misère bid of the same level and
    value). None when ``rows`` is empty (another game)."""
    if not rows:
        return None
    rs = rule_set(analysis.rules)
    extra = courts_outcomes(analysis.deal, rows, rules=rs)
    outcomes = dict(sorted({**analysis.outcomes, **extra}.items(),
                           key=lambda kv: rs.bid_rank(rs.contract(kv[0]))))
    return par_from_outcomes(outcomes, rs, analysis.dealer)


# --------------------------------------------------------------------------
# Explanations
#
# One plain sentence (or two) a player reads beside the par contract. Every
# kind of par line has its own wording, tested one by one in tests/test_par.py:
# thrown in, all pass (a deal played anyway), a misère, a make with no higher
# contract left, a make the other side could only outbid at a loss (where
# that overcall would end), a contract down that still scores, and a
# sacrifice (cheaper than the other side's contract, as cheap, or even a gain).
# Scores are written NS +1,950 (North-South's total minus East-West's); an
# amount one side loses or wins is written without a sign.

def _ns(score: int) -> str:
    """A score as NS read it: ``NS +1,810``."""
    return f"NS {score:+,d}"


def _points(amount: int) -> str:
    return f"{abs(amount):,}"


def _tricks_words(n: int) -> str:
    return f"{_NUMBER_WORDS[n]} trick{'s' if n != 1 else ''}"


_THROWN_IN_TEXT = ("Thrown in: neither side gains by opening the bidding (whatever a side "
                   "opens, best bidding after it leaves that side no better than 0).")


def _how_it_went(o: ContractOutcome, rules: RuleSet) -> str:
    """``made``, ``made with one overtrick``, ``down two``; a misère's tricks."""
    c = rules.contract(o.contract)
    if o.misere:
        allowed = 7 - c.level
        return ("made" if o.made else f"down {_NUMBER_WORDS[o.tricks - allowed]}") \
            + f", taking {_NUMBER_WORDS[o.tricks]}"
    over = o.tricks - c.tricks_needed
    if over < 0:
        return f"down {_NUMBER_WORDS[-over]}"
    return "made" + (f" with {_NUMBER_WORDS[over]} overtrick{'s' if over > 1 else ''}"
                     if over else "")


def _explain(auction: AuctionGame, result: Line, o: ContractOutcome, rules: RuleSet,
             outcomes) -> str:
    """Why the par contract: a make (and what the other side's best try would
    do), a misère, a contract down that still scores, or a sacrifice."""
    side = o.side
    them = other_side(side)
    c = rules.contract(o.contract)
    if o.misere:
        allowed = 7 - c.level
        head = (f"{side} {'make' if o.made else 'play'} {o.contract} by {o.declarer} "
                f"(misère: at most {_tricks_words(allowed)}), {_how_it_went(o, rules)}: "
                f"{_ns(o.score)}.")
        return head if o.made else head + f" {them} have nothing better."
    if o.tricks >= c.tricks_needed:
        made = f"{side} make {o.contract} by {o.declarer}"
        over = o.tricks - c.tricks_needed
        made += f" with {_NUMBER_WORDS[over]} overtrick{'s' if over > 1 else ''}" if over else ""
        text = f"{made}: {_ns(o.score)}."
        # The other side passed over the final contract: what its best try would do.
        tries = [(auction.after_bid(j, them), j) for j in auction.higher(result.final[0])]
        if not tries:
            return text + " No higher contract is left to bid."
        sign = 1 if them == "NS" else -1
        best, j = max(tries, key=lambda t: (sign * t[0].score, -t[1]))
        worse = "no better" if best.score == result.score else "worse"
        i, holder = best.final
        end = side_outcome(outcomes[auction.ladder[i]], holder)
        ending = f"{end.contract} by {end.declarer}, {_how_it_went(end, rules)}"
        if i == j and holder == them:
            return (f"{text} {them}'s best overcall, {ending}, would give "
                    f"{_ns(best.score)}: {worse} for {them}.")
        return (f"{text} If {them} bid on, their best overcall is {auction.ladder[j]}, and "
                f"the bidding would end in {ending}: {_ns(best.score)}, {worse} for {them}.")
    # Down: compare with what the other side would score if this side kept out.
    down = f"down {_NUMBER_WORDS[c.tricks_needed - o.tricks]}"
    theirs = best_for_side(outcomes, them)
    ours = o.net_for(side)
    if theirs is None or theirs.net_for(them) <= 0:
        verb = (f"still come out ahead: {_ns(o.score)}" if ours > 0
                else f"break even: {_ns(o.score)}")
        return (f"{side} play {o.contract} by {o.declarer}, {down}, and {verb}; {them} have "
                f"no contract that scores for them.")
    alone = theirs.net_for(side)           # below 0: what this side loses if it keeps out
    letting = f"letting {them} play {theirs.contract} by {theirs.declarer}"
    if ours >= 0:
        return (f"{side} bid {o.contract} by {o.declarer} to keep {them} out: even {down} it "
                f"scores {side} {_points(ours)}, where {letting} would cost {side} "
                f"{_points(alone)} ({_ns(o.score)} instead of {_ns(theirs.score)}).")
    than = "less than" if ours > alone else "no more than"
    return (f"{side} sacrifice in {o.contract} by {o.declarer}: {down} costs {side} "
            f"{_points(ours)}, {than} the {_points(alone)} {letting} would cost {side} "
            f"({_ns(o.score)} instead of {_ns(theirs.score)}).")
