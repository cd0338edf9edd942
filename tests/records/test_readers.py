"""Reading real files (issue 12): PBN inheritance and quirks, play-only bridge files,
LIN deals and vugraph rooms, encodings, bounded input, and what the writers write
the readers read, under every rule set."""

from __future__ import annotations

import json
import time

import pytest

from advisor import rules as rules_module
from advisor.cli import main
from advisor.game import close_auction
from advisor.postmortem import review
from advisor.records import FormatError, read_games, write_json, write_pbn
from solver.cards import Seat
from solver.play import Play

from helpers import DATA, played_file

GAME_PBN = DATA / "vint_game.pbn"
EXAMPLE = "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765"
#: The example deal as LIN writes it (S, W, N; E holds the rest), dealer N.
MD = "md|3SQ54H5432D43CKQJ4,S876H876D9876C765,SAK32HAKQJDT2CA32,|"
#: A Vint auction to 4H by N, and its first trick (E leads).
CALLS = "mb|1H|mb|2D|mb|3H|mb|p|mb|4H|" + "mb|p|" * 12
TRICK1 = "pc|DJ|pc|D3|pc|D6|pc|D2|"


def game_text() -> str:
    return GAME_PBN.read_text(encoding="utf-8")


def without_tags(text: str, *names: str) -> str:
    return "\n".join(line for line in text.splitlines()
                     if not any(line.startswith(f"[{n} ") for n in names)) + "\n"


def one_error(games) -> FormatError:
    assert len(games.errors) == 1, games.errors
    err = games.errors[0]
    assert isinstance(err, FormatError) and isinstance(err, ValueError)
    return err


# --------------------------------------------------------------------------
# PBN

def test_a_game_without_a_deal_takes_the_previous_games():
    """The other room's game of a board often gives no [Deal]: it was dropped unread."""
    first = game_text()
    closed = ('[Room "Closed"]\n[Declarer "N"]\n[Contract "3H"]\n[Result "10"]\n')
    games = read_games(first + "\n" + closed, format="pbn")
    assert games.errors == [] and len(games) == 2
    assert games[1].deal == games[0].deal and games[1].dealer == "N"
    assert (games[1].contract, games[1].result, games[1].tags["Room"]) == ("3H", 10, "Closed")
    assert games[1].tags["Board"] == "1" and games[1].tags["Event"] == "Review test"
    deal_line = first.splitlines().index(next(x for x in first.splitlines()
                                              if x.startswith("[Deal "))) + 1
    assert any(f"game on line {deal_line}" in w for w in games[1].warnings)


def test_a_first_game_without_a_deal_is_an_error_and_a_header_is_not_a_game():
    text = '[Event "Header"]\n\n[Contract "3H"]\n[Declarer "N"]\n\n' + game_text()
    games = read_games(text, format="pbn")
    assert len(games) == 1 and games[0].tags["Event"] == "Review test"
    err = one_error(games)
    assert err.line == 3 and "no [Deal] tag" in err.problem


def test_play_without_a_contract_is_reported_not_dropped():
    text = without_tags(game_text(), "Contract", "Declarer", "Result", "Auction")
    text = "\n".join(x for x in text.splitlines() if not x.startswith(("1H", "4H", "Pass")))
    games = read_games(text, format="pbn")
    err = one_error(games)
    assert err.line == text.splitlines().index('[Play "E"]') + 1
    assert "cards are played but there is no contract" in err.problem


def test_play_tag_dash_takes_the_leader_from_the_rules():
    text = game_text().replace('[Play "E"]', '[Play "-"]')
    games = read_games(text, format="pbn")
    assert games.errors == [] and len(games[0].play) == 52 and games[0].leader == "E"
    bare = text.split("[Play")[0] + '[Play "-"]\n'         # the tag alone, no cards
    games = read_games(bare, format="pbn")
    assert games.errors == [] and games[0].play == []


def test_a_blank_line_inside_the_play_keeps_the_play_with_a_warning():
    lines = game_text().splitlines()
    at = lines.index("H9  H2  H6  HJ")
    text = "\n".join(lines[:at] + [""] + lines[at:]) + "\n"
    games = read_games(text, format="pbn")
    assert games.errors == [] and len(games) == 1
    assert len(games[0].play) == 52
    assert any(f"before line {at + 2}" in w and "blank line" in w for w in games[0].warnings)


@pytest.mark.parametrize("result,tricks", [("+1", 11), ("=", 10), ("-2", 8), ("10", 10)])
def test_relative_results_count_from_the_contract(result, tricks):
    text = without_tags(game_text().split("[Play")[0], "Result") + f'[Result "{result}"]\n'
    games = read_games(text, format="pbn")
    assert games.errors == [] and games[0].result == tricks


def test_a_relative_result_must_agree_with_the_play():
    games = read_games(game_text().replace('[Result "10"]', '[Result "+1"]'), format="pbn")
    assert "the result says 11 tricks" in one_error(games).problem


def test_doubles_are_read_as_calls_and_refused_with_a_clear_message():
    text = game_text().replace("1H   2D   3H   Pass", "1H   X    3H   Pass")
    err = one_error(read_games(text, format="pbn"))
    assert "call 2 ('X') is illegal: vint has no doubles" in err.problem
    assert err.line == text.splitlines().index("1H   X    3H   Pass") + 1
    lin = MD + "mb|1H|mb|d|mb|r|mb|p|mb|p|mb|p|"
    assert read_games(lin, format="lin", rules="semi-contract")[0].auction[:3] == ["1H", "X", "XX"]
    assert "has no doubles" in one_error(read_games(lin, format="lin")).problem


def test_utf8_bom_in_text_keeps_the_first_tag():
    text = game_text().split("\n\n", 1)[1]            # from the first tag, no % lines
    assert text.startswith('[Event "Review test"]')
    games = read_games("\ufeff" + text, format="pbn")
    assert games.errors == [] and games[0].tags["Event"] == "Review test"
    lin = read_games("\ufeff" + MD + CALLS, format="lin")
    assert lin.errors == [] and lin[0].dealer == "N"


def test_a_file_that_is_not_utf8_is_read_with_a_note(tmp_path):
    path = tmp_path / "cp1252.pbn"
    path.write_bytes(game_text().replace("Moscow", "Montr\u00e9al \u2013 Caf\u00e9")
                     .encode("cp1252"))
    games = read_games(path)
    assert games.errors == [] and games[0].tags["Site"] == "Montr\u00e9al \u2013 Caf\u00e9"
    assert games.notes and "not UTF-8" in games.notes[0] and "cp1252" in games.notes[0]
    reviews = review(path, auction_review=False)
    assert reviews.notes == games.notes and reviews.to_dict()["notes"] == games.notes


def test_a_utf16_file_is_read_with_a_note(tmp_path):
    # Windows' "Unicode" text (UTF-16 with a byte-order mark) was read as cp1252:
    # "no deal found in this PBN file".
    for encoding in ("utf-16", "utf-16-be"):
        path = tmp_path / f"{encoding}.pbn"
        data = game_text().encode(encoding)
        path.write_bytes(data if encoding == "utf-16" else b"\xfe\xff" + data)
        games = read_games(path)
        assert games.errors == [] and len(games) == 1
        assert games.notes and "UTF-16" in games.notes[0]


# --------------------------------------------------------------------------
# Bridge files: play only

#: A bridge game as BridgeComposer-style programs write it: doubles, a lower bid
#: over a higher one, notes, "!" as a token and "--" for cards not played.
BRIDGE_PBN = """[Board "4"]
[Dealer "N"]
[Deal "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765"]
[Declarer "N"]
[Contract "4HX"]
[Result "-1"]
[Auction "N"]
1H 2D =1= X ! 3D
4H X Pass Pass
Pass
[Note "1:weak"]
[Play "E"]
DJ  D3  D6  D2
SJ  S4  S6  SK
C8  CJ  C5  C2
--  H2  --  --
*
"""


def test_a_bridge_file_is_reviewed_play_only():
    strict = read_games(BRIDGE_PBN, format="pbn")
    assert len(strict) == 0 and "call 3 ('X') is illegal: vint has no doubles" in str(
        strict.errors[0])
    games = read_games(BRIDGE_PBN, format="pbn", auction=False)
    assert games.errors == [] and len(games) == 1
    g = games[0]
    assert (g.contract, g.declarer, g.leader, g.result, g.auction) == ("4H", "N", "E", 9, [])
    assert len(g.play) == 13 and g.play[-1] == "H2"
    assert any("play only" in w for w in g.warnings)
    assert any("no doubles: contract 4HX is scored as 4H" in w for w in g.warnings)


def test_the_public_bridge_files_are_reviewed_play_only():
    """The files of shared/played (beside the repository, as shared/oracle is)."""
    pbn = played_file("bridgebots__sample.pbn")
    strict = read_games(pbn)
    assert len(strict) == 0 and len(strict.errors) == 3
    games = read_games(pbn, auction=False)
    assert games.errors == [] and len(games) == 3
    assert all(g.auction == [] and g.play for g in games)
    lin = read_games(played_file("bridgebots__sample.lin"), auction=False)
    assert lin.errors == []
    assert (lin[0].contract, lin[0].declarer, lin[0].leader) == ("3NT", "N", "E")
    assert len(lin[0].play) == 52 and lin[0].tags["South"] == "PrinceBen"


def test_play_only_takes_the_contract_from_a_bridge_auction():
    # Bridge: 1H 1S 2H 2S 3H; N opened hearts, so N declares (Vint: S, the last bidder).
    lin = MD + "mb|1H|mb|1S|mb|2H|mb|2S|mb|3H|mb|p|mb|p|mb|p|" + TRICK1
    assert "is not higher" in one_error(read_games(lin, format="lin")).problem
    games = read_games(lin, format="lin", auction=False)
    g = games[0]
    assert (g.contract, g.declarer, g.leader, g.auction) == ("3H", "N", "E", [])
    assert g.play == ["DJ", "D3", "D6", "D2"]


def test_review_and_the_command_line_take_play_only(tmp_path, capsys):
    lin = MD + "mb|1H|mb|1S|mb|2H|mb|2S|mb|3H|mb|p|mb|p|mb|p|" + TRICK1
    reviews = review(lin, format="lin", auction=False)
    assert len(reviews) == 1 and len(reviews[0].cards) == 4
    assert not reviews[0].calls.available
    path = tmp_path / "bridge.lin"
    path.write_text(lin, encoding="utf-8")
    assert main(["review", str(path), "--with-auction"]) == 2
    capsys.readouterr()
    assert main(["review", str(path), "--no-auction-review"]) == 0     # found: play only
    assert "looks like a bridge file" in capsys.readouterr().err
    assert main(["review", str(path), "--play-only", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["reviews"][0]["contract"] == "3H" and len(data["reviews"][0]["cards"]) == 4


# --------------------------------------------------------------------------
# LIN

def test_lin_names_go_with_the_deal_that_follows_them():
    lin = ("pn|Ann,Bob,Cat,Dan|st||" + MD + "ah|Board 1|" + CALLS + TRICK1 + "\n"
           "pn|Eve,Fay,Gus,Hal|st||" + MD + "ah|Board 2|" + CALLS + "\n"
           + MD + "ah|Board 3|" + CALLS + "\n")
    games = read_games(lin, format="lin")
    assert games.errors == []
    assert [(g.tags["Board"], g.tags["South"], g.tags["East"]) for g in games] == [
        ("1", "Ann", "Dan"), ("2", "Eve", "Hal"), ("3", "Eve", "Hal")]


def test_vugraph_rooms_and_boards_are_kept_with_each_rooms_names():
    lin = ("vg|Final,Round 1,I,1,2,Team A,0,Team B,0|rs|4H,4H|"
           "pn|Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal|pg||\n"
           "qx|o1|" + MD + "sv|o|" + CALLS + TRICK1 + "pg||\n"
           "qx|c1|" + MD + "sv|o|" + CALLS + "pg||\n")
    games = read_games(lin, format="lin")
    assert games.errors == []
    assert [(g.tags["Room"], g.tags["Board"], g.tags["South"], g.tags["East"]) for g in games] \
        == [("Open", "1", "Ann", "Dan"), ("Closed", "1", "Eve", "Hal")]


def test_a_stray_line_spoils_only_its_deal_and_names_its_line():
    deals = [MD + f"ah|Board {k}|" + CALLS for k in (1, 2, 3)]
    lin = deals[0] + "\n" + deals[1][:200] + "\nthis line is not LIN\n" + deals[1][200:] \
        + "\n" + deals[2] + "\n"
    games = read_games(lin, format="lin")
    assert [g.tags["Board"] for g in games] == ["1", "3"]
    err = one_error(games)
    assert err.line == 3 and "cannot read LIN here: 'this line is not LIN'" in err.problem


def test_lin_undo_takes_back_cards_and_calls():
    lin = MD + CALLS + "pc|DJ|pc|S4|up|1|pc|D3|pc|D6|pc|D2|"
    games = read_games(lin, format="lin")
    assert games.errors == [] and games[0].play == ["DJ", "D3", "D6", "D2"]
    calls = MD + "mb|1H|mb|7N|up|1|mb|2D|" + "mb|p|" * 12
    assert read_games(calls, format="lin")[0].auction[:2] == ["1H", "2D"]
    err = one_error(read_games(MD + "mb|1H|up|3|", format="lin"))
    assert "takes back 3, but only 1 calls were made" in err.problem


# --------------------------------------------------------------------------
# Bounded input, and every bad input a ValueError for its own deal

def test_a_contract_of_many_spaces_is_refused_at_once_with_a_short_excerpt():
    bad = {"deal": EXAMPLE, "contract": "4" + " " * 40000 + "H", "declarer": "N"}
    text = json.dumps([bad, {"deal": EXAMPLE}])
    start = time.perf_counter()
    games = read_games(text, format="json")
    assert time.perf_counter() - start < 2          # was 11 s in a backtracking regex
    err = one_error(games)
    assert len(games) == 1 and "too long" in err.problem and len(str(err)) < 200
    from advisor.rules import get
    start = time.perf_counter()
    with pytest.raises(ValueError, match="too long for a contract"):
        get("vint").contract("4" + " " * 40000 + "H x")
    assert time.perf_counter() - start < 1


@pytest.mark.parametrize("bad,problem", [
    ({"deal": EXAMPLE, "tags": 270}, '"tags" must be an object'),
    ({"deal": EXAMPLE, "result": 10 ** 4300}, "the result is too long"),
    ({"deal": EXAMPLE, "contract": "4H", "declarer": "N", "play": ["S" + "A" * 5000]},
     "a card is too long"),
])
def test_bad_json_values_are_errors_of_their_deal(bad, problem):
    import sys
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)                  # to write the 4,300-digit number
    try:
        text = json.dumps([{"deal": EXAMPLE}, bad, {"deal": EXAMPLE}])
    finally:
        sys.set_int_max_str_digits(old)
    games = read_games(text, format="json")
    err = one_error(games)
    assert len(games) == 2 and problem in err.problem and len(err.problem) < 200


def test_json_nested_1000_deep_is_an_error_of_its_deal():
    deep = '{"deal": "%s", "tags": {"x": %s1%s}}' % (EXAMPLE, "[" * 1000, "]" * 1000)
    games = read_games('[{"deal": "%s"},\n%s,\n{"deal": "%s"}]' % (EXAMPLE, deep, EXAMPLE),
                       format="json")
    err = one_error(games)
    assert len(games) == 2 and err.line == 2 and "nested 1002 deep" in err.problem


def test_a_huge_number_in_a_pbn_tag_spoils_only_its_game():
    bad = game_text().replace('[Result "10"]', '[Result "%s"]' % ("9" * 4300))
    games = read_games(game_text() + "\n" + bad.split("\n\n", 1)[1], format="pbn")
    assert len(games) == 1 and "the result is too long" in one_error(games).problem


@pytest.mark.parametrize("text,problem", [
    ("(" * 200 + "hcp > 1" + ")" * 200, "nest more than 50 deep"),
    ("not " * 100 + "hcp > 1", "nest more than 50 deep"),
    ("hcp > 99999999999999999999", "more than 6 digits"),
])
def test_constraints_too_deep_or_too_large_are_constraint_errors(text, problem):
    from advisor.bidding.constraints import ConstraintError, compile_constraint
    with pytest.raises(ConstraintError, match=problem) as info:
        compile_constraint(text)
    assert isinstance(info.value, ValueError) and len(str(info.value)) < 200


# --------------------------------------------------------------------------
# What the writers write, the readers read: every rule set

def _played(rules: str, calls):
    """A JSON deal with the auction ``calls`` closed under ``rules`` and, when the
    contract can be played, the first legal card every time."""
    full, _added = close_auction(rules, calls)
    obj = {"deal": EXAMPLE, "dealer": "N", "auction": full,
           "tags": {"Vulnerable": "None", "Board": "7"}}
    record = read_games(json.dumps(obj), rules=rules, format="json")[0]
    if record.trump is not None:
        play = Play(record.deal, record.trump, record.leader)
        obj["play"] = []
        for _ in range(52):
            card = play.legal_cards()[0]
            obj["play"].append(str(card))
            play.play(card)
        if record.declarer is not None:     # Skruuvi's all-pass misère has none
            obj["result"] = play.tricks_won(Seat.parse(record.declarer).side)
    return obj


@pytest.mark.parametrize("rules", rules_module.names())
@pytest.mark.parametrize("calls", [["P"], ["1H"]])
def test_written_games_read_back_the_same_under_every_rule_set(rules, calls):
    games = read_games(json.dumps([_played(rules, calls)]), rules=rules, format="json")
    assert games.errors == [] and len(games) == 1
    for kind, text in (("pbn", write_pbn(games)), ("json", write_json(games))):
        back = read_games(text, rules=rules, format=kind)
        assert back.errors == [], (kind, text)
        assert [g.to_dict() for g in back] == [g.to_dict() for g in games]
        if kind == "pbn" and calls == ["P"]:
            assert '[Contract "' + (games[0].contract or "Pass") + '"]' in text


def test_an_auction_without_a_dealer_is_refused_not_written_as_none():
    err = one_error(read_games(json.dumps({"deal": EXAMPLE, "auction": ["1H"]}),
                               format="json"))
    assert "no dealer" in err.problem
    record = read_games(json.dumps({"deal": EXAMPLE, "dealer": "N", "auction": ["1H"]}),
                        format="json")[0]
    record.dealer = None
    with pytest.raises(FormatError, match="no dealer"):
        write_pbn([record])


# --------------------------------------------------------------------------
# The command line: analyse reads what review reads; --html never clobbers

def test_analyse_reads_lin_json_and_cp1252_files_and_keeps_the_good_deals(tmp_path, capsys):
    lin = tmp_path / "two.lin"
    lin.write_bytes(("pn|Andr\u00e9,B,C,D|" + MD + "ah|Board 1|\n"
                     + "md|3SQ54H5432D43CKQJ4,SQ76H876D9876C765,SAK32HAKQJDT2CA32,|\n")
                    .encode("cp1252"))
    assert main(["analyse", str(lin), "--json", "--rules", "vint"]) == 2
    out, err = capsys.readouterr()
    assert len(json.loads(out)) == 1
    assert "read as cp1252" in err and "1 deal(s) left out" in err and "line 2" in err
    js = tmp_path / "one.json"
    js.write_text(json.dumps([{"deal": EXAMPLE, "dealer": "S"}]), encoding="utf-8")
    assert main(["analyse", str(js), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["dealer"] == "S"


def test_html_report_never_overwrites_the_input_and_needs_force(tmp_path, capsys):
    source = tmp_path / "game.pbn"
    source.write_text(game_text(), encoding="utf-8")
    before = source.read_text(encoding="utf-8")
    assert main(["review", str(source), "--no-auction-review", "--html", str(source),
                 "--force"]) == 2
    assert "is the file being reviewed" in capsys.readouterr().err
    assert source.read_text(encoding="utf-8") == before
    report = tmp_path / "report.html"
    report.write_text("keep me", encoding="utf-8")
    assert main(["review", str(source), "--no-auction-review", "--html", str(report)]) == 2
    assert "add --force" in capsys.readouterr().err
    assert report.read_text(encoding="utf-8") == "keep me"
    assert main(["review", str(source), "--no-auction-review", "--html", str(report),
                 "--force"]) == 0
    assert report.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_json_brackets_that_do_not_match_are_an_error_not_a_hang():
    text = '[{"deal": "%s"}}, {"deal": "%s"}]' % (EXAMPLE, EXAMPLE)
    with pytest.raises(FormatError, match="brackets of the list do not match"):
        read_games(text, format="json")


@pytest.mark.parametrize("kind,text", [
    ("lin", MD[:40] + "\n" * 40000 + MD[40:] + CALLS),
    ("pbn", game_text().replace('[Deal "N:', '[Deal "N:' + " " * 40000)),
    ("pbn", game_text().replace("DJ  D3  D6  D2", "DJ  D3  D6  D2" + "X" * 40000)),
])
def test_error_messages_quote_a_short_excerpt(kind, text):
    err = one_error(read_games(text, format=kind))
    assert len(err.problem) < 200, err.problem


def test_each_reader_drops_a_bom():
    from advisor.records import read_json, read_lin, read_pbn
    pbn = game_text().split("\n\n", 1)[1]
    assert read_pbn("\ufeff" + pbn)[0].tags["Event"] == "Review test"
    assert read_lin("\ufeff" + MD + CALLS)[0].dealer == "N"
    assert read_json("\ufeff" + json.dumps({"deal": EXAMPLE}))[0].deal.to_pbn() == EXAMPLE


def test_play_only_ignores_an_auction_that_starts_with_another_seat():
    text = game_text().replace('[Auction "N"]', '[Auction "E"]')
    assert "the auction starts with 'E'" in one_error(read_games(text, format="pbn")).problem
    games = read_games(text, format="pbn", auction=False)
    assert games.errors == [] and games[0].contract == "4H" and len(games[0].play) == 52
