"""Courts / misère Courts solves at the analysis's node budget: exact entries and nodes.

python benchmarks/bench_courts_nodes.py [ndeals] [--budget N] [strains...]
(--budget: nodes per solve, default courts.DEFAULT_NODES; the CLI uses CLI_NODES)
Each strain of each deal as ``advisor.valuation.courts.courts_and_misere``
solves it (one table for its four declarers, each partner's tricks the
other's first guess), on one thread. Node counts are noise-free.
"""
import random
import sys

from common import shuffled_deal
from solver import Bounds
from advisor.valuation.courts import DEFAULT_NODES, courts_and_misere


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
            row, = courts_and_misere(d, strains=[strain], max_nodes=budget, workers=1)
            nodes += row.nodes
            for t in row.tricks.values():
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
