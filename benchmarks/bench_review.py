#!/usr/bin/env python
"""How long the auction review of one deal takes (issue 32's target: a
15-call Vint auction in at most 5 s at the default setting, on the 2-core
machine).

Reviews the auction of ``tests/data/vint_game.pbn`` (17 calls: 1H 2D 3H P 4H
and twelve closing passes) with ``advisor.postmortem.review_auction``, once
at the default 30 samples a call and once at ``--fast``'s 12, and prints the
seconds (wall and CPU), the calls and the double-dummy strain searches it
needed, and the share of the wall time each phase took (``--phases``:
sampling, the policy's continuations and the strain searches, each summed
over the threads, so a phase run on two workers can exceed the wall time).

``--processes N`` (default 2, ``vint review``'s default) weighs the players'
calls in N processes (``review_auction(processes=...)``); the CPU time
counts them all, the phases the first process only.

``--budget SECONDS`` also runs it with that time budget a deal
(``review_auction(budget=...)``, ``vint review --budget``). ``--compare
TREE`` reviews the deal with TREE's source (e.g. a worktree of main, built in
place) and with this tree in turn, each in its own process, ``--rounds``
times, and says whether every call, recommendation and candidate's mean is
the same: the speed ratio measured side by side on a busy machine.

    python benchmarks/bench_review.py
    python benchmarks/bench_review.py --samples 30 50 --phases
    python benchmarks/bench_review.py --samples 30 --budget 5
    python benchmarks/bench_review.py --samples 30 --compare /work/main --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _counting(module, name: str, spent: dict, counts: dict) -> None:
    """Wrap ``module.name`` to add its seconds (in whichever thread) to ``spent[name]``."""
    fn = getattr(module, name)
    lock = threading.Lock()

    def counted(*a, **kw):
        t = time.perf_counter()
        try:
            return fn(*a, **kw)
        finally:
            with lock:
                spent[name] += time.perf_counter() - t
                counts[name] += 1

    setattr(module, name, counted)


def review_once(path: str, samples: int, budget, workers, processes: int = 1) -> dict:
    """One review of the file's first deal: its times, searches and answers.
    ``processes`` is passed on where the tree's ``review_auction`` takes it
    (an older tree reviews in one process: ``"processes"`` in the row says)."""
    import inspect
    import advisor.bidding.advise as advise
    import advisor.postmortem as postmortem
    import advisor.valuation.valuer as valuer
    from advisor.records import read_games_file

    record = read_games_file(path)[0]
    spent, counts = defaultdict(float), defaultdict(int)
    _counting(valuer, "dd_table", spent, counts)            # each sample's strain searches
    _counting(advise, "_policy_finals", spent, counts)      # the policy's continuations
    _counting(advise, "_sample_softly", spent, counts)      # sampling (the first deals)
    if workers is not None:
        ask = postmortem._recommend
        postmortem._recommend = lambda *a, **kw: ask(*a, **{**kw, "workers": workers})
    extra = {} if budget is None else {"budget": budget}
    if "processes" in inspect.signature(postmortem.review_auction).parameters:
        extra["processes"] = processes
    else:
        processes = 1
    t, cpu = time.perf_counter(), _cpu()
    calls = postmortem.review_auction(record, "vint", samples=samples, **extra)
    seconds, cpu = time.perf_counter() - t, _cpu() - cpu
    return {"samples": samples, "budget": budget, "processes": processes,
            "seconds": round(seconds, 3),
            "cpu": round(cpu, 3), "calls": len(calls.calls),
            "searches": counts["dd_table"], "phases": {k: round(v, 3) for k, v in spent.items()},
            "doubted": [f"{c.index}. {c.call}" for c in calls.calls if not c.agrees],
            "answers": [[c.call, c.recommended, c.candidates] for c in calls.calls]}


def _cpu() -> float:
    """CPU seconds of this process and of its children that have ended."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def show(row: dict, phases: bool) -> None:
    limit = "" if row["budget"] is None else f", budget {row['budget']:g} s"
    limit += f", {row['processes']} processes" if row.get("processes", 1) > 1 else ""
    print(f"{row['samples']:>3} samples a call{limit}: {row['seconds']:6.1f} s "
          f"(CPU {row['cpu']:.1f} s) for {row['calls']} calls "
          f"({row['seconds'] / row['calls']:.2f} s a call), {row['searches']} strain searches; "
          f"the advisor doubts {', '.join(row['doubted']) or 'no call'}", flush=True)
    if phases:
        names = {"_sample_softly": "sampling (first deals)", "_policy_finals":
                 "policy continuations", "dd_table": "strain searches"}
        print("     " + "; ".join(f"{names[k]} {v:.2f} s" for k, v in row["phases"].items()))


def compare(args) -> int:
    """Each tree in its own process, in turn, ``--rounds`` times."""
    trees = {"before": str(Path(args.compare).resolve()), "after": str(HERE.parent)}
    same = True
    for samples in args.samples:
        got = {name: [] for name in trees}
        for _ in range(args.rounds):
            for name, tree in trees.items():
                with tempfile.NamedTemporaryFile(suffix=".json") as fh:
                    cmd = [sys.executable, __file__, "--tree", tree, "--samples", str(samples),
                           "--file", args.file, "--json", fh.name]
                    if args.workers is not None:
                        cmd += ["--workers", str(args.workers)]
                    cmd += ["--processes", str(args.processes)]
                    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
                    [row] = json.loads(Path(fh.name).read_text())
                got[name].append(row)
                print(f"  {name:<6} {row['seconds']:6.2f} s, CPU {row['cpu']:6.2f} s, "
                      f"{row['searches']} searches, {row.get('processes', 1)} process(es)",
                      flush=True)
        answers = {json.dumps(r["answers"]) for rows in got.values() for r in rows}
        same &= len(answers) == 1
        wall = {n: statistics.median(r["seconds"] for r in rows) for n, rows in got.items()}
        cpu = {n: statistics.median(r["cpu"] for r in rows) for n, rows in got.items()}
        print(f"{samples} samples a call, median of {args.rounds}: before {wall['before']:.2f} s "
              f"(CPU {cpu['before']:.2f}), after {wall['after']:.2f} s (CPU {cpu['after']:.2f}); "
              f"ratio {wall['after'] / wall['before']:.2f} (CPU "
              f"{cpu['after'] / cpu['before']:.2f}); searches {got['before'][0]['searches']} -> "
              f"{got['after'][0]['searches']}; "
              f"{'the same calls and means' if len(answers) == 1 else 'ANSWERS DIFFER'}; "
              f"load {os.getloadavg()[0]:.1f}", flush=True)
    return 0 if same else 1


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--samples", type=int, nargs="+", default=[30, 12])
    p.add_argument("--file", default=str(HERE.parent / "tests" / "data" / "vint_game.pbn"))
    p.add_argument("--budget", type=float, help="also time it with this budget (seconds) a deal")
    p.add_argument("--workers", type=int, help="the advisor's threads (default: all cores)")
    p.add_argument("--processes", type=int, default=2,
                   help="processes weighing the calls (default 2, vint review's; the phases "
                        "count this process only: give 1 to see them all)")
    p.add_argument("--phases", action="store_true", help="print the time of each phase")
    p.add_argument("--json", help="write the rows to this file")
    p.add_argument("--tree", help="import the advisor from this source tree (built in place)")
    p.add_argument("--compare", metavar="TREE",
                   help="review with TREE and with this tree in turn, --rounds times")
    p.add_argument("--rounds", type=int, default=3)
    args = p.parse_args(argv)
    sys.path.insert(0, str(Path(args.tree).resolve() if args.tree else HERE.parent))
    if args.compare:
        return compare(args)
    runs = [(n, None) for n in args.samples]
    if args.budget:
        runs += [(n, args.budget) for n in args.samples]
    rows = []
    for samples, budget in runs:
        rows.append(review_once(args.file, samples, budget, args.workers, args.processes))
        show(rows[-1], args.phases)
    if args.json:
        Path(args.json).write_text(json.dumps(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
