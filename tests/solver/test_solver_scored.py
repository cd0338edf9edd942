"""Playing for a score (issue 14): ``solver.solve_scored`` against a plain minimax.

Skruuvi's misère charges each ace to the side that takes it, by the number of
the trick it falls in; the score of the contract depends on the tricks. The
scored search plays for that sum. ``tests/helpers/minimax.py``'s ``ScoredGame``
tries every card with no pruning: the two must agree on every position.
"""

from __future__ import annotations

import random

import pytest

from helpers import minimax, solver_module
from solver import Card, Objective, ObjectiveError, PositionError

TOP = [(s, r) for s in range(4) for r in range(8, 15)]   # aces come up often


def skruuvi_misere(side) -> Objective:
    """A 5M-like misère: made with at most 2 tricks, aces cost their trick's number."""
    return Objective(side, by_tricks=[14, 12, 10] + [-10 - 5 * k for k in range(11)],
                     ace_ours=[-k for k in range(1, 14)], ace_theirs=list(range(1, 14)))


def random_objective(rng: random.Random, side) -> Objective:
    return Objective(side, by_tricks=[rng.randrange(-30, 31) for _ in range(14)],
                     ace_ours=[rng.randrange(-15, 16) for _ in range(13)],
                     ace_theirs=[rng.randrange(-15, 16) for _ in range(13)])


def random_ending(rng: random.Random, cards_each: int, on_trick: int):
    return minimax.random_ending(rng, cards_each, on_trick, deck=TOP, suit_counts=(2, 3, 4))


def cases(count: int, seed: int):
    rng = random.Random(seed)
    out = []
    for n in range(count):
        side = rng.choice(["NS", "EW", "N", "E", "S", "W"])
        objective = skruuvi_misere(side) if n % 2 else random_objective(rng, side)
        cards_each = rng.choice((2, 3, 3, 4))
        hands, leader, trick = random_ending(rng, cards_each, n % 4)
        won = rng.randrange(13 - cards_each + 1)
        out.append(pytest.param(minimax.to_pbn(hands), rng.choice(["S", "H", "D", "C", "NT"]),
                                "NESW"[leader], [minimax.card_name(c) for c in trick],
                                objective, won, id=f"{n}-{side}"))
    return out


def reference(objective: Objective, trump):
    def ours(seat: int) -> bool:
        return objective.on_side("NESW"[seat])
    return minimax.ScoredGame(trump, ours, objective.by_tricks, objective.ace_ours,
                              objective.ace_theirs)


@pytest.mark.parametrize("pbn,trump,leader,trick,objective,won", cases(400, 2026))
def test_the_scored_search_agrees_with_a_plain_minimax(pbn, trump, leader, trick,
                                                       objective, won):
    solver = solver_module()
    game = reference(objective, trump)
    hands = minimax.parse_pbn(pbn)
    expected = game.card_values(hands, leader, trick, won)
    got = solver.solve_cards_scored(pbn, trump, leader, objective, played=trick, won=won)
    assert {str(c): v for c, v in got.items()} == expected, (pbn, trump, leader, trick)
    assert solver.solve_scored(pbn, trump, leader, objective, played=trick, won=won) == \
        game.value(hands, leader, trick, won)


def test_a_solver_sharing_its_trick_tables_agrees_with_a_plain_minimax():
    # One Solver for 200 endings: its kept trick tables (plain and misère, per
    # trump and lone player) carry entries from one ending, objective and
    # side to the next; the values must not change.
    solver = solver_module()
    warm = solver.Solver()
    for case in cases(200, 77):
        pbn, trump, leader, trick, objective, won = case.values
        game = reference(objective, trump)
        hands = minimax.parse_pbn(pbn)
        got = warm.solve_cards_scored(pbn, trump, leader, objective, played=trick, won=won)
        assert {str(c): v for c, v in got.items()} == \
            game.card_values(hands, leader, trick, won), (pbn, trump, leader, trick)
        assert warm.solve_scored(pbn, trump, leader, objective, played=trick, won=won) == \
            game.value(hands, leader, trick, won)


def ace_holder_cases(count: int, seed: int):
    """Endings where the side against an ace's holder holds nothing but the
    ace's suit: the bound that gives that ace to the holder's side fires
    (``scored_bounds`` in solver/_scored.pxi)."""
    rng = random.Random(seed)
    deck = [(s, r) for s in range(4) for r in range(2, 15)]
    out = []
    for n in range(count):
        side = rng.choice(["NS", "EW", "N", "E", "S", "W"])
        objective = skruuvi_misere(side) if n % 2 else random_objective(rng, side)
        holder, suit = rng.randrange(4), rng.randrange(4)
        lone = side not in ("NS", "EW")
        if lone:
            lone_seat = "NESW".index(side)
            against = [k for k in range(4) if k != lone_seat] if holder == lone_seat \
                else [lone_seat]
        else:
            against = [(holder + 1) % 4, (holder + 3) % 4]
        cards_each = rng.choice((2, 3, 4) if len(against) < 3 else (2, 3))
        in_suit = [c for c in deck if c[0] == suit and c[1] != 14]
        rng.shuffle(in_suit)
        hands = [set() for _ in range(4)]
        for k in against:
            hands[k] = {in_suit.pop() for _ in range(cards_each)}
        hands[holder] = {(suit, 14)}
        rest = [c for c in deck if c[0] != suit or c in in_suit]
        rng.shuffle(rest)
        for k in range(4):
            while len(hands[k]) < cards_each:
                hands[k].add(rest.pop())
        won = rng.randrange(13 - cards_each + 1)
        out.append(pytest.param(minimax.to_pbn(hands), rng.choice(["S", "H", "D", "C", "NT"]),
                                "NESW"[rng.randrange(4)], objective, won, id=f"{n}-{side}"))
    return out


@pytest.mark.parametrize("pbn,trump,leader,objective,won", ace_holder_cases(150, 14))
def test_an_ace_the_other_side_cannot_win_agrees_with_a_plain_minimax(pbn, trump, leader,
                                                                      objective, won):
    solver = solver_module()
    game = reference(objective, trump)
    expected = game.card_values(minimax.parse_pbn(pbn), leader, [], won)
    got = solver.solve_cards_scored(pbn, trump, leader, objective, won=won)
    assert {str(c): v for c, v in got.items()} == expected, (pbn, trump, leader)


def test_playing_for_the_score_differs_from_playing_for_fewest_tricks():
    # The last three tricks of a 5M-like misère, North-South declaring with no
    # trick yet. Fewest tricks: North leads the CQ and NS take one trick. For
    # the score, North cashes the SA at once: the ace costs 11 in trick 11
    # instead of falling later at a higher price (docs/solver.md).
    solver = solver_module()
    ending = "N:AT...Q K9...A 8...KT ...J98"
    fewest = solver.solve_cards(ending, "NT", "N", misere=True)
    assert min(fewest, key=fewest.get) == Card.parse("CQ") and fewest[Card.parse("CQ")] == 1
    scored = solver.solve_cards_scored(ending, "NT", "N", skruuvi_misere("NS"))
    assert scored == {Card.parse("SA"): 12, Card.parse("ST"): 11, Card.parse("CQ"): 10}
    game = reference(skruuvi_misere("NS"), "NT")
    assert game.card_values(minimax.parse_pbn(ending), "N") == {"SA": 12, "ST": 11, "CQ": 10}


def test_bad_questions_are_clear_errors():
    solver = solver_module()
    objective = skruuvi_misere("NS")
    with pytest.raises(ObjectiveError, match="Objective"):
        solver.solve_scored("N:A... K... Q... J...", "NT", "E", "fewest")
    with pytest.raises(ObjectiveError, match="won"):
        solver.solve_scored("N:A... K... Q... J...", "NT", "E", objective, won=13)
    with pytest.raises(PositionError):
        solver.solve_scored("N:A... K... Q... J...", "NT", "E", objective, played=["SA"])


def _bench_endings(count: int, cards_each: int, seed: int):
    """Random endings of the whole pack (all four aces likely in play)."""
    rng = random.Random(seed)
    deck = [Card(s, r) for s in range(4) for r in range(2, 15)]
    out = []
    for _ in range(count):
        rng.shuffle(deck)
        hands = [" ".join(str(c) for c in deck[cards_each * i:cards_each * (i + 1)])
                 for i in range(4)]
        out.append(hands)
    return out


def _deal(hands):
    from solver import Deal, Hand
    return Deal([Hand([Card.parse(c) for c in h.split()]) for h in hands])


@pytest.mark.parametrize("hands", _bench_endings(6, 5, 7))
def test_the_trick_search_bounds_change_no_value(hands):
    # The bounds (docs/solver.md) only cut: with and without them, every card
    # of a 5-card ending of a 5M misère and of the all-pass misère is worth
    # the same.
    from solver import _core
    from solver.api import _Position, _scored_lists
    pos = _Position(_deal(hands), "NT", "E")
    for objective in (skruuvi_misere("NS"), skruuvi_misere("E"),
                      Objective("EW", by_tricks=[-t for t in range(14)],
                                ace_ours=[-k for k in range(1, 14)],
                                ace_theirs=list(range(1, 14)))):
        lone, by_tricks, ours, theirs, won, _ = _scored_lists(objective, 8, 0)
        cards = [c.index for c in pos.legal_cards()]
        on = _core.scored_values(pos.masks, 4, 1, [], cards, lone, won, 8, by_tricks, ours,
                                 theirs, bounded=True)
        off = _core.scored_values(pos.masks, 4, 1, [], cards, lone, won, 8, by_tricks, ours,
                                  theirs, bounded=False)
        assert on == off


def test_a_budget_returns_proved_bounds_around_the_value():
    solver = solver_module()
    [hands] = _bench_endings(1, 8, 4)       # one check of the budget: 16384 nodes
    deal = _deal(hands)
    objective = skruuvi_misere("NS")
    exact = solver.solve_scored(deal, "NT", "E", objective)
    bounds = solver.solve_scored(deal, "NT", "E", objective, max_nodes=16384)
    assert isinstance(bounds, solver.Bounds)
    assert bounds.lower <= exact <= bounds.upper
    assert bounds.lower < bounds.upper
    assert solver.solve_scored(deal, "NT", "E", objective, max_nodes=10 ** 9) == exact
    with pytest.raises(PositionError, match="max_nodes"):
        solver.solve_scored(deal, "NT", "E", objective, max_nodes=0)


def test_a_full_deal_under_a_time_budget_returns_bounds_in_time():
    # A full deal takes the scored search about a minute (docs/solver.md): with a budget
    # it stops on time, the trick searches inside it included, and returns
    # what any play can score at worst.
    import time
    solver = solver_module()
    [hands] = _bench_endings(1, 13, 1)
    objective = skruuvi_misere("NS")
    start = time.perf_counter()
    bounds = solver.solve_scored(_deal(hands), "NT", "E", objective, max_seconds=0.5)
    assert time.perf_counter() - start < 10
    assert isinstance(bounds, solver.Bounds) and bounds.lower < bounds.upper
    assert bounds.lower >= min(objective.by_tricks) - 4 * 13
    assert bounds.upper <= max(objective.by_tricks) + 4 * 13
