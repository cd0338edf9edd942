"""Skruuvi's Kitty game: the first auction's low bids as advice candidates (issue 15).

Seed 002: "A bid consists of a level, which is a whole number from 1 to 7";
"Since the final contact has to be at a level of 5 or higher, lower bids are
used in the early rounds to convey information"; "if the kitty bid was at the
level of 4 or less, the main players cannot just pass twice but must raise
the level of the bid".
"""

import numpy as np
import pytest

from advisor import rules as _rules
from advisor.bidding.advise import AdviseError, kitty_low_bids, prepare, recommend
from advisor.bidding.policy import Policy
from advisor.bidding.system import read_auction
from advisor.valuation.exchange import kitty_left, play_deal
from advisor.game import raise_kitty_bid, strain_of
from advisor.game import is_misere
from advisor.rules.base import RulesError
from solver import dd_table
from solver.cards import Card, Hand, Seat

SKRUUVI = _rules.get("skruuvi")
#: Twelve cards (the Kitty game's hand before the exchange): five spades to
#: three honours and side aces, "1 of a suit" in the seed's conventions.
OPENER = "AKQ87.KJ4.A2.T9"


def test_raise_kitty_bid_follows_the_seeds_passage():
    # "the main players cannot just pass twice but must raise the level of the bid"
    with pytest.raises(RulesError, match="level 5 or more"):
        SKRUUVI.extended_auction_result("2H", "N", ["P"] * 4)
    assert raise_kitty_bid(SKRUUVI, "2H", "N") == ("5H", Seat.N)
    assert raise_kitty_bid(SKRUUVI, "4G", "E") == ("5G", Seat.E)
    assert raise_kitty_bid(SKRUUVI, "1M", "S") == ("5M", Seat.S)
    # "Although the kitty bid can be at any level": a bid of 5 or more stands as made
    assert raise_kitty_bid(SKRUUVI, "6S", "W") == ("6S", Seat.W)
    with pytest.raises(RulesError, match="no kitty bid") as info:
        raise_kitty_bid("vint", "2H", "N")
    assert isinstance(info.value, ValueError)


def test_the_low_bids_exist_only_in_the_kitty_games_first_auction():
    legal = SKRUUVI.auction_legal_calls([])
    assert kitty_low_bids(SKRUUVI, legal)[:7] == ["1M", "1S", "1C", "1D", "1H", "1G", "2M"]
    assert kitty_low_bids(SKRUUVI, legal)[-1] == "4G" and len(kitty_low_bids(SKRUUVI, legal)) == 24
    # after 3D only the higher bids: "bid higher than the previous bidder"
    assert kitty_low_bids(SKRUUVI, SKRUUVI.auction_legal_calls(["3D"]))[:3] == ["3H", "3G", "4M"]
    kotka = SKRUUVI.kotka()            # "the bidding begins at the 6-level"
    assert kitty_low_bids(kotka, kotka.auction_legal_calls([])) == []
    vint = _rules.get("vint")
    assert kitty_low_bids(vint, vint.auction_legal_calls([])) == []


def test_an_opening_hand_has_its_low_bids_among_the_candidates_lowest_first():
    sit = prepare(OPENER, seat="N", dealer="N", rules="skruuvi")
    calls = [c for c, _, _ in sit.candidates]
    # grand and spades (five of them; hearts hold only three) at every level, and misère
    for call in ("1S", "2S", "3S", "4S", "1G", "4G", "1M", "4M"):
        assert call in calls
    assert "1H" not in calls and "1C" not in calls
    spades = [c for c in calls if c.endswith("S")]
    assert spades == ["1S", "2S", "3S", "4S", "5S", "6S", "7S"]
    # if a low bid stands, its bidder raises it to 5 and declares
    assert {(c, k, d) for c, k, d in sit.candidates if c in ("2S", "3G", "4M")} == {
        ("2S", "5S", Seat.N), ("3G", "5G", Seat.N), ("4M", "5M", Seat.N)}
    assert sit.exchange == "kitty"


def test_passing_partners_low_bid_leaves_partners_raised_contract_not_a_throw_in():
    sit = prepare(OPENER, seat="S", dealer="N", auction="1H P", rules="skruuvi")
    assert sit.candidates[0] == ("P", "5H", Seat.N)
    # a misère kitty bid that stands is that misère, valued as one (not the all-pass)
    sit = prepare(OPENER, seat="S", dealer="N", auction="2M P", rules="skruuvi")
    assert sit.candidates[0] == ("P", "5M", Seat.N)
    sit = prepare(OPENER, seat="S", dealer="N", auction="5M P", rules="skruuvi")
    assert sit.candidates[0] == ("P", "5M", Seat.N)


def _real_score(deal, dealer, call):
    """NS's score on ``deal`` after ``call`` when the policy bids on and the real
    exchange follows (None: a misère or the all-pass misère, valued otherwise)."""
    contract, declarer = Policy(SKRUUVI).final_contract(
        dealer, Policy(SKRUUVI).play_out(deal, dealer=dealer, auction=[call]))
    if is_misere(SKRUUVI, contract):
        return None
    played = play_deal(SKRUUVI, deal, contract, declarer, kitty=kitty_left(deal), dealer=dealer)
    strain = strain_of(SKRUUVI, contract)
    tricks = dd_table(played, strains=[strain], declarers=[declarer])[declarer, strain]
    return SKRUUVI.score(None, contract, declarer.name, tricks).net("NS")


def test_a_low_bid_is_scored_through_the_continuation_and_the_exchange():
    rec = recommend(OPENER, seat="N", dealer="N", rules="skruuvi", samples=8, seed=3,
                    workers=1, early_stop=False, prune=False)
    one = rec.candidate("1S")
    assert one.samples == 8 and len(one.scores) == 8 and one.contract == "5S"
    checked = 0
    for deal, score in zip(rec.deals, one.scores):
        assert len(deal["N"]) == 12 and len(kitty_left(deal)) == 4
        want = _real_score(deal, Seat.N, "1S")
        if want is not None:
            assert score == want
            checked += 1
    assert checked >= 4
    # stands: 5S by North after the exchange, as the 5S candidate stands
    assert one.stands == rec.candidate("5S").stands


def test_kitty_advice_is_the_same_whatever_the_workers():
    answers = []
    for workers in (1, 2):
        rec = recommend(OPENER, seat="N", dealer="N", rules="skruuvi", samples=16, seed=4,
                        workers=workers)
        answers.append((rec.call, [(c.call, c.scores) for c in rec.candidates]))
    assert answers[0] == answers[1]
    assert any(c.startswith(("1", "2", "3", "4")) for c, _ in answers[0][1])


def test_kitty_low_bid_questions_reject_bad_input():
    with pytest.raises(AdviseError, match="12 in Skruuvi's Kitty game"):
        prepare("AKQ87.KJ4.A2.T", seat="N", dealer="N", rules="skruuvi")
    with pytest.raises(AdviseError, match="only with the card exchange"):
        prepare(OPENER, seat="N", dealer="N", rules="skruuvi", exchange=False)
    with pytest.raises(RulesError, match="illegal auction"):
        prepare(OPENER, seat="S", dealer="N", auction="2H 1S", rules="skruuvi")


# -- the policy makes the seed's low bids, and the readings read them -------------------

@pytest.mark.parametrize("hand, auction, call", [
    # "1 grand shows three Aces"; "2 grand shows 4 Aces"
    ("A32.A32.A32.Q432", [], "1G"),
    ("A32.A32.A32.A32", [], "2G"),
    # "1 of a suit shows a 5-card suit headed by 3 honours ... plus an Ace in another suit"
    ("AKQ87.KJ4.A2.T9", [], "1S"),
    # "3 grand shows a similar strength hand to 3 of a suit but with all suits about
    # equally strong and not more than two Aces"
    ("KQ2.QJ3.KJ32.A3", [], "3G"),
    # "3 of a suit ... (about 7 honours) ... with no good suit. The suit bid is the best one."
    ("KQJ2.Q.KJ32.AJ3", [], "3S"),
    # "grand at the lowest level or a single jump - shows 3 or 4 Aces respectively"
    ("AK2.AQ3.K32.A32", ["1S", "P"], "1G"),
    ("AK2.AQ3.A32.A32", ["1S", "P"], "2G"),
    ("AK2.AQ3.A32.A32", ["2H", "P"], "3G"),
    # "2 grand in response to 1 grand shows the fourth Ace"
    ("A32.K32.Q32.J432", ["1G", "P"], "2G"),
    # "immediate raise of partner's suit - 4 card support to an honour"
    ("Q432.K32.432.432", ["1S", "P"], "2S"),
])
def test_the_policy_bids_the_seeds_first_round_conventions(hand, auction, call):
    seat = SKRUUVI.seat_of_call(Seat.N, len(auction))
    decision = Policy(SKRUUVI).call(Hand.from_pbn(hand), seat=seat, dealer="N", auction=auction)
    assert decision.call == call, decision.reason
    assert decision.row.passage.startswith("seed 002")


def test_the_readings_accept_every_hand_the_policy_makes_the_call_with():
    # The readings (the sampler's constraints on a seat) are never stricter than
    # the policy's rows: a hand the policy bids a call with fits that call's reading.
    rng = np.random.default_rng(15)
    deck = [Card(s, r) for s in range(4) for r in range(2, 15)]
    policy = Policy(SKRUUVI)
    seen = set()
    for auction in ([], ["1S", "P"], ["1G", "P"], ["2H", "P"], ["1D", "P"]):
        seat = SKRUUVI.seat_of_call(Seat.N, len(auction))
        for _ in range(600):
            hand = Hand(deck[int(k)] for k in rng.choice(52, 12, replace=False))
            call = policy.call(hand, seat=seat, dealer="N", auction=auction).call
            if call == "P":
                continue
            readings = [i for i in read_auction(auction + [call], "N", SKRUUVI)
                        if i.index == len(auction)]
            for reading in readings:
                assert reading.constraint()(hand), (auction, call, reading.text, hand.to_pbn())
                seen.add((tuple(auction), call[-1], reading.text.split(" ")[0]))
    assert len(seen) >= 6


@pytest.mark.parametrize("auction, text", [
    (["1S"], "((spades >= 5 and honours_spades >= 3) or (spades >= 6 and honours_spades >= 2))"
             " and aces >= 1"),
    (["2H"], "(hearts >= 6 and honours_hearts >= 3) or (hearts >= 5 and honours_hearts >= 4)"),
    (["3D"], "honours_spades + honours_hearts + honours_diamonds + honours_clubs >= 6"),
    (["3G"], "honours_spades + honours_hearts + honours_diamonds + honours_clubs >= 6"
             " and aces <= 2"),
    (["1S", "P", "1G"], "aces >= 3"),
    (["1S", "P", "2G"], "aces == 4"),
    (["1G", "P", "2G"], "aces >= 1"),
    (["1S", "P", "2S"], "spades >= 4 and honours_spades >= 1"),
    (["1S", "P", "2M"], "spades <= 1 and honours_spades == 0"),
    (["5H"], None),                    # "5 or 6 ... - preemptive"
    (["1S", "P", "3G"], None),         # neither the lowest grand nor a single jump
])
def test_the_readings_follow_the_seeds_conventions(auction, text):
    found = [i.text for i in read_auction(auction, "N", SKRUUVI) if i.index == len(auction) - 1]
    assert found == ([] if text is None else [text])


def test_with_the_par_reply_a_low_bid_is_worth_its_raised_contract_not_more():
    # par lets the opponents outbid a contract; a low kitty bid is that contract
    # at level 5, so it scores what the 5-level bid scores, sample by sample
    # (valued as it stands it would dodge the opponents' outbidding).
    rec = recommend(OPENER, seat="N", dealer="N", rules="skruuvi", samples=8, seed=2,
                    workers=1, reply="par", early_stop=False)
    for low, five in (("1S", "5S"), ("4S", "5S"), ("2G", "5G")):
        assert rec.candidate(low).scores == rec.candidate(five).scores
    assert any(s != t for s, t in zip(rec.candidate("1S").scores, rec.candidate("1S").stands))
