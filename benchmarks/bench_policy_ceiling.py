#!/usr/bin/env python
"""How far better knowledge would take the bidding policy: ceilings (issue 33).

Issue 33 measures the policy by its share of what the all-seeing bidder wins
against a side that always passes (``bench_match.py policy pass`` against
``bench_match.py allseeing pass``). The all-seeing bidder sees all four hands
and knows the double-dummy result; no bidding system does. This bench asks
what the policy's *tables* (``advisor.bidding.tables``) would win if the
player knew more than its own hand, on the same seeded boards, each against
always-pass, bid in both rooms as ``bench_match`` bids them:

- ``allseeing`` and ``policy``: the issue's ceiling and the policy as it is;
- ``tables+dd``: the policy's tables with the trick model's estimate of the
  partnership's tricks replaced by the double-dummy tricks of the player
  declaring (spread 0.3): the tables with perfect trick counts;
- ``tables+dd~S``: the same with Gaussian noise of S tricks on each estimate
  (and spread S; ``--sigmas``): how the share grows as the estimate sharpens;
- ``tables+partner``: the estimate from both hands of the partnership (a
  least-squares fit on the two hands' features, ``partner_features``, fitted
  on the double-dummy tables of ``--fit-deals`` boards of seed
  ``--fit-seed``, spread its residual): a partnership that sees each other's
  hands, not the opponents', bidding by the tables;
- ``tables+mine+P``: my hand's trick-model inputs (``tricks.hand_features``)
  and only the pieces ``P`` of partner's hand (``--pieces``: ``hcp``, ``len``
  its length in the strain, ``hon`` its A K Q there, ``aces``, ``short`` its
  short side suits; joined by ``+``), fitted the same way: which of partner's
  facts an auction would most need to carry;
- ``partner-direct``: sees partner's hand and names at once the contract
  whose expected score by that estimate is best (no tables): about what a
  perfect exchange of information could win;
- ``direct+P``: the same with only my hand and the pieces ``P`` of partner's
  (``--direct-pieces``, the same pieces as ``--pieces``): what an exchange that
  carries only those pieces could win, placed at once.

Printed: each bidder's net against always-pass with its standard error, its
share of the all-seeing bidder's, and the paired difference from the
policy's. Double-dummy tables are kept in ``--cache`` (shared with
``bench_match.py``); a run of 300 boards takes about a minute once they are.

    python benchmarks/bench_policy_ceiling.py --boards 300 --seed 5
    python benchmarks/bench_policy_ceiling.py --boards 1000 --seed 3 --sigmas 1 1.5
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path
from typing import Dict, List, Sequence

HERE = Path(__file__).resolve().parent
for path in (HERE, HERE.parent):   # duplicate.py; the in-place build
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import numpy as np  # noqa: E402

from duplicate import (Bidder, PassBidder, PolicyBidder, Referee, Store, board,  # noqa: E402
                       make_bidder, mean_se, play_board)

from advisor.bidding import tricks  # noqa: E402
from advisor.bidding.policy import Policy, _facts  # noqa: E402
from advisor.rules.base import PASS  # noqa: E402
from solver.cards import Hand, Seat  # noqa: E402

STRAINS = ("S", "H", "D", "C", "NT")
_SUIT = {"S": 0, "H": 1, "D": 2, "C": 3}


def partner_features(mine: Hand, partner: Hand, strain: str) -> List[float]:
    """Inputs of the both-hands estimate of the partnership's tricks in ``strain``:
    the two hands' points, aces and kings, and in a suit the trumps between
    them, their top honours, the side-suit shortness of each hand (ruffs) and
    the losing-trick counts; in no-trumps the queens, the suits stopped and the
    longest suit between them."""
    fa, fb = _facts(mine.mask), _facts(partner.mask)
    a, b = fa.ranks, fb.ranks
    both = a + b
    hcp = fa.features["hcp"] + fb.features["hcp"]
    aces = fa.features["aces"] + fb.features["aces"]
    kings = fa.features["kings"] + fb.features["kings"]
    losers = [tricks._losers(a), tricks._losers(b)]
    if strain == "NT":
        lengths = [len(a[s]) + len(b[s]) for s in range(4)]
        longest = max(range(4), key=lengths.__getitem__)
        stopped = sum(any(14 in c or (13 in c and len(c) >= 2) or (12 in c and len(c) >= 3)
                          for c in (a[s], b[s])) for s in range(4))
        return [1.0, hcp, aces, kings, sum(12 in c for c in both), stopped, lengths[longest],
                sum(r >= 12 for r in a[longest] + b[longest]), sum(losers), min(losers)]
    s = _SUIT[strain]
    short, long_ = (b, a) if len(b[s]) <= len(a[s]) else (a, b)
    trumps = len(a[s]) + len(b[s])
    ruffs = [sum(max(0, 3 - len(h[t])) for t in range(4) if t != s) for h in (short, long_)]
    side = max(len(a[t]) + len(b[t]) for t in range(4) if t != s)
    return [1.0, hcp, aces, kings, trumps, sum(r >= 12 for r in a[s] + b[s]),
            sum(r >= 10 for r in a[s] + b[s]), ruffs[0], ruffs[1], sum(losers), min(losers),
            side, min(trumps, 8), max(0, trumps - 8)]


class PartnerEstimate:
    """The both-hands estimate: least-squares weights a kind of strain (suit,
    no-trumps) on ``features(mine, partner, strain)`` (``partner_features``)."""

    def __init__(self, referee: Referee, seed: int, deals: int, features=partner_features):
        self.features = features
        xs: Dict[str, list] = {"suit": [], "nt": []}
        ys: Dict[str, list] = {"suit": [], "nt": []}
        for number in range(deals):
            brd = board(referee.rules, seed, number)
            table = referee.table(brd.deal)
            for (seat, strain), t in table.items():
                kind = "nt" if strain.name == "NT" else "suit"
                xs[kind].append(features(brd.deal[seat], brd.deal[seat.partner], strain.name))
                ys[kind].append(t)
        self.weights, self.spread = {}, {}
        for kind in xs:
            x, y = np.array(xs[kind], dtype=float), np.array(ys[kind], dtype=float)
            w = np.linalg.lstsq(x, y, rcond=None)[0]
            self.weights[kind] = w
            self.spread[kind] = float(np.sqrt(np.mean((y - x @ w) ** 2)))

    def __call__(self, mine: Hand, partner: Hand, strain: str) -> float:
        kind = "nt" if strain == "NT" else "suit"
        return float(self.weights[kind] @ self.features(mine, partner, strain))


def piece_features(mine: Hand, partner: Hand, strain: str, pieces: Sequence[str]) -> List[float]:
    """My hand's trick-model inputs and the named ``pieces`` of partner's hand."""
    own, theirs = _facts(mine.mask), _facts(partner.mask)
    out = [1.0] + tricks.hand_features(own.ranks, own.features, own.sure, strain, "NT")
    at = _SUIT[strain] if strain != "NT" else max(range(4), key=lambda i: len(theirs.ranks[i]))
    suit = theirs.ranks[at]
    known = {"hcp": theirs.features["hcp"], "len": len(suit),
             "hon": sum(r >= 12 for r in suit), "aces": theirs.features["aces"],
             "short": sum(max(0, 3 - len(c)) for i, c in enumerate(theirs.ranks) if i != at)}
    return out + [known[p] for p in pieces]


class KnowingPolicy(Policy):
    """The policy's tables with another estimate of the partnership's tricks:
    ``know(board, seat, strain)`` gives ``(tricks, spread)``, for the board and
    seat set by ``KnowingBidder`` before each call."""

    def __init__(self, know):
        super().__init__("vint")
        self.know = know
        self.at = None                      # (board, room, seat)

    def partnership_tricks(self, hand, strain, reading):
        return self.know(*self.at, strain)[0]

    def trick_spread(self, strain, reading):
        return self.know(*self.at, strain)[1]


class KnowingBidder(PolicyBidder):
    """Calls by a ``KnowingPolicy``, telling it the board and seat first (its
    remembered decisions are forgotten: they depend on more than the hand)."""

    def __init__(self, name: str, know):
        super().__init__(name, KnowingPolicy(know), name)
        self.room = 0

    def start(self, board, room):
        self.room = room

    def call(self, board, calls, seat):
        self.policy.at = (board, self.room, seat)
        self.policy._decisions.clear()
        return super().call(board, calls, seat)


class PartnerDirectBidder(Bidder):
    """Sees partner's hand: the first of its side to call names the contract
    whose expected score (``tricks.LevelChooser`` on the both-hands estimate) is
    best, or passes; then it passes."""

    name = "partner-direct"

    def __init__(self, estimate: PartnerEstimate, name: str = "partner-direct"):
        self.estimate = estimate
        self.name = name
        self.levels = tricks.level_chooser("vint")
        self.shares = tricks.model().shares["same"]

    def call(self, board, calls, seat):
        if any(c != PASS for c in calls):
            return PASS
        hand = board.deal[seat]
        features = _facts(hand.mask).features
        best, best_value = PASS, 0.0
        for strain in STRAINS:
            trumps = strain != "NT"
            honours = features[f"honours_{('spades', 'hearts', 'diamonds', 'clubs')[_SUIT[strain]]}"] \
                if trumps else 0
            values = self.levels.expected(
                strain, self.estimate(hand, board.deal[seat.partner], strain),
                self.estimate.spread["suit" if trumps else "nt"], honours, features["aces"],
                self.shares, trumps)
            for level, value in enumerate(values, start=1):
                if value > best_value:
                    best, best_value = f"{level}{strain}", value
        return best


def _noise(board, room: int, seat: Seat, strain: str, sigma: float) -> float:
    """A fixed Gaussian draw for (board, room, seat, strain): reruns agree."""
    key = f"{board.number} {room} {seat.name} {strain}".encode()
    return random.Random(int(hashlib.sha1(key).hexdigest()[:12], 16)).gauss(0.0, sigma)


def _from(estimate: PartnerEstimate):
    """``know`` for a ``KnowingBidder``: the estimate and its spread."""
    def know(brd, room, seat, strain):
        kind = "nt" if strain == "NT" else "suit"
        return estimate(brd.deal[seat], brd.deal[seat.partner], strain), estimate.spread[kind]
    return know


def _piece_estimate(referee: Referee, fit_seed: int, fit_deals: int, spec: str) -> PartnerEstimate:
    """The estimate from my hand and partner's pieces ``spec`` (``hcp+len``)."""
    names = spec.split("+")
    return PartnerEstimate(referee, fit_seed, fit_deals,
                           lambda m, p, s, names=names: piece_features(m, p, s, names))


def bidders(referee: Referee, sigmas: Sequence[float], fit_seed: int, fit_deals: int,
            pieces: Sequence[str] = (), direct_pieces: Sequence[str] = ()):
    def dd(sigma):
        def know(brd, room, seat, strain):
            table = referee.table(brd.deal)
            exact = next(t for (s, st), t in table.items() if s == seat and st.name == strain)
            noise = _noise(brd, room, seat, strain, sigma) if sigma else 0.0
            return exact + noise, max(sigma, 0.3)
        return know

    out = [make_bidder("allseeing", referee), make_bidder("policy", referee),
           KnowingBidder("tables+dd", dd(0.0))]
    out += [KnowingBidder(f"tables+dd~{s:g}", dd(s)) for s in sigmas]
    estimate = PartnerEstimate(referee, fit_seed, fit_deals)
    print(f"both-hands estimate fitted on {fit_deals} boards of seed {fit_seed}: spread "
          f"{estimate.spread['suit']:.2f} tricks in a suit, {estimate.spread['nt']:.2f} in "
          f"no-trumps (the trick model's: 1.1-2.3 by what partner has shown)")
    out += [KnowingBidder("tables+partner", _from(estimate)), PartnerDirectBidder(estimate)]
    for spec in pieces:
        out.append(KnowingBidder(f"tables+mine+{spec}",
                                 _from(_piece_estimate(referee, fit_seed, fit_deals, spec))))
    for spec in direct_pieces:
        out.append(PartnerDirectBidder(_piece_estimate(referee, fit_seed, fit_deals, spec),
                                       f"direct+{spec}"))
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--boards", type=int, default=300)
    p.add_argument("--seed", type=int, default=5, help="the set of deals (default 5)")
    p.add_argument("--sigmas", type=float, nargs="*", default=[0.5, 1.0, 1.5, 2.0],
                   help="noise on the double-dummy tricks, in tricks")
    p.add_argument("--pieces", nargs="*", default=["hcp", "hcp+len", "hcp+len+hon+aces+short"],
                   help="pieces of partner's hand known besides mine (hcp, len, hon, aces, "
                        "short, joined by +)")
    p.add_argument("--direct-pieces", nargs="*", default=["hcp", "hcp+len", "hcp+len+aces"],
                   help="the same pieces, the contract named at once (partner-direct with "
                        "only those pieces of partner's hand)")
    p.add_argument("--fit-seed", type=int, default=2, help="the both-hands fit's deals")
    p.add_argument("--fit-deals", type=int, default=1000)
    p.add_argument("--cache", default=str(HERE / "cache"))
    args = p.parse_args(argv)
    if args.boards < 2 or args.fit_deals < 50:
        p.error("--boards must be at least 2 and --fit-deals at least 50")
    for spec in args.pieces + args.direct_pieces:
        unknown = set(spec.split("+")) - {"hcp", "len", "hon", "aces", "short"}
        if unknown:
            p.error(f"--pieces/--direct-pieces: unknown piece(s) {', '.join(sorted(unknown))} in {spec!r} "
                    f"(hcp, len, hon, aces, short)")
    if args.fit_seed == args.seed:
        p.error("--fit-seed must differ from --seed (the fit would see the boards)")
    cache = Path(args.cache)
    cache.mkdir(parents=True, exist_ok=True)
    store = Store(cache / "searches.jsonl")
    referee = Referee("vint", store)
    try:
        field = bidders(referee, args.sigmas, args.fit_seed, args.fit_deals, args.pieces,
                        args.direct_pieces)
        passing = PassBidder()
        rows = {b.name: [] for b in field}
        for number in range(args.boards):
            brd = board(referee.rules, args.seed, number)
            for b in field:
                rows[b.name].append(play_board(brd, b, passing, referee))
    finally:
        store.save()
    diffs = {name: [r["diff"] for r in played] for name, played in rows.items()}
    ceiling = mean_se(diffs["allseeing"])[0]
    policy = diffs["policy"]
    print(f"\nvint, seed {args.seed}, {args.boards} boards, each bidder against always-pass "
          f"(points a board, both rooms)")
    print(f"{'bidder':<28} {'net':>16} {'share':>7} {'minus policy':>18}")
    for name, values in diffs.items():
        mean, se = mean_se(values)
        paired = mean_se([a - b for a, b in zip(values, policy)])
        print(f"{name:<28} {mean:+9.0f} ± {se:4.0f} {mean / ceiling:7.0%} "
              f"{paired[0]:+10.0f} ± {paired[1]:4.0f}")
    print(f"\nwhere the tables lose with partner's hand seen (tables+partner against "
          f"partner-direct), points a board:")
    for kind, (rooms, loss) in sorted(where_lost(rows["tables+partner"],
                                                 rows["partner-direct"]).items(),
                                      key=lambda kv: -kv[1][1]):
        print(f"  {kind:<36} {rooms:5d} rooms {loss / args.boards:+7.0f}")
    return 0


def where_lost(tables: Sequence[dict], direct: Sequence[dict]) -> Dict[str, list]:
    """``{kind: [rooms, points]}``: the rooms where two bidders' contracts
    differ, by how (the first's contract passed out, in another strain, lower,
    higher, by the other partner), and what the second won more there (its
    side's net over the first's)."""
    out: Dict[str, list] = {}
    for t, d in zip(tables, direct):
        for room, sign in ((0, 1), (1, -1)):
            a, b = t["rooms"][room], d["rooms"][room]
            if (a["contract"], a["declarer"]) == (b["contract"], b["declarer"]):
                continue
            if a["contract"] is None:
                kind = "passed out by the first"
            elif b["contract"] is None:
                kind = "passed out by the second"
            elif a["contract"][1:] != b["contract"][1:]:
                kind = "another strain"
            elif a["contract"][0] != b["contract"][0]:
                kind = "lower" if a["contract"][0] < b["contract"][0] else "higher"
            else:
                kind = "the other partner declares"
            entry = out.setdefault(kind, [0, 0])
            entry[0] += 1
            entry[1] += sign * (b["ns"] - a["ns"])
    return out


if __name__ == "__main__":
    sys.exit(main())
