"""Courts / misère Courts solves at the analysis's node budget: exact entries and nodes.

python benchmarks/bench_courts_nodes.py [ndeals] [--budget N] [strains...]
(--budget: nodes per solve, default courts.DEFAULT_NODES; the CLI uses CLI_NODES)
One GeneralSolver per deal and layout shared by the four declarers, as
advisor.valuation.courts.courts_and_misere does. Node counts are noise-free.
"""
import random
import sys

from common import shuffled_deal
from solver import Bounds
from solver.cards import SEATS
from advisor.valuation.courts import DEFAULT_NODES, play_of, strain_tricks
from solver.general import GeneralSolver


def deals(n, seed=2026):
    """``n`` random deals, each from a fresh deck (not ``common.random_deals``'s:
    the measured rows were made with these)."""
    rng = random.Random(seed)
    return [shuffled_deal(rng) for _ in range(n)]


def main():
    args = sys.argv[1:]
    budget = DEFAULT_NODES
    if "--budget" in args:
        i = args.index("--budget")
        budget = int(args[i + 1])
        del args[i:i + 2]
    n = int(args[0]) if args else 6
    strains = args[1:] or ["CT", "CTNT", "MCT", "MCTNT"]
    ds = deals(n)
    tot_exact = tot = 0
    tot_nodes = 0
    for strain in strains:
        exact = nodes = 0
        cells = []
        for d in ds:
            layout, _, _ = play_of(strain)
            g = GeneralSolver(layout)
            for s in SEATS:
                before = g.nodes
                t = strain_tricks(d, strain, s, general=g, max_nodes=budget)
                nodes += g.nodes - before
                if isinstance(t, Bounds):
                    cells.append(f"{t.lower}-{t.upper}")
                else:
                    exact += 1
                    cells.append(str(t))
        print(f"{strain:6} exact {exact}/{len(ds) * 4}  nodes {nodes:>11,}  {' '.join(cells)}",
              flush=True)
        tot_exact += exact
        tot += len(ds) * 4
        tot_nodes += nodes
    print(f"total  exact {tot_exact}/{tot}  nodes {tot_nodes:,}  (budget {budget:,})")


if __name__ == "__main__":
    main()
