"""Vint after Foster (1897, seed 001): the text's examples and properties."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from advisor import rules
from advisor.rules import RulesError
from advisor.rules.base import aces, trump_honours
from advisor.rules.vint_foster import honour_score
from solver.cards import Deal, Strain

FOSTER = rules.get("vint-foster")

# NS: K Q J of clubs (3 honours) and the aces of spades, hearts, diamonds;
# EW: A 10 of clubs.
DEAL = Deal.from_pbn("N:A432.A32.432.KQJ KQJT.KQJT.7.AT98 98765.987654.A6. ..KQJT985.765432")


def test_the_example_deal():
    assert aces(DEAL) == {"NS": 3, "EW": 1}
    assert trump_honours(DEAL, Strain.C) == {"NS": 3, "EW": 2}


@pytest.mark.parametrize("level", range(1, 8))
def test_trick_value_is_ten_times_the_level(level):
    assert FOSTER.trick_value(f"{level}S") == FOSTER.trick_value(f"{level}NT") == 10 * level


def test_two_diamonds_nine_tricks():
    s = FOSTER.score(None, contract="2D", declarer="N", tricks=9)
    assert s.below == {"NS": 180, "EW": 80}


def test_three_diamonds_two_down():
    s = FOSTER.score(None, contract="3D", declarer="W", tricks=7)
    assert s.below == {"EW": 210, "NS": 180}
    assert s.above == {"NS": 2 * 3000, "EW": 0}


@pytest.mark.parametrize("contract, tricks, points", [
    ("2S", 12, 1000), ("6S", 12, 6000), ("6S", 13, 7000), ("3H", 13, 2000), ("7H", 13, 12000),
])
def test_slams(contract, tricks, points):
    assert FOSTER.score(None, contract=contract, declarer="N", tricks=tricks).above["NS"] == points


def test_grand_slam_bid_twelve_made():
    s = FOSTER.score(None, contract="7H", declarer="N", tricks=12)
    assert s.above == {"NS": 1000, "EW": 100 * 70}


# -- honours: the text's examples, as counts ------------------------------------

def test_majority_of_both_scores_all_held():
    # "the bidder's side has three honours in clubs and three Aces ... scores for six"
    assert honour_score({"NS": 3, "EW": 2}, {"NS": 3, "EW": 1}, {"NS": 7, "EW": 6}) == ("NS", 6)


def test_majorities_split_offset():
    # "the bidder to hold four Aces and two honours ... leaving ... one honour to the good"
    assert honour_score({"NS": 2, "EW": 3}, {"NS": 4, "EW": 0}, {"NS": 7, "EW": 6}) == ("NS", 1)
    # "Three honours on one side and three Aces on the other would be a tie"
    assert honour_score({"NS": 3, "EW": 2}, {"NS": 1, "EW": 3}, {"NS": 7, "EW": 6}) is None


def test_aces_two_all_go_with_the_tricks():
    # "Suppose the bidder has three honours and two Aces. He scores five honours if
    # he wins the odd trick; otherwise he scores one"
    assert honour_score({"NS": 3, "EW": 2}, {"NS": 2, "EW": 2}, {"NS": 7, "EW": 6}) == ("NS", 5)
    assert honour_score({"NS": 3, "EW": 2}, {"NS": 2, "EW": 2}, {"NS": 6, "EW": 7}) == ("NS", 1)


def test_honours_in_three_clubs_are_worth_300_each():
    s = FOSTER.score(DEAL, contract="3C", declarer="N", tricks=9)
    assert [i[:3] for i in s.items if "honours" in i[3]] == [("NS", "above", 6 * 300)]


def test_no_trump_aces_worth_25_times_the_trick_value():
    # "In no-trump hands, the honours are worth 25 times 20, and three of them are
    # worth 1,500 points."
    s = FOSTER.score(DEAL, contract="2NT", declarer="N", tricks=8)
    assert [i[:3] for i in s.items if "honours" in i[3]] == [("NS", "above", 1500)]


# -- coronets ---------------------------------------------------------------------

CORONET_DEAL = Deal.from_pbn(
    "N:KQJT9.A2.A2.A432 A8765.KQ.KQ.KQJ5 432.JT98.JT98.T9 .76543.76543.876")


def coronets(score, seat):
    return sorted((i[3].split(" (")[0], i[2]) for i in score.items
                  if "coronet" in i[3] and i[3].endswith(f"({seat})"))


def test_coronets_plain_trumps_and_no_trumps():
    # N: K Q J 10 9 of spades ("worth 1,500") and three aces.
    plain = FOSTER.score(CORONET_DEAL, contract="1H", declarer="N", tricks=7)
    # (and 4 3 2 of clubs)
    assert coronets(plain, "N") == [("coronet 3 in C", 500), ("coronet 5 in S", 1500),
                                    ("coronet of 3 aces", 500)]
    trumps = FOSTER.score(CORONET_DEAL, contract="1S", declarer="N", tricks=7)
    assert coronets(trumps, "N") == [("coronet 3 in C", 500), ("coronet 5 in S", 3000),
                                     ("coronet of 3 aces", 500)]
    no_trumps = FOSTER.score(CORONET_DEAL, contract="1NT", declarer="N", tricks=7)
    assert coronets(no_trumps, "N") == [("coronet 3 in C", 1000), ("coronet 5 in S", 3000),
                                        ("coronet of 3 aces", 1000)]
    # W: 7 6 5 4 3 of hearts (trumps) and of diamonds, 8 7 6 of clubs: low
    # sequences count too.
    assert coronets(plain, "W") == [("coronet 3 in C", 500), ("coronet 5 in D", 1500),
                                    ("coronet 5 in H", 3000)]


# -- properties and errors ----------------------------------------------------------

@given(st.sampled_from(FOSTER.contracts()), st.sampled_from("NESW"), st.integers(0, 13))
def test_tricks_add_to_13_times_the_value(contract, seat, tricks):
    s = FOSTER.score(None, contract=contract, declarer=seat, tricks=tricks)
    assert sum(s.below.values()) == 13 * FOSTER.trick_value(contract)
    assert s.net("NS") == -s.net("EW")


@pytest.mark.parametrize("kwargs, words", [
    (dict(contract="0S"), "level 0"), (dict(contract="4B"), "unknown strain"),
    (dict(tricks=13.5), "0 to 13"), (dict(declarer=7), "unknown seat"),
])
def test_bad_input(kwargs, words):
    args = dict(contract="2S", declarer="N", tricks=8)
    args.update(kwargs)
    with pytest.raises(RulesError, match=words):
        FOSTER.score(None, **args)


def test_auction_hearts_above_diamonds_and_three_passes():
    assert FOSTER.auction_legal_calls(["1D"])[:3] == ["P", "1H", "1NT"]
    assert FOSTER.auction_result(["1S", "1H", "P", "P", "P"], dealer="S") == ("1H", "W", "N")
    assert FOSTER.auction_result(["P"] * 4, dealer="S") == (None, None, None)


def test_games_1000_each_and_2000_for_the_rubber():
    sheet = FOSTER.sheet()
    events = sheet.add(FOSTER.score(None, contract="5S", declarer="N", tricks=11))  # 550 below
    assert events == ["NS win game 1 (+1000)"]
    events = sheet.add(FOSTER.score(None, contract="5S", declarer="S", tricks=11))
    assert events == ["NS win game 2", "NS win the rubber (+3000)"]
    assert sheet.totals() == {"NS": 2 * 550 + 1000 + 3000, "EW": 2 * 100}
