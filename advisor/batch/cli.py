"""``vint annotate`` and ``vint batch``: the command-line side of ``advisor.batch``.

``add_parsers(commands, rule_names)`` registers both on the ``vint`` command
(``advisor.cli.build_parser``). Errors are ``ValueError``s, which ``vint``
prints as one line with exit status 2; boards or chunks that failed are
listed on stderr after the summary, and the exit status is 2.
"""

from __future__ import annotations

import os
import sys

from ..bidding.constraints import seat_constraints
from ..render import progress_bar
from .annotate import annotate_file
from .engine import CHUNK_SIZE, plan_files, plan_random, run_batch
from .runners import INSTALL_HINT, dask_available, open_runner

__all__ = ["add_parsers", "run_annotate", "run_batch_command", "BatchCliError"]


class BatchCliError(ValueError):
    """Bad options of ``vint annotate`` or ``vint batch``."""


def _runner_options(p, *, dask_default: bool) -> None:
    p.add_argument("--workers", type=int, default=None, metavar="N",
                   help="cores to use on this machine (default: all)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run on a running Dask cluster, e.g. tcp://host:8786 (needs the "
                        "dask extra on this machine and the workers)")
    if dask_default:
        p.add_argument("--local", action="store_true",
                       help="run in this process on this machine's cores, without Dask")
    else:
        p.add_argument("--dask", action="store_true",
                       help="run on a local Dask cluster of --workers processes")


def add_parsers(commands, rule_names) -> None:
    """Register ``vint annotate`` and ``vint batch``."""
    an = commands.add_parser(
        "annotate", help="write each board's DD table and par into PBN files (docs/batch.md)",
        description="Add DoubleDummyTricks, OptimumResultTable and par tags (bridge: "
                    "OptimumScore, ParContract; Vint: VintRules, VintPar, VintParScore) to "
                    "every board of PBN files, keeping everything else byte for byte. "
                    "Boards that have the tags are skipped, so a stopped run goes on "
                    "where it stopped.")
    an.add_argument("files", nargs="+", metavar="FILE", help="PBN files")
    where = an.add_mutually_exclusive_group()
    where.add_argument("-o", "--output", metavar="DIR",
                       help="write the annotated copies into this folder")
    where.add_argument("--in-place", action="store_true", help="annotate the files themselves")
    an.add_argument("--rules", default="auto", choices=["auto", "bridge"] + list(rule_names),
                    help="the game the files are (default auto: a [Scoring] tag or an auction "
                         "not legal in Vint is bridge, legal Vint auctions are Vint, no "
                         "auction is bridge)")
    an.add_argument("--chunk", type=int, default=None, metavar="DEALS",
                    help="deals solved at a time (default: 8 here, 50 on Dask)")
    an.add_argument("--checkpoint", type=float, default=30.0, metavar="SECONDS",
                    help="write each file this often while it is annotated (default 30)")
    _runner_options(an, dask_default=False)
    an.set_defaults(run=run_annotate)

    bt = commands.add_parser(
        "batch", help="DD tables, scores and par of many deals, on all cores or a Dask "
                      "cluster, written as they finish (docs/batch.md)",
        description="Analyse the deals of PBN, LIN or JSON files, or --random deals, in "
                    "chunks on a local Dask cluster (all cores; or --scheduler ADDRESS, or "
                    "--local without Dask), writing each chunk's results to OUTPUT as it "
                    "finishes (JSON lines; a name ending in .parquet: Parquet). The same "
                    "command again resumes a stopped run.")
    bt.add_argument("files", nargs="*", metavar="FILE", help="PBN, LIN or JSON files")
    bt.add_argument("-o", "--output", required=True,
                    help="results.jsonl (JSON lines) or results.parquet (a folder)")
    bt.add_argument("--random", type=int, default=None, metavar="N",
                    help="analyse N random deals instead of files")
    bt.add_argument("--seed", type=int, default=0, help="the random deals' seed (default 0)")
    bt.add_argument("--constraint", action="append", metavar="SEAT: EXPR",
                    help="random deals where a seat's hand fits, e.g. 'S: hcp >= 15 and hcp <= 17 "
                         "and spades == 5' (repeatable; the words of vint advise)")
    bt.add_argument("--dealer", default="N", help="the random deals' dealer (default N)")
    bt.add_argument("--rules", default="vint", choices=["bridge"] + list(rule_names),
                    help="scores and par of this game (default: vint)")
    bt.add_argument("--chunk-size", type=int, default=CHUNK_SIZE, metavar="DEALS",
                    help=f"deals per chunk (default {CHUNK_SIZE})")
    bt.add_argument("--retries", type=int, default=2,
                    help="times a failed chunk is tried again (default 2)")
    bt.add_argument("--restart", action="store_true",
                    help="throw away what OUTPUT holds and start again")
    _runner_options(bt, dask_default=True)
    bt.set_defaults(run=run_batch_command)


def _check_workers(args) -> None:
    if args.workers is not None and args.workers < 1:
        raise BatchCliError(f"--workers must be at least 1, not {args.workers}")


def _bar(what: str):
    return progress_bar(what, show=True)


# --------------------------------------------------------------------------
# vint annotate

def _targets(args):
    """``[(source, target)]`` for the files given."""
    if not args.output and not args.in_place:
        raise BatchCliError("say where the annotated files go: -o DIR (copies) or --in-place")
    pairs, seen = [], {}
    for path in args.files:
        if not os.path.isfile(path):
            raise BatchCliError(f"{path}: no such file")
        if args.in_place:
            pairs.append((path, path))
            continue
        target = os.path.join(args.output, os.path.basename(path))
        if os.path.exists(target) and os.path.samefile(target, path):
            raise BatchCliError(f"-o {args.output} holds {path} itself: use --in-place to "
                                "annotate it there")
        if target in seen:
            raise BatchCliError(f"{path} and {seen[target]} would both be written to {target}")
        seen[target] = path
        pairs.append((path, target))
    return pairs


def run_annotate(args, out) -> None:
    _check_workers(args)
    if args.chunk is not None and args.chunk < 1:
        raise BatchCliError(f"--chunk must be at least 1, not {args.chunk}")
    if not args.checkpoint > 0:
        raise BatchCliError(f"--checkpoint must be above 0 seconds, not {args.checkpoint}")
    pairs = _targets(args)
    if args.output:
        os.makedirs(args.output, exist_ok=True)
    reports = []
    with open_runner(scheduler=args.scheduler, workers=args.workers,
                     dask=True if args.dask else None if args.scheduler else False) as runner:
        if args.scheduler or args.dask:
            out.write(f"Running on {runner.describe()}\n")
            out.flush()
        for source, target in pairs:
            with _bar(f"{os.path.basename(source)}: boards") as bar:
                task = bar.add_task("", total=None)

                def progress(done, total):
                    bar.update(task, completed=done, total=total)
                report = annotate_file(source, target=target, rules=args.rules, runner=runner,
                                       chunk=args.chunk, progress=progress,
                                       checkpoint_seconds=args.checkpoint)
            reports.append(report)
            out.write(report.summary() + "\n")
            out.flush()
            for note in report.notes:
                print(f"vint: note: {note}", file=sys.stderr)
            for board in report.boards:
                if board.warning:
                    print(f"vint: warning: {source}, line {board.line}: {board.warning}",
                          file=sys.stderr)
    failed = [(r.source, b) for r in reports for b in r.failed]
    refused = [r for r in reports if r.error]
    if len(reports) > 1:
        total = sum(len(r.boards) for r in reports)
        done = sum(r.count("annotated") for r in reports)
        out.write(f"{len(reports)} files, {total} boards: {done} annotated, "
                  f"{sum(r.count('skipped') for r in reports)} already annotated, "
                  f"{len(failed)} failed, {len(refused)} file(s) not annotated\n")
    for source, board in failed:
        print(f"vint: error: {source}, line {board.line}: {board.message} (left as it was)",
              file=sys.stderr)
    if failed or refused:
        raise BatchCliError(f"{len(failed)} board(s) failed, {len(refused)} file(s) not "
                            "annotated")


# --------------------------------------------------------------------------
# vint batch

def run_batch_command(args, out) -> None:
    _check_workers(args)
    if args.retries < 0:
        raise BatchCliError(f"--retries must be 0 or more, not {args.retries}")
    if args.random is not None and args.files:
        raise BatchCliError("give files or --random N, not both")
    if args.random is None and not args.files:
        raise BatchCliError("give the files to analyse, or --random N for random deals")
    if args.constraint and args.random is None:
        raise BatchCliError("--constraint chooses random deals: it needs --random N")
    if args.random is not None:
        plan = plan_random(args.random, seed=args.seed, rules=args.rules, dealer=args.dealer,
                           constraints=seat_constraints(args.constraint),
                           chunk_size=args.chunk_size)
    else:
        for path in args.files:
            if not os.path.isfile(path):
                raise BatchCliError(f"{path}: no such file")
        plan = plan_files(args.files, rules=args.rules, chunk_size=args.chunk_size)
    for note in plan.notes:
        print(f"vint: note: {note}", file=sys.stderr)
    for error in plan.skipped:
        print(f"vint: warning: left out: {error}", file=sys.stderr)
    if args.scheduler is None and not args.local and not dask_available():
        print("vint: note: Dask is not installed: running on this machine's cores "
              f"({INSTALL_HINT} for a Dask cluster)", file=sys.stderr)
    with open_runner(scheduler=args.scheduler, workers=args.workers,
                     dask=False if args.local else None) as runner:
        out.write(f"Running {plan.deals} deals in {len(plan.chunks)} chunk(s) on "
                  f"{runner.describe()}\n")
        out.flush()
        with _bar("deals") as bar:
            task = bar.add_task("", total=plan.deals)

            def progress(done, total):
                bar.update(task, completed=done, total=total)
            summary = run_batch(plan, args.output, runner=runner, restart=args.restart,
                                retries=args.retries, progress=progress)
    out.write(summary.text() + "\n")
    if summary.failed:
        raise BatchCliError(f"{len(summary.failed)} chunk(s) failed: run the same command "
                            "again to retry them")
