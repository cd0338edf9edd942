"""pytest-benchmark timings of the solver (not part of the default test run).

    pytest benchmarks/ --benchmark-only

Deals come from shared/oracle (``common.oracle_dir``); each result is checked
against the oracle too.
"""

from __future__ import annotations

import json

import pytest

from common import oracle_dir

pytest.importorskip("pytest_benchmark")
solver = pytest.importorskip("solver")


def oracle_rows(name: str, n: int) -> list:
    path = oracle_dir() / name
    if not path.is_file():
        pytest.skip(f"{path} not found")
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for _, line in zip(range(n), f)]


@pytest.mark.parametrize("name,index", [("dd_tables.jsonl", i) for i in range(3)]
                         + [("dds_list100.jsonl", i) for i in range(2)])
def test_dd_table(benchmark, name, index):
    row = oracle_rows(name, index + 1)[index]
    deal = solver.Deal.from_pbn(row["deal"])
    table = benchmark.pedantic(solver.dd_table, args=(deal,), rounds=1, iterations=1)
    assert table.to_dict() == row["tricks"]


def test_positions(benchmark):
    rows = oracle_rows("positions.jsonl", 100)

    def run():
        return [solver.solve_cards(solver.Deal.from_pbn(r["deal"]), r["trump"], r["leader"],
                                   played=[solver.Card.parse(c) for c in r["trick"]])
                for r in rows]

    results = benchmark.pedantic(run, rounds=1, iterations=1)
    for row, got in zip(rows, results):
        assert {str(c): v for c, v in got.items()} == row["cards"]
