"""The solver against the plain minimax of tests/helpers/minimax.py on random small endings.

The minimax is first checked against the oracle's endings, so that it is itself
validated; then seeded random endings (2-4 cards a hand, a trick in progress,
every combination of misère and one-against-three) compare solve, solve_cards
and analyse_play with it.
"""

from __future__ import annotations

import itertools
import random

import pytest

from helpers import ORACLE_SIZES, minimax, oracle_row, position_text, solver_module, str_cards

GAMES = [(misere, lone) for misere in (False, True) for lone in (None, "N", "E", "S", "W")]
STRAINS = ("S", "H", "D", "C", "NT")
PER_GAME = 40  # random endings for each of the 10 (misere, lone) combinations


# --- the minimax itself against the oracle ---------------------------------------

@pytest.mark.parametrize("index", range(ORACLE_SIZES["small_endings.jsonl"]))
def test_minimax_matches_small_endings(index):
    row = oracle_row("small_endings.jsonl", index)
    got = minimax.solve_cards(row["deal"], row["trump"], row["leader"], row["trick"],
                              row["misere"], row["lone"])
    assert got == row["cards"], f"minimax wrong on {position_text(row)}: {got}"


def _cards_in_hand(row):
    return sum(len(h) for h in minimax.parse_pbn(row["deal"]))


def test_minimax_matches_short_positions():
    """The bridge positions of positions.jsonl that are small enough for plain minimax."""
    checked = 0
    for i in range(ORACLE_SIZES["positions.jsonl"]):
        row = oracle_row("positions.jsonl", i)
        if _cards_in_hand(row) > 12:
            continue
        got = minimax.solve_cards(row["deal"], row["trump"], row["leader"], row["trick"])
        assert got == row["cards"], f"minimax wrong on {position_text(row)}: {got}"
        checked += 1
    assert checked >= 100, f"only {checked} short positions in positions.jsonl"


# --- random endings --------------------------------------------------------------

def make_cases():
    rng = random.Random(20240611)
    cases = []
    for misere, lone in GAMES:
        for n in range(PER_GAME):
            hands, leader, trick = minimax.random_ending(rng, rng.choice((2, 3, 3, 4)), n % 4)
            cases.append(pytest.param(
                minimax.to_pbn(hands), rng.choice(STRAINS), "NESW"[leader],
                [minimax.card_name(c) for c in trick], misere, lone,
                id=f"misere={misere}-lone={lone}-{n}"))
    return cases


@pytest.mark.parametrize("pbn,trump,leader,trick,misere,lone", make_cases())
def test_random_ending(pbn, trump, leader, trick, misere, lone):
    solver = solver_module()
    where = (f"deal={pbn!r} trump={trump} leader={leader} trick={trick} "
             f"misere={misere} lone={lone}")
    expected = minimax.solve_cards(pbn, trump, leader, trick, misere, lone)
    deal = solver.Deal.from_pbn(pbn)
    played = [solver.Card.parse(c) for c in trick]
    values = solver.solve_cards(deal, trump, leader, played=played, misere=misere, lone=lone)
    assert all(isinstance(card, solver.Card) for card in values), f"keys not Cards: {values}"
    got = str_cards(values)
    assert got == expected, f"solve_cards on {where}: expected {expected}, got {got}"
    best = (min if misere else max)(expected.values())
    value = solver.solve(deal, trump, leader, played=played, misere=misere, lone=lone)
    assert value == best, f"solve on {where}: expected {best}, got {value}"


def make_play_cases():
    """Random endings from the start of a trick, with a random legal play of all of it."""
    rng = random.Random(777)
    cases = []
    for (misere, lone), n in itertools.product(GAMES, range(4)):
        hands, leader, _ = minimax.random_ending(rng, rng.choice((2, 3, 4)), 0)
        start = minimax.to_pbn(hands)
        trump = rng.choice(STRAINS)
        play, first = [], leader
        trump_suit = minimax.trump_index(trump)
        while hands[first]:
            trick = []
            for i in range(4):
                seat = (first + i) % 4
                card = rng.choice(minimax.legal_cards(hands[seat], trick))
                hands[seat].remove(card)
                trick.append(card)
            play += trick
            first = minimax.trick_winner(first, trick, trump_suit)
        cut = rng.randrange(len(play) + 1)  # analyse a prefix, or the whole play
        cases.append(pytest.param(start, trump, "NESW"[leader],
                                  [minimax.card_name(c) for c in play[:cut]], misere, lone,
                                  id=f"misere={misere}-lone={lone}-{n}"))
    return cases


@pytest.mark.parametrize("pbn,trump,leader,cards,misere,lone", make_play_cases())
def test_random_analyse_play(pbn, trump, leader, cards, misere, lone):
    solver = solver_module()
    expected = minimax.analyse_play(pbn, trump, leader, cards, misere, lone)
    got = solver.analyse_play(solver.Deal.from_pbn(pbn), trump, leader,
                              [solver.Card.parse(c) for c in cards], misere=misere, lone=lone)
    assert list(got) == expected, (
        f"analyse_play deal={pbn!r} trump={trump} leader={leader} cards={cards} "
        f"misere={misere} lone={lone}: expected {expected}, got {list(got)}")
