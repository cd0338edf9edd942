"""vint annotate (advisor.batch.annotate): the tags against the solver, DDS's par and
endplay's reader; the bytes kept; resuming after a stop; boards that fail."""

import re
import shutil
from functools import lru_cache

import pytest

from advisor.batch import annotate_file, annotate_text, detect_rules
from advisor.batch.annotate import AnnotateError
from advisor.batch.bridge import bridge_par, parse_vulnerable
from advisor.batch.runners import LocalRunner
from advisor.batch.tags import double_dummy_tricks, read_double_dummy_tricks
from advisor.cli import main
from advisor.par import par_from_table
from advisor.records import pbn_games, read_games, write_pbn
from advisor.records.model import GameRecord
from solver import dd_table
from solver.cards import Deal
from helpers.batch import StopAfter
from helpers import played_file

PLAYED = ["endplay__tests_pbn_example1.pbn", "endplay__tests_pbn_example4.pbn",
          "endplay__examples_pbn_files_sample.pbn", "bridgebots__sample.pbn",
          "ben__cold_6d.pbn", "ben__too_many_trumps.pbn",
          "ben__BBO_Forums_Sunday_Daylong_Daylong.pbn"]
#: The files endplay's own PBN parser reads (bridgebots' BridgeComposer style it does not).
ENDPLAY_READS = [name for name in PLAYED if not name.startswith("bridgebots")]
SEATS = {"N": "north", "E": "east", "S": "south", "W": "west"}
#: A line vint annotate may add: one of its tags, or a row of OptimumResultTable.
ADDED = re.compile(rb'^(\[(DoubleDummyTricks|OptimumResultTable|OptimumScore|ParContract|'
                   rb'VintRules|VintPar|VintParScore) "[^"]*"\]|[NESW] +(NT|[SHDC]) +\d+)\r?\n?$')


@lru_cache(maxsize=None)
def solved(deal: str):
    return dd_table(Deal.from_pbn(deal))


@pytest.fixture(scope="module")
def annotated(tmp_path_factory):
    """Every played PBN file annotated once into a folder (the slow part: 20 DD tables)."""
    folder = tmp_path_factory.mktemp("annotated")
    reports = {name: annotate_file(played_file(name), target=folder / name) for name in PLAYED}
    return folder, reports


def added_lines(before: bytes, after: bytes):
    """The lines ``after`` adds to ``before``; fails if it changes or drops any
    (``before``'s lines must all be in ``after``, in order, as they were; a last
    line without a newline may have gained one before the tags that follow it)."""
    old, added = before.splitlines(keepends=True), []
    i = 0

    def kept(line: bytes, i: int) -> bool:
        if i >= len(old):
            return False
        unended = i == len(old) - 1 and old[i] == old[i].rstrip(b"\r\n")
        return line == old[i] or (unended and line.rstrip(b"\r\n") == old[i])

    for line in after.splitlines(keepends=True):
        if kept(line, i):
            i += 1
        else:
            added.append(line)
    assert i == len(old), f"line {i + 1} of the original is not kept: {old[i]!r}"
    return added


@pytest.mark.parametrize("name", PLAYED)
def test_only_tags_are_added_byte_for_byte(annotated, name):
    folder, reports = annotated
    before, after = played_file(name).read_bytes(), (folder / name).read_bytes()
    added = added_lines(before, after)
    assert added and all(ADDED.match(line) for line in added), added[:5]
    assert reports[name].error is None and not reports[name].failed


@pytest.mark.parametrize("name", PLAYED)
def test_tags_agree_with_the_solver_and_dds_par(annotated, name):
    folder, _ = annotated
    text = (folder / name).read_text(encoding="utf-8")
    games = read_games(text, format="pbn", deal_only=True)
    blocks = {b.first: b for b in pbn_games(text)}
    from endplay.dds import par
    from endplay.types import Deal as EDeal
    from endplay.types import Player, Vul
    vuls = {(): Vul.none, ("NS",): Vul.ns, ("EW",): Vul.ew, ("NS", "EW"): Vul.both}
    for record in games:
        tags = blocks[record.line].tags
        table = solved(record.deal.to_pbn())
        assert tags["doubledummytricks"][1] == double_dummy_tricks(table)
        rows = {(line.split()[0], line.split()[1]): int(line.split()[2])
                for _n, line in blocks[record.line].sections["optimumresulttable"]}
        # Every row agrees with the solver (the endplay sample's own table has the
        # rows of N and W only: kept as it is).
        assert rows and all(table[s, st] == n for (s, st), n in rows.items())
        vulnerable = parse_vulnerable(record.tags.get("Vulnerable", "None"))
        dds = par(EDeal(record.deal.to_pbn()), vuls[vulnerable], Player.find(record.dealer))
        side, score = tags["optimumscore"][1].split()
        assert side == "NS" and int(score) == dds.score, record.line
        ours = bridge_par(table, dealer=record.dealer, vulnerable=vulnerable)
        assert tags["parcontract"][1] == ours.par_contract


@pytest.mark.parametrize("name", ENDPLAY_READS)
def test_endplay_reads_the_tags_back(annotated, name):
    from endplay.parsers import pbn
    folder, _ = annotated
    with open(played_file(name), encoding="utf-8") as f:
        original = pbn.load(f)
    with open(folder / name, encoding="utf-8") as f:
        boards = pbn.load(f)
    assert len(boards) == len(original)
    for board, old in zip(boards, original):
        assert str(board.deal) == str(old.deal)
        assert {k: v for k, v in old.info.items()}.items() <= board.info.items()
        table = solved(Deal.from_pbn(board.deal.to_pbn()).to_pbn())
        tricks = read_double_dummy_tricks(board.info["DoubleDummyTricks"])
        assert tricks == {s: {st: table[s, st] for st in tricks[s]} for s in tricks}
        rows = board.info["OptimumResultTable"]["rows"]
        assert rows and all(table[r[0], r[1]] == int(r[2]) for r in rows)
        assert board.info["OptimumScore"].startswith("NS ")


def test_the_file_is_unchanged_and_a_second_run_skips_every_board(annotated, tmp_path):
    folder, reports = annotated
    name = "ben__BBO_Forums_Sunday_Daylong_Daylong.pbn"
    assert played_file(name).read_bytes() != (folder / name).read_bytes()
    copy = tmp_path / name
    shutil.copy(folder / name, copy)
    before = copy.read_bytes()
    report = annotate_file(copy)
    assert report.count("skipped") == 10 and report.count("annotated") == 0
    assert copy.read_bytes() == before


def test_a_board_with_some_tags_gets_the_others_only(annotated):
    """The Daylong file has OptimumResultTable already: kept as it is (the
    solver agrees), the other three tags added."""
    folder, reports = annotated
    name = "ben__BBO_Forums_Sunday_Daylong_Daylong.pbn"
    text = (folder / name).read_text(encoding="utf-8")
    assert text.count("[OptimumResultTable") == 10 and text.count("[DoubleDummyTricks") == 10
    assert all(b.status == "annotated" and not b.warning for b in reports[name].boards)


def test_a_stopped_run_keeps_its_boards_and_resumes(annotated, tmp_path):
    folder, _ = annotated
    name = "ben__BBO_Forums_Sunday_Daylong_Daylong.pbn"
    copy = tmp_path / name
    shutil.copy(played_file(name), copy)
    with pytest.raises(KeyboardInterrupt):
        annotate_file(copy, runner=StopAfter(2), chunk=3)
    # The two chunks done (6 boards) were written before the interruption went on.
    assert copy.read_text(encoding="utf-8").count("[DoubleDummyTricks") == 6
    report = annotate_file(copy, chunk=3)
    assert report.count("skipped") == 6 and report.count("annotated") == 4
    assert copy.read_bytes() == (folder / name).read_bytes()


def test_checkpoints_write_the_file_while_it_runs(tmp_path):
    name = "ben__BBO_Forums_Sunday_Daylong_Daylong.pbn"
    copy = tmp_path / name
    shutil.copy(played_file(name), copy)
    seen = []

    class Watch(LocalRunner):
        def run(self, fn, chunks, on_done, on_failed=None, retries=0):
            def done(i, result):
                on_done(i, result)
                seen.append(copy.read_text(encoding="utf-8").count("[DoubleDummyTricks"))
            super().run(fn, chunks, done, on_failed, retries)

    annotate_file(copy, runner=Watch(1), chunk=4, checkpoint_seconds=1e-6)
    # The first chunk's boards are on disk before the second chunk starts.
    assert seen[0] == 4 and seen == sorted(seen) and len(seen) == 3
    assert copy.read_text(encoding="utf-8").count("[DoubleDummyTricks") == 10


GAME = """[Event "Club"]
[Board "{board}"]
[Dealer "N"]
[Vulnerable "{vul}"]
[Deal "{deal}"]
[Scoring "IMP"]
[Contract "4H"]
[Declarer "N"]
[Result "10"]"""
DEALS = ["N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765",
         "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"]


def test_crlf_cp1252_and_no_final_newline_are_kept(tmp_path):
    text = (GAME.format(board=1, vul="NS", deal=DEALS[0]) + "\n{ Caf\u00e9 \u00e0 la carte }\n\n"
            + GAME.format(board=2, vul="All", deal=DEALS[1]))
    data = text.replace("\n", "\r\n").encode("cp1252")
    path = tmp_path / "club.pbn"
    path.write_bytes(data)
    report = annotate_file(path)
    assert report.count("annotated") == 2 and "not UTF-8" in report.notes[0]
    after = path.read_bytes()
    added = added_lines(data, after)
    assert len(added) == 2 * 24 and all(ADDED.match(line) for line in added)
    assert all(line.endswith(b"\r\n") for line in added[:-1]) and not after.endswith(b"\n")
    assert b"Caf\xe9 \xe0 la carte" in after


def test_a_board_that_cannot_be_analysed_is_left_as_it_was(tmp_path):
    bad = DEALS[1].replace("KQ75.6", "KQ7.6")        # W holds 12 cards
    text = "\n\n".join([GAME.format(board=1, vul="None", deal=DEALS[0]),
                        GAME.format(board=2, vul="None", deal=bad),
                        GAME.format(board=3, vul="Sideways", deal=DEALS[1])]) + "\n"
    new, report = annotate_text(text)
    assert [b.status for b in report.boards] == ["annotated", "failed", "failed"]
    assert "Sideways" in report.boards[2].message
    # Only the first game changed: the other two are the end of the text as they were.
    assert new.endswith(text.split("\n\n", 1)[1]) and new.count("[DoubleDummyTricks") == 1


def test_tags_that_would_land_in_an_open_comment_are_not_written(tmp_path):
    """A game whose last line opens a comment that never closes: tags after it
    would be read as comment, so that board is left as it was."""
    text = (GAME.format(board=1, vul="None", deal=DEALS[0]) + "\n\n"
            + GAME.format(board=2, vul="None", deal=DEALS[1]) + " { no end\n")
    new, report = annotate_text(text)
    assert [b.status for b in report.boards] == ["annotated", "failed"]
    assert "comment" in report.boards[1].message
    assert new.endswith(text.split("\n\n")[1]) and new.count("[DoubleDummyTricks") == 1


def vint_file() -> str:
    """Two deals played in Vint, written by the project's own writer."""
    auction = ["1H", "2D", "3H"] + ["P"] * 12
    records = [GameRecord(Deal.from_pbn(d), dealer="N", auction=list(auction), contract="3H",
                          declarer="S", tags={"Event": "Vint club", "Board": str(i + 1)})
               for i, d in enumerate(DEALS)]
    return write_pbn(records)


def test_a_vint_file_gets_the_games_own_par():
    text = vint_file()
    assert detect_rules(text) == ("vint", "every auction is legal Vint")
    new, report = annotate_text(text)
    assert report.rules == "vint" and report.count("annotated") == 2
    assert "[OptimumScore" not in new and "[ParContract" not in new
    blocks = [b for b in pbn_games(new) if "deal" in b.tags]
    for block in blocks:
        deal = Deal.from_pbn(block.tags["deal"][1])
        par = par_from_table(dd_table(deal), dealer="N", rules="vint", deal=deal)
        assert block.tags["vintrules"][1] == "vint"
        assert block.tags["vintpar"][1] == f"{par.declarer} {par.contract}"
        assert block.tags["vintparscore"][1] == f"NS {par.score:+d}"
    # Annotated, the file still says it is Vint, and nothing is left to do.
    again, report = annotate_text(new)
    assert again == new and report.count("skipped") == 2


def test_how_the_game_of_a_file_is_told():
    assert detect_rules(GAME.format(board=1, vul="None", deal=DEALS[0]))[0] == "bridge"
    plain = GAME.format(board=1, vul="None", deal=DEALS[0]).replace('[Scoring "IMP"]\n', "")
    assert detect_rules(plain) == ("bridge", "no auction tells the game: PBN's own, bridge "
                                             "(--rules vint for Vint par)")
    bridge_auction = plain + '\n[Auction "N"]\n1H Pass 2H Pass\n4H Pass Pass Pass\n'
    rules, reason = detect_rules(bridge_auction)
    assert rules == "bridge" and "ends as bridge's do" in reason
    tagged = plain + '\n[VintRules "skruuvi"]\n'
    assert detect_rules(tagged)[0] == "skruuvi"


def test_files_that_cannot_be_annotated_are_refused(tmp_path):
    lin = played_file("bridgebots__sample.lin")
    assert "not a PBN file" in annotate_file(lin, target=tmp_path / "x.lin").error
    with pytest.raises(AnnotateError, match="not a PBN file"):
        annotate_text("md|3SA,H2,D3,|", name="x.lin")
    other = tmp_path / "other.pbn"
    other.write_text(GAME.format(board=1, vul="None", deal=DEALS[1]) + "\n")
    source = tmp_path / "club.pbn"
    source.write_text(GAME.format(board=1, vul="None", deal=DEALS[0]) + "\n")
    with pytest.raises(AnnotateError, match="not an annotated copy"):
        annotate_file(source, target=other)


def test_the_command(tmp_path, capsys):
    source = tmp_path / "club.pbn"
    source.write_text(GAME.format(board=1, vul="None", deal=DEALS[0]) + "\n")
    assert main(["annotate", str(source)]) == 2
    assert "-o DIR" in capsys.readouterr().err
    assert main(["annotate", str(source), "-o", str(tmp_path)]) == 2
    assert "--in-place" in capsys.readouterr().err
    assert main(["annotate", str(source), "-o", str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out
    assert "club.pbn: bridge (a [Scoring] tag, line 6): 1 board, 1 annotated" in out
    assert "[DoubleDummyTricks" in (tmp_path / "out" / "club.pbn").read_text()
    assert "[DoubleDummyTricks" not in source.read_text()
    assert main(["annotate", str(source), "--in-place", "--rules", "vint"]) == 0
    assert "[VintPar " in source.read_text() and "[ParContract" not in source.read_text()
    broken = tmp_path / "broken.pbn"
    broken.write_text(GAME.format(board=1, vul="None", deal=DEALS[0].replace("AK32.", "AK3."))
                      + "\n")
    before = broken.read_bytes()
    assert main(["annotate", str(broken), "--in-place"]) == 2
    err = capsys.readouterr().err
    assert "broken.pbn, line 5: bad deal" in err and "left as it was" in err
    assert broken.read_bytes() == before
