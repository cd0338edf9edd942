#!/usr/bin/env python
"""Is Preference's widow advice honest? The advised worth of the widow against the real deal.

On ``--deals`` seeded random deals, player 0 (everyone passed the first
round) asks ``advise_preference`` what the widow is worth (``--samples``
sampled deals); then the widow is taken on the real deal, the trump named by
the same rule (``widow_trump``: from the taker's twelve cards), two cards
laid off (``lay_off``) and the play solved double-dummy. Printed: the mean
advised worth, the mean real result and their paired difference with its
standard error: an advice that sees what the taker cannot (the best trump
with every hand seen, as before issue 29's note) shows as a positive gap.

    python benchmarks/bench_preference_widow.py --deals 200 --samples 40
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE.parent) not in sys.path:
    sys.path.insert(0, str(HERE.parent))

from advisor.bidding.preference import advise_preference, lay_off, widow_trump  # noqa: E402
from advisor.rules.preference import Preference, PreferenceDeal  # noqa: E402
from solver.general import PIQUET  # noqa: E402


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--samples", type=int, default=40, help="the advice's sampled deals")
    p.add_argument("--seed", type=int, default=7)
    args = p.parse_args(argv)
    if args.deals < 2:
        p.error("--deals must be at least 2")
    game, rng = Preference(1), random.Random(args.seed)
    advised, real = [], []
    for i in range(args.deals):
        deck = list(PIQUET.deck)
        rng.shuffle(deck)
        hands = (tuple(deck[:10]), tuple(deck[10:20]), tuple(deck[20:30]))
        widow = tuple(deck[30:32])
        a = advise_preference(list(hands[0]), 0, 2, ["P", "P", "P"], samples=args.samples,
                              seed=i)
        advised.append(a.widow_worth)
        twelve = list(hands[0]) + list(widow)
        suit = widow_trump(twelve)
        after = PreferenceDeal(hands, widow).take_widow(0, lay_off(twelve, suit))
        s = game.score(0, suit, game.dd_tricks(after, 0, suit))
        real.append(s.from_pool.get(0, 0) - s.into_pool.get(0, 0))
    n = len(real)
    gaps = [a - r for a, r in zip(advised, real)]
    mean = sum(gaps) / n
    se = (sum((g - mean) ** 2 for g in gaps) / (n - 1) / n) ** 0.5
    print(f"Preference widow, {n} deals, {args.samples} samples an advice (counters):")
    print(f"  advised worth {sum(advised) / n:+.2f}, real result {sum(real) / n:+.2f}, "
          f"advised - real {mean:+.2f} ± {se:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
