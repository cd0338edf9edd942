"""The Valuer (advisor.valuation): what any contract of any game is worth on a deal,
checked against the solver's own answers and the rule sets' scores."""

import pytest

import solver
from advisor import rules as game_rules
from advisor.game import declarer_tricks, misere_contracts, playable_contracts, strain_of
from advisor.valuation import ADVICE, Budgets, ParError, Valuer, trick_key
from advisor.valuation import valuer as valuer_module
from advisor.valuation.courts import fresh_tricks, strain_tricks
from advisor.valuation.exchange import play_deal
from advisor.valuation.misere import aces_mean
from solver import Bounds, Deal, Seat

#: The CLI's example deal: every misère search of it finishes in well under a second.
DEAL = Deal.from_pbn("N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765")
TABLE = solver.dd_table(DEAL)


@pytest.mark.parametrize("name", game_rules.names())
def test_double_dummy_contracts_are_the_tables_tricks_and_the_rules_score(name):
    rs = game_rules.get(name)
    contracts = playable_contracts(rs)
    solved = Valuer(rs, DEAL)                 # solves a strain at a time
    given = Valuer(rs, DEAL, table=TABLE)     # reads the table
    for contract in contracts:
        for seat in Seat:
            tricks = declarer_tricks(TABLE, rs, seat, strain_of(rs, contract))
            score = rs.score(DEAL, contract, seat.name, tricks).net("NS")
            for v in (solved, given):
                assert v.tricks(contract, seat) == v.found(contract, seat) == tricks
                assert v.score(contract, seat) == score
                o = v.outcome(contract, seat)
                assert (o.tricks, o.score, o.misere) == (tricks, score, False)
                assert o.made == (tricks >= rs.contract(contract).tricks_needed)
    assert solved.outcomes(contracts) == given.outcomes(contracts)
    # the tricks are kept by trick_key, as the advisor records them
    assert solved.solved[trick_key(rs, contracts[0], "N")] == solved.tricks(contracts[0], "N")


def test_one_solve_a_strain_and_a_shared_cache_solves_nothing_twice(monkeypatch):
    cache = {}
    pairs = [("4H", "N"), ("4H", "S"), ("3NT", "E")]
    first = Valuer("vint", DEAL, cache=cache)
    first.solve(pairs)
    assert {k[0] for k in cache} == {DEAL.masks} and len(cache) == 3

    def no_search(*args, **kwargs):
        raise AssertionError("solved again")
    monkeypatch.setattr(valuer_module, "dd_table", no_search)
    again = Valuer("vint", DEAL, cache=cache)
    again.solve(pairs)
    assert [again.tricks(*p) for p in pairs] == [first.tricks(*p) for p in pairs]


def test_a_bid_misere_is_the_misere_searchs_tricks_from_the_games_leader():
    rs = game_rules.get("skruuvi")
    v = Valuer(rs, DEAL)
    for contract in misere_contracts(rs):
        for seat in Seat:
            leader = rs.opening_leader(seat)
            on_lead = solver.solve(DEAL, "NT", leader, misere=True)
            tricks = on_lead if leader.side == seat.side else 13 - on_lead
            assert v.tricks(contract, seat) == tricks
            assert v.score(contract, seat) == rs.score(DEAL, contract, seat.name,
                                                       tricks).net("NS")
            o = v.outcome(contract, seat)
            assert o.misere and o.made == (tricks <= 7 - rs.contract(contract).level)
    assert v.how_played("6M", "N") == (("NT", Seat.E, True, "NS"))


@pytest.mark.parametrize("name,dealer", [("skruuvi", "N"), ("vint-siberian", "W")])
def test_the_all_pass_deal_is_played_from_the_dealers_left(name, dealer):
    rs = game_rules.get(name)
    v = Valuer(rs, DEAL, dealer=dealer)
    leader = Seat.parse(dealer).lho
    on_lead = solver.solve(DEAL, "NT", leader, misere=True)
    ns = on_lead if leader.side == "NS" else 13 - on_lead
    o = v.all_pass()
    assert (o.contract, o.declarer, o.tricks) == (rs.all_pass_contract, "N", ns)
    assert o.score == rs.score(DEAL, rs.all_pass_contract, "N", ns).net("NS")
    # the side named counts its own tricks (practice names the leader)
    assert v.tricks(rs.all_pass_contract, leader) == on_lead
    assert v.how_played(rs.all_pass_contract, None).leader == leader
    assert Valuer("vint", DEAL).all_pass() is None


def test_the_advisors_budgets_add_the_aces_mean_and_say_when_they_estimate():
    rs = game_rules.get("skruuvi")
    exact = Valuer(rs, DEAL)
    mean = Valuer(rs, DEAL, budgets=Budgets(aces="mean"))
    for contract, seat in (("5M", "N"), ("7M", "W"), ("AP", None)):
        leader = mean.how_played(contract, seat).leader
        assert mean.score(contract, seat) == exact.score(contract, seat) + aces_mean(
            rs, contract, leader)
    assert mean.aces_by_mean and not exact.aces_by_mean
    # a budget too small to finish: bounds proved, an estimate within them scored
    tiny = Valuer(rs, DEAL, budgets=Budgets(misere_nodes=50, aces="mean"))
    found = tiny.found("6M", "N")
    assert isinstance(found, Bounds) and found.lower <= tiny.tricks("6M", "N") <= found.upper
    tiny.score("6M", "N")
    assert tiny.misere_bounds == [found]


def test_courts_bids_are_the_general_solvers_tricks():
    rs = game_rules.get("semi-contract")
    exact = Valuer(rs, DEAL, budgets=Budgets(courts_nodes=None))
    assert exact.found("2CT", "N") == strain_tricks(DEAL, "CT", "N", max_nodes=None)
    assert exact.tricks("3MH", "E") == strain_tricks(DEAL, "MH", "E", max_nodes=None)
    o = exact.outcome("3MH", "E")
    assert o.misere and o.made == (13 - o.tricks >= 9)
    assert exact.how_played("3MH", "E") == ("MH", Seat.N, True, "EW")
    # the advisor's: each solve on its own small table and budget, estimates noted
    advice = Valuer(rs, DEAL, budgets=ADVICE)
    found = fresh_tricks(DEAL, "CT", "N", ADVICE.courts_nodes)
    assert advice.found("2CT", "N") == found
    assert bool(advice.rough) == (not isinstance(found, int))


def test_a_deal_before_the_exchange_plays_each_contract_after_its_own():
    kotka = game_rules.get("skruuvi").with_exchange("kotka")
    v = Valuer(kotka, DEAL, exchange="kotka")
    for contract, seat in (("6S", "N"), ("7G", "E")):
        played = play_deal(kotka, DEAL, contract, seat)
        strain = strain_of(kotka, contract)
        assert v.played_deal(contract, seat) == played
        assert v.tricks(contract, seat) == solver.dd_table(
            played, strains=[strain], declarers=[seat])[seat, strain]
    assert trick_key(kotka, "6S", "N", "kotka") == ("N", "S", 7)
    with pytest.raises(ParError, match="no single DD table"):
        v.table()


def test_bad_questions_are_refused():
    with pytest.raises(ParError, match="needs the deal or its DD table"):
        Valuer("vint")
    with pytest.raises(ParError, match="plays no contract '5M'"):
        Valuer("vint", DEAL).tricks("5M", "N")
    with pytest.raises(ParError, match="plays no contract None"):
        Valuer("vint", DEAL).tricks(None, "N")
    assert Valuer("vint", DEAL).score(None, None) == 0         # thrown in
    with pytest.raises(ParError, match="aces"):
        Budgets(aces="exact")
