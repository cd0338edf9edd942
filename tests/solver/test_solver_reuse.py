"""solver.Solver: the solver's functions keeping their tables between calls (issue 10)."""

import random
import threading

import pytest

from helpers import solver_module, str_cards
from solver import Card, Deal, Hand, Solver

EXAMPLE = "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765"


def random_deal(seed: int) -> Deal:
    deck = [Card(s, r) for s in range(4) for r in range(2, 15)]
    random.Random(seed).shuffle(deck)
    return Deal([Hand(deck[13 * i:13 * i + 13]) for i in range(4)])


def test_one_solver_answers_every_oracle_position_exactly(oracle):
    # One solver for 300 positions of many deals: a kept entry is a bound
    # for any position with the same cards left, so reuse never changes an answer.
    solver_module()
    shared = Solver()
    for row in oracle("positions.jsonl")[:300]:
        got = shared.solve_cards(row["deal"], row["trump"], row["leader"], played=row["trick"])
        assert str_cards(got) == row["cards"], row
    assert shared.entries > 0


def test_one_solver_along_a_played_sequence_matches_the_plain_functions():
    solver = solver_module()
    deal = random_deal(7)
    shared = Solver()
    for strain in ("S", "NT"):
        table = shared.dd_table(deal)
        assert table.to_dict() == solver.dd_table(deal).to_dict()
        # Follow a double-dummy line from East's lead, asking about each position.
        hands, leader, trick = {s: deal[s] for s in "NESW"}, "E", []
        cards = []
        for _ in range(20):
            now = Deal([hands[s] for s in "NESW"])
            values = shared.solve_cards(now, strain, leader, played=trick)
            assert values == solver.solve_cards(now, strain, leader, played=trick)
            card = max(values, key=lambda c: (values[c], -c.index))
            seat = "NESW"[("NESW".index(leader) + len(trick)) % 4]
            hands[seat] = Hand([c for c in hands[seat] if c != card])
            trick.append(card)
            cards.append(card)
            if len(trick) == 4:
                first = "NESW".index(leader)
                leader, trick = "NESW"[(first + solver.trick_winner(trick, strain)) % 4], []
        assert shared.analyse_play(deal, strain, "E", cards) == \
            solver.analyse_play(deal, strain, "E", cards)


def test_a_warm_table_answers_a_repeated_question_without_learning_more():
    shared = Solver()
    first = shared.solve(EXAMPLE, "H", "E")
    learned = shared.entries
    assert learned > 0
    assert shared.solve(EXAMPLE, "H", "E") == first and shared.entries == learned
    assert shared.dd_table(EXAMPLE, strains="H", declarers="N")["N", "H"] == 13 - first
    assert shared.entries == learned
    shared.clear()
    assert shared.entries == 0 and repr(shared) == "Solver(0 table(s) kept)"


def test_misere_and_lone_keep_tables_of_their_own():
    shared = Solver()
    for kw in ({}, {"misere": True}, {"lone": "N"}, {"misere": True, "lone": "W"}):
        for _ in range(2):
            assert shared.solve(EXAMPLE, "NT", "E", **kw) == \
                solver_module().solve(EXAMPLE, "NT", "E", **kw)
    assert repr(shared) == "Solver(4 table(s) kept)"


def test_threads_may_share_a_solver():
    solver = solver_module()
    shared = Solver()
    deals = [random_deal(s) for s in range(4)]
    results = {}

    def work(i):
        results[i] = shared.dd_table(deals[i], strains=["S", "NT"]).to_dict()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i, deal in enumerate(deals):
        assert results[i] == solver.dd_table(deal, strains=["S", "NT"]).to_dict()


def test_bad_settings_are_clear_errors():
    with pytest.raises(ValueError, match="max_entries"):
        Solver(max_entries=0)
