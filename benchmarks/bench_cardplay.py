#!/usr/bin/env python
"""The computer's card play (advisor.cardplay): how long a card takes, what it costs
double-dummy, and how it does against a simple baseline (issue 27).

Boards are bench_match's (``duplicate.board``: a seeded random deal, the
dealer in turn), bid by the bidding policy at all four seats; boards the
auction throws in, or whose contract card play cannot play, are skipped and
counted. Three measurements:

- ``speed`` (the default): the computer plays all four seats of each board
  at its default setting (``cardplay.default_samples``, two threads); each
  card with more than one legal choice is timed (``BoardPlay.computer_card``:
  dealing the unseen cards and solving every sample). Prints the median, the
  90th percentile and the worst, and the same by the cards held. The same
  run measures each card's double-dummy cost on the real deal (the tricks
  the mover's side loses against the best card), summed by the declaring
  side and by the defence: tricks lost to double-dummy a board.
- ``versus``: a duplicate against ``baseline_card`` (second hand low, third
  hand cheapest winning card, the lowest card otherwise: a beginner's rule
  of thumb, kept here so it can be rerun). Each board is played twice with
  the same auction: the computer NS and the baseline EW, then the other way
  round. The computer's gain a board is NS's net score (and tricks) of the
  first play minus the second's: paired, so the deal's luck cancels. Prints
  the mean gain with its standard error and the number of boards.

Each board's result is appended to ``--out`` (JSON lines) as it finishes;
a rerun with the same options skips the boards already there (resumable).

    python benchmarks/bench_cardplay.py --boards 6                  # speed
    python benchmarks/bench_cardplay.py --versus --boards 20 --out cp.jsonl
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import List, Optional

HERE = Path(__file__).resolve().parent
for path in (HERE, HERE.parent):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import common  # noqa: E402,F401  (the in-place build first on the path)
import solver  # noqa: E402
from solver.cards import Card, Seat  # noqa: E402
from solver.play import trick_winner  # noqa: E402

from advisor.bidding.policy import Policy  # noqa: E402
from advisor.cardplay import BoardPlay, CardPlayError, playable_by_card  # noqa: E402
from advisor.game import rule_set  # noqa: E402
from duplicate import board as make_board  # noqa: E402


def baseline_card(play: BoardPlay) -> Card:
    """A beginner's card: on lead, the lowest card; following, the cheapest
    card that wins the trick unless partner is winning it already; else
    the lowest card (ties between suits: the lower suit's card)."""
    legal = play.legal_cards()
    lowest = min(legal, key=lambda c: (c.rank, c.suit))
    trick = list(play.play.trick)
    if not trick:
        return lowest
    me = play.on_move
    winner = Seat((play.play.trick_leader + trick_winner(trick, play.trump)) % 4)
    if winner.side == me.side:
        return lowest
    trumps = None if play.trump == solver.Strain.NT else play.trump
    winning = [c for c in legal if trick_winner(trick + [c], trumps) == len(trick)]
    return min(winning, key=lambda c: (c.rank, c.suit)) if winning else lowest


def auction_of(rules, b) -> tuple:
    """``(calls, contract, declarer)``: the policy bids the board at all four seats."""
    policy = Policy(rules)
    calls = policy.play_out(b.deal, dealer=b.dealer, auction=[])
    contract, declarer, _ = rules.auction_result(calls, b.dealer)
    return calls, contract, declarer


def dd_cost(play: BoardPlay, card: Card) -> int:
    """Tricks the mover's side loses double-dummy by ``card`` against the best card."""
    p = play.play
    values = solver.solve_cards(p.remaining(), play.trump, p.trick_leader, played=p.trick,
                                misere=play.misere)
    best = min(values.values()) if play.misere else max(values.values())
    return abs(best - values[card])


def play_speed(rules, b, calls, contract, declarer, seed: int) -> dict:
    """The computer at all four seats: each card's seconds and double-dummy cost."""
    table = BoardPlay(rules, b.deal.to_pbn(), dealer=b.dealer.name, auction=calls,
                      contract=contract, declarer=declarer, seed=seed)
    times, lost = [], {"declarer": 0, "defence": 0}
    while not table.finished:
        mover = table.on_move
        held = len(table.hand(mover))
        start, cpu = time.perf_counter(), time.process_time()
        card, values = table.computer_card()
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        if values is not None:
            times.append([held, seconds, cpu])
        side = "declarer" if mover.side == table.side else "defence"
        lost[side] += dd_cost(table, card)
        table.play_card(card)
    return {"times": times, "lost": lost, "tricks": table.tricks_won()}


def play_versus(rules, b, calls, contract, declarer, seed: int, computer_side: str) -> dict:
    """The computer plays ``computer_side``'s seats, the baseline the others:
    NS's net score and tricks."""
    table = BoardPlay(rules, b.deal.to_pbn(), dealer=b.dealer.name, auction=calls,
                      contract=contract, declarer=declarer, seed=seed)
    while not table.finished:
        if table.on_move.side == computer_side:
            card, _ = table.computer_card()
        else:
            card = baseline_card(table)
        table.play_card(card)
    declarer_side = Seat.parse(declarer).side
    tricks = table.tricks_won(declarer_side)
    score = rules.score(b.deal, contract, declarer, tricks).net("NS")
    ns_tricks = tricks if declarer_side == "NS" else 13 - tricks
    return {"ns": score, "ns_tricks": ns_tricks}


def mean_se(values: List[float]) -> tuple:
    n = len(values)
    mean = statistics.fmean(values)
    se = statistics.stdev(values) / n ** 0.5 if n > 1 else float("nan")
    return mean, se


def _spread(seconds: List[float]) -> str:
    seconds = sorted(seconds)
    q90 = seconds[min(len(seconds) - 1, int(0.9 * len(seconds)))]
    return (f"median {statistics.median(seconds):.2f} s, 90% {q90:.2f} s, "
            f"worst {seconds[-1]:.2f} s")


def report_speed(rows: List[dict]) -> None:
    """Wall-clock seconds (what the player waited, on the machine as loaded
    then) and processor seconds of the process, over its threads: on one
    free core a card takes about that; halved, what it takes on two free
    cores when both solving threads keep busy (the sampling is one thread:
    the truth lies between)."""
    times = [t for r in rows for t in r["times"]]
    if not times:
        print("no card timed")
        return
    print(f"{len(rows)} boards, {len(times)} cards with a choice")
    print(f"  wall clock:      {_spread([t[1] for t in times])}")
    if all(len(t) > 2 for t in times):
        print(f"  CPU, all threads: {_spread([t[2] for t in times])}")
        print(f"  CPU / 2 threads: {_spread([t[2] / 2 for t in times])}")
    for low, high, label in ((13, 13, "13 cards (the lead)"), (5, 12, "5-12 cards"),
                             (1, 4, "1-4 cards")):
        part = [t for t in times if low <= t[0] <= high]
        if part:
            cpu = (f"; CPU / 2: {_spread([t[2] / 2 for t in part])}"
                   if all(len(t) > 2 for t in part) else "")
            print(f"  {label:<20} {len(part):>4} cards: wall {_spread([t[1] for t in part])}{cpu}")
    for side in ("declarer", "defence"):
        m, se = mean_se([r["lost"][side] for r in rows])
        print(f"  tricks lost to double-dummy a board by the {side}: {m:.2f} ± {se:.2f}")


def report_versus(rows: List[dict]) -> None:
    gains = [r["computer_ns"]["ns"] - r["computer_ew"]["ns"] for r in rows]
    tricks = [r["computer_ns"]["ns_tricks"] - r["computer_ew"]["ns_tricks"] for r in rows]
    if not gains:
        print("no board played")
        return
    m, se = mean_se(gains)
    t, tse = mean_se(tricks)
    print(f"{len(rows)} boards, the computer against the baseline (paired, both sides): "
          f"{m:+.1f} ± {se:.1f} points a board, {t:+.2f} ± {tse:.2f} tricks "
          f"({m / se if se else float('nan'):.1f} SE)")


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="vint")
    parser.add_argument("--boards", type=int, default=6, help="boards played (default 6)")
    parser.add_argument("--seed", type=int, default=27, help="the board set (default 27)")
    parser.add_argument("--versus", action="store_true",
                        help="the duplicate against the baseline instead of the speed run")
    parser.add_argument("--out", help="JSON-lines file of the boards' results (resumable)")
    args = parser.parse_args(argv)
    rules = rule_set(args.rules)
    kind = "versus" if args.versus else "speed"
    done = {}
    if args.out and Path(args.out).exists():
        for line in Path(args.out).read_text().splitlines():
            row = json.loads(line)
            if (row["kind"], row["rules"], row["seed"]) == (kind, rules.name, args.seed):
                done[row["board"]] = row
    rows, skipped, number = [], 0, 0
    while len(rows) < args.boards:
        number += 1
        if number in done:
            if done[number].get("skipped"):
                skipped += 1
            else:
                rows.append(done[number])
            continue
        b = make_board(rules, args.seed, number)
        calls, contract, declarer = auction_of(rules, b)
        row = {"kind": kind, "rules": rules.name, "seed": args.seed, "board": number,
               "contract": contract, "declarer": declarer}
        if contract is None or not playable_by_card(rules, contract, declarer, b.dealer.name):
            row["skipped"] = True
            skipped += 1
        else:
            try:
                if kind == "speed":
                    row.update(play_speed(rules, b, calls, contract, declarer, number))
                else:
                    row["computer_ns"] = play_versus(rules, b, calls, contract, declarer,
                                                     number, "NS")
                    row["computer_ew"] = play_versus(rules, b, calls, contract, declarer,
                                                     number, "EW")
            except CardPlayError as exc:       # a contract card play cannot play: say so
                row["skipped"], row["why"] = True, str(exc)
                skipped += 1
            if not row.get("skipped"):
                rows.append(row)
                print(f"board {number}: {contract} by {declarer}", flush=True)
        if args.out:
            with open(args.out, "a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
    print(f"({skipped} board(s) skipped: thrown in or not playable by card)")
    (report_speed if kind == "speed" else report_versus)(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
