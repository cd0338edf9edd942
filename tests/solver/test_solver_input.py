"""Bad input raises the right ValueError subclass with a message naming the problem;
the parsers never raise anything else; the value types round-trip."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import solver_module
from solver import SEATS, Card, Deal, Hand, Seat, Strain
from solver.errors import DealError, ParseError, PositionError, VintError

FULL = "N:AKQ2.T98.765.432 JT9.AKQJ.432.T98 876.765.AKQ.AKQ5 543.432.JT98.J76"
# A two-card ending: every hand holds two cards.
ENDING = "N:A2... K3... Q4... J5..."


def test_full_deal_is_valid():
    deal = Deal.from_pbn(FULL)
    assert [len(deal[s]) for s in SEATS] == [13] * 4


def test_error_hierarchy():
    for cls in (ParseError, DealError, PositionError):
        assert issubclass(cls, VintError) and issubclass(cls, ValueError)


# --- the value types --------------------------------------------------------------

@pytest.mark.parametrize("text,error,words", [
    (FULL.replace("JT9.", "AT9."), DealError, ["SA", "twice"]),
    (FULL.replace("543.", "542."), DealError, ["S2", "twice"]),
    (FULL.replace(".432 ", ".422 "), DealError, ["C2", "twice"]),
    (FULL.replace("JT98", "JX98"), ParseError, ["rank", "'X'"]),
    ("Q" + FULL[1:], ParseError, ["seat", "Q"]),
    (FULL.rsplit(" ", 1)[0], ParseError, ["four hands"]),
    (FULL.replace("AKQ2.T98.765.432", "AKQ2.T98.765"), ParseError, ["four suits"]),
    (FULL[2:], ParseError, ["colon"]),
])
def test_bad_deal_text(text, error, words):
    assert text != FULL
    with pytest.raises(error) as info:
        Deal.from_pbn(text)
    for word in words:
        assert word.lower() in str(info.value).lower(), f"{word!r} not in {info.value}"


def test_fourteen_cards_in_a_hand():
    with pytest.raises(DealError, match="13"):
        Hand.from_pbn("AKQJT98765432.A..")
    with pytest.raises(DealError, match="13"):
        Deal.from_pbn("N:AKQJT98765432.A.. .KQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")


@pytest.mark.parametrize("text,error,word", [
    ("SX", ParseError, "X"), ("XA", ParseError, "XA"), ("S", ParseError, "S"),
    ("", ParseError, "card"), ("SAK", ParseError, "SAK"), ("NTA", ParseError, "NTA"),
    ("S1", ParseError, "1"), ("S11", ParseError, "S11"),
])
def test_bad_card(text, error, word):
    with pytest.raises(error, match=word):
        Card.parse(text)


def test_bad_card_objects():
    with pytest.raises(ParseError):
        Card("S", 15)
    with pytest.raises(ParseError, match="NT"):
        Card("NT", 10)
    with pytest.raises(ParseError):
        Card.parse(14)


@pytest.mark.parametrize("text", ["Q", "X", "", "NS", 4, -1, None, 1.5])
def test_bad_seat(text):
    with pytest.raises(ParseError, match="seat"):
        Seat.parse(text)


@pytest.mark.parametrize("text", ["X", "", "SS", "NTT", 5, None])
def test_bad_strain(text):
    with pytest.raises(ParseError, match="strain"):
        Strain.parse(text)


@pytest.mark.parametrize("text,card", [
    ("SA", "SA"), ("H10", "HT"), ("♠A", "SA"), ("♥Д", "HQ"), ("♦К", "DK"), ("♣В", "CJ"),
    ("SТ", "SA"),  # Cyrillic Т is the ace (туз); Latin T is the ten
    ("ST", "ST"), (" c2 ", "C2"), ("♤9", "S9"), ("♡T", "HT"), ("♢3", "D3"), ("♧J", "CJ"),
])
def test_card_notations(text, card):
    assert str(Card.parse(text)) == card


def test_hand_notations():
    assert Hand.from_pbn("ТКД10.В..-") == Hand.from_pbn("AKQT.J..")
    assert len(Hand.from_pbn("...")) == 0


# --- the solver's functions ------------------------------------------------------

def test_dd_table_bad_input():
    solver = solver_module()
    with pytest.raises(DealError, match="same size"):
        solver.dd_table(Deal.from_pbn(FULL.replace(".AKQ5 ", ".AKQ ")))
    # An empty deal was said to need "four hands of the same size" (they are).
    with pytest.raises(DealError, match="every hand is empty"):
        solver.dd_table(Deal.from_pbn("N:... ... ... ..."))
    with pytest.raises(ValueError, match="workers"):
        solver.dd_table(Deal.from_pbn(FULL), workers=0)
    table = solver.dd_table(Deal.from_pbn(ENDING))
    with pytest.raises(ParseError, match="strain"):
        table["N", "X"]
    with pytest.raises(ParseError, match="seat"):
        table["Q", "NT"]


@pytest.mark.parametrize("function", ["solve", "solve_cards"])
def test_unknown_seat_and_strain(function):
    solver = solver_module()
    f = getattr(solver, function)
    deal = Deal.from_pbn(ENDING)
    with pytest.raises(ParseError, match="seat"):
        f(deal, "NT", "X")
    with pytest.raises(ParseError, match="strain"):
        f(deal, "Z", "N")
    with pytest.raises(ParseError, match="seat"):
        f(deal, "NT", "N", lone="Q")
    with pytest.raises(ParseError, match="rank"):
        f(deal, "NT", "N", played=["SX"])


@pytest.mark.parametrize("function", ["solve", "solve_cards"])
@pytest.mark.parametrize("deal,leader,played,words", [
    # The played card is still in North's hand.
    ("N:A2... K3... Q4... J5...", "N", ["SA"], ["SA", "hand"]),
    # East on move has too few cards: the trick was led by North, who still holds two.
    ("N:A2... K... Q4... J5...", "N", [], ["E", "fit"]),
    # North led to the trick but still holds as many cards as the others.
    ("N:A2... K3... Q4... J5...", "N", ["S6"], ["N", "fit"]),
    # On-move East holds fewer cards than North, who has played one already.
    ("N:A... 3... Q4... J5...", "N", ["S6"], ["fit"]),
    # A card twice on the trick.
    ("N:A... K... Q4... J5...", "N", ["S6", "S6"], ["S6"]),
    # Four cards on the trick: it is over.
    ("N:A... K... Q... J...", "N", ["S6", "S7", "S8", "S9"], ["3"]),
])
def test_position_does_not_fit(function, deal, leader, played, words):
    solver = solver_module()
    with pytest.raises(PositionError) as info:
        getattr(solver, function)(Deal.from_pbn(deal), "NT", leader, played=played)
    for word in words:
        assert word.lower() in str(info.value).lower(), f"{word!r} not in {info.value}"


def test_revoke_on_the_trick():
    """East played a heart to a spade lead but still holds a spade: cannot happen."""
    solver = solver_module()
    with pytest.raises(ValueError):
        solver.solve(Deal.from_pbn("N:2... 3... Q4... J5..."), "NT", "N",
                     played=["SA", "H3"])


def test_empty_position():
    solver = solver_module()
    with pytest.raises(PositionError):
        solver.solve(Deal.from_pbn("N:... ... ... ..."), "NT", "N")


def test_analyse_play_bad_cards():
    solver = solver_module()
    deal = Deal.from_pbn(ENDING)
    with pytest.raises(PositionError, match="SK"):
        solver.analyse_play(deal, "NT", "N", ["SK"])  # East's card, but North is on lead
    with pytest.raises(PositionError, match="follow"):
        solver.analyse_play(Deal.from_pbn("N:A2... K.3.. Q4... J5..."), "NT", "N", ["SA", "H3"])
    with pytest.raises(ParseError):
        solver.analyse_play(deal, "NT", "N", ["SX"])


# --- fuzz: the parsers raise ValueError subclasses and nothing else -----------------

PBN_CHARS = "AKQJT9876543210.:- NESWnesw\t♠♥♦♣ТКДВXx\x00é"


def only_value_errors(parse, text):
    try:
        parse(text)
    except VintError:
        pass
    # Anything else (ValueError that is not ours, IndexError, KeyError...) fails the test.


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.text(alphabet=PBN_CHARS, max_size=80)))
def test_fuzz_deal_from_pbn(text):
    only_value_errors(Deal.from_pbn, text)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.text(alphabet=PBN_CHARS, max_size=20)))
def test_fuzz_hand_from_pbn(text):
    only_value_errors(Hand.from_pbn, text)


@pytest.mark.parametrize("parse", [Card.parse, Seat.parse, Strain.parse],
                         ids=["Card", "Seat", "Strain"])
@settings(max_examples=300, deadline=None)
@given(text=st.one_of(st.text(max_size=6), st.text(alphabet=PBN_CHARS, max_size=5)))
def test_fuzz_card_seat_strain(parse, text):
    only_value_errors(parse, text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["N:", "AKQ", "T9", "10", ".", " ", "2", "-", "S:", "ТК"]),
                max_size=30))
def test_fuzz_near_pbn(pieces):
    only_value_errors(Deal.from_pbn, "".join(pieces))


# --- round trips ---------------------------------------------------------------------

@st.composite
def deals(draw):
    """A random deal or ending: a shuffled deck split into four hands of 0..13 cards."""
    deck = [Card(s, r) for s in range(4) for r in range(2, 15)]
    random.Random(draw(st.integers(0, 2**32))).shuffle(deck)
    sizes = [draw(st.integers(0, 13)) for _ in range(4)]
    hands, start = [], 0
    for n in sizes:
        hands.append(Hand(deck[start:start + n]))
        start += n
    return Deal(hands)


NAMES = {"Deal": Deal, "Hand": Hand, "Card": Card, "Seat": Seat, "Strain": Strain}


@settings(max_examples=200, deadline=None)
@given(deals(), st.sampled_from(SEATS))
def test_round_trips(deal, first):
    assert Deal.from_pbn(deal.to_pbn()) == deal
    assert Deal.from_pbn(deal.to_pbn(first)) == deal
    assert Deal.from_pbn(deal.to_pbn(first.name)) == deal
    assert eval(repr(deal), NAMES) == deal
    for seat in SEATS:
        hand = deal[seat]
        assert Hand.from_pbn(hand.to_pbn()) == hand
        assert eval(repr(hand), NAMES) == hand
        assert deal[seat.name] == hand
        for card in hand:
            assert Card.parse(str(card)) == card
            assert eval(repr(card), NAMES) == card
    assert eval(repr(first), NAMES) == first
