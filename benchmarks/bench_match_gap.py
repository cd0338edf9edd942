#!/usr/bin/env python
"""Where a bidder's gain falls short of the all-seeing bidder's: each room classed.

Issue 33 asks the policy to win against always-pass at least half of what
the all-seeing bidder (``bench_match.py``'s ``allseeing``: names its side's
best double-dummy contract at once) wins on the same deals. This bench reads
two runs of ``bench_match.py`` on the same boards, ``allseeing pass`` and
``X pass`` (their ``--json`` files, or the results files in ``--cache``),
and splits what X leaves behind by what happened in each room to X's side:

- *passed out*: X's side let the deal be passed out where the all-seeing side bid;
- *went down*: X's contract failed;
- *missed slam*: X's contract made below six where the all-seeing side bid a slam;
- *stopped low*: X's contract made below the all-seeing side's level, for less;
- *other*: X's contract made and scored less some other way (another strain);
- *as good*: X scored at least as much.

    python benchmarks/bench_match.py allseeing pass --boards 300 --seed 5 --json all.json
    python benchmarks/bench_match.py policy pass --boards 300 --seed 5 --json pol.json
    python benchmarks/bench_match_gap.py all.json pol.json [--show 20]

It also splits the rooms by the all-seeing side's contract's level (none,
part score, game level, small and grand slam): its points there and X's,
and the share X wins of them.

Several seeds: pass the files in pairs (``all-s5.json pol-s5.json all-s6.json
pol-s6.json``). Points are a board's (both rooms), as ``bench_match.py``
prints them; the shares are of the whole gap.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from bench_match import read_results  # noqa: E402

CLASSES = ("passed out", "went down", "missed slam", "stopped low", "other", "as good")


class Room(NamedTuple):
    """One room of X's side: what it lost against the all-seeing side, and why."""

    lost: int
    board: int
    room: int                   # 0: X North-South, 1: East-West
    cls: str                    # one of CLASSES
    ceiling: Optional[str]      # the all-seeing side's contract (None: it passed)
    contract: Optional[str]     # X's side's (None: passed out)
    deal: str
    calls: str
    got: int = 0                # what X's side scored there


def _level(contract: Optional[str]) -> int:
    return 0 if not contract else int(contract[0])


def classify(ceiling: dict, room: dict, sign: int) -> Tuple[str, int]:
    """The class of one room and what X's side lost there against the
    all-seeing side in the same seat (``sign``: +1 where X sits North-South)."""
    best, got = sign * ceiling["ns"], sign * room["ns"]
    lost = best - got
    if got >= best:
        return "as good", lost
    if room["contract"] is None:
        return "passed out", lost
    if got < 0:
        return "went down", lost
    if _level(ceiling["contract"]) >= 6 > _level(room["contract"]):
        return "missed slam", lost
    if _level(room["contract"]) < _level(ceiling["contract"]):
        return "stopped low", lost
    return "other", lost


def gap(pairs: Sequence[Tuple[Dict[int, dict], Dict[int, dict]]]) -> Tuple[dict, List[Room], int]:
    """``{class: (rooms, points lost)}``, every room's line, and the boards, over
    ``pairs`` of (all-seeing run, X's run) keyed by board number. Room 0 has the
    first-named bidder (A) North-South, room 1 East-West, as ``bench_match.py``."""
    out = {c: [0, 0] for c in CLASSES}
    lines, boards = [], 0
    for ceiling, run in pairs:
        for number, row in sorted(run.items()):
            top = ceiling.get(number)
            if top is None:
                continue
            if top["deal"] != row["deal"]:
                raise ValueError(f"board {number}: the two runs hold different deals "
                                 "(another seed?)")
            boards += 1
            for r, sign in ((0, 1), (1, -1)):
                cls, lost = classify(top["rooms"][r], row["rooms"][r], sign)
                out[cls][0] += 1
                out[cls][1] += lost
                mine = row["rooms"][r]
                lines.append(Room(lost, number, r, cls, top["rooms"][r]["contract"],
                                  mine["contract"], row["deal"], mine["calls"], sign * mine["ns"]))
    if not boards:
        raise ValueError("the runs share no board")
    return {c: tuple(v) for c, v in out.items()}, lines, boards


def _went_down(lines: List[Room]) -> Dict[str, Tuple[int, int]]:
    """The failed contracts split by what the all-seeing side did in that seat:
    passed (no contract made anything), another strain, or the same strain
    (lower)."""
    out: Dict[str, List[int]] = {}
    for line in lines:
        if line.cls != "went down":
            continue
        what = ("it passed" if line.ceiling is None else
                "the same strain" if line.ceiling[1:] == line.contract[1:] else "another strain")
        v = out.setdefault(what, [0, 0])
        v[0] += 1
        v[1] += line.lost
    return {k: (v[0], v[1]) for k, v in sorted(out.items())}


def _slams(lines: List[Room]) -> Dict[str, int]:
    """Slams (level six or seven) bid in the rooms: the bidder's made and
    down, and the all-seeing side's (always made)."""
    out = {"made": 0, "down": 0, "ceiling": 0}
    for line in lines:
        if _level(line.contract) >= 6:
            out["down" if line.cls == "went down" else "made"] += 1
        out["ceiling"] += _level(line.ceiling) >= 6
    return out


#: The all-seeing side's contracts by level, for ``_by_ceiling``.
CEILINGS = (("nothing (it passed)", 0, 0), ("part score (1-3)", 1, 3),
            ("game level (4-5)", 4, 5), ("small slam (6)", 6, 6), ("grand slam (7)", 7, 7))


def _by_ceiling(lines: List[Room]) -> Dict[str, Tuple[int, int, int]]:
    """``{level group: (rooms, the all-seeing side's points, X's points)}``:
    how much of its gain X wins where the best contract is a part score, a
    game-level contract or a slam, and what X scores where no contract of its
    side scores (the all-seeing side passes, for 0)."""
    out = {}
    for name, low, high in CEILINGS:
        rooms = [line for line in lines if low <= _level(line.ceiling) <= high]
        out[name] = (len(rooms), sum(line.got + line.lost for line in rooms),
                     sum(line.got for line in rooms))
    return out


def report(classes: dict, lines: List[Room], boards: int, show: int = 0) -> str:
    total = sum(lost for _, lost in classes.values())
    text = [f"{boards} boards; the all-seeing side's lead: {total / boards:+.1f} points a board",
            f"{'class':12} {'rooms':>6} {'a board':>9} {'share':>7}"]
    for c in CLASSES:
        rooms, lost = classes[c]
        share = f"{lost / total:7.1%}" if total > 0 else "      -"
        text.append(f"{c:12} {rooms:6d} {lost / boards:+9.1f} {share}")
    slams = _slams(lines)
    text.append(f"slams bid: this bidder {slams['made']} made, {slams['down']} down; "
                f"the all-seeing side {slams['ceiling']}")
    text.append("by the all-seeing side's contract: its points and this bidder's, a board")
    for name, (rooms, best, got) in _by_ceiling(lines).items():
        share = f"{got / best:7.1%}" if best > 0 else "      -"
        text.append(f"  {name:18} {rooms:6d} {best / boards:+9.1f} {got / boards:+9.1f} {share}")
    down = _went_down(lines)
    if down:
        text.append("went down, by the all-seeing side's contract there:")
        for what, (rooms, lost) in down.items():
            text.append(f"  {what:28} {rooms:6d} {lost / boards:+9.1f}")
    for line in sorted(lines, key=lambda line: -line.lost)[:show]:
        calls = line.calls
        while calls.endswith(" P"):
            calls = calls[:-2]
        text.append(f"board {line.board} room {line.room}: {line.cls}, {line.lost:+d}; all-seeing "
                    f"{line.ceiling or 'pass'}, this bidder {line.contract or 'pass'} ({calls}); "
                    f"{line.deal}")
    return "\n".join(text)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("files", nargs="+", help="pairs: the all-seeing run's results, then X's")
    p.add_argument("--show", type=int, default=0, help="list the N rooms that lost most")
    args = p.parse_args(argv)
    if len(args.files) % 2:
        p.error("give the files in pairs: an all-seeing run, then the bidder's run")
    try:
        pairs = [(read_results(Path(a)), read_results(Path(b)))
                 for a, b in zip(args.files[::2], args.files[1::2])]
        print(report(*gap(pairs), show=args.show))
    except ValueError as e:
        print(f"bench_match_gap.py: error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
