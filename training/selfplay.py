#!/usr/bin/env python
"""Self-play decisions for training and checking the bidding policy (issue 33).

Random deals (the seeded boards of ``benchmarks/duplicate.py``) are bid by
the current bidding policy (``advisor.bidding.policy``), every seat calling
from its own hand. At each decision along the way the advisor
(``advisor.recommend``, ``--samples`` deals, 200 by default, no early stop)
values every candidate call: the mean net score for the caller's side when
the auction goes on by the policy, with its standard error and the samples it
was scored on (candidates that trail the best by 3 standard errors are
dropped after 32 samples, as ``recommend`` prunes: their figures cover those
samples). Every candidate is kept, not only the best, so that a model can be
trained on the regret of each call; and each candidate is also scored on the
real deal (the auction going on by the policy after it, played double-dummy,
``benchmarks/duplicate.Referee``), one draw of the same expectation.

A seat's decision is recorded when it is its first call or someone has bid
since its last one (the closing passes of a Vint auction ask the same
question three times over) and the hand has a choice (a hand without an
honour may only pass).

One JSON object a line, written as it goes (``--out``, default
``training/data/selfplay-<rules>-s<seed>.jsonl``): a decision
(``"kind": "decision"``) or the end of a deal (``"kind": "deal"``, with the
auction the policy bid). Resumable: a rerun drops the lines of an unfinished
deal and goes on from the next deal.

    nice -n 19 python training/selfplay.py --deals 100000 > training/data/selfplay.log 2>&1 &
    python training/selfplay.py --deals 2 --samples 40 --out /tmp/try.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
for path in (REPO, REPO / "benchmarks"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from duplicate import Referee, Store, board, source_version  # noqa: E402


def _resume(out: Path) -> int:
    """Drop the lines of an unfinished deal from ``out``; the next deal's number."""
    if not out.exists():
        return 0
    lines = out.read_text(encoding="utf-8").splitlines()
    keep, next_deal = 0, 0
    for i, line in enumerate(lines):
        row = json.loads(line)
        if row.get("kind") == "deal":
            keep, next_deal = i + 1, row["deal_no"] + 1
    if keep < len(lines):
        out.write_text("".join(line + "\n" for line in lines[:keep]), encoding="utf-8")
    return next_deal


def real_values(referee: Referee, policy, brd, auction, calls) -> dict:
    """Each of ``calls`` scored on the real deal, the auction going on by the policy
    after it: the caller's side's net score."""
    seat = referee.rules.seat_of_call(brd.dealer, len(auction))
    out = {}
    for call in calls:
        finished = policy.play_out(brd.deal, dealer=brd.dealer, auction=list(auction) + [call])
        contract, declarer = referee.final(finished, brd.dealer)
        ns = referee.ns(brd, contract, declarer)
        out[call] = ns if seat.side == "NS" else -ns
    return out


def play_deal(referee: Referee, policy, brd, args, write) -> list:
    """Bid one board by the policy, recording its decisions; the auction."""
    from advisor.bidding import AdviceCache, recommend

    rs = referee.rules
    calls, asked = [], {}
    cache = AdviceCache()
    while rs.auction_legal_calls(calls):
        seat = rs.seat_of_call(brd.dealer, len(calls))
        hand = brd.deal[seat]
        mine = policy.call(hand, seat=seat, dealer=brd.dealer, auction=calls)
        bids = sum(c != "P" for c in calls)
        if asked.get(seat) != bids:
            asked[seat] = bids
            start = time.perf_counter()
            rec = recommend(hand, seat=seat, dealer=brd.dealer, auction=calls, rules=rs,
                            samples=args.samples, seed=args.seed * 1_000_003 + brd.number * 64
                            + len(calls), workers=1, early_stop=False, cache=cache)
            if len(rec.candidates) > 1:
                real = real_values(referee, policy, brd, calls, [c.call for c in rec.candidates])
                write({"kind": "decision", "rules": rs.name, "seed": args.seed,
                       "deal_no": brd.number, "deal": brd.deal.to_pbn(),
                       "dealer": brd.dealer.name, "seat": seat.name, "auction": list(calls),
                       "hand": hand.to_pbn(), "policy_call": mine.call,
                       "policy_row": mine.row.reason if mine.row else None,
                       "advisor_call": rec.call, "samples": rec.samples,
                       "warning": rec.warning,
                       "candidates": [{"call": c.call, "mean": round(c.mean, 2),
                                       "stderr": round(c.stderr, 2), "samples": c.samples,
                                       "p_make": None if c.p_make is None else round(c.p_make, 3),
                                       "real": real[c.call]}
                                      for c in rec.candidates],
                       "seconds": round(time.perf_counter() - start, 2)})
        calls.append(mine.call)
    return calls


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rules", default="vint")
    p.add_argument("--seed", type=int, default=33, help="the set of deals (default 33)")
    p.add_argument("--deals", type=int, default=1000, help="stop after this many deals")
    p.add_argument("--samples", type=int, default=200, help="advisor samples a decision")
    p.add_argument("--out", help="the JSON-lines file (default training/data/selfplay-<rules>-s<seed>.jsonl)")
    args = p.parse_args(argv)

    from advisor.bidding.policy import Policy
    from advisor.game import rule_set

    rs = rule_set(args.rules)
    out = Path(args.out or REPO / "training" / "data" / f"selfplay-{rs.name}-s{args.seed}.jsonl")
    out.parent.mkdir(parents=True, exist_ok=True)
    first = _resume(out)
    policy = Policy(rs)
    bidding = REPO / "advisor" / "bidding"
    version = source_version(*sorted(bidding.glob("*.py")), *sorted(bidding.glob("*.json")))
    referee = Referee(rs, Store())
    start, decisions = time.perf_counter(), 0
    print(f"{out}: deals {first}..{args.deals - 1}, {args.samples} samples a decision, "
          f"advisor/bidding version {version}", flush=True)
    with out.open("a", encoding="utf-8") as f:
        def write(row):
            nonlocal decisions
            decisions += 1
            row["version"] = version
            f.write(json.dumps(row) + "\n")
            f.flush()

        for number in range(first, args.deals):
            brd = board(rs, args.seed, number)
            calls = play_deal(referee, policy, brd, args, write)
            f.write(json.dumps({"kind": "deal", "deal_no": number, "deal": brd.deal.to_pbn(),
                                "dealer": brd.dealer.name, "calls": " ".join(calls),
                                "version": version}) + "\n")
            f.flush()
            hours = (time.perf_counter() - start) / 3600
            print(f"deal {number}: {decisions} decisions in {hours * 60:.1f} min "
                  f"({decisions / hours:.0f} an hour)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
