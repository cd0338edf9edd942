#!/usr/bin/env python
"""Fit the bidding policy's trick model (``advisor/bidding/tricks_model.json``).

The model (``advisor.bidding.tricks``) estimates the tricks a player would
take declaring a strain, from its hand and the auction. It is fitted on
random deals (seeded, not the match's deals) whose double-dummy tables are
kept in ``training/data/dd-<rules>-s<seed>.jsonl``, and whose auctions the
policy itself bids: at each decision of each seat (once for each different
reading of the auction), every strain's inputs and the tricks the seat takes
declaring it. A weight set a kind of strain (suit, no-trumps) and what
partner has shown (``tricks.CONTEXTS``) is fitted by least squares (a little
ridge), and the fit's residual spread is kept.

    python training/tricks.py deals --deals 4000          # DD tables (resumable, slow)
    python training/tricks.py fit --deals 4000            # the weights -> tricks_model.json
    python training/tricks.py fit --deals 4000 --dry-run  # the figures only
    python training/tricks.py cv --deals 1000             # is a richer model form worth it?

Since the auctions are the policy's own, a policy that bids by the new model
bids other auctions: ``fit`` again (``--rounds 3`` does it three times,
each round's auctions bid with the weights of the round before).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
for path in (REPO, REPO / "benchmarks"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from duplicate import Referee, Store, board  # noqa: E402

#: Inputs the fit leaves out by default: my own level. Fitted on the policy's own
#: auctions the auction's levels fed back while raises went one level at a time (a
#: raise made partner count more tricks, which made it raise again) and the
#: partnership overbid; since a raise goes at once to the level its tricks reach,
#: partner's levels say how many and are read (issue 33, docs/advise.md).
LEAVE_OUT = ("my_level",)
#: Ridge penalty of the least-squares fit (on standardised-ish raw inputs).
RIDGE = 1.0


def _store(rules: str, seed: int) -> Store:
    return Store(REPO / "training" / "data" / f"dd-{rules}-s{seed}.jsonl")


def make_deals(args) -> None:
    store = _store(args.rules, args.seed)
    referee = Referee(args.rules, store)
    start = time.perf_counter()
    for number in range(args.deals):
        brd = board(referee.rules, args.seed, number)
        if store.get(f"dd {brd.deal.to_pbn()}") is None:
            referee.table(brd.deal)
            store.save()
        if number % 100 == 0:
            print(f"deal {number}: {time.perf_counter() - start:.0f} s", flush=True)


def _honours(hand, strain: str) -> int:
    """A K Q J 10 of ``strain`` in ``hand`` (0 for no-trumps)."""
    from solver.cards import Strain
    if strain not in ("S", "H", "D", "C"):
        return 0
    return sum(1 for r in hand.suit(Strain.parse(strain)) if r >= 10)


def _aces(hand) -> int:
    return sum(1 for s in range(4) if 14 in hand.suit(s))


def decisions(policy, referee: Referee, seed: int, deals: int):
    """``(key, inputs, tricks, old estimate, honours and aces held, deal number)``
    for every decision of the policy's auctions on the seeded deals with a kept table."""
    from advisor.bidding.policy import estimate_tricks
    from advisor.bidding.tricks import TrickModel, context
    from advisor.game import declarer_tricks, strain_of

    rs = referee.rules
    strains = [s for s in rs.strain_order if s in ("S", "H", "D", "C", policy.nt)]
    for number in range(deals):
        brd = board(rs, seed, number)
        if referee.store.get(f"dd {brd.deal.to_pbn()}") is None:
            continue
        table = referee.table(brd.deal)
        calls = policy.play_out(brd.deal, dealer=brd.dealer, auction=[])
        seen = set()
        for i in range(len(calls)):
            seat = rs.seat_of_call(brd.dealer, i)
            reading = policy.reading(calls[:i], seat, brd.dealer)
            if (seat, reading.key()) in seen:
                continue
            seen.add((seat, reading.key()))
            hand = brd.deal[seat]
            for strain in strains:
                tricks = declarer_tricks(table, rs, seat, strain_of(rs, f"1{strain}"))
                key = TrickModel.key(strain, policy.nt, context(reading, strain, policy.nt))
                old = estimate_tricks(hand, strain, reading.partner_shows(strain, policy.nt),
                                      policy.nt)
                partner = brd.deal[seat.partner]
                held = [_honours(hand, strain), _honours(partner, strain),
                        _aces(hand), _aces(partner)]
                yield key, policy.trick_inputs(hand, strain, reading), tricks, old, held, number


def _ridge(x: np.ndarray, y: np.ndarray, penalty: float) -> np.ndarray:
    """Least squares with a ridge ``penalty`` on every weight but the first (the bias)."""
    p = penalty * np.eye(x.shape[1])
    p[0, 0] = 0.0
    return np.linalg.solve(x.T @ x + p, x.T @ y)


def fit(args) -> None:
    import importlib

    from advisor.bidding import policy as policy_module
    from advisor.bidding import tricks

    referee = Referee(args.rules, _store(args.rules, args.seed))
    for rnd in range(args.rounds):
        policy = policy_module.Policy(args.rules)
        groups = defaultdict(lambda: ([], [], []))
        held = defaultdict(lambda: np.zeros(4))   # context: partner's and the rest's honours, aces
        for key, x, y, old, (mine, partners, my_aces, partner_aces), _ in \
                decisions(policy, referee, args.seed, args.deals):
            xs, ys, olds = groups[key]
            xs.append(x)
            ys.append(y)
            olds.append(old)
            kind, where = key.split()
            held[where] += (partners if kind == "suit" else 0, 5 - mine if kind == "suit" else 0,
                            partner_aces, 4 - my_aces)
        shares = {where: [round(float(h[0] / max(h[1], 1)), 4), round(float(h[2] / max(h[3], 1)), 4)]
                  for where, h in held.items()}
        print("partner's share of the rest (honours of the strain, aces):", shares)
        weights, spread = {}, {}
        print(f"round {rnd + 1}: {sum(len(g[1]) for g in groups.values())} decisions x strains")
        print(f"{'kind context':<14} {'n':>7} {'rmse':>6} {'old rmse':>8} {'mean':>6}")
        for key in sorted(groups):
            x, y, old = (np.array(a, dtype=float) for a in groups[key])
            names = tricks.FEATURE_NAMES[key.split()[0]]
            used = [i for i, name in enumerate(names) if name not in args.leave_out]
            w = np.zeros(x.shape[1])
            w[used] = _ridge(x[:, used], y, RIDGE)
            resid = y - x @ w
            weights[key] = [round(float(v), 5) for v in w]
            spread[key] = round(float(np.sqrt(np.mean(resid ** 2))), 4)
            print(f"{key:<14} {len(y):>7} {spread[key]:>6.2f} "
                  f"{float(np.sqrt(np.mean((y - old) ** 2))):>8.2f} {y.mean():>6.2f}")
        model = tricks.TrickModel(weights, spread, shares,
                                  about=f"training/tricks.py fit --rules {args.rules} --seed "
                                        f"{args.seed} --deals {args.deals} --leave-out "
                                        f"{' '.join(args.leave_out)} (round {rnd + 1})")
        if args.dry_run:
            return
        model.save()
        tricks.model.cache_clear()
        importlib.reload(policy_module)                # forget the decisions of the old weights


def _with_products(x: np.ndarray) -> np.ndarray:
    """``x`` with every product of two of its inputs (squares too) after it."""
    n = x.shape[1]
    return np.hstack([x] + [(x[:, a] * x[:, b])[:, None] for a in range(1, n) for b in range(a, n)])


def cross_validate(args) -> None:
    """Is a richer model form worth having? Five folds split by deal (a deal's
    decisions share its hands, so a split by row would let a flexible model
    remember them): the root-mean-square error on the held-out deals of the
    linear fit ``fit`` makes, of a linear fit on the inputs and all their
    products (ridge 10), and, where scikit-learn is installed (it is not a
    dependency), of gradient-boosted trees."""
    from advisor.bidding import policy as policy_module
    from advisor.bidding import tricks

    try:
        from sklearn.ensemble import HistGradientBoostingRegressor
    except ImportError:                      # the trees are optional
        HistGradientBoostingRegressor = None
    referee = Referee(args.rules, _store(args.rules, args.seed))
    groups = defaultdict(lambda: ([], [], []))
    for key, x, y, _, _, number in decisions(policy_module.Policy(args.rules), referee,
                                             args.seed, args.deals):
        groups[key][0].append(x)
        groups[key][1].append(y)
        groups[key][2].append(number)
    forms = ["linear", "products"] + (["trees"] if HistGradientBoostingRegressor else [])
    squares = defaultdict(float)
    total = 0
    print(f"{'kind context':<14} {'n':>7} " + " ".join(f"{f:>9}" for f in forms))
    for key in sorted(groups):
        x, y, deal = (np.array(a, dtype=float) for a in groups[key])
        names = tricks.FEATURE_NAMES[key.split()[0]]
        x = x[:, [i for i, name in enumerate(names) if name not in args.leave_out]]
        fold = deal.astype(int) % 5
        errors = defaultdict(list)
        for f in range(5):
            train, test = fold != f, fold == f
            if not test.any() or train.sum() < 2 * x.shape[1]:
                continue
            w = _ridge(x[train], y[train], RIDGE)
            errors["linear"].append(y[test] - x[test] @ w)
            q = _with_products(x)
            w = _ridge(q[train], y[train], 10.0)
            errors["products"].append(y[test] - q[test] @ w)
            if HistGradientBoostingRegressor is not None:
                trees = HistGradientBoostingRegressor(max_iter=200, learning_rate=0.05,
                                                      max_leaf_nodes=15, random_state=0)
                errors["trees"].append(y[test] - trees.fit(x[train], y[train]).predict(x[test]))
        if not errors:
            continue
        cells = []
        for form in forms:
            e = np.concatenate(errors[form])
            squares[form] += float(np.sum(e ** 2))
            cells.append(f"{np.sqrt(np.mean(e ** 2)):>9.3f}")
        total += len(np.concatenate(errors["linear"]))
        print(f"{key:<14} {len(y):>7} " + " ".join(cells))
    print(f"{'all':<14} {total:>7} " + " ".join(f"{np.sqrt(squares[f] / max(total, 1)):>9.3f}"
                                                 for f in forms))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("what", choices=("deals", "fit", "cv"),
                   help="deals: the double-dummy tables; fit: the weights; cv: held-out error "
                        "of the linear fit against richer model forms")
    p.add_argument("--rules", default="vint")
    p.add_argument("--seed", type=int, default=2, help="the training deals (default 2)")
    p.add_argument("--deals", type=int, default=4000)
    p.add_argument("--rounds", type=int, default=1, help="fit: rounds of fitting")
    p.add_argument("--dry-run", action="store_true", help="fit: print, do not write the model")
    p.add_argument("--leave-out", nargs="*", default=list(LEAVE_OUT), metavar="FEATURE",
                   help="fit: inputs left out (weight 0); default: " + " ".join(LEAVE_OUT))
    args = p.parse_args(argv)
    if args.what == "deals":
        make_deals(args)
    elif args.what == "cv":
        cross_validate(args)
    else:
        fit(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
