#!/usr/bin/env python
"""One step more or less at the end of a bidder's auctions: what it would have scored.

In Vint 1886 a bid stands until twelve passes in a row, so the player whose
bid stands may bid again when the other three have passed: the policy's
``tricks`` rows walk its contract up a level a round this way, and a player
may also name a new strain there. This bench reads a run of ``bench_match.py``
against always-pass (``X pass``: the other side never bids, so a changed
call changes nothing else) and scores, in every room of X's side, two
alternatives on the same deal, double-dummy, by the game's rules:

- *pass instead*: at every bid X's side made after three passes over its own
  standing bid, the auction ended there instead (the standing contract
  played); split by a raise of the same strain and a new strain, and by
  whether a later such bid followed;
- *one more level*: the final contract's bidder, after the three passes,
  raising it once more in the same strain; split by the strain (suit or
  no-trumps) and level, and whether the contract was itself bid after
  three passes (``after a rebid``) or not (``first``).

A positive mean says the policy's step there was wrong on average (the
alternative scores more). Issue 33 uses it to check whether the walk's
stopping points leave points behind (docs/advise.md, benchmarks/README.md).

    python benchmarks/bench_match.py policy pass --boards 300 --seed 5 --json pol-s5.json
    python benchmarks/bench_match_steps.py pol-s5.json [pol-s6.json ...]

Vint 1886 only (the one game whose auction gives the standing bidder this
second look); the run must be ``X pass`` with X first (room 0: X North-South).
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from bench_match import read_results  # noqa: E402
from duplicate import Board, Referee, Store, mean_se  # noqa: E402

from solver.cards import Deal, Seat  # noqa: E402

PASS = "P"


def _after_three_passes(calls: Sequence[str], i: int) -> bool:
    """Is ``calls[i]`` a bid by the player whose own bid stood after three passes?"""
    return (i >= 4 and calls[i] != PASS and calls[i - 4] != PASS
            and all(c == PASS for c in calls[i - 3:i]))


def steps(runs: Sequence[Dict[int, dict]], referee: Referee) -> Dict[tuple, List[int]]:
    """``{(what, kind, detail): [gain of the alternative, ...]}`` over every
    room of X's side in ``runs`` (``read_results`` answers of ``X pass`` runs),
    in points of X's side: ``what`` is ``"pass instead"`` or ``"one more"``."""
    out: Dict[tuple, List[int]] = defaultdict(list)
    for run in runs:
        for number, row in sorted(run.items()):
            board = Board(number, Deal.from_pbn(row["deal"]), Seat.parse(row["dealer"]))
            for room in row["rooms"]:
                calls = room["calls"].split()
                while calls and calls[-1] == PASS:
                    calls.pop()
                if not calls:
                    continue
                # The other side always passes: the last bid is X's side's.
                last_bidder = referee.rules.seat_of_call(board.dealer, len(calls) - 1)
                sign = 1 if last_bidder.side == "NS" else -1
                got = sign * room["ns"]
                again = [i for i in range(len(calls)) if _after_three_passes(calls, i)]
                for i in again:
                    kind = "same strain" if calls[i][1:] == calls[i - 4][1:] else "new strain"
                    later = "a later one followed" if i != again[-1] else "the last"
                    contract, declarer = referee.final(calls[:i], board.dealer)
                    alternative = sign * referee.ns(board, contract, declarer)
                    out["pass instead", kind, later].append(alternative - got)
                last = calls[-1]
                if int(last[0]) < 7:
                    raised = calls + [PASS, PASS, PASS, f"{int(last[0]) + 1}{last[1:]}"]
                    contract, declarer = referee.final(raised, board.dealer)
                    alternative = sign * referee.ns(board, contract, declarer)
                    strain = "no-trumps" if last.endswith("NT") else "suit"
                    walked = "after a rebid" if again and again[-1] == len(calls) - 1 else "first"
                    out["one more", f"{strain} {last[0]}", walked].append(alternative - got)
    return dict(out)


def report(found: Dict[tuple, List[int]]) -> str:
    text = [f"{'alternative':12} {'where':34} {'times':>6} {'gain a time':>16} {'better':>7} "
            f"{'worse':>6}"]
    for key in sorted(found):
        values = found[key]
        mean, se = mean_se(values)
        text.append(f"{key[0]:12} {key[1] + ', ' + key[2]:34} {len(values):6d} "
                    f"{mean:+8.0f} ± {se:5.0f} {sum(v > 0 for v in values):7d} "
                    f"{sum(v < 0 for v in values):6d}")
    return "\n".join(text)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("files", nargs="+", help="results of X-against-pass runs (--json or cache)")
    p.add_argument("--store", type=Path, default=None,
                   help="keep the deals' double-dummy tables in this JSON-lines file "
                        "(a match cache's searches.jsonl serves)")
    args = p.parse_args(argv)
    try:
        runs = [read_results(Path(f)) for f in args.files]
        referee = Referee("vint", Store(args.store))
        found = steps(runs, referee)
        referee.store.save()
    except ValueError as e:
        print(f"bench_match_steps.py: error: {e}", file=sys.stderr)
        return 2
    print(f"{sum(len(r) for r in runs)} boards of X against always-pass; the gain a time is "
          f"the alternative's score less X's (positive: X's step lost points there)")
    print(report(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
