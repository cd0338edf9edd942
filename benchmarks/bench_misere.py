#!/usr/bin/env python
"""The misère trick search on random full deals: nodes and seconds a solve.

Each deal is solved (side 0's tricks: NS, or the lone player) in no-trumps with misère play (each side taking as few
tricks as it can; ``solver.solve(..., misere=True)``), one cold search per
deal and leader (``--leaders``, East by default). Node counts are
deterministic (the machine's load changes only the seconds). With
``--budget NODES`` each search stops there, as the advisor's do
(``advisor.valuation.misere.ADVICE_NODES``): the table then counts the exact answers
and the mean width of the bounds.

    python benchmarks/bench_misere.py                    # 10 deals, seed 14
    python benchmarks/bench_misere.py --n 30 --leaders E S
    python benchmarks/bench_misere.py --n 50 --budget 300000
    python benchmarks/bench_misere.py --trump S          # misère with trumps
    python benchmarks/bench_misere.py --guess low        # tests from a guess from the hands
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from common import full_deck, shuffled_deal


def guessed(deal, leader):
    """NS's misère tricks and the nodes, by the core's tests from the hands' guess:
    the low-card model fitted in bench_misere_estimate.py (tricks of the side on
    lead 6.483 - 0.051 x low cards), rounded and plus one (a guess one above the
    value costs no more than the value)."""
    from solver.cards import Seat
    from bench_misere_estimate import Tests, features, mtd
    leader = Seat.parse(leader)
    on_lead = 6.483 - 0.051 * features(deal, leader)["low"]
    ns = on_lead if int(leader) % 2 == 0 else 13 - on_lead
    tests = Tests(deal, leader, 2 ** 62)
    lo, _, _ = mtd(tests, min(13, round(ns) + 1))
    return lo, sum(nodes for _, _, nodes in tests.log)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=10, help="random deals")
    p.add_argument("--seed", type=int, default=14)
    p.add_argument("--leaders", nargs="+", default=["E"])
    p.add_argument("--trump", default="NT")
    p.add_argument("--lone", default=None, help="one player against three (Bolshevik)")
    p.add_argument("--budget", type=int, default=None, help="nodes for each search")
    p.add_argument("--only", type=int, nargs="+", default=None,
                   help="solve only these deals (indices from 0) of the --n dealt")
    p.add_argument("--guess", choices=["low"], default=None,
                   help="exact search by zero-window tests from the low-card guess of "
                        "bench_misere_estimate.py (rounded, plus one) instead of the core's "
                        "first guess (half the tricks); no-trumps, no lone player, no budget")
    p.add_argument("--verbose", action="store_true", help="a line per search")
    args = p.parse_args(argv)

    import solver
    from solver import _core

    strain = "SHDC".index(args.trump) if args.trump != "NT" else 4
    lone = "NESW".index(args.lone) if args.lone else -1

    rng = random.Random(args.seed)
    deck = full_deck()
    total_nodes, total_time, times, exact, widths = 0, 0.0, [], 0, []
    for i in range(args.n):
        deal = shuffled_deal(rng, deck)
        if args.only is not None and i not in args.only:
            continue
        for leader in args.leaders:
            stats = {}
            start = time.perf_counter()
            if args.guess:
                value, nodes = guessed(deal, leader)
                exact += 1
            else:
              try:
                [value] = _core.solve_each_card(
                    deal.masks, strain, "NESW".index(leader), [], [], True, lone,
                    max_nodes=args.budget, stats=stats)
                exact += 1
                nodes = stats["nodes"]
              except _core.OverBudget as stop:
                value = solver.Bounds(stop.lower, stop.upper)
                widths.append(stop.upper - stop.lower)
                nodes = args.budget
            took = time.perf_counter() - start
            total_nodes += nodes
            total_time += took
            times.append(took)
            if args.verbose:
                print(f"deal {i:3} {leader}: {value}  {nodes:>10,} nodes  {took:7.3f} s")
    count = len(times)
    times.sort()
    width = f"{sum(widths) / len(widths):.1f}" if widths else "-"
    print(f"{count} searches ({args.n} deals, seed {args.seed}, {args.trump}, leaders "
          f"{' '.join(args.leaders)}{', lone ' + args.lone if args.lone else ''}"
          f"{f', budget {args.budget:,}' if args.budget else ''})")
    print(f"nodes: total {total_nodes:,}, mean {total_nodes // count:,}")
    print(f"seconds: total {total_time:.2f}, mean {total_time / count:.3f}, "
          f"median {times[count // 2]:.3f}, max {times[-1]:.3f}")
    print(f"exact {exact}/{count}, mean width of the others {width}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
