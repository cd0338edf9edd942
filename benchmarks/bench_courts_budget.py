"""How wide are a budgeted Courts solve's bounds, and how long does it take?

PYTHONPATH=. python benchmarks/bench_courts_budget.py [ndeals] [--budgets 20000,100000,300000]
    [--exact N] [--strains CT,CTNT,MCT,MCTNT]

For each random deal (seed 2026) and strain, North declares (East... no: the
game's leader, declarer's right-hand opponent, leads) and one solve per budget
is made on a fresh solver (as the advisor does, ``advisor.bidding.advise``):
the bounds' mean width, how often it is exact, the seconds a solve, and, where
a reference solve with ``--exact`` nodes (default 5,000,000) finishes, the
mean error of the bounds' middle (the advisor's estimate) in tricks.
"""
import json
import os
import random
import sys
import time

from solver import Bounds
from solver.cards import Card, Deal, Hand
from advisor.semi_play import play_of
from advisor.semi_play import fresh_tricks


#: Reference values, kept between runs (they cost a second a solve).
REFS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "courts_exact.json")


def deals(n, seed=2026):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        deck = [Card(s, r) for s in range(4) for r in range(2, 15)]
        rng.shuffle(deck)
        out.append(Deal([Hand(deck[13 * i:13 * i + 13]) for i in range(4)]))
    return out


def _opt(args, name, default):
    if name in args:
        i = args.index(name)
        value = args[i + 1]
        del args[i:i + 2]
        return value
    return default


def main():
    refs = {}
    if os.path.exists(REFS):
        with open(REFS) as f:
            refs = json.load(f)
    args = sys.argv[1:]
    budgets = [int(b) for b in _opt(args, "--budgets", "20000,100000,300000").split(",")]
    exact_nodes = int(_opt(args, "--exact", "5000000"))
    strains = _opt(args, "--strains", "CT,CTNT,MCT,MCTNT").split(",")
    n = int(args[0]) if args else 20
    ds = deals(n)
    for strain in strains:
        play_of(strain)
        key = f"{strain} {n} {exact_nodes}"
        if key not in refs:
            refs[key] = []
            for d in ds:
                t = fresh_tricks(d, strain, "N", exact_nodes, table_bits=19)
                refs[key].append(None if isinstance(t, Bounds) else t)
            with open(REFS, "w") as f:
                json.dump(refs, f)
        ref = refs[key]
        known = [r for r in ref if r is not None]
        if known:
            line_const = " ".join(
                f"always {c}: {sum(abs(r - c) for r in known) / len(known):.2f}" for c in (6, 7))
        else:
            line_const = ""
        line = [f"{strain:6} exact ref {sum(r is not None for r in ref)}/{n}"]
        for b in budgets:
            width = exact = 0
            err, err6 = [], []
            start = time.perf_counter()
            for d, r in zip(ds, ref):
                t = fresh_tricks(d, strain, "N", b)
                if isinstance(t, Bounds):
                    width += t.upper - t.lower
                    mid = (t.lower + t.upper) // 2
                else:
                    exact += 1
                    mid = t
                lo, hi = (t.lower, t.upper) if isinstance(t, Bounds) else (t, t)
                if r is not None:
                    err.append(abs(mid - r))
                    err6.append(abs(min(max(6, lo), hi) - r))
            secs = (time.perf_counter() - start) / n
            mean_err = sum(err) / len(err) if err else float("nan")
            line.append(f"| {b:>7,}: width {width / n:4.1f} exact {exact:2}/{n} "
                        f"{secs * 1000:5.0f} ms err {mean_err:.2f}"
                        + (f" (6 clamped {sum(err6) / len(err6):.2f})" if err6 else ""))
        print(" ".join(line), line_const, flush=True)


if __name__ == "__main__":
    main()
