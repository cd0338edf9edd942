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
