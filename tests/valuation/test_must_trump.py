"""Siberian Vint's must-trump play rule reaches the solver (issue 29): its tables,
analysis, par and review are those of its own game, every other game's unchanged."""

import pytest

import solver
from advisor import rules as game_rules
from advisor.analysis import analyse
from advisor.postmortem import review_play
from advisor.records.model import GameRecord
from advisor.valuation import Valuer
from solver import Deal, PlayError, Strain

#: A random deal whose heart row changes under must-trump (every declarer).
DEAL = Deal.from_pbn("N:AQ52.AK3.653.JT4 J93.Q742.94.9852 K864.95.AKJ87.Q7 T7.JT86.QT2.AK63")
FREE = solver.dd_table(DEAL)
MUST = solver.dd_table(DEAL, must_trump=True)


def test_only_siberian_vint_must_trump():
    assert MUST != FREE         # the deal tells the rules apart
    assert {name: game_rules.get(name).must_trump for name in game_rules.names()} == {
        name: name == "vint-siberian" for name in game_rules.names()}


@pytest.mark.parametrize("name", ["vint", "vint-siberian"])
def test_valuer_table_and_rows_follow_the_rule(name):
    want = MUST if name == "vint-siberian" else FREE
    assert Valuer(name, DEAL).table() == want
    rows = Valuer(name, DEAL, cache={})
    rows.solve([("4H", "N"), ("3H", "E")])
    assert rows.tricks("4H", "N") == want["N", "H"]
    assert rows.tricks("3H", "E") == want["E", "H"]


def test_a_shared_cache_keeps_the_rules_apart():
    cache = {}
    vint = Valuer("vint", DEAL, cache=cache)
    vint.solve([("4H", "N")])
    siberian = Valuer("vint-siberian", DEAL, cache=cache)
    siberian.solve([("4H", "N")])
    assert (vint.tricks("4H", "N"), siberian.tricks("4H", "N")) == (FREE["N", "H"],
                                                                  MUST["N", "H"])


def test_siberian_analysis_uses_the_must_trump_table():
    result = analyse(DEAL, rules="vint-siberian", misere=False)
    assert result.table == MUST
    assert analyse(DEAL, rules="vint", misere=False).table == FREE


def test_siberian_review_plays_by_the_rule():
    """The issue's example as a played deal: under must-trump North's spade lead
    costs a trick (West must ruff it), with free discards it costs nothing; a
    discard where a ruff is due is a play error in a Siberian record."""
    record = GameRecord(deal=Deal.from_pbn("N:Q.3.4. 4.85.. 7..5.9 .6.9.3"), contract="1H",
                        declarer="N", leader="N", play=["SQ", "S4", "S7", "H6"],
                        trump=Strain.H)
    first = {name: review_play(record, name)[0] for name in ("vint", "vint-siberian")}
    assert (first["vint"].before, first["vint"].after) == (0, 0)
    assert (first["vint-siberian"].before, first["vint-siberian"].after) == (1, 0)
    record.play[3] = "D9"
    assert review_play(record, "vint")[3].card == "D9"
    with pytest.raises(PlayError, match="must-trump"):
        review_play(record, "vint-siberian")
