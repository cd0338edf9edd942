#!/usr/bin/env python
"""Advice speed over a fixed set of 20 positions (issue 32).

``benchmarks/advise_positions.json`` holds 20 positions (hand, seat, dealer,
auction, rules): openings, overcalls, responses and competitive auctions,
12 in Vint, 4 in Skruuvi and 4 in semi-contract whist, drawn once from
random deals with the earlier calls by the bidding policy (kept fixed in the
file so the bench can be rerun). For each ``--workers`` count the script
times ``recommend(samples=200, seed=1)`` at its defaults (the adaptive stop
on) on every position and prints the seconds, the samples used and the call,
then the median and the worst.

``--profile`` runs the set once on one worker under cProfile and prints the
share of the time spent sampling deals (``_sample_softly``), in the policy's
continuations (``_policy_finals``), valuing the contracts (the Valuer: the
double-dummy and Courts/misère searches, Skruuvi's exchanges) and the rest
(with ``--only N``, of position N alone).

``--compare REF`` runs the set with the source tree at ``REF`` (a git
worktree path) and with this tree, alternating position by position, so the
ratio is measured side by side on a busy machine; the CPU seconds of each
(``time.process_time``, both workers) are printed too, being less sensitive to
the other jobs on the machine than the wall time.

    python benchmarks/bench_advise_set.py                    # 1 and 2 workers
    python benchmarks/bench_advise_set.py --workers 2 --json out.json
    python benchmarks/bench_advise_set.py --profile [--only 6]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
POSITIONS = HERE / "advise_positions.json"


def positions(path=POSITIONS) -> list:
    return json.loads(Path(path).read_text())


def advise(pos: dict, samples: int, seed: int, workers: int):
    from advisor.bidding.advise import recommend
    return recommend(pos["hand"], seat=pos["seat"], dealer=pos["dealer"],
                     auction=pos["auction"], rules=pos["rules"], samples=samples, seed=seed,
                     workers=workers)


def run(args, workers: int) -> list:
    out = []
    for i, pos in enumerate(positions(args.positions)):
        if args.only is not None and i != args.only:
            continue
        t, cpu = time.perf_counter(), time.process_time()
        rec = advise(pos, args.samples, args.seed, workers)
        seconds, cpu = time.perf_counter() - t, time.process_time() - cpu
        row = {"i": i, "kind": pos["kind"], "rules": pos["rules"], "workers": workers,
               "seconds": round(seconds, 3), "cpu": round(cpu, 3), "samples": rec.samples, "call": rec.call,
               "stopped_early": rec.stopped_early,
               "means": {c.call: round(c.mean, 3) for c in rec.candidates}}
        out.append(row)
        print(f"{i:>2} {pos['rules']:<13} {pos['kind']:<11} {pos['auction'] or '-':<12} "
              f"{workers}w {seconds:6.2f} s {rec.samples:>4} samples -> {rec.call}", flush=True)
    if args.only is not None:
        return out
    times = [r["seconds"] for r in out]
    print(f"{workers} worker(s): median {statistics.median(times):.2f} s, worst {max(times):.2f} s,"
          f" total {sum(times):.1f} s; load {os.getloadavg()[0]:.1f}", flush=True)
    return out


def profile(args) -> None:
    import cProfile
    import pstats

    prof = cProfile.Profile()
    prof.enable()
    for i, pos in enumerate(positions(args.positions)):
        if args.only is None or i == args.only:
            advise(pos, args.samples, args.seed, 1)
    prof.disable()
    stats = pstats.Stats(prof)
    total = max(v[3] for v in stats.stats.values())   # the outermost cumulative time

    def cum(name: str, where: str) -> float:
        return sum(v[3] for (file, _, fn), v in stats.stats.items()
                   if fn == name and where in file)

    policy = cum("_policy_finals", "advise.py")
    parts = {"sampling (_sample_softly)": cum("_sample_softly", "advise.py"),
             "policy continuations (_policy_finals)": policy,
             "valuing (value_sample less the continuations)": cum("value_sample", "advise.py")
             - policy}
    for what, seconds in parts.items():
        print(f"{what:<42} {seconds:7.1f} s  {seconds / total:5.1%}")
    rest = total - sum(parts.values())
    print(f"{'the rest':<42} {rest:7.1f} s  {rest / total:5.1%}  (total {total:.1f} s)")
    stats.sort_stats("tottime").print_stats(25)


def compare(args) -> int:
    """Each position under each tree in its own process, the two trees in turn."""
    import subprocess
    import tempfile

    trees = {"before": str(Path(args.compare).resolve()), "after": str(HERE.parent)}
    rows = []
    for workers in args.workers:
        times = {name: [] for name in trees}
        cpus = {name: [] for name in trees}
        for i, pos in enumerate(positions(args.positions)):
            got = {}
            for name, tree in trees.items():
                with tempfile.NamedTemporaryFile(suffix=".json") as fh:
                    subprocess.run([sys.executable, __file__, "--tree", tree, "--only", str(i),
                                    "--workers", str(workers), "--samples", str(args.samples),
                                    "--seed", str(args.seed), "--positions", args.positions,
                                    "--json", fh.name], check=True, stdout=subprocess.DEVNULL)
                    [got[name]] = json.loads(Path(fh.name).read_text())
                times[name].append(got[name]["seconds"])
                cpus[name].append(got[name].get("cpu", math.nan))
            same = all(got["before"][k] == got["after"][k] for k in ("call", "samples", "means"))
            rows.append({"i": i, "workers": workers, **{n: got[n] for n in trees}, "same": same})
            print(f"{i:>2} {pos['rules']:<13} {pos['kind']:<11} {workers}w before "
                  f"{got['before']['seconds']:6.2f} s after {got['after']['seconds']:6.2f} s "
                  f"ratio {got['after']['seconds'] / got['before']['seconds']:.2f} (CPU "
                  f"{got['after'].get('cpu', math.nan) / got['before'].get('cpu', math.nan):.2f}) "
                  f"{got['after']['samples']:>4} samples -> {got['after']['call']}"
                  f"{'' if same else '  (ANSWER DIFFERS)'}", flush=True)
        med = {n: statistics.median(t) for n, t in times.items()}
        print(f"{workers} worker(s): median before {med['before']:.2f} s after "
              f"{med['after']:.2f} s (ratio {med['after'] / med['before']:.2f}); worst before "
              f"{max(times['before']):.2f} s after {max(times['after']):.2f} s; total ratio "
              f"{sum(times['after']) / sum(times['before']):.2f}; CPU seconds before "
              f"{sum(cpus['before']):.1f} after {sum(cpus['after']):.1f} (ratio "
              f"{sum(cpus['after']) / sum(cpus['before']):.2f}); load "
              f"{os.getloadavg()[0]:.1f}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0 if all(r["same"] for r in rows) else 1


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", default=str(POSITIONS))
    p.add_argument("--samples", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    p.add_argument("--profile", action="store_true", help="cProfile the set on one worker")
    p.add_argument("--json", help="write the rows to this file")
    p.add_argument("--only", type=int, help="this position only (its index in the file)")
    p.add_argument("--tree", help="import the advisor from this source tree (built in place)")
    p.add_argument("--compare", metavar="TREE",
                   help="time TREE (e.g. a worktree of main) and this tree side by side, "
                        "alternating position by position, on --workers")
    args = p.parse_args(argv)
    sys.path.insert(0, str(Path(args.tree).resolve() if args.tree else HERE.parent))
    if args.compare:
        return compare(args)
    if args.profile:
        profile(args)
        return 0
    rows = []
    for workers in args.workers:
        rows += run(args, workers)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
