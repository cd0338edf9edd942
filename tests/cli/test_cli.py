"""The vint command: main([...]) with capsys, a PBN file, errors, and the entry point."""

import json
import os
import shutil
import subprocess
import sys

import pytest

from helpers import DATA, child_env
from advisor.cli import EXAMPLE_DEAL, main, read_deal_file
from solver import dd_table

OTHER_DEAL = "N:A2.AKQJ5.K32.432 KQJ3.2.AQJT9.765 T98.T9876.54.AKQ 7654.43.876.JT98"


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_solve_prints_the_dd_table(capsys):
    status, out, err = run(capsys, "solve", EXAMPLE_DEAL, "--letters")
    assert status == 0 and err == ""
    table = dd_table(EXAMPLE_DEAL)
    north = next(line for line in out.splitlines() if line.split()[:1] == ["N"])
    assert north.split()[1:] == [str(table["N", s]) for s in ("S", "H", "D", "C", "NT")]


def test_solve_json(capsys):
    status, out, _ = run(capsys, "solve", EXAMPLE_DEAL, "--json")
    assert status == 0
    assert json.loads(out)["dd_table"] == dd_table(EXAMPLE_DEAL).to_dict()


def test_solve_must_trump(capsys):
    """``--must-trump``: Siberian Vint's play rule (issue 29's example)."""
    deal = "N:Q.3.4. 4.85.. 7..5.9 .6.9.3"
    for flag, want in (([], {"SQ": 0, "H3": 0, "D4": 0}), (["--must-trump"],
                                                          {"SQ": 0, "H3": 1, "D4": 0})):
        status, out, _ = run(capsys, "solve", deal, "--trump", "H", "--leader", "N",
                             "--json", *flag)
        assert status == 0 and json.loads(out)["cards"] == want
    status, out, _ = run(capsys, "solve", deal, "--json", "--must-trump")
    assert json.loads(out)["dd_table"]["W"]["H"] == 2


def test_analyse_example_text(capsys):
    status, out, err = run(capsys, "analyse", "--example")
    assert status == 0 and err == ""
    for expected in ("N (dealer)", "♠ AK32", "♦ AKQJ5", "Double-dummy tricks", "Par: 5♥ by N",
                     "bidding: NS 5♥", "NS make 5♥ by N", "Best contract for each side",
                     "+3450*"):
        assert expected in out
    # No deal argument: the same example.
    assert run(capsys, "analyse")[1] == out


def test_analyse_json_is_the_documented_layout(capsys):
    status, out, _ = run(capsys, "analyse", OTHER_DEAL, "--json", "--rules", "vint-siberian",
                         "--dealer", "west")
    data = json.loads(out)
    assert status == 0
    assert set(data) == {"deal", "rules", "dealer", "dd_table", "dd_table_leader", "contracts",
                         "scores", "side_declarer", "honours", "aces", "best", "par",
                         "all_pass", "notes"}
    assert (data["rules"], data["dealer"]) == ("vint-siberian", "W")
    # Siberian Vint's declarer leads; the table keeps the left-hand opponent's lead.
    leader = data["dd_table_leader"]
    assert (leader["table"], leader["game"], leader["same"]) == (
        "declarer's left-hand opponent", "declarer", False)
    assert "13 (the cards a hand) minus his right-hand opponent's entry" in leader["note"]
    # The распасовка scores nothing: its worth is an X mark on the sheet.
    assert data["all_pass"]["contract"] == "PASS" and data["all_pass"]["score"] == 0
    assert any("X mark" in note for note in data["notes"])
    # Siberian Vint: declarer leads, so North's tricks come from West's entry.
    assert data["scores"]["1NT"]["N"]["tricks"] == 13 - data["dd_table"]["W"]["NT"]


def test_analyse_a_pbn_file_with_dealer_tags(capsys, tmp_path):
    pbn = tmp_path / "two.pbn"
    pbn.write_text('[Event "club night"]\n[Board "1"]\n[Dealer "E"]\n'
                   f'[Deal "{EXAMPLE_DEAL}"]\n\n[Board "2"]\n[Deal "{OTHER_DEAL}"]\n',
                   encoding="utf-8")
    assert [d for _, d in read_deal_file(str(pbn))] == ["E", None]
    status, out, _ = run(capsys, "analyse", str(pbn), "--json")
    data = json.loads(out)
    assert status == 0 and isinstance(data, list) and len(data) == 2
    assert [d["dealer"] for d in data] == ["E", "N"]
    status, out, _ = run(capsys, "analyse", str(pbn), "--json", "--dealer", "S")
    assert [d["dealer"] for d in json.loads(out)] == ["S", "S"]
    status, out, _ = run(capsys, "analyse", str(pbn), "--letters")
    assert out.count("Par: ") == 2 and "♠" not in out


@pytest.mark.parametrize("argv, message", [
    (["analyse", "N:AK32"], "must have four hands"),
    (["analyse", "--example", "--dealer", "Q"], "unknown seat 'Q'"),
    (["analyse", "missing.pbn"], "no such file: missing.pbn"),
    (["solve", "N:AKQ... AJT... 876... 543..."], "appears twice"),
    (["analyse", "N:AKQ... JT9... 876... 543..."], "full deal"),
])
def test_bad_input_is_one_line_on_stderr_and_status_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("vint: error: ") and err.count("\n") == 1
    assert "Traceback" not in err
    if message:
        assert message in err


def test_a_pbn_file_without_deals(capsys, tmp_path):
    pbn = tmp_path / "empty.pbn"
    pbn.write_text('[Event "nothing"]\n', encoding="utf-8")
    status, _, err = run(capsys, "analyse", str(pbn))
    assert status == 2 and "no [Deal" in err


def test_unknown_rules_are_refused_by_argparse(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["analyse", "--example", "--rules", "bridge"])
    assert exc.value.code == 2
    assert "invalid choice: 'bridge'" in capsys.readouterr().err


def test_python_m_advisor_cli_runs_the_example(tmp_path):
    # Run from an empty folder (see conftest.child_env).
    proc = subprocess.run([sys.executable, "-m", "advisor.cli", "analyse", "--example", "--json"],
                          cwd=tmp_path, env=child_env(), capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["par"]["contract"] == "5H"


def test_the_installed_vint_entry_point():
    vint = shutil.which("vint")
    if vint is None:
        pytest.skip("the vint console script is not installed (pip install .)")
    proc = subprocess.run([vint, "analyse", "N:AK32"], capture_output=True, text=True,
                          timeout=120, env=dict(os.environ))
    assert proc.returncode == 2
    assert proc.stderr.startswith("vint: error: ")


def test_analyse_max_nodes_must_not_be_negative(capsys):
    status, out, err = run(capsys, "analyse", "--rules", "semi-contract", "--max-nodes", "-5")
    assert status == 2 and "--max-nodes" in err and out == ""


def test_analyse_max_nodes_small_budget_shows_bounds(capsys):
    status, out, err = run(capsys, "analyse", "--rules", "semi-contract", "--max-nodes", "1000",
                           "--letters")
    assert status == 0
    assert "the node budget ran out" in out          # 1000 nodes cannot settle misère Courts
    assert "MCTNT" in out


def test_analyse_misere_nodes_bounds_the_misere_searches(capsys):
    status, out, err = run(capsys, "analyse", "--rules", "skruuvi", "--misere-nodes", "300",
                           "--letters")
    assert status == 0
    assert "NS take about " in out and "proved)" in out
    assert "ran past the budget of 300 nodes" in out and "--misere-nodes 0" in out
    grid = out[out.index("Score for NS"):out.index("Bid rank")]
    assert "~" in grid          # the misère cells are estimates
    status, out, err = run(capsys, "analyse", "--rules", "skruuvi", "--letters")
    assert status == 0 and "NS take about" not in out and "ran past the budget" not in out
    status, out, err = run(capsys, "analyse", "--rules", "skruuvi", "--misere-nodes", "-1")
    assert status == 2 and "--misere-nodes" in err and out == ""


def test_analyse_preference_prints_tricks_payments_and_the_widow_choice(capsys):
    status, out, err = run(capsys, "analyse", "--rules", "preference", "--letters")
    assert status == 0 and err == ""
    assert "player 2: lays off" in out and "names D: 10 tricks, +30" in out
    # player 0 in hearts as dealt: 7 tricks at 4 = 28 from the pool
    row0 = next(line for line in out.splitlines() if line.startswith("0 "))
    assert row0.split()[-2:] == ["7", "+28"]


def test_analyse_preference_json_and_errors(capsys):
    deal = "AKQJ.AKQJ.7.7 T987.T98.98.8 .7.AKQJ.AKQJ9 / DT CT"
    status, out, err = run(capsys, "analyse", "--rules", "preference", deal, "--json")
    data = json.loads(out)
    assert status == 0 and data["tricks"]["0"]["H"] == 7
    assert data["widow_choice"]["2"]["trump"] == "D"
    status, out, err = run(capsys, "analyse", "--rules", "preference", "AK... QJ... T9...")
    assert status == 2 and "full deal" in err
    status, out, err = run(capsys, "analyse", "--rules", "preference", "--kotka")
    assert status == 2 and "--kotka is not a Preference option" in err
    status, out, err = run(capsys, "analyse", "--rules", "preference", "deals.pbn")
    assert status == 2 and "given as text" in err


def test_solve_position_misere_stars_the_fewest(capsys):
    # The side on move in misère wants the fewest tricks: * marks the card with the
    # least (it marked the most, ♦5's 8 tricks against 7 for every other card).
    status, out, _ = run(capsys, "solve", EXAMPLE_DEAL, "--trump", "NT", "--leader", "E",
                         "--misere", "--letters")
    assert status == 0
    rows = [line.split() for line in out.splitlines()[1:]]
    least = min(int(row[1]) for row in rows)
    assert {row[0] for row in rows if row[-1] == "*"} == \
        {row[0] for row in rows if int(row[1]) == least}


def test_analyse_file_with_no_readable_deal_is_one_error_line(tmp_path, capsys):
    # It printed an empty line on standard output, then one error line per bad deal.
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Deal "N:AK"]\n\n[Deal "N:QJ"]\n\n[Deal "N:T9"]\n', encoding="utf-8")
    status, out, err = run(capsys, "analyse", str(bad))
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "no deal could be read (3 bad)" in err
    short = tmp_path / "short.pbn"
    short.write_text('[Deal "N:AK"]\n', encoding="utf-8")
    status, out, err = run(capsys, "analyse", str(short))
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1


BRIDGE_LIN = (
    "pn|A,B,C,D|st||md|1SQ982HQ82DKQ763CT,SJ643HKJ7653DCAQ4,SK5HADAJT52CJ9762,|rh||"
    "ah|Board 15|sv|n|mb|p|mb|1H|mb|2N|mb|p|mb|3N|mb|p|mb|p|mb|p|pg||"
    "pc|H4|pc|H2|pc|HJ|pc|HA|pg||\n")


def test_review_of_a_bridge_file_reads_it_play_only_with_a_notice(tmp_path, capsys):
    # A bridge auction that is legal Vint but names another declarer (S bid 3NT
    # last; bridge's declarer is N): the error named only a card not in a hand.
    # Issue 28: a bridge file is found and reviewed play only, with a notice;
    # --with-auction keeps the error, which names the real cause.
    path = tmp_path / "bridge.lin"
    path.write_text(BRIDGE_LIN, encoding="utf-8")
    status, out, err = run(capsys, "review", str(path), "--no-auction-review")
    assert status == 0 and "Contract 3NT by N" in out
    assert "looks like a bridge file" in err and "play only" in err
    status, out, err = run(capsys, "review", str(path), "--play-only", "--no-auction-review")
    assert status == 0 and "Contract 3NT by N" in out and "bridge file" not in err
    status, out, err = run(capsys, "review", str(path), "--with-auction", "--no-auction-review")
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "not in that hand" in err and "--play-only" in err
    status, out, err = run(capsys, "review", str(path), "--with-auction", "--play-only")
    assert status == 2 and "not both" in err


def test_only_a_file_that_reads_better_without_its_auctions_is_read_play_only():
    from advisor.records import read_played

    vint = (DATA / "vint_game.pbn").read_text(encoding="utf-8")
    games = read_played(vint)
    assert not games.play_only and len(games) >= 1
    bridge = read_played(BRIDGE_LIN)
    assert bridge.play_only and len(bridge) == 1 and "bridge file" in bridge.notes[-1]
    assert not read_played(BRIDGE_LIN, auction=True)


def test_analyse_skruuvi_deal_of_12_cards_asks_for_the_kitty(capsys):
    deal = "N:AKQJT9876.32.2. 5432.AK.AK.AKQJ .QJT98.QJT98.98 .7654.76543.654"
    status, out, err = run(capsys, "analyse", "--rules", "skruuvi", deal)
    assert status == 2 and out == "" and "--kitty" in err


def test_solve_position_header_and_help_say_what_was_played(capsys):
    # With no card played the header read "(trumps H, E led)", as if E had led a card.
    status, out, _ = run(capsys, "solve", EXAMPLE_DEAL, "--trump", "H", "--leader", "E")
    assert status == 0 and out.startswith("E to play (trumps H, a new trick)")
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    assert "played out" in capsys.readouterr().out


def test_a_folder_is_not_a_deal_nor_a_file(tmp_path, capsys):
    # analyse read a folder's name as a malformed deal; review said "no such file".
    for command in ("analyse", "review"):
        status, out, err = run(capsys, command, str(tmp_path))
        assert status == 2 and out == "" and "is a folder" in err


def test_serve_refuses_zero_workers_before_announcing_the_page(capsys):
    # It printed "Vint page on http://..." and then "max_workers must be greater than 0".
    status, out, err = run(capsys, "serve", "--workers", "0")
    assert status == 2 and out == "" and "--workers must be at least 1" in err


def test_advise_top_is_checked(capsys):
    # --top -1 silently dropped the last candidate (a negative slice); --top 0
    # printed an empty table.
    argv = ["advise", "--hand", "AKQ87.KJ4.A2.T93", "--seat", "S", "--dealer", "N",
            "--auction", "1H P", "--samples", "2", "--seed", "1", "--letters"]
    status, out, err = run(capsys, *argv, "--top", "-1")
    assert status == 2 and "--top must be 0 or more" in err
    status, out, err = run(capsys, *argv, "--top", "0")
    assert status == 0 and "samples," in out and "call" not in out.split("samples,")[1]


def test_a_negative_seed_is_refused_by_advise_and_review(capsys):
    # advise said only "expected non-negative integer"; review left every auction
    # unreviewed with that message.
    status, out, err = run(capsys, "advise", "--hand", "AKQ87.KJ4.A2.T93", "--seat", "S",
                           "--auction", "1H P", "--samples", "2", "--seed", "-1")
    assert status == 2 and "--seed must be 0 or more" in err
    status, out, err = run(capsys, "review", str(DATA / "vint_game.pbn"),
                           "--seed", "-1")
    assert status == 2 and out == "" and "--seed must be 0 or more" in err


def test_courts_nodes_is_refused_outside_the_semi_contract_game(capsys):
    # It was silently ignored: only semi-contract has Courts and misère bids
    # solved on a node budget.
    status, out, err = run(capsys, "advise", "--hand", "AKQ87.KJ4.A2.T93", "--seat", "S",
                           "--auction", "1H P", "--samples", "2", "--courts-nodes", "5000")
    assert status == 2 and out == "" and "--courts-nodes applies to --rules semi-contract" in err


def test_advise_table_rows_are_not_broken_when_piped(capsys):
    # Not a terminal, rich drew the table in 80 columns and broke the tricks
    # column of each candidate over two lines.
    status, out, _ = run(capsys, "advise", "--hand", "AKQ87.KJ4.A2.T93", "--seat", "S",
                         "--auction", "1H P", "--samples", "50", "--seed", "1", "--top", "6")
    rows = [line for line in out.splitlines() if line.startswith("│")]
    assert status == 0 and len(rows) == 6


@pytest.mark.slow
def test_analyse_aces_scores_skruuvi_misere_with_its_aces(capsys):
    status, out, err = run(capsys, "analyse", "--example", "--rules", "skruuvi", "--aces", "60",
                           "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert {o["aces"] for c in ("5M", "6M", "7M") for o in data["scores"][c].values()} \
        == {"exact"}
    assert data["all_pass"]["aces"] == "exact"
    assert "misère scores include the ace penalties" in data["notes"][0]
    status, out, err = run(capsys, "analyse", "--example", "--rules", "skruuvi", "--aces",
                           "60", "--letters")
    assert status == 0 and "with the aces (exact)" in out and "~" not in out


@pytest.mark.parametrize("argv, wrong", [
    (["--rules", "vint", "--aces", "5"], "needs --rules skruuvi"),
    (["--rules", "skruuvi", "--aces", "0"], "above 0"),
    (["--rules", "skruuvi", "--aces", "nan"], "above 0"),
    (["--rules", "skruuvi", "--aces", "5", "--no-misere"], "--no-misere leaves out"),
    (["--rules", "skruuvi", "--aces", "5", "--before-exchange"], "the deal as played"),
])
def test_analyse_aces_is_refused_where_it_cannot_apply(capsys, argv, wrong):
    status, out, err = run(capsys, "analyse", "--example", *argv)
    assert status == 2 and out == "" and wrong in err


@pytest.mark.parametrize("rules,game,reading", [
    ("vint-siberian", "declarer leads", "minus his right-hand opponent's entry"),
    ("semi-contract", "declarer's right-hand opponent leads", "his partner's entry"),
])
def test_the_dd_table_says_whose_lead_it_assumes_where_the_game_differs(rules, game, reading):
    """Issue 28: "Siberian: N ♣ shows 11, par says 12", and only docs/analysis.md said why."""
    from advisor.analysis import analyse
    from advisor.game import declarer_tricks
    from advisor.render import analysis_text
    from solver.cards import Deal
    deal = Deal.from_pbn("N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 "
                         "876.876.9876.765")
    a = analyse(deal, rules=rules, misere=False)
    text = analysis_text(a, symbols=False)
    note = text[text.index("Note: This table has declarer's left-hand opponent leading"):]
    assert f"in {rules} {game}" in note.replace("\n", " ") and reading in note
    # The scores (and par) count the tricks with the game's leader, as the note says.
    for contract, row in a.outcomes.items():
        strain = contract[1:]
        if strain in ("S", "H", "D", "C", "NT"):
            for seat, o in row.items():
                assert o.tricks == declarer_tricks(a.table, rules, seat, strain)
    if a.par.declarer is not None and a.par.contract[1:] in ("S", "H", "D", "C", "NT"):
        assert f"Par's {a.par.contract} by {a.par.declarer}: {a.par.tricks} tricks" in note
    # The other games' tables are led as the game leads: no note.
    assert "Note: This table" not in analysis_text(analyse(deal, rules="vint"))
