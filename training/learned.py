#!/usr/bin/env python
"""Fit the bidding policy's learned correction from the advisor's self-play decisions (issue 33).

Reads the decisions of ``training/selfplay/*.jsonl`` (``selfplay.py``: Vint
1886, the advisor's mean for every candidate call at 200 samples) and fits
``advisor/bidding/learned_model.json`` (``advisor.bidding.learned``): for
each decision and each candidate the correction considers, the inputs
(``learned.inputs``) and the target, the candidate's mean less the table
call's (clipped to ±3,000 points); one ridge fit a kind of change, closed
form, so a rerun on the same data gives the same weights.

    python training/learned.py                     # fit and write the model file
    python training/learned.py --check             # refit; compare with the committed file
    python training/learned.py --folds 5           # the fit judged on other deals (no write)
    python training/learned.py --judge d.jsonl     # the committed model on one-step decisions

``--judge FILE`` reads the decisions ``benchmarks/bench_policy_regret.py
--table --decisions FILE`` writes (seeded deals bid by the table against
always-pass, every alternative of every call played out on the real deal)
and, at each, makes the call the committed correction makes there (its
margin, the meanings kept): what that gains on the real deal, a decision.

``--folds K`` splits the decisions by deal, fits on the others and, on each
held-out decision, follows the correction where it predicts more than the
margin: the gain on the real deal (each candidate's ``real`` score) and in
the advisor's means, a decision. The matches that decide whether it is kept
are ``benchmarks/bench_match.py policy:learned ...`` (docs/advise.md).
"""

from __future__ import annotations

import argparse
import glob
import json
import math
import sys
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import numpy as np  # noqa: E402

#: Targets are clipped here: a few candidates lose tens of thousands (a grand
#: slam a long way off) and would otherwise pull the fit.
CLIP = 3000.0
#: The ridge: this share of the kind's decisions' count, added to X'X's diagonal.
RIDGE = 0.01
#: A change is made where the predicted gain is above this (points): chosen on
#: seeds 5-7 of bench_match, policy against pass, 900 boards paired against the
#: table alone (200: +88 ± 37, 300: +137 ± 32, 350: +144 ± 30, 400: +110 ± 31,
#: 500: +84 ± 29, 700: +31 ± 25).
MARGIN = 350.0
DATA = REPO / "training" / "selfplay"


def read_decisions(paths: Sequence[Path]) -> List[dict]:
    """The Vint decisions of the self-play files, in file order."""
    out = []
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row.get("kind") == "decision" and row.get("rules") == "vint":
                out.append(row)
    return out


def examples(decisions: List[dict]) -> List[Tuple[tuple, Dict[str, tuple]]]:
    """For each decision: its deal and ``{call: (kind, inputs, target, real gain)}``."""
    from solver.cards import Hand
    from advisor.bidding import learned
    from advisor.bidding.policy import Policy, _facts

    policy = Policy("vint", learned=False)     # the inputs do not depend on the correction
    out = []
    for d in decisions:
        by_call = {c["call"]: c for c in d["candidates"]}
        table = by_call.get(d["policy_call"])
        if table is None:
            continue
        hand = Hand.from_pbn(d["hand"])
        reading = policy.reading(d["auction"], d["seat"], d["dealer"])
        legal = policy.legal_calls(d["auction"])
        found = {}
        for call, (kind, x) in learned.inputs(policy, _facts(hand.mask), hand, reading, legal,
                                              d["policy_call"]).items():
            c = by_call.get(call)
            if c is None:
                continue
            target = max(-CLIP, min(CLIP, c["mean"] - table["mean"]))
            real = None if c.get("real") is None or table.get("real") is None \
                else c["real"] - table["real"]
            found[call] = (kind, x, target, real)
        out.append(((d["seed"], d["deal_no"]), found))
    return out


def fit(rows) -> Dict[str, List[float]]:
    """Ridge weights a kind from ``examples`` rows."""
    by_kind: Dict[str, Tuple[list, list]] = {}
    for _, found in rows:
        for kind, x, target, _ in found.values():
            xs, ys = by_kind.setdefault(kind, ([], []))
            xs.append(x)
            ys.append(target)
    weights = {}
    for kind, (xs, ys) in sorted(by_kind.items()):
        X, y = np.array(xs, dtype=float), np.array(ys, dtype=float)
        A = X.T @ X + RIDGE * max(1, len(X)) * np.eye(X.shape[1])
        weights[kind] = [float(v) for v in np.linalg.solve(A, X.T @ y)]
    return weights


def ranges(rows) -> Tuple[List[float], List[float]]:
    """Each input's smallest and largest value in the data (the model clips to them)."""
    xs = np.array([x for _, found in rows for _, x, _, _ in found.values()], dtype=float)
    return [float(v) for v in xs.min(axis=0)], [float(v) for v in xs.max(axis=0)]


def _choose(weights, found, margin):
    best, gain = None, margin
    for call, (kind, x, _, _) in found.items():
        w = weights.get(kind)
        if w is not None:
            v = float(np.dot(w, x))
            if v > gain:
                best, gain = call, v
    return best


def folds(rows, k: int, margin: float) -> str:
    """The correction judged on held-out deals, in words."""
    deals = sorted({key for key, _ in rows})
    np.random.default_rng(0).shuffle(deals)
    real, means, moved = [], [], 0
    for f in range(k):
        held = set(deals[f::k])
        weights = fit([r for r in rows if r[0] not in held])
        for key, found in rows:
            if key not in held:
                continue
            call = _choose(weights, found, margin)
            moved += call is not None
            means.append(found[call][2] if call else 0.0)
            if call is None or found[call][3] is not None:
                real.append(found[call][3] if call else 0.0)

    def line(v):
        v = np.array(v)
        return f"{v.mean():+.1f} ± {v.std(ddof=1) / math.sqrt(len(v)):.1f}"
    return (f"{len(rows)} decisions, {k} folds by deal, margin {margin:.0f}: moved {moved}; "
            f"a decision, on the real deal {line(real)}, in the advisor's means {line(means)}")


def judge(path: Path) -> str:
    """The committed correction on one-step decisions of the table (see ``--judge``)."""
    from solver.cards import Hand
    from advisor.bidding import learned
    from advisor.bidding.policy import Policy, _facts

    policy, model = Policy("vint", learned=False), learned.Correction.load()
    gains, moved = [], 0
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        if d.get("rules") != "vint":
            continue
        hand = Hand.from_pbn(d["hand"])
        reading = policy.reading(d["auction"], d["seat"], d["dealer"])
        found = model.best(policy, _facts(hand.mask), hand, reading,
                           policy.legal_calls(d["auction"]), d["policy_call"])
        if found is not None and found[0] in d["regrets"]:
            moved += 1
            gains.append(d["regrets"][found[0]])
        else:
            gains.append(0.0)
    if len(gains) < 2:
        raise SystemExit(f"{path}: fewer than two Vint decisions")
    v = np.array(gains, dtype=float)
    return (f"{len(v)} decisions of the table, {moved} moved by the correction (margin "
            f"{model.margin:.0f}): {v.mean():+.1f} ± {v.std(ddof=1) / math.sqrt(len(v)):.1f} "
            "points a decision on the real deal")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("files", nargs="*", help="self-play files (default training/selfplay/*.jsonl)")
    p.add_argument("--margin", type=float, default=MARGIN)
    p.add_argument("--check", action="store_true", help="refit and compare with the model file")
    p.add_argument("--folds", type=int, default=0, help="judge the fit on held-out deals")
    p.add_argument("--out", help="where to write the model (default: the package's file)")
    p.add_argument("--judge", metavar="FILE", help="judge the committed model on one-step "
                   "decisions (bench_policy_regret.py --table --decisions FILE)")
    args = p.parse_args(argv)
    if args.judge:
        print(judge(Path(args.judge)))
        return 0

    from advisor.bidding import learned

    paths = [Path(f) for f in args.files] or [Path(f) for f in sorted(glob.glob(str(DATA / "*.jsonl")))]
    if not paths:
        p.error(f"no self-play files in {DATA}")
    decisions = read_decisions(paths)
    if not decisions:
        p.error("the files hold no Vint decisions")
    rows = examples(decisions)
    if args.folds:
        if args.folds < 2:
            p.error("--folds must be at least 2")
        print(folds(rows, args.folds, args.margin))
        return 0
    versions = sorted({d["version"] for d in decisions})
    about = (f"ridge fit by training/learned.py on {len(rows)} Vint decisions of "
             f"{', '.join(path.name for path in paths)} (advisor/bidding versions "
             f"{', '.join(versions)})")
    low, high = ranges(rows)
    correction = learned.Correction(fit(rows), args.margin, about, low, high)
    if args.check:
        committed = learned.Correction.load()
        worst = max(abs(a - b) for k in correction.weights
                    for a, b in zip(correction.weights[k], committed.weights.get(k, [math.inf] * 99)))
        same = set(correction.weights) == set(committed.weights) and worst < 1e-3 \
            and committed.margin == correction.margin \
            and np.allclose(committed.low, low, atol=1e-5) and np.allclose(committed.high, high, atol=1e-5)
        print(f"refit on {len(rows)} decisions: largest weight difference {worst:.2g}; "
              f"{'the same model' if same else 'NOT the committed model'}")
        return 0 if same else 1
    correction.save(Path(args.out) if args.out else learned.MODEL_FILE)
    print(about)
    return 0


if __name__ == "__main__":
    sys.exit(main())
