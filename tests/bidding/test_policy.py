"""The bidding policy (advisor.bidding.policy): a call from one hand and the auction."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor import rules as game_rules
from advisor.bidding.constraints import compile_constraint
from advisor.bidding.policy import POLICY_FEATURES, Policy, PolicyError, sure_tricks
from advisor.bidding.tables import TABLES
from advisor.rules import RulesError
from solver.cards import Card, Deal, Hand, Seat


def Table(rules):
    """The policy's table alone: these tests are of its rows (the correction
    learned from the advisor on top of it: test_learned.py)."""
    return Policy(rules, learned=False)


def hand(text: str) -> Hand:
    """``"AKQ.JT9.876.5432"`` (spades, hearts, diamonds, clubs)."""
    return Hand(
        [Card(s, "23456789TJQKA".index(r) + 2) for s, part in enumerate(text.split("."))
         for r in part])


def test_every_row_reads_and_cites_a_passage():
    for name, table in TABLES.items():
        for row in table:
            assert row.situation in ("open", "respond", "overcall", "rebid"), row
            assert row.strain in ("NT", "suit", "partner", "own", "CT"), row
            assert row.level in (1, 2, 3, 4, 5, 6, 7, "cheapest", "jump", "tricks", "reach"), row
            assert row.passage.startswith("seed 00"), row
            text = row.hand.format(suit="hearts", partner="spades")
            compile_constraint(text, extra_features=POLICY_FEATURES)


def test_sure_tricks():
    h = hand("AKQJT98.A.K32.A2")
    assert sure_tricks(h, 0) == 7 + 1 + 0 + 1       # seven solid trumps, two side aces
    assert sure_tricks(h, None) == 7 + 1 + 0 + 1    # without trumps: the unbroken run
    assert sure_tricks(hand("QJ9876.K32.Q2.32"), 0) == 6 - 2


def test_three_aces_open_no_trumps_in_vint_and_grand_in_skruuvi():
    h = hand("A32.A54.A876.532")
    d = Table("vint").call(h, seat="N", dealer="N", auction=[])
    assert d.call == "1NT" and "three or four aces" in d.reason and "seed 004" in d.row.passage
    assert Table("skruuvi").call(h, seat="N", dealer="N", auction=[]).call == "1G"
    four = hand("A32.A54.A876.A32")
    assert Table("skruuvi").call(four, seat="N", dealer="N", auction=[]).call == "2G"


def test_seven_sure_tricks_bid_two_from_the_hand():
    h = hand("AKQJ76.A32.32.32")                     # 6 trumps + 1 ace = 7 sure tricks
    d = Table("vint").call(h, seat="E", dealer="E", auction=[])
    assert d.call == "2S" and "seven sure tricks" in d.reason


def test_a_hand_without_honours_passes():
    h = hand("9876.5432.987.32")
    for name in ("vint", "skruuvi", "semi-contract"):
        seat = game_rules.get(name).seat_of_call(Seat.N, 2)
        d = Table(name).call(h, seat=seat, dealer="N", auction=["P"] * 2)
        assert d.call == "P" and d.row is None and "passes" in d.reason


def test_partner_is_raised_with_four_trumps():
    # North opened 1H; South holds four hearts with an honour and side strength.
    h = hand("A2.KJ54.AK32.432")
    d = Table("vint").call(h, seat="S", dealer="N", auction=["1H", "P"])
    assert d.call.endswith("H") and "partner's suit" in d.reason
    assert "the partnership's tricks in hearts estimated at" in d.reason     # the model, in words


def test_a_raise_goes_no_higher_than_the_trick_models_best_level():
    # Three hearts and an honour raise a strong hand; a weak one with the same
    # support passes: the trick model's best level does not reach the raise.
    policy = Table("vint")
    strong = policy.call(hand("AK2.KJ5.AK32.432"), seat="S", dealer="N", auction=["1H", "P"])
    weak = policy.call(hand("982.J54.8532.432"), seat="S", dealer="N", auction=["1H", "P"])
    assert strong.call.endswith("H") and weak.call == "P"
    level = policy.best_level(hand("AK2.KJ5.AK32.432"), "H",
                              policy.reading(["1H", "P"], "S", "N"))
    assert int(strong.call[0]) <= level


def test_skruuvi_kitty_bid_below_five_is_raised_to_five():
    policy = Table("skruuvi")
    auction = ["1H"] + ["P"] * 8
    rs = game_rules.get("skruuvi")
    assert rs.auction_is_over(auction)
    contract, declarer = policy.final_contract("N", auction)
    assert (contract, declarer) == ("5H", Seat.N)


def test_bad_questions_are_clear_errors():
    policy = Table("vint")
    with pytest.raises(PolicyError, match="13 cards"):
        policy.call(hand("AKQ.JT9.876.543"), seat="N", dealer="N", auction=[])
    with pytest.raises(PolicyError, match="turn"):
        policy.call(hand("AKQ.JT9.8765.543"), seat="E", dealer="N", auction=[])
    with pytest.raises(PolicyError, match="over"):
        policy.call(hand("AKQ.JT9.8765.543"), seat="N", dealer="N", auction=["1S"] + ["P"] * 12)
    with pytest.raises(RulesError):
        policy.call(hand("AKQ.JT9.8765.543"), seat="E", dealer="N", auction=["9S"])
    assert issubclass(PolicyError, ValueError)
    with pytest.raises(PolicyError, match="a Hand or PBN text"):
        policy.call(42, seat="N", dealer="N", auction=[])
    with pytest.raises(ValueError, match="four suits"):
        policy.call("XYZ", seat="N", dealer="N", auction=[])


def test_a_hand_and_an_auction_may_be_given_as_text():
    """As ``recommend`` takes them: PBN text for the hand (it was counted as 16
    "cards" before) and the auction as one string of calls."""
    policy = Table("vint")
    as_text = policy.call("AKQ.JT9.8765.543", seat="S", dealer="W", auction="P 1S P")
    as_objects = policy.call(hand("AKQ.JT9.8765.543"), seat="S", dealer="W",
                             auction=["P", "1S", "P"])
    assert as_text == as_objects


def _random_table(seed: int, name: str):
    """A game's rules, a shuffled deal, its dealer and a fresh policy."""
    rs = game_rules.get(name)
    deck = [Card(s, r) for s in range(4) for r in range(2, 15)]
    random.Random(seed).shuffle(deck)
    deal = Deal([Hand(deck[13 * i:13 * i + 13]) for i in range(4)])
    return rs, deal, Seat(seed % 4), Table(rs)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.sampled_from(game_rules.names()))
def test_four_policy_players_make_a_legal_auction_that_ends(seed, name):
    rs, deal, dealer, policy = _random_table(seed, name)
    auction = []
    for _ in range(200):
        if rs.auction_is_over(auction):
            break
        seat = rs.seat_of_call(dealer, len(auction))
        decision = policy.call(deal[seat], seat=seat, dealer=dealer, auction=auction)
        assert decision.call in rs.auction_legal_calls(auction)
        assert decision.reason
        # Deterministic: the same question, the same answer.
        assert policy.call(deal[seat], seat=seat, dealer=dealer, auction=auction) == decision
        auction.append(decision.call)
    assert rs.auction_is_over(auction)
    # play_out, which keeps each seat's reading up to date and remembers its
    # decisions, plays the same auction from any point of it.
    for start in (0, len(auction) // 2):
        assert policy.play_out(deal, dealer=dealer, auction=auction[:start]) == auction


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.sampled_from(game_rules.names()))
def test_a_remembered_decision_is_the_one_a_fresh_policy_makes(seed, name):
    # Two continuations on one deal, the second after the first has filled the
    # policy's memory: each call equals that of a policy that remembers nothing.
    rs, deal, dealer, policy = _random_table(seed, name)
    first = policy.play_out(deal, dealer=dealer, auction=[])
    opening = next((c for c in rs.auction_legal_calls([]) if c != "P"), "P")
    for start in ([], [opening]):
        auction = policy.play_out(deal, dealer=dealer, auction=start)
        for i in range(len(start), len(auction)):
            seat = rs.seat_of_call(dealer, i)
            fresh = Table(rs).call(deal[seat], seat=seat, dealer=dealer, auction=auction[:i])
            assert fresh.call == auction[i], (i, auction)
    assert first == policy.play_out(deal, dealer=dealer, auction=[])


def test_continuations_share_auctions_and_forget_them_when_full(monkeypatch):
    # play_out keeps each auction it reaches (readings, legal calls) for the next
    # continuation; with room for only a few it starts afresh, and the calls on
    # many deals stay those of a policy that keeps everything.
    import advisor.bidding.policy as policy_module
    keeping = Table("vint")
    tables = [_random_table(seed, "vint") for seed in range(12)]
    expected = [keeping.play_out(deal, dealer=dealer, auction=[])
                for _, deal, dealer, _ in tables]
    assert len(keeping._steps) <= 4 and keeping._steps_made > 12   # one tree a dealer
    monkeypatch.setattr(policy_module, "STEPS_KEPT", 3)
    forgetting = Table("vint")
    for (_, deal, dealer, _), auction in zip(tables * 2, expected * 2):
        assert forgetting.play_out(deal, dealer=dealer, auction=[]) == auction
        assert forgetting._steps_made <= 3
    # a step is never changed: the first auction's readings are still the empty auction's
    root = keeping._steps[tables[0][2]]
    assert all(not r.anyone_bid for r in root.readings)
    # a later auction walks the steps of its earlier calls
    step = keeping._first_step(list(expected[0][:3]), tables[0][2])
    assert step is root.after[expected[0][0]].after[expected[0][1]].after[expected[0][2]]


def test_play_out_refuses_a_short_hand():
    policy = Table("vint")
    with pytest.raises(PolicyError, match="13 cards"):
        policy.play_out({s: hand("AKQ.JT9.876.5") for s in Seat}, dealer="N", auction=[])


def test_an_independent_suit_is_named_again_but_not_over_partners_suit():
    # seed 004: go over to one's own suit (five to two of A K Q) rather than let
    # partner's no-trumps stand; but never take partner's suit away.
    opener = hand("K76.4.KQ842.AK76")
    p = Table("vint")
    d = p.call(opener, seat="E", dealer="E", auction=["1D", "P", "1NT", "P"])
    assert d.call == "2D" and d.row is not None and "independent" in d.reason
    assert p.call(opener, seat="E", dealer="E", auction=["1D", "P", "1H", "P"]).call == "P"
    # five cards with only one of A K Q is not independent
    weaker = hand("K76.4.K9842.AK76")
    assert p.call(weaker, seat="E", dealer="E", auction=["1D", "P", "1NT", "P"]).call == "P"


def test_courts_sure_tricks_count_the_court_cards_as_trumps():
    from advisor.bidding.policy import courts_sure_tricks
    # all twelve court cards: twelve trumps, the two of clubs is no trick
    assert courts_sure_tricks(hand("KQJ.KQJ.KQJ.KQJ2")) == 12
    # eight court cards with KH and KC among the top three (KD missing): 8 - 1,
    # and the clubs' 10 9 (the top of a suit in the Courts deck): 2
    assert courts_sure_tricks(hand("KJ5.KQJ.Q72.KJT9")) == 7 + 2
    # no court card: only unbroken runs from the 10
    assert courts_sure_tricks(hand("A8765.A432.T98.A")) == 0 + 3


def test_semi_contract_policy_bids_courts_with_a_hand_of_court_cards():
    p = Table("semi-contract")
    d = p.call(hand("KJ5.KQJ.Q72.KJT9"), seat="S", dealer="E", auction=[])
    # nine sure tricks and partner's one: ten, so as high as 4 Courts at once
    assert d.call == "4CT" and "court cards" in d.reason
    assert d.row.passage.startswith("seed 003") and "Courts suit is trump" in d.row.passage
    # over an opponent's bid too; an ordinary hand does not bid Courts
    assert p.call(hand("KJ5.KQJ.Q72.KJT9"), seat="S", dealer="N",
                  auction=["1S"]).call == "4CT"
    assert "CT" not in p.call(hand("AKQ87.KJ4.A2.T93"), seat="S", dealer="E", auction=[]).call
    # six court cards and fewer sure tricks: no Courts
    assert "CT" not in p.call(hand("KQ5.J84.KQ3.QJ92"), seat="S", dealer="E", auction=[]).call
    # Vint has no Courts: the same hand never bids it there
    assert "CT" not in Table("vint").call(hand("KJ5.KQJ.Q72.KJT9"), seat="S", dealer="S",
                                           auction=[]).call


def test_a_standing_bid_of_ones_own_is_not_named_again_on_shape_alone():
    # The same opener: when its 1D stands after three passes, 2D would only raise its
    # own contract (seed 004: "with one trick do not raise the game"); another
    # independent suit of its own is still shown.
    opener = hand("K76.4.KQ842.AK76")
    p = Table("vint")
    assert p.call(opener, seat="E", dealer="E", auction=["1D", "P", "P", "P"]).call == "P"
    two_suits = hand("AQ765.4.KQ842.76")
    d = p.call(two_suits, seat="E", dealer="E", auction=["1D", "P", "P", "P"])
    assert d.call == "2S" and "independent" in d.reason
    # partner's raise still lets it bid on by the tricks (the supported row)
    strong = hand("A7.4.AKQJ842.AK7")
    d = p.call(strong, seat="E", dealer="E", auction=["1D", "P", "2D", "P"])
    assert d.call.endswith("D") and int(d.call[0]) >= 3 and "supports" in d.reason


def test_a_responder_does_not_take_partners_suit_away_to_its_own():
    # seed 004: "НЕЛЬЗЯ ОТБИВАТЬ ИГРУ СВОЕГО ПАРТНЕРА И ПЕРЕВОДИТЬ НА СВОЮ МАСТЬ". Over
    # partner's 1D (and over partner's overcall) a five-card suit of its own is not
    # named; after partner's later no-trumps (partner passed first) it is.
    responder = hand("Q9.KJT832.973.K7")
    p = Table("vint")
    assert p.call(responder, seat="W", dealer="E", auction=["1D", "P"]).call == "P"
    assert p.call(responder, seat="E", dealer="E", auction=["P", "1D", "2C", "P"]).call == "P"
    d = p.call(responder, seat="S", dealer="N", auction=["P", "P", "P", "1S", "1NT", "P"])
    assert d.call == "2H" and "of its own" in d.reason


def test_two_aces_bid_no_trumps_after_their_own_pass():
    # seed 004: "имея двух Тузов необходимо заказать 'без козырей' после паса". An
    # 18-point hand with two aces and no suit to name (no four cards with two
    # honours) passes at the first turn (no-trumps there shows three aces) and bids
    # no-trumps at the second, when nobody has bid since.
    p = Table("vint")
    strong = hand("AKJ.K932.A63.QJ7")
    assert p.call(strong, seat="N", dealer="E", auction=["P", "P", "P"]).call == "P"
    d = p.call(strong, seat="N", dealer="E", auction=["P", "P", "P", "P", "P", "P", "P"])
    assert d.call == "1NT" and "after its own pass" in d.reason
    # ... not with 13 points, nor once somebody has bid
    weaker = hand("AKJ.9832.A63.732")
    assert p.call(weaker, seat="N", dealer="E", auction=["P"] * 7).call == "P"
    assert p.call(strong, seat="N", dealer="E", auction=["P", "P", "P", "P", "1S", "P", "P"]
                  ).call != "1NT"
    # Partner reads two aces (three for a first-turn no-trumps), and shows a
    # five-card suit with one honour over it, whatever its points.
    reading = p.reading(["P", "P", "P", "P", "P", "P", "P", "1NT", "P"], "S", "E")
    assert reading.partner_aces == 2
    assert p.reading(["P", "P", "P", "1NT", "P"], "S", "E").partner_aces == 3
    weak = hand("84.Q8765.T98.T83")
    d = p.call(weak, seat="S", dealer="E", auction=["P", "P", "P", "P", "P", "P", "P", "1NT",
                                                    "P"])
    assert d.call == "2H" and "of its own" in d.reason
    # Two aces answer it in no-trumps, and the reason does not speak of a suit
    # partner never named.
    d = p.call(hand("A84.A876.T98.832"), seat="S", dealer="E",
               auction=["P"] * 7 + ["1NT", "P"])
    assert d.call == "2NT" and "two aces" in d.reason and "suit" not in d.reason.split("(")[0]


def test_partners_game_from_the_hand_is_raised_with_two_trumps():
    # Partner's 2C "from the hand" promises six clubs with three honours and
    # seven sure tricks (seed 004): two trumps and side tricks raise it, as far
    # as the trick model reaches ("если игрок имеет три верные взятки, то он
    # должен поднять на 'три'"); over a 1C opening the same hand has no raise.
    p = Table("vint")
    raise_ = p.call(hand("J98.KJ92.A2.8742"), seat="E", dealer="N",
                    auction=["P", "P", "P", "2C", "P"])
    assert raise_.call == "3C" and "from the hand" in raise_.reason
    assert p.call(hand("J98.KJ92.A2.8742"), seat="E", dealer="N",
                  auction=["P", "P", "P", "1C", "P"]).call == "P"
    # one trump is not support
    single = p.call(hand("J98.KJ92.AT432.8"), seat="E", dealer="N",
                    auction=["P", "P", "P", "2C", "P"])
    assert single.row is None or single.row.reason != raise_.row.reason


def test_an_overcall_needs_the_sure_tricks_seed_004_asks_for_its_level():
    # seed 004: seven tricks (level 1) with five sure tricks, two honours in trumps and
    # four cards; "two" only with six sure tricks; "three" with eight (six trumps, three
    # honours). Sure tricks: the suit's length less its missing A K Q, and side aces.
    p = Table("vint")

    def over(h, auction):
        d = p.call(hand(h), seat="E", dealer="N", auction=auction)
        assert d.call == "P" or ("sure tricks" in d.reason and "seed 004" in d.row.passage)
        return d.call
    # AKQ5 of hearts (four sure) and the ace of spades: five, 1H over 1D
    assert over("A2.AKQ5.8765.432", ["1D"]) == "1H"
    # without the side ace only four sure tricks: no overcall
    assert over("Q2.AKQ5.8765.432", ["1D"]) == "P"
    # spades over 1H need level 2: six sure tricks (AKQ76 and a side ace) bid 2S ...
    assert over("AKQ76.A2.8765.32", ["1H"]) == "2S"
    # ... five do not (the one-level row does not go to level 2)
    assert over("AKQ76.32.8765.32", ["1H"]) == "P"
    # a four-card suit does not reach level 2 even with six sure tricks
    assert over("AKQJ.AK.8765.432", ["1H"]) == "P"
    # over 2H spades need level 3: eight sure tricks with six trumps and three
    # honours (AKQJ76, the side AK) bid 3S; seven do not
    assert over("AKQJ76.AK.765.32", ["2H"]) == "3S"
    assert over("AKQJ76.A2.765.32", ["2H"]) == "P"
    # the cheapest level: eight sure tricks over 1D name the suit at once, not higher
    assert over("2.AKQJ76.AK5.432", ["1D"]) == "1H"


def test_a_first_raise_goes_at_once_to_the_trick_models_best_level():
    # "если игрок имеет три верные взятки, то он должен поднять на «три»": the raise's
    # level tells partner how many tricks the raiser counts.
    policy = Table("vint")
    responder = hand("AK2.KJ5.AK32.432")
    d = policy.call(responder, seat="S", dealer="N", auction=["1H", "P"])
    level = policy.best_level(responder, "H", policy.reading(["1H", "P"], "S", "N"))
    assert level >= 2 and d.call == f"{level}H"


def test_a_suit_opening_asks_twelve_points():
    policy = Table("vint")
    eleven = hand("KQ85.982.Q854.A2")          # four spades with two honours, 11 points
    twelve = hand("KQ85.J82.Q854.A2")
    assert policy.call(eleven, seat="N", dealer="N", auction=[]).call == "P"
    assert policy.call(twelve, seat="N", dealer="N", auction=[]).call == "1S"


def test_the_no_trumps_opener_goes_over_to_its_own_suit_after_partners():
    # seed 004: "он обязан переходить без паса на свою масть" after his first-turn
    # no-trumps, even though partner has shown diamonds over them.
    opener = hand("AK9863.AK5..AJ93")
    d = Table("vint").call(opener, seat="N", dealer="N", auction=["1NT", "P", "2D", "P"])
    assert d.call == "3S" and "no-trumps" in d.reason      # spades rank below diamonds
    # a player whose first bid was a suit still leaves partner's suit alone
    assert Table("vint").call(hand("K76.4.KQ842.AK76"), seat="E", dealer="E",
                               auction=["1D", "P", "1H", "P"]).call == "P"


def test_partners_no_trumps_show_aces_by_the_seeds_convention():
    policy = Table("vint")
    assert policy.reading(["1NT", "P"], "S", "N").partner_aces == 3      # the first bid
    assert policy.reading(["1H", "P", "1NT", "P"], "N", "N").partner_aces == 2   # over a suit
    assert policy.reading(["P", "P", "1NT", "P"], "N", "N").partner_aces == 3
    assert policy.reading(["1NT", "P", "2NT", "P"], "N", "N").partner_aces == 1  # over mine
    assert policy.reading(["1H", "P", "2H", "P"], "N", "N").partner_aces == 0


def test_a_strong_rebidder_shows_a_second_four_card_suit():
    policy = Table("vint")
    strong = hand("AKQ5.2.AK76.Q762")           # 18 points: spades, then diamonds
    first = policy.call(strong, seat="N", dealer="N", auction=[]).call
    assert first == "1S"
    d = policy.call(strong, seat="N", dealer="N", auction=["1S", "P", "P", "P"])
    assert d.call in ("1D", "2D") and "second suit" in d.reason


def test_a_four_card_suit_named_over_a_longer_one_says_why():
    """Issue 31: "names the highest and longest suit" was said of 1S with four
    spades beside six clubs; the reason now names the longer suit and the
    condition it fails."""
    from advisor.bidding.policy import Policy
    from solver.cards import Hand

    d = Table("vint").call(Hand.from_pbn("AK32.KQ.3.986532"), seat="N", dealer="N", auction=[])
    assert d.call == "1S"
    assert ("spades (4 cards) rather than the longer clubs (6 cards): honours_clubs >= 2 "
            "does not hold") in d.reason
    # The longest suit named: no such note.
    d = Table("vint").call(Hand.from_pbn("AKQ87.KJ4.A2.T93"), seat="N", dealer="N", auction=[])
    assert d.call == "1S" and "rather than" not in d.reason
