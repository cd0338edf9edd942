#!/usr/bin/env python
"""Benchmark ``solver.dd_table`` against DDS (``endplay.dds.calc_dd_table``, one thread).

Both solve the SAME deals in one run, alternating deal by deal (and which of
the two goes first), and every table is checked to agree. Our solver runs in a
child process, so that the child's peak resident memory (``ru_maxrss``) is our
solver's own and not DDS's or this script's; the child times each table itself,
so the pipe between the processes is not counted.

    python benchmarks/bench_dd.py                      # all three sets
    python benchmarks/bench_dd.py --set random --n 50
    python benchmarks/bench_dd.py --set hard --json out.json
    python benchmarks/bench_dd.py --workers 2 --n 40   # dd_tables speed-up, 1 vs 2 threads

See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from common import REPO, SETS, dds_table_timer, oracle_deals


def max_rss_kib() -> int:
    """This process's peak resident memory in KiB (ru_maxrss: KiB on Linux, bytes on macOS)."""
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss // 1024 if sys.platform == "darwin" else rss


# --- our solver, in a child process ---------------------------------------------------

def child_main() -> None:
    """Read one PBN deal a line on stdin, answer with its table and solve time."""
    import solver

    print(json.dumps({"ready": True, "baseline_kib": max_rss_kib()}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("quit"):
            break
        deal = solver.Deal.from_pbn(request["pbn"])
        start = time.perf_counter()
        table = solver.dd_table(deal)
        seconds = time.perf_counter() - start
        print(json.dumps({"seconds": seconds, "tricks": table.to_dict()}), flush=True)
    print(json.dumps({"peak_kib": max_rss_kib()}), flush=True)


class OurSolver:
    def __init__(self):
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--child"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=str(REPO),
            env={**os.environ, "PYTHONPATH": os.pathsep.join(
                [str(REPO)] + [p for p in [os.environ.get("PYTHONPATH")] if p])})
        self.baseline_kib = self._read()["baseline_kib"]

    def _read(self) -> dict:
        line = self.proc.stdout.readline()
        if not line:
            sys.exit(f"error: the solver's process stopped (exit code {self.proc.wait()})")
        return json.loads(line)

    def dd_table(self, pbn: str) -> tuple:
        self.proc.stdin.write(json.dumps({"pbn": pbn}) + "\n")
        self.proc.stdin.flush()
        answer = self._read()
        return answer["seconds"], answer["tricks"]

    def close(self) -> int:
        """Stop the child; its peak RSS in KiB."""
        self.proc.stdin.write(json.dumps({"quit": True}) + "\n")
        self.proc.stdin.flush()
        peak = self._read()["peak_kib"]
        self.proc.wait()
        return peak


def bench_set(name: str, deals: list, ours: OurSolver, dds_table, progress) -> dict:
    ours_s, dds_s, ratios, mismatches = [], [], [], []
    for i, pbn in enumerate(deals):
        if i % 2 == 0:
            (t_ours, ours_tricks), (t_dds, dds_tricks) = ours.dd_table(pbn), dds_table(pbn)
        else:
            (t_dds, dds_tricks), (t_ours, ours_tricks) = dds_table(pbn), ours.dd_table(pbn)
        ours_s.append(t_ours)
        dds_s.append(t_dds)
        ratios.append(t_ours / t_dds if t_dds > 0 else float("inf"))
        if ours_tricks != dds_tricks:
            mismatches.append({"deal": pbn, "dds": dds_tricks, "ours": ours_tricks})
        progress(name, i + 1, len(deals))
    worst = max(range(len(deals)), key=lambda i: ratios[i])
    return {
        "set": name, "deals": len(deals),
        "ours_total_s": sum(ours_s), "dds_total_s": sum(dds_s),
        "total_ratio": sum(ours_s) / sum(dds_s),
        "mean_ratio": statistics.mean(ratios), "median_ratio": statistics.median(ratios),
        "worst_ratio": ratios[worst], "worst_deal": deals[worst],
        "ours_max_s": max(ours_s), "dds_max_s": max(dds_s),
        "ours_per_deal_s": ours_s, "dds_per_deal_s": dds_s,
        "agree": not mismatches, "mismatches": mismatches,
    }


def bench_workers(deals: list, workers: int) -> dict:
    import solver

    timings, results = {}, {}
    for w in (1, workers):
        start = time.perf_counter()
        tables = solver.dd_tables([solver.Deal.from_pbn(p) for p in deals], workers=w)
        timings[w] = time.perf_counter() - start
        results[w] = [t.to_dict() for t in tables]
    return {"deals": len(deals), "workers": workers,
            "seconds_1": timings[1], f"seconds_{workers}": timings[workers],
            "speedup": timings[1] / timings[workers], "agree": results[1] == results[workers]}


# --- output ------------------------------------------------------------------------------

def show_sets(results: list, ours_peak_kib: int, ours_base_kib: int, dds_peak_kib: int):
    headers = ["set", "deals", "ours s", "DDS s", "ratio total",
               "mean", "median", "worst", "agree"]
    rows = [[r["set"], str(r["deals"]), f"{r['ours_total_s']:.2f}", f"{r['dds_total_s']:.2f}",
             f"{r['total_ratio']:.2f}", f"{r['mean_ratio']:.2f}", f"{r['median_ratio']:.2f}",
             f"{r['worst_ratio']:.2f}", "yes" if r["agree"] else f"NO ({len(r['mismatches'])})"]
            for r in results]
    notes = ["ratio = our time / DDS time (one thread each; mean, median and worst of the "
             "per-deal ratios); below 1 we are faster.",
             f"our solver's process: peak RSS {ours_peak_kib / 1024:.1f} MiB "
             f"({ours_base_kib / 1024:.1f} MiB after importing, before solving).",
             f"DDS's process (this script, endplay loaded): peak RSS {dds_peak_kib / 1024:.1f} MiB."]
    for r in results:
        notes.append(f"worst {r['set']} deal ({r['worst_ratio']:.2f}x): {r['worst_deal']}")
        for m in r["mismatches"][:5]:
            notes.append(f"MISMATCH {m['deal']}: DDS {m['dds']} ours {m['ours']}")
    print_table("dd_table: ours vs DDS", headers, rows, notes)


def print_table(title: str, headers: list, rows: list, notes: list):
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:
        widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
        print(title)
        print("  ".join(h.rjust(w) for h, w in zip(headers, widths)))
        for r in rows:
            print("  ".join(c.rjust(w) for c, w in zip(r, widths)))
    else:
        table = Table(title=title)
        for h in headers:
            table.add_column(h, justify="right")
        for r in rows:
            table.add_row(*r)
        Console(width=max(100, Console().width)).print(table)
    for note in notes:
        print(note)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", choices=[*SETS, "all"], default="all")
    parser.add_argument("--n", type=int, default=100,
                        help="random deals to use from dd_tables.jsonl (default 100)")
    parser.add_argument("--workers", type=int, default=None,
                        help="instead: time solver.dd_tables with 1 and with this many workers")
    parser.add_argument("--json", metavar="PATH",
                        help="write the numbers as JSON to PATH ('-' for stdout)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child_main()
        return 0

    names = list(SETS) if args.set == "all" else [args.set]
    if args.workers:
        deals = [d for name in names
                 for d in oracle_deals(name, args.n if name == "random" else None)]
        out = bench_workers(deals, args.workers)
        print_table(f"solver.dd_tables: 1 vs {args.workers} workers",
                    ["deals", "1 worker s", f"{args.workers} workers s", "speed-up", "agree"],
                    [[str(out["deals"]), f"{out['seconds_1']:.2f}",
                      f"{out[f'seconds_{args.workers}']:.2f}", f"{out['speedup']:.2f}",
                      "yes" if out["agree"] else "NO"]],
                    [f"machine: {os.cpu_count()} cores"])
        ok = out["agree"]
    else:
        dds_table = dds_table_timer()
        ours = OurSolver()
        results = []

        def progress(name, done, total):
            print(f"\r{name}: {done}/{total}", end="", file=sys.stderr, flush=True)

        try:
            for name in names:
                deals = oracle_deals(name, args.n if name == "random" else None)
                results.append(bench_set(name, deals, ours, dds_table, progress))
                print(file=sys.stderr)
        finally:
            peak = ours.close()
        out = {"sets": results, "ours_peak_rss_kib": peak,
               "ours_baseline_rss_kib": ours.baseline_kib, "dds_process_peak_rss_kib": max_rss_kib()}
        show_sets(results, peak, ours.baseline_kib, max_rss_kib())
        ok = all(r["agree"] for r in results)
    if args.json:
        text = json.dumps(out, indent=1)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n", encoding="utf-8")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
