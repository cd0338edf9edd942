"""Semi-contract whist's Courts and misère bids in play (seed 003).

The DD table (``solver.dd_table``) plays the four suits ace high, so it
scores the conventional bids only. This module plays the rest:

- the misère bids ``MS MC MD MH MNT``: the normal deck with the ranks
  reversed in every suit (2 high, ace low: seed 003's misère ranking,
  docs/rules.md "Misère and Courts"), with that trump suit (or none), the
  declaring side trying to *lose* tricks: the fast solver's misère search on
  the deal with its ranks relabelled (``reversed_ranks``);
- Courts ``CT`` and the Courts combinations ``CTS CTC CTD CTH CTNT``: the
  deck organised for Courts (``solver.general.COURTS``: aces low, J Q K a
  fifth suit), trumps the Courts suit or the named suit (its pips) or none;
- misère Courts ``MCT MCTS ... MCTNT``: the misère Courts ranking
  (``solver.general.COURTS_MISERE``), the declaring side losing tricks.

``courts_and_misere(deal)`` gives every such strain's tricks for each
declarer (with the game's opening lead: declarer's right-hand opponent) and
the score of each contract. The general search is slower than the fast core:
each solve has a node budget, and a solve that reaches it reports the
tricks as ``Bounds(lower, upper)`` (scored only if the bounds settle it).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Dict, List, NamedTuple, Optional, Tuple, Union

import solver
from solver import Bounds
from solver.cards import SEATS, Card, Deal, Hand, Seat
from solver.general import COURTS as COURTS_LAYOUT
from solver.general import COURTS_MISERE, STANDARD, GeneralSolver, Layout

from ..game import rule_set
from ..rules.semi_contract import ALL_MISERES, COURTS_STRAINS, MISERE_COURTS, basic_strain
from .outcome import full_deal

__all__ = ["play_of", "reversed_ranks", "strain_tricks", "courts_and_misere", "CourtsRow", "DEFAULT_NODES",
           "CLI_NODES", "ADVICE_NODES", "fresh_tricks", "estimate", "Rough", "courts_row_dict"]
#: Nodes one general solve may search before it reports bounds (about 0.4 s):
#: the default for callers that solve many deals (the advisor, benches).
DEFAULT_NODES = 1_500_000
#: The budget ``vint analyse`` gives each solve (about 5 s at most): a user
#: analysing one deal wants exact rows; the CLI's ``--max-nodes`` changes it.
CLI_NODES = 20_000_000

#: The bidding advisor's budget for one sample's Courts or misère Courts solve
#: (``fresh_tricks``): see docs/advise.md, "Courts and misère Courts", for the
#: measurement behind it.
ADVICE_NODES = 20_000
#: A budgeted solve's table: 2**16 entries (about 4 MB) are plenty for the
#: advisor's budgets and cost little to clear, where the default 2**19 (36 MB)
#: is made for exact full-deal solves.
ADVICE_TABLE_BITS = 16

Tricks = Union[int, Bounds]


class Rough(NamedTuple):
    """What a budgeted general solve proved (the declaring side takes at least
    ``lower`` and at most ``upper`` tricks) and its best guess within them,
    ``estimate``: with trumps (``CT``, ``CTS``...) the target of the test the
    budget stopped ("can the side take this many?"), since such a test is
    slow when the value sits at its target; without trumps and in misère the
    middle of the bounds, rounded down (docs/advise.md, "Courts and misère
    Courts", gives the measurements behind the choice)."""

    lower: int
    upper: int
    estimate: int


def play_of(strain: str) -> Tuple[Layout, Optional[str], bool]:
    """``(layout, trump, misère)`` a semi-contract strain is played with.

    Trump is a suit name of the layout (``"CT"`` the Courts suit) or None.
    """
    misere = strain in ALL_MISERES
    suit = basic_strain(strain)
    trump = None if suit == "NT" else suit
    if strain in COURTS_STRAINS:
        return (COURTS_MISERE if strain in MISERE_COURTS else COURTS_LAYOUT), trump, misere
    return STANDARD, trump, misere


def reversed_ranks(deal) -> Deal:
    """The deal with every card's rank reversed within its suit (the 2 becomes
    the ace, the 3 the king, ... the ace the 2): a plain misère bid played on
    the normal deck is this deal played ace high, so the fast core solves it.
    Suits (and so trumps and following suit) are unchanged."""
    deal = Deal.from_pbn(deal)
    return Deal([Hand(Card(c.suit, 16 - c.rank) for c in deal[s]) for s in SEATS])


def _fast_deal(deal, strain: str):
    """The deal the fast core plays for a normal-deck strain: a plain misère
    bid's ranks are reversed (``reversed_ranks``), the conventional strains as dealt."""
    return reversed_ranks(deal) if strain in ALL_MISERES else deal


def strain_tricks(deal, strain: str, declarer, *, rules="semi-contract",
                  max_nodes: Optional[int] = DEFAULT_NODES,
                  general: Optional[GeneralSolver] = None, guess: Optional[int] = None
                  ) -> Tricks:
    """Tricks declarer's side takes in a strain, the game's player leading.
    ``guess``: the tricks expected (another declarer's, say): a Courts-deck
    solve tests next to it first; the answer is the same with any guess."""
    deal = full_deal(deal)
    rs = rule_set(rules)
    declarer = Seat.parse(declarer)
    leader = rs.opening_leader(declarer)
    layout, trump, misere = play_of(strain)
    if layout is STANDARD:
        # The fast core plays the normal deck (a misère bid's ranks reversed);
        # it counts the side on lead.
        return 13 - solver.solve(_fast_deal(deal, strain), trump or "NT", leader, misere=misere)
    g = general if general is not None and general.layout is layout else GeneralSolver(layout)
    side = {int(declarer), int(declarer.partner)}
    return g.solve([deal[s] for s in SEATS], trump, int(leader), side=side, misere=misere,
                   max_nodes=max_nodes, guess=guess)


def fresh_tricks(deal, strain: str, declarer, max_nodes: Optional[int] = ADVICE_NODES, *,
                 rules="semi-contract", table_bits: int = ADVICE_TABLE_BITS
                 ) -> Union[int, Bounds, Rough]:
    """``strain_tricks`` on a solver of its own: the answer depends on the
    deal, strain, declarer and budget only (not on what was solved before),
    so the advisor's samples give the same tricks in any order, on any
    number of threads, with or without a cache. A Courts-deck solve stopped
    by its budget gives a ``Rough`` (bounds and an estimate), a plain misère
    one (the fast core) ``Bounds``."""
    layout, trump, misere = play_of(strain)
    if layout is STANDARD:
        # A plain misère bid: the fast core's misère search, with the budget
        # (``strain_tricks`` solves it exactly). The side on lead is declarer's
        # right-hand opponent's, so declarer's side has the other tricks.
        deal = full_deal(deal)
        leader = rule_set(rules).opening_leader(Seat.parse(declarer))
        on_lead = solver.solve(_fast_deal(deal, strain), trump or "NT", leader, misere=misere,
                               max_nodes=max_nodes)
        if isinstance(on_lead, Bounds):
            return Bounds(13 - on_lead.upper, 13 - on_lead.lower)
        return 13 - on_lead
    general = GeneralSolver(layout, table_bits=table_bits)
    found = strain_tricks(deal, strain, declarer, rules=rules, max_nodes=max_nodes,
                          general=general)
    if not isinstance(found, Bounds):
        return found
    guess = (found.lower + found.upper) // 2
    if trump is not None and not misere and general.stopped_at is not None:
        guess = min(max(general.stopped_at, found.lower), found.upper)
    return Rough(found.lower, found.upper, guess)


def estimate(tricks: Union[int, Bounds, Rough]) -> int:
    """The advisor's tricks: exact tricks, a ``Rough``'s estimate, or the middle
    of ``Bounds`` (rounded down)."""
    if isinstance(tricks, Rough):
        return tricks.estimate
    return (tricks.lower + tricks.upper) // 2 if isinstance(tricks, Bounds) else tricks


@dataclass(frozen=True)
class CourtsRow:
    """One strain: declarer's side's tricks per declarer and each side's best contract."""

    strain: str
    tricks: Dict[str, Tricks]
    #: per side: (contract, declarer, NS score) of its best-scoring contract, or None
    best: Dict[str, Optional[Tuple[str, str, int]]]
    #: general-search nodes the strain's four solves took (0 for a plain
    #: misère strain, solved by the fast core): benchmarks/bench_courts_deal.py
    nodes: int = 0


def _settled(rs, deal, contract: str, declarer: str, tricks: Tricks) -> Optional[int]:
    """NS score, or None when bounds leave the result open."""
    if isinstance(tricks, Bounds):
        made = [rs.score(deal, contract, declarer, t).net("NS")
                for t in range(tricks.lower, tricks.upper + 1)]
        return made[0] if len(set(made)) == 1 else None
    return rs.score(deal, contract, declarer, tricks).net("NS")


#: Threads ``courts_and_misere`` solves strains on: the general search runs
#: without the GIL, so two strains are solved at once on two cores.
WORKERS = 2


def courts_and_misere(deal, *, rules="semi-contract", strains=None,
                      max_nodes: Optional[int] = DEFAULT_NODES,
                      progress=None, workers: int = WORKERS) -> List[CourtsRow]:
    """Every Courts and misère strain of semi-contract whist, solved and scored.
    ``progress(done, total, label)``, when given, is called as each strain's
    declarer is started and once at the end (the CLI's progress bar); with
    more than one worker it is called from the workers' threads, one call at
    a time. ``workers``: threads solving strains at once (``solver.map_threads``:
    Ctrl-C stops them all within milliseconds); a strain's rows are the same
    on any number of them, its search and table being its own."""
    deal = full_deal(deal)
    rs = rule_set(rules)
    strains = list(strains or rs.extra_strains)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers is a number of threads, 1 or more, not {workers!r}")
    total = 4 * len(strains)
    lock = threading.Lock()
    started = 0

    def starting(label: str) -> None:
        nonlocal started
        with lock:
            if progress is not None:
                progress(started, total, label)
            started += 1

    # The costly strains (the misère Courts) first, so the threads end together.
    order = sorted(strains, key=lambda strain: strain not in MISERE_COURTS)
    solved = dict(zip(order, solver.map_threads(
        lambda strain: _strain_row(deal, rs, strain, max_nodes, starting), order, workers)))
    if progress is not None:
        progress(total, total, "done")
    return [solved[strain] for strain in strains]


#: The order a strain's declarers are solved in: each partner after the
#: other, whose value is the first guess (``strain_tricks``'s ``guess``).
SOLVING_ORDER = (Seat.N, Seat.S, Seat.E, Seat.W)


def _strain_row(deal, rs, strain: str, max_nodes, starting) -> CourtsRow:
    """One strain's tricks for the four declarers and each side's best contract
    (``starting(label)`` is told of each declarer as it is started)."""
    layout, _, _ = play_of(strain)
    # One table serves the strain's four declarers (share_sides): a side's
    # tricks are the other side's rest, in misère too.
    g = GeneralSolver(layout, share_sides=True) if layout is not STANDARD else None
    found: Dict[str, Tricks] = {}
    guess = None
    for s in SOLVING_ORDER:
        starting(f"{strain} by {s.name}")
        t = found[s.name] = strain_tricks(deal, strain, s, rules=rs, max_nodes=max_nodes,
                                          general=g, guess=guess)
        # The partner declaring (the other defender leading) mostly takes as
        # many tricks; the next side's first declarer about the rest.
        guess = None if isinstance(t, Bounds) else (t if s in (Seat.N, Seat.E) else 13 - t)
    tricks: Dict[str, Tricks] = {s.name: found[s.name] for s in SEATS}
    best: Dict[str, Optional[Tuple[str, str, int]]] = {"NS": None, "EW": None}
    for level in rs.levels:
        contract = f"{level}{strain}"
        for seat in SEATS:
            score = _settled(rs, deal, contract, seat.name, tricks[seat.name])
            if score is None:
                continue
            side = seat.side
            mine = score if side == "NS" else -score
            held = best[side]
            if held is None or mine > (held[2] if side == "NS" else -held[2]):
                best[side] = (contract, seat.name, score)
    return CourtsRow(strain, tricks, best, g.nodes if g is not None else 0)


def courts_row_dict(row: CourtsRow) -> dict:
    """JSON form of a row: tricks as a number or ``[lower, upper]``."""
    def tr(t):
        return [t.lower, t.upper] if isinstance(t, Bounds) else t

    return {"strain": row.strain, "tricks": {s: tr(t) for s, t in row.tricks.items()},
            "best": {side: None if b is None else {"contract": b[0], "declarer": b[1],
                                                   "score": b[2]}
                     for side, b in row.best.items()}}
