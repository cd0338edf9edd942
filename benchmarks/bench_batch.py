#!/usr/bin/env python
"""vint batch's throughput on this machine, and what Dask costs per chunk.

In one run, on the same random deals (``plan_random``, seed 1):

- ``local, 1 thread`` / ``local, N threads``: ``LocalRunner`` (no Dask, one
  process; each chunk's strains spread over the threads);
- ``Dask, 1 worker`` / ``Dask, N workers``: a ``LocalCluster`` of that many
  worker processes, one thread each (the default of ``vint batch``);

each writing JSON lines to a temporary folder as the command does. It prints
deals per second for each and the ratio to ``local, 1 thread``. The cluster
is started before the clock starts and stopped after it stops: its start-up
(about 2-5 s, the workers importing the solver) is printed apart.

The scheduler's overhead per chunk: ``--noop`` chunks that do nothing (an
empty list of deals) go through the same ``DaskRunner`` on the N-worker
cluster; their mean round trip (submit, run, result, the ``on_done`` call)
is printed in milliseconds, and beside it as a share of one real chunk's
time at the throughput measured.

    python benchmarks/bench_batch.py                  # 40 deals, chunks of 10, N = 2
    python benchmarks/bench_batch.py --deals 80 --chunk 20 --json batch.json
    python benchmarks/bench_batch.py --rounds 2       # each configuration twice, alternating

The machine is shared: compare the ratios of one run, not times across runs.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import tempfile
import time
from pathlib import Path

from common import timed    # common puts this source tree first on sys.path
from advisor.batch import plan_random, run_batch
from advisor.batch.runners import DaskRunner, LocalRunner


def noop(chunk, threads):
    """A chunk that does nothing: what is left of its time is Dask's."""
    return []


def local_cluster(workers: int):
    from distributed import Client, LocalCluster

    started = time.perf_counter()
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                           dashboard_address=":0",
                           silence_logs=logging.ERROR)
    client = Client(cluster)
    client.wait_for_workers(workers, timeout=120)
    # Warm the workers: the first task imports the solver there.
    client.gather(client.map(noop, range(workers), [1] * workers, pure=False))
    return client, cluster, time.perf_counter() - started


def timed_run(plan, runner, folder: str, name: str) -> float:
    out = os.path.join(folder, f"{name}-{time.monotonic_ns()}.jsonl")
    seconds, summary = timed(run_batch, plan, out, runner=runner, restart=True)
    if summary.failed or summary.run != len(plan.chunks):
        raise SystemExit(f"{name}: the run did not finish: {summary.text()}")
    return seconds


def overhead(runner: DaskRunner, chunks: int) -> float:
    """Mean seconds per no-op chunk through ``runner``."""
    done = []
    started = time.perf_counter()
    runner.run(noop, list(range(chunks)), lambda i, r: done.append(i))
    seconds = time.perf_counter() - started
    assert len(done) == chunks
    return seconds / chunks


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--chunk", type=int, default=10, help="deals per chunk (default 10)")
    ap.add_argument("--workers", type=int, default=2, help="N (default 2: the machine's cores)")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--noop", type=int, default=200, help="no-op chunks for the overhead")
    ap.add_argument("--json", metavar="PATH", help="also write the numbers as JSON (- for stdout)")
    args = ap.parse_args(argv)

    plan = plan_random(args.deals, seed=1, chunk_size=args.chunk)
    n = args.workers
    clusters = {}
    for workers in sorted({1, n}):
        clusters[workers] = local_cluster(workers)
    configs = {"local, 1 thread": LocalRunner(1), f"local, {n} threads": LocalRunner(n),
               "Dask, 1 worker": DaskRunner(clusters[1][0]),
               f"Dask, {n} workers": DaskRunner(clusters[n][0])}
    times = {name: 0.0 for name in configs}
    with tempfile.TemporaryDirectory() as folder:
        for round_ in range(args.rounds):
            order = list(configs) if round_ % 2 == 0 else list(reversed(configs))
            for name in order:
                times[name] += timed_run(plan, configs[name], folder, name.replace(" ", ""))
        per_chunk = overhead(DaskRunner(clusters[n][0]), args.noop)
    for client, cluster, _ in clusters.values():
        client.close()
        cluster.close()

    deals = args.deals * args.rounds
    rate = {name: deals / seconds for name, seconds in times.items()}
    base = rate["local, 1 thread"]
    chunk_seconds = args.chunk / rate[f"Dask, {n} workers"] * n   # one worker's chunk
    print(f"{args.deals} random deals, chunks of {args.chunk}, {args.rounds} round(s); "
          f"cluster start-up: " + ", ".join(f"{w} worker(s) {c[2]:.1f} s"
                                            for w, c in clusters.items()))
    print(f"{'runner':<20}{'deals/s':>10}{'vs local 1':>12}")
    for name in configs:
        print(f"{name:<20}{rate[name]:>10.2f}{rate[name] / base:>12.2f}")
    print(f"Dask overhead per chunk ({args.noop} no-op chunks, {n} workers): "
          f"{1000 * per_chunk:.1f} ms, {100 * per_chunk / chunk_seconds:.2f}% of a "
          f"{args.chunk}-deal chunk ({chunk_seconds:.1f} s on one worker)")
    if args.json:
        data = {"deals": args.deals, "chunk": args.chunk, "rounds": args.rounds,
                "workers": n, "deals_per_second": rate,
                "overhead_ms_per_chunk": 1000 * per_chunk,
                "cluster_startup_seconds": {w: c[2] for w, c in clusters.items()}}
        text = json.dumps(data, indent=1)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
