"""The solver's public functions: check the input, call the core, name the results.

All values are numbers of tricks. ``solve`` and ``solve_cards`` count the
tricks of the side on move from the remaining tricks (the current trick
included), as DDS's SolveBoard does.
"""

from __future__ import annotations

import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Iterable, NamedTuple, Optional

from . import _core, _stop
from .cards import HTML_SUIT_SYMBOLS, SEATS, STRAINS, Card, Deal, Seat, Strain, suit_mask
from .errors import DealError, PositionError
from .objective import TRICKS, Objective, ObjectiveError
from .play import Play, check_play, legal_cards, must_trump_problem

#: A search given ``max_nodes`` or ``max_seconds`` reached it (``lower`` and
#: ``upper``: side 0's tricks as far as it got, for the position itself).
#: ``solve`` and ``solve_scored`` return ``Bounds`` instead; ``solve_cards``,
#: which has no partial answer for each card, raises it.
OverBudget = _core.OverBudget

__all__ = ["DDTable", "Bounds", "OverBudget", "Solver", "dd_table", "dd_tables", "solve", "solve_cards",
           "analyse_play", "map_threads", "solve_scored", "solve_cards_scored", "stop_when",
           "stop_requested"]

#: ``with stop_when(check):`` the searches of this thread (and of the threads
#: ``map_threads`` starts from it) stop with ``KeyboardInterrupt`` once
#: ``check()`` is true (``solver/_stop.py``).
stop_when = _stop.stop_when
#: Is this thread's ``stop_when`` check true now (for work that waits on
#: others, e.g. another process, rather than searching itself)?
stop_requested = _stop.requested


class DDTable:
    """Double-dummy tricks for every declarer and strain of one deal.

    ``table["N", "NT"]`` is the number of tricks North-South win with North
    declaring in no-trumps (East leads). ``to_dict()`` gives
    ``{"N": {"S": 9, ...}, ...}``.
    """

    __slots__ = ("deal", "_tricks")

    def __init__(self, deal: Deal, tricks: dict):
        self.deal = deal
        self._tricks = {(Seat.parse(s), Strain.parse(t)): n for (s, t), n in tricks.items()}

    def __getitem__(self, key) -> int:
        if not isinstance(key, tuple) or len(key) != 2:
            raise KeyError("index a DDTable with (declarer, strain), e.g. table['N', 'NT']")
        return self._tricks[Seat.parse(key[0]), Strain.parse(key[1])]

    def to_dict(self) -> dict:
        """``{seat: {strain: tricks}}`` for the seats and strains solved."""
        out = {}
        for (seat, strain), n in sorted(self._tricks.items()):
            out.setdefault(seat.name, {})[strain.name] = n
        return out

    def __eq__(self, other):
        return isinstance(other, DDTable) and other._tricks == self._tricks

    def __str__(self) -> str:
        lines = ["     " + "".join(f"{s.name:>4}" for s in STRAINS)]
        for seat in SEATS:
            cells = [self._tricks.get((seat, s)) for s in STRAINS]
            lines.append(f"{seat.name:<5}" + "".join(
                f"{'-' if v is None else v:>4}" for v in cells))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"DDTable({self.deal!r}, {self.to_dict()!r})"

    def _repr_html_(self) -> str:
        """The table as HTML (declarers by row, strains by column), for notebooks."""
        strains = [s for s in STRAINS if any((seat, s) in self._tricks for seat in SEATS)]
        head = "".join(f"<th>{HTML_SUIT_SYMBOLS.get(s.name, s.name)}</th>" for s in strains)
        rows = "".join(
            f"<tr><th>{seat.name}</th>" + "".join(
                f"<td>{self._tricks.get((seat, s), '-')}</td>" for s in strains) + "</tr>"
            for seat in SEATS if any((seat, s) in self._tricks for s in strains))
        return f"<table><tr><th>declarer</th>{head}</tr>{rows}</table>"


def _as_deal(deal) -> Deal:
    return deal if isinstance(deal, Deal) else Deal.from_pbn(deal)


def _full_deal(deal) -> Deal:
    """A deal whose four hands hold the same number (1..13) of cards."""
    deal = _as_deal(deal)
    sizes = [len(deal[s]) for s in SEATS]
    if sizes == [0, 0, 0, 0]:
        raise DealError("a double-dummy table needs cards: every hand is empty")
    if len(set(sizes)) != 1:
        raise DealError("a double-dummy table needs four hands of the same size, got "
                        + ", ".join(f"{s.name} {n}" for s, n in zip(SEATS, sizes)))
    return deal


def dd_table(deal, *, strains=None, declarers=None, workers: int = 1,
             must_trump: bool = False) -> "DDTable":
    """Tricks for every declarer and strain (the declarer's left-hand opponent leads).

    ``strains`` and ``declarers`` limit the work to those (the table then
    holds only them; asking for another raises ``KeyError``). ``workers`` > 1
    spreads the strains over that many threads. ``must_trump``: the play
    rule of Siberian Vint, a player void in the suit led who holds a trump
    must play one (every solver function takes it; without trumps it changes
    nothing; docs/solver.md, "Must-trump").
    """
    return _ONCE.dd_table(deal, strains=strains, declarers=declarers, workers=workers,
                          must_trump=must_trump)


def _solve_strain(job):
    """One strain of one deal: NS tricks for each leader (runs without the GIL)."""
    masks, trump, leaders, must_trump = job
    return _core.dd_strain(masks, trump, leaders, must_trump=must_trump)


def _run(jobs, workers: int) -> list:
    """Solve strains on ``workers`` threads; one strain is the unit of work,
    so that one slow deal does not hold up a thread's whole share."""
    return map_threads(_solve_strain, jobs, workers)


def map_threads(fn, items, workers: int) -> list:
    """``[fn(item) for item in items]`` on ``workers`` threads, in order.

    Ctrl-C reaches the caller within a few milliseconds: the main thread
    gets ``KeyboardInterrupt`` while it waits, and every search still
    running in a worker is cancelled (``_core.cancel_searches``) before it
    is raised, so no thread is left solving.
    """
    items = list(items)
    if workers == 1 or len(items) <= 1:
        return [fn(item) for item in items]
    check = _stop.current()
    if check is not None:               # the caller's stop applies in its workers too
        fn = _under_stop(fn, check)
    pool = ThreadPoolExecutor(max_workers=workers)
    futures = [pool.submit(fn, item) for item in items]
    try:
        return [f.result() for f in futures]
    except KeyboardInterrupt:
        for f in futures:
            f.cancel()
        if check is not None and _stop.requested():
            pool.shutdown(wait=True)    # the same check stops every worker's search
            raise
        # The general solver's searches too (Courts), if it was ever loaded:
        # the fast core alone must import without it (tests/test_packaging.py).
        general = sys.modules.get(f"{__package__}._general")
        _core.cancel_searches()
        if general is not None:
            general.cancel_searches()
        pool.shutdown(wait=True)
        _core.clear_cancel()
        if general is not None:
            general.clear_cancel()
        raise
    finally:
        pool.shutdown(wait=True)


def _under_stop(fn, check):
    """``fn`` run inside ``stop_when(check)`` in whichever thread calls it."""
    def run(item):
        with _stop.stop_when(check):
            return fn(item)
    return run


def _table(deal, strains, declarers, rows) -> "DDTable":
    n = len(deal["N"])
    tricks = {}
    for strain, row in zip(strains, rows):
        for declarer in declarers:
            ns = row[declarer.lho]
            tricks[declarer, strain] = ns if declarer % 2 == 0 else n - ns
    return DDTable(deal, tricks)


def _listed(x):
    return [x] if isinstance(x, (str, int, Seat, Strain)) else list(x)


def _unique(items):
    out = []
    for i in items:
        if i not in out:
            out.append(i)
    return out


def dd_tables(deals: Iterable, *, workers: Optional[int] = None,
              must_trump: bool = False) -> list:
    """``dd_table`` for many deals, spread over ``workers`` threads (default: all cores).

    Each thread runs its own search with its own transposition table; the
    core releases the GIL, so threads run in parallel.
    """
    deals = [_full_deal(d) for d in deals]
    workers = _check_workers(workers if workers is not None else (os.cpu_count() or 1))
    leaders = tuple(int(d.lho) for d in SEATS)
    jobs = [(deal.masks, int(t), leaders, bool(must_trump)) for deal in deals for t in STRAINS]
    rows = _run(jobs, workers) if jobs else []
    return [_table(deal, STRAINS, SEATS, rows[5 * i:5 * i + 5]) for i, deal in enumerate(deals)]


def _check_workers(workers) -> int:
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise ValueError(f"workers must be a whole number >= 1, not {workers!r}")
    return workers


class _Position:
    """A checked position: hands, trump, the trick so far and who is on move."""

    def __init__(self, deal, trump, leader, played=(), lone=None, must_trump: bool = False):
        self.deal = _as_deal(deal)
        self.trump = Strain.parse(trump)
        self.must_trump = bool(must_trump)
        self.leader = Seat.parse(leader)
        self.lone = None if lone is None else Seat.parse(lone)
        if isinstance(played, (str, Card)):
            played = [played]
        self.played = [Card.parse(c) for c in played]
        if len(self.played) > 3:
            raise PositionError(f"a trick in progress has at most 3 cards, not {len(self.played)}")
        self.masks = list(self.deal.masks)
        seen = 0
        for i, card in enumerate(self.played):
            seat = Seat((self.leader + i) % 4)
            if seen & card.mask:
                raise PositionError(f"card {card} is played twice on the trick")
            seen |= card.mask
            for holder in SEATS:
                if self.masks[holder] & card.mask:
                    raise PositionError(
                        f"card {card} is on the trick (played by {seat.name}) "
                        f"but still in {holder.name}'s hand")
            lead_suit = self.played[0].suit
            if i > 0 and card.suit != lead_suit and self.masks[seat] & suit_mask(lead_suit):
                raise PositionError(
                    f"{seat.name} played {card} but holds {lead_suit.name} "
                    f"and must follow suit")
            if i > 0 and self.must_trump:
                problem = must_trump_problem(seat, card, self.masks[seat], lead_suit,
                                             self.trump)
                if problem is not None:
                    raise PositionError(problem)
        self.on_move = Seat((self.leader + len(self.played)) % 4)
        n = len(self.deal[self.on_move])
        if n == 0:
            raise PositionError(f"{self.on_move.name}, on move, holds no cards")
        for i in range(4):
            seat = Seat((self.leader + i) % 4)
            want = n - 1 if i < len(self.played) else n
            if len(self.deal[seat]) != want:
                raise PositionError(
                    f"the hands do not fit the trick: {seat.name} holds "
                    f"{len(self.deal[seat])} cards, expected {want} "
                    f"({self.on_move.name} on move holds {n}, "
                    f"{len(self.played)} card(s) on the trick)")
        self.remaining = n

    def side0(self, seat) -> bool:
        """Is ``seat`` on side 0 (NS, or the lone player) in the core's terms?"""
        if self.lone is None:
            return seat % 2 == 0
        return seat == self.lone

    def lone_index(self) -> int:
        return -1 if self.lone is None else int(self.lone)

    def legal_cards(self) -> list:
        return legal_cards(self.masks[self.on_move], self.played, trump=self.trump,
                           must_trump=self.must_trump)

    def for_side_on_move(self, side0_tricks: int) -> int:
        return side0_tricks if self.side0(self.on_move) else self.remaining - side0_tricks


class Bounds(NamedTuple):
    """What a search stopped by its budget had proved: the side on move wins
    at least ``lower`` and at most ``upper`` of the remaining tricks."""

    lower: int
    upper: int


def _budget(value, what: str, kind):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, kind) or not value > 0:  # NaN too
        raise PositionError(f"{what} must be a positive number, not {value!r}")
    if isinstance(value, int):
        # The core counts nodes in 64 bits: a larger budget is no budget (it
        # raised OverflowError, not a ValueError).
        value = min(value, 2 ** 63 - 1)
    return value


def solve(deal, trump, leader, *, played=(), misere: bool = False, lone=None,
          max_nodes: Optional[int] = None, max_seconds: Optional[float] = None,
          must_trump: bool = False, narrow: bool = True):
    """Tricks the side on move wins from the remaining tricks, with best play by all.

    ``played``: the cards already on the current trick, in order from
    ``leader`` (they are no longer in the hands). ``misere``: each side tries
    to win as few tricks as it can. ``lone``: that seat plays alone against
    the other three, who count as one side. ``must_trump``: a player void
    in the suit led who holds a trump must play one (Siberian Vint).

    ``max_nodes``/``max_seconds``: a budget for a position that may take
    long (a freak misère deal). When the search reaches it, ``solve``
    returns the ``Bounds(lower, upper)`` proved so far instead of a number.
    Ctrl-C stops any search within a few milliseconds (``KeyboardInterrupt``).
    ``narrow``: with a budget the tests go from both ends inwards, so that a
    stopped search has proved bounds close to the value, at about a fifth
    more nodes when it is not stopped; ``narrow=False`` keeps the usual order
    (the budget only guards against a search that runs too long; if it stops,
    its bounds may be wide).
    """
    return _ONCE.solve(deal, trump, leader, played=played, misere=misere, lone=lone,
                       max_nodes=max_nodes, max_seconds=max_seconds, must_trump=must_trump,
                       narrow=narrow)


def solve_cards(deal, trump, leader, *, played=(), misere: bool = False, lone=None,
                must_trump: bool = False, max_nodes: Optional[int] = None) -> dict:
    """Every legal card of the player on move, with the value ``solve`` gives after it.

    ``max_nodes``: a budget for the whole position (all its cards), a guard
    against a search that runs too long (the usual order of tests, as
    ``solve(..., narrow=False)``); reaching it raises ``OverBudget`` (there is
    no partial answer for every card)."""
    return _ONCE.solve_cards(deal, trump, leader, played=played, misere=misere, lone=lone,
                             must_trump=must_trump, max_nodes=max_nodes)


def analyse_play(deal, trump, leader, cards, *, misere: bool = False, lone=None,
                 must_trump: bool = False) -> list:
    """The declaring side's double-dummy tricks before any card and after each card played.

    The declaring side is the side not on lead at the start. Each number is
    the tricks it has won so far plus what it wins from there with best play.
    The cards are checked first (each in the hand on move, following suit;
    with ``must_trump`` ruffing when void in the suit led and holding a trump).
    """
    return _ONCE.analyse_play(deal, trump, leader, cards, misere=misere, lone=lone,
                              must_trump=must_trump)


class Solver:
    """The solver's functions, keeping their transposition tables between calls.

    ``Solver()`` has the methods ``dd_table``, ``solve``, ``solve_cards`` and
    ``analyse_play``, with the same arguments and answers as the functions of
    the same names; what one call learns, the next reuses. A table's entries
    are bounds that hold for every position with the same cards left, so the
    reuse is exact; it pays when the calls are related: the positions along
    a played card sequence, the strains and declarers an advisor asks for one
    deal after another, the cards of one position. One table is kept for each
    trump, misère, lone player and play rule (``must_trump``: the entries of
    one rule never answer the other); a table is cleared when it fills (about
    ``max_entries`` entries, some 100 bytes each).

    A ``Solver`` may be shared by threads: a table serves one call at a time.
    ``clear()`` frees the tables. The plain functions keep nothing.
    """

    def __init__(self, *, max_entries: int = _core.DEFAULT_MAX_ENTRIES, keep: bool = True):
        if isinstance(max_entries, bool) or not isinstance(max_entries, int) or max_entries < 1:
            raise ValueError(f"max_entries must be a whole number >= 1, not {max_entries!r}")
        self._keep = keep
        self._max_entries = max_entries
        self._tables: dict = {}
        self._guard = threading.Lock()

    def __repr__(self) -> str:
        return f"Solver({len(self._tables)} table(s) kept)"

    @property
    def entries(self) -> int:
        """Entries the kept tables hold (what this solver has learned so far)."""
        with self._guard:
            return sum(table.entries for table, _ in self._tables.values())

    def clear(self) -> None:
        """Forget everything learned (free the tables)."""
        with self._guard:
            self._tables.clear()

    @contextmanager
    def _kept_table(self, trump: int, misere: bool, lone: int, must_trump: bool = False):
        """The kept table for this trump, misère, lone player and play rule, for
        one call at a time (None when this solver keeps nothing: the core makes
        its own)."""
        if not self._keep:
            yield None
            return
        key = (trump, bool(misere), lone, bool(must_trump))
        with self._guard:
            if key not in self._tables:
                self._tables[key] = (_core.Table(trump, bool(misere), lone, self._max_entries,
                                                 bool(must_trump)),
                                     threading.Lock())
            table, busy = self._tables[key]
        with busy:
            yield table

    def dd_table(self, deal, *, strains=None, declarers=None, workers: int = 1,
                 must_trump: bool = False) -> "DDTable":
        """As ``solver.dd_table``."""
        deal = _full_deal(deal)
        workers = _check_workers(workers)
        strains = STRAINS if strains is None else _unique(
            [Strain.parse(s) for s in _listed(strains)])
        declarers = SEATS if declarers is None else _unique(
            [Seat.parse(s) for s in _listed(declarers)])
        if not strains or not declarers:
            raise ValueError("dd_table needs at least one strain and one declarer")
        leaders = tuple(int(d.lho) for d in declarers)

        def one_strain(trump: int):
            with self._kept_table(trump, False, -1, must_trump) as table:
                return _core.dd_strain(deal.masks, trump, leaders, table=table,
                                       must_trump=bool(must_trump))
        return _table(deal, strains, declarers,
                      map_threads(one_strain, [int(t) for t in strains], workers))

    def solve(self, deal, trump, leader, *, played=(), misere: bool = False, lone=None,
              max_nodes: Optional[int] = None, max_seconds: Optional[float] = None,
              must_trump: bool = False, narrow: bool = True):
        """As ``solver.solve``."""
        max_nodes = _budget(max_nodes, "max_nodes", int)
        max_seconds = _budget(max_seconds, "max_seconds", (int, float))
        pos = _Position(deal, trump, leader, played, lone, must_trump)
        try:
            with self._kept_table(int(pos.trump), misere, pos.lone_index(),
                                  pos.must_trump) as table:
                [value] = _core.solve_each_card(
                    pos.masks, int(pos.trump), int(pos.leader), [c.index for c in pos.played],
                    [], bool(misere), pos.lone_index(), max_nodes=max_nodes,
                    max_seconds=max_seconds, table=table, must_trump=pos.must_trump,
                    narrow=bool(narrow))
        except _core.OverBudget as stop:
            low, high = pos.for_side_on_move(stop.lower), pos.for_side_on_move(stop.upper)
            return Bounds(min(low, high), max(low, high))
        return pos.for_side_on_move(value)

    def solve_cards(self, deal, trump, leader, *, played=(), misere: bool = False,
                    lone=None, must_trump: bool = False,
                    max_nodes: Optional[int] = None) -> dict:
        """As ``solver.solve_cards``."""
        max_nodes = _budget(max_nodes, "max_nodes", int)
        pos = _Position(deal, trump, leader, played, lone, must_trump)
        cards = pos.legal_cards()
        # Cards next to each other among the cards in play (hands and trick), in
        # one hand, are worth the same: solve the highest of each run only.
        in_play = 0
        for m in pos.masks:
            in_play |= m
        for c in pos.played:
            in_play |= c.mask
        mine = pos.masks[pos.on_move]
        heads = {}
        for card in cards:          # high to low within each suit
            above = in_play & ~((card.mask << 1) - 1) & suit_mask(card.suit)
            next_up = above & -above
            heads[card] = heads[Card.from_index(next_up.bit_length() - 1)] \
                if next_up & mine else card
        solved = sorted(set(heads.values()))
        with self._kept_table(int(pos.trump), misere, pos.lone_index(),
                              pos.must_trump) as table:
            values = _core.solve_each_card(
                pos.masks, int(pos.trump), int(pos.leader), [c.index for c in pos.played],
                [c.index for c in solved], bool(misere), pos.lone_index(), table=table,
                must_trump=pos.must_trump, max_nodes=max_nodes, narrow=False)
        value_of = dict(zip(solved, values))
        return {card: pos.for_side_on_move(value_of[heads[card]]) for card in cards}

    def analyse_play(self, deal, trump, leader, cards, *, misere: bool = False,
                     lone=None, must_trump: bool = False) -> list:
        """As ``solver.analyse_play``."""
        pos = _Position(deal, trump, leader, (), lone, must_trump)
        cards = [Card.parse(c) for c in cards]
        # Raises PlayError on a bad card.
        check_play(pos.deal, pos.trump, pos.leader, cards, must_trump=pos.must_trump)
        with self._kept_table(int(pos.trump), misere, pos.lone_index(),
                              pos.must_trump) as table:
            side0_totals = _core.play_values(pos.masks, int(pos.trump), int(pos.leader),
                                             [c.index for c in cards], bool(misere),
                                             pos.lone_index(), table=table,
                                             must_trump=pos.must_trump)
        if not pos.side0(pos.leader):
            return side0_totals     # side 0 is the declaring side
        return [pos.remaining - v for v in side0_totals]


    def solve_scored(self, deal, trump, leader, objective: Objective, *, played=(),
                     won: int = 0, max_nodes: Optional[int] = None,
                     max_seconds: Optional[float] = None):
        """As ``solver.solve_scored``; the trick searches that bound the score
        use this solver's kept tables (plain and misère), so several objectives
        on one deal (a misère's levels, a review's cards) share their work."""
        return _scored(deal, trump, leader, objective, played, won, cards_wanted=False,
                       max_nodes=max_nodes, max_seconds=max_seconds, warm=self)

    def solve_cards_scored(self, deal, trump, leader, objective: Objective, *, played=(),
                           won: int = 0) -> dict:
        """As ``solver.solve_cards_scored``, with the kept tables (``solve_scored``)."""
        return _scored(deal, trump, leader, objective, played, won, cards_wanted=True,
                       warm=self)


#: What the plain functions run on: a solver that keeps nothing between calls.
_ONCE = Solver(keep=False)


# ---------------------------------------------------------------------------
# The search's move ordering as a cheap way to play

def search_order(deal, trump, leader, *, played=(), misere: bool = False, lone=None,
                 must_trump: bool = False) -> list:
    """The legal cards of the player on move in the order the search would try
    them, its best guess first (one card of each run of equivalent cards).

    The ordering is a cheap playing policy for both sides: no search is made.
    ``played``: the cards on the current trick, from ``leader``.
    """
    pos = _Position(deal, trump, leader, played, lone, must_trump)
    order = _core.ordered_moves(pos.masks, int(pos.trump), int(pos.leader),
                                [c.index for c in pos.played], bool(misere), pos.lone_index(),
                                must_trump=pos.must_trump)
    return [Card.from_index(i) for i in order]


def play_by_search_order(deal, trump, leader, tricks: int, *, misere: bool = False,
                         must_trump: bool = False) -> Play:
    """The ``Play`` of a deal after its first ``tricks`` tricks, every hand
    playing the card the search tries first (``search_order``): a quick
    stand-in for best play in the opening, whose ending can then be solved.
    Deterministic: the same deal and leader give the same play."""
    if isinstance(tricks, bool) or not isinstance(tricks, int) or tricks < 0:
        raise ValueError(f"tricks must be a whole number >= 0, not {tricks!r}")
    play = Play(deal, trump, leader, must_trump=must_trump)
    if tricks > play.total_tricks:
        raise PositionError(f"the deal has {play.total_tricks} tricks to play, not {tricks}")
    for _ in range(4 * tricks):
        play.play(search_order(play.remaining(), play.trump, play.trick_leader,
                               played=play.trick, misere=misere, must_trump=must_trump)[0])
    return play


# ---------------------------------------------------------------------------
# Playing for a score (an Objective) instead of for tricks

def _scored_lists(objective: Objective, first_trick: int, won: int):
    """The core's terms for ``objective``: its side 0 (NS, or the lone seat), the
    lists for side 0, side 0's tricks so far, and the sign of the answer."""
    if objective.lone:
        return (int(Seat.parse(objective.side)), list(objective.by_tricks),
                list(objective.ace_ours), list(objective.ace_theirs), won, 1)
    if objective.side == "NS":
        return (-1, list(objective.by_tricks), list(objective.ace_ours),
                list(objective.ace_theirs), won, 1)
    # EW plays for the objective: NS, side 0 in the core, plays for its negative.
    by_tricks = [-objective.by_tricks[TRICKS - t] for t in range(TRICKS + 1)]
    return (-1, by_tricks, [-v for v in objective.ace_theirs],
            [-v for v in objective.ace_ours], first_trick - won, -1)


@contextmanager
def _trick_tables(warm, trump: int, lone: int):
    """``warm``'s kept plain and misère tables for the scored search's trick
    searches, ``(None, None)`` without a keeping ``Solver`` (the core makes its own)."""
    if warm is None:
        yield None, None
        return
    with warm._kept_table(trump, False, lone) as most, \
            warm._kept_table(trump, True, lone) as fewest:
        yield most, fewest


def _scored(deal, trump, leader, objective, played, won, cards_wanted: bool, *,
            max_nodes=None, max_seconds=None, bounded=True, stats=None, warm=None):
    """``solve_scored`` and ``solve_cards_scored``; ``warm``: a ``Solver`` whose
    kept trick tables (plain and misère) the bounds' trick searches use."""
    max_nodes = _budget(max_nodes, "max_nodes", int)
    max_seconds = _budget(max_seconds, "max_seconds", (int, float))
    if not isinstance(objective, Objective):
        raise ObjectiveError(f"objective must be a solver.Objective, not {objective!r}")
    pos = _Position(deal, trump, leader, played, None)
    first_trick = TRICKS - pos.remaining          # hands hold at most 13 cards
    if isinstance(won, bool) or not isinstance(won, int) or not 0 <= won <= first_trick:
        raise ObjectiveError(f"won is the tricks the objective's side has taken so far, "
                             f"0 to {first_trick} here, not {won!r}")
    lone, by_tricks, ours, theirs, side0_won, sign = _scored_lists(objective, first_trick, won)
    cards = pos.legal_cards() if cards_wanted else []
    try:
        with _trick_tables(warm, int(pos.trump), lone) as (most, fewest):
            values = _core.scored_values(pos.masks, int(pos.trump), int(pos.leader),
                                         [c.index for c in pos.played],
                                         [c.index for c in cards], lone, side0_won,
                                         first_trick, by_tricks, ours, theirs,
                                         bounded=bounded, max_nodes=max_nodes,
                                         max_seconds=max_seconds, stats=stats, most=most,
                                         fewest=fewest)
    except _core.OverBudget as stop:
        # What the null-window tests proved, clipped to what any play can score.
        low, high = (stop.lower, stop.upper) if sign > 0 else (-stop.upper, -stop.lower)
        return Bounds(max(low, _least(objective, won, pos.remaining)),
                      min(high, _most(objective, won, pos.remaining)))
    if not cards_wanted:
        return sign * values[0]
    return {card: sign * v for card, v in zip(cards, values)}


def _least(objective: Objective, won: int, left: int) -> int:
    """The least the objective's side can score from here, whatever is played
    (aces in any of the tricks left, taken by either side)."""
    first = TRICKS - left
    ace = min(objective.ace_ours[first:] + objective.ace_theirs[first:], default=0)
    return min(objective.by_tricks[won:won + left + 1]) + 4 * min(ace, 0)


def _most(objective: Objective, won: int, left: int) -> int:
    first = TRICKS - left
    ace = max(objective.ace_ours[first:] + objective.ace_theirs[first:], default=0)
    return max(objective.by_tricks[won:won + left + 1]) + 4 * max(ace, 0)


def solve_scored(deal, trump, leader, objective: Objective, *, played=(), won: int = 0,
                 max_nodes: Optional[int] = None, max_seconds: Optional[float] = None):
    """The best score the ``objective``'s side can make from here, every player
    playing for (or against) that score instead of for tricks.

    The score is the objective's over the whole deal (``Objective.value``):
    ``won`` is the tricks its side has taken so far and the position's trick
    numbers follow from the hands (a 13-card hand is trick 1). Skruuvi's
    misère with its ace penalties is the case in point: ``RuleSet.play_objective``
    gives a contract's objective. The search is exact; the trick search's
    bounds make endings quick, but a full deal may take long (Ctrl-C stops it).

    ``max_nodes``/``max_seconds``: a budget. When the search reaches it,
    ``solve_scored`` returns the ``Bounds(lower, upper)`` on the score proved
    so far instead of a number (docs/solver.md, "Playing for a score").
    """
    return _scored(deal, trump, leader, objective, played, won, cards_wanted=False,
                   max_nodes=max_nodes, max_seconds=max_seconds)


def solve_cards_scored(deal, trump, leader, objective: Objective, *, played=(),
                       won: int = 0) -> dict:
    """Every legal card of the player on move, with the score ``solve_scored``
    gives after it (for the objective's side, whoever is on move)."""
    return _scored(deal, trump, leader, objective, played, won, cards_wanted=True)
