"""Semi-contract's Courts and misère Courts bids in the advisor (issue 15, item 2).

The Courts contracts are solved by the general solver on a node budget per
sample (``advisor.valuation.courts.fresh_tricks``); these tests check that they are
candidates, that their scores are the rules' scores of the tricks recorded,
that a continuation ending in one is scored, and that the answers do not
depend on the number of workers or on a cache.
"""

import pytest

from advisor import rules as _rules
from advisor.bidding import AdviceCache
from advisor.bidding.advise import AdviseError, continue_auction, recommend
from advisor.bidding.policy import Policy
from advisor.rules.semi_contract import COURTS_STRAINS, MISERE_COURTS
from advisor.game import extra_strain
from advisor.valuation.courts import Rough, estimate, fresh_tricks
from solver import Bounds
from solver.cards import Seat

SEMI = _rules.get("semi-contract")
COURT_CARDS = "QJ.KQJ.KQJ.T9832"      # ten of the twelve court cards: Courts is trumps
PLAIN = "AKQ87.KJ4.A2.T93"            # the bench hand: a spade opening


@pytest.fixture(scope="module")
def courts():
    return recommend(COURT_CARDS, seat="S", dealer="E", rules="semi-contract", samples=32,
                     seed=1, workers=1)


def test_a_hand_of_court_cards_is_advised_to_bid_courts(courts):
    assert extra_strain(SEMI, courts.call) in COURTS_STRAINS
    assert courts.call not in MISERE_COURTS and "M" not in courts.call
    best = courts.candidates[0]
    assert best.mean > courts.candidate("P").mean
    # every Courts strain the hand suggests is a candidate, at every level
    calls = {c.call for c in courts.candidates}
    assert {"1CT", "7CT", "1CTNT", "1MCT", "1MCTNT", "1CTC"} <= calls
    assert "1CTH" not in calls            # two heart pips (A..10) only
    assert "rough estimate" in courts.warning and "20,000 nodes" in courts.warning


def test_courts_scores_are_the_rules_scores_of_the_recorded_tricks(courts):
    one = courts.candidate("1CT")
    assert one.samples == len(one.stands) > 0 and sum(one.tricks) == one.samples
    for deal, tricks, stand in zip(courts.deals, courts.tricks, one.stands):
        taken = tricks["S", "CT"]
        assert stand == SEMI.score(deal, "1CT", "S", taken).net("NS")
        # the tricks are the solver's (or its estimate within the bounds it proved)
        found = fresh_tricks(deal, "CT", "S", 20_000)
        assert taken == estimate(found)
        if isinstance(found, Rough):
            assert found.lower <= taken <= found.upper
    assert one.p_make == sum(n >= 7 for t in courts.tricks[:one.samples]
                             for n in [t["S", "CT"]]) / one.samples


def test_a_misere_courts_candidate_makes_when_its_side_loses_tricks(courts):
    m = courts.candidate("1MCTNT")
    taken = [t["S", "MCTNT"] for t in courts.tricks[:m.samples]]
    assert m.p_make == sum(13 - n >= 7 for n in taken) / len(taken)


def test_passing_partners_courts_bid_is_scored_not_unplayable():
    # North opened 2 Courts; South's pass lets it stand (declarer North).
    rec = recommend(PLAIN, seat="S", dealer="W", auction="2CT P", rules="semi-contract",
                    samples=16, seed=2, workers=1, early_stop=False,
                    constraints={"N": "jacks + queens + kings >= 7"})
    p = rec.candidate("P")
    assert (p.contract, p.declarer) == ("2CT", "N")
    assert p.p_make is not None and sum(p.tricks) == p.samples
    assert any(s != 0 for s in p.stands)
    assert "cannot play" not in (rec.warning or "")


def test_a_continuation_ending_in_courts_is_scored():
    # A weak South passes; North, full of court cards, bids Courts by the policy.
    rec = recommend("8642.9753.A64.32", seat="S", dealer="E", rules="semi-contract",
                    samples=16, seed=4, workers=1, early_stop=False, prune=False,
                    constraints={"N": "jacks + queens + kings >= 9"})
    assert "cannot play" not in (rec.warning or "")
    p = rec.candidate("P")
    policy = Policy(SEMI)
    ended = 0
    for deal, tricks, score in zip(rec.deals, rec.tricks, p.scores):
        contract, declarer = continue_auction(SEMI, policy, deal, Seat.E, ["P"])
        strain = extra_strain(SEMI, contract)
        if strain is None:
            continue
        ended += 1
        ns = SEMI.score(deal, contract, declarer.name, tricks[declarer.name, strain]).net("NS")
        assert score == ns and score != 0
    assert ended >= 8


@pytest.mark.slow
def test_courts_advice_is_the_same_whatever_the_workers_and_the_cache():
    kw = dict(seat="S", dealer="E", rules="semi-contract", samples=32, seed=7)
    answers = []
    for workers, cache in ((1, None), (2, None), (2, AdviceCache())):
        rec = recommend("KJ5.KQJ.Q72.KJT9", workers=workers, cache=cache, **kw)
        answers.append((rec.call, rec.samples, rec.warning,
                        [(c.call, c.scores) for c in rec.candidates]))
    assert answers[0] == answers[1] == answers[2]
    assert any(extra_strain(SEMI, call) for call, _ in answers[0][3])


def test_strains_may_name_courts_strains_and_the_budget_is_checked():
    rec = recommend(COURT_CARDS, seat="S", dealer="E", rules="semi-contract", samples=8,
                    seed=1, workers=1, strains=["CT"], courts_nodes=5_000)
    assert {c.call for c in rec.candidates} == {"P"} | {f"{n}CT" for n in range(1, 8)}
    assert "5,000 nodes" in (rec.warning or "5,000 nodes")
    for bad in (0, -5, 1.5, True):
        with pytest.raises(AdviseError, match="courts_nodes"):
            recommend(COURT_CARDS, seat="S", dealer="E", rules="semi-contract", samples=4,
                      courts_nodes=bad)


def test_other_games_have_no_courts_candidates():
    rec = recommend(COURT_CARDS, seat="S", dealer="S", samples=4, seed=1, workers=1)
    assert not any("CT" in c.call for c in rec.candidates)


def test_a_small_budget_is_honoured_and_gives_bounds():
    from advisor.bidding.sampling import sample_deals
    import numpy as np
    from solver.cards import Hand
    deal = sample_deals(Hand.from_pbn(PLAIN), Seat.S, 1, np.random.default_rng(1), {}).deals[0]
    from solver.general import COURTS, GeneralSolver
    g = GeneralSolver(COURTS, table_bits=12)
    t = g.solve([deal[s] for s in Seat], None, 3, side={0, 2}, max_nodes=1_000)
    assert isinstance(t, Bounds) and g.nodes <= 1_001


@pytest.mark.parametrize("reply", ["par", "none"])
def test_the_other_reply_models_score_courts_calls_with_their_declarer(reply):
    # North (Seat 0: a falsy seat once mistaken for "no declarer") bid 2CT
    # first, so North declares every later Courts contract of the side.
    rec = recommend("KJ5.KQJ.Q72.KJT9", seat="S", dealer="W", auction="2CT P",
                    rules="semi-contract", samples=8, seed=1, workers=1, reply=reply)
    three = rec.candidate("3CTNT")
    assert three.declarer == "N" and three.p_make is not None
    for deal, tricks, stand in zip(rec.deals, rec.tricks, three.stands):
        assert stand == SEMI.score(deal, "3CTNT", "N", tricks["N", "CTNT"]).net("NS")
    assert rec.candidate("P").contract == "2CT"


def test_a_courts_bid_is_read_as_six_court_cards():
    from advisor.bidding.system import read_auction
    found = read_auction(["2CT", "P"], "W", SEMI)
    assert [(i.seat, i.call, i.text) for i in found] == \
        [("N", "2CT", "jacks + queens + kings >= 6")]
    # a hand the reading rules out of partner: the sampler relaxes it at once
    rec = recommend("KJ5.KQJ.Q72.KJT9", seat="S", dealer="W", auction="2CT P",
                    rules="semi-contract", samples=4, seed=1, workers=1)
    assert "N's 2CT (jacks + queens + kings >= 6)" in rec.warning
