"""The default bidding system: what the auction's calls say (advisor/bidding_system.py)."""

import pytest

from advisor import rules
from advisor.bidding.system import read_auction
from advisor.rules.base import RulesError
from solver.cards import Hand


def _texts(auction, dealer="N", game="vint", skip=None):
    return [(i.seat, i.call, i.text)
            for i in read_auction(auction, dealer, rules.get(game), skip_seat=skip)]


def test_vint_readings():
    assert _texts(["P", "1H", "1NT", "P", "2H", "P", "2S", "2NT"]) == [
        ("N", "P", "aces <= 2"),                                   # first-turn pass
        ("E", "1H", "hearts >= 4 and honours_hearts >= 2 and hcp >= 12"),  # opening
        ("S", "1NT", "aces >= 3"),                                 # first-turn no-trumps
        # W's pass after a bid says nothing
        # N's first suit after partner's first-turn no-trumps, its own pass before it
        ("N", "2H", "hearts >= 5 and honours_hearts >= 1"),
        ("S", "2S", "spades >= 4 and honours_spades >= 2"),
        ("W", "2NT", "aces >= 2"),                                 # no-trumps after a pass
    ]


def test_opening_from_the_hand_support_and_repeats():
    assert _texts(["3D", "P", "4D", "P", "5D", "P", "1NT"][:6], dealer="E") == [
        ("E", "3D", "diamonds >= 6 and honours_diamonds >= 3"),
        ("W", "4D", "diamonds >= 2"),            # partner's game from the hand: two will do
    ]
    # Partner's suit otherwise: three or more.
    assert _texts(["1D", "P", "2D"], dealer="E")[-1] == ("W", "2D", "diamonds >= 3")
    # after partner's first-turn no-trumps, no-trumps needs one ace
    assert _texts(["1NT", "P", "P", "P", "P", "P", "2NT"])[-1] == ("S", "2NT", "aces >= 1")


def test_skip_own_seat_and_dealer_rotation():
    assert _texts(["P", "P", "1S"], dealer="W", skip="N") == [
        ("W", "P", "aces <= 2"), ("E", "1S", "spades >= 4 and honours_spades >= 2 and hcp >= 12")]


def test_skruuvi_readings():
    assert _texts(["1G", "P", "2H", "2G"], game="skruuvi") == [
        ("N", "1G", "aces >= 3"),
        ("S", "2H", "(hearts >= 5 and honours_hearts >= 3) or (hearts >= 6 and honours_hearts >= 2)"),
        ("W", "2G", "aces == 4"),
    ]


def test_inferences_compile_and_test_hands():
    c = read_auction(["1S"], "N", rules.get("vint"))[0].constraint()
    assert c(Hand.from_pbn("AJ32.K54.Q32.K32")) and not c(Hand.from_pbn("8765.AK4.Q32.K32"))
    assert not c(Hand.from_pbn("AJ32.K54.432.432"))        # the suit, but 8 points: no opening
    with pytest.raises(RulesError):
        read_auction(["1Z"], "N", rules.get("vint"))


def test_readings_are_no_stricter_than_the_policy_rows():
    # A responder's first-call no-trumps over partner's suit: two aces (the policy's
    # response row), not the opener's three; a later raise: three cards (the rebid
    # row); a suit named after partner's no-trumps: five with an honour.
    assert _texts(["1S", "P", "1NT"])[-1] == ("S", "1NT", "aces >= 2")
    assert _texts(["1S", "P", "2D", "P", "3D"])[-1] == ("N", "3D", "diamonds >= 3")
    assert _texts(["1NT", "P", "2H"])[-1] == ("S", "2H", "hearts >= 5 and honours_hearts >= 1")


#: The policy's one-level opening, which a pass before anyone has bid denies.
OPENS = ("hcp >= 12 and ((spades >= 4 and honours_spades >= 2) or (hearts >= 4 and "
         "honours_hearts >= 2) or (diamonds >= 4 and honours_diamonds >= 2) or (clubs >= 4 "
         "and honours_clubs >= 2))")


#: ... and its openings "from the hand", at level 2 or 3.
FROM_THE_HAND = ("(spades >= 6 and honours_spades >= 3 and sure_spades >= 7) or (hearts >= 6 "
                 "and honours_hearts >= 3 and sure_hearts >= 7) or (diamonds >= 6 and "
                 "honours_diamonds >= 3 and sure_diamonds >= 7) or (clubs >= 6 and "
                 "honours_clubs >= 3 and sure_clubs >= 7)")


def _outlines(auction, dealer="N", game="vint"):
    from advisor.bidding.system import system_readings
    return [(i.seat, i.call, i.outline) for i in system_readings(auction, dealer, rules.get(game))]


def test_system_readings_outline_what_the_policys_rows_imply():
    # A pass while nobody has bid denies every opening, in any round; a second
    # one also two aces with 14 points (no-trumps after a pass).
    assert _outlines(["P"] * 5)[0] == (
        "N", "P", f"aces <= 2 and not ({OPENS}) and not ({FROM_THE_HAND})")
    assert _outlines(["P"] * 5)[4] == (
        "N", "P", f"aces <= 2 and not ({OPENS}) and not ({FROM_THE_HAND})"
                  " and (aces <= 1 or hcp <= 13)")
    # An opening denies the opening rows before its own.
    assert _outlines(["1S"])[0] == ("N", "1S", f"aces <= 2 and not ({FROM_THE_HAND})")
    assert _outlines(["2S"])[0] == ("N", "2S", "sure_spades >= 7")
    assert _outlines(["3S"])[0] == ("N", "3S", "sure_spades >= 8")
    # Passing partner's bid denies two aces (no-trumps), one with 11 points after
    # partner's no-trumps;
    # East's pass over the opening (an overcall's) outlines nothing.
    assert _outlines(["1H", "P", "P"])[1:] == [("E", "P", ""), ("S", "P", "aces <= 1")]
    assert _outlines(["1NT", "P", "P"])[-1] == ("S", "P", "aces == 0 or hcp <= 10")
    # Overcalls: five sure tricks at level 1; five cards, two honours and six at
    # level 2; six, three and eight at level 3.
    assert _outlines(["1H", "2D"])[-1] == (
        "E", "2D", "diamonds >= 5 and honours_diamonds >= 2 and sure_diamonds >= 6")
    assert _outlines(["1H", "P", "P", "3D"])[-1] == (
        "W", "3D", "diamonds >= 6 and honours_diamonds >= 3 and sure_diamonds >= 8")
    assert _outlines(["1H", "1S"])[-1] == ("E", "1S", "sure_spades >= 5")
    # A raise of partner's suit: three with an honour.
    assert _outlines(["1H", "P", "3H"])[-1] == ("S", "3H", "hearts >= 3 and honours_hearts >= 1")
    # The texts, a human's reading, stay the seeds' modest ones.
    assert _texts(["1H", "2D", "3H"])[1:] == [
        ("E", "2D", "diamonds >= 4 and honours_diamonds >= 2"), ("S", "3H", "hearts >= 3")]
    # The outline is the check's vectorised first filter; the check decides.
    from advisor.bidding.system import system_readings
    first = system_readings(["P"], "N", rules.get("vint"))[0].constraint()
    assert not first.vectorised and first.prefilter is not None
    assert first(Hand.from_pbn("8765.432.432.432"))
    assert not first(Hand.from_pbn("AJ32.K54.Q32.K32"))        # it would have opened 1S


def _policy_auctions(name, seed, n):
    """``n`` random deals of game ``name`` bid by its policy: ``(policy, deal,
    dealer, calls, rng, deck)`` (the rng and the deck for drawing other hands)."""
    import random

    from advisor.bidding.policy import Policy
    from solver.cards import Card, Deal, Seat

    rng = random.Random(seed)
    policy = Policy(rules.get(name))
    deck = [Card(s, r) for s in range(4) for r in range(2, 15)]
    for _ in range(n):
        rng.shuffle(deck)
        deal = Deal([Hand(deck[13 * i:13 * i + 13]) for i in range(4)])
        dealer = Seat(rng.randrange(4))
        yield policy, deal, dealer, policy.play_out(deal, dealer=dealer, auction=[]), rng, deck


@pytest.mark.parametrize("name", ["vint", "semi-contract"])
def test_every_call_the_policy_makes_fits_its_outline(name):
    """An outline stricter than the policy would lose deals the advisor should sample:
    on the policy's auctions, each caller's hand and other hands with which the
    policy makes the same call all meet it."""
    from advisor.bidding.constraints import compile_constraint
    from advisor.bidding.system import system_readings

    tested = 0
    for policy, deal, dealer, calls, rng, deck in _policy_auctions(name, 34, 300):
        for inf in system_readings(calls, dealer, policy.rules):
            if not inf.outline:
                continue
            outline = compile_constraint(inf.outline)
            assert outline(deal[inf.seat]), (deal.to_pbn(), calls[:inf.index + 1], inf.outline)
            caller = policy.caller(calls[:inf.index], inf.seat, dealer)
            for _ in range(4):
                other = Hand(rng.sample(deck, 13))
                if caller(other).call == inf.call:
                    assert outline(other), (other.to_pbn(), calls[:inf.index + 1], inf.outline)
                    tested += 1
    assert tested > 1000


def test_system_readings_are_the_policys_own_calls():
    from advisor.bidding.system import system_readings
    found = system_readings(["P", "1S", "P"], "N", rules.get("vint"), skip_seat="W")
    assert [(i.seat, i.call, i.before) for i in found] == [("N", "P", ""), ("E", "1S", "P"),
                                                          ("S", "P", "P 1S")]
    opens = found[1].constraint()
    assert opens(Hand.from_pbn("AJ32.K54.Q32.K32"))          # the policy opens 1S
    assert not opens(Hand.from_pbn("AJ32.A54.A32.K32"))      # three aces: 1NT
    assert not opens(Hand.from_pbn("AJ32.AKJ54.32.32"))      # hearts is the longer suit
    assert system_readings(["1H"], "N", rules.get("skruuvi")) == []


def test_text_and_callable_keep_a_vectorised_prefilter():
    from advisor.bidding.constraints import compile_constraint
    both = compile_constraint("hcp >= 11") & compile_constraint(lambda h: h.hcp <= 13)
    assert not both.vectorised and both.prefilter.source == "hcp >= 11"
    assert both(Hand.from_pbn("AJ32.K54.Q32.K32")) and not both(Hand.from_pbn("AKQ2.K54.Q32.K32"))


@pytest.mark.parametrize("name", ["vint", "semi-contract"])
def test_every_call_the_policy_makes_fits_its_text_reading(name):
    # The texts are the sampler's first filter: a hand with which the policy makes
    # a call must never fail that call's text, or the advisor would never sample it.
    for policy, deal, dealer, calls, rng, deck in _policy_auctions(name, 33, 400):
        for inf in read_auction(calls, dealer, policy.rules):
            assert inf.constraint()(deal[inf.seat]), (deal.to_pbn(), calls[:inf.index + 1], inf.text)
