"""How wide are a budgeted Courts solve's bounds, and how long does it take?

python benchmarks/bench_courts_budget.py [ndeals] [--budgets 20000,100000,300000]
    [--exact N] [--strains CT,CTNT,MCT,MCTNT] [--hand QJ.KQJ.KQJ.T9832]

(``--hand``: the deals the advisor samples for South holding it, South declaring.)

For each random deal (seed 2026) and strain, North declares (the game's
leader, declarer's right-hand opponent, leads) and one solve per budget
is made on a fresh solver (as the advisor does, ``advisor.bidding.advise``):
the bounds' mean width, how often it is exact, the seconds a solve, and, where
a reference solve with ``--exact`` nodes (default 5,000,000) finishes, the
mean error in tricks of the bounds' middle, of the advisor's estimate
(``courts.estimate``: the target of the test the budget stopped) and of 6
clamped into the bounds. References are kept in benchmarks/courts_exact.json.
"""
import argparse
import json
import os
import time

import common  # noqa: F401  (puts this source tree first on sys.path)
from solver import Bounds
from solver.cards import Hand
from advisor.valuation.courts import play_of
from advisor.valuation.courts import Rough, estimate, fresh_tricks
# The same random deals (seed 2026) as the node bench, so the two read together.
from bench_courts_nodes import deals


#: Reference values, kept between runs (they cost a second a solve).
REFS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "courts_exact.json")


def main():
    refs = {}
    if os.path.exists(REFS):
        with open(REFS) as f:
            refs = json.load(f)
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ndeals", nargs="?", type=int, default=20,
                    help="random deals (seed 2026, the node bench's), or samples with --hand "
                         "(default 20)")
    ap.add_argument("--budgets", default="20000,100000,300000",
                    help="nodes a solve, comma-separated (default 20000,100000,300000)")
    ap.add_argument("--exact", type=int, default=5_000_000,
                    help="nodes of the reference solves (default 5,000,000)")
    ap.add_argument("--strains", default="CT,CTNT,MCT,MCTNT",
                    help="Courts strains, comma-separated (default CT,CTNT,MCT,MCTNT)")
    ap.add_argument("--hand", default=None,
                    help="South's hand (PBN S.H.D.C): the deals the advisor samples for it, "
                         "South declaring")
    args = ap.parse_args()
    try:
        budgets = [int(b) for b in args.budgets.split(",")]
    except ValueError:
        ap.error(f"--budgets takes whole numbers separated by commas, not {args.budgets!r}")
    if args.ndeals < 1 or args.exact < 1 or any(b < 1 for b in budgets):
        ap.error("ndeals, --exact and every budget must be at least 1")
    exact_nodes, strains, hand, n = args.exact, args.strains.split(","), args.hand, args.ndeals
    ds, declarer = deals(n), "N"
    if hand:                       # deals the advisor would sample for South's hand
        import numpy as np
        from advisor.bidding.sampling import sample_deals
        from solver.cards import Seat
        ds = sample_deals(Hand.from_pbn(hand), Seat.S, n, np.random.default_rng(5), {}).deals
        declarer = "S"
    for strain in strains:
        play_of(strain)
        key = f"{strain} {n} {exact_nodes}" + (f" {hand}" if hand else "")
        if key not in refs:
            refs[key] = []
            for d in ds:
                t = fresh_tricks(d, strain, declarer, exact_nodes, table_bits=19)
                refs[key].append(t if isinstance(t, int) else None)
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
            err, err6, err_est = [], [], []
            start = time.perf_counter()
            for d, r in zip(ds, ref):
                t = fresh_tricks(d, strain, declarer, b)
                if isinstance(t, (Bounds, Rough)):
                    width += t.upper - t.lower
                    lo, hi = t.lower, t.upper
                else:
                    exact += 1
                    lo = hi = t
                if r is not None:
                    err.append(abs((lo + hi) // 2 - r))
                    err6.append(abs(min(max(6, lo), hi) - r))
                    err_est.append(abs(estimate(t) - r))
            secs = (time.perf_counter() - start) / n
            mean_err = sum(err) / len(err) if err else float("nan")
            line.append(f"| {b:>7,}: width {width / n:4.1f} exact {exact:2}/{n} "
                        f"{secs * 1000:5.0f} ms err middle {mean_err:.2f}"
                        + (f" estimate {sum(err_est) / len(err_est):.2f}"
                           f" 6-clamped {sum(err6) / len(err6):.2f}" if err6 else ""))
        print(" ".join(line), line_const, flush=True)


if __name__ == "__main__":
    main()
