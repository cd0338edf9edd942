#!/usr/bin/env python
"""How long the auction review of one deal takes (the target: a 15-call Vint
auction in under 10 s at the default setting, on the 2-core machine).

Reviews the auction of ``tests/data/vint_game.pbn`` (17 calls: 1H 2D 3H P 4H
and twelve closing passes) with ``advisor.postmortem.review_auction``, once
at the default 30 samples a call and once at ``--fast``'s 12, and prints the
seconds, the calls and the double-dummy strain searches it needed.

``--budget SECONDS`` also runs it with that time budget a deal
(``review_auction(budget=...)``, ``vint review --budget``). For a side-by-side
ratio run this file of two source trees in turn (each bench puts its own tree
on the path).

    python benchmarks/bench_review.py
    python benchmarks/bench_review.py --samples 30 50
    python benchmarks/bench_review.py --samples 30 --budget 5
"""

from __future__ import annotations

import argparse
import sys

from common import REPO, timed


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--samples", type=int, nargs="+", default=[30, 12])
    p.add_argument("--file", default=str(REPO / "tests" / "data" / "vint_game.pbn"))
    p.add_argument("--budget", type=float, help="also time it with this budget (seconds) a deal")
    args = p.parse_args(argv)

    import advisor.valuation.valuer as valuer
    from advisor.postmortem import review_auction
    from advisor.records import read_games_file

    record = read_games_file(args.file)[0]
    searches = [0]
    solve = valuer.dd_table          # where each sample's Valuer solves its tables

    def counted(*a, **kw):
        searches[0] += 1
        return solve(*a, **kw)

    valuer.dd_table = counted
    runs = [(n, None) for n in args.samples]
    if args.budget:
        runs += [(n, args.budget) for n in args.samples]
    for samples, budget in runs:
        searches[0] = 0
        extra = {} if budget is None else {"budget": budget}
        seconds, calls = timed(review_auction, record, "vint", samples=samples, **extra)
        doubted = [f"{c.index}. {c.call}" for c in calls.calls if not c.agrees]
        limit = "" if budget is None else f", budget {budget:g} s"
        print(f"{samples:>3} samples a call{limit}: {seconds:6.1f} s for {len(calls.calls)} calls "
              f"({seconds / len(calls.calls):.2f} s a call), {searches[0]} strain searches; "
              f"the advisor doubts {', '.join(doubted) or 'no call'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
