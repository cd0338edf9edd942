"""Preference (seed 001): deals of three hands and a widow, auction, DD play, payments."""

import random
import time

import pytest

from advisor import rules
from advisor.rules import RulesError
from advisor.rules.preference import (Preference, PreferenceDeal, PreferenceError,
                                      SUIT_VALUE)
from solver.cards import Card
from solver.general import PIQUET

from helpers.general_minimax import minimax

FULL = "AKQJ.AKQJ.7.7 T987.T98.98.8 .7.AKQJ.AKQJ9 / DT CT"


def _random_deal(seed):
    cards = random.Random(seed).sample(PIQUET.deck, 32)
    return PreferenceDeal(tuple(tuple(cards[i * 10:(i + 1) * 10]) for i in range(3)),
                          tuple(cards[30:]))


def test_three_handed_finds_the_three_hand_game_but_names_lists_four_hand_games():
    # rules.get gives four-hand rule sets only; Preference has an accessor of its own
    assert isinstance(rules.three_handed("preference"), Preference)
    assert "preference" not in rules.names()
    assert rules.three_handed_names() == ["preference"]
    with pytest.raises(RulesError, match=r"three hands.*three_handed\('preference'\)"):
        rules.get("preference")
    with pytest.raises(RulesError, match="unknown three-hand game"):
        rules.three_handed("vint")


def test_a_deal_reads_three_hands_and_the_widow():
    d = PreferenceDeal.parse(FULL)
    assert [len(h) for h in d.hands] == [10, 10, 10] and len(d.widow) == 2


@pytest.mark.parametrize("text,problem", [
    ("AKQJ.AKQJ.7.7 T987.T98.98.8", "three hands"),
    ("AKQJ.AKQJ.7.7 T987.T98.98.8 .7.AKQJ.AKQJ9", "widow of two"),
    ("AKQJ.AKQJ.7.7 T987.T98.98.8 .7.AKQJ.AKQJ9 / DT", "widow of two"),
    ("AKQJ.AKQJ.7.7 T987.T98.98.8 .7.AKQJ.AKQJ9 / DT SA", "twice"),
    ("AKQJ.AKQJ.7.2 T987.T98.98.8 .7.AKQJ.AKQJ9 / DT CT", "32-card"),
    ("AKQJ.AKQJ.7.7 T987.T98.98.8 .7.AKQJ.AKQJ / DT CT", "as many cards"),
    ("AKQJ.AKQJ.7.X T987.T98.98.8 .7.AKQJ.AKQJ9 / DT CT", "cannot read"),
])
def test_bad_deals_raise_a_value_error_naming_the_problem(text, problem):
    with pytest.raises(PreferenceError, match=problem):
        PreferenceDeal.parse(text)
    assert issubclass(PreferenceError, ValueError)


def test_auction_hearts_is_preference_and_widow_bids_follow_no_suit_bid():
    p = Preference()
    assert p.auction_result(["S", "P", "H"], dealer=2) == ("H", 2, 0)   # 0, 1, 2 call
    with pytest.raises(PreferenceError, match="outrank"):
        p.auction_result(["H", "D"], dealer=0)
    assert p.auction_result(["P", "P", "P", "W2", "W5", "P"], dealer=0) == (None, 2, 5)
    with pytest.raises(PreferenceError, match="outbid"):
        p.auction_result(["P", "P", "P", "W2", "W2"], dealer=0)


def test_declarer_with_every_top_card_takes_ten_tricks():
    hands = ("SA SK SQ SJ HA HK HQ HJ DA CA", "ST S9 S8 S7 HT H9 H8 H7 DK CK",
             "DQ DJ DT D9 D8 CQ CJ CT C9 C8")
    d = PreferenceDeal(tuple(tuple(PIQUET.card(c) for c in h.split()) for h in hands),
                       (PIQUET.card("D7"), PIQUET.card("C7")))
    p = Preference()
    assert p.dd_tricks(d, 0, "H") == 10
    # diamonds trump, player 2 declaring: player 0's two aces and ...
    # declarer's long trumps: he loses at most the two aces and the trump ace
    assert p.dd_tricks(d, 2, "D") <= 8
    # the declarer's side counted alone: the others' best is the complement
    assert p.dd_tricks(d, 1, "S") <= 4


@pytest.mark.slow
def test_dd_tricks_agree_with_minimax_on_small_three_hand_deals():
    p = Preference()
    rng = random.Random(4)
    for _ in range(60):
        cards = rng.sample(PIQUET.deck, 15)
        d = PreferenceDeal(tuple(tuple(cards[i * 5:(i + 1) * 5]) for i in range(3)))
        declarer, trump = rng.randrange(3), rng.choice("SCDH")
        want = minimax([[PIQUET.place[c] for c in h] for h in d.hands],
                       PIQUET.trump_index(trump), p.opening_leader(declarer), {declarer})
        assert p.dd_tricks(d, declarer, trump) == want


def test_full_deal_solves_and_scores_quickly():
    p = Preference()
    d = _random_deal(1)
    start = time.time()
    table = p.dd_table(d)
    assert time.time() - start < 10
    assert len(table) == 12 and all(0 <= t <= 10 for t in table.values())
    (declarer, trump), tricks = max(table.items(), key=lambda kv: kv[1])
    s = p.score(declarer, trump, tricks)
    assert s.made == (tricks >= 6)


def test_payments_follow_the_trump_suits_rank():
    p = Preference(unit=5)
    made = p.score(0, "H", 7)
    assert made.made and made.from_pool == {0: 7 * 4 * 5} and not made.into_pool
    failed = p.score(1, "S", 4)
    assert not failed.made and failed.into_pool == {1: 2 * 1 * 5}
    assert [SUIT_VALUE[s] for s in "SCDH"] == [1, 2, 3, 4]
    with pytest.raises(PreferenceError, match="trump suit"):
        p.score(0, "NT", 6)
    with pytest.raises(PreferenceError):
        p.score(0, "H", 11)


def test_taking_the_widow_lays_off_two_cards():
    d = _random_deal(2)
    w = d.take_widow(1, [d.widow[0], d.hands[1][0]])
    assert len(w.hands[1]) == 10 and d.widow[1] in w.hands[1]
    with pytest.raises(PreferenceError):
        d.take_widow(1, [d.hands[0][0], d.widow[0]])


def test_widow_bidder_lays_off_the_cards_that_would_lose_tricks():
    """Player 2 holds the top diamonds and clubs and one small heart; with
    the widow's DT and CT he has twelve cards. In diamonds (3 a trick) he
    takes all ten only if the lone H7 goes out: the best choice keeps the
    ten winners, names diamonds and is paid 30."""
    p = Preference()
    d = PreferenceDeal.parse(FULL)
    w = p.best_widow(d, 2)
    assert (w.trump, w.tricks, w.net) == ("D", 10, 30)
    assert Card.parse("H7") in w.discard
    # keeping the heart costs a trick
    keep = d.take_widow(2, ["CT", "DT"])
    assert p.dd_tricks(keep, 2, "D") == 9
    # a named trump: only the discard is chosen
    h = p.best_widow(d, 2, "H")
    assert h.trump == "H" and h.net == max(
        (lambda s: s.from_pool.get(2, 0) - s.into_pool.get(2, 0))(
            p.score(2, "H", p.dd_tricks(d.take_widow(2, [a, b]), 2, "H")))
        for i, a in enumerate(sorted(list(d.hands[2]) + list(d.widow), key=str))
        for b in sorted(list(d.hands[2]) + list(d.widow), key=str)[i + 1:])


def test_widow_choice_pays_at_least_every_other_discard_and_suit():
    p = Preference()
    d = _random_deal(4)
    for player in range(3):
        w = p.best_widow(d, player)
        after = d.take_widow(player, w.discard)
        assert p.dd_tricks(after, player, w.trump) == w.tricks
        hand = list(d.hands[player]) + list(d.widow)
        rng = random.Random(player)
        for _ in range(12):
            a, b = rng.sample(hand, 2)
            t = rng.choice("SCDH")
            s = p.score(player, t, p.dd_tricks(d.take_widow(player, [a, b]), player, t))
            assert s.from_pool.get(player, 0) - s.into_pool.get(player, 0) <= w.net


def test_widow_choice_needs_a_full_deal_and_a_trump_suit():
    p = Preference()
    with pytest.raises(PreferenceError, match="full deal"):
        p.best_widow("AK... QJ... T9...", 0)
    with pytest.raises(PreferenceError, match="trump suit"):
        p.best_widow(FULL, 0, "NT")
    with pytest.raises(PreferenceError, match="players"):
        p.best_widow(FULL, 3)


def test_pool_each_player_antes_equally_and_the_bidder_adds_his_bid():
    """Seed 001: "The three active players make up a pool, each putting in an
    equal amount at first, and the bidder putting into it as many as he bids
    for the privilege of naming the trump suit." """
    from advisor.rules import PreferencePool
    pool = PreferencePool(ante=20)
    assert pool.pool == 60 and pool.balance == {0: -20, 1: -20, 2: -20}
    # a widow bid of 3 counters, then five tricks in spades: short by one
    pool.record(1, "S", 5, widow_bid=3)
    assert pool.balance[1] == -20 - 3 - 1 and pool.pool == 60 + 3 + 1
    assert pool.pool + sum(pool.balance.values()) == 0


def test_pool_pays_by_the_trump_suits_rank_and_never_more_than_it_holds():
    """Seed 001: "payments are made from the pool according to the rank of the
    trump suit": seven tricks pay 7 in spades, 28 in hearts."""
    from advisor.rules import PreferencePool
    a = PreferencePool(ante=30)
    a.record(0, "S", 7)
    b = PreferencePool(ante=30)
    b.record(0, "H", 7)
    assert (a.balance[0] + 30, b.balance[0] + 30) == (7, 28)
    small = PreferencePool(ante=5)              # 15 in the pool
    s = small.record(2, "H", 10)                # 40 earned
    assert small.pool == 0 and small.balance[2] == -5 + 15
    assert any("not paid" in item for item in s.items)
    with pytest.raises(PreferenceError):
        PreferencePool(ante=0)
    with pytest.raises(PreferenceError):
        small.record(0, "H", 6, widow_bid=-1)
