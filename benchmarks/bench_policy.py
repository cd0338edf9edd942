#!/usr/bin/env python
"""How long does a bidding policy call take? The current policy against the frozen baseline.

Issue 33 asks a policy call to stay under a millisecond: the advisor plays
out thousands of auctions by it and the sampler checks every sampled hand
against it. Each run times, on the same seeded boards and in turn (so that
a busy spell of the shared machine hits both alike):

- ``call``: ``Policy.call`` for every call of every board's auction, on a
  fresh policy for each board (its memory of decisions starts empty, as in
  the sampler's first look at a hand);
- ``play_out``: whole auctions (``Policy.play_out``), a fresh policy a board.

It prints the mean time a call of each policy and their ratio.

    python benchmarks/bench_policy.py                 # 300 Vint boards
    python benchmarks/bench_policy.py --boards 100 --rules semi-contract
    python benchmarks/bench_policy.py --table        # the table alone, without the learned correction
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
for path in (HERE, HERE.parent):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from duplicate import board  # noqa: E402


def time_calls(make, boards) -> tuple:
    """``(seconds, calls)`` of ``Policy.call`` for every call of the boards' auctions."""
    seconds = calls = 0
    for b in boards:
        auction = make().play_out(b.deal, dealer=b.dealer, auction=[])
        policy = make()
        rules = policy.rules
        start = time.perf_counter()
        for i in range(len(auction)):
            seat = rules.seat_of_call(b.dealer, i)
            policy.call(b.deal[seat], seat=seat, dealer=b.dealer, auction=auction[:i])
        seconds += time.perf_counter() - start
        calls += len(auction)
    return seconds, calls


def time_play_out(make, boards) -> tuple:
    seconds = calls = 0
    for b in boards:
        policy = make()
        start = time.perf_counter()
        auction = policy.play_out(b.deal, dealer=b.dealer, auction=[])
        seconds += time.perf_counter() - start
        calls += len(auction)
    return seconds, calls


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--boards", type=int, default=300)
    p.add_argument("--rules", default="vint")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--table", action="store_true",
                   help="time the policy's table alone, without the correction learned from the "
                        "advisor (Vint 1886's default)")
    args = p.parse_args(argv)

    from advisor.bidding.policy import Policy
    from baseline_policy import Policy as Baseline

    boards = [board(args.rules, args.seed, n) for n in range(args.boards)]
    makers = {"policy": lambda: Policy(args.rules, learned=False if args.table else None),
              "baseline": lambda: Baseline(args.rules)}
    for name, timer in (("call", time_calls), ("play_out", time_play_out)):
        found = {k: [0.0, 0] for k in makers}
        for chunk in range(0, len(boards), 20):            # alternate in chunks of 20 boards
            for k, make in makers.items():
                s, n = timer(make, boards[chunk:chunk + 20])
                found[k][0] += s
                found[k][1] += n
        per = {k: 1000 * s / n for k, (s, n) in found.items()}
        print(f"{name:<9} policy {per['policy']:.3f} ms a call, baseline {per['baseline']:.3f} ms "
              f"({found['policy'][1]} calls); ratio {per['policy'] / per['baseline']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
