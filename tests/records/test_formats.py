"""Reading and writing played deals: PBN 2.1, BBO LIN, the project's JSON, and bad files."""

from __future__ import annotations

import json

import pytest

from advisor.records import FormatError, GameRecord, read_games, read_games_file, write_json
from advisor.records.pbn import optimum_result_table, write_pbn
from solver import dd_table
from solver.cards import Deal, Strain
from helpers import DATA

GAME_PBN = DATA / "vint_game.pbn"
EXAMPLE = "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765"
#: The play of vint_game.pbn, in the order the cards were played (E leads).
PLAY = ("DJ D3 D6 D2 SJ S4 S6 SK C2 C8 CJ C5 C4 C6 C3 C9 DQ D4 D7 DT CT CQ C7 CA "
        "HJ H9 H2 H6 HQ HT H3 H7 HK D5 H4 H8 HA DK H5 D8 S2 S9 SQ S7 CK D9 S3 DA "
        "S5 S8 SA ST").split()


def pbn_lines() -> list:
    return GAME_PBN.read_text(encoding="utf-8").splitlines()


def line_of(lines, text: str) -> int:
    """The 1-based number of the first line starting with ``text``."""
    return next(i for i, line in enumerate(lines, 1) if line.startswith(text))


def edited(old: str, new: str) -> str:
    """vint_game.pbn with the first line starting with ``old`` replaced by ``new``."""
    lines = pbn_lines()
    i = line_of(lines, old) - 1
    lines[i] = new
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------
# PBN

def test_pbn_play_table_is_put_in_play_order():
    """The Play section lists cards by seat from E; the reader follows the trick winners."""
    games = read_games(GAME_PBN)
    assert games.errors == []
    g = games[0]
    assert g.deal == Deal.from_pbn(EXAMPLE)
    assert (g.dealer, g.contract, g.declarer, g.leader, g.result) == ("N", "4H", "N", "E", 10)
    assert g.trump == Strain.H
    assert g.play == PLAY
    # Trick 3 is led by N (who won trick 2), although E's column comes first.
    t3 = g.tricks[2]
    assert (t3.leader, t3.cards[0], t3.winner) == ("N", ("N", "C2"), "S")
    assert len(g.auction) == 17 and g.auction[-12:] == ["P"] * 12
    assert g.tags["West"] == "Wanda" and g.tricks_won == 10


def test_pbn_round_trip_with_optimum_result_table():
    game = read_games(GAME_PBN)[0]
    table = dd_table(game.deal)
    text = write_pbn([game], [table])
    again = read_games(text, format="pbn")
    assert again.errors == [] and len(again) == 1
    assert again[0].to_dict() == game.to_dict()
    lines = text.splitlines()
    start = lines.index('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]')
    rows = lines[start + 1:start + 21]
    assert rows[0] == "N NT  8" and rows[1] == "N  S 11"
    assert len(rows) == 20 and {r.split()[0] for r in rows} == set("NSEW")
    for row in rows:
        seat, strain, tricks = row.split()
        assert int(tricks) == table[seat, strain]


def test_pbn_writer_marks_unfinished_play_and_rereads_it():
    game = read_games(GAME_PBN)[0]
    short = GameRecord(game.deal, dealer="N", auction=game.auction, contract="4H",
                       declarer="N", leader="E", play=PLAY[:6], trump=Strain.H)
    text = write_pbn([short])
    assert "\nSJ  S4  -   -\n" in text and "\n*\n" in text
    again = read_games(text, format="pbn")[0]
    assert again.play == PLAY[:6] and again.result is None


def test_pbn_comments_notes_and_all_pass_shorthand():
    text = """% a comment line
[Event "x"] ; a comment
[Dealer "N"]
[Deal "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765"]
{a comment
over two lines}
[Contract "4H"]
[Declarer "N"]
[Auction "N"]
1H! 2D =1= 3H $2 Pass
4H AP
[Play "E"]
DJ D3 D6 D2
*
"""
    g = read_games(text, format="pbn")[0]
    assert g.auction == ["1H", "2D", "3H", "P", "4H"] + ["P"] * 12
    assert g.play == ["DJ", "D3", "D6", "D2"]
    assert g.tags == {"Event": "x"}


def test_pbn_game_without_play_and_passed_out():
    text = ('[Dealer "E"]\n[Deal "%s"]\n[Contract "Pass"]\n[Auction "E"]\n'
            'Pass Pass Pass Pass\nPass Pass Pass Pass\n' % EXAMPLE)
    g = read_games(text, format="pbn")[0]
    assert (g.contract, g.declarer, g.play) == (None, None, [])


# --------------------------------------------------------------------------
# LIN

def test_lin_file_with_two_deals_and_a_claim():
    games = read_games(DATA / "vint_games.lin")
    assert games.errors == [] and len(games) == 2
    first, second = games
    assert first.deal == Deal.from_pbn(EXAMPLE)      # East's hand was left out of md
    assert (first.dealer, first.contract, first.declarer, first.leader) == ("N", "4H", "N", "E")
    assert first.play == PLAY[:24] and first.result == 10          # mc|10| after six tricks
    assert first.tags["South"] == "Sofia" and first.tags["Board"] == "1"
    assert second.dealer == "E" and second.contract is None and second.auction == ["P"] * 8
    assert second.tags["Vulnerable"] == "NS" and second.tags["West"] == "Wanda"  # pn carries over


def test_lin_calls_doubles_and_no_trumps():
    passes = "|".join(["mb|p"] * 12)
    text = (f"md|1SQ54H5432D43CKQJ4,S876H876D9876C765,SAK32HAKQJDT2CA32,SJT9HT9DAKQJ5CT98|"
            f"mb|1N!|{passes}|pc|S8|")
    g = read_games(text, format="lin")[0]
    assert (g.dealer, g.contract, g.declarer, g.leader, g.play) == ("S", "1NT", "S", "W", ["S8"])
    doubled = read_games("md|1SQ54H5432D43CKQJ4,S876H876D9876C765,SAK32HAKQJDT2CA32,|"
                         "mb|1S|mb|d|", format="lin")
    assert len(doubled) == 0 and "bad call 'X'" in str(doubled.errors[0])


def test_lin_auction_not_over_is_closed_with_a_warning():
    text = "md|3SQ54H5432D43CKQJ4,S876H876D9876C765,SAK32HAKQJDT2CA32,|mb|1H|mb|p|mb|p|mb|p|pc|DJ|"
    g = read_games(text, format="lin")[0]
    assert (g.contract, g.declarer, g.leader) == ("1H", "N", "E")
    assert "9 pass(es) taken as read" in g.warnings[0]


# --------------------------------------------------------------------------
# JSON

def test_json_round_trip_and_line_numbers():
    games = read_games(GAME_PBN) + read_games(DATA / "vint_games.lin")
    text = write_json(games)
    again = read_games(text, format="json")
    assert [g.to_dict() for g in again] == [g.to_dict() for g in games]
    assert json.loads(text)[0]["play"] == PLAY
    # Each deal remembers the line its object starts on.
    starts = [i + 1 for i, line in enumerate(text.splitlines()) if line.startswith(" {")]
    assert [g.line for g in again] == starts


def test_json_ending_file():
    g = read_games(DATA / "ending.json")[0]
    assert len(g.deal["N"]) == 2 and g.leader == "W" and g.result == 0 and g.tricks_won == 0


# --------------------------------------------------------------------------
# Bad files: file, line and problem in every message

BAD_PBN = [
    # (line to change, new text, line whose number the error names, words of the problem)
    ('[Dealer "N"]', '[Dealer "Q"]', '[Dealer', "unknown dealer 'Q'"),
    ('[Contract "4H"]', '[Contract "4Z"]', '[Contract', "unknown contract '4Z'"),
    ('[Result "10"]', '[Result "15"]', '[Result', "unknown result '15'"),
    ('[Result "10"]', '[Result "9"]', '[Result', "the result says 9 tricks"),
    ('[Declarer "N"]', '[Declarer "S"]', '[Contract', "does not match the auction"),
    ('[Play "E"]', '[Play "W"]', '[Play', "the opening leader is W"),
    ("[Deal ", '[Deal "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.76A"]',
     "[Deal ", "appears twice"),
]


@pytest.mark.parametrize("old,new,where,problem", BAD_PBN)
def test_bad_pbn_names_file_line_and_problem(tmp_path, old, new, where, problem):
    path = tmp_path / "bad.pbn"
    path.write_text(edited(old, new), encoding="utf-8")
    games = read_games(path)
    assert len(games) == 0 and len(games.errors) == 1
    err = games.errors[0]
    assert isinstance(err, FormatError) and isinstance(err, ValueError)
    assert err.file == str(path)
    assert err.line == line_of(edited(old, new).splitlines(), where)
    assert problem in err.problem
    assert str(err).startswith(f"{path}, line {err.line}: ")


#: Damage in the play: the game is kept, with the cards before the damage
#: (issue 28: one corrupt card used to drop the deal, its DD table and par).
DAMAGED_PLAY = [
    # (line to change, new text, words of the problem, cards kept[, the damaged line
    # when it is not the changed one])
    ("DJ  D3", "DJ  D3  D6  D9", "N plays D9, a card not in that hand (it is in W's", 3),
    ("DJ  D3", "DJ  D3  S8  D2", "revoke: W plays S8 on a D lead", 2),
    ("SJ  S4", "SJ  S4  S6  XX", "unknown card 'XX'", 7),
    # A trick line that cannot be read as a trick stops the play on that line.
    ("DJ  D3", "DJ  D3  D6  D2  D7", "a trick line holds 4 cards (one per seat, - for none), "
     "not 5", 0),
    ("SJ  S4", "SJ  S4  -   -", "a trick follows the incomplete trick on line", 6, "C8  CJ"),
    ("SJ  S4", "SJ  -   S6  SK", "a card follows a missing one (-) in the same trick", 4,
     "SJ  -"),
]


@pytest.mark.parametrize("old,new,problem,kept,where",
                         [case + (None,) * (5 - len(case)) for case in DAMAGED_PLAY])
def test_a_damaged_play_keeps_the_game_and_the_cards_before_it(tmp_path, old, new, problem,
                                                                kept, where):
    path = tmp_path / "damaged.pbn"
    path.write_text(edited(old, new), encoding="utf-8")
    games = read_games(path)
    assert len(games) == 1 and not games.errors
    g = games[0]
    line = line_of(edited(old, new).splitlines(), where or old)
    assert g.play_damage.startswith(f"line {line}: ") and problem in g.play_damage
    assert len(g.play) == kept and g.contract == "4H" and g.result == 10
    assert any(w.startswith(f"the play is damaged at line {line}") for w in g.warnings)


def test_a_five_card_trick_line_keeps_the_deal_its_table_par_and_the_tricks_before_it():
    """tests/data/damaged_play.pbn: trick 4's line holds five cards (issue 28: the
    whole deal used to be dropped)."""
    from advisor.analysis import analyse
    games = read_games(DATA / "damaged_play.pbn")
    assert not games.errors and len(games) == 1
    g = games[0]
    line = line_of((DATA / "damaged_play.pbn").read_text(encoding="utf-8").splitlines(),
                   "C9  C4  C6  C3  C7")
    assert g.play_damage == (f"line {line}: a trick line holds 4 cards (one per seat, - for "
                             "none), not 5: 'C9 C4 C6 C3 C7'")
    assert g.play == PLAY[:12] and len(g.tricks) == 3
    assert (g.contract, g.declarer, g.result) == ("4H", "N", 10)
    analysis = analyse(g.deal, rules="vint", dealer=g.dealer)
    assert analysis.table == dd_table(g.deal) and analysis.par is not None


def test_too_many_cards_a_fourteenth_trick(tmp_path):
    lines = pbn_lines()
    last = line_of(lines, "ST  S5")
    lines.insert(last, "SA  SK  SQ  SJ")
    games = read_games("\n".join(lines), format="pbn")
    assert not games.errors and len(games[0].play) == 52
    assert games[0].play_damage.startswith(f"line {last + 1}: too many cards")


def test_a_file_with_good_and_bad_deals_keeps_the_good_ones():
    good = GAME_PBN.read_text(encoding="utf-8")
    bad = edited("SJ  S4", "SJ  S4  H6  SK")        # W ruffs a spade holding spades
    bad_lines = bad.splitlines()
    text = good + "\n" + "\n".join(bad_lines[3:]) + "\n\n" + good.split("\n\n", 1)[1]
    games = read_games(text, format="pbn")
    # The revoke damages only the play of its game: all three games are read.
    assert len(games) == 3 and not games.errors
    offset = len(good.splitlines()) + 1 - 3
    damage = games[1].play_damage
    assert damage.startswith(f"line {line_of(bad_lines, 'SJ  S4') + offset}: ")
    assert "revoke: W plays H6" in damage
    # A bad tag still drops its game, and only it.
    bad = edited('[Result "10"]', '[Result "x"]')
    games = read_games(good + "\n" + "\n".join(bad.splitlines()[3:]), format="pbn")
    assert len(games) == 1 and "unknown result 'x'" in games.errors[0].problem


def test_games_run_together_are_read_as_two():
    good = GAME_PBN.read_text(encoding="utf-8")
    second = good.split("\n\n", 1)[1].replace('[Board "1"]', '[Board "2"]')
    games = read_games(good.rstrip("\n") + "\n" + second, format="pbn")
    assert len(games) == 2 and not games.errors
    assert [g.tags["Board"] for g in games] == ["1", "2"]
    assert games[1].line == len(good.rstrip("\n").splitlines()) + 1
    assert any("no blank line before line" in w for w in games[1].warnings)
    assert len(games[0].play) == len(games[1].play) == 52


def test_a_handviewer_url_is_read_as_its_lin():
    from urllib.parse import quote
    lin = (DATA / "vint_games.lin").read_text(encoding="utf-8").splitlines()[0]
    url = "https://www.bridgebase.com/tools/handviewer.html?lin=" + quote(lin, safe="")
    direct = read_games(lin, format="lin")
    for text in (url, url + "&b=3&p=1\n", url.replace("%20", "+"), url.replace("https", "http")):
        games = read_games(text)
        assert len(games) == 1 and not games.errors
        assert games[0].deal == direct[0].deal and games[0].play == direct[0].play


def test_bad_lin_and_json_files():
    lin = "md|3SQ54H5432D43CKQJ4,S876H876D9876C765,SAK32HAKQJDT2CA32,|\nmb|1H|\nmb|p|\npc|HA|"
    damage = read_games(lin, format="lin")[0].play_damage      # the deal is kept
    assert damage == "line 4: trick 1: E plays HA, a card not in that hand (it is in N's hand)"
    # A bad element spoils its own deal only (it used to abort the file).
    games = read_games('[\n {"deal": "N:A2... 3.3.. ..32. K.2.."},\n {"deal" 1}\n]',
                       format="json")
    assert len(games) == 1 and "<text>, line 3: bad JSON" in str(games.errors[0])
    games = read_games('[\n {"deal": "N:A2... 3.3.. ..32. K.2.."},\n {"deel": 1}\n]',
                       format="json")
    assert len(games) == 1 and games.errors[0].line == 3
    assert "unknown key(s) deel" in games.errors[0].problem
    # Text that is not a pair spoils its own deal only (it used to abort the file).
    bad = read_games("md|3SQ54H5432D43CKQJ4,S876H876D9876C765,SAK32HAKQJDT2CA32,|x", format="lin")
    assert len(bad) == 0 and "line 1: cannot read LIN here: 'x'" in str(bad.errors[0])


def test_missing_file_and_empty_file():
    with pytest.raises(FormatError, match="nowhere.pbn: no such file"):
        read_games_file("nowhere.pbn")
    # A string is the file's text, never a path: the error says how to read a file.
    with pytest.raises(FormatError, match="no deal found.*read_games_file"):
        read_games("nowhere.pbn")
    with pytest.raises(FormatError, match="no deal found"):
        read_games('[Event "x"]\n', format="pbn")


def test_optimum_result_table_rows_from_a_dict_table():
    class Table(dict):
        def __getitem__(self, key):
            return 7
    rows = optimum_result_table(Table())
    assert rows[1:3] == ["N NT  7", "N  S  7"] and len(rows) == 21


def test_the_rules_decide_auction_length_and_opening_leader():
    games = read_games(GAME_PBN, rules="vint-siberian")
    assert len(games) == 0
    assert "call 9 ('P') comes after the auction is over" in games.errors[0].problem
    deal = {"deal": EXAMPLE, "contract": "4H", "declarer": "N", "leader": "E", "play": ["DJ"]}
    err = read_games(json.dumps(deal), rules="vint-siberian", format="json").errors[0]
    assert "the opening leader is E, but with declarer N N leads under vint-siberian" in str(err)
    deal.update(leader="N", play=["SA"])
    assert read_games(json.dumps(deal), rules="vint-siberian", format="json")[0].play == ["SA"]


def test_lin_deals_written_as_pbn_read_back_the_same():
    games = read_games(DATA / "vint_games.lin")
    text = write_pbn(games)
    again = read_games(text, format="pbn")
    assert again.errors == [] and len(again) == 2
    assert [g.to_dict() for g in again] == [g.to_dict() for g in games]
    assert '[Contract "Pass"]' in text and '[Result "10"]' in text      # thrown in; claim


MALFORMED_TAGS = [
    # (the Event line as written, the title's Event, words of the warning)
    ('[Event "Random]"]', "Random", "the value of [Event] ends in a stray ']'"),
    ("[Event Random]", "Random", "has no quotes around its value"),
    ('[Event "Random', None, "is not a tag"),
]


@pytest.mark.parametrize("written,event,warning", MALFORMED_TAGS)
def test_a_malformed_tag_is_a_warning_naming_its_line_not_text_in_the_title(written, event,
                                                                           warning):
    """/work/shared/played/ben__cold_6d.pbn's first line is ``[Event "Random]"]``: its
    title read "(Event Random] Board 79)" (issue 28)."""
    text = edited('[Event "Review test"]', written)
    games = read_games(text, format="pbn")
    assert not games.errors and len(games) == 1
    g = games[0]
    assert g.tags.get("Event") == event and g.tags["Board"] == "1"
    line = line_of(text.splitlines(), written)
    assert any(w.startswith(f"line {line}: ") and warning in w for w in g.warnings)
    assert g.play == PLAY               # the rest of the game is read as before


def test_a_line_that_is_not_a_tag_is_not_read_as_calls():
    text = edited("4H   Pass Pass Pass", '4H   Pass Pass Pass\n[Oops "1H 2H]')
    g = read_games(text, format="pbn")[0]
    assert g.auction == read_games(GAME_PBN)[0].auction
    assert any("'[Oops \"1H 2H]' is not a tag" in w for w in g.warnings)
