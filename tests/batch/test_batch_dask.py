"""vint batch on Dask (advisor.batch.runners.DaskRunner): a LocalCluster of two worker
processes, started and stopped here, gives the single-process results; a chunk whose
worker dies is run again.

Kept small for the shared 2-core machine: 12 random deals, chunks of 4. An alarm
stops any one test that takes longer than TEST_SECONDS (a hung cluster), and the
runner itself gives up on a cluster left without workers (``NoWorkers``).
"""

import logging
import os
import signal
import sys

import pytest

distributed = pytest.importorskip("distributed")
import cloudpickle  # noqa: E402  (a dependency of distributed)
import dask  # noqa: E402

from advisor.batch import annotate_file, plan_random, read_results, run_batch  # noqa: E402
from advisor.batch.engine import analyse_chunk  # noqa: E402
from advisor.batch.runners import DaskRunner, LocalRunner, NoWorkers  # noqa: E402
from advisor.cli import main  # noqa: E402
from helpers import played_file  # noqa: E402

#: The longest one test (or the cluster's start) may take on a loaded machine.
TEST_SECONDS = 300

# The functions below travel to the workers by value (the workers cannot import
# this test module).
cloudpickle.register_pickle_by_value(sys.modules[__name__])


class Timeout(Exception):
    pass


def _alarm(what):
    def stop(signum, frame):
        raise Timeout(f"{what} took more than {TEST_SECONDS} s")
    return stop


@pytest.fixture(autouse=True)
def time_limit(request):
    """Each test's own alarm (a module-wide one, once spent, left the later
    tests free to wait for ever on a broken cluster)."""
    previous = signal.signal(signal.SIGALRM, _alarm(request.node.name))
    signal.alarm(TEST_SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture(scope="module")
def client():
    """A LocalCluster of 2 worker processes (1 thread each, the dashboard on a
    free port). The scheduler gives up on a task at its first worker death
    (allowed-failures 0), so that only the runner's own retry can save a chunk
    whose worker dies."""
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}):
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1,
                                           processes=True, dashboard_address=":0",
                                           silence_logs=logging.ERROR)
        client = distributed.Client(cluster)
        try:
            client.wait_for_workers(2, timeout=120)
            yield client
        finally:
            client.close()
            cluster.close()


@pytest.fixture(scope="module")
def plan():
    return plan_random(12, seed=9, constraints={"N": "hcp >= 12"}, chunk_size=4)


@pytest.fixture(scope="module")
def single(plan, tmp_path_factory):
    out = tmp_path_factory.mktemp("single") / "single.jsonl"
    run_batch(plan, out, runner=LocalRunner(1))
    return {r["id"]: r for r in read_results(out).records}


def test_two_workers_give_the_single_process_results(client, plan, single, tmp_path):
    # Two chunks in flight at a time: the third is submitted as one finishes.
    runner = DaskRunner(client, in_flight=2)
    assert runner.workers == 2 and "Dask cluster" in runner.describe()
    out = tmp_path / "dask.jsonl"
    summary = run_batch(plan, out, runner=runner)
    assert (summary.run, summary.failed) == (3, [])
    results = read_results(out).records
    assert {r["id"]: r for r in results} == single and len(results) == 12
    assert sorted(r["chunk"] for r in results) == [0] * 4 + [1] * 4 + [2] * 4


def dies_once(marker):
    """``analyse_chunk``, except that chunk 1's first try kills its worker process."""
    def run(spec, threads):
        if spec["index"] == 1 and not os.path.exists(marker):
            with open(marker, "w") as f:
                f.write(str(os.getpid()))
            os._exit(1)
        return analyse_chunk(spec, threads)
    return run


def test_a_chunk_whose_worker_dies_is_run_again(client, plan, single, tmp_path):
    marker = str(tmp_path / "died")
    done, failed = {}, []
    DaskRunner(client).run(dies_once(marker), plan.chunks, lambda i, r: done.update({i: r}),
                           lambda i, e: failed.append((i, e)), retries=2)
    assert os.path.exists(marker) and failed == []
    results = {r["id"]: r for chunk in done.values() for r in chunk}
    assert sorted(done) == [0, 1, 2] and results == single


def test_without_retries_the_lost_chunk_is_reported(client, plan, tmp_path):
    marker = str(tmp_path / "died")
    done, failed = {}, []
    DaskRunner(client).run(dies_once(marker), plan.chunks, lambda i, r: done.update({i: r}),
                           lambda i, e: failed.append((i, e)), retries=0)
    assert sorted(done) == [0, 2]
    assert len(failed) == 1 and failed[0][0] == 1 and "KilledWorker" in failed[0][1]


def test_annotate_on_the_cluster_writes_what_it_writes_here(client, tmp_path):
    source = played_file("ben__BBO_Forums_Sunday_Daylong_Daylong.pbn")
    here, there = tmp_path / "here.pbn", tmp_path / "there.pbn"
    annotate_file(source, target=here, runner=LocalRunner(1))
    report = annotate_file(source, target=there, runner=DaskRunner(client), chunk=4)
    assert report.count("annotated") == 10
    assert there.read_bytes() == here.read_bytes() != source.read_bytes()


def test_the_command_on_a_running_cluster(client, tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    address = client.scheduler.address
    assert main(["batch", "--random", "4", "--seed", "2", "--chunk-size", "2",
                 "--scheduler", address, "-o", str(out)]) == 0
    text = capsys.readouterr().out
    assert f"on the Dask cluster at {address}, 2 worker thread(s)" in text
    assert "0 chunk(s) already written, 2 run now" in text
    assert len(read_results(out).records) == 4
    # The cluster is still there for others: the command closed its own client only.
    assert client.submit(sum, [1, 2]).result(timeout=60) == 3


@pytest.mark.slow
def test_a_cluster_without_workers_is_reported_not_waited_on(plan):
    # Every worker gone (or none joined): the run stops with a clear error
    # after no_worker_seconds instead of waiting for ever.
    cluster = distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=":0",
                                       silence_logs=logging.ERROR)
    client = distributed.Client(cluster)
    try:
        runner = DaskRunner(client, in_flight=2, no_worker_seconds=1)
        with pytest.raises(NoWorkers, match="no worker for 1 s"):
            runner.run(analyse_chunk, plan.chunks, lambda i, r: None)
        assert isinstance(NoWorkers("x"), ValueError)
    finally:
        client.close()
        cluster.close()
