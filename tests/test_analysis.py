"""advisor.analyse: one DD table per deal, every contract scored, the JSON layout."""

import json

import pytest

import advisor
from advisor.analysis import analyse_table
from advisor.cli import EXAMPLE_DEAL
from solver import dd_table
from solver.cards import Deal

SEED_DEAL = "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765"
NS = {"S": 7, "H": 9, "D": 4, "C": 7, "NT": 7}
EW = {"S": 4, "H": 3, "D": 9, "C": 4, "NT": 4}
SEED_TABLE = {"N": NS, "S": NS, "E": EW, "W": EW}

# The layout docs/analysis.md documents.
TOP_KEYS = {"deal", "rules", "dealer", "dd_table", "dd_table_leader", "contracts", "scores",
            "side_declarer", "honours", "aces", "best", "par", "all_pass", "notes"}
PAR_KEYS = {"contract", "declarer", "side", "tricks", "score", "line", "explanation"}


@pytest.fixture(scope="module")
def example():
    return advisor.analyse(EXAMPLE_DEAL)


def test_the_example_is_analysed_from_one_dd_table(example):
    assert example.table == dd_table(Deal.from_pbn(EXAMPLE_DEAL))
    assert len(example.contracts) == 35
    assert all(set(row) == {"N", "E", "S", "W"} for row in example.outcomes.values())
    # Vint: declarer's left-hand opponent leads, so tricks are the table's.
    assert example.outcomes["4H"]["S"].tricks == example.table["S", "H"]
    assert example.par.score == example.side_outcome(example.par.contract, example.par.side).score


def test_honours_and_aces_are_counted_by_side(example):
    assert example.honours == {"S": {"NS": 3, "EW": 2}, "H": {"NS": 4, "EW": 1},
                               "D": {"NS": 1, "EW": 4}, "C": {"NS": 4, "EW": 1}}
    assert example.aces == {"NS": 3, "EW": 1}


def test_each_sides_best_contract_if_the_other_never_bids():
    a = analyse_table(SEED_DEAL, SEED_TABLE)
    assert (a.best["NS"].contract, a.best["NS"].score) == ("3H", 1950)
    assert a.best["EW"].side == "EW"
    assert all(a.side_outcome(c, "EW").score >= a.best["EW"].score for c in a.contracts)
    assert a.score("3H", "N") == 1950


def test_the_json_layout(example):
    data = json.loads(json.dumps(example.to_dict()))
    assert set(data) == TOP_KEYS
    assert data["deal"] == Deal.from_pbn(EXAMPLE_DEAL).to_pbn()
    assert (data["rules"], data["dealer"]) == ("vint", "N")
    assert data["dd_table"] == example.table.to_dict()
    assert data["contracts"][:5] == ["1S", "1C", "1D", "1H", "1NT"]
    assert data["side_declarer"]["4H"] == {side: example.side_outcome("4H", side).declarer
                                           for side in ("NS", "EW")}
    assert data["scores"]["4H"]["N"] == {"tricks": example.table["N", "H"],
                                         "score": example.score("4H", "N"),
                                         "made": example.table["N", "H"] >= 10}
    assert set(data["honours"]) == {"S", "H", "D", "C"}
    assert set(data["best"]["NS"]) == {"contract", "declarer", "tricks", "score", "made"}
    assert set(data["par"]) == PAR_KEYS
    assert data["par"]["line"][-1] == {"side": data["par"]["side"],
                                       "contract": data["par"]["contract"],
                                       "declarer": data["par"]["declarer"]}


def test_skruuvi_offers_levels_five_to_seven_only():
    a = analyse_table(SEED_DEAL, SEED_TABLE, rules="skruuvi", dealer="E")
    assert a.contracts[0] == "5S" and a.contracts[-1] == "7G" and len(a.contracts) == 15
    assert a.outcomes["5G"]["N"].tricks == NS["NT"]
    assert a.to_dict()["dealer"] == "E"


def test_bad_input_is_a_value_error():
    with pytest.raises(ValueError, match="full deal"):
        advisor.analyse("N:AKQ... JT9... 876... 543...")
    with pytest.raises(ValueError, match="unknown rule set"):
        analyse_table(SEED_DEAL, SEED_TABLE, rules="whist")
