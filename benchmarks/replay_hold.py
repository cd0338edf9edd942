"""Replay a saved advisor match with today's advisor, rerunning only the rooms
where the partner-off-the-system hold (``advise._partner_off_system``) fires.

    python benchmarks/replay_hold.py OLD.jsonl [OLD2.jsonl ...] --seed 3 --out replay.jsonl

``OLD.jsonl`` are ``bench_match.py advisor:N policy`` result files (the
advisor's side NS in room 0, EW in room 1). For every room, each call the
advisor was asked for (``AdvisorBidder``'s rule: a seat that passed and has
seen no bid since is not asked) is checked as today's ``recommend`` would
check it: the auction's readings sampled (``_sample_softly``, without the
deals earlier calls drew) and, if partner's system readings were dropped,
``_partner_off_system``. A room where the hold never fires is bid as before
(the hold is the only change of the advice it stands for, and the checks use
the same seeds), so its old result stands; a room where it fires is played
again from the start with today's advisor and policy (``play_room``). Each
replayed room is appended to ``--out`` as it finishes, so a rerun resumes.

It prints today's advisor - policy over the boards, and the change board by
board (paired: the same boards, most of them unchanged). The checks do not
see the earlier calls' deal pool, so a room whose sampling relaxed only
through the pool could be missed (none is known).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for path in (HERE, HERE.parent):   # duplicate.py; the in-place build
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from duplicate import Referee, Store, board, make_bidder, mean_se, play_room  # noqa: E402

from advisor.bidding import advise  # noqa: E402
from advisor.bidding.sampling import DEFAULT_MAX_ATTEMPTS  # noqa: E402
from advisor.rules.base import PASS  # noqa: E402


def fires(rs, b, calls, room: int, samples: int) -> int:
    """The index of the first call of the advisor's side where the hold fires, or -1."""
    side = "NS" if room == 0 else "EW"
    passed = {}
    for i, call in enumerate(calls):
        seat = rs.seat_of_call(b.dealer, i)
        if seat.side != side:
            continue
        bids = sum(c != PASS for c in calls[:i])
        if passed.get(seat) == bids:
            continue
        seed = (b.number * 4 + room) * 64 + i
        sit = advise.prepare(b.deal[seat], seat=seat, dealer=b.dealer, auction=calls[:i],
                             rules=rs)
        _, relaxed = advise._sample_softly(sit, None, samples, seed, DEFAULT_MAX_ATTEMPTS)
        if relaxed and advise._partner_off_system(sit, None, relaxed, seed,
                                                  DEFAULT_MAX_ATTEMPTS):
            return i
        if call == PASS:
            passed[seat] = bids
    return -1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old", nargs="+", type=Path, help="bench_match.py result files")
    ap.add_argument("--seed", type=int, required=True, help="the old match's --seed")
    ap.add_argument("--samples", type=int, default=200, help="the advisor's samples (200)")
    ap.add_argument("--rules", default="vint")
    ap.add_argument("--out", type=Path, required=True, help="replayed rooms (resumable)")
    args = ap.parse_args(argv)

    old = {}
    for path in args.old:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                rec = json.loads(line)
                old[rec["board"]] = rec
    done = {}
    if args.out.exists():
        for line in args.out.read_text(encoding="utf-8").splitlines():
            if line.strip():
                rec = json.loads(line)
                done[rec["board"], rec["room"]] = rec
    referee = Referee(args.rules, Store())
    rs = referee.rules
    advisor = make_bidder(f"advisor:{args.samples}", referee)
    policy = make_bidder("policy", referee)
    new_diffs, changes, fired = [], [], 0
    for number in sorted(old):
        rec = old[number]
        b = board(rs, args.seed, number)
        if b.deal.to_pbn() != rec["deal"]:
            raise SystemExit(f"board {number}: the deal differs from the file's (another seed?)")
        ns = []
        for room in (0, 1):
            key = (number, room)
            if key not in done:
                calls = rec["rooms"][room]["calls"].split()
                at = fires(rs, b, calls, room, args.samples)
                entry = {"board": number, "room": room, "fires_at": at}
                if at >= 0:
                    a, o = (advisor, policy) if room == 0 else (policy, advisor)
                    entry["result"] = play_room(b, a, o, referee, room)
                with args.out.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(entry) + "\n")
                done[key] = entry
            entry = done[key]
            if entry["fires_at"] >= 0:
                fired += 1
                ns.append(entry["result"]["ns"])
            else:
                ns.append(rec["rooms"][room]["ns"])
        diff = ns[0] - ns[1]
        new_diffs.append(diff)
        changes.append(diff - rec["diff"])
        if diff != rec["diff"]:
            print(f"board {number}: {rec['diff']:+} -> {diff:+}", flush=True)
    m, se = mean_se(new_diffs)
    mo, seo = mean_se([old[n]["diff"] for n in sorted(old)])
    c, cse = mean_se(changes)
    print(f"{len(new_diffs)} boards, the hold fired in {fired} of {2 * len(new_diffs)} rooms")
    print(f"before: advisor - policy {mo:+.0f} ± {seo:.0f} a board")
    print(f"now:    advisor - policy {m:+.0f} ± {se:.0f} a board")
    print(f"paired change {c:+.0f} ± {cse:.0f} a board")
    return 0


if __name__ == "__main__":
    sys.exit(main())
