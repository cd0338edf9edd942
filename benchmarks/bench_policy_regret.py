#!/usr/bin/env python
"""What the policy's calls cost: one-step deviations judged on the real deal.

Each seeded deal is bid by the policy at one side while the other always
passes (both ways round, as in ``bench_match.py policy pass``). At every
call of the policy's side, each alternative (a pass, and in every strain the
cheapest legal bid and the two above it) is made instead, the policy goes on
from there, and the final contract is played double-dummy and scored by the
game's rules. A call's *regret* for an alternative is the alternative's
score less the policy's own on that deal.

Averaged over many deals, by the table row that made the call (or the pass
when no row fitted) and the kind of alternative, a positive mean says that
changing what that row does would have scored more on those deals, the other
calls left as they are. It is a search light, not a result: many rows and
alternatives are compared, so the best-looking ones are flattered (the
largest of many noisy means), and a change is kept only when ``bench_match.py
policy pass --paired`` on *other* deals shows it (docs/advise.md, "What the
policy's calls cost"). The default deals are seed 2's, where the trick model
is fitted, not the matches' seeds.

    python benchmarks/bench_policy_regret.py --deals 1000          # ~7 minutes, one core
    python benchmarks/bench_policy_regret.py --deals 200 --top 20 --json regret.json
    python benchmarks/bench_policy_regret.py --deals 3000 --table --decisions d.jsonl  # then
    python training/learned.py --judge d.jsonl      # the learned correction on those decisions
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

HERE = Path(__file__).resolve().parent
for path in (HERE, HERE.parent):   # duplicate.py; the in-place build
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from duplicate import Bidder, PassBidder, Referee, Store, board, play_room  # noqa: E402

PASS = "P"


class _Scripted(Bidder):
    """Makes the calls of ``script`` while the auction is shorter than it, then
    calls by ``rest``."""

    def __init__(self, script: Sequence[str], rest: Bidder):
        self.script, self.rest, self.name = list(script), rest, rest.name

    def call(self, brd, calls, seat):
        if len(calls) < len(self.script):
            return self.script[len(calls)]
        return self.rest.call(brd, calls, seat)


class _Policy(Bidder):
    """The policy's calls (and the row behind each: ``decision``)."""

    name = "policy"

    def __init__(self, policy):
        self.policy = policy

    def decision(self, brd, calls, seat):
        return self.policy.call(brd.deal[seat], seat=seat, dealer=brd.dealer, auction=list(calls))

    def call(self, brd, calls, seat):
        return self.decision(brd, calls, seat).call


def _side_score(result: dict, side: str) -> int:
    return result["ns"] if side == "NS" else -result["ns"]


def lowest_levels(rules, calls: Sequence[str]) -> Dict[str, int]:
    """The cheapest legal level of each strain after ``calls``."""
    lowest: Dict[str, int] = {}
    for call in rules.auction_legal_calls(list(calls)):
        if call in (PASS, "X", "XX"):
            continue
        bid = rules.read_bid(call)
        lowest[bid.strain] = min(bid.level, lowest.get(bid.strain, 8))
    return lowest


def alternatives(rules, calls: Sequence[str], actual: str) -> List[str]:
    """The calls tried instead of ``actual`` after ``calls``: a pass, and in each
    strain the cheapest legal bid and the two above it (if legal)."""
    legal = rules.auction_legal_calls(list(calls))
    found = [PASS] if actual != PASS and PASS in legal else []
    for strain, level in lowest_levels(rules, calls).items():
        for extra in (0, 1, 2):
            call = f"{level + extra}{strain}"
            if call in legal and call != actual:
                found.append(call)
    return found


def _whose(rules, calls: Sequence[str], dealer, seat, strain: str) -> str:
    """Whether ``strain`` is partner's, mine or new in ``calls``."""
    mine, partners = set(), set()
    for i, call in enumerate(calls):
        if call in (PASS, "X", "XX"):
            continue
        who = rules.seat_of_call(dealer, i)
        if who == seat:
            mine.add(rules.read_bid(call).strain)
        elif who == seat.partner:
            partners.add(rules.read_bid(call).strain)
    return "partner's" if strain in partners else "my" if strain in mine else "new"


def kind(rules, calls: Sequence[str], dealer, seat, actual: str, alt: str,
         lowest: Dict[str, int]) -> str:
    """The alternative in words, against the call made: 'pass', 'same strain +1'
    (levels above the call made), "partner's suit +0", 'my NT +1', 'new suit +2'
    (levels above ``lowest[strain]``, the cheapest legal bid in that strain)."""
    if alt == PASS:
        return "pass"
    bid = rules.read_bid(alt)
    if actual != PASS and rules.read_bid(actual).strain == bid.strain:
        return f"same strain {bid.level - rules.read_bid(actual).level:+d}"
    what = "NT" if bid.strain in ("NT", "G") else "suit"
    return (f"{_whose(rules, calls, dealer, seat, bid.strain)} {what} "
            f"+{bid.level - lowest[bid.strain]}")


def row_name(decision, situation: str) -> str:
    """The row behind a call, by its situation and reason; a pass no row made
    is named by its situation."""
    if decision.row is None:
        return f"{situation}: pass (no row fits)"
    return f"{decision.row.situation}: {decision.row.reason}"


def deviations(brd, side: str, policy: _Policy, referee: Referee) -> List[dict]:
    """For every call of the policy at ``side`` on board ``brd`` and every
    alternative to it: ``{"index", "call", "alternative", "row", "kind", "regret"}``
    (``index``: the call's place in the auction the policy bid)."""
    rules = referee.rules
    pas = PassBidder()
    ns, ew = (policy, pas) if side == "NS" else (pas, policy)
    played = play_room(brd, ns, ew, referee)
    base = _side_score(played, side)
    calls = played["calls"].split()
    found = []
    for i, actual in enumerate(calls):
        seat = rules.seat_of_call(brd.dealer, i)
        if seat.side != side:
            continue
        before = calls[:i]
        decision = policy.decision(brd, before, seat)
        situation = policy.policy.reading(before, seat, brd.dealer).situation()
        row = row_name(decision, situation)
        lowest = lowest_levels(rules, before)
        for alt in alternatives(rules, before, actual):
            script = before + [alt]
            result = play_room(brd, _Scripted(script, ns), _Scripted(script, ew), referee)
            found.append({"index": i, "call": actual, "alternative": alt, "row": row,
                          "kind": kind(rules, before, brd.dealer, seat, actual, alt, lowest),
                          "regret": _side_score(result, side) - base, "seat": seat.name,
                          "before": before, "hand": str(brd.deal[seat])})
    return found


def write_decisions(out, found: List[dict], seed: int, number: int, dealer: str,
                    rules: str) -> None:
    """One JSON line a decision of ``found`` (``deviations``): the hand, the
    auction before it, the call made and each alternative's regret."""
    by_index: Dict[int, List[dict]] = defaultdict(list)
    for d in found:
        by_index[d["index"]].append(d)
    for index, items in sorted(by_index.items()):
        first = items[0]
        out.write(json.dumps({
            "rules": rules, "seed": seed, "deal_no": number, "dealer": dealer,
            "seat": first["seat"], "auction": first["before"], "hand": first["hand"],
            "policy_call": first["call"], "row": first["row"],
            "regrets": {d["alternative"]: d["regret"] for d in items}}) + "\n")


def summarise(regrets: Dict[Tuple[str, str], List[int]], deals: int) -> List[dict]:
    """A row a (row, alternative): n, mean regret, its standard error and the
    total a deal, sorted by the total, largest first."""
    out = []
    for (row, alt), values in regrets.items():
        n = len(values)
        mean = sum(values) / n
        se = (math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n) if n > 1
              else math.inf)
        out.append({"row": row, "alternative": alt, "n": n, "mean": mean, "se": se,
                    "per_deal": mean * n / max(deals, 1)})
    out.sort(key=lambda r: -r["per_deal"])
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rules", default="vint", help="the game (default vint: Vint 1886)")
    p.add_argument("--seed", type=int, default=2, help="the set of deals (default 2)")
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--first", type=int, default=0, help="the first deal's number (default 0)")
    p.add_argument("--cache", default=str(HERE / "cache"),
                   help="where double-dummy tables are kept (shared with bench_match.py)")
    p.add_argument("--top", type=int, default=30, help="rows of the table printed (default 30)")
    p.add_argument("--json", help="write every (row, alternative) line here too")
    p.add_argument("--decisions", metavar="FILE",
                   help="write every decision here too, one JSON line each, with every "
                        "alternative's regret (training/learned.py --judge reads them)")
    p.add_argument("--table", action="store_true",
                   help="the policy's table alone, without the correction learned from the "
                        "advisor (Vint 1886's default)")
    args = p.parse_args(argv)
    if args.deals < 1 or args.first < 0 or args.top < 1:
        p.error("--deals and --top must be at least 1, --first at least 0")

    from advisor.bidding.policy import Policy
    from advisor.game import rule_set
    try:
        rules = rule_set(args.rules)
    except ValueError as e:
        p.error(str(e))
    store = Store(Path(args.cache) / "searches.jsonl")
    referee = Referee(rules.name, store)
    policy = _Policy(Policy(rules.name, learned=False if args.table else None))
    out = Path(args.decisions).open("w", encoding="utf-8") if args.decisions else None
    regrets: Dict[Tuple[str, str], List[int]] = defaultdict(list)
    start = time.perf_counter()
    for k, number in enumerate(range(args.first, args.first + args.deals), 1):
        brd = board(referee.rules, args.seed, number)
        for side in ("NS", "EW"):
            found = deviations(brd, side, policy, referee)
            for d in found:
                regrets[d["row"], d["kind"]].append(d["regret"])
            if out is not None:
                write_decisions(out, found, args.seed, number, str(brd.dealer), rules.name)
        if k % 50 == 0 or k == args.deals:
            store.save()
            print(f"{k}/{args.deals} deals, {time.perf_counter() - start:.0f} s",
                  file=sys.stderr, flush=True)
    if out is not None:
        out.close()
    lines = summarise(regrets, args.deals)
    if args.json:
        Path(args.json).write_text(json.dumps(lines, indent=1), encoding="utf-8")
    print(f"{rules.name}: the policy against always-pass, {args.deals} deals of seed "
          f"{args.seed}; regret = the alternative's score less the policy's call's, the policy "
          f"going on")
    print(f"{'row':<70} {'alternative':<18} {'n':>5} {'mean ± se':>16} {'a deal':>8}")
    for line in lines[:args.top]:
        print(f"{line['row'][:70]:<70} {line['alternative']:<18} {line['n']:>5} "
              f"{line['mean']:>+8.0f} ± {line['se']:<6.0f} {line['per_deal']:>+8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
