"""How reading played deals grows with the file: PBN and LIN files of 1,000, 4,000
and 10,000 deals (the test files' deal, played out, repeated with board numbers).

    python benchmarks/bench_readers.py [--sizes 1000 4000 10000]

Prints the seconds per 1,000 deals for each size: a linear reader keeps that
figure flat as the file grows (a reader that grows with the square of the
file's length took 232 s for 10,000 deals). Not a test: timings depend on the
machine.
"""

from __future__ import annotations

import argparse
import os
import time
from common import REPO
from advisor.records import read_games

PBN_GAME = (REPO / "tests" / "data" / "vint_game.pbn").read_text(encoding="utf-8").split(
    "\n\n", 1)[1].split("[OptimumResultTable")[0]
LIN_DEAL = (REPO / "tests" / "data" / "vint_games.lin").read_text(encoding="utf-8").splitlines()[0]


def pbn_file(deals: int) -> str:
    return "% PBN 2.1\n\n" + "\n".join(PBN_GAME.replace('[Board "1"]', f'[Board "{k}"]')
                                       for k in range(1, deals + 1))


def lin_file(deals: int) -> str:
    return "\n".join(LIN_DEAL.replace("ah|Board 1|", f"ah|Board {k}|")
                     for k in range(1, deals + 1)) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 4000, 10000])
    args = parser.parse_args()
    print(f"{'format':6} {'deals':>6} {'seconds':>8} {'s per 1,000 deals':>18}")
    for kind, make in (("pbn", pbn_file), ("lin", lin_file)):
        for n in args.sizes:
            text = make(n)
            start = time.perf_counter()
            games = read_games(text, format=kind)
            seconds = time.perf_counter() - start
            assert len(games) == n and not games.errors, (kind, n, games.errors[:1])
            print(f"{kind:6} {n:>6} {seconds:8.2f} {1000 * seconds / n:18.3f}")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
