"""Siberian Vint's must-trump rule (``must_trump=True``) against a brute force.

Seed 004: «на карту надо положить карту масти, а если масти нет, то козыря»:
a player void in the suit led who holds a trump must play one (any trump: no
over-ruffing; docs/rules.md, "vint-siberian"). The reference is the plain
minimax of tests/helpers/minimax.py with the rule (it has no pruning, so the
rule is all there is to get right there); the solver's core has it in its move
generation, and its sure-trick cut-offs are off while it binds.
"""

from __future__ import annotations

import random

import pytest

from helpers import minimax, solver_module, str_cards

STRAINS = ("S", "H", "D", "C", "NT")
EXAMPLE = "N:Q.3.4. 4.85.. 7..5.9 .6.9.3"      # issue 29's example, hearts trumps


def test_issue_example():
    """North leads, hearts trumps: NS take 0 tricks with free discards, 1 when a
    void player must trump (East must ruff the spade lead with the H8 or H5)."""
    solver = solver_module()
    assert solver.solve(EXAMPLE, "H", "N") == 0
    assert solver.solve(EXAMPLE, "H", "N", must_trump=True) == 1
    assert minimax.solve(EXAMPLE, "H", "N", must_trump=True) == 1
    # West declares hearts (North leads): 3 tricks free, 2 under the rule.
    assert solver.dd_table(EXAMPLE)["W", "H"] == 3
    assert solver.dd_table(EXAMPLE, must_trump=True)["W", "H"] == 2


def test_the_rule_in_python_play():
    solver = solver_module()
    deal = solver.Deal.from_pbn(EXAMPLE)
    east = deal["E"]
    # East, void in spades with hearts, may play only hearts to a spade lead.
    assert [str(c) for c in solver.legal_cards(east, ["SQ"])] == ["S4"]  # he has a spade
    west = deal["W"]
    assert [str(c) for c in solver.legal_cards(west, ["SQ"], trump="H",
                                               must_trump=True)] == ["H6"]
    assert len(solver.legal_cards(west, ["SQ"], trump="H")) == 3
    assert len(solver.legal_cards(west, ["SQ"], trump="NT", must_trump=True)) == 3
    # A discard where a ruff is due is refused by Play, analyse_play and solve.
    with pytest.raises(solver.PlayError, match="must-trump"):
        solver.check_play(deal, "H", "N", ["SQ", "S4", "S7", "D9"], must_trump=True)
    solver.check_play(deal, "H", "N", ["SQ", "S4", "S7", "D9"])     # free discards
    with pytest.raises(solver.PlayError, match="must-trump"):
        solver.analyse_play(deal, "H", "N", ["SQ", "S4", "S7", "D9"], must_trump=True)
    # South leads the S7 and West discards the D9 on it: a trick in progress
    # that breaks the rule is refused too.
    rest = solver.Deal.from_pbn("N:Q.3.4. 4.85.. ..5.9 .6..3")
    with pytest.raises(solver.PositionError, match="must-trump"):
        solver.solve(rest, "H", "S", played=["S7", "D9"], must_trump=True)
    assert solver.solve(rest, "H", "S", played=["S7", "D9"]) >= 0    # free discards
    # Without trumps the rule changes nothing.
    assert solver.solve(EXAMPLE, "NT", "N", must_trump=True) == solver.solve(EXAMPLE, "NT", "N")


def _random_endings(seed: int, count: int, sizes=(2, 3, 3, 3)):
    """``count`` random endings from a trick's start, ``sizes`` cards a hand."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        hands, leader, _ = minimax.random_ending(rng, rng.choice(sizes), 0)
        out.append(minimax.to_pbn(hands))
    return out


def _check_tables(pbns) -> int:
    """Every trump suit and leader of each ending: the solver's must-trump table
    equals the brute force's; without trumps it equals the free-discard table.
    Returns how many endings the rule changes (the comparison tests it there)."""
    solver = solver_module()
    changed = 0
    for pbn in pbns:
        deal = solver.Deal.from_pbn(pbn)
        n = len(deal["N"])
        hands = minimax.parse_pbn(pbn)
        table = solver.dd_table(deal, must_trump=True)
        free = solver.dd_table(deal)
        for strain in ("S", "H", "D", "C"):
            game = minimax.Game(strain, must_trump=True)
            for declarer in "NESW":
                leader = "NESW"[("NESW".index(declarer) + 1) % 4]
                expected = n - game.value(hands, leader)   # the leader's side's
                assert table[declarer, strain] == expected, (
                    f"{pbn} {strain} by {declarer}, must_trump: "
                    f"solver {table[declarer, strain]}, brute force {expected}")
        assert all(table[d, "NT"] == free[d, "NT"] for d in "NESW"), pbn
        changed += table != free
    return changed


#: 25 groups of 20 endings (2-3 cards a hand): 500 endings, in each trump suit
#: with each leader.
GROUPS, PER_GROUP = 25, 20


@pytest.mark.parametrize("group", range(GROUPS))
def test_dd_table_against_brute_force(group):
    assert _check_tables(_random_endings(1000 + group, PER_GROUP)) > 0


@pytest.mark.slow
@pytest.mark.parametrize("group", range(10))
def test_dd_table_against_brute_force_longer_endings(group):
    """4 and 5 cards a hand (a few seconds an ending for the brute force)."""
    assert _check_tables(_random_endings(2000 + group, 10, sizes=(4, 4, 5))) > 0


def _cases_in_progress(seed: int, count: int):
    rng = random.Random(seed)
    out = []
    for i in range(count):
        trump = rng.choice(("S", "H", "D", "C"))
        hands, leader, trick = minimax.random_ending(
            rng, rng.choice((2, 3, 4)), i % 4, trump=minimax.trump_index(trump),
            must_trump=True)
        out.append((minimax.to_pbn(hands), trump, "NESW"[leader],
                    [minimax.card_name(c) for c in trick], rng.choice((False, True)),
                    rng.choice((None, None, "N", "E"))))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_cards_in_progress_against_brute_force(seed):
    """solve_cards and solve with a trick in progress, misère and one against three too."""
    solver = solver_module()
    for pbn, trump, leader, trick, misere, lone in _cases_in_progress(seed, 25):
        where = f"{pbn} {trump} leader {leader} trick {trick} misere={misere} lone={lone}"
        expected = minimax.solve_cards(pbn, trump, leader, trick, misere, lone,
                                       must_trump=True)
        got = str_cards(solver.solve_cards(pbn, trump, leader, played=trick, misere=misere,
                                           lone=lone, must_trump=True))
        assert got == expected, f"solve_cards {where}: expected {expected}, got {got}"
        best = (min if misere else max)(expected.values())
        assert solver.solve(pbn, trump, leader, played=trick, misere=misere, lone=lone,
                            must_trump=True) == best, where
        order = solver.search_order(pbn, trump, leader, played=trick, misere=misere,
                                    lone=lone, must_trump=True)
        assert {str(c) for c in order} <= set(expected), f"search_order {where}: {order}"


def test_analyse_play_against_brute_force():
    solver = solver_module()
    rng = random.Random(29)
    for _ in range(30):
        trump = rng.choice(("S", "H", "D", "C"))
        t = minimax.trump_index(trump)
        hands, leader, _ = minimax.random_ending(rng, rng.choice((2, 3, 4)), 0)
        start = minimax.to_pbn(hands)
        play, first = [], leader
        while hands[first]:
            trick = []
            for i in range(4):
                seat = (first + i) % 4
                card = rng.choice(minimax.legal_cards(hands[seat], trick, t, True))
                hands[seat].remove(card)
                trick.append(card)
            play += trick
            first = minimax.trick_winner(first, trick, t)
        cards = [minimax.card_name(c) for c in play]
        expected = minimax.analyse_play(start, trump, "NESW"[leader], cards, must_trump=True)
        got = solver.analyse_play(start, trump, "NESW"[leader], cards, must_trump=True)
        assert list(got) == expected, f"{start} {trump} {cards}"


def test_kept_tables_never_mix_the_rules():
    """One Solver asked both ways, alternately, answers each as a fresh search does."""
    solver = solver_module()
    warm = solver.Solver()
    for pbn in _random_endings(77, 40) + [EXAMPLE]:
        for must in (False, True, False, True):
            for strain in ("S", "H"):
                for leader in "NE":
                    assert warm.solve(pbn, strain, leader, must_trump=must) == \
                        solver.solve(pbn, strain, leader, must_trump=must), (pbn, strain, must)
    core = solver._core
    table = core.Table(1, False, -1)
    with pytest.raises(ValueError, match="play rule"):
        core.dd_strain(solver.Deal.from_pbn(EXAMPLE).masks, 1, table=table, must_trump=True)
