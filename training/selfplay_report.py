#!/usr/bin/env python
"""Where the advisor would bid otherwise than the policy: self-play decisions by table row.

Reads the decision lines of ``training/selfplay.py`` (one or more JSON-lines
files) and groups them by the policy's row (its reason; a pass no row fits
is grouped by the situation: nobody has bid, partner has bid, only the
opponents have, or the player has bid before). For each group: how many
decisions, how often the advisor's call (``advisor_call``: its best mean,
unless the system's call is kept within the settling margin) is not the
policy's, and what that change is worth on the real deal (the auction going
on by the policy after either call, double-dummy): the mean and standard
error of ``real[advisor_call] - real[policy_call]`` over the group's
decisions. The advisor chose its call without seeing the real deal, so that
figure is an unbiased paired estimate of what following the advisor in that
row gains; the advisor's own means are not used for it (the best of several
noisy means is optimistic). The groups where it is large and clear are the
rows a table correction should look at first; the calls the advisor prefers
there are listed.

    python training/selfplay_report.py training/selfplay/*.jsonl [--top 15] [--by best]

``--by best`` follows the advisor's best mean instead of its call (which keeps
the system's call unless a departure clears the settling margin).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Dict, Iterable, List

REPO = Path(__file__).resolve().parents[1]
if str(REPO / "benchmarks") not in sys.path:
    sys.path.insert(0, str(REPO / "benchmarks"))

from duplicate import mean_se  # noqa: E402

SEATS = "NESW"


def situation(row: dict) -> str:
    """The policy's situation for a decision: open, respond, overcall or rebid."""
    dealer = SEATS.index(row["dealer"])
    seat = row["seat"]
    mine = partner = theirs = False
    for i, call in enumerate(row["auction"]):
        if call in ("P", "X", "XX"):
            continue
        who = SEATS[(dealer + i) % 4]
        if who == seat:
            mine = True
        elif (SEATS.index(who) - SEATS.index(seat)) % 2 == 0:
            partner = True
        else:
            theirs = True
    if mine:
        return "rebid"
    if partner:
        return "respond"
    return "overcall" if theirs else "open"


def group_of(row: dict) -> str:
    """The policy row's reason, or for a pass no row asked for, its situation."""
    if row.get("policy_row"):
        return row["policy_row"]
    return f"({situation(row)}: no row fits, passes)"


def decisions(paths: Iterable[Path]) -> List[dict]:
    out = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                if row.get("kind") == "decision":
                    out.append(row)
    return out


def best_mean(row: dict) -> str:
    """The candidate with the best mean over the samples it was scored on."""
    return max(row["candidates"], key=lambda c: c["mean"])["call"]


def report(rows: List[dict], top: int = 15, by: str = "call") -> str:
    """The table: ``by`` "call" follows the advisor's call (the system's call
    kept within its settling margin), "best" its best mean."""
    groups: Dict[str, List[dict]] = defaultdict(list)
    for row in rows:
        groups[group_of(row)].append(row)
    lines = [f"{len(rows)} decisions in {len(groups)} groups (the policy's rows, or its "
             f"passes by situation)", ""]
    gains_all = []
    table = []
    for name, members in groups.items():
        gains, changed, wanted = [], 0, Counter()
        for row in members:
            real = {c["call"]: c["real"] for c in row["candidates"]}
            chosen = row["advisor_call"] if by == "call" else best_mean(row)
            if chosen not in real or row["policy_call"] not in real:
                continue
            gains.append(real[chosen] - real[row["policy_call"]])
            if chosen != row["policy_call"]:
                changed += 1
                wanted[_kind(chosen, row["policy_call"])] += 1
        if not gains:
            continue
        gains_all += gains
        mean, se = mean_se(gains)
        table.append((sum(gains) / len(rows), name, len(gains), changed, mean, se, wanted))
    table.sort(reverse=True)
    lines.append(f"{'a decision':>10} {'decisions':>9} {'changed':>7} {'real gain when followed':>26}  row")
    for share, name, n, changed, mean, se, wanted in table[:top]:
        what = ", ".join(f"{k} {v}" for k, v in wanted.most_common(3))
        lines.append(f"{share:+10.1f} {n:9d} {changed:7d} {mean:+12.0f} ± {se:<11.0f}  {name}"
                     + (f"  [{what}]" if what else ""))
    mean, se = mean_se(gains_all)
    followed = "the advisor's call" if by == "call" else "the advisor's best mean"
    lines += ["", f"all decisions: following {followed} gains {mean:+.1f} ± {se:.1f} points a "
                  f"decision on the real deal ({sum(1 for g in gains_all if g)} moved)"]
    return "\n".join(lines)


def _kind(advisor: str, policy: str) -> str:
    """How the advisor's call departs from the policy's, in a word or two."""
    if advisor == "P":
        return "pass instead"
    if policy == "P":
        return "bid instead of pass"
    a_level, p_level = int(advisor[0]), int(policy[0])
    if advisor[1:] == policy[1:]:
        return "higher" if a_level > p_level else "lower"
    return "another strain"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("files", nargs="+", type=Path)
    p.add_argument("--top", type=int, default=15, help="groups listed (default 15)")
    p.add_argument("--by", choices=("call", "best"), default="call",
                   help="follow the advisor's call (default) or its best mean")
    args = p.parse_args(argv)
    missing = [str(f) for f in args.files if not f.is_file()]
    if missing:
        p.error("no such file: " + ", ".join(missing))
    rows = decisions(args.files)
    if not rows:
        p.error("no decision lines in " + ", ".join(str(f) for f in args.files))
    print(report(rows, args.top, args.by))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
