#!/usr/bin/env python
"""Does modelling Skruuvi's card exchange make the advisor's calls better?

Fixed situations (random deals, seed fixed): the first call of a Skruuvi
deal, in the Kotka game (13 cards a hand, four cards each way between the
main players) and in the Kitty game (12 cards a hand and a kitty of 4). Each
*chooser* picks the call seeing only the player's hand:

- ``exchange``: ``recommend(exchange=True)``: every sample's final contract
  is solved on the deal after the exchange it brings (the default);
- ``no-exchange``: ``recommend(exchange=False)``: solved on the deal as
  sampled (Kotka only: a 12-card Kitty hand has no deal without the
  exchange);
- ``no-low-bids`` (Kitty only): the best call of the same ``exchange``
  recommendation among the calls it had before the first auction's bids
  below level 5 became candidates (pass and levels 5-7): what the low bids
  add, on the same samples (a candidate pruned there is compared on the
  samples it was scored on, as ``recommend`` ranks it);
- ``rule-of-thumb``: the bidding policy's own call; ``always-pass``.

Each call is judged on the *real* deal: the auction goes on by the policy,
the final contract's deal goes through the real exchange (the same policy of
``advisor.valuation.exchange``) and is scored double-dummy for the player's side. A
misère bid and the all-pass misère are valued as the advisor values them
(``advisor.valuation.misere_value``: fewest-tricks play, aces left out),
here solved exactly, without the advisor's node budget.

    python benchmarks/bench_skruuvi_exchange.py                # 24 + 24 situations
    python benchmarks/bench_skruuvi_exchange.py --n 8 --samples 20
    python benchmarks/bench_skruuvi_exchange.py --games kitty  # one game only
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import common  # noqa: F401  (puts this source tree first on sys.path)


def situations(n: int, seed: int, game: str):
    """``(deal, dealer, seat)``: the dealer's first call (the dealer calls first),
    kept only when the dealer's hand is worth thinking about (Kitty: a suit
    of 6 or more, or 14+ points; Kotka: a suit of 7 or two suits of 10
    cards): most random hands pass in every model."""
    from solver.cards import Card, Deal, Hand, Seat

    rng = random.Random(seed)
    deck = [Card(s, r) for s in range(4) for r in range(2, 15)]
    size = 12 if game == "kitty" else 13
    out = []
    while len(out) < n:
        rng.shuffle(deck)
        deal = Deal([Hand(deck[size * i:size * i + size]) for i in range(4)])
        dealer = Seat(rng.randrange(4))
        lengths = sorted((len(deal[dealer].suit(s)) for s in range(4)), reverse=True)
        if game == "kotka":
            # "a strong hand is needed to open the bidding - for example a 7-card
            # suit to 3 honours with a side Ace, or 9 cards in two suits"
            worth = lengths[0] >= 7 or lengths[0] + lengths[1] >= 10
        else:
            worth = lengths[0] >= 6 or deal[dealer].hcp >= 14
        if worth:
            out.append((deal, dealer, dealer))
    return out


def judge(rules, deal, dealer, seat, call) -> int:
    """The player's side's score on the real deal after ``call``."""
    from advisor.bidding.advise import continue_auction
    from advisor.bidding.policy import Policy
    from advisor.valuation.exchange import kitty_left, play_deal
    from advisor.game import strain_of
    from advisor.game import is_misere
    from advisor.valuation import misere_value
    from solver import dd_table

    contract, declarer = continue_auction(rules, Policy(rules), deal, dealer, [call])
    if contract is None:
        return 0
    kitty = kitty_left(deal) if len(deal["N"]) == 12 else None
    played = play_deal(rules, deal, contract, declarer, kitty=kitty, dealer=dealer)
    if is_misere(rules, contract):             # a misère bid or the all-pass misère
        # Exact (no node budget): the advisor's own samples use a budget.
        ns = misere_value(played, rules, contract, declarer, dealer, max_nodes=None)
        return ns if seat.side == "NS" else -ns
    strain = strain_of(rules, contract)
    tricks = dd_table(played, strains=[strain], declarers=[declarer])[declarer, strain]
    return rules.score(None, contract, declarer.name, tricks).net(seat.side)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=24, help="situations per game (default 24)")
    p.add_argument("--samples", type=int, default=30, help="advisor samples a decision")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--workers", type=int, default=None)
    p.add_argument("--json", help="write the per-situation results here")
    p.add_argument("--games", choices=("kotka", "kitty"), action="append",
                   help="only this game (repeatable; default: kotka, then kitty)")
    args = p.parse_args(argv)

    from advisor.bidding.advise import recommend
    from advisor.bidding.policy import Policy
    from advisor.rules import get
    from bench_advise_quality import print_paired_table   # means, paired differences ± SE

    games = {"kotka": get("skruuvi").kotka(), "kitty": get("skruuvi")}
    games = {game: rules for game, rules in games.items() if game in (args.games or games)}
    rows = []
    start = time.perf_counter()
    for game, rules in games.items():
        policy = Policy(rules)

        last = {}

        def advise(exchange):
            def choose(d, dl, s):
                rec = recommend(d[s], seat=s, dealer=dl, rules=rules, samples=args.samples,
                                seed=args.seed, workers=args.workers, exchange=exchange)
                last[exchange] = rec
                return rec.call
            return choose

        def no_low_bids(d, dl, s):
            # The same recommendation's best call among pass and levels 5-7
            # (its candidates are best first).
            rec = last[True]
            return next(c.call for c in rec.candidates
                        if c.call == "P" or rules.read_bid(c.call).level >= 5)

        choosers = {"exchange": advise(True)}
        if game == "kotka":
            choosers["no-exchange"] = advise(False)
        else:
            choosers["no-low-bids"] = no_low_bids
        choosers["rule-of-thumb"] = lambda d, dl, s: policy.call(
            d[s], seat=s, dealer=dl, auction=[]).call
        choosers["always-pass"] = lambda d, dl, s: "P"
        for i, (deal, dealer, seat) in enumerate(situations(args.n, args.seed, game)):
            row = {"game": game, "deal": deal.to_pbn(), "dealer": dealer.name,
                   "seat": seat.name, "calls": {}, "scores": {}}
            for name, choose in choosers.items():
                call = choose(deal, dealer, seat)
                row["calls"][name] = call
                row["scores"][name] = judge(rules, deal, dealer, seat, call)
            rows.append(row)
            print(f"{game} {i + 1:>3} {seat.name}: "
                  + "  ".join(f"{n} {row['calls'][n]} {row['scores'][n]:+d}" for n in choosers),
                  flush=True)
    print(f"\n{len(rows)} situations, {time.perf_counter() - start:.0f} s; "
          f"{args.samples} samples a decision, seed {args.seed}\n")
    names = ("exchange", "no-exchange", "no-low-bids", "rule-of-thumb", "always-pass")
    groups = {game: [r for r in rows if r["game"] == game] for game in games}
    print_paired_table("game", groups, names, "exchange", digits=1, width=22)
    print("\nEach cell: mean score of the player's side on the real deal, after the real "
          "exchange (difference from `exchange` ± its paired standard error).")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
