#!/usr/bin/env python
"""Node counts of the core's search (noise-free, unlike times), per deal set.

    python benchmarks/bench_nodes.py                    # first 100 random deals
    python benchmarks/bench_nodes.py --set real --n 100
    python benchmarks/bench_nodes.py --single           # + one declarer (N) in five strains

Counts ``stats["nodes"]`` of ``solver._core.dd_strain``: every strain, the four
leaders sharing one table as ``dd_table`` does, split into suits and no-trumps.
``--single`` also counts the partial question ``dd_table(deal, declarers="N")``
(East leading, five searches from scratch; bench_reuse.py times it).
"""

from __future__ import annotations

import argparse
import sys
import time

from common import SETS, oracle_deals


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--set", default="random", choices=tuple(SETS))
    p.add_argument("--n", type=int, default=100)
    p.add_argument("--single", action="store_true")
    args = p.parse_args(argv)

    from solver import Deal, _core

    deals = [Deal.from_pbn(text) for text in oracle_deals(args.set, args.n)]
    suits = nt = single = 0
    start = time.perf_counter()
    for deal in deals:
        for trump in range(5):
            stats = {}
            _core.dd_strain(deal.masks, trump, stats=stats)
            if trump == 4:
                nt += stats["nodes"]
            else:
                suits += stats["nodes"]
            if args.single:
                stats = {}
                _core.dd_strain(deal.masks, trump, leaders=(1,), stats=stats)
                single += stats["nodes"]
    seconds = time.perf_counter() - start
    print(f"{args.set} {len(deals)}: nodes {(suits + nt) / 1e6:.2f}M "
          f"(suits {suits / 1e6:.2f}M, no-trumps {nt / 1e6:.2f}M)"
          + (f", single N {single / 1e6:.2f}M" if args.single else "")
          + f"; {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
