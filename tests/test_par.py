"""Par without doubles (advisor/par.py), on hand-made DD tables.

Seed 000's worked example is the sacrifice test: NS 3H with four heart
honours and three aces (NS +1950) against EW's 4D sacrifice with four diamond
honours, down one (NS +1810). The backward induction is checked against a
brute force over every bid sequence on small contract sets.
"""

import random

import pytest

import advisor
from advisor import rules
from advisor.game import declarer_tricks
from advisor.game import playable_contracts as par_contracts
from advisor.par import ParError, par_from_table, side_outcome
from advisor.valuation import as_table, contract_outcomes
from advisor.rules.vint import Vint
from solver.cards import Deal

# NS: A K Q J of hearts and three aces; EW: A K Q J of diamonds (seed 000's story).
SEED_DEAL = Deal.from_pbn("N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765")


def table(ns: dict, ew: dict) -> dict:
    """A hand-made DD table where both players of a side take the same tricks."""
    return {"N": ns, "S": ns, "E": ew, "W": ew}


SEED_TABLE = table({"S": 7, "H": 9, "D": 4, "C": 7, "NT": 7},
                   {"S": 4, "H": 3, "D": 9, "C": 4, "NT": 4})


def test_the_seed_scores_that_make_the_example():
    outcomes = contract_outcomes(SEED_TABLE, "vint", SEED_DEAL)
    assert outcomes["3H"]["N"].score == 1950       # "NS made a net profit of 1950"
    assert outcomes["4D"]["E"].score == 1810       # "NS made a profit of only 1810"
    assert not outcomes["4D"]["E"].made


def test_a_sacrifice_that_pays_seed_000():
    p = par_from_table(SEED_TABLE, deal=SEED_DEAL)
    assert (p.contract, p.side, p.tricks, p.score) == ("4D", "EW", 9, 1810)
    assert p.bids == ("3H", "4D")
    assert p.line[0].side == "NS" and p.line[1].side == "EW"
    assert p.explanation == ("EW sacrifice in 4D: down one costs them less than NS's 3H "
                             "(NS +1810 instead of NS +1950)")


def test_a_sacrifice_that_does_not_pay():
    # EW take one trick fewer in diamonds: 4D down two costs 4000, so NS keep 3H.
    t = table({"S": 7, "H": 9, "D": 5, "C": 7, "NT": 7}, {"S": 4, "H": 3, "D": 8, "C": 4, "NT": 4})
    p = par_from_table(t, deal=SEED_DEAL)
    assert (p.contract, p.declarer, p.score) == ("3H", "N", 1950)
    assert p.explanation.startswith("NS make 3H by N (NS +1950); EW gain nothing by overcalling: their best try, ")


def test_a_plain_make_without_honours():
    # No deal: tricks, slams and undertricks only. 4H (trick value 40): 400 - 120.
    t = table({"S": 6, "H": 10, "D": 6, "C": 6, "NT": 7}, {"S": 3, "H": 3, "D": 3, "C": 3, "NT": 3})
    p = par_from_table(t)
    assert (p.contract, p.declarer, p.tricks, p.score) == ("4H", "N", 10, 280)
    assert p.bids == ("4H",)
    assert p.explanation.startswith("NS make 4H by N (NS +280)")


def test_nobody_gains_by_opening_the_deal_is_thrown_in():
    # Every declarer takes six tricks: every contract goes down, 500 a level.
    six = {"S": 6, "H": 6, "D": 6, "C": 6, "NT": 6}
    p = par_from_table(table(six, six))
    assert (p.contract, p.declarer, p.tricks, p.score, p.line) == (None, None, None, 0, ())
    assert p.explanation.startswith("thrown in")


def test_each_side_plays_from_its_better_seat():
    ns_north = {"S": 6, "H": 10, "D": 6, "C": 6, "NT": 7}
    ns_south = dict(ns_north, H=8)
    ew = {"S": 3, "H": 3, "D": 3, "C": 3, "NT": 3}
    p = par_from_table({"N": ns_north, "S": ns_south, "E": ew, "W": ew})
    assert (p.contract, p.declarer) == ("4H", "N")
    p = par_from_table({"N": ns_south, "S": ns_north, "E": ew, "W": ew})
    assert (p.contract, p.declarer) == ("4H", "S")


def _rotate(t: dict) -> dict:
    """The same table one seat round: North's tricks go to East, and so on."""
    return {"E": t["N"], "S": t["E"], "W": t["S"], "N": t["W"]}


@pytest.mark.parametrize("seed", range(6))
def test_swapping_the_sides_negates_par(seed):
    rng = random.Random(seed)
    t = {seat: {s: rng.randint(3, 11) for s in ("S", "H", "D", "C", "NT")} for seat in "NESW"}
    p = par_from_table(t, dealer="N")
    q = par_from_table(_rotate(t), dealer="E")
    assert q.score == -p.score
    assert q.bids == p.bids


def test_siberian_vint_counts_tricks_with_declarer_leading():
    # Siberian Vint: declarer leads, so North's tricks are 13 minus what West's
    # side takes when North leads (the table entry of West, whose LHO is North).
    t = {"N": {"S": 9, "H": 9, "D": 9, "C": 9, "NT": 9}, "E": {"S": 2, "H": 2, "D": 2, "C": 2, "NT": 2},
         "S": {"S": 8, "H": 8, "D": 8, "C": 8, "NT": 8}, "W": {"S": 5, "H": 5, "D": 5, "C": 5, "NT": 5}}
    dd = as_table(t)
    assert declarer_tricks(dd, rules.get("vint"), "N", "S") == 9
    assert declarer_tricks(dd, rules.get("vint-siberian"), "N", "S") == 13 - 5
    # Semi-contract: the player on declarer's right leads, as when South declares.
    assert declarer_tricks(dd, rules.get("semi-contract"), "N", "S") == 8


def test_the_contracts_each_game_offers_to_par():
    vint = par_contracts("vint")
    assert len(vint) == 35 and vint[:6] == ["1S", "1C", "1D", "1H", "1NT", "2S"]
    assert par_contracts("vint-siberian") == vint           # "PASS" left out
    assert par_contracts("vint-foster") == vint
    assert par_contracts("semi-contract") == vint           # Courts and misère left out
    assert par_contracts("skruuvi") == [f"{lv}{s}" for lv in (5, 6, 7)
                                        for s in ("S", "C", "D", "H", "G")]
    assert par_contracts("skruuvi-old") == par_contracts("skruuvi")


@pytest.mark.parametrize("game", rules.names())
def test_par_score_is_the_rule_sets_score_of_the_par_contract(game):
    p = par_from_table(SEED_TABLE, rules=game, deal=SEED_DEAL, dealer="W")
    if p.contract is None:
        assert p.score == 0
        return
    rs = rules.get(game)
    strain = "NT" if p.contract.endswith("G") else p.contract[1:]
    tricks = declarer_tricks(as_table(SEED_TABLE), rs, p.declarer, strain)
    assert p.tricks == tricks
    assert p.score == rs.score(SEED_DEAL, contract=p.contract, declarer=p.declarer,
                               tricks=tricks).net("NS")
    assert p.bids[-1] == p.contract


# --------------------------------------------------------------------------
# Brute force: every bid sequence, no memo, on small contract sets

class TinyVint(Vint):
    """Vint scoring with only a few contracts to bid."""

    def __init__(self, levels, strains):
        self.levels = tuple(levels)
        self.strain_order = tuple(strains)


def brute_force(rs, t, dealer_side):
    """Minimax over call sequences: sides call in turn, two passes in a row end it."""
    contracts = rs.contracts()
    rank = {c: rs.bid_rank(rs.contract(c)) for c in contracts}
    other = {"NS": "EW", "EW": "NS"}

    def side_score(contract, side):
        seats = "NS" if side == "NS" else "EW"
        strain = rs.contract(contract).strain
        scored = [(t[s][strain], rs.score(None, contract=contract, declarer=s,
                                          tricks=t[s][strain]).net("NS")) for s in seats]
        sign = 1 if side == "NS" else -1
        return max(scored, key=lambda ts: (ts[0], sign * ts[1]))[1]

    def value(calls, to_act):
        if len(calls) >= 2 and calls[-1] is None and calls[-2] is None:
            bids = [c for c in calls if c is not None]
            return side_score(*bids[-1]) if bids else 0
        bids = [c for c in calls if c is not None]
        results = [value(calls + [None], other[to_act])]
        for c in contracts:
            if not bids or rank[c] > rank[bids[-1][0]]:
                results.append(value(calls + [(c, to_act)], other[to_act]))
        return max(results) if to_act == "NS" else min(results)

    return value([], dealer_side)


@pytest.mark.parametrize("case", range(12))
def test_backward_induction_agrees_with_brute_force(case):
    rng = random.Random(1000 + case)
    shapes = [((1,), ("S", "C", "H")), ((1, 2), ("S", "H")), ((1,), ("S", "C", "D", "H", "NT")),
              ((3, 4, 6), ("D", "H")), ((6, 7), ("S", "C", "NT"))]
    levels, strains = shapes[case % len(shapes)]
    rs = TinyVint(levels, strains)
    t = {seat: {s: rng.randint(4, 13) for s in ("S", "H", "D", "C", "NT")} for seat in "NESW"}
    # The brute force reads the table directly: declarer's left-hand opponent leads in vint.
    for dealer in ("N", "E"):
        p = par_from_table(t, rules=rs, dealer=dealer)
        assert p.score == brute_force(rs, t, "NS" if dealer == "N" else "EW")
        # The line is a legal auction that ends in the par contract.
        ranks = [rs.bid_rank(rs.contract(c)) for c in p.bids]
        assert ranks == sorted(set(ranks))
        if p.contract is not None:
            assert p.bids[-1] == p.contract
            assert side_outcome(contract_outcomes(t, rs)[p.contract], p.side).score == p.score


def test_the_brute_force_sees_a_competitive_auction():
    # Guard against a brute force that agrees only on dull cases: at least one
    # of the tables above must end in a contract after both sides have bid.
    competitive = 0
    for case in range(12):
        rng = random.Random(1000 + case)
        rs = TinyVint((1, 2), ("S", "H"))
        t = {seat: {s: rng.randint(4, 13) for s in ("S", "H", "D", "C", "NT")} for seat in "NESW"}
        p = par_from_table(t, rules=rs)
        competitive += len({b.side for b in p.line}) == 2
    assert competitive > 0


# --------------------------------------------------------------------------
# Input

def test_bad_tables_and_deals_are_value_errors():
    with pytest.raises(ParError, match="N S must be 0..13"):
        par_from_table(table({"S": 14, "H": 9, "D": 4, "C": 7, "NT": 7}, SEED_TABLE["E"]))
    with pytest.raises(ParError, match="no row for E"):
        par_from_table({"N": SEED_TABLE["N"]})
    with pytest.raises(ParError, match="full deal"):
        advisor.find_par("N:AK... Q2... JT... 98...", table=SEED_TABLE)
    with pytest.raises(ValueError, match="unknown rule set"):
        par_from_table(SEED_TABLE, rules="bridge")
    with pytest.raises(ValueError, match="unknown seat"):
        par_from_table(SEED_TABLE, dealer="X")
