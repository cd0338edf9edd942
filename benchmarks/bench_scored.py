#!/usr/bin/env python
"""What playing for a score costs against plain misère, on the same positions.

For random endings of ``--cards`` cards a hand (the last tricks of a deal),
North-South in a 5M-like Skruuvi misère (aces charged by trick number), it
times ``solver.solve_scored`` and ``solver.solve(..., misere=True)`` from the
same position and prints the ratio. The scored search takes its bounds from
the trick search (docs/solver.md); its cost still grows much faster with the
cards left than plain misère's.

With ``--budget SECONDS`` each scored search stops there and returns the
bounds it proved: the table then gives how many were solved exactly and the
mean width of the others (full deals: ``--cards 13 --budget 20``).

Seconds are noisy on a shared machine; the node columns are not: ``nodes`` is
the scored search's mean nodes an ending, ``trick nodes`` the mean nodes of
the trick searches it asks for bounds (docs/solver.md).

``aces off`` is what leaving the aces out costs, over the endings solved
exactly: the mean of |exact score − fewest-tricks score|, where the
fewest-tricks score is the contract's score for the tricks of the plain
misère search (aces not counted, as the analysis scores a misère without
``--aces``);
``mean diff`` is the mean of exact − fewest-tricks score.

    python benchmarks/bench_scored.py                  # 5 to 9 cards, 20 endings each
    python benchmarks/bench_scored.py --cards 6 7 --n 50
    python benchmarks/bench_scored.py --cards 13 --n 6 --seed 5 --budget 120 --verbose
    python benchmarks/bench_scored.py --warm --cards 9 10 --n 6 --seed 5
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import common  # noqa: F401  (puts this source tree first on sys.path)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--cards", type=int, nargs="+", default=[5, 6, 7, 8, 9])
    p.add_argument("--n", type=int, default=20, help="endings for each size")
    p.add_argument("--seed", type=int, default=14)
    p.add_argument("--budget", type=float, default=None,
                   help="seconds for each scored search (then: bounds)")
    p.add_argument("--verbose", action="store_true",
                   help="a line for each ending: its value (or bounds), seconds, nodes")
    p.add_argument("--warm", action="store_true",
                   help="Skruuvi's 5M, 6M, 7M and AP on each ending in turn: separate "
                        "calls against one Solver sharing its trick tables")
    args = p.parse_args(argv)
    if args.warm:
        return warm_run(args)

    import solver
    from solver import Card, Deal, Hand, Objective
    from solver.api import _scored

    misere = Objective("NS", by_tricks=[14, 12, 10] + [-10 - 5 * k for k in range(11)],
                       ace_ours=[-k for k in range(1, 14)], ace_theirs=list(range(1, 14)))
    rng = random.Random(args.seed)
    deck = [Card(s, r) for s in range(4) for r in range(2, 15)]
    print("cards  scored s  misère s  ratio  exact  mean width     nodes  trick nodes"
          "  aces off  mean diff")
    for n in args.cards:
        scored = plain = 0.0
        stats = {}
        exact, widths, diffs = 0, [], []
        for k in range(args.n):
            rng.shuffle(deck)
            ending = Deal([Hand(deck[n * i:n * i + n]) for i in range(4)])
            start = time.perf_counter()
            # solver.solve_scored, with the node counts kept in ``stats``.
            one = {}
            value = _scored(ending, "NT", "E", misere, (), 0, False,
                            max_seconds=args.budget, stats=one)
            took = time.perf_counter() - start
            scored += took
            for key in ("nodes", "trick_nodes"):
                stats[key] = stats.get(key, 0) + one.get(key, 0)
            start = time.perf_counter()
            ew_tricks = solver.solve(ending, "NT", "E", misere=True)   # East's side is on lead
            plain += time.perf_counter() - start
            if isinstance(value, solver.Bounds):
                widths.append(value.upper - value.lower)
            else:
                exact += 1
                diffs.append(value - misere.by_tricks[n - ew_tricks])
            if args.verbose:
                print(f"  {n} cards, ending {k}: {value} (fewest-tricks score "
                      f"{misere.by_tricks[n - ew_tricks]}), {took:.2f} s, "
                      f"{one.get('nodes', 0)} nodes, {one.get('trick_nodes', 0)} trick nodes")
        width = f"{sum(widths) / len(widths):.0f}" if widths else "-"
        print(f"{n:>5}  {scored:8.3f}  {plain:8.3f}  {scored / plain:6.1f}  "
              f"{exact:>2}/{args.n:<2}  {width:>10}  {stats.get('nodes', 0) // args.n:>8}  "
              f"{stats.get('trick_nodes', 0) // args.n:>11}  "
              + (f"{sum(map(abs, diffs)) / len(diffs):8.1f}  {sum(diffs) / len(diffs):+9.1f}"
                 if diffs else f"{'-':>8}  {'-':>9}"))
    return 0


def warm_run(args) -> int:
    """``--warm``: what a ``Solver``'s kept trick tables save when the four
    objectives of one ending are solved in turn (``vint analyse --aces``)."""
    import solver
    from advisor.game import rule_set
    from solver import Card, Deal, Hand
    from solver.api import _scored

    rs = rule_set("skruuvi")
    objectives = [rs.play_objective(None, c, "N") for c in ("5M", "6M", "7M", "AP")]
    rng = random.Random(args.seed)
    deck = [Card(s, r) for s in range(4) for r in range(2, 15)]
    print("cards  separate s  one Solver s  ratio  trick nodes separate  one Solver")
    for n in args.cards:
        seconds, nodes = {False: 0.0, True: 0.0}, {False: 0, True: 0}
        for _ in range(args.n):
            rng.shuffle(deck)
            ending = Deal([Hand(deck[n * i:n * i + n]) for i in range(4)])
            values = {}
            for shared in (False, True):
                warm = solver.Solver() if shared else None
                start = time.perf_counter()
                values[shared] = []
                for objective in objectives:
                    one = {}
                    values[shared].append(_scored(ending, "NT", "E", objective, (), 0, False,
                                                  stats=one, warm=warm))
                    nodes[shared] += one["trick_nodes"]
                seconds[shared] += time.perf_counter() - start
            assert values[False] == values[True], (ending, values)
        print(f"{n:>5}  {seconds[False]:10.2f}  {seconds[True]:12.2f}  "
              f"{seconds[True] / seconds[False]:5.2f}  {nodes[False] // args.n:>20}  "
              f"{nodes[True] // args.n:>10}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
