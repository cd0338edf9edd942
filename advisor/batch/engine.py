"""``vint batch``: the DD table, scores and par of many deals, chunk by chunk.

A run is planned from its inputs (the deals of PBN, LIN or JSON files, or
``random`` deals with constraints), cut into chunks of ``chunk_size`` deals,
run on a runner (``advisor.batch.runners``: this machine's cores or a Dask
cluster), and each chunk's results are written to disk as soon as it
finishes (``advisor.batch.sinks``: JSON lines, or Parquet parts). A run that
stops (Ctrl-C, a crash, a lost cluster) is started again with the same
command: the chunks already written are read back and skipped.

One deal's result (``analyse_deal``; docs/batch.md) holds its DD table, the
NS score of every contract by every declarer under the rules (bridge's:
duplicate scoring, not doubled) and its par (the game's without doubles, or
bridge's).
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from solver import dd_tables
from solver.cards import SEATS, STRAINS, Deal, Seat

from ..game import rule_set, strain_of
from ..par import par_from_outcomes
from ..records import read_games_file
from ..valuation import contract_outcomes
from .bridge import bridge_par, bridge_score, parse_vulnerable
from .random_deals import compile_seat_constraints, random_deals
from .runners import LocalRunner
from .sinks import open_sink

__all__ = ["BatchPlan", "BatchSummary", "plan_files", "plan_random", "analyse_chunk",
           "analyse_deal", "run_batch", "BatchError", "CHUNK_SIZE"]

#: Deals per chunk: a few hundred, so that a task's overhead (milliseconds) is
#: nothing beside its work (a minute or more) and a lost chunk costs little.
CHUNK_SIZE = 200
LEVELS = range(1, 8)


class BatchError(ValueError):
    """A run that cannot be planned or resumed (no deals, an output that holds
    another run...)."""


# --------------------------------------------------------------------------
# One deal

def analyse_deal(deal: Deal, table, *, rules: str, dealer: str = "N",
                 vulnerable: str = "None") -> dict:
    """One deal's result: ``tricks`` (``{seat: {strain: tricks}}``, declarer's
    left-hand opponent leading), ``scores`` (``{seat: {strain: [NS score at
    levels 1..7, None where the game has no such contract]}}``) and ``par``
    (``contract``, ``declarer``, ``score`` for NS, ``text``)."""
    tricks = table.to_dict()
    if rules == "bridge":
        vul = parse_vulnerable(vulnerable)
        scores = {seat.name: {strain.name: [_bridge_ns(seat, strain.name, level, tricks, vul)
                                            for level in LEVELS] for strain in STRAINS}
                  for seat in SEATS}
        par = bridge_par(table, dealer=dealer, vulnerable=vul)
        first = par.contracts[0] if par.contracts else None
        par_dict = {"contract": None if first is None else
                    f"{first.level}{first.strain}{'X' if first.doubled else ''}",
                    "declarer": None if first is None else first.seats[0],
                    "score": par.score, "text": par.par_contract}
    else:
        rs = rule_set(rules)
        outcomes = contract_outcomes(table, rs, deal)
        scores = {seat.name: {strain.name: [None] * 7 for strain in STRAINS} for seat in SEATS}
        for contract, row in outcomes.items():
            strain = strain_of(rs, contract).name
            level = rs.contract(contract).level
            for seat, outcome in row.items():
                scores[seat][strain][level - 1] = outcome.score
        par = par_from_outcomes(outcomes, rs, dealer)
        par_dict = {"contract": par.contract, "declarer": par.declarer, "score": par.score,
                    "text": "Pass" if par.contract is None else f"{par.declarer} {par.contract}"}
    return {"deal": deal.to_pbn(), "dealer": dealer, "vulnerable": vulnerable, "rules": rules,
            "tricks": tricks, "scores": scores, "par": par_dict}


def _bridge_ns(seat: Seat, strain: str, level: int, tricks: dict, vulnerable) -> int:
    score = bridge_score(level, strain, tricks[seat.name][strain], seat.side in vulnerable)
    return score if seat.side == "NS" else -score


# --------------------------------------------------------------------------
# Chunks

def analyse_chunk(spec: dict, threads: int = 1) -> List[dict]:
    """The results of one chunk (a plain dict, so it travels to any worker):
    ``{"index", "rules", "jobs": [[id, deal, dealer, vulnerable], ...]}`` or
    ``{"index", "rules", "random": {"seed", "first", "count", "dealer",
    "constraints"}}``. Each result carries its ``id`` and ``chunk``; a deal
    whose scoring fails is ``{"id", "chunk", "deal", "error"}``."""
    index, rules = spec["index"], spec["rules"]
    if "random" in spec:
        r = spec["random"]
        deals = random_deals(r["count"], np.random.default_rng([r["seed"], index]),
                             r.get("constraints"))
        jobs = [(f"random:{r['seed']}:{r['first'] + i}", d, r.get("dealer", "N"), "None")
                for i, d in enumerate(deals)]
    else:
        jobs = [(i, Deal.from_pbn(d), dealer, vul) for i, d, dealer, vul in spec["jobs"]]
    tables = dd_tables([job[1] for job in jobs], workers=threads)
    out = []
    for (job_id, deal, dealer, vul), table in zip(jobs, tables):
        try:
            result = analyse_deal(deal, table, rules=rules, dealer=dealer or "N",
                                  vulnerable=vul or "None")
        except ValueError as exc:
            result = {"deal": deal.to_pbn(), "error": str(exc)}
        out.append({"id": job_id, "chunk": index, **result})
    return out


# --------------------------------------------------------------------------
# Planning a run

@dataclass
class BatchPlan:
    """What a run does: its chunks (``analyse_chunk`` specs), the rules, and a
    ``signature`` that a resumed run must match. ``skipped``: the deals of the
    input files that could not be read (``FormatError``), left out."""

    chunks: List[dict]
    rules: str
    signature: dict
    skipped: list = field(default_factory=list)
    notes: List[str] = field(default_factory=list)

    @property
    def deals(self) -> int:
        return sum(chunk_size(c) for c in self.chunks)


def chunk_size(spec: dict) -> int:
    """How many deals a chunk holds."""
    return spec["random"]["count"] if "random" in spec else len(spec["jobs"])


def _rules_name(rules: str) -> str:
    return "bridge" if rules == "bridge" else rule_set(rules).name


def _check_chunk_size(size) -> int:
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise BatchError(f"the chunk size is a whole number of deals >= 1, not {size!r}")
    return size


def plan_files(paths: Sequence[str], *, rules: str = "vint",
               chunk_size: int = CHUNK_SIZE) -> BatchPlan:
    """A run over the deals of PBN, LIN or JSON files (read as ``vint analyse``
    reads them: deals and dealers; a bridge file's ``Vulnerable`` tag too)."""
    rules = _rules_name(rules)
    size = _check_chunk_size(chunk_size)
    jobs, skipped, notes = [], [], []
    for path in paths:
        games = read_games_file(path, rules="vint" if rules == "bridge" else rules,
                                deal_only=True)
        skipped += games.errors
        notes += games.notes
        for g in games:
            jobs.append([f"{path}:{g.line}", g.deal.to_pbn(), g.dealer or "N",
                         g.tags.get("Vulnerable", "None")])
    if not jobs:
        raise BatchError("no deal to analyse in " + ", ".join(map(str, paths)))
    digest = hashlib.sha256(json.dumps(jobs).encode()).hexdigest()
    chunks = [{"index": k, "rules": rules, "jobs": jobs[i:i + size]}
              for k, i in enumerate(range(0, len(jobs), size))]
    signature = {"rules": rules, "chunk_size": size, "deals": len(jobs),
                 "inputs": [os.fspath(p) for p in paths], "jobs_sha256": digest}
    return BatchPlan(chunks, rules, signature, skipped, notes)


def plan_random(count: int, *, seed: int, constraints: Optional[Dict[str, str]] = None,
                rules: str = "vint", dealer: str = "N",
                chunk_size: int = CHUNK_SIZE) -> BatchPlan:
    """A run over ``count`` random deals dealt from ``seed`` that fit
    ``constraints`` (``{"S": "hcp >= 15 and spades == 5"}``)."""
    rules = _rules_name(rules)
    size = _check_chunk_size(chunk_size)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise BatchError(f"the number of random deals is a whole number >= 1, not {count!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise BatchError(f"the seed is a whole number >= 0, not {seed!r}")
    constraints = {Seat.parse(s).name: t for s, t in (constraints or {}).items()}
    compile_seat_constraints(constraints)          # a bad constraint fails here, not on a worker
    # A constraint that hardly any deal fits fails here too, before a cluster starts.
    random_deals(1, np.random.default_rng([seed, 0]), constraints)
    dealer = Seat.parse(dealer).name
    chunks = [{"index": k, "rules": rules,
               "random": {"seed": seed, "first": i, "count": min(size, count - i),
                          "dealer": dealer, "constraints": constraints}}
              for k, i in enumerate(range(0, count, size))]
    signature = {"rules": rules, "chunk_size": size, "deals": count,
                 "random": {"seed": seed, "constraints": constraints, "dealer": dealer}}
    return BatchPlan(chunks, rules, signature)


# --------------------------------------------------------------------------
# Running it

@dataclass
class BatchSummary:
    """How a run went: deals and chunks in all, those found already written
    (``resumed``), those run now, the chunks that failed on every try
    (``failed``: ``[(index, error)]``), deals whose scoring failed
    (``deal_errors``), the time taken and where it ran."""

    output: str
    deals: int
    chunks: int
    resumed: int = 0
    run: int = 0
    deals_run: int = 0
    failed: List[Tuple[int, str]] = field(default_factory=list)
    deal_errors: int = 0
    seconds: float = 0.0
    runner: str = ""

    @property
    def deals_per_second(self) -> float:
        return self.deals_run / self.seconds if self.seconds else 0.0

    def text(self) -> str:
        lines = [f"{self.output}: {self.deals} deals in {self.chunks} chunk(s)",
                 f"  {self.resumed} chunk(s) already written, {self.run} run now "
                 f"({self.deals_run} deals in {self.seconds:.1f} s, "
                 f"{self.deals_per_second:.2f} deals/s)"]
        if self.deal_errors:
            lines.append(f"  {self.deal_errors} deal(s) could not be scored (\"error\" in "
                         "their result)")
        for index, error in self.failed:
            lines.append(f"  chunk {index} failed: {error} (run the command again to retry it)")
        return "\n".join(lines)


def run_batch(plan: BatchPlan, output: str, *, runner=None, restart: bool = False,
              retries: int = 2, progress: Optional[Callable[[int, int], None]] = None,
              fmt: Optional[str] = None) -> BatchSummary:
    """Run ``plan``, writing each chunk's results to ``output`` as it finishes
    (``.jsonl``: JSON lines; ``.parquet`` or ``fmt="parquet"``: a folder of
    Parquet parts). Chunks already in ``output`` from an earlier run of the
    same plan are skipped; ``restart=True`` throws them away instead.
    ``progress(deals done, deals in all)`` after each chunk."""
    runner = runner or LocalRunner()
    sizes = {c["index"]: chunk_size(c) for c in plan.chunks}
    sink = open_sink(output, plan.signature, sizes, restart=restart, fmt=fmt)
    done = sink.done
    todo = [c for c in plan.chunks if c["index"] not in done]
    summary = BatchSummary(os.fspath(output), plan.deals, len(plan.chunks), resumed=len(done),
                           runner=runner.describe())
    progress_done = sum(sizes[i] for i in done)
    if progress:
        progress(progress_done, plan.deals)
    started = time.monotonic()

    def on_done(i: int, results: List[dict]) -> None:
        nonlocal progress_done
        sink.write(todo[i]["index"], results)
        summary.run += 1
        summary.deals_run += len(results)
        summary.deal_errors += sum(1 for r in results if "error" in r)
        progress_done += len(results)
        if progress:
            progress(progress_done, plan.deals)

    def on_failed(i: int, error: str) -> None:
        summary.failed.append((todo[i]["index"], error))

    try:
        runner.run(analyse_chunk, todo, on_done, on_failed, retries=retries)
    finally:
        summary.seconds = time.monotonic() - started
        sink.close()
    return summary
