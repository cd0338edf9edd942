"""benchmarks/bench_policy_regret.py: the policy's calls against one-step deviations."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

import bench_policy_regret as regret  # noqa: E402
from duplicate import PassBidder, Referee, board, play_room  # noqa: E402


def test_alternatives_are_a_pass_and_three_levels_of_each_strain():
    referee = Referee("vint")
    rules = referee.rules
    found = regret.alternatives(rules, ["1H"], "P")
    assert "P" not in found                      # the call made is not an alternative
    legal = rules.auction_legal_calls(["1H"])
    assert set(found) <= set(legal)
    for strain in ("S", "H", "D", "C", "NT"):
        levels = sorted(rules.read_bid(c).level for c in found
                        if rules.read_bid(c).strain == strain)
        assert levels and levels == list(range(levels[0], levels[0] + 3))
    assert "P" in regret.alternatives(rules, ["1H"], "2H")
    assert "2H" not in regret.alternatives(rules, ["1H"], "2H")


def test_each_regret_is_the_alternative_played_out_less_the_policys_auction():
    from advisor.bidding.policy import Policy

    referee = Referee("vint")
    policy = regret._Policy(Policy("vint"))
    checked = 0
    for number in range(6):
        brd = board(referee.rules, 2, number)
        for side in ("NS", "EW"):
            found = regret.deviations(brd, side, policy, referee)
            pas = PassBidder()
            ns, ew = (policy, pas) if side == "NS" else (pas, policy)
            played = play_room(brd, ns, ew, referee)
            sign = 1 if side == "NS" else -1
            calls = played["calls"].split()
            for d in found[:3]:
                assert calls[d["index"]] == d["call"] != d["alternative"]
                script = calls[:d["index"]] + [d["alternative"]]
                other = play_room(brd, regret._Scripted(script, ns), regret._Scripted(script, ew),
                                  referee)
                assert other["calls"].split()[:len(script)] == script
                assert d["regret"] == sign * (other["ns"] - played["ns"])
                checked += 1
    assert checked >= 6


def test_the_table_names_rows_and_bad_numbers_are_refused(tmp_path, capsys):
    assert regret.main(["--deals", "3", "--cache", str(tmp_path), "--top", "5"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].split()[:3] == ["row", "alternative", "n"]
    assert 1 <= len(out) - 2 <= 5
    assert (tmp_path / "searches.jsonl").exists()        # the tables are kept for next time
    for bad in (["--deals", "0"], ["--top", "0"], ["--rules", "bridge"]):
        with pytest.raises(SystemExit):
            regret.main(bad + ["--cache", str(tmp_path)])


def test_decisions_are_written_one_a_call_and_judged_by_the_training_script(tmp_path):
    # --decisions: one line a call of the table, every alternative's regret on it;
    # training/learned.py --judge reads them back.
    import importlib.util
    import io
    import json

    from advisor.bidding.policy import Policy

    referee = Referee("vint")
    policy = regret._Policy(Policy("vint", learned=False))
    out = io.StringIO()
    made = 0
    for number in range(4):
        brd = board(referee.rules, 2, number)
        for side in ("NS", "EW"):
            found = regret.deviations(brd, side, policy, referee)
            regret.write_decisions(out, found, 2, number, str(brd.dealer), "vint")
            made += len({d["index"] for d in found})
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(lines) == made > 4
    for d in lines:
        brd = board(referee.rules, 2, d["deal_no"])
        seat = referee.rules.seat_of_call(brd.dealer, len(d["auction"]))
        assert d["seat"] == seat.name and d["hand"] == str(brd.deal[seat])
        assert d["policy_call"] == policy.call(brd, d["auction"], seat)
        assert d["policy_call"] not in d["regrets"]        # the call made is no alternative
        assert d["policy_call"] == "P" or "P" in d["regrets"]
    path = tmp_path / "d.jsonl"
    path.write_text(out.getvalue())
    spec = importlib.util.spec_from_file_location(
        "training_learned", BENCHMARKS.parent / "training" / "learned.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    said = module.judge(path)
    assert said.startswith(f"{len(lines)} decisions of the table") and "a decision" in said
