"""The duplicate-match bench's pieces (benchmarks/duplicate.py, bench_match.py) and
the frozen baseline policy it measures against (benchmarks/baseline_policy)."""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

import pytest

from solver.cards import Deal, Seat, Strain

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
if str(BENCHMARKS) not in sys.path:   # the source tree it adds goes after collection (conftest)
    sys.path.insert(0, str(BENCHMARKS))

import bench_match  # noqa: E402
from duplicate import (Bidder, Board, PassBidder, Referee, Store, board, make_bidder,  # noqa: E402
                       play_board, play_room)

from advisor import rules as game_rules  # noqa: E402


#: The frozen baseline's auctions on boards 0-39 of seed 5, hashed when it was
#: frozen: a change of the copy (or of what it imports) that changes a call shows here.
FROZEN = {"vint": "1fa46549795e9d8c", "skruuvi": "c140c80ca3efea4f",
          "semi-contract": "011a1fff429ce1a1"}


@pytest.mark.parametrize("rules", sorted(FROZEN))
def test_the_baseline_policy_still_makes_the_calls_it_made_when_frozen(rules):
    from baseline_policy import Policy
    policy, h = Policy(rules), hashlib.sha1()
    for n in range(40):
        b = board(rules, 5, n)
        h.update(" ".join(policy.play_out(b.deal, dealer=b.dealer, auction=[])).encode() + b"\n")
    assert h.hexdigest()[:16] == FROZEN[rules]


def test_boards_are_seeded_and_the_dealer_rotates():
    a, b = board("vint", 3, 7), board("vint", 3, 7)
    assert a.deal.masks == b.deal.masks and a.dealer == Seat.W
    assert board("vint", 3, 8).deal.masks != a.deal.masks
    assert board("vint", 4, 7).deal.masks != a.deal.masks
    kitty = board("skruuvi", 3, 7).deal
    assert all(len(kitty[s]) == 12 for s in Seat)


def test_the_referee_scores_by_the_games_rules():
    deal = Deal.from_pbn("N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765")
    referee = Referee("vint")
    b = board("vint", 1, 0)._replace(deal=deal, dealer=Seat.N)
    contract, declarer = referee.final(["1H"], Seat.N)
    assert (contract, declarer) == ("1H", Seat.N)
    tricks = referee.table(deal)[Seat.N, Strain.H]
    expected = game_rules.get("vint").score(deal, "1H", "N", tricks).net("NS")
    assert referee.ns(b, "1H", Seat.N) == expected
    assert referee.final(["P"] * 8, Seat.N) == (None, None)
    assert referee.ns(b, None, None) == 0


def test_allseeing_never_does_worse_than_a_side_that_passes():
    referee = Referee("vint")
    a, b = make_bidder("allseeing", referee), make_bidder("pass", referee)
    for n in range(4):
        row = play_board(board("vint", 1, n), a, b, referee)
        assert row["rooms"][0]["ns"] >= 0 >= row["rooms"][1]["ns"]
        assert row["diff"] == row["rooms"][0]["ns"] - row["rooms"][1]["ns"]
        assert not row["rooms"][0]["illegal"] and not row["rooms"][1]["illegal"]


class _Wild(Bidder):
    name = "wild"

    def call(self, board, calls, seat):
        return "8S" if not calls else "P"


def test_an_illegal_call_is_recorded_and_a_pass_played_instead(capsys):
    referee = Referee("vint")
    room = play_room(board("vint", 1, 0), _Wild(), PassBidder(), referee)
    assert room["illegal"] == [{"bidder": "wild", "seat": "N", "call": "8S", "after": ""}]
    assert room["contract"] is None
    row = {"board": 0, "deal": "", "dealer": "N", "diff": 0, "rooms": [room, room]}
    assert bench_match.report([row], "wild", "pass", "vint", show=False) == 2
    assert "ILLEGAL" in capsys.readouterr().out


def test_the_store_keeps_values_on_file(tmp_path):
    path = tmp_path / "s.jsonl"
    store = Store(path)
    store.put("a", [1, 2])
    store.save()
    store.save()
    assert Store(path).get("a") == [1, 2]
    assert len(path.read_text().splitlines()) == 1


def test_unknown_bidders_are_refused():
    referee = Referee("vint")
    for spec in ("advisor", "advisor:0", "advisor:x", "advisor:8:two", "par"):
        with pytest.raises(ValueError, match="unknown bidder"):
            make_bidder(spec, referee)


def test_a_match_resumes_from_its_saved_boards(tmp_path, capsys):
    args = ["policy", "pass", "--boards", "3", "--cache", str(tmp_path)]
    assert bench_match.main(args + ["--workers", "2"]) == 0
    first = capsys.readouterr()
    assert "playing 3" in first.err and "3 boards" in first.out
    assert bench_match.main(args[:3] + ["4"] + args[4:]) == 0
    again = capsys.readouterr()
    assert "3 of 4 boards" in again.err
    # the double-dummy tables the workers found were kept by the parent
    assert len((tmp_path / "searches.jsonl").read_text().splitlines()) == 4
    assert "4 boards" in again.out


def test_paired_compares_board_by_board_with_an_earlier_run(tmp_path, capsys):
    """--paired: the same run against itself moves nothing; against a run whose
    board results were shifted it finds the shift; another seed's boards, an
    unreadable or foreign file are refused by name."""
    earlier = tmp_path / "earlier.json"
    args = ["policy", "pass", "--boards", "4", "--cache", str(tmp_path)]
    assert bench_match.main(args + ["--json", str(earlier)]) == 0
    capsys.readouterr()
    assert bench_match.main(args + ["--paired", str(earlier)]) == 0
    assert "+0.0 ± 0.0 points a board over 4 boards (moved on 0)" in capsys.readouterr().out
    rows = json.loads(earlier.read_text())
    shifted = tmp_path / "shifted.jsonl"      # a results file: JSON lines
    shifted.write_text("".join(json.dumps(dict(r, diff=r["diff"] - 100 * (i % 2))) + "\n"
                               for i, r in enumerate(rows)))
    assert bench_match.main(args + ["--paired", str(shifted)]) == 0
    # boards 1 and 3 were 100 lower there: +50 a board, moved on 2
    assert "+50.0 ± 28.9 points a board over 4 boards (moved on 2)" in capsys.readouterr().out
    assert bench_match.main(args + ["--seed", "2", "--paired", str(earlier)]) == 2
    assert "another deal" in capsys.readouterr().err
    (tmp_path / "foreign.json").write_text('[{"x": 1}]')
    for bad, said in (("missing.json", "cannot read"), ("foreign.json", "not a match's results")):
        with pytest.raises(SystemExit):
            bench_match.main(args + ["--paired", str(tmp_path / bad)])
        assert said in capsys.readouterr().err


def test_skruuvi_and_semi_contract_boards_are_played_and_scored():
    for rules in ("skruuvi", "semi-contract"):
        referee = Referee(rules)
        row = play_board(board(rules, 1, 2), make_bidder("baseline", referee),
                         make_bidder("pass", referee), referee)
        assert all(not room["illegal"] for room in row["rooms"])
        assert isinstance(row["diff"], int)


def test_the_advisor_bidder_asks_once_while_nothing_is_bid(monkeypatch):
    # After its pass, a seat that has seen no bid since passes again without
    # asking the advisor; a bid in between makes it ask again.
    import advisor.bidding as bidding
    asked = []

    class _Rec:
        def __init__(self, call):
            self.call = call

    def fake(hand, *, seat, auction, **_):
        asked.append((seat.name, len(auction)))
        return _Rec("P")

    monkeypatch.setattr(bidding, "recommend", fake)
    referee = Referee("vint")
    advisor, passer = make_bidder("advisor:8", referee), PassBidder()
    room = play_room(board("vint", 1, 0), advisor, passer, referee)
    assert room["calls"] == " ".join(["P"] * 8)
    assert asked == [("N", 0), ("S", 2)]
    asked.clear()

    class _OneBid(Bidder):
        name = "one bid"

        def call(self, board, calls, seat):
            return "1S" if len(calls) == 1 else "P"

    play_room(board("vint", 1, 0), advisor, _OneBid(), referee)
    assert asked[:3] == [("N", 0), ("S", 2), ("N", 4)]     # N asked again after E's 1S
    assert len(asked) == 3


@pytest.mark.slow
def test_the_hold_replay_finds_where_partner_left_the_system(tmp_path, capsys):
    # Board 349 of seed 3 (issue 33): South jumped to 4S over North's 1NT, which
    # the policy never does with a hand that fits beside North's; North's next
    # call (the 8th, index 7) is where the hold fires. The other room's
    # advisors (East-West) only passed behind the policy's calls: no hold.
    import replay_hold
    from advisor.game import rule_set
    rs = rule_set("vint")
    b = board(rs, 3, 349)
    assert b.deal.to_pbn() == ("N:A4.AQ6.AQ97642.T Q2.J982.JT3.9642 KJT98.KT7.8.A753 "
                               "7653.543.K5.KQJ8")
    room0 = "P P P 1NT P 4S P 4D P 5S P 5D P 6S P 6D P 7S P 7D P 7NT".split() + ["P"] * 12
    assert replay_hold.fires(rs, b, room0, 0, 200) == 7
    room1 = "P P P 1NT P 2S P 2D P P P 3D".split() + ["P"] * 12
    assert replay_hold.fires(rs, b, room1, 1, 200) == -1
    # A room where the hold never fires keeps its old result, unplayed.
    old = tmp_path / "old.jsonl"
    old.write_text('{"board": 349, "deal": "%s", "dealer": "E", "rooms": [{"calls": "%s", '
                   '"ns": 5}, {"calls": "%s", "ns": 2}], "diff": 3}\n'
                   % (b.deal.to_pbn(), " ".join(room1), " ".join(room1)))
    out = tmp_path / "replay.jsonl"
    # Room 0 of this made-up file is the policy's auction read as the
    # advisor's side (NS): North's calls there are the system's too.
    assert replay_hold.main([str(old), "--seed", "3", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "the hold fired in 0 of 2 rooms" in text and "paired change +0 ± " in text
    assert out.read_text().count('"fires_at": -1') == 2


def _room(contract, ns, calls="P P P P P P P P"):
    return {"contract": contract, "declarer": None if contract is None else "N", "ns": ns,
            "calls": calls, "illegal": []}


def test_the_gap_bench_classes_each_room_by_what_the_bidder_left_behind():
    """bench_match_gap.py: one board, the bidder North-South in room 0 and
    East-West in room 1 (where East-West's gain is North-South's loss)."""
    import bench_match_gap as g
    deal = "N:AKQJ.AKQ.AKQ.AKQ T987.T98.T98.T98 6543.765.765.765 2.J432.J5432.J32"
    ceiling = {0: {"board": 0, "deal": deal, "rooms": [_room("7NT", 2000), _room("3S", -500)]}}
    run = {0: {"board": 0, "deal": deal, "rooms": [_room("4NT", 900), _room(None, 0)]}}
    classes, lines, boards = g.gap([(ceiling, run)])
    assert boards == 1
    assert classes["missed slam"] == (1, 1100)       # made 4NT where 7NT was there
    assert classes["passed out"] == (1, 500)         # East-West passed out their 3S
    assert sum(rooms for rooms, _ in classes.values()) == 2
    # By the all-seeing side's level: its 7NT (2000) where the bidder made 900,
    # its 3S (500 to East-West) where the bidder's East-West passed.
    assert g._by_ceiling(lines) == {"nothing (it passed)": (0, 0, 0),
                                    "part score (1-3)": (1, 500, 0),
                                    "game level (4-5)": (0, 0, 0), "small slam (6)": (0, 0, 0),
                                    "grand slam (7)": (1, 2000, 900)}
    assert "grand slam (7)          1   +2000.0    +900.0   45.0%" in g.report(classes, lines, 1)
    run[0]["rooms"] = [_room("2NT", -300), _room("2S", -400)]
    classes, lines, _ = g.gap([(ceiling, run)])
    assert classes["went down"] == (1, 2300)
    assert g._went_down(lines) == {"the same strain": (1, 2300)}   # 2NT down where 7NT made
    assert classes["stopped low"] == (1, 100)        # 2S made, for 400 against 500
    run[0]["rooms"] = [_room("7NT", 2000), _room("4S", -600)]
    classes, lines, _ = g.gap([(ceiling, run)])
    assert g._slams(lines) == {"made": 1, "down": 0, "ceiling": 1}
    assert classes["as good"] == (2, -100)           # one level more than the ceiling's
    import re
    assert re.search(r"as good +2 +-100\.0 +-\n?", g.report(classes, [], 1))


def test_the_gap_bench_refuses_runs_of_other_deals():
    import bench_match_gap as g
    a = {0: {"board": 0, "deal": "N:A.. .A. ..A ...A", "rooms": [_room(None, 0)] * 2}}
    b = {0: {"board": 0, "deal": "N:.A. A.. ..A ...A", "rooms": [_room(None, 0)] * 2}}
    with pytest.raises(ValueError, match="different deals"):
        g.gap([(a, b)])
    with pytest.raises(ValueError, match="share no board"):
        g.gap([(a, {})])
    with pytest.raises(SystemExit):                  # the files go in pairs
        g.main(["only-one-file"])


def test_the_gap_bench_reads_the_matches_json_files(tmp_path, capsys):
    import bench_match_gap as g
    deal = "N:AKQJ.AKQ.AKQ.AKQ T987.T98.T98.T98 6543.765.765.765 2.J432.J5432.J32"
    top = [{"board": 0, "deal": deal, "dealer": "N", "diff": 2000,
            "rooms": [_room("7NT", 2000, "7NT P P P"), _room(None, 0)]}]
    run = [{"board": 0, "deal": deal, "dealer": "N", "diff": 600,
            "rooms": [_room("3NT", 600, "1NT P 3NT P P P"), _room(None, 0)]}]
    (tmp_path / "all.json").write_text(json.dumps(top))
    (tmp_path / "pol.json").write_text(json.dumps(run))
    assert g.main([str(tmp_path / "all.json"), str(tmp_path / "pol.json"), "--show", "1"]) == 0
    out = capsys.readouterr().out
    assert "lead: +1400.0 points a board" in out
    assert "board 0 room 0: missed slam, +1400; all-seeing 7NT, this bidder 3NT (1NT P 3NT)" in out


def test_the_steps_bench_scores_one_step_more_or_less_at_an_auctions_end(tmp_path, capsys):
    """bench_match_steps.py: North holds every top card, so 13 tricks in
    no-trumps; North walked 1NT -> 2NT after three passes and stopped there.
    Passing at 1NT would have scored less, 3NT more."""
    import bench_match_steps as steps
    deal = "N:AKQJ.AKQ.AKQ.AKQ T987.T98.T98.T98 6543.765.765.765 2.J432.J432.J432"
    referee = Referee("vint")
    b = Board(0, Deal.from_pbn(deal), Seat.N)
    one, two, three = (referee.ns(b, f"{k}NT", Seat.N) for k in (1, 2, 3))
    assert one < two < three                          # all 13 tricks: higher scores more
    calls = "1NT P P P 2NT" + " P" * 12
    run = {0: {"board": 0, "deal": deal, "dealer": "N", "diff": two,
               "rooms": [_room("2NT", two, calls), _room(None, 0)]}}
    found = steps.steps([run], referee)
    assert found == {("pass instead", "same strain", "the last"): [one - two],
                     ("one more", "no-trumps 2", "after a rebid"): [three - two]}
    # East-West's rooms count in East-West's points: the same bids with East dealing.
    b_e = Board(0, Deal.from_pbn(deal), Seat.E)
    down1, down2 = referee.ns(b_e, "1S", Seat.E), referee.ns(b_e, "2S", Seat.E)
    assert down2 > down1 > 0                          # East-West go down, more at 2S
    ew = {0: {"board": 0, "deal": deal, "dealer": "E", "diff": 0,
              "rooms": [_room(None, 0), _room("1S", down1, "1S P P P")]}}
    assert steps.steps([ew], referee) == {("one more", "suit 1", "first"): [down1 - down2]}
    (tmp_path / "pol.json").write_text(json.dumps(list(run.values())))
    assert steps.main([str(tmp_path / "pol.json")]) == 0
    assert re.search(r"pass instead +same strain, the last +1 +[-+]\d+", capsys.readouterr().out)
    (tmp_path / "bad.json").write_text("[{}]")
    assert steps.main([str(tmp_path / "bad.json")]) == 2
