#!/usr/bin/env python
"""Benchmark ``advisor.recommend``: seconds per recommendation, and its deals solved by DDS.

For each sample count (default 100 and 200) the script

1. times one ``recommend(...)`` end to end (sampling, solving on all cores,
   scoring; early stopping off unless ``--early-stop``);
2. solves the same sampled deals again, one thread, the way the advisor does
   (only the strains and declarers the candidates need), and checks the
   tricks against DDS;
3. solves the same deals with DDS (``endplay.dds.calc_dd_table``, one thread:
   ``common.dds_table_timer``, as benchmarks/bench_dd.py does), which always
   solves all 5 strains x 4 declarers, and prints the ratio ours / DDS;
4. with ``--full``, also times our full ``dd_table`` on the same deals (the
   like-for-like ratio).

    python benchmarks/bench_advise.py                     # 100 and 200 samples
    python benchmarks/bench_advise.py --samples 50 --full
    python benchmarks/bench_advise.py --hand AKQJT98.A.A2.A93 --seat S --dealer S --auction ""
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from common import dds_table_timer, timed    # common puts this source tree on the path


def bench(n: int, args, dds) -> dict:
    import solver
    from advisor.bidding.advise import prepare, recommend, value_sample
    from advisor.bidding.policy import Policy

    reply = "none" if args.no_reply else args.reply
    wall, rec = timed(recommend, args.hand, seat=args.seat, dealer=args.dealer,
                      auction=args.auction, rules=args.rules, samples=n, seed=args.seed,
                      reply=reply, workers=args.workers, early_stop=args.early_stop,
                      prune=not args.no_prune)
    sit = prepare(args.hand, seat=args.seat, dealer=args.dealer, auction=args.auction,
                  rules=args.rules)

    # the candidates recommend still scored at each sample (prune drops the clearly worse)
    scored_on = [rec.candidate(call).samples for call, _, _ in sit.candidates]
    policy = Policy(sit.rules)
    ours_s, dds_s, full_s, entries, mismatches = [], [], [], 0, []
    for i, deal in enumerate(rec.deals):
        pbn = deal.to_pbn()
        live = tuple(k for k, n in enumerate(scored_on) if n > i)
        # with the policy: the continuations, then what they need solved
        seconds, (valuer, _) = timed(value_sample, sit, deal,
                                     policy=policy if reply == "policy" else None,
                                     par_reply=reply == "par", live=live)
        ours_s.append(seconds)
        tricks = valuer.solved
        entries += len(tricks)
        seconds, table = dds(pbn)
        dds_s.append(seconds)
        if args.rules in ("vint", "vint-foster", "skruuvi", "skruuvi-old"):  # LHO leads
            for (seat, strain), t in tricks.items():
                if table[seat][strain] != t:
                    mismatches.append({"deal": pbn, "entry": f"{seat} {strain}",
                                       "ours": t, "dds": table[seat][strain]})
        if args.full:
            full_s.append(timed(solver.dd_table, deal)[0])
    out = {"samples": rec.samples, "call": rec.call, "reason": rec.reason,
           "candidates": len(scored_on),
           "candidates_on_all": sum(n == rec.samples for n in scored_on),
           "recommend_s": wall, "per_sample_s": wall / rec.samples,
           "ours_needed_1thread_s": sum(ours_s), "entries_per_deal": entries / rec.samples,
           "dds_full_1thread_s": sum(dds_s),
           "ratio_needed_vs_dds_full": sum(ours_s) / sum(dds_s),
           "ours_max_deal_s": max(ours_s), "dds_max_deal_s": max(dds_s),
           "mismatches": mismatches}
    if full_s:
        out["ours_full_1thread_s"] = sum(full_s)
        out["ratio_full_vs_dds_full"] = sum(full_s) / sum(dds_s)
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--samples", type=int, nargs="+", default=[100, 200])
    p.add_argument("--hand", default="AKQ87.KJ4.A2.T93")
    p.add_argument("--seat", default="S")
    p.add_argument("--dealer", default="N")
    p.add_argument("--auction", default="1H P")
    p.add_argument("--rules", default="vint")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=None, help="threads (default: all cores)")
    p.add_argument("--reply", choices=["policy", "par", "none"], default="policy",
                   help="how the bidding goes on after each call (recommend's reply=)")
    p.add_argument("--no-reply", action="store_true", help="the same as --reply none")
    p.add_argument("--early-stop", action="store_true", help="let recommend stop early")
    p.add_argument("--no-prune", action="store_true",
                   help="score every candidate on every sample (recommend's prune=False)")
    p.add_argument("--full", action="store_true", help="also time our full dd_table")
    p.add_argument("--json", help="write the results to this file")
    args = p.parse_args(argv)
    dds = dds_table_timer()
    results = []
    for n in args.samples:
        r = bench(n, args, dds)
        results.append(r)
        print(f"{n} samples -> {r['samples']} used: recommend {r['recommend_s']:.1f} s "
              f"({r['per_sample_s'] * 1000:.0f} ms/sample, all cores) -> {r['call']}")
        print(f"   same deals, one thread: ours (needed {r['entries_per_deal']:.1f} entries/deal) "
              f"{r['ours_needed_1thread_s']:.1f} s, DDS full table {r['dds_full_1thread_s']:.1f} s,"
              f" ratio {r['ratio_needed_vs_dds_full']:.2f}")
        if "ours_full_1thread_s" in r:
            print(f"   ours full table {r['ours_full_1thread_s']:.1f} s, "
                  f"ratio full/full {r['ratio_full_vs_dds_full']:.2f}")
        print(f"   candidates scored on every sample: {r['candidates_on_all']} of "
              f"{r['candidates']}")
        print(f"   slowest deal: ours {r['ours_max_deal_s']:.2f} s, DDS {r['dds_max_deal_s']:.2f} s;"
              f" mismatches with DDS: {len(r['mismatches'])}")
        print(f"   {r['reason']}")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    return 1 if any(r["mismatches"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
