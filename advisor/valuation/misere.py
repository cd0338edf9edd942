"""Misère searches: contracts where the declaring side wants few tricks.

Skruuvi bids misère (``5M``..``7M``, the declaring side undertakes at most
7 - level tricks) and plays the all-pass misère (``AP``: every trick counts
against its taker) when all four pass; Siberian Vint plays the распасовка
(``PASS``: no trumps, fewest tricks wins, no score but an X mark) when all
four pass (``RuleSet.misere_strain``, ``all_pass_contract``). A
double-dummy trick table cannot score those: it counts tricks played for,
not against.

Here each such contract's tricks come from the misère trick search
(``solver.solve(..., misere=True)``: each side takes as few tricks as it can,
exact on a full deal) from the game's own opening leader; ``Valuer`` scores
them by the rule set. The ace penalties of a Skruuvi misère depend on the
trick each ace falls in; ``solver.solve_scored`` plays for them exactly, but
a full deal takes it about a minute (docs/solver.md), far too long for the
advisor's samples, so on a full deal a misère's score counts the contract
and its tricks, not the aces (``ACES_NOTE`` says so wherever it is shown),
or, for the advisor, adds their mean worth (``ACES_MEAN``).
``scored_value`` gives the exact score with aces for a position the scored
search can finish within a budget (an ending), else proved bounds;
``add_aces`` rescores an analysis's misère rows with it (``vint analyse
--aces SECONDS``).
"""

from __future__ import annotations

import math
from typing import Dict, List, Optional

import solver
from solver.cards import SEATS, Seat

from ..game import misere_contracts, rule_set
from .outcome import ContractOutcome

__all__ = ["misere_leaders", "misere_tricks", "misere_on_lead", "scored_value", "add_aces",
           "aces_notes", "play_objective", "aces_taken", "playout_tricks", "misere_estimate",
           "aces_mean", "ACES_MEAN", "ACES_SPREAD", "ACES_NOTE", "ACES_SCORED_NOTE",
           "ACES_BOUNDS_NOTE", "ADVICE_NODES", "ANALYSIS_NODES", "GUARD_NARROWING_NODES",
           "budget_note", "ESTIMATE_ERROR", "PLAYOUT_TRICKS", "PLAYOUT_NODES"]

ACES_NOTE = ("misère scores count the contract and its double-dummy tricks (fewest-tricks "
             "play); the ace penalties are not included on a full deal (vint analyse "
             "--aces SECONDS scores them, about a minute a contract)")

ACES_SCORED_NOTE = ("misère scores include the ace penalties: each side plays for its score "
                    "with the aces (exact)")

ACES_BOUNDS_NOTE = ("misère scores include the ace penalties; where the search's budget ran "
                    "out (~ in the grid) the score is an estimate, the fewest-tricks score plus "
                    "the aces' mean worth on random deals, moved into the bounds the search "
                    "proved")

def misere_leaders(rules, dealer) -> List[Seat]:
    """The opening leaders the misère contracts and the all-pass deal need."""
    rs = rule_set(rules)
    leaders = []
    if misere_contracts(rs):
        leaders += [rs.opening_leader(seat) for seat in SEATS]
    if rs.all_pass_contract:
        leaders.append(Seat.parse(dealer).lho)
    return sorted(set(leaders))


def misere_tricks(deal, leaders, *, warm: Optional[solver.Solver] = None) -> Dict[str, int]:
    """``{leader: NS tricks}`` in no-trumps, each side taking as few tricks as it can."""
    warm = warm or solver.Solver()
    out = {}
    for leader in leaders:
        leader = Seat.parse(leader)
        on_lead = misere_on_lead(deal, leader, warm=warm)[0]
        out[leader.name] = on_lead if leader.side == "NS" else 13 - on_lead
    return out


def scored_value(deal, rules, contract, declarer, *, leader=None, played=(), won: int = 0,
                 max_seconds: Optional[float] = None, warm: Optional[solver.Solver] = None):
    """Declarer's side's exact score with the misère aces (``solver.solve_scored``
    on the rule set's ``play_objective``), or ``solver.Bounds`` when the budget
    runs out first. ``leader``: who is on lead (the opening leader by default;
    for the all-pass deal, ``declarer``); ``warm``: a ``solver.Solver`` whose
    kept trick tables the search shares."""
    rs = rule_set(rules)
    objective = rs.play_objective(deal if len(deal["N"]) == 13 else None, contract, declarer)
    if leader is None:
        leader = declarer if contract == rs.all_pass_contract else rs.opening_leader(declarer)
    return (warm or solver).solve_scored(deal, "NT", leader, objective, played=played,
                                         won=won, max_seconds=max_seconds)


def add_aces(deal, rules, dealer, outcomes, all_pass, *, max_seconds: Optional[float],
             progress=None):
    """Rescore the misère rows of an analysis (``misere_outcomes``) and its
    Skruuvi all-pass deal (``all_pass_outcome``) with their ace penalties,
    each by its own ``scored_value`` search of at most ``max_seconds``.

    An exact search replaces the fewest-tricks score. One stopped by its
    budget scores the fewest-tricks score plus the aces' mean worth
    (``aces_mean``, as the advisor does) moved into the bounds it proved (the
    true score lies within them), and records them in ``bounds``.
    ``progress(done, total, label)`` is called before each search. Returns
    ``(outcomes, all_pass)`` with ``with_aces`` set on what was rescored;
    a full deal may take about a minute a search (docs/analysis.md).
    """
    rs = rule_set(rules)
    jobs = [(c, seat) for c, row in outcomes.items() if row and next(iter(row.values())).misere
            for seat in row]
    ap = all_pass is not None and rs.misere_aces and all_pass.contract == rs.all_pass_contract
    total = len(jobs) + ap
    outcomes = {c: dict(row) for c, row in outcomes.items()}
    warm = solver.Solver()      # the trick searches' tables, shared by the 13 searches

    def rescore(o: ContractOutcome, leader: Seat, done: int) -> ContractOutcome:
        if progress is not None:
            progress(done, total, "all-pass misère" if o.contract == rs.all_pass_contract
                     else f"{o.contract} by {o.declarer}")
        value = scored_value(deal, rs, o.contract, o.declarer, leader=leader,
                             max_seconds=max_seconds, warm=warm)
        sign = 1 if Seat.parse(o.declarer).side == "NS" else -1
        if isinstance(value, solver.Bounds):
            low, high = sorted((sign * value.lower, sign * value.upper))
            guess = o.score + aces_mean(rs, o.contract, leader)
            return o._replace(score=min(max(guess, low), high), with_aces=True,
                              bounds=(low, high))
        return o._replace(score=sign * value, with_aces=True, bounds=None)

    for done, (contract, seat) in enumerate(jobs):
        o = outcomes[contract][seat]
        outcomes[contract][seat] = rescore(o, rs.opening_leader(Seat.parse(seat)), done)
    if ap:
        # The all-pass deal's "declarer" N stands for NS; the dealer's left leads.
        all_pass = rescore(all_pass, Seat.parse(dealer).lho, len(jobs))
    return outcomes, all_pass


def aces_notes(outcomes, all_pass) -> tuple:
    """The note an analysis with ``add_aces`` carries: all exact, or some bounds."""
    rows = [o for row in outcomes.values() for o in row.values() if o.with_aces]
    rows += [all_pass] if all_pass is not None and all_pass.with_aces else []
    return (ACES_BOUNDS_NOTE if any(o.bounds for o in rows) else ACES_SCORED_NOTE,)


def budget_note(outcomes, all_pass, nodes: int) -> Optional[str]:
    """The note of an analysis some of whose misère trick searches ran past
    their budget of ``nodes`` (``ContractOutcome.proved``), naming each such
    row and the tricks proved; None when every search finished."""
    rows = [o for row in outcomes.values() for o in row.values() if o.proved]
    parts = [f"{o.contract} by {o.declarer}: {o.tricks} ({o.proved[0]}-{o.proved[1]} proved)"
             for o in rows]
    if all_pass is not None and all_pass.proved:
        low, high = all_pass.proved
        parts.append(f"all pass: NS {all_pass.tricks} ({low}-{high} proved)")
    if not parts:
        return None
    several = len(parts) > 1
    rows_are = "those rows are estimates" if several else "that row is an estimate"
    return (f"{len(parts)} misère trick search{'es' if several else ''} ran past the budget "
            f"of {nodes:,} nodes, so {rows_are} within the tricks proved (about "
            f"{ESTIMATE_ERROR} of a trick off on average): "
            + "; ".join(parts) + " (exact: vint analyse --misere-nodes 0)")


def play_objective(deal, rules, contract, declarer=None, *, bolshevik: bool = False,
                   doubled_by=(), redoubled: bool = False):
    """What the declaring side plays for (a ``solver.Objective``): a bid
    misère's score for declarer's side, the all-pass misère's for NS, a
    Bolshevik's (``bolshevik=True``, with its doubles) for the bidder alone;
    aces included."""
    rs = rule_set(rules)
    if bolshevik:
        return rs.bolshevik_objective(contract, declarer, doubled_by=doubled_by,
                                      redoubled=redoubled)
    if contract == rs.all_pass_contract:
        return rs.play_objective(deal, contract, "N")
    return rs.play_objective(deal, contract, declarer)


def aces_taken(deal, leader, cards) -> List[tuple]:
    """``[(trick number, winner seat)]`` for every ace of a play (no-trumps)."""
    play = solver.Play(deal, "NT", leader)
    out = []
    for card in cards:
        card = solver.Card.parse(card)
        winner = play.play(card)
        if winner is not None:
            trick = play.tricks[-1]
            out += [(trick.number, winner.name) for _, c in trick.cards if c.rank == 14]
    return out


#: The advisor's budget for one sample's misère trick search (nodes): an exact
#: full-deal misère takes about 27 million nodes on average (1-15 s;
#: benchmarks/bench_misere.py), far beyond a sample's share of the advisor's
#: time. A budgeted search narrows from both ends, so past the budget it has
#: proved bounds around the value (on random deals 6.6 tricks wide on average
#: at 100,000 nodes, 5.8 at 300,000, 4.3 at a million); ``misere_estimate``
#: then makes an estimate within them. 100,000 nodes cost about 20 ms; at
#: 300,000 a Skruuvi recommendation took twice as long for bounds hardly
#: narrower.
ADVICE_NODES = 100_000

#: Nodes a misère trick search may use when a whole deal is analysed (``vint
#: analyse``, the web page's analysis, the review's par): an exact full-deal
#: search takes 27 million on average, at most 90 million on ten random deals
#: (benchmarks/README.md, ``bench_misere.py``), but a Siberian распасовка deal
#: took a billion (70 s to three minutes, with nothing shown). Past this budget
#: (about 15 s) the row is the estimate within the tricks proved, and says so
#: (``ContractOutcome.proved``, ``budget_note``); ``vint analyse
#: --misere-nodes 0`` solves it exactly.
ANALYSIS_NODES = 200_000_000

#: After a guarding budget (``misere_on_lead(..., narrow=False)``) has stopped a
#: search, the nodes of the narrowing search that then proves bounds close to
#: the value (about 1.5 s; on the Siberian deal above 6-9 at 20 million, where
#: the guard's own bounds were 7-13).
GUARD_NARROWING_NODES = 20_000_000

#: Tricks of the opening played out by ``playout_tricks`` before the ending is
#: solved: 4 leaves a 9-card ending (on random deals 144,000 nodes on average,
#: at most 512,000); 5 and 6 tricks were cheaper and worse (docs/solver.md).
PLAYOUT_TRICKS = 4

#: The budget of the playout's ending (nodes); past it, its bounds' middle.
PLAYOUT_NODES = 1_000_000

#: How far ``misere_estimate`` is from the exact value, in tricks: its mean
#: absolute error on the random full deals of benchmarks/misere_exact.json
#: (173 with an exact value; ``python benchmarks/bench_misere_estimate.py
#: --drivers``), against 0.95 for the middle of the bounds alone, 1.05 for
#: always 6. tests/valuation/test_misere.py recomputes both, so the advisor's warning
#: cannot go stale when the search changes.
ESTIMATE_ERROR = 0.65


#: Misère tricks on lead by (deal, leader, budget): (the search's answer, the
#: tricks scored); one search serves 5M, 6M, 7M and AP alike, and the advisor
#: meets the same deals again from call to call.
_ON_LEAD: Dict[tuple, tuple] = {}
#: The most answers ``_ON_LEAD`` keeps before it starts again.
_ON_LEAD_SIZE = 4096


def misere_on_lead(deal, leader, *, max_nodes: Optional[int] = None,
                   warm: Optional[solver.Solver] = None, narrow: bool = True) -> tuple:
    """``(found, tricks)``: the misère tricks of the side on lead (no-trumps,
    each side taking as few as it can). ``found`` is the search's answer, a
    number or, when ``max_nodes`` stopped it, the ``solver.Bounds`` it proved;
    ``tricks`` is ``found`` or, for bounds, ``misere_estimate`` within them.
    ``warm``: a ``solver.Solver`` whose kept tables an exact search shares (a
    budgeted search runs on its own table, so that its answer depends on the
    deal, leader and budget only). ``narrow``: how a budgeted search tests
    (``solver.solve``): True, from both ends (the advisor's small budgets,
    whose bounds are its estimate's input); False, the exact search's own
    order, the budget only a guard (an analysis: a fifth fewer nodes on the
    deals that finish). Remembered by deal, leader and budget."""
    leader = Seat.parse(leader)
    key = (deal.masks, int(leader), max_nodes, narrow)
    if key not in _ON_LEAD:
        if len(_ON_LEAD) > _ON_LEAD_SIZE:
            _ON_LEAD.clear()
        search = warm if warm is not None and max_nodes is None else solver
        found = search.solve(deal, "NT", leader, misere=True, max_nodes=max_nodes,
                             narrow=narrow)
        if isinstance(found, solver.Bounds) and not narrow:
            # The guard stopped it with bounds that may be wide: a short
            # narrowing search (fresh table) proves bounds near the value.
            near = solver.solve(deal, "NT", leader, misere=True,
                                max_nodes=min(max_nodes, GUARD_NARROWING_NODES))
            if isinstance(near, int):
                found = near
            else:
                found = solver.Bounds(max(found.lower, near.lower),
                                      min(found.upper, near.upper))
        scored = found if isinstance(found, int) else misere_estimate(deal, leader, found)
        _ON_LEAD[key] = (found, scored)
    return _ON_LEAD[key]


def playout_tricks(deal, leader, tricks: int = PLAYOUT_TRICKS,
                   max_nodes: Optional[int] = PLAYOUT_NODES) -> float:
    """Misère tricks of the side on lead (no-trumps) if the first ``tricks``
    tricks are played by the search's move ordering (every hand plays the
    card the search would try first: ``solver.play_by_search_order``) and the
    ending is then solved exactly (past ``max_nodes``, its bounds' middle).

    A cheap stand-in for the full search: the ordering is a fair misère
    policy for both sides, and an ending of 9 cards solves in about 0.1 s or
    less. Deterministic: the same deal and leader give the same answer.
    """
    leader = Seat.parse(leader)
    tricks = min(tricks, max(0, len(deal[leader]) - 1))
    play = solver.play_by_search_order(deal, "NT", leader, tricks, misere=True)
    won = sum(n for seat, n in play.won.items() if seat.side == leader.side)
    rest = solver.solve(play.remaining(), "NT", play.trick_leader, misere=True,
                        max_nodes=max_nodes)
    if isinstance(rest, solver.Bounds):
        rest = (rest.lower + rest.upper) / 2
    # the side on lead in the ending may be the other one
    if play.trick_leader.side != leader.side:
        rest = len(deal[leader]) - tricks - rest
    return won + rest


def misere_estimate(deal, leader, bounds) -> int:
    """An estimate of the misère tricks of the side on lead when the budgeted
    search stopped with ``bounds`` (``solver.Bounds`` of those tricks): the
    mean of the bounds' middle and ``playout_tricks``, rounded half up and
    clamped into the bounds. Neither alone does as well: on the 173 cached
    random deals (benchmarks/misere_exact.json) the middle is 0.95 tricks off
    on average, the playout 0.76, their mean 0.65 (``ESTIMATE_ERROR``); on the
    55 deals added after the choice, 0.87, 0.62 and 0.60."""
    middle = (bounds.lower + bounds.upper) / 2
    guess = math.floor((middle + playout_tricks(deal, leader)) / 2 + 0.5)
    return min(max(guess, bounds.lower), bounds.upper)


#: What the aces are worth on average, for the advisor's samples (which
#: cannot afford the exact scored search, about a minute a full deal): the
#: mean of (exact score with the aces) − (fewest-tricks score) for the side
#: not on lead at trick 1, which in a bid misère is always declarer's side,
#: by rule set and contract. Measured on random full deals, North declaring
#: and East leading (``python benchmarks/bench_misere_aces.py``, the rows in
#: benchmarks/misere_aces.json; tests/valuation/test_misere.py checks these against
#: them). On random deals the fewest-tricks score is too kind to the side not
#: on lead (why was not studied: being on lead is the one asymmetry). Adding
#: the mean removes that bias from the advisor's expected scores; each single
#: deal is still off by about ``ACES_SPREAD`` points.
#: 5-25 deals solved exactly for each (the means' standard errors 2-4
#: points). Both schedules score the all-pass misère alike (the same
#: objective), so skruuvi-old's ``AP`` is skruuvi's.
ACES_MEAN = {
    ("skruuvi", "5M"): -9, ("skruuvi", "6M"): -10, ("skruuvi", "7M"): -8, ("skruuvi", "AP"): -8,
    ("skruuvi-old", "5M"): -7, ("skruuvi-old", "6M"): -5, ("skruuvi-old", "7M"): -6,
}

#: The mean |exact − (fewest-tricks score + ACES_MEAN)| in points over the
#: same rows (all contracts; 10 without the mean), for the advisor's warning.
ACES_SPREAD = 8


def aces_mean(rules, contract, leader) -> int:
    """``ACES_MEAN`` as North-South's points (0 where the game has no misère
    aces): ``leader`` leads the first trick. A game's all-pass misère not
    measured on its own takes the measured one's mean: the all-pass misère
    plays for the same objective in both Skruuvi schedules."""
    rs = rule_set(rules)
    mean = ACES_MEAN.get((rs.name, contract))
    if mean is None and rs.misere_aces and contract == rs.all_pass_contract:
        mean = next((m for (_, c), m in ACES_MEAN.items() if c == contract), None)
    mean = mean or 0
    return mean if Seat.parse(leader).side == "EW" else -mean
