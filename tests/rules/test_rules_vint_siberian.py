"""Siberian Vint (seed 004): the Russian text's tables and rules."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from advisor import rules
from advisor.rules import RulesError
from solver.cards import Card, Deal, Hand

SIB = rules.get("vint-siberian")


def deal_giving_north(cards):
    """North holds ``cards``; the rest go round E, S, W, N from the deuces up."""
    north = [Card.parse(c) for c in cards]
    rest = [Card(s, r) for r in range(2, 15) for s in range(4) if Card(s, r) not in north]
    hands = {"N": list(north), "E": [], "S": [], "W": []}
    for card in rest:
        seat = min("ESWN", key=lambda x: (len(hands[x]), "ESWN".index(x)))
        hands[seat].append(card)
    return Deal({s: Hand(h) for s, h in hands.items()})


def items(score, text):
    return [i for i in score.items if text in i[3]]


@pytest.mark.parametrize("level", range(1, 8))
def test_trick_value_is_the_level(level):
    assert SIB.trick_value(f"{level}H") == SIB.trick_value(f"{level}NT") == level
    s = SIB.score(None, contract=f"{level}NT", declarer="N", tricks=13 if level > 5 else 10)
    assert s.below["NS"] + s.below["EW"] == 13 * level


# "в бескозырной игре Тузы стоят: 2 3 4 5 6 7 8"; "в козырной игре: 3 4 5 6 7 8 9"
@pytest.mark.parametrize("level, nt, suit", [(1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6),
                                             (5, 6, 7), (6, 7, 8), (7, 8, 9)])
def test_ace_tables(level, nt, suit):
    # Aces: N hearts and diamonds, E spades, W clubs; no coronets anywhere.
    deal = Deal.from_pbn("N:98765432.A32.A2. AJ.KQJ.KQJ.KQJT9 KQT.T9876.T9876. .54.543.A8765432")
    in_nt = SIB.score(deal, contract=f"{level}NT", declarer="N", tricks=13)
    assert [i[2] for i in items(in_nt, "aces")] == [2 * nt, 2 * nt]   # two aces each side
    in_clubs = SIB.score(deal, contract=f"{level}C", declarer="N", tricks=13)
    # the ace of clubs is a trump honour, so E-W count one ace
    assert sorted(i[2] for i in items(in_clubs, "aces")) == [suit, 2 * suit]


def test_a_single_ace_does_not_count_without_trumps():
    deal = deal_giving_north(["SA", "HA", "DA", "S2", "S3", "S4", "S5", "S6", "S7", "S8",
                              "S9", "H2", "H3"])
    s = SIB.score(deal, contract="1NT", declarer="N", tricks=7)
    assert [i[:3] for i in items(s, "aces")] == [("NS", "above", 10)]   # 3 aces in one hand
    s = SIB.score(deal, contract="1S", declarer="N", tricks=7)
    # with trumps: N's three aces are a coronet (5); E-W's one ace counts 3
    assert sorted(i[:3] for i in items(s, "aces")) == [("EW", "above", 3), ("NS", "above", 5)]


PLAIN_CORONETS = [5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]
TRUMP_CORONETS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110]


@pytest.mark.parametrize("length", range(3, 14))
def test_coronet_tables(length):
    spades = [f"S{'AKQJT98765432'[i]}" for i in range(length)]
    fill = [c for c in ("H2", "H3", "H4", "H5", "H6", "H7", "H8", "H9", "D2", "D3")]
    deal = deal_giving_north(spades + fill[:13 - length])
    label = f"coronet of {length} in S (N)"
    plain = SIB.score(deal, contract="3H", declarer="N", tricks=9)
    trump = SIB.score(deal, contract="3S", declarer="N", tricks=9)
    no_trump = SIB.score(deal, contract="3NT", declarer="N", tricks=9)
    assert [i[2] for i in items(plain, label)] == [PLAIN_CORONETS[length - 3]]
    assert [i[2] for i in items(trump, label)] == [TRUMP_CORONETS[length - 3]]
    assert [i[2] for i in items(no_trump, label)] == [TRUMP_CORONETS[length - 3]]


def test_honours_are_the_level_each_and_coronet_cards_are_not_counted_again():
    # N: A K Q of hearts (a trump coronet) and the 10; the J is elsewhere.
    deal = Deal.from_pbn("N:98765432.AKQT..2 AJ.J.KQJ.KQJT987 KQT.98765.AT98.6 .432.765432.A543")
    s = SIB.score(deal, contract="4H", declarer="N", tricks=10)
    assert [i[:3] for i in items(s, "coronet of 3 in H")] == [("NS", "above", 10)]
    honours = {i[3][-2]: i[2] for i in items(s, "honours")}
    assert honours == {"N": 4, "E": 4}
    # the ace of hearts counts in the coronet, not as an ace: NS count one ace
    assert sorted(i[:3] for i in items(s, "aces")) == [("EW", "above", 12), ("NS", "above", 6)]


def test_slam_premiums_and_penalties():
    assert SIB.score(None, contract="6H", declarer="N", tricks=12).above == {"NS": 5, "EW": 0}
    assert SIB.score(None, contract="7H", declarer="N", tricks=13).above == {"NS": 10, "EW": 0}
    failed = SIB.score(None, contract="6H", declarer="N", tricks=10)
    assert failed.above == {"NS": -2 * 60, "EW": 50}
    failed = SIB.score(None, contract="7C", declarer="E", tricks=12)
    assert failed.above == {"EW": -70, "NS": 100}
    assert SIB.score(None, contract="3D", declarer="E", tricks=7).above == {"EW": -60, "NS": 0}


@given(st.sampled_from(SIB.contracts()[:-1]), st.integers(0, 12))
def test_one_more_trick_never_hurts_declarer(contract, tricks):
    a = SIB.score(None, contract=contract, declarer="S", tricks=tricks).net("NS")
    b = SIB.score(None, contract=contract, declarer="S", tricks=tricks + 1).net("NS")
    assert b > a


def test_all_pass_scores_nothing_but_marks_an_x():
    s = SIB.score(None, contract="PASS", declarer="N", tricks=4)
    assert s.below == s.above == {"NS": 0, "EW": 0}
    sheet = SIB.sheet()
    for _ in range(3):
        sheet.add(SIB.score(None, contract="PASS", declarer="N", tricks=4))
    assert sheet.marks == 3
    for _ in range(2):
        sheet.add(SIB.score(None, contract="7NT", declarer="E", tricks=13))   # 91 below each
    assert sheet.rubbers == ["EW"]
    assert sheet.totals()["EW"] == 2 * (91 + 10) + 10 + 20 + (5 + 10 + 5)
    assert sheet.marks == 0


def test_game_at_50_and_rubber_bonus():
    sheet = SIB.sheet()
    assert sheet.add(SIB.score(None, contract="4S", declarer="N", tricks=10)) == []   # 40
    assert sheet.add(SIB.score(None, contract="1S", declarer="N", tricks=10)) == [
        "NS win game 1 (+10)"]
    sheet.add(SIB.score(None, contract="5D", declarer="N", tricks=11))               # 55
    assert sheet.rubbers == ["NS"]
    assert sheet.totals()["NS"] == 40 + 10 + 10 + 55 + 20


def test_auction_three_passes_declarer_leads_all_pass_is_raspasovka():
    assert SIB.auction_result(["P", "1S", "P", "P", "P"], dealer="N") == ("1S", "E", "E")
    assert SIB.auction_result(["P"] * 4, dealer="W") == ("PASS", None, "N")
    assert SIB.auction_legal_calls(["1H"])[:3] == ["P", "1NT", "2S"]
    with pytest.raises(RulesError, match="not higher"):
        SIB.auction_is_over(["2H", "1NT"])


@pytest.mark.parametrize("kwargs, words", [
    (dict(contract="8S"), "level 8"), (dict(contract="2Q"), "unknown strain"),
    (dict(tricks=14), "0 to 13"), (dict(declarer="Z"), "unknown seat"),
])
def test_bad_input(kwargs, words):
    args = dict(contract="2S", declarer="N", tricks=8)
    args.update(kwargs)
    with pytest.raises(RulesError, match=words):
        SIB.score(None, **args)


# -- renounce (ренонс) ---------------------------------------------------------

def test_a_revoke_gives_three_tricks_to_the_opponents():
    # N-S bid 4H and took 10, but revoked: 7 tricks count for them, 6 for E-W, and 4H is down 3.
    s = SIB.score(None, "4H", "N", 10, revoke="NS")
    assert (s.tricks, s.below, s.revoke) == (7, {"NS": 28, "EW": 24}, "NS")
    assert s.above == {"NS": -3 * 10 * 4, "EW": 0}
    # A defender's revoke gives the three tricks to declarer's side (a seat names its side).
    s = SIB.score(None, "4H", "N", 10, revoke="W")
    assert (s.tricks, s.below, s.above) == (13, {"NS": 52, "EW": 0}, {"NS": 0, "EW": 0})


def test_a_revoking_side_short_of_three_tricks_pays_for_the_missing_ones():
    # E-W took one trick and revoked: it goes to N-S, the two missing cost 2 x 10 x level.
    s = SIB.score(None, "4H", "N", 12, revoke="EW")
    assert s.below == {"NS": 52, "EW": 0}
    assert s.above == {"NS": 0, "EW": -2 * 10 * 4}


def test_a_revoking_side_cannot_reach_game_that_deal():
    sheet = SIB.sheet()
    events = sheet.add(SIB.score(None, "7NT", "N", 13, revoke="N"))
    # (N-S took 13: three go to E-W, 10 x 7 = 70 would be game, 49 is the most.)
    assert events == [] and sheet.below == {"NS": 49, "EW": 21} and sheet.games == []
    # Without the revoke the same tricks win the game...
    sheet = SIB.sheet()
    assert sheet.add(SIB.score(None, "7NT", "N", 13)) == ["NS win game 1 (+10)"]
    # ... and the other side may still reach game in a deal where its opponents revoked.
    sheet = SIB.sheet()
    sheet.add(SIB.score(None, "7NT", "E", 10, revoke="NS"))
    assert sheet.games == ["EW"]


def test_revoke_names_a_side_or_seat():
    with pytest.raises(RulesError, match="unknown seat"):
        SIB.score(None, "4H", "N", 10, revoke="XY")


# -- must trump (seed 004: «а если масти нет, то козыря») --

def test_only_siberian_vint_must_trump():
    assert rules.get("vint-siberian").must_trump is True
    others = [n for n in rules.names() if n != "vint-siberian"]
    assert others and not any(rules.get(n).must_trump for n in others)
    assert not rules.get("skruuvi").kotka().must_trump
