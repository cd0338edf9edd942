#!/usr/bin/env python
"""What partial questions and a warm table cost, against our own full table.

On the same deals, one thread, in one run:

- ``full``: ``dd_table(deal)``, all 20 entries (the reference, 1.00);
- ``partial, 5 strains``: ``dd_table(deal, declarers=[N])``, 5 of the 20
  entries (one declarer in every strain: five searches from scratch);
- ``partial, 2 strains``: 5 entries in two strains (spades for N, E and S,
  hearts for N and S), which share a table within each strain;
- ``play, cold`` / ``play, warm``: ``solve_cards`` at each of the first 8 trick
  starts of a double-dummy line in no-trumps, plain functions against one
  ``Solver`` for the whole line.

Each figure is the total time of its questions over the deals divided by
the total time of the full tables. Deals come from ``shared/oracle``.

With ``--dds``, DDS (endplay, one thread) answers the same kinds of question
in the same run: its full table (``CalcDDtable``) and one declarer in five
strains (five ``SolveBoard`` calls, East leading, the number of tricks only,
as ``dd_table(deal, declarers=[N])`` gives). This shows how much of the
five-strain cost is the question's own (five cold searches with nothing to
share) rather than our solver's, and the two solvers' partial times side by
side.

    python benchmarks/bench_reuse.py                 # 40 random deals
    python benchmarks/bench_reuse.py --set real --n 30
    python benchmarks/bench_reuse.py --dds
"""

from __future__ import annotations

import argparse
import sys

from common import dds_table_timer, oracle_deals, timed

TRICK_STARTS = 8


def _seconds(fn) -> float:
    """How long ``fn()`` took (``common.timed``)."""
    return timed(fn)[0]


def line_positions(deal, strain: str, leader: str) -> list:
    """The positions at the first trick starts of a double-dummy line."""
    import solver
    from solver import Deal, Hand

    hands = {s: deal[s] for s in "NESW"}
    positions = []
    for _ in range(TRICK_STARTS):
        now = Deal([hands[s] for s in "NESW"])
        positions.append((now, leader))
        trick = []
        for i in range(4):
            values = solver.solve_cards(now, strain, leader, played=trick)
            card = max(values, key=lambda c: (values[c], -c.index))
            seat = "NESW"[("NESW".index(leader) + i) % 4]
            hands[seat] = Hand([c for c in hands[seat] if c != card])
            trick.append(card)
            now = Deal([hands[s] for s in "NESW"])
        leader = "NESW"[("NESW".index(leader) + solver.trick_winner(trick, strain)) % 4]
    return positions


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--set", default="random", choices=("random", "real", "hard"))
    p.add_argument("--n", type=int, default=40, help="deals (default 40)")
    p.add_argument("--dds", action="store_true",
                   help="also time DDS's full table and its five single-strain solves")
    args = p.parse_args(argv)

    import solver
    from solver import Deal, Solver

    deals = [Deal.from_pbn(text) for text in oracle_deals(args.set, args.n)]
    dds_table = dds_table_timer() if args.dds else None     # one DDS thread, set once
    totals = dict.fromkeys(("full", "partial, 5 strains", "partial, 2 strains", "play, cold",
                            "play, warm", "DDS full", "DDS 5 strains"), 0.0)
    for deal in deals:
        totals["full"] += _seconds(lambda: solver.dd_table(deal))
        totals["partial, 5 strains"] += _seconds(lambda: solver.dd_table(deal, declarers=["N"]))
        totals["partial, 2 strains"] += _seconds(
            lambda: (solver.dd_table(deal, strains="S", declarers=list("NES")),
                     solver.dd_table(deal, strains="H", declarers=list("NS"))))
        positions = line_positions(deal, "NT", "E")
        totals["play, cold"] += _seconds(
            lambda: [solver.solve_cards(d, "NT", lead) for d, lead in positions])
        warm = Solver()
        totals["play, warm"] += _seconds(
            lambda: [warm.solve_cards(d, "NT", lead) for d, lead in positions])
        if args.dds:
            dds_full, dds_five = dds_partial(deal, dds_table)
            totals["DDS full"] += dds_full
            totals["DDS 5 strains"] += dds_five
    full = totals["full"]
    print(f"{len(deals)} {args.set} deals, one thread; time / full-table time")
    for name in ("full", "partial, 5 strains", "partial, 2 strains", "play, cold", "play, warm"):
        seconds = totals[name]
        print(f"  {name:<19} {seconds:8.2f} s  {seconds / full:5.2f}")
    cold, warm = totals["play, cold"], totals["play, warm"]
    print(f"  warm against cold along the play: {warm / cold:.2f}")
    if args.dds:
        dds_full, dds_five = totals["DDS full"], totals["DDS 5 strains"]
        print("DDS (endplay, one thread), time / DDS's full-table time")
        print(f"  {'full':<19} {dds_full:8.2f} s  1.00")
        print(f"  {'partial, 5 strains':<19} {dds_five:8.2f} s  {dds_five / dds_full:5.2f}")
        print(f"ours / DDS: full {full / dds_full:.2f}, "
              f"partial in 5 strains {totals['partial, 5 strains'] / dds_five:.2f}")
    return 0


def dds_partial(deal, dds_table) -> tuple[float, float]:
    """DDS's time for a full table (``dds_table``: ``common.dds_table_timer``) and
    for one declarer (N) in five strains."""
    from endplay import _dds
    from endplay.types import Deal as EDeal, Denom, Player

    pbn = deal.to_pbn()
    full, _ = dds_table(pbn)
    five = 0.0
    for denom in (Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs, Denom.nt):
        board = EDeal(pbn)
        board.trump, board.first = denom, Player.east
        future = _dds.futureTricks()
        # target -1, solutions 1: the number of tricks only; mode 0: nothing reused.
        five += _seconds(lambda: _dds.SolveBoard(board._data, -1, 1, 0, future, 0))
    return full, five


if __name__ == "__main__":
    sys.exit(main())
