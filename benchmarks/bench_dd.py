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
    python benchmarks/bench_dd.py --bridge-solver /work/anchors-build/bridge-solver/solver

``--bridge-solver PATH`` adds a third column: macroxue's bridge-solver (built
outside this repository, ../shared/anchors/README.md) on the same deals in the
same run, one process a deal; both its own reported time and the process's
wall time are kept, and its tricks are checked against ours.

See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import REPO, SEATS, SETS, STRAINS, dds_table_timer, oracle_deals


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


# --- bridge-solver (macroxue), one process a deal ----------------------------------------

#: A result line of ``solver -f FILE``: strain, tricks with South / North / West / East
#: declaring, the cumulative seconds since it started solving.
BS_LINE = re.compile(r"^([NSHDC])\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+([\d.]+) s")
BS_STRAIN = {"N": "NT", "S": "S", "H": "H", "D": "D", "C": "C"}


def bridge_solver_input(pbn: str) -> str:
    """A deal in bridge-solver's file layout: North; West and East on one line, four
    spaces or more apart; South; suits S H D C, ``-`` for a void."""
    first, hands = pbn.split(":", 1)
    start = SEATS.index(first.strip().upper())
    by_seat = {SEATS[(start + i) % 4]: hand for i, hand in enumerate(hands.split())}

    def hand(seat):
        return " ".join(suit or "-" for suit in by_seat[seat].split("."))

    return (f"{' ' * 16}{hand('N')}\n{hand('W')}{' ' * 8}{hand('E')}\n"
            f"{' ' * 16}{hand('S')}\n")


def parse_bridge_solver(text: str) -> tuple:
    """(its own seconds for the whole table, tricks {seat: {strain: n}}) from its output."""
    tricks = {seat: {} for seat in SEATS}
    seconds = None
    for line in text.splitlines():
        m = BS_LINE.match(line.strip())
        if not m:
            continue
        strain = BS_STRAIN[m.group(1)]
        for seat, n in zip("SNWE", m.group(2, 3, 4, 5)):
            tricks[seat][strain] = int(n)
        seconds = float(m.group(6))  # cumulative: the last line is the whole table
    if seconds is None or any(len(t) != len(STRAINS) for t in tricks.values()):
        raise ValueError(f"unexpected bridge-solver output:\n{text}")
    return seconds, tricks


class BridgeSolver:
    """macroxue's bridge-solver as a third column: one ``PATH -f FILE`` process a deal."""

    def __init__(self, path: str):
        self.path = str(Path(path).resolve())
        if not os.access(self.path, os.X_OK):
            sys.exit(f"error: {path} is not an executable bridge-solver")
        self.tmp = tempfile.TemporaryDirectory(prefix="bench_dd_bs_")

    def dd_table(self, pbn: str) -> tuple:
        """(its own seconds, the process's wall seconds, tricks {seat: {strain: n}})."""
        deal_file = Path(self.tmp.name) / "deal.txt"
        deal_file.write_text(bridge_solver_input(pbn), encoding="ascii")
        start = time.perf_counter()
        done = subprocess.run([self.path, "-f", str(deal_file), "-m", "0"],
                              capture_output=True, text=True)
        wall = time.perf_counter() - start
        if done.returncode != 0:
            sys.exit(f"error: bridge-solver failed on {pbn}:\n{done.stderr}")
        seconds, tricks = parse_bridge_solver(done.stdout)
        return seconds, wall, tricks

    def close(self):
        self.tmp.cleanup()


def bench_set(name: str, deals: list, ours: OurSolver, dds_table, progress,
              bridge: BridgeSolver | None = None) -> dict:
    """Time every solver on each deal in turn; which goes first rotates deal by deal."""
    ours_s, dds_s, ratios, mismatches = [], [], [], []
    bs_s, bs_wall = [], []

    def run_ours(pbn):
        seconds, tricks = ours.dd_table(pbn)
        ours_s.append(seconds)
        return tricks

    def run_dds(pbn):
        seconds, tricks = dds_table(pbn)
        dds_s.append(seconds)
        return tricks

    def run_bridge(pbn):
        seconds, wall, tricks = bridge.dd_table(pbn)
        bs_s.append(seconds)
        bs_wall.append(wall)
        return tricks

    runners = [("ours", run_ours), ("dds", run_dds)]
    if bridge is not None:
        runners.append(("bridge-solver", run_bridge))
    for i, pbn in enumerate(deals):
        order = runners[i % len(runners):] + runners[:i % len(runners)]
        if (i // len(runners)) % 2:
            order.reverse()
        tricks = {who: run(pbn) for who, run in order}
        ratios.append(ours_s[-1] / dds_s[-1] if dds_s[-1] > 0 else float("inf"))
        for who, got in tricks.items():
            if who != "ours" and got != tricks["ours"]:
                mismatches.append({"deal": pbn, "solver": who, "theirs": got,
                                   "ours": tricks["ours"]})
        progress(name, i + 1, len(deals))
    worst = max(range(len(deals)), key=lambda i: ratios[i])
    out = {
        "set": name, "deals": len(deals),
        "ours_total_s": sum(ours_s), "dds_total_s": sum(dds_s),
        "total_ratio": sum(ours_s) / sum(dds_s),
        "mean_ratio": statistics.mean(ratios), "median_ratio": statistics.median(ratios),
        "worst_ratio": ratios[worst], "worst_deal": deals[worst],
        "ours_max_s": max(ours_s), "dds_max_s": max(dds_s),
        "ours_per_deal_s": ours_s, "dds_per_deal_s": dds_s,
        "agree": not mismatches, "mismatches": mismatches,
    }
    if bridge is not None:
        out.update({
            "bs_total_s": sum(bs_s), "bs_wall_total_s": sum(bs_wall),
            "bs_dds_ratio": sum(bs_s) / sum(dds_s),
            "ours_bs_ratio": sum(ours_s) / sum(bs_s) if sum(bs_s) > 0 else float("inf"),
            "ours_bs_wall_ratio": sum(ours_s) / sum(bs_wall),
            "bs_per_deal_s": bs_s, "bs_wall_per_deal_s": bs_wall,
        })
    return out


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
    bridge = "bs_total_s" in results[0]
    headers = ["set", "deals", "ours s", "DDS s", "ratio total",
               "mean", "median", "worst", "agree"]
    if bridge:
        headers[4:4] = ["BS s", "BS wall s", "BS/DDS", "ours/BS"]
    rows = []
    for r in results:
        row = [r["set"], str(r["deals"]), f"{r['ours_total_s']:.2f}", f"{r['dds_total_s']:.2f}",
               f"{r['total_ratio']:.2f}", f"{r['mean_ratio']:.2f}", f"{r['median_ratio']:.2f}",
               f"{r['worst_ratio']:.2f}", "yes" if r["agree"] else f"NO ({len(r['mismatches'])})"]
        if bridge:
            row[4:4] = [f"{r['bs_total_s']:.2f}", f"{r['bs_wall_total_s']:.2f}",
                        f"{r['bs_dds_ratio']:.2f}", f"{r['ours_bs_ratio']:.2f}"]
        rows.append(row)
    notes = ["ratio = our time / DDS time (one thread each; mean, median and worst of the "
             "per-deal ratios); below 1 we are faster.",
             f"our solver's process: peak RSS {ours_peak_kib / 1024:.1f} MiB "
             f"({ours_base_kib / 1024:.1f} MiB after importing, before solving).",
             f"DDS's process (this script, endplay loaded): peak RSS {dds_peak_kib / 1024:.1f} MiB."]
    if bridge:
        notes.insert(1, "BS = bridge-solver: 'BS s' its own reported time (0.01 s steps a deal), "
                        "'BS wall s' its processes' wall time; BS/DDS and ours/BS by its own "
                        "time (ours over its wall time: "
                        + ", ".join(f"{r['set']} {r['ours_bs_wall_ratio']:.2f}" for r in results)
                        + ").")
    for r in results:
        notes.append(f"worst {r['set']} deal ({r['worst_ratio']:.2f}x): {r['worst_deal']}")
        for m in r["mismatches"][:5]:
            notes.append(f"MISMATCH {m['deal']}: {m['solver']} {m['theirs']} ours {m['ours']}")
    print_table("dd_table: ours vs DDS" + (" vs bridge-solver" if bridge else ""),
                headers, rows, notes)


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
        Console(width=max(100 + 10 * (len(headers) - 9), Console().width)).print(table)
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
    parser.add_argument("--bridge-solver", metavar="PATH",
                        help="also time macroxue's bridge-solver (its binary, built outside "
                             "the repository) on the same deals")
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
        bridge = BridgeSolver(args.bridge_solver) if args.bridge_solver else None
        results = []

        def progress(name, done, total):
            print(f"\r{name}: {done}/{total}", end="", file=sys.stderr, flush=True)

        try:
            for name in names:
                deals = oracle_deals(name, args.n if name == "random" else None)
                results.append(bench_set(name, deals, ours, dds_table, progress, bridge))
                print(file=sys.stderr)
        finally:
            peak = ours.close()
            if bridge is not None:
                bridge.close()
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
