"""Where chunks of work run: this machine's cores, or a Dask cluster.

A runner takes a function and a list of chunks and calls ``on_done(index,
result)`` in the calling thread as each chunk finishes, in whatever order
they finish, so that the caller can write each result to disk at once.

- ``LocalRunner(workers)``: the chunks one after the other in this process,
  each spread over ``workers`` threads by the solver (``solver.dd_tables``:
  the search releases the GIL, one strain of one deal per job), so Ctrl-C
  stops it within milliseconds. It needs nothing beyond the package.
- ``DaskRunner(client)``: each chunk a Dask task on the cluster's workers
  (``dask.distributed``, the optional extra ``pip install "vint[dask]"``), a
  bounded number in flight. A chunk that raises, or whose worker dies, is
  submitted again up to ``retries`` times; after that its error is reported
  and the other chunks go on.

``open_runner(scheduler=..., workers=..., dask=...)`` picks one and says how it
runs (``describe``): the Dask dashboard's address when there is one.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
import time
from contextlib import contextmanager
from typing import Callable, List, Optional

__all__ = ["LocalRunner", "DaskRunner", "open_runner", "dask_available", "RunnerError",
           "DaskMissing", "ChunkFailed", "NoWorkers", "INSTALL_HINT"]

#: How to get Dask, said wherever it is missing.
INSTALL_HINT = 'pip install "vint[dask]" (or: pip install "dask[distributed]" bokeh)'


class RunnerError(ValueError):
    """A runner that cannot start: Dask missing, a scheduler out of reach."""


class DaskMissing(RunnerError):
    """Dask was asked for (``--scheduler``) but is not installed."""


def dask_available() -> bool:
    """Is ``dask.distributed`` installed?"""
    try:
        import distributed  # noqa: F401
    except ImportError:
        return False
    return True


class ChunkFailed(Exception):
    """A chunk that failed on every try; ``index`` and the last error's text."""

    def __init__(self, index: int, error: str):
        super().__init__(f"chunk {index}: {error}")
        self.index, self.error = index, error


class LocalRunner:
    """The chunks in this process, one at a time, each over ``workers`` threads."""

    def __init__(self, workers: Optional[int] = None):
        self.workers = workers or os.cpu_count() or 1

    def describe(self) -> str:
        return f"this machine, {self.workers} thread(s)"

    def run(self, fn: Callable, chunks: List, on_done: Callable, on_failed: Callable = None,
            retries: int = 0) -> None:
        """``on_done(i, fn(chunks[i], threads))`` for each chunk in turn; a chunk
        that raises is tried ``retries`` more times, then ``on_failed(i, text)``
        (or the error is raised when there is no ``on_failed``)."""
        for index, chunk in enumerate(chunks):
            for attempt in range(retries + 1):
                try:
                    result = fn(chunk, self.workers)
                except (KeyboardInterrupt, MemoryError):
                    raise
                except Exception as exc:            # noqa: BLE001 - reported, not lost
                    if attempt < retries:
                        continue
                    if on_failed is None:
                        raise
                    on_failed(index, f"{type(exc).__name__}: {exc}")
                    break
                on_done(index, result)
                break

    def close(self) -> None:
        pass


class NoWorkers(RunnerError):
    """The cluster has had no worker for ``DaskRunner.no_worker_seconds`` while
    chunks waited: nothing would ever finish them."""


class DaskRunner:
    """The chunks as tasks on a Dask cluster (``client``: a ``distributed.Client``).

    ``no_worker_seconds``: how long chunks may wait on a cluster without any
    worker (every worker died, or none has joined yet) before ``run`` gives up
    with ``NoWorkers`` instead of waiting for ever."""

    def __init__(self, client, *, cluster=None, in_flight: Optional[int] = None,
                 no_worker_seconds: float = 120.0):
        self.client, self.cluster = client, cluster
        self._in_flight = in_flight
        self.no_worker_seconds = no_worker_seconds

    @property
    def workers(self) -> int:
        return max(1, sum(w.get("nthreads", 1) for w in
                          self.client.scheduler_info().get("workers", {}).values()))

    def describe(self) -> str:
        where = "a local Dask cluster" if self.cluster is not None else \
            f"the Dask cluster at {self.client.scheduler.address}"
        text = f"{where}, {self.workers} worker thread(s)"
        link = self.dashboard
        return text + (f"; dashboard: {link}" if link else "")

    @property
    def dashboard(self) -> Optional[str]:
        try:
            return self.client.dashboard_link
        except Exception:                           # noqa: BLE001 - no dashboard (no bokeh)
            return None

    def run(self, fn: Callable, chunks: List, on_done: Callable, on_failed: Callable = None,
            retries: int = 2) -> None:
        """Submit the chunks (at most ``in_flight`` at once: 2 per worker
        thread by default); ``on_done(i, result)`` as each finishes. A chunk
        that raised or lost its worker is submitted again up to ``retries``
        times, then ``on_failed(i, text)`` (or ``ChunkFailed`` is raised)."""
        from distributed import wait

        limit = self._in_flight or 2 * self.workers
        attempts = {}
        waiting = iter(range(len(chunks)))
        index_of = {}

        def submit(i):
            attempts[i] = attempts.get(i, 0) + 1
            future = self.client.submit(fn, chunks[i], 1, pure=False,
                                        key=f"vint-chunk-{i}-try-{attempts[i]}-{os.getpid()}")
            index_of[future.key] = i
            return future

        # range first: zip stops on it without taking one more chunk from waiting.
        pending = {submit(i) for _, i in zip(range(limit), waiting)}
        idle_since = None                  # when the cluster was last seen without a worker
        try:
            while pending:
                try:
                    done, pending = wait(pending, timeout=5, return_when="FIRST_COMPLETED")
                except TimeoutError:               # none finished in 5 s: is anyone working?
                    idle_since = self._check_workers(idle_since)
                    continue
                idle_since = None
                for future in done:
                    i = index_of.pop(future.key)
                    try:
                        result = future.result()
                    except (KeyboardInterrupt, MemoryError):
                        raise
                    except Exception as exc:        # noqa: BLE001 - the worker's error or death
                        future.release()
                        if attempts[i] <= retries:
                            pending.add(submit(i))
                            continue
                        if on_failed is None:
                            raise ChunkFailed(i, f"{type(exc).__name__}: {exc}") from None
                        on_failed(i, f"{type(exc).__name__}: {exc} (tried {attempts[i]} times)")
                    else:
                        future.release()
                        on_done(i, result)
                    nxt = next(waiting, None)
                    if nxt is not None:
                        pending.add(submit(nxt))
        finally:
            for future in list(pending):
                future.cancel()

    def _check_workers(self, idle_since: Optional[float]) -> Optional[float]:
        """While chunks wait: None if the cluster has a worker, else since when it
        has had none; ``NoWorkers`` once that is longer than ``no_worker_seconds``."""
        if self.client.scheduler_info().get("workers"):
            return None
        now = time.monotonic()
        if idle_since is None:
            return now
        if now - idle_since > self.no_worker_seconds:
            raise NoWorkers(f"the Dask cluster has had no worker for "
                            f"{self.no_worker_seconds:.0f} s while chunks waited (every worker "
                            f"died or none joined); the chunks written so far are kept: "
                            f"run the same command again to resume")
        return idle_since

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


@contextmanager
def open_runner(*, scheduler: Optional[str] = None, workers: Optional[int] = None,
                dask: Optional[bool] = None):
    """The runner a command asked for.

    ``scheduler``: a running Dask scheduler's address (``tcp://host:8786``);
    ``dask``: True for a ``LocalCluster`` of ``workers`` processes (default: all
    cores) with one thread each, False for ``LocalRunner``, None (default): a
    ``LocalCluster`` when Dask is installed, else ``LocalRunner``.
    A local cluster's dashboard listens on a free port (``describe`` says which).
    """
    if scheduler is not None or dask:
        if not dask_available():
            raise DaskMissing("Dask is not installed: " + INSTALL_HINT)
    if scheduler is None and (dask is False or (dask is None and not dask_available())):
        runner = LocalRunner(workers)
    else:
        runner = _dask_runner(scheduler, workers)
    try:
        yield runner
    finally:
        runner.close()


def _dask_runner(scheduler: Optional[str], workers: Optional[int]) -> DaskRunner:
    from distributed import Client, LocalCluster

    if scheduler is not None:
        try:
            client = Client(scheduler, timeout="10s")
        except (OSError, TimeoutError) as exc:
            raise RunnerError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
        return DaskRunner(client)
    with _workers_ignore_ctrl_c():
        cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                               processes=True, dashboard_address=":0",
                               silence_logs=logging.ERROR)
    return DaskRunner(Client(cluster), cluster=cluster)


@contextmanager
def _workers_ignore_ctrl_c():
    """Ignore Ctrl-C while a local cluster starts its processes, which keep
    that (an ignored signal stays ignored in a child): Ctrl-C at the terminal
    then reaches this process alone, which stops the run and closes the
    cluster, instead of every worker printing its own traceback."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
