#!/usr/bin/env python
"""Does the advice settle, and do its overcalls gain? (issues 31 and 33)

Two measurements on the situations of ``bench_advise_quality`` (random Vint
deals, the earlier calls by the policy, seed ``--seed``):

``settle`` (the default): ``--n`` situations (openings, overcalls and
responses in turn) advised with at most ``--samples`` samples (and
``--seconds``, if given) under each of ``--seeds``. Printed: the share of
decisions "too close to call" (``Recommendation.too_close``), the share
settled before the budget (``stopped_early``), the samples used, the share
where the call differs from the policy's own call, and the share of
situations where two seeds give different calls.

``overcalls``: ``--n`` overcall situations (an opponent has opened and the
player is next to call); the advisor's call and a pass are both judged on the
real deal, the auction going on by the policy after it
(``bench_advise_quality.judge``). Printed: the advisor's mean gain against
passing a situation, with its standard error, over all situations and over
those where it did not pass.

Both write one JSON line a situation to ``--out`` (default under
``benchmarks/cache``) as they go, and a rerun with the same arguments only
does the situations missing there: run long ones in the background.

    python benchmarks/bench_advise_settle.py --n 40 --samples 200 --seeds 1 2
    python benchmarks/bench_advise_settle.py overcalls --n 200 --samples 64
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
for path in (HERE, HERE.parent):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from bench_advise_quality import judge, situations, stats  # noqa: E402


def _done(path: Path) -> dict:
    out = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                out[row["key"]] = row
    return out


def _advise(deal, dealer, auction, seat, samples, seconds, seed, workers):
    from advisor.bidding import recommend
    return recommend(deal[seat], seat=seat, dealer=dealer, auction=list(auction),
                     samples=samples, seconds=seconds, seed=seed, workers=workers)


def run_settle(args, out: Path) -> None:
    done = _done(out)
    sits = situations(args.n, args.seed)
    with out.open("a") as fh:
        for i, (kind, deal, dealer, auction, seat) in enumerate(sits):
            for seed in args.seeds:
                key = f"{i}:{seed}"
                if key in done:
                    continue
                t = time.perf_counter()
                rec = _advise(deal, dealer, auction, seat, args.samples, args.seconds, seed,
                              args.workers)
                row = {"key": key, "i": i, "seed": seed, "kind": kind, "call": rec.call,
                       "policy_call": rec.policy_call, "too_close": rec.too_close,
                       "stopped_early": rec.stopped_early, "by_time": rec.stopped_by_time,
                       "samples": rec.samples, "seconds": round(time.perf_counter() - t, 2),
                       "reason": rec.reason}
                done[key] = row
                fh.write(json.dumps(row) + "\n")
                fh.flush()
                print(f"{i:3} {kind:<9} seed {seed}: {rec.call:<4} (system {rec.policy_call}) "
                      f"{rec.samples:4} samples {row['seconds']:6.1f} s"
                      f"{'  too close' if rec.too_close else ''}", flush=True)
    rows = [r for r in done.values() if r["i"] < args.n and r["seed"] in args.seeds]
    n = len(rows)
    share = lambda pred: sum(map(pred, rows)) / n  # noqa: E731
    print(f"\n{n} decisions ({args.n} situations x seeds {args.seeds}), at most "
          f"{args.samples} samples" + (f", {args.seconds:g} s" if args.seconds else ""))
    print(f"  too close to call:     {share(lambda r: r['too_close']):6.1%}")
    print(f"  settled before budget: {share(lambda r: r['stopped_early'] and not r['by_time']):6.1%}")
    print(f"  stopped by the time:   {share(lambda r: r['by_time']):6.1%}")
    print(f"  samples used, mean:    {sum(r['samples'] for r in rows) / n:6.0f}")
    print(f"  not the system's call: {share(lambda r: r['call'] != r['policy_call']):6.1%}")
    if len(args.seeds) > 1:
        by_sit = {}
        for r in rows:
            by_sit.setdefault(r["i"], set()).add(r["call"])
        differ = sum(len(calls) > 1 for calls in by_sit.values())
        print(f"  seeds disagree:        {differ} of {len(by_sit)} situations")


def run_overcalls(args, out: Path) -> None:
    done = _done(out)
    sits = situations(args.n, args.seed, kinds=("overcall",))
    tables = {}
    with out.open("a") as fh:
        for i, (kind, deal, dealer, auction, seat) in enumerate(sits):
            key = f"{i}"
            if key in done:
                continue
            t = time.perf_counter()
            rec = _advise(deal, dealer, auction, seat, args.samples, args.seconds,
                          args.seeds[0], args.workers)
            mine = judge(deal, dealer, list(auction), seat, rec.call, tables)
            passing = mine if rec.call == "P" else judge(deal, dealer, list(auction), seat,
                                                         "P", tables)
            row = {"key": key, "i": i, "auction": list(auction), "call": rec.call,
                   "policy_call": rec.policy_call, "advisor": mine, "pass": passing,
                   "samples": rec.samples, "seconds": round(time.perf_counter() - t, 2)}
            done[key] = row
            fh.write(json.dumps(row) + "\n")
            fh.flush()
            print(f"{i:3} {' '.join(auction):<12} {rec.call:<4} (system {rec.policy_call}) "
                  f"{mine - passing:+6} vs pass  {row['seconds']:6.1f} s", flush=True)
    rows = [r for r in done.values() if r["i"] < args.n]
    gains = [r["advisor"] - r["pass"] for r in rows]
    mean, se = stats(gains)
    bids = [g for g, r in zip(gains, rows) if r["call"] != "P"]
    print(f"\n{len(rows)} overcall situations, at most {args.samples} samples, seed "
          f"{args.seeds[0]}: the advisor against passing {mean:+.0f} ± {se:.0f} a situation")
    if bids:
        bmean, bse = stats(bids) if len(bids) > 1 else (bids[0], float("inf"))
        print(f"  it bid on {len(bids)}: {bmean:+.0f} ± {bse:.0f} on those, "
              f"{sum(g > 0 for g in bids)} gained, {sum(g < 0 for g in bids)} lost")
    system = [r for r in rows if r["policy_call"] not in (None, "P")]
    print(f"  the policy itself bids on {len(system)}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("what", nargs="?", choices=("settle", "overcalls"), default="settle")
    p.add_argument("--n", type=int, default=40, help="situations (default 40)")
    p.add_argument("--samples", type=int, default=200, help="most samples a decision")
    p.add_argument("--seconds", type=float, default=None, help="time budget a decision")
    p.add_argument("--seeds", type=int, nargs="+", default=[1, 2], help="advisor seeds")
    p.add_argument("--seed", type=int, default=2026, help="the situations' seed")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--out", help="JSON lines written as it goes (default under benchmarks/cache)")
    args = p.parse_args(argv)
    if args.n < 1 or args.samples < 1:
        p.error("--n and --samples must be 1 or more")
    out = Path(args.out) if args.out else (
        HERE / "cache" / f"advise_{args.what}_{args.seed}_{args.samples}_"
                         f"{args.seconds or 0:g}.jsonl")
    out.parent.mkdir(parents=True, exist_ok=True)
    (run_settle if args.what == "settle" else run_overcalls)(args, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
