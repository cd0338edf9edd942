"""Vint 1886 (seed 000): the rule book's worked examples and properties."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor import rules
from advisor.rules import RulesError
from solver.cards import Deal

VINT = rules.get("vint")

# NS hold A K Q J of hearts and three aces (S, H, D); EW hold K Q J 10 of
# diamonds, the 10 of hearts and the ace of clubs: the seed's sacrifice deal.
SACRIFICE_DEAL = Deal.from_pbn(
    "N:A432.AKQJ32.A.32 KQJ.T.KQJT.AKQJT T98765.987654.9. ..8765432.987654")

random_deals = st.permutations(range(52)).map(
    lambda p: Deal.from_masks([sum(1 << (16 * (c // 13) + c % 13) for c in p[i * 13:(i + 1) * 13]
                                   ) for i in range(4)]))
contracts = st.sampled_from(VINT.contracts())
seats = st.sampled_from("NESW")
trick_counts = st.integers(0, 13)


# -- trick values and the four diamond examples --------------------------------

@pytest.mark.parametrize("contract, value", [
    ("1S", 4), ("1C", 6), ("1D", 8), ("1H", 10), ("1NT", 12),
    ("2S", 14), ("3S", 24), ("4D", 38), ("3D", 28), ("3H", 30), ("7NT", 72)])
def test_trick_values_from_the_text(contract, value):
    assert VINT.trick_value(contract) == value


def test_4d_made_with_ten_tricks():
    s = VINT.score(None, contract="4D", declarer="N", tricks=10)
    assert s.below == {"NS": 380, "EW": 114}
    assert s.above == {"NS": 0, "EW": 0}


def test_4d_one_down():
    s = VINT.score(None, contract="4D", declarer="N", tricks=9)
    assert s.below == {"NS": 342, "EW": 152}
    assert s.above["EW"] == 4 * 1 * 500  # the undertrick, scored by the opponents
    assert s.above["NS"] == 0


def test_3d_with_ten_tricks():
    s = VINT.score(None, contract="3D", declarer="E", tricks=10)
    assert s.below == {"EW": 280, "NS": 84}


def test_4s_three_down_costs_6000():
    s = VINT.score(None, contract="4S", declarer="W", tricks=7)
    assert s.above == {"NS": 6000, "EW": 0}


# -- the sacrifice example: NS +1950, then +1810 -----------------------------

def test_sacrifice_deal_holds_what_the_text_says():
    from advisor.rules.base import aces, trump_honours
    assert aces(SACRIFICE_DEAL) == {"NS": 3, "EW": 1}
    assert trump_honours(SACRIFICE_DEAL, rules.Contract(3, "H").trumps)["NS"] == 4
    assert trump_honours(SACRIFICE_DEAL, rules.Contract(4, "D").trumps)["EW"] == 4


def test_ns_three_hearts_nets_1950():
    s = VINT.score(SACRIFICE_DEAL, contract="3H", declarer="N", tricks=9)
    assert s.below == {"NS": 270, "EW": 120}
    assert s.above == {"NS": 900 + 900, "EW": 0}
    assert s.net("NS") == 1950
    assert s.net("EW") == -1950


def test_ew_sacrifice_in_four_diamonds_nets_ns_1810():
    s = VINT.score(SACRIFICE_DEAL, contract="4D", declarer="E", tricks=9)
    assert s.below == {"NS": 152, "EW": 342}
    assert s.above == {"NS": 1140 + 2000, "EW": 1140}
    assert s.net("NS") == 1810
    assert s.below["EW"] > s.below["NS"]  # "EW have more points towards game"


def test_no_trump_scores_aces_but_no_honours():
    s = VINT.score(SACRIFICE_DEAL, contract="1NT", declarer="N", tricks=7)
    assert s.above == {"NS": 3 * 10 * 12, "EW": 0}


def test_two_aces_each_go_to_the_side_with_more_tricks():
    deal = Deal.from_pbn(
        "N:A432.AKQJ32.2.32 KQJ.T.AKQJT.KQJT T98765.987654.9. ..876543.A987654")
    from advisor.rules.base import aces
    assert aces(deal) == {"NS": 2, "EW": 2}
    s = VINT.score(deal, contract="1NT", declarer="N", tricks=6)   # EW win 7 tricks
    assert s.above["EW"] == 2 * 10 * 12 + 500 and s.above["NS"] == 0  # aces + undertrick
    s = VINT.score(deal, contract="1NT", declarer="N", tricks=7)
    assert s.above["NS"] == 2 * 10 * 12 and s.above["EW"] == 0


def test_five_trump_honours_score_40_times():
    deal = Deal.from_pbn(
        "N:AKQJT.5432.432.2 9876.AKQ.AKQ.AKQ 5432.JT9.JT9.JT9 .876.8765.876543")
    s = VINT.score(deal, contract="2S", declarer="S", tricks=8)
    honours = [i for i in s.items if i[3] == "5 trump honours"]
    assert honours == [("NS", "above", 40 * 14, "5 trump honours")]


# -- slams ------------------------------------------------------------------

def test_small_slam_bid_and_made_exactly_3500():
    s = VINT.score(None, contract="6H", declarer="N", tricks=12)
    assert s.above["NS"] == 3500


def test_small_slam_bid_overtrick_4000():
    s = VINT.score(None, contract="6H", declarer="N", tricks=13)
    assert s.above["NS"] == 4000


def test_grand_slam_bid_and_made_6000():
    s = VINT.score(None, contract="7C", declarer="E", tricks=13)
    assert s.above == {"EW": 6000, "NS": 0}


def test_grand_slam_bid_twelve_tricks_scores_500_and_pays_the_failure():
    s = VINT.score(None, contract="7C", declarer="E", tricks=12)
    assert s.above == {"EW": 500, "NS": 1 * 7 * 500 + 5000}


def test_small_slam_failed_costs_3000_extra():
    s = VINT.score(None, contract="6S", declarer="N", tricks=10)
    assert s.above == {"NS": 0, "EW": 2 * 6 * 500 + 3000}


def test_unbid_slam_scores_500():
    s = VINT.score(None, contract="2S", declarer="N", tricks=12)
    assert s.above == {"NS": 500, "EW": 0}


def test_defenders_winning_twelve_tricks_score_the_slam():
    # Interpretation, docs/rules.md "Slam Bonuses": 12 tricks score 500 for
    # whichever side wins them, bid or not.
    s = VINT.score(None, contract="1S", declarer="N", tricks=1)
    assert s.above["EW"] == 500 + 6 * 1 * 500


# -- properties -------------------------------------------------------------

@given(contracts, seats, trick_counts)
def test_both_sides_trick_scores_add_to_13_tricks(contract, seat, tricks):
    s = VINT.score(None, contract=contract, declarer=seat, tricks=tricks)
    assert s.below["NS"] + s.below["EW"] == 13 * VINT.trick_value(contract)


@settings(max_examples=60)
@given(random_deals, contracts, seats, trick_counts)
def test_net_is_zero_sum_and_honours_go_to_one_side(deal, contract, seat, tricks):
    s = VINT.score(deal, contract=contract, declarer=seat, tricks=tricks)
    assert s.net("NS") == -s.net("EW")
    honour_sides = {i[0] for i in s.items if "honours" in i[3]}
    ace_sides = {i[0] for i in s.items if "aces" in i[3]}
    assert len(honour_sides) <= 1 and len(ace_sides) == 1
    if contract.endswith("NT"):
        assert not honour_sides


@settings(max_examples=60)
@given(random_deals, contracts, seats)
def test_each_extra_trick_is_worth_more_to_declarer(deal, contract, seat):
    side = "NS" if seat in "NS" else "EW"
    nets = [VINT.score(deal, contract=contract, declarer=seat, tricks=t).net(side)
            for t in range(14)]
    assert all(a < b for a, b in zip(nets, nets[1:]))


@given(contracts, trick_counts)
def test_undertricks_are_500_times_level(contract, tricks):
    level = int(contract[0])
    s = VINT.score(None, contract=contract, declarer="S", tricks=tricks)
    short = max(0, 6 + level - tricks)
    slam_extra = {6: 3000, 7: 5000}.get(level, 0) if short else 0
    won_slam = {12: 500, 13: 1000}.get(13 - tricks, 0)
    assert s.above["EW"] == short * level * 500 + slam_extra + won_slam


# -- auction ----------------------------------------------------------------

def test_twelve_passes_after_the_last_bid_end_the_auction():
    auction = ["P", "1S"] + ["P"] * 11
    assert not VINT.auction_is_over(auction)
    assert VINT.auction_is_over(auction + ["P"])
    assert VINT.auction_result(auction + ["Pass"], dealer="N") == ("1S", "E", "S")


def test_all_pass_twice_throws_the_deal_in():
    assert not VINT.auction_is_over(["P"] * 7)
    assert VINT.auction_is_over(["P"] * 8)
    assert VINT.auction_result(["P"] * 8, dealer="W") == (None, None, None)


def test_a_player_may_overbid_himself_after_passing_twice():
    auction = ["1H"] + ["P"] * 3 + ["P"] * 4 + ["2H"] + ["P"] * 12
    assert VINT.auction_result(auction, dealer="S") == ("2H", "S", "W")


def test_declarer_is_the_last_bidder_not_the_first_in_the_strain():
    auction = ["1D", "P", "2D"] + ["P"] * 12
    assert VINT.auction_result(auction, dealer="N") == ("2D", "S", "W")


def test_denominations_rank_spades_clubs_diamonds_hearts_notrumps():
    assert VINT.auction_legal_calls(["1D"])[:4] == ["P", "1H", "1NT", "2S"]
    assert len(VINT.auction_legal_calls([])) == 1 + 35
    assert VINT.auction_legal_calls(["7NT"]) == ["P"]


def test_illegal_calls_raise():
    with pytest.raises(RulesError, match="not higher"):
        VINT.auction_is_over(["1H", "1D"])
    with pytest.raises(RulesError, match="after the auction is over"):
        VINT.auction_is_over(["P"] * 8 + ["1S"])
    with pytest.raises(RulesError, match="not over"):
        VINT.auction_result(["1S", "P"], dealer="N")
    with pytest.raises(ValueError):
        VINT.auction_legal_calls(["X"])
    assert VINT.auction_legal_calls(["P"] * 8) == []


# -- bad input --------------------------------------------------------------

@pytest.mark.parametrize("kwargs, words", [
    (dict(contract="8H"), "level 8"),
    (dict(contract="4X"), "unknown strain"),
    (dict(tricks=14), "0 to 13"),
    (dict(tricks=-1), "0 to 13"),
    (dict(declarer="Q"), "unknown seat"),
    (dict(doubled=True), "does not use doubled"),
])
def test_bad_input_is_named(kwargs, words):
    args = dict(contract="4D", declarer="N", tricks=10)
    args.update(kwargs)
    with pytest.raises(RulesError, match=words):
        VINT.score(None, **args)


def test_unknown_rule_set_names_the_known_ones():
    with pytest.raises(ValueError, match="vint"):
        rules.get("bridge")
    assert rules.names()[0] == "vint"
    assert isinstance(rules.get("VINT"), type(VINT))


def test_deal_with_missing_cards_is_refused():
    with pytest.raises(RulesError, match="13 cards"):
        VINT.score(Deal.from_pbn("N:A... .K.. ..Q. ...J"), contract="1S", declarer="N", tricks=7)


# -- score sheet ------------------------------------------------------------

def test_game_at_500_then_a_new_line():
    sheet = VINT.sheet()
    assert sheet.add(VINT.score(None, contract="4D", declarer="N", tricks=10)) == []
    events = sheet.add(VINT.score(None, contract="3H", declarer="N", tricks=9))  # 380+270
    assert events == ["NS win game 1 (+500)"]
    assert sheet.below == {"NS": 0, "EW": 0}
    assert sheet.totals() == {"NS": 380 + 270 + 500, "EW": 114 + 120}


def test_two_game_rubber_bonus_is_1500():
    sheet = VINT.sheet()
    for _ in range(2):
        sheet.add(VINT.score(None, contract="6NT", declarer="S", tricks=12))
    assert sheet.rubbers == ["NS"]
    bonus = sheet.totals()["NS"] - 2 * (12 * 62 + 3500)
    assert bonus == 1500


def test_three_game_rubber_losers_keep_500():
    sheet = VINT.sheet()
    for seat in "NES":
        sheet.add(VINT.score(None, contract="6NT", declarer=seat, tricks=12))
    assert sheet.games == ["NS", "EW", "NS"] and sheet.rubbers == ["NS"]
    deal_points_ew = 12 * 62 + 3500 + 2 * 62
    assert sheet.totals()["EW"] - deal_points_ew == 500
    assert sheet.rubber_over


def _sheet_before_a_close_finish():
    """NS 336 and EW 392 below the line: both can pass 500 in one deal of 6S."""
    sheet = VINT.sheet()
    sheet.add(VINT.score(None, contract="5NT", declarer="N", tricks=6))   # NS 312, EW 364
    sheet.add(VINT.score(None, contract="1S", declarer="E", tricks=7))    # NS 24, EW 28
    assert sheet.below == {"NS": 336, "EW": 392}
    return sheet


def test_trick_order_decides_who_reached_game_first():
    # 6S: trick value 54. EW need two tricks (392 + 108), NS four (336 + 216).
    sheet = _sheet_before_a_close_finish()
    sheet.add(VINT.score(None, contract="6S", declarer="N", tricks=10,
                         trick_winners=["E", "W"] + ["N"] * 10 + ["E"]))
    assert sheet.games == ["EW"]
    sheet = _sheet_before_a_close_finish()
    sheet.add(VINT.score(None, contract="6S", declarer="N", tricks=10,
                         trick_winners=["N", "S", "E", "N", "N", "W", "S"] + ["N"] * 5 + ["E"]))
    assert sheet.games == ["NS"]


def test_trick_winners_must_match_the_trick_count():
    with pytest.raises(RulesError, match="trick_winners"):
        VINT.score(None, contract="1S", declarer="N", tricks=7, trick_winners=["N"] * 13)


def test_sheet_without_play_uses_the_named_side_or_the_bigger_score():
    sheet = _sheet_before_a_close_finish()
    sheet.add(VINT.score(None, contract="6S", declarer="N", tricks=10), first_to_game="EW")
    assert sheet.games == ["EW"]
    sheet = _sheet_before_a_close_finish()
    sheet.add(VINT.score(None, contract="6S", declarer="N", tricks=10))
    assert sheet.games == ["NS"]   # 876 below against 554
