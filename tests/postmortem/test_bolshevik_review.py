"""Skruuvi's Bolshevik (one against three) read from a PBN file and reviewed
end to end: the seed's scoring examples from played deals, a Dictator played
alone, the tags' errors (issue 14, "Review")."""

from __future__ import annotations

import json

import pytest

import solver
from advisor import rules as game_rules
from advisor.cli import main
from advisor.postmortem import review
from advisor.records import FormatError, read_games, write_json, write_pbn
from advisor.render import review_text
from solver import Card, Deal, Hand

SKRUUVI = game_rules.get("skruuvi")


def _spades(ranks):
    return [f"S{r}" for r in ranks]


# The seed's second Bolshevik example (seed 002): "player A plays 7 misère and
# wins one trick while the opponents take Aces on the 2nd, 5th, 9th and 10th
# tricks, players C and D doubled but B did not ... B will score -11 ... C and
# D will each score +4 ... A will score +3". A is North; B, C, D East, South,
# West. The cards are played trick by trick from West, the stalker.
SECOND = {
    "W": _spades("AKQJT9876543") + ["H2"],
    "N": ["HK"] + [f"H{r}" for r in "QJT9876543"] + ["D3", "D2"],
    "E": ["S2", "HA"] + [f"D{r}" for r in "KQJT987654"] + ["C2"],
    "S": ["DA", "CA"] + [f"C{r}" for r in "KQJT9876543"],
}
SECOND_PLAY = """SK D2 S2 C3
SA H3 C2 C4
SQ D3 D4 C5
SJ H4 D5 C6
ST H5 HA C7
S9 H6 D6 C8
S8 H7 D7 C9
S7 H8 D8 CT
S6 H9 D9 DA
S5 HT DT CA
S4 HJ DJ CJ
S3 HQ DQ CQ
H2 HK DK CK"""


def _deal(hands: dict) -> Deal:
    return Deal([Hand([Card.parse(c) for c in hands[s]]) for s in "NESW"])


def _pbn(hands, contract="7M", declarer="N", play=SECOND_PLAY, leader="W", extra=""):
    return (f'[Event "Bolshevik"]\n[Deal "{_deal(hands).to_pbn()}"]\n[Bolshevik "Yes"]\n'
            f'[Declarer "{declarer}"]\n[Contract "{contract}"]\n{extra}'
            f'[Play "{leader}"]\n{play}\n')


def _review(text):
    reviews = review(text, rules="skruuvi")
    assert not reviews.errors
    return reviews[0]


def test_the_seeds_doubled_bolshevik_scored_from_the_file():
    rv = _review(_pbn(SECOND, contract="7MX", extra='[Doubled "S W"]\n'))
    r = rv.record
    assert (r.bolshevik, r.declarer, r.leader, r.doubled_by) == (True, "N", "W", ("S", "W"))
    assert rv.tricks_taken == 1
    assert rv.bolshevik_score.players == {"N": 3, "E": -11, "S": 4, "W": 4}
    assert rv.score_ns(1) is None and rv.par is None and rv.dd_table is None
    assert not rv.calls.available
    assert len(rv.cards) == 52
    data = rv.to_dict()
    assert data["bolshevik"] is True and data["bolshevik_score"]["E"] == -11
    assert "Bolshevik: N alone against three; doubled by S W; points: N +3, E -11, S +4, " \
           "W +4." in review_text(rv)


def test_undoubled_the_same_play_scores_as_the_bidders_objective():
    rv = _review(_pbn(SECOND))
    # The bidder's own score without doubles, as test_misere checks it: 33.
    assert rv.bolshevik_score.players["N"] == 33
    assert sum(rv.bolshevik_score.players.values()) == 0


def test_the_review_is_the_lone_misere_search_card_by_card():
    rv = _review(_pbn(SECOND))
    deal = _deal(SECOND)
    # Before the lead: North alone, taking as few tricks as he can (the
    # search gives the tricks of West's side, the three).
    assert rv.dd_start == 13 - solver.solve(deal, "NT", "W", misere=True, lone="N")
    # Every mistake's cost is in the bidder's points, never negative.
    assert all(c.tricks_lost >= 0 and c.points_lost >= 0 for c in rv.cards)
    assert any(c.mistake for c in rv.cards)


DICTATOR = {
    "N": _spades("AKQJT98765") + ["HA", "DA", "CA"],
    "E": _spades("432") + [f"H{r}" for r in "KQJT9876"] + ["D2", "C2"],
    "S": [f"D{r}" for r in "KQJT9876543"] + ["H5", "H4"],
    "W": [f"C{r}" for r in "KQJT9876543"] + ["H3", "H2"],
}


def _cashing_play(hands, leader="W"):
    """The play from the stalker's lead, each player's lowest legal card, North
    drawing trumps first (as text rows by trick, from the leader)."""
    deal = _deal(hands)
    play = solver.Play(deal, "S", leader)
    while len(play.tricks) < 13 or not play.tricks[-1].complete:
        legal = play.legal_cards()
        if play.on_move.name == "N":
            card = max(legal, key=lambda c: (c.suit == solver.Strain.S, c.rank))
        else:
            card = min(legal, key=lambda c: c.rank)
        play.play(card)
    order = ["W", "N", "E", "S"]
    return "\n".join(" ".join(str(dict((s.name, c) for s, c in t.cards)[x]) for x in order)
                     for t in play.tricks)


def test_a_dictator_alone_is_reviewed_with_the_lone_search():
    rv = _review(_pbn(DICTATOR, contract="7S", play=_cashing_play(DICTATOR)))
    assert rv.record.trump == solver.Strain.S and rv.record.leader == "W"
    deal = _deal(DICTATOR)
    # The bidder's tricks alone; the stalker (West) on lead: solve gives West's side.
    alone = 13 - solver.solve(deal, "S", "W", lone="N")
    assert rv.dd_start == alone == 13
    assert rv.tricks_taken == 13
    assert rv.bolshevik_score.players == {"N": 150, "E": -50, "S": -50, "W": -50}
    assert not any(c.mistake for c in rv.cards)


def test_a_dictator_with_a_lost_trick_costs_the_bidders_points():
    hands = {**DICTATOR,
             "N": _spades("AKQJT98765") + ["H2", "DA", "CA"],
             "W": [f"C{r}" for r in "KQJT9876543"] + ["H3", "HA"]}
    rv = _review(_pbn(hands, contract="7S", play=_cashing_play(hands)))
    assert rv.dd_start == 12 == rv.tricks_taken
    # One down: each opponent scores 15, so the bidder -45.
    assert rv.bolshevik_score.players["N"] == -45


def test_bolshevik_tags_survive_writing_the_record_again():
    text = _pbn(SECOND, contract="7MXX", extra='[Doubled "S"]\n')
    games = read_games(text, rules="skruuvi")
    record = games[0]
    assert record.redoubled and record.doubled_by == ("S",)
    for again in (write_pbn(games), write_json(games)):
        back = read_games(again, rules="skruuvi")[0]
        assert (back.bolshevik, back.doubled_by, back.redoubled, back.contract) == \
            (True, ("S",), True, "7M")


def test_cli_review_of_a_bolshevik_file(tmp_path, capsys):
    path = tmp_path / "bolshevik.pbn"
    path.write_text(_pbn(SECOND, contract="7MX", extra='[Doubled "S W"]\n'))
    assert main(["review", "--rules", "skruuvi", str(path)]) == 0
    assert "Bolshevik: N alone against three" in capsys.readouterr().out
    assert main(["review", "--rules", "skruuvi", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    reviews = data["reviews"] if isinstance(data, dict) else data
    assert reviews[0]["bolshevik_score"] == {"N": 3, "E": -11, "S": 4, "W": 4}


@pytest.mark.parametrize("rules,contract,extra,leader,problem", [
    ("vint", "7M", "", "W", "a Bolshevik is a Skruuvi game"),
    ("skruuvi", "6M", "", "W", "7 misère or a Dictator"),
    ("skruuvi", "7MX", "", "W", "name who doubled"),
    ("skruuvi", "7M", '[Doubled "N"]\n', "W", "cannot double himself"),
    ("skruuvi", "7M", '[Doubled "Q"]\n', "W", "list the seats that doubled"),
    ("skruuvi", "7MXX", "", "W", "cannot redouble"),
    ("skruuvi", "7M", "", "E", "the stalker, W, leads"),
    ("skruuvi", "7M", '[Redoubled "maybe"]\n', "W", "Redoubled tag"),
    # These three were read without a word: 7MXXX as redoubled, 7MXX against a
    # Redoubled "No" as redoubled, a seat doubling twice as two doubles.
    ("skruuvi", "7MXXX", '[Doubled "S W"]\n', "W", "at most XX"),
    ("skruuvi", "7MXX", '[Doubled "S W"]\n[Redoubled "No"]\n', "W", "Redoubled tag says"),
    ("skruuvi", "7M", '[Doubled "S S W"]\n', "W", "names a seat twice"),
])
def test_bad_bolshevik_files_are_refused_clearly(rules, contract, extra, leader, problem):
    games = read_games(_pbn(SECOND, contract=contract, extra=extra, leader=leader,
                            play=""), rules=rules)
    assert not games and len(games.errors) == 1
    err = games.errors[0]
    assert isinstance(err, FormatError) and isinstance(err, ValueError)
    assert problem in str(err)


def test_a_bad_bolshevik_tag_value_is_refused():
    text = _pbn(SECOND).replace('[Bolshevik "Yes"]', '[Bolshevik "perhaps"]')
    games = read_games(text, rules="skruuvi")
    assert "the Bolshevik tag" in str(games.errors[0])
