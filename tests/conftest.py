"""pytest's hooks for the whole suite: the ``oracle`` fixture. The helpers the
tests share (paths, the oracle files, a child Python, a played-out deal, the
reference minimax searches) are the ``helpers`` package beside this file."""

from __future__ import annotations

import pytest

from helpers import oracle_rows


@pytest.fixture(scope="session")
def oracle():
    """``oracle(name)`` -> the rows of ``shared/oracle/name``."""
    return oracle_rows


def pytest_collection_finish(session):
    """Importing the benchmarks' modules (tests of the match and card-play
    benches) puts the source tree first on ``sys.path``, so that a benchmark
    runs an in-place build. In a run against the installed package that entry
    must not stay: processes started later inherit ``sys.path`` (the Dask
    tests' workers) and would import the source folder, which has no compiled
    core there."""
    import sys
    from pathlib import Path

    import solver

    repo = Path(__file__).resolve().parents[1]
    if Path(solver.__file__).resolve().parent != repo / "solver":   # the installed package
        sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != repo]


@pytest.fixture(autouse=True)
def _no_columns(monkeypatch):
    """The CLI fits its text to ``COLUMNS`` when it is set (advisor/render/width.py):
    the tests see whole lines unless a test sets it."""
    monkeypatch.delenv("COLUMNS", raising=False)
