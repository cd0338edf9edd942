"""Sessions with changing partners (seeds 000, 001, 002): score per player."""

from fractions import Fraction
from itertools import combinations

import pytest

from advisor import rules
from advisor.rules import RulesError
from advisor.rules.session import PartnerSession, seating_for

VINT = rules.get("vint")
PLAYERS = ["Anna", "Boris", "Vera", "Gleb"]


def partnerships(players, periods=3):
    out = []
    for k in range(periods):
        s = seating_for(players, k)
        out += [frozenset((s["N"], s["S"])), frozenset((s["E"], s["W"]))]
    return out


def test_each_player_partners_each_other_once_in_three_rubbers():
    # Foster: "at the end of three rubbers each player shall have had each of the
    # others as a partner".
    pairs = partnerships(PLAYERS)
    assert sorted(map(sorted, pairs)) == sorted(map(sorted, map(frozenset,
                                                                 combinations(PLAYERS, 2))))
    for k in range(3):
        assert sorted(seating_for(PLAYERS, k).values()) == sorted(PLAYERS)


def test_vint_rubbers_settle_per_player_and_partners_change():
    session = PartnerSession(VINT, PLAYERS)
    assert session.partners() == [["Anna", "Vera"], ["Boris", "Gleb"]]
    grand = VINT.score(None, "7NT", "N", 13)        # NS win every deal
    events = []
    while len(session.results) < 1:
        events += session.add(grand)
    margin = session.results[0]["Anna"]
    assert margin > 0 and session.results[0] == {"Anna": margin, "Vera": margin,
                                                 "Boris": -margin, "Gleb": -margin}
    assert any("partners change: Anna & Boris against Gleb & Vera" in e for e in events)
    assert session.partners() == [["Anna", "Boris"], ["Gleb", "Vera"]]
    # The second rubber goes to EW (Gleb & Vera), the third to NS (Anna & Gleb).
    lost = VINT.score(None, "7NT", "E", 13)
    while len(session.results) < 2:
        session.add(lost)
    while not session.finished:
        session.add(grand)
    assert session.totals() == {"Anna": margin, "Boris": -3 * margin, "Vera": margin,
                                "Gleb": margin}
    assert session.settlement(2)["Anna"] == 2 * session.totals()["Anna"]
    with pytest.raises(RulesError, match="session is over"):
        session.add(grand)


def test_totals_follow_the_players_not_the_seats():
    session = PartnerSession(VINT, PLAYERS)
    grand = VINT.score(None, "7NT", "N", 13)
    while not session.finished:
        session.add(grand)                      # North's side wins all three rubbers
    t = session.totals()
    # Anna sits North throughout: she wins three rubbers; each other player
    # was her partner once and her opponent twice.
    assert t["Anna"] > 0 and t["Boris"] == t["Vera"] == t["Gleb"] == -t["Anna"] // 3


def test_skruuvi_session_changes_partners_after_each_set():
    skr = rules.get("skruuvi")
    session = PartnerSession(skr, PLAYERS, deals=12)     # three sets of 4
    made = skr.score(None, "6H", "N", 12)
    for _ in range(4):
        session.add(made)
    assert session.results == [{"Anna": 35 * 4, "Vera": 35 * 4, "Boris": 0, "Gleb": 0}]
    assert session.partners() == [["Anna", "Boris"], ["Gleb", "Vera"]]
    for _ in range(8):
        session.add(made)
    assert session.finished and session.totals()["Anna"] == 3 * 140
    pay = session.settlement()
    assert sum(pay.values()) == 0 and pay["Anna"] == 420 - Fraction(420 + 3 * 140, 4)


@pytest.mark.parametrize("players,options,match", [
    (["A", "B", "C"], {}, "four different players"),
    (["A", "B", "C", "A"], {}, "four different players"),
    (PLAYERS, {"rubbers": 0}, "one rubber or more"),
])
def test_bad_sessions_are_refused(players, options, match):
    with pytest.raises(RulesError, match=match):
        PartnerSession(VINT, players, **options)


def test_a_skruuvi_session_is_24_or_12_deals():
    with pytest.raises(RulesError, match="24 or 12"):
        PartnerSession(rules.get("skruuvi"), PLAYERS, deals=16)


def test_a_player_can_keep_another_seat():
    seatings = [seating_for(["You", "W", "N", "E"], k, fixed="S") for k in range(3)]
    assert all(s["S"] == "You" for s in seatings)
    assert {s["N"] for s in seatings} == {"W", "N", "E"}      # each partners "You" once
    with pytest.raises(RulesError, match="N, E, S or W"):
        PartnerSession(VINT, PLAYERS, fixed="X")
