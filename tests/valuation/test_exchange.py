"""Skruuvi's card exchanges (advisor.valuation.exchange) and the analysis of a deal given
before the exchange: who gives what to whom, the seed's conventions, bad input."""

import json

import numpy as np
import pytest

from advisor import rules
from advisor.analysis import analyse
from advisor.cli import main
from advisor.valuation.exchange import (ExchangeError, all_pass_exchange, bolshevik_exchange,
                              defenders_exchange, kitty_exchange, kotka_exchange, play_deal,
                              read_kitty)
from solver import dd_table
from solver.cards import SEATS, Card, Deal, Hand, Seat, Strain

SKRUUVI = rules.get("skruuvi")
KOTKA = SKRUUVI.kotka()
FULL = "N:AKQJT9876.32.2.2 5432.AK.AK.AKQJT .QJT98.QJT98.987 .7654.76543.6543"
TWELVE = "N:AKQJT9876.32.2. 5432.AK.AK.AKQJ .QJT98.QJT98.98 .7654.76543.654"
KITTY = "C2 CT C7 C3"


def random_deal(rng, kitty: bool):
    """13-card hands, or 12-card hands and a 4-card kitty."""
    cards = [Card.from_index(16 * s + r) for s in range(4) for r in range(13)]
    order = rng.permutation(52)
    size = 12 if kitty else 13
    hands = [Hand(cards[i] for i in order[k * size:(k + 1) * size]) for k in range(4)]
    rest = Hand(cards[i] for i in order[4 * size:]) if kitty else None
    return Deal(hands), rest


def moved(before: Deal, after: Deal, seat) -> tuple:
    """(cards the seat lost, cards it gained)."""
    b, a = set(before[seat]), set(after[seat])
    return b - a, a - b


def all_cards(deal: Deal, kitty=None) -> set:
    out = {c for s in SEATS for c in deal[s]}
    return out | set(kitty or ())


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("contract", ["5H", "6S", "7G", "6M"])
def test_kitty_exchange_moves_the_right_numbers_of_cards(seed, contract):
    deal, kitty = random_deal(np.random.default_rng(seed), kitty=True)
    bidder = SEATS[seed % 4]
    after = kitty_exchange(deal, kitty, bidder, SKRUUVI.contract(contract))
    assert all(len(after[s]) == 13 for s in SEATS)
    assert all_cards(after) == all_cards(deal, kitty)
    for opponent in (bidder.lho, bidder.rho):          # one card each, nothing taken
        lost, gained = moved(deal, after, opponent)
        assert not lost and len(gained) == 1


@pytest.mark.parametrize("seed", range(40))
def test_kitty_exchange_gives_the_bidders_trumps_to_partner(seed):
    deal, kitty = random_deal(np.random.default_rng(seed), kitty=True)
    bidder = SEATS[seed % 4]
    trump = Strain.H
    held = [c for c in list(deal[bidder]) + list(kitty) if c.suit == trump]
    after = kitty_exchange(deal, kitty, bidder, SKRUUVI.contract("5H"))
    passed = sorted(held, key=lambda c: -c.rank)[:4]
    # "so that all trumps can be passed to one hand": they stay with partner.
    assert all(c in after[bidder.partner] for c in passed)
    if len(held) <= 4:
        assert not [c for c in after[bidder] if c.suit == trump]


@pytest.mark.parametrize("seed", range(30))
def test_kotka_exchange_collects_the_trumps_in_the_bidders_hand(seed):
    deal, _ = random_deal(np.random.default_rng(seed), kitty=False)
    bidder = SEATS[seed % 4]
    after = kotka_exchange(deal, bidder, KOTKA.contract("6S"))
    for seat in (bidder.lho, bidder.rho):              # the defenders keep their cards
        assert after[seat] == deal[seat]
    lost, gained = moved(deal, after, bidder)
    assert len(lost) == len(gained) == 4
    assert all(c.suit != Strain.S for c in lost)        # the bidder keeps its trumps
    theirs = [c for c in deal[bidder.partner] if c.suit == Strain.S]
    returned = [c for c in gained if c.suit == Strain.S]
    assert len(returned) == min(4, len(theirs))         # "will usually return four trumps"


@pytest.mark.parametrize("seed", range(30))
def test_defenders_swap_one_card_each_way(seed):
    deal, _ = random_deal(np.random.default_rng(seed), kitty=False)
    declarer = SEATS[seed % 4]
    for contract in ("5H", "5M"):
        after = defenders_exchange(deal, declarer, SKRUUVI.contract(contract))
        assert after[declarer] == deal[declarer]
        assert after[declarer.partner] == deal[declarer.partner]
        for seat in (declarer.lho, declarer.rho):
            lost, gained = moved(deal, after, seat)
            assert len(lost) == len(gained) == 1


def test_defenders_in_misere_pass_the_ace_of_their_shortest_suit():
    # West (declarer N's left... no: East is N's left-hand opponent) holds a
    # singleton ace of diamonds: "or the Ace of that suit if they have it".
    deal = Deal.from_pbn("N:AKQJ.AKQJ.KQJ.KQ T987.T98.A.JT987 6543.765.T987.65 2.432.65432.A432")
    after = defenders_exchange(deal, "N", SKRUUVI.contract("5M"))
    assert Card.parse("DA") in after["W"] and Card.parse("DA") not in after["E"]
    trumps = defenders_exchange(deal, "N", SKRUUVI.contract("5S"))
    # In trumps: "the highest card of their shortest suit" (the singleton ace again).
    assert Card.parse("DA") in trumps["W"]


def test_all_pass_exchange_deals_the_kitty_and_swaps_within_both_pairs():
    deal = Deal.from_pbn(TWELVE)
    after = all_pass_exchange(deal, "S", read_kitty(KITTY))
    assert all(len(after[s]) == 13 for s in SEATS)
    assert all_cards(after) == all_cards(deal, read_kitty(KITTY))
    # Dealer S: the kitty goes W, N, E, S (from the dealer's left), one card each.
    for seat in SEATS:
        lost, gained = moved(deal, after, seat)
        assert len(gained) - len(lost) == 1


@pytest.mark.parametrize("contract,lowest", [("7M", False), ("7S", True)])
def test_bolshevik_gives_one_card_to_each_opponent(contract, lowest):
    deal = Deal.from_pbn(TWELVE)
    after = bolshevik_exchange(deal, KITTY, "W", SKRUUVI.contract(contract))
    for seat in ("N", "E", "S"):
        lost, gained = moved(deal, after, seat)
        assert not lost and len(gained) == 1
    given = {c for s in "NES" for c in moved(deal, after, s)[1]}
    kept = set(after["W"])
    if lowest:
        assert max(c.rank for c in given) <= 10
    else:                                 # misère: the three highest cards go
        assert min(c.rank for c in given) >= max(c.rank for c in kept)


def test_play_deal_runs_the_defenders_exchange_only_below_level_6():
    deal = Deal.from_pbn(TWELVE)
    five = play_deal(SKRUUVI, deal, "5H", "N", kitty=KITTY)
    six = play_deal(SKRUUVI, deal, "6H", "N", kitty=KITTY)
    assert five["N"] == six["N"] and five["S"] == six["S"]
    assert five["E"] != six["E"] or five["W"] != six["W"]


@pytest.mark.parametrize("call,problem", [
    (lambda: read_kitty("C2 CT C7"), "4 cards, not 3"),
    (lambda: read_kitty("SA H7 D2 CT", Deal.from_pbn(FULL)), "also in a hand"),
    (lambda: read_kitty("SA H7 D2 XT"), "cannot read the kitty"),
    (lambda: kitty_exchange(Deal.from_pbn(FULL), KITTY, "N", SKRUUVI.contract("5H")),
     "needs 12 cards"),
    (lambda: play_deal("vint", Deal.from_pbn(FULL), "5H", "N"), "no card exchange"),
    (lambda: play_deal(SKRUUVI, Deal.from_pbn(TWELVE), "5H", "N"), "needs the kitty"),
    (lambda: play_deal(KOTKA, Deal.from_pbn(FULL), "6H", "N", kitty=KITTY), "no kitty"),
])
def test_bad_input_is_a_clear_value_error(call, problem):
    with pytest.raises(ExchangeError, match=problem) as info:
        call()
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("seed", range(3))
def test_analysis_before_the_exchange_scores_each_contract_on_its_own_deal(seed):
    deal, kitty = random_deal(np.random.default_rng(100 + seed), kitty=True)
    a = analyse(deal, rules="skruuvi", kitty=kitty)
    assert a.exchange.kind == "kitty"
    for contract, declarer in (("5H", "E"), ("6S", "N"), ("7G", "W")):
        played = play_deal(SKRUUVI, deal, contract, declarer, kitty=kitty)
        strain = "NT" if contract.endswith("G") else contract[1]
        tricks = dd_table(played, strains=[strain], declarers=[declarer])[declarer, strain]
        assert a.outcomes[contract][declarer].tricks == tricks
        assert a.exchange.deal_for(contract, declarer, "skruuvi") == played


def test_kotka_analysis_before_the_exchange():
    a = analyse(FULL, rules=KOTKA, before_exchange=True)
    played = play_deal(KOTKA, Deal.from_pbn(FULL), "6S", "N")
    assert a.outcomes["6S"]["N"].tricks == dd_table(played, strains="S", declarers="N")["N", "S"]
    assert a.to_dict()["exchange"]["kind"] == "kotka"


def test_vint_analyse_kitty_from_the_command_line(capsys):
    status = main(["analyse", "--rules", "skruuvi", "--kitty", KITTY, TWELVE, "--letters"])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert "Given before the exchange (Kitty game" in out
    assert "The par contract's deal after its exchange" in out
    status = main(["analyse", "--rules", "skruuvi", "--kitty", KITTY, TWELVE, "--json"])
    data = json.loads(capsys.readouterr()[0])
    assert data["exchange"]["kitty"] == read_kitty(KITTY).to_pbn()
    # One table per exchange group, not one per level.
    assert sorted(data["exchange"]["dd_tables"]) == ["4-5", "6-7"]


def test_kotka_json_has_one_table_for_every_level():
    data = analyse(FULL, rules=KOTKA, before_exchange=True).to_dict()
    assert list(data["exchange"]["dd_tables"]) == ["4-7"]


@pytest.mark.parametrize("argv,problem", [
    (["--rules", "vint", "--kitty", KITTY, TWELVE], "Skruuvi's games and card"),
    (["--rules", "skruuvi", "--kitty", "C2 CT", TWELVE], "4 cards"),
    (["--rules", "skruuvi", "--kotka", "--kitty", KITTY, TWELVE], "no kitty"),
    (["--rules", "skruuvi", "--before-exchange", FULL], "12 cards a hand"),
])
def test_vint_analyse_exchange_errors(capsys, argv, problem):
    status = main(["analyse", *argv])
    _, err = capsys.readouterr()
    assert status == 2 and problem in err and "Traceback" not in err


# --------------------------------------------------------------------------
# The bidding advisor with the exchange modelled

from advisor.bidding.advise import AdviseError, recommend  # noqa: E402

KITTY_HAND = "AKQ87.KJ4.A2.T9"          # 12 cards: a Kitty game hand before the exchange


def kitty_of(deal: Deal) -> Hand:
    """The 4 cards no hand holds, counted card by card (not by advisor.valuation.exchange)."""
    held = {c for s in SEATS for c in deal[s]}
    return Hand(Card(s, r) for s in range(4) for r in range(2, 15) if Card(s, r) not in held)


def test_kitty_left_is_the_cards_no_hand_holds():
    from advisor.valuation.exchange import kitty_left
    deal = Deal.from_pbn(TWELVE)
    assert kitty_left(deal) == kitty_of(deal) == read_kitty(KITTY)


def check_tricks_are_the_exchanged_deals(rec, rs):
    """Every trick count the advisor used is the exchanged deal's DD result."""
    checked = 0
    for deal, tricks in list(zip(rec.deals, rec.tricks))[:2]:
        kitty = kitty_of(deal) if len(deal["N"]) == 12 else None
        for (declarer, strain, group), n in tricks.items():
            name = "G" if strain == "NT" else strain
            played = play_deal(rs, deal, f"{group}{name}", declarer, kitty=kitty,
                               dealer=rec.dealer)
            assert all(len(played[s]) == 13 for s in SEATS)
            assert dd_table(played, strains=[strain], declarers=[declarer])[
                declarer, strain] == n
            checked += 1
    assert checked


def test_kitty_game_advice_samples_twelve_cards_and_a_kitty():
    rec = recommend(KITTY_HAND, seat="N", dealer="N", rules="skruuvi", samples=4, seed=3,
                    workers=1, early_stop=False)
    assert rec.call in SKRUUVI.auction_legal_calls([])
    assert all(len(d[s]) == 12 for d in rec.deals for s in SEATS)
    assert all(len(kitty_of(d)) == 4 for d in rec.deals)
    check_tricks_are_the_exchanged_deals(rec, SKRUUVI)


def test_kotka_advice_solves_the_deal_after_the_exchange():
    rec = recommend("AKQJ987.K4.A2.T9", seat="N", dealer="N", rules=KOTKA, samples=4, seed=5,
                    workers=1, early_stop=False)
    check_tricks_are_the_exchanged_deals(rec, KOTKA)
    plain = recommend("AKQJ987.K4.A2.T9", seat="N", dealer="N", rules=KOTKA, samples=4, seed=5,
                      workers=1, early_stop=False, exchange=False)
    assert all(len(key) == 2 for t in plain.tricks for key in t)     # (declarer, strain)


def test_kitty_game_with_thirteen_cards_warns_that_the_exchange_is_not_modelled():
    rec = recommend("AKQ87.KJ4.A2.T93", seat="N", dealer="N", rules="skruuvi", samples=2,
                    seed=1, workers=1)
    assert "holds 12 cards before the exchange" in rec.warning


@pytest.mark.parametrize("kwargs,problem", [
    ({"rules": "skruuvi", "exchange": False}, "only with the card exchange"),
    ({"rules": "vint"}, "must hold 13 cards, not 12"),
])
def test_twelve_card_hands_outside_the_kitty_exchange_are_refused(kwargs, problem):
    with pytest.raises(AdviseError, match=problem):
        recommend(KITTY_HAND, seat="N", dealer="N", samples=2, seed=1, **kwargs)


def test_a_kitty_that_is_not_cards_is_an_exchange_error():
    # read_kitty(5) raised TypeError ('int' object is not iterable), not a ValueError.
    for bad in (5, [None], ["SA", 7]):
        with pytest.raises(ExchangeError, match="cannot read the kitty"):
            read_kitty(bad)
    assert read_kitty(["SA", Card.parse("S2"), "HK", "CT"]) == read_kitty("SA S2 HK CT")
