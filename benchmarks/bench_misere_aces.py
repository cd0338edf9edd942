#!/usr/bin/env python
"""What the misère aces are worth on average: exact scores with the aces against
the fewest-tricks score, on random full deals.

The advisor cannot afford the exact scored search (about a minute a full
deal) for each sample, so it scores a misère by its fewest tricks and adds
``advisor.valuation.misere.ACES_MEAN``: the mean of (exact score with the aces) −
(fewest-tricks score) for the side not on lead, measured here. Each row is a
random deal, North declaring (North-South's objective for ``AP``), East on
lead, so North-South is the side not on lead, as a bid misère's declaring
side always is.

The rows are kept in ``benchmarks/misere_aces.json`` (an exact search takes
5-260 s a deal); ``--add`` solves more and appends them, the report reads
them all:

    python benchmarks/bench_misere_aces.py                 # the report
    python benchmarks/bench_misere_aces.py --add --rules skruuvi --contract 6M --n 8 --seed 25

Deals whose search reached ``--budget`` keep their proved bounds and are left
out of the means (they are counted in the report).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from common import full_deck, shuffled_deal

DATA = Path(__file__).with_name("misere_aces.json")


def load(path: Path = DATA) -> dict:
    """``{rules: {contract: [row, ...]}}``; a row: ``deal``, ``trick_score`` (the
    fewest-tricks score, North-South's), ``scored`` (exact, or ``[lower, upper]``),
    ``seconds``, ``seed``."""
    return json.loads(path.read_text()) if path.exists() else {}


def differences(rows) -> list:
    """Exact score minus fewest-tricks score, over the rows solved exactly."""
    return [r["scored"] - r["trick_score"] for r in rows if isinstance(r["scored"], int)]


def solve_rows(rules: str, contract: str, n: int, seed: int, budget: float) -> list:
    import solver
    from advisor.game import rule_set

    rs = rule_set(rules)
    rng = random.Random(seed)
    deck = full_deck()
    rows = []
    for _ in range(n):
        deal = shuffled_deal(rng, deck)
        objective = rs.play_objective(deal, contract, "N")
        start = time.perf_counter()
        ew = solver.solve(deal, "NT", "E", misere=True)        # East's side is on lead
        value = solver.solve_scored(deal, "NT", "E", objective, max_seconds=budget)
        rows.append({"deal": deal.to_pbn(), "trick_score": objective.by_tricks[13 - ew],
                     "scored": value if isinstance(value, int) else list(value),
                     "seconds": round(time.perf_counter() - start, 1), "seed": seed})
        print(f"  {rows[-1]}", flush=True)
    return rows


def report(data: dict) -> None:
    from advisor.valuation.misere import ACES_MEAN

    print("rules        contract  deals  exact  mean diff  (SE)  mean |diff|  "
          "after the mean  ACES_MEAN")
    for rules, by_contract in data.items():
        for contract, rows in by_contract.items():
            d = differences(rows)
            if not d:
                continue
            mean = sum(d) / len(d)
            se = (sum((x - mean) ** 2 for x in d) / max(1, len(d) - 1) / len(d)) ** 0.5
            print(f"{rules:<12} {contract:<8}  {len(rows):>5}  {len(d):>5}  {mean:+9.1f}  "
                  f"({se:.1f})  {sum(map(abs, d)) / len(d):11.1f}  "
                  f"{sum(abs(x - mean) for x in d) / len(d):14.1f}  "
                  f"{ACES_MEAN.get((rules, contract), '-')!s:>9}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--add", action="store_true", help="solve --n more deals and keep them")
    p.add_argument("--rules", default="skruuvi", choices=["skruuvi", "skruuvi-old"])
    p.add_argument("--contract", default="5M", choices=["5M", "6M", "7M", "AP"])
    p.add_argument("--n", type=int, default=8)
    p.add_argument("--seed", type=int, default=23)
    p.add_argument("--budget", type=float, default=150, help="seconds for each exact search")
    args = p.parse_args(argv)
    data = load()
    if args.add:
        kept = data.get(args.rules, {}).get(args.contract, [])
        if any(r["seed"] == args.seed for r in kept):
            p.error(f"seed {args.seed} already dealt {args.rules} {args.contract}'s rows: "
                    f"another seed deals new deals")
        rows = solve_rows(args.rules, args.contract, args.n, args.seed, args.budget)
        data.setdefault(args.rules, {}).setdefault(args.contract, []).extend(rows)
        DATA.write_text(json.dumps(data, indent=1) + "\n")
    report(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
