#!/usr/bin/env python
"""How good are the advisor's calls? Fixed situations, scored on the real deal.

For ``--n`` situations (default 48: openings, overcalls and responses in
turn, from random deals with a fixed seed), each *chooser* picks a call for
the player on move, seeing only that player's hand and the auction:

- ``advisor-policy``: ``recommend(reply="policy")`` (the default model);
- ``advisor-par``: ``recommend(reply="par")`` (the old full-information model);
- ``rule-of-thumb``: the bidding policy's own call (``advisor.bidding.policy``);
- ``always-pass``.

Each call is then judged on the *real* deal: the auction goes on after it
with every seat calling by the policy from its own hand (the same
continuation for every chooser), and the final contract is scored
double-dummy for the player's side. The table gives each chooser's mean by
kind of situation and its paired difference from ``advisor-policy`` with the
standard error of that difference.

    python benchmarks/bench_advise_quality.py                 # 48 situations, 40 samples
    python benchmarks/bench_advise_quality.py --n 12 --samples 20
    python benchmarks/bench_advise_quality.py --n 32 --kind opening   # openings only
    python benchmarks/bench_advise_quality.py --n 32 --kind response --json r.json
    python benchmarks/bench_advise_quality.py --rejudge r.json --judge-samples 32
    python benchmarks/bench_advise_quality.py --pool o17.json o18.json r17.json

The real deal is one draw: a call that is right on average loses on some
deals, and with a few dozen situations that luck decides most differences.
``--judge-samples K`` also judges each call on K more deals drawn, with the
player's hand, from exactly the distribution the situation's real deal came
from: the bench deals at random and the earlier calls are the policy's, so
every deal on which the policy makes those calls is as likely to have been
the real one. They are drawn by rejection (``--judge-by policy``, the
default): deal the other 39 cards at random, keep the deal when the policy
makes every call of the auction so far from those hands. The second table
averages each call over the real deal and those K: the same expectation as
the first, with much less of the deal's luck.

``--judge-by readings`` draws them instead as the advisor samples, through
its system readings of the auction (``advisor.bidding.system``, another
seed). It is not neutral:
where the readings and the policy's real calls differ, it judges every
chooser on the advisor's own picture of the table, the picture the
policy-reply model optimises. ``--rejudge PATH`` reads the choosers' calls
from an earlier run's ``--json`` instead of asking them again (to judge old
runs again, by either judge).
``--pool PATH ...`` prints the tables for several runs' ``--json`` files
together (the situations of all the runs, each judged as in its own run):
one run's 32 situations rarely separate two models by two standard errors.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

from common import full_deck, shuffled_deal

KINDS = ("opening", "overcall", "response")


def situations(n: int, seed: int, kinds=KINDS):
    """``(kind, deal, dealer, auction, seat)``: the auction so far by the policy."""
    from advisor.bidding.policy import Policy
    from advisor.rules import get
    from solver.cards import Seat

    rules = get("vint")
    policy = Policy(rules)
    rng = random.Random(seed)
    deck = full_deck()
    out = []
    while len(out) < n:
        kind = kinds[len(out) % len(kinds)]
        deal = shuffled_deal(rng, deck)
        dealer = Seat(rng.randrange(4))
        calls = []
        for _ in range(8):
            seat = rules.seat_of_call(dealer, len(calls))
            bids = [rules.seat_of_call(dealer, i) for i, c in enumerate(calls) if c != "P"]
            if len(bids) > 1:
                break                                   # past the situation: another deal
            if kind == "opening" and not calls:
                out.append((kind, deal, dealer, calls, seat))
                break
            if bids and calls[-1] != "P" and kind == "overcall" and bids[0].side != seat.side:
                out.append((kind, deal, dealer, calls, seat))
                break
            if bids and calls[-1] == "P" and kind == "response" and bids[0] == seat.partner:
                out.append((kind, deal, dealer, calls, seat))
                break
            calls = calls + [policy.call(deal[seat], seat=seat, dealer=dealer,
                                         auction=calls).call]
    return out


def judge(deal, dealer, auction, seat, call, tables=None) -> int:
    """The player's side's score on the real deal after ``call`` (policy continuation);
    ``tables``: a dict keeping each (deal, strain)'s double-dummy table for the next calls."""
    from advisor.bidding.advise import continue_auction
    from advisor.bidding.policy import Policy
    from advisor.game import declarer_tricks, strain_of
    from advisor.rules import get
    from solver import dd_table

    rules = get("vint")
    contract, declarer = continue_auction(rules, Policy(rules), deal, dealer, auction + [call])
    if contract is None:
        return 0
    strain = strain_of(rules, contract)
    key = (deal.to_pbn(), strain)
    table = None if tables is None else tables.get(key)
    if table is None:
        table = dd_table(deal, strains=[strain])
        if tables is not None:
            tables[key] = table
    tricks = declarer_tricks(table, rules, declarer, strain)
    return rules.score(deal, contract, declarer.name, tricks).net(seat.side)


#: Deals tried at most, per situation, when drawing by rejection.
MAX_DRAWS = 500_000


def policy_posterior_deals(deal, dealer, auction, seat, k: int, seed: int,
                           max_draws: int = MAX_DRAWS):
    """``k`` deals in which ``seat`` holds its real hand and the policy, calling
    for each seat from that seat's hand, makes exactly the calls of ``auction``:
    the distribution the bench's real deal was drawn from (``situations``),
    drawn by rejection with ``seed``; and a warning when fewer than ``k`` were
    found in ``max_draws`` tries."""
    from advisor.bidding.policy import Policy
    from advisor.rules import get
    from solver.cards import Card, Deal, Hand, Seat

    rules = get("vint")
    policy = Policy(rules)
    mine = deal[seat]
    rest = [Card(s, r) for s in range(4) for r in range(2, 15) if Card(s, r) not in mine]
    others = [Seat((int(seat) + i) % 4) for i in (1, 2, 3)]
    rng = random.Random(seed)
    found, tries = [], 0
    while len(found) < k and tries < max_draws:
        tries += 1
        rng.shuffle(rest)
        hands = {seat: mine}
        for i, other in enumerate(others):
            hands[other] = Hand(rest[13 * i:13 * i + 13])
        drawn = Deal([hands[Seat(i)] for i in range(4)])
        for i, call in enumerate(auction):
            caller = rules.seat_of_call(dealer, i)
            if policy.call(drawn[caller], seat=caller, dealer=dealer, auction=auction[:i]).call != call:
                break
        else:
            found.append(drawn)
    warning = None
    if len(found) < k:
        warning = (f"only {len(found)} of {k} posterior deals in {max_draws:,} tries "
                   f"(the policy seldom makes {' '.join(auction)})")
    return found, warning


def posterior_deals(deal, dealer, auction, seat, k: int, seed: int):
    """``k`` deals in which ``seat`` holds its real hand and the other seats hands
    with which the policy makes the auction's calls (the advisor's readings), drawn
    with ``seed``; and the sampler's warning (readings relaxed, too few deals), if any."""
    import numpy as np

    from advisor.bidding.advise import _sample_softly, prepare

    sit = prepare(deal[seat], seat=seat, dealer=dealer, auction=auction)
    drawn, relaxed = _sample_softly(sit, None, k, seed, 200_000)
    deals = drawn.take(k)
    return deals, "; ".join(w for w in (drawn.warning(), relaxed) if w) or None


def judge_posterior(row, k: int, seed: int, by: str = "policy") -> dict:
    """Each chooser's call of ``row`` averaged over the real deal and ``k``
    posterior deals (``policy_posterior_deals``, or with ``by="readings"``
    ``posterior_deals``): ``{chooser: mean score}``."""
    from solver.cards import Deal, Seat

    deal, dealer, seat = Deal.from_pbn(row["deal"]), Seat.parse(row["dealer"]), Seat.parse(row["seat"])
    draw = policy_posterior_deals if by == "policy" else posterior_deals
    deals, warning = draw(deal, dealer, row["auction"], seat, k, seed)
    if warning:
        print(f"    judge samples: {warning}", flush=True)
    deals = [deal] + list(deals)
    tables, by_call = {}, {}
    for call in dict.fromkeys(row["calls"].values()):
        by_call[call] = sum(judge(d, dealer, row["auction"], seat, call, tables)
                            for d in deals) / len(deals)
    return {name: by_call[call] for name, call in row["calls"].items()}


def stats(values):
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("inf")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def paired_cells(rows, names, base: str, digits: int = 0):
    """One table cell a chooser: its mean score over ``rows``, and (for all but
    ``base``) its paired difference from ``base`` ± the standard error;
    ``"-"`` for a chooser the rows do not have."""
    cells = []
    for name in names:
        if name not in rows[0]["scores"]:
            cells.append("-")
            continue
        mean, _ = stats([r["scores"][name] for r in rows])
        if name == base:
            cells.append(f"{mean:+7.{digits}f}")
            continue
        diff, se = stats([r["scores"][name] - r["scores"][base] for r in rows])
        cells.append(f"{mean:+7.{digits}f} ({diff:+6.{digits}f}±{se:4.{digits}f})")
    return cells


def print_paired_table(label: str, groups, names, base: str, digits: int = 0,
                       width: int = 24) -> None:
    """The benches' summary: a row a group of situations (``{name: rows}``;
    empty groups left out), a ``paired_cells`` column a chooser."""
    print(f"{label:<9} {'n':>3} " + " ".join(f"{n:>{width}}" for n in names))
    for group, sel in groups.items():
        if sel:
            cells = paired_cells(sel, names, base, digits)
            print(f"{group:<9} {len(sel):>3} " + " ".join(f"{c:>{width}}" for c in cells))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=48, help="situations (default 48)")
    p.add_argument("--samples", type=int, default=40, help="advisor samples a decision")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--workers", type=int, default=None)
    p.add_argument("--kind", choices=KINDS, action="append",
                   help="only situations of this kind (repeatable; default: all three in turn)")
    p.add_argument("--json", help="write the per-situation results here")
    p.add_argument("--judge-samples", type=int, default=0,
                   help="also judge each call on this many posterior deals (see above)")
    p.add_argument("--judge-by", choices=("policy", "readings"), default="policy",
                   help="draw the posterior deals by the policy's own calls (exact, default) "
                        "or by the advisor's readings of the auction (see above)")
    p.add_argument("--rejudge", help="the choosers' calls from this --json file, not asked again")
    p.add_argument("--pool", nargs="+", metavar="PATH",
                   help="print the tables for these runs' --json files together, asking nothing")
    args = p.parse_args(argv)
    if args.pool:
        return pool(args.pool)
    if args.rejudge:
        rows = json.loads(Path(args.rejudge).read_text(encoding="utf-8"))
        kinds = tuple(args.kind or KINDS)
        rows = [r for r in rows if r["kind"] in kinds]
        names = list(rows[0]["calls"])
        start = time.perf_counter()
        _report(rows, names, args, start, seed_note="calls from " + args.rejudge)
        return 0

    from advisor.bidding.advise import recommend
    from advisor.bidding.policy import Policy
    from advisor.rules import get

    policy = Policy(get("vint"))
    choosers = {
        "advisor-policy": lambda d, dl, a, s: recommend(
            d[s], seat=s, dealer=dl, auction=a, samples=args.samples, seed=args.seed,
            workers=args.workers).call,
        "advisor-par": lambda d, dl, a, s: recommend(
            d[s], seat=s, dealer=dl, auction=a, samples=args.samples, seed=args.seed,
            workers=args.workers, reply="par").call,
        "rule-of-thumb": lambda d, dl, a, s: policy.call(d[s], seat=s, dealer=dl, auction=a).call,
        "always-pass": lambda d, dl, a, s: "P",
    }
    rows = []
    start = time.perf_counter()
    for i, (kind, deal, dealer, auction, seat) in enumerate(situations(args.n, args.seed, tuple(args.kind or KINDS))):
        row = {"kind": kind, "deal": deal.to_pbn(), "dealer": dealer.name,
               "auction": auction, "seat": seat.name, "calls": {}, "scores": {}}
        for name, choose in choosers.items():
            call = choose(deal, dealer, auction, seat)
            row["calls"][name] = call
            row["scores"][name] = judge(deal, dealer, auction, seat, call)
        rows.append(row)
        print(f"{i + 1:>3} {kind:<8} {' '.join(auction) or '-':<12} {seat.name}: "
              + "  ".join(f"{n} {row['calls'][n]} {row['scores'][n]:+d}" for n in choosers),
              flush=True)
    _report(rows, list(choosers), args, start,
            seed_note=f"{args.samples} samples a decision, seed {args.seed}")
    return 0


def print_real_deal_table(rows, names) -> dict:
    """The table judged on the real deal, by kind of situation; returns the groups."""
    groups = {kind: [r for r in rows if kind == "all" or r["kind"] == kind]
              for kind in KINDS + ("all",)}
    print_paired_table("kind", groups, names, "advisor-policy")
    print("\nEach cell: mean score of the player's side on the real deal "
          "(difference from advisor-policy ± its paired standard error).")
    return groups


def _report(rows, names, args, start, seed_note: str) -> None:
    """The summary tables (and the posterior judge's, with ``--judge-samples``)."""
    if args.judge_samples:
        print(f"\njudging each call on {args.judge_samples} posterior deals too", flush=True)
        for i, row in enumerate(rows):
            row["posterior"] = judge_posterior(row, args.judge_samples,
                                               seed=1_000_003 + args.seed + i, by=args.judge_by)
            row["posterior_by"] = args.judge_by
            if any(row["calls"][n] != row["calls"][names[0]] for n in names):
                print(f"{i + 1:>3} {row['kind']:<8} {' '.join(row['auction']) or '-':<12} "
                      f"{row['seat']}: " + "  ".join(
                          f"{n} {row['calls'][n]} {row['posterior'][n]:+.0f}" for n in names),
                      flush=True)
    print(f"\n{len(rows)} situations, {time.perf_counter() - start:.0f} s; {seed_note}\n")
    groups = print_real_deal_table(rows, names)
    if args.judge_samples:
        posterior = {kind: [dict(r, scores=r["posterior"]) for r in sel]
                     for kind, sel in groups.items()}
        print(f"\nThe same calls judged on the real deal and {args.judge_samples} posterior "
              f"deals each (drawn by the {args.judge_by}):\n")
        print_paired_table("kind", posterior, names, "advisor-policy")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1), encoding="utf-8")


def pool(paths) -> int:
    """The summary tables over the situations of several runs' ``--json`` files."""
    rows, names = [], None
    for path in paths:
        try:
            run = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            sys.exit(f"error: cannot read {path}: {e}")
        if not run:
            sys.exit(f"error: {path} holds no situations")
        if names is None:
            names = list(run[0]["calls"])
        elif list(run[0]["calls"]) != names:
            sys.exit(f"error: {path} has other choosers ({', '.join(run[0]['calls'])}) "
                     f"than {paths[0]} ({', '.join(names)})")
        rows += run
    print(f"{len(rows)} situations from {len(paths)} runs\n")
    print_real_deal_table(rows, names)
    judged = [r for r in rows if "posterior" in r]
    judges = sorted({r.get("posterior_by", "readings") for r in judged})
    if len(judges) > 1:
        print(f"\nwarning: the runs' posterior deals were drawn by different judges "
              f"({', '.join(judges)}); judge them again alike with --rejudge")
    if judged:
        print(f"\nJudged on the real deal and the posterior deals, drawn by the "
              f"{' and the '.join(judges)} ({len(judged)} of the {len(rows)} situations "
              f"have them):\n")
        print_paired_table("kind", {kind: [dict(r, scores=r["posterior"]) for r in judged
                                           if kind == "all" or r["kind"] == kind]
                                    for kind in KINDS + ("all",)},
                           names, "advisor-policy")
    return 0


if __name__ == "__main__":
    sys.exit(main())
