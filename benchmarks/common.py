"""What the benchmarks share: the source tree on the path, the deal sets, DDS, timing.

- ``REPO``: the repository; importing this module puts it first on
  ``sys.path``, so a benchmark runs the in-place build (``python setup.py
  build_ext --inplace`` or ``pip install -e .``) of the tree it sits in;
- ``oracle_dir``, ``SETS``, ``oracle_deals(name, n)``: the deal sets of
  ``../shared/oracle`` (``VINT_ORACLE`` points elsewhere);
- ``full_deck``, ``shuffled_deal(rng, deck)``, ``random_deals(n, seed)``:
  random full deals, the same ones for the same seed in every benchmark;
- ``dds_table_timer()``: DDS (endplay's ``calc_dd_table``) on one thread, as
  ``pbn -> (seconds, {seat: {strain: tricks}})``, the layout of
  ``solver.DDTable.to_dict``;
- ``timed(fn, *args)``: ``(seconds, result)``;
- ``take_option(args, name, default)``: a command-line option's value, taken out of ``args``.

Speed claims are ratios of two solvers timed side by side in one run (the
machine is shared), never absolute times.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Callable, List, Optional

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # the in-place build (python setup.py build_ext --inplace)
    sys.path.insert(0, str(REPO))

SEATS = "NESW"
STRAINS = ("S", "H", "D", "C", "NT")

SETS = {  # name -> (oracle file, what it is)
    "random": ("dd_tables.jsonl", "random deals"),
    "real": ("dds_list100.jsonl", "real deals (DDS list100)"),
    "hard": ("dds_largest.jsonl", "hard deals (DDS largest)"),
}


def oracle_dir() -> Path:
    """``shared/oracle`` beside the repository, or ``$VINT_ORACLE``."""
    env = os.environ.get("VINT_ORACLE")
    return Path(env) if env else REPO.parent / "shared" / "oracle"


def oracle_rows(file: str, n: Optional[int] = None) -> list:
    """The first ``n`` rows (all: None) of an oracle file; exits with a clear
    message when the file is missing."""
    path = oracle_dir() / file
    if not path.is_file():
        sys.exit(f"error: {path} not found (set VINT_ORACLE to the oracle folder)")
    with open(path, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return rows[:n] if n else rows


def oracle_deals(name: str, n: Optional[int] = None) -> List[str]:
    """The PBN deals of a set of ``SETS`` (the first ``n``)."""
    return [r["deal"] for r in oracle_rows(SETS[name][0], n)]


def full_deck() -> list:
    """The 52 cards, suit by suit, low to high."""
    from solver.cards import Card
    return [Card(s, r) for s in range(4) for r in range(2, 15)]


def shuffled_deal(rng: random.Random, deck: Optional[list] = None):
    """Shuffle ``deck`` in place (a fresh ``full_deck`` when None) and deal it,
    13 cards to each of N, E, S, W."""
    from solver.cards import Deal, Hand
    deck = full_deck() if deck is None else deck
    rng.shuffle(deck)
    return Deal([Hand(deck[13 * i:13 * i + 13]) for i in range(4)])


def random_deals(n: int, seed: int) -> list:
    """``n`` random full deals: one deck shuffled again for each."""
    rng, deck = random.Random(seed), full_deck()
    return [shuffled_deal(rng, deck) for _ in range(n)]


def dds_table_timer() -> Callable[[str], tuple]:
    """DDS's full table of a PBN deal, timed: ``pbn -> (seconds, {seat: {strain:
    tricks}})``, on one thread (``SetMaxThreads(1)``: DDS would otherwise use
    every core, and ours is timed on one)."""
    try:
        from endplay import _dds
        from endplay.dds import calc_dd_table
        from endplay.types import Deal, Denom, Player
    except ImportError:
        sys.exit("error: endplay is not installed (pip install endplay)")
    _dds.SetMaxThreads(1)

    def dds_table(pbn: str) -> tuple:
        deal = Deal(pbn)
        seconds, table = timed(calc_dd_table, deal)
        return seconds, {s: {t: table[Denom.find(t), Player.find(s)] for t in STRAINS}
                         for s in SEATS}

    return dds_table


def timed(fn, *args, **kwargs) -> tuple:
    """``(seconds, fn(*args, **kwargs))``, by the wall clock."""
    start = time.perf_counter()
    result = fn(*args, **kwargs)
    return time.perf_counter() - start, result


def take_option(args: list, name: str, default):
    """The value after ``name`` in ``args`` (both then removed), or ``default``."""
    if name in args:
        i = args.index(name)
        value = args[i + 1]
        del args[i:i + 2]
        return value
    return default
