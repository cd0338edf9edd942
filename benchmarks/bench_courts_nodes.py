"""Courts / misère Courts solves at semi_play's node budget: exact entries and nodes.

PYTHONPATH=. python benchmarks/bench_courts_nodes.py [ndeals] [--budget N] [strains...]
(--budget: nodes per solve, default semi_play.DEFAULT_NODES; the CLI uses CLI_NODES)
One GeneralSolver per deal and layout shared by the four declarers, as
advisor.valuation.courts.courts_and_misere does. Node counts are noise-free.
"""
import random
import sys

from solver import Bounds
from solver.cards import SEATS, Card, Deal, Hand
from advisor.valuation.courts import DEFAULT_NODES, play_of, strain_tricks
from solver.general import GeneralSolver


def deals(n, seed=2026):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        deck = [Card(s, r) for s in range(4) for r in range(2, 15)]
        rng.shuffle(deck)
        out.append(Deal([Hand(deck[13 * i:13 * i + 13]) for i in range(4)]))
    return out


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
