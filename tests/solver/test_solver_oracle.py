"""The solver against the reference answers in shared/oracle (see its README.md).

100% agreement is the only pass. The default run compares a fixed slice of
the big files; ``pytest -m slow`` compares the rest (and the hard deals).
"""

from __future__ import annotations

import pytest

from helpers import ORACLE_SIZES, oracle_row, position_text, solver_module, str_cards

SEATS = "NESW"
STRAINS = ("S", "H", "D", "C", "NT")

slow = pytest.mark.slow


def split(name: str, default: int):
    """Row numbers of an oracle file: the first ``default`` ones in the default run,
    the others marked slow."""
    return ([pytest.param(i, id=f"{name.split('.')[0]}-{i}") for i in range(default)]
            + [pytest.param(i, id=f"{name.split('.')[0]}-{i}", marks=slow)
               for i in range(default, ORACLE_SIZES[name])])


def compare_table(row: dict):
    """The 20 cells of ``solver.dd_table`` against the oracle's, every mismatch listed."""
    solver = solver_module()
    deal = solver.Deal.from_pbn(row["deal"])
    table = solver.dd_table(deal)
    wrong = []
    for seat in SEATS:
        for strain in STRAINS:
            expected = row["tricks"][seat][strain]
            got = table[seat, strain]
            if got != expected:
                wrong.append(f"declarer {seat} in {strain}: expected {expected}, got {got}")
    assert not wrong, f"deal {row['deal']}:\n  " + "\n  ".join(wrong)
    assert table.to_dict() == row["tricks"], (
        f"deal {row['deal']}: to_dict() {table.to_dict()} != oracle {row['tricks']}")


@pytest.mark.parametrize("index", split("dd_tables.jsonl", 60))
def test_dd_table_random_deals(index):
    compare_table(oracle_row("dd_tables.jsonl", index))


@pytest.mark.parametrize("index", split("dds_list100.jsonl", 20))
def test_dd_table_real_deals(index):
    compare_table(oracle_row("dds_list100.jsonl", index))


@slow
@pytest.mark.parametrize("index", range(ORACLE_SIZES["dds_largest.jsonl"]))
def test_dd_table_hard_deals(index):
    compare_table(oracle_row("dds_largest.jsonl", index))


def test_dd_tables_batch_matches_oracle():
    """``dd_tables`` on a list gives the same tables as the oracle, in order, for any workers."""
    solver = solver_module()
    rows = [oracle_row("dd_tables.jsonl", i) for i in range(200, 204)]
    deals = [solver.Deal.from_pbn(r["deal"]) for r in rows]
    for workers in (None, 1, 2):
        tables = solver.dd_tables(deals, workers=workers)
        assert len(tables) == len(deals)
        for row, table in zip(rows, tables):
            assert table.to_dict() == row["tricks"], (
                f"workers={workers} deal {row['deal']}: {table.to_dict()} != {row['tricks']}")


def test_dd_table_str_is_a_grid():
    solver = solver_module()
    row = oracle_row("dd_tables.jsonl", 0)
    text = str(solver.dd_table(solver.Deal.from_pbn(row["deal"])))
    assert isinstance(text, str) and text.count("\n") >= 4, text
    for seat in SEATS:
        assert seat in text, f"seat {seat} missing from the table grid:\n{text}"
    assert "NT" in text, text


def solve_args(solver, row: dict) -> tuple:
    args = (solver.Deal.from_pbn(row["deal"]), row["trump"], row["leader"])
    kwargs = {"played": [solver.Card.parse(c) for c in row["trick"]]}
    if "misere" in row:
        kwargs["misere"] = row["misere"]
        kwargs["lone"] = row["lone"]
    return args, kwargs


def compare_position(row: dict):
    """solve_cards gives every legal card with the oracle's value; solve gives the best one."""
    solver = solver_module()
    args, kwargs = solve_args(solver, row)
    got = str_cards(solver.solve_cards(*args, **kwargs))
    expected = row["cards"]
    if got != expected:
        diff = {c: (expected.get(c), got.get(c)) for c in sorted(set(got) | set(expected))
                if expected.get(c) != got.get(c)}
        pytest.fail(f"{position_text(row)}\n  solve_cards: expected {expected}\n"
                    f"  got {got}\n  card: (expected, got) {diff}", pytrace=False)
    best = (min if row.get("misere") else max)(expected.values())
    value = solver.solve(*args, **kwargs)
    assert value == best, f"{position_text(row)}\n  solve: expected {best}, got {value}"


@pytest.mark.parametrize("index", range(ORACLE_SIZES["positions.jsonl"]))
def test_positions(index):
    compare_position(oracle_row("positions.jsonl", index))


@pytest.mark.parametrize("index", range(ORACLE_SIZES["small_endings.jsonl"]))
def test_small_endings(index):
    compare_position(oracle_row("small_endings.jsonl", index))


def restore_trick(row: dict) -> str:
    """The position's deal with the cards of the current trick back in their players' hands."""
    from helpers.minimax import parse_card, parse_pbn, to_pbn, seat_index

    hands = [set(h) for h in parse_pbn(row["deal"])]
    leader = seat_index(row["leader"])
    for i, card in enumerate(row["trick"]):
        hands[(leader + i) % 4].add(parse_card(card))
    return to_pbn(hands)


def declarers_share(row: dict) -> int:
    """Tricks the declaring side (not the leader's) wins from the oracle's position."""
    from helpers.minimax import Game, parse_pbn, seat_index

    game = Game(row["trump"], row.get("misere", False), row.get("lone"))
    leader, mover = seat_index(row["leader"]), seat_index(row["on_move"])
    remaining = len(parse_pbn(row["deal"])[mover])
    value = (min if row.get("misere") else max)(row["cards"].values())
    return value if game.side(mover) != game.side(leader) else remaining - value


@pytest.mark.parametrize("name,index", [("positions.jsonl", i) for i in range(0, 1000, 5)]
                         + [("small_endings.jsonl", i) for i in range(300)])
def test_analyse_play_after_the_current_trick(name, index):
    """analyse_play from the start of the trick, through its played cards, ends on the
    oracle's value (seen from the declaring side, nothing won yet)."""
    solver = solver_module()
    row = oracle_row(name, index)
    deal = solver.Deal.from_pbn(restore_trick(row))
    cards = [solver.Card.parse(c) for c in row["trick"]]
    kwargs = {"misere": row.get("misere", False), "lone": row.get("lone")}
    got = solver.analyse_play(deal, row["trump"], row["leader"], cards, **kwargs)
    assert len(got) == len(cards) + 1, f"{position_text(row)}: analyse_play gave {got}"
    expected = declarers_share(row)
    assert got[-1] == expected, (
        f"{position_text(row)}\n  restored deal {deal.to_pbn()}\n"
        f"  analyse_play: expected declarers to end with {expected}, got {got}")


@pytest.mark.parametrize("index", range(0, 1000, 200))
def test_analyse_play_start_matches_table(index):
    """Before any card, analyse_play is the table's entry for the declarer (leader's RHO)."""
    solver = solver_module()
    row = oracle_row("dd_tables.jsonl", index)
    deal = solver.Deal.from_pbn(row["deal"])
    for i, declarer in enumerate(SEATS):
        leader = SEATS[(i + 1) % 4]
        strain = STRAINS[(index // 200 + i) % 5]
        got = solver.analyse_play(deal, strain, leader, [])
        expected = row["tricks"][declarer][strain]
        assert got == [expected], (
            f"deal {row['deal']} declarer {declarer} strain {strain}: "
            f"expected [{expected}], got {got}")
