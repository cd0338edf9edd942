"""An auction walked call by call (``RuleSet.state_after``, ``legal_calls_at``) must
say what reading it from the start says: the policy's continuations walk it so."""

import random

import pytest

from advisor.game import rule_set
from advisor.rules.base import RuleSet, RulesError

GAMES = ["vint", "vint-foster", "vint-siberian", "semi-contract", "skruuvi", "skruuvi-old"]


def _bid_by_bid(rules, state):
    """The legal calls the slow way: every bid asked of ``bid_problem``."""
    if state.over:
        return []
    doubles = [d for d in ("X", "XX")
               if rules.allows_doubles and rules.double_problem(d, state) is None]
    return ["P"] + doubles + [text for bid, text in rules._biddable_read()
                              if rules.bid_problem(bid, state) is None]


@pytest.mark.parametrize("game", GAMES)
def test_walked_auctions_agree_with_reading_from_the_start(game):
    rules = rule_set(game)
    rng = random.Random(game)
    for _ in range(150):
        calls, state = [], rules.auction_state([])
        while True:
            again = rules.auction_state(calls)
            assert state == again, (game, calls)
            legal = rules.legal_calls_at(state)
            assert legal == _bid_by_bid(rules, state) == rules.auction_legal_calls(calls)
            if not legal:
                break
            call = rng.choice(legal) if rng.random() < 0.4 else "P"
            before = (list(state.calls), list(state.bidders), state.passes)
            state = rules.state_after(state, call)
            calls.append(call)
        # the walk never changed a state it had left
        assert before[0] == calls[:-1] and len(before[1]) <= len(state.bidders)


def test_the_fast_path_covers_the_plain_rule_sets():
    # the fast path is taken only where bid_problem is the base class's; Skruuvi's
    # first-auction rule keeps the bid-by-bid way
    assert type(rule_set("vint")).bid_problem is RuleSet.bid_problem
    assert type(rule_set("skruuvi")).bid_problem is not RuleSet.bid_problem


def test_a_player_who_may_not_raise_his_own_bid_gets_no_bid(monkeypatch):
    # Foster's rule ("no player can increase his own bid unless he is overbid") never
    # bites there (three passes end its auction), so it is tried on Vint's auction
    rules = rule_set("vint")
    monkeypatch.setattr(rules, "may_overcall_self", False)
    state = rules.auction_state(["1S", "P", "P", "P"])   # the 1S bidder to call again
    assert not state.over
    assert rules.legal_calls_at(state) == _bid_by_bid(rules, state) == ["P"]
    state = rules.state_after(state, "P")
    assert rules.legal_calls_at(state) == _bid_by_bid(rules, state) != ["P"]


def test_a_walked_illegal_call_is_refused_and_the_state_kept():
    rules = rule_set("vint")
    state = rules.auction_state(["2S"])
    with pytest.raises(RulesError, match="not higher"):
        rules.state_after(state, "1H")
    assert state.calls == ["2S"] and state.last_bid is not None and str(state.last_bid) == "2S"
