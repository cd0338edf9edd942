#!/usr/bin/env python
"""Duplicate matches between two bidders, the way bridge programs are compared.

Each of ``--boards`` seeded random deals is bid twice: bidder A sits NS and B
EW, then B NS and A EW (the dealer N, E, S, W in turn by board). Each final
contract is played double-dummy with the game's own opening leader and
scored by the game's rules (``benchmarks/duplicate.py``: Skruuvi's exchange,
misère and all-pass misère, semi-contract's Courts). A board's result is A's
net over both rooms (NS's score in the first room less NS's in the second);
the bench prints its mean with the standard error, the number of boards, the
boards where the two rooms' contracts differ (``--show`` lists them) and every
illegal call (a bug of that bidder: the run then exits with status 1).

    python benchmarks/bench_match.py policy pass --boards 400
    python benchmarks/bench_match.py allseeing pass --boards 400
    python benchmarks/bench_match.py policy baseline --boards 1000 --workers 2
    python benchmarks/bench_match.py advisor:32 policy --boards 100 --show
    python benchmarks/bench_match.py policy baseline --rules skruuvi --boards 300
    python benchmarks/bench_match.py policy pass --boards 300 --seed 5 --paired before.json

``--paired FILE`` compares this run board by board with an earlier one on the
same boards (FILE: its ``--json``, or a results file from ``--cache``): the
mean change of A's result and its standard error, far smaller than either
run's own when a change of a bidder moves only a few boards. This is how a
change of the policy is measured against the policy before it.

Bidders: ``pass``; ``policy`` (``advisor.bidding``'s policy now);
``baseline`` (the policy frozen in ``benchmarks/baseline_policy``);
``allseeing`` (sees all hands, names its side's best double-dummy contract);
``advisor:N`` (``recommend`` at N samples at both seats of its side, the
policy's continuations) and ``advisor:N:one`` (at N or E only, the policy at
the partner's seat).

Resumable: each board's result is appended to a file under ``--cache``
(default ``benchmarks/cache``), named by the game, seed and bidders with a
hash of the code each bidder's calls depend on; a rerun plays only the
boards missing there (``--fresh``: play them all again). Double-dummy tables
and Skruuvi's and semi-contract's searches are kept in ``--cache`` too, for
every bidder.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import re
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
for path in (HERE, HERE.parent):   # duplicate.py and baseline_policy; the in-place build
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import duplicate  # noqa: E402
from duplicate import Referee, Store, board, make_bidder, mean_se, play_board  # noqa: E402

_WORKER = {}


def _init(rules, specs, cache, courts_nodes, misere_nodes):
    store = Store(cache)                    # read only here: new entries go back to the parent
    referee = Referee(rules, store, courts_nodes=courts_nodes, misere_nodes=misere_nodes)
    _WORKER.update(referee=referee, bidders=[make_bidder(s, referee) for s in specs])


def _play(args):
    number, seed = args
    referee, (a, b) = _WORKER["referee"], _WORKER["bidders"]
    row = play_board(board(referee.rules, seed, number), a, b, referee)
    return row, referee.store.take_new()


def _tag(spec: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", spec)


def _levels(rows, room: int, side: str) -> Counter:
    """Levels of the contracts the side declared in ``room`` of each board."""
    out = Counter()
    for row in rows:
        r = row["rooms"][room]
        if r["declarer"] is not None and r["declarer"] in side:
            level = r["contract"][0]
            out[int(level) if level.isdigit() else r["contract"]] += 1
    return out


def report(rows, a: str, b: str, rules: str, show: bool) -> int:
    """Print the match's summary; the number of illegal calls."""
    diffs = [r["diff"] for r in rows]
    mean, se = mean_se(diffs)
    differ = [r for r in rows if (r["rooms"][0]["contract"], r["rooms"][0]["declarer"])
              != (r["rooms"][1]["contract"], r["rooms"][1]["declarer"])]
    illegal = [(r["board"], i) for r in rows for room in r["rooms"] for i in room["illegal"]]
    if show:
        for r in differ:
            print(f"board {r['board']} (dealer {r['dealer']}) {r['deal']}")
            for k, who in enumerate((f"{a} NS, {b} EW", f"{b} NS, {a} EW")):
                room = r["rooms"][k]
                contract = f"{room['contract']} {room['declarer']}" if room["declarer"] \
                    else (room["contract"] or "thrown in")
                calls = re.sub(r"( P)+$", "", room["calls"])
                print(f"   {who:<30} {contract:<10} NS {room['ns']:+6d}   {calls}")
            print(f"   {a} nets {r['diff']:+d}")
    print(f"\n{rules}: {a} (A) against {b} (B), {len(rows)} boards")
    print(f"A - B: {mean:+.1f} ± {se:.1f} points a board (A's net over both rooms; "
          f"{mean / 2:+.1f} ± {se / 2:.1f} a room)")
    print(f"contracts differ on {len(differ)} of {len(rows)} boards")
    for name, levels in ((a, _levels(rows, 0, "NS") + _levels(rows, 1, "EW")),
                         (b, _levels(rows, 0, "EW") + _levels(rows, 1, "NS"))):
        total = sum(levels.values())
        by = ", ".join(f"{k}: {v}" for k, v in sorted(levels.items(), key=lambda kv: str(kv[0])))
        print(f"{name} declared {total} of {2 * len(rows)} contracts ({by or 'none'})")
    if illegal:
        print(f"\n*** {len(illegal)} ILLEGAL CALL(S): a bug of the bidder ***")
        for number, i in illegal:
            print(f"*** board {number}: {i['bidder']} at {i['seat']} called {i['call']} "
                  f"after '{i['after']}' (a pass was played instead)")
    else:
        print("illegal calls: none")
    return len(illegal)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("a", help="bidder A (pass, policy, policy:table, policy:learned, baseline, allseeing, advisor:N[:one])")
    p.add_argument("b", help="bidder B")
    p.add_argument("--rules", default="vint", help="the game (default vint: Vint 1886)")
    p.add_argument("--boards", type=int, default=100)
    p.add_argument("--first", type=int, default=0, help="the first board's number (default 0)")
    p.add_argument("--seed", type=int, default=1, help="the set of deals (default 1)")
    p.add_argument("--workers", type=int, default=1, help="processes playing boards")
    p.add_argument("--cache", default=str(HERE / "cache"), help="where results and searches are kept")
    p.add_argument("--fresh", action="store_true", help="play every board again")
    p.add_argument("--show", action="store_true", help="list the boards whose contracts differ")
    p.add_argument("--json", help="write the boards' results here too")
    p.add_argument("--paired", metavar="FILE",
                   help="compare board by board with an earlier run's --json or results file")
    p.add_argument("--courts-nodes", type=int, default=200_000,
                   help="semi-contract: nodes a Courts or misère solve (default 200000)")
    p.add_argument("--misere-nodes", type=int, default=100_000,
                   help="Skruuvi: nodes a misère search before its estimate (0: exact)")
    args = p.parse_args(argv)
    earlier = None
    if args.paired:
        try:
            earlier = read_results(Path(args.paired))
        except ValueError as e:
            p.error(f"--paired: {e}")

    from advisor.game import rule_set
    rules = rule_set(args.rules).name
    cache = Path(args.cache)
    store_path = cache / "searches.jsonl"      # keyed by deal (and game where it matters)
    misere_nodes = args.misere_nodes or None
    referee = Referee(rules, Store(store_path), courts_nodes=args.courts_nodes,
                      misere_nodes=misere_nodes)
    try:
        bidders = [make_bidder(s, referee) for s in (args.a, args.b)]
    except ValueError as e:
        p.error(str(e))
    # Kept by what the results depend on: the bidders' code and the referee's.
    name = "-".join(f"{_tag(x.name)}.{x.version}" for x in bidders)
    referee_version = duplicate.referee_version()
    results = cache / (f"match-{rules}-s{args.seed}-{name}-r{referee_version}-"
                       f"{args.courts_nodes}-{misere_nodes}.jsonl")
    done = read_results(results) if results.exists() and not args.fresh else {}
    wanted = range(args.first, args.first + args.boards)
    todo = [(n, args.seed) for n in wanted if n not in done]
    print(f"{len(wanted) - len(todo)} of {len(wanted)} boards from {results.name}; "
          f"playing {len(todo)}", file=sys.stderr)
    if args.fresh and results.exists():
        results.unlink()
    start, tty = time.perf_counter(), sys.stderr.isatty()
    if args.workers > 1 and todo:
        pool = multiprocessing.get_context("fork").Pool(
            args.workers, _init, (rules, (args.a, args.b), store_path, args.courts_nodes,
                                  misere_nodes))
        played = pool.imap_unordered(_play, todo)
    else:
        _WORKER.update(referee=referee, bidders=bidders)
        played = map(_play, todo)
        pool = None
    results.parent.mkdir(parents=True, exist_ok=True)
    with results.open("a", encoding="utf-8") as out:
        for k, (row, new) in enumerate(played, 1):
            referee.store.add(new)
            out.write(json.dumps(row) + "\n")
            out.flush()
            done[row["board"]] = row
            if tty or k % 50 == 0 or k == len(todo):
                rate = k / (time.perf_counter() - start)
                so_far = mean_se([done[n]["diff"] for n in done if n in wanted])
                line = (f"{k}/{len(todo)} boards, {rate:.2f} a second; A - B so far "
                        f"{so_far[0]:+.0f} ± {so_far[1]:.0f}")
                print(("\r" + line) if tty else line, end="" if tty else "\n",
                      file=sys.stderr, flush=True)
    if tty and todo:
        print(file=sys.stderr)
    if pool is not None:
        pool.close()
        pool.join()
    rows = [done[n] for n in wanted]
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1), encoding="utf-8")
    illegal = report(rows, bidders[0].name, bidders[1].name, rules, args.show)
    if earlier is not None:
        try:
            print(paired_report(rows, earlier, args.paired))
        except ValueError as e:
            print(f"bench_match.py: error: {e}", file=sys.stderr)
            return 2
    return 1 if illegal else 0


def read_results(path: Path) -> dict:
    """The boards of a run, by board number: ``path`` holds a ``--json`` list or
    a results file of JSON lines (the one this bench resumes from)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror}") from None
    try:
        rows = json.loads(text) if text.lstrip().startswith("[") else \
            [json.loads(line) for line in text.splitlines() if line.strip()]
        return {int(r["board"]): r for r in rows}
    except (json.JSONDecodeError, KeyError, TypeError) as e:
        raise ValueError(f"{path} is not a match's results ({e})") from None


def paired_report(rows, earlier: dict, label: str) -> str:
    """This run's boards against the same boards of ``earlier``: the mean change
    of A's result a board with its standard error. The boards must be the same
    deals (the same seed and numbers)."""
    common = [r for r in rows if r["board"] in earlier]
    if not common:
        raise ValueError(f"--paired: {label} has none of these boards")
    for r in common:
        if earlier[r["board"]]["deal"] != r["deal"]:
            raise ValueError(f"--paired: board {r['board']} of {label} is another deal "
                             f"(another seed?)")
    change = [r["diff"] - earlier[r["board"]]["diff"] for r in common]
    mean, se = mean_se(change)
    moved = sum(1 for c in change if c)
    return (f"paired against {label}: A's result {mean:+.1f} ± {se:.1f} points a board "
            f"over {len(common)} boards (moved on {moved})")


if __name__ == "__main__":
    sys.exit(main())
