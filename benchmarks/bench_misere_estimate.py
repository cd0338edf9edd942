#!/usr/bin/env python
"""The advisor's misère estimate against exact misère values on random full deals.

When the advisor's budgeted misère search (``advisor.misere.ADVICE_NODES``)
stops early it has proved bounds on the tricks, and ``misere_value`` scores
their middle. This asks whether a quick look at the hands guesses better.
On random full deals (seed 19; declarer drawn at random, Skruuvi's opening
leader on lead, as ``misere_value`` plays it) it compares, against the exact
value (tricks of the side on lead), the mean absolute error and correlation
of (a) the middle of the bounds, (b) a hand estimate rounded and clamped
into the bounds, (c) the estimate alone, (d) constants.

The estimates are linear in features of the four hands, side on lead minus
the other side: ``low`` (each card below an 8 weighs 8 - rank: low cards let
a hand duck), ``ranks`` (sum of the ranks), ``share`` (each suit played out
round by round on its own, every hand playing upwards, the side's share of
the rounds won, in tricks). Their weights are fitted (least squares) on the
even-numbered deals only, and the table reports the odd ("held out") deals
apart. ``low`` alone was the choice made on the first 60 deals' tuning half
(leave-one-out error there: low 0.97, low + share 0.93, ranks 1.03; middle
of the bounds 1.23); the others are shown for the record. Deals 60-119 were
added afterwards, untouched by any choice.

The exact values (seconds each; a deal over ``EXACT_NODES`` is left out) are
cached in ``benchmarks/misere_exact.json`` so a rerun takes seconds; deals
missing from the cache are solved and added.

    python benchmarks/bench_misere_estimate.py              # 120 deals, seed 19
    python benchmarks/bench_misere_estimate.py --budget 300000
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # the in-place build (python setup.py build_ext --inplace)
    sys.path.insert(0, str(REPO))

CACHE = Path(__file__).with_name("misere_exact.json")


def deals(n, seed):
    """``[(deal, leader Seat)]``: random full deals, the leader declarer's opening leader."""
    from solver import Card, Deal, Hand
    from solver.cards import SEATS
    from advisor.game import rule_set
    rs = rule_set("skruuvi")
    rng = random.Random(seed)
    deck = [Card(s, r) for s in range(4) for r in range(2, 15)]
    out = []
    for _ in range(n):
        rng.shuffle(deck)
        deal = Deal([Hand(deck[13 * k:13 * k + 13]) for k in range(4)])
        declarer = rng.choice(SEATS)
        out.append((deal, rs.opening_leader(declarer)))
    return out


def key(deal, leader):
    return " ".join(str(m) for m in deal.masks) + " " + leader.name


#: Nodes allowed an exact solve (about a minute): a deal beyond it is left out
#: of the comparison (its proved bounds are cached, and counted in the table).
EXACT_NODES = 150_000_000


def exact_values(items, *, verbose=False):
    """Exact misère tricks of the side on lead, ``None`` for a deal beyond ``EXACT_NODES``."""
    import solver
    cache = json.loads(CACHE.read_text()) if CACHE.exists() else {}
    changed = False
    for i, (deal, leader) in enumerate(items):
        k = key(deal, leader)
        if k not in cache:
            start = time.perf_counter()
            value = solver.solve(deal, "NT", leader, misere=True, max_nodes=EXACT_NODES)
            cache[k] = [value.lower, value.upper] if isinstance(value, solver.Bounds) else value
            changed = True
            if verbose:
                print(f"deal {i}: {cache[k]} ({time.perf_counter() - start:.1f} s)", flush=True)
            CACHE.write_text(json.dumps(cache, indent=0, sort_keys=True) + "\n")
    return [cache[key(d, l)] if isinstance(cache[key(d, l)], int) else None for d, l in items]


def mae(xs, ys):
    return sum(abs(x - y) for x, y in zip(xs, ys)) / len(xs)


def corr(xs, ys):
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / (sxx * syy) ** 0.5 if sxx and syy else float("nan")


def _suit_rounds(ranks):
    """Rounds each seat wins when one suit is played out on its own, each seat
    playing its cards from the lowest up. ``ranks``: four ascending lists."""
    held = [list(h) for h in ranks]
    won = [0, 0, 0, 0]
    while any(held):
        won[max((h.pop(0), seat) for seat, h in enumerate(held) if h)[1]] += 1
    return won


def features(deal, leader):
    """``{name: value}``, the side on lead minus the other side (``share``: its tricks)."""
    from solver.cards import SEATS
    ours = {int(leader), (int(leader) + 2) % 4}
    sign = [1 if seat in ours else -1 for seat in range(4)]
    low = ranks = 0
    by_suit = [[[] for _ in range(4)] for _ in range(4)]
    for seat in SEATS:
        for card in deal[seat]:
            low += sign[int(seat)] * max(0, 8 - card.rank)
            ranks += sign[int(seat)] * card.rank
            by_suit[card.suit][int(seat)].append(card.rank)
    won = [0, 0, 0, 0]
    for suit in range(4):
        for seat, n in enumerate(_suit_rounds([sorted(h) for h in by_suit[suit]])):
            won[seat] += n
    share = 13 * sum(won[s] for s in ours) / sum(won)
    return {"low": low, "ranks": ranks, "share": share}


MODELS = {"low": ["low"], "low + share": ["low", "share"], "ranks": ["ranks"]}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=120)
    p.add_argument("--seed", type=int, default=19)
    p.add_argument("--budget", type=int, default=None,
                   help="nodes of the budgeted search (advisor.misere.ADVICE_NODES)")
    p.add_argument("--verbose", action="store_true")
    args = p.parse_args(argv)

    import numpy as np
    import solver
    from advisor import misere
    budget = args.budget or misere.ADVICE_NODES
    items = deals(args.n, args.seed)
    exact = exact_values(items, verbose=args.verbose)
    rows = []
    skipped = sum(value is None for value in exact)
    for i, ((deal, leader), value) in enumerate(zip(items, exact)):
        if value is None:
            continue
        b = solver.solve(deal, "NT", leader, misere=True, max_nodes=budget)
        lo, hi = (b.lower, b.upper) if isinstance(b, solver.Bounds) else (b, b)
        rows.append(dict(i=i, exact=value, lo=lo, hi=hi, f=features(deal, leader)))
    tune = [r for r in rows if r["i"] % 2 == 0]
    weights = {}
    for name, cols in MODELS.items():
        x = np.array([[1.0] + [r["f"][c] for c in cols] for r in tune])
        weights[name], *_ = np.linalg.lstsq(x, np.array([r["exact"] for r in tune]), rcond=None)
        for r in rows:
            r[name] = float(np.dot(weights[name], [1.0] + [r["f"][c] for c in cols]))
    if args.verbose:
        for r in rows:
            print(f"deal {r['i']:3}: exact {r['exact']:2}  bounds {r['lo']:2}-{r['hi']:2}  "
                  + "  ".join(f"{m} {r[m]:5.2f}" for m in MODELS))
    halves = {"tune (even deals)": [r for r in rows if r["i"] % 2 == 0],
              "held out (odd deals)": [r for r in rows if r["i"] % 2], "all": rows}
    print(f"{args.n} deals, seed {args.seed}, budget {budget:,}: tricks of the side on lead, "
          f"exact mean {sum(r['exact'] for r in rows) / len(rows):.2f}; "
          f"{skipped} left out (over {EXACT_NODES:,} nodes exact); "
          f"{sum(r['lo'] == r['hi'] for r in rows)} budgeted searches finished, mean width "
          f"{sum(r['hi'] - r['lo'] for r in rows) / len(rows):.1f}")
    for name, rs in halves.items():
        ex = [r["exact"] for r in rs]
        const = round(sum(r["exact"] for r in tune) / len(tune))
        ways = {
            "(a) middle of the bounds": [(r["lo"] + r["hi"]) // 2 for r in rs],
            **{f"(b) {m} clamped": [min(max(round(r[m]), r["lo"]), r["hi"]) for r in rs]
               for m in MODELS},
            **{f"(c) {m} alone": [round(r[m]) for r in rs] for m in MODELS},
            "(d) constant 6": [6] * len(rs),
            f"(d) tune-half mean {const}": [const] * len(rs),
            "(d) 6 clamped": [min(max(6, r["lo"]), r["hi"]) for r in rs],
        }
        print(f"\n{name}, {len(rs)} deals            MAE   corr   exactly right")
        for label, xs in ways.items():
            print(f"  {label:28} {mae(xs, ex):5.2f}  {corr(xs, ex):5.2f}   "
                  f"{sum(x == e for x, e in zip(xs, ex))}/{len(rs)}")
    print("\nweights fitted on the tuning half (constant first): "
          + "; ".join(f"{m} {' '.join(f'{w:+.3f}' for w in weights[m])}" for m in MODELS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
