"""Skruuvi practice (issue 31 item 4): the player makes his own extended bids and
doubling-round calls, G and M are explained, a bid misère and a doubled
contract are scored, and four passes are the all-pass misère, never a throw-in."""

import subprocess
import sys

import pytest

from advisor.game import rule_set
from advisor.practice import Practice, PracticeError

from helpers import child_env

SKRUUVI = rule_set("skruuvi")


def _practice(tmp_path, seed, script):
    proc = subprocess.run(
        [sys.executable, "-m", "advisor.cli", "practice", "--rules", "skruuvi", "--seed",
         str(seed), "--boards", "1", "--no-play", "--quick-hints", "--letters",
         "--save", str(tmp_path / "s.pbn")],
        input=script, capture_output=True, text=True, timeout=600, cwd=tmp_path,
        env=child_env())
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_the_player_makes_his_own_extended_bid_from_a_pipe(tmp_path):
    # Seed 2: North's kitty bid 3H; North (the computer) raises to 5H, then South,
    # his partner, bids 6M himself: a bid misère, scored.
    out = _practice(tmp_path, 2, "P\nP\nhint\n5S\n6M\nP\nP\nquit\n")
    assert "G (grand: no trumps)" in out and "M (misère" in out   # explained at the start
    assert "Extended bids: the two main players" in out
    assert "1 S extended> " in out
    assert "N (extended): 5H" in out and "S (you, extended): 6M" in out
    assert "the computer would call Pass: the computer's own rule" in out
    assert "5S is not allowed here: an extended bid must be higher than the last" in out
    assert "Contract 6M by S: 7 tricks double-dummy" in out
    assert "Score: NS +0, EW +40" in out and "6M down 6" in out
    assert "thrown in" not in out.lower()
    note = (tmp_path / "s.pbn").read_text()
    assert "extended bids 5H 6M P P P P; final contract 6M by S" in note


def test_the_player_doubles_from_a_pipe(tmp_path):
    # Seed 1: East plays 5H after the extended bids; South, on declarer's left,
    # is the first defender to call in the doubling round.
    out = _practice(tmp_path, 1, "P\nP\nXX\nX\nquit\n")
    assert "Doubling round: a defender may double (X)" in out and "1 S doubling> " in out
    assert "XX is not allowed here" in out                     # nothing to redouble yet
    assert "S (you, doubling): X" in out
    assert "Contract 5H by E: " in out and "doubled" in out


def _to_stage(seed, stage):
    p = Practice("skruuvi", "S", seed=seed, play=False, advice="policy")
    while p.stage != stage:
        p.call(p.hint().call)
    return p


def test_a_double_scores_the_same_tricks_doubled_and_can_be_taken_back():
    p = _to_stage(1, "doubling")
    assert p.to_call.name == "S" and p.legal_calls() == ["P", "X"]
    p.call("X")
    b = p.board
    assert b.finished and b.doubled == 1 and b.doubling == ["X", "P", "P"]
    plain = SKRUUVI.score(b.deal, contract="5H", declarer="E", tricks=b.result.tricks)
    doubled = SKRUUVI.score(b.deal, contract="5H", declarer="E", tricks=b.result.tricks,
                            doubled=1)
    assert b.result.score.net("NS") == doubled.net("NS") != plain.net("NS")
    assert p.state()["auction"][-1]["stage"] == "doubling"
    p.undo()
    assert p.stage == "doubling" and p.board.doubled == 0 and p.board.result is None
    p.call("P")
    assert p.board.result.score.net("NS") == plain.net("NS")


def test_the_extended_bids_may_not_stop_below_level_five():
    p = Practice("skruuvi", "S", seed=2, play=False, advice="policy")
    while p.stage == "auction":
        p.call("P")
    assert p.board.extended == ["5H"]          # North, the kitty bidder, raised his 3H
    assert "P" in p.legal_calls() and "5H" not in p.legal_calls()
    with pytest.raises(PracticeError, match="higher than the last"):
        p.call("5C")
    with pytest.raises(PracticeError, match="first auction"):
        p.recommendation()                    # the advisor does not advise extended bids


def test_four_passes_are_the_all_pass_misere_in_practice_and_par():
    p = Practice("skruuvi", "S", seed=3, play=False, advice="policy")
    while p.stage == "auction":
        p.call("P")
    assert p.stage == "doubling" and p.board.auction == ["P"] * 4
    p.call("P")
    r = p.board.result
    assert r.contract == "AP" and "all-pass misère" in r.note
    assert r.par.contract == "AP" and "thrown in" not in str(r.par).lower()
    assert p.state()["stage"] is None


def test_a_saved_doubled_board_is_reviewed_doubled():
    """The doubling round's double is in the saved board's contract (5HX), so
    the review scores what practice scored; the file was once read undoubled."""
    from advisor.postmortem import review
    from advisor.records import read_games, write_json

    p = _to_stage(1, "doubling")
    p.call("X")
    b = p.board
    text = p.pbn()
    assert '[Contract "5HX"]' in text
    games = read_games(text, rules="skruuvi")
    assert len(games) == 1 and games[0].doubled == 1 and games[0].contract == "5H"
    assert not any("no doubles" in w for w in games[0].warnings)
    rv = review(games, rules="skruuvi", auction_review=False)[0]
    assert rv.to_dict()["score_ns"] == b.result.score.net("NS")
    again = read_games(write_json(games), rules="skruuvi", format="json")
    assert again[0].doubled == 1
