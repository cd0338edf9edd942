"""Long work off the request thread: a job runs in a small pool, reports progress, can be stopped.

A page starts a job (``JobRunner.start(kind, work, client)``) and gets its
id at once; it then asks for the job's state (``JobRunner.get(id)``) until
the job is done. ``work(job)`` is an ordinary function that calls
``job.progress(done, total)`` now and then. The server's threads never wait
for a job, so one long request never blocks another.

The work is bounded, whoever asks:

- **at most ``max_jobs`` jobs wait or run at once, ``max_client_jobs`` of them
  for one client** (the page names itself in a header; else its address):
  ``start`` raises ``Busy`` (HTTP 429) past that;
- **a job stops** when its page cancels it, when no page has asked for it
  for ``idle_seconds`` (the page was closed), or when it has run for
  ``job_seconds``. Its searches are stopped where they are
  (``solver.stop_when``: within milliseconds), and ``job.progress`` raises
  ``Cancelled`` in the Python code between them;
- **nothing is kept**: a finished job is forgotten once no page has asked for
  it for ``idle_seconds``, and so is a job that waited for a page that left.

Errors: a ``ValueError`` (bad input: every error of ``solver`` and
``advisor`` is one) becomes the job's ``error`` message for the page; any
other exception is logged and the page gets a short generic message, never
a stack trace.
"""

from __future__ import annotations

import gc
import logging
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Dict, Optional

import solver

__all__ = ["Busy", "Cancelled", "Job", "JobRunner"]

log = logging.getLogger(__name__)

#: A job no page has asked about for this long is stopped (or forgotten once finished).
IDLE_SECONDS = 60.0
#: The longest a job may run.
JOB_SECONDS = 600.0
#: Jobs waiting or running at once, in all and for one client.
MAX_JOBS = 8
MAX_CLIENT_JOBS = 3


class Cancelled(Exception):
    """Raised inside a job's work once the job has been stopped."""


class Busy(ValueError):
    """The server has as many jobs as it takes (HTTP 429)."""


class Job:
    """One piece of work: its state, progress and result."""

    def __init__(self, kind: str, client: str, *, job_seconds: float, idle_seconds: float):
        self.id = uuid.uuid4().hex
        self.kind = kind
        self.client = client
        self.state = "queued"            # queued, running, done, error, cancelled
        self.done = 0
        self.total: Optional[int] = None
        self.result: Any = None
        self.error: Optional[str] = None
        self.created = self.seen = time.monotonic()
        self.deadline: Optional[float] = None        # set when it starts running
        self._job_seconds = job_seconds
        self._idle_seconds = idle_seconds
        self._stop = threading.Event()
        self.stopped_by: Optional[str] = None         # "cancel", "idle" or "time"

    @property
    def active(self) -> bool:
        return self.state in ("queued", "running")

    def seen_now(self) -> None:
        """A page asked about this job: it is still wanted."""
        self.seen = time.monotonic()

    def idle(self, now: float) -> bool:
        return now - self.seen > self._idle_seconds

    def stop(self, why: str = "cancel") -> None:
        if self.stopped_by is None:
            self.stopped_by = why
        self._stop.set()

    def should_stop(self) -> bool:
        """Is the job to stop now: cancelled, left by its page, or over its time?
        (Called by the solver's searches every few milliseconds.)"""
        if not self._stop.is_set():
            now = time.monotonic()
            if self.idle(now):
                self.stop("idle")
            elif self.deadline is not None and now > self.deadline:
                self.stop("time")
        return self._stop.is_set()

    def progress(self, done: int, total: Optional[int] = None) -> None:
        """Report progress; raises ``Cancelled`` when the job is to stop."""
        self.done = done
        if total is not None:
            self.total = total
        if self.should_stop():
            raise Cancelled()

    def cancel(self) -> None:
        self.stop("cancel")

    @property
    def cancelled(self) -> bool:
        return self._stop.is_set()

    def _finish_stopped(self) -> None:
        if self.stopped_by == "time":
            self.state = "error"
            self.error = (f"stopped after {self._job_seconds:g} s, the longest a job may run "
                          "on this server: ask for less (fewer deals or samples)")
        else:
            self.state = "cancelled"

    def to_dict(self) -> dict:
        out = {"id": self.id, "kind": self.kind, "state": self.state,
               "progress": {"done": self.done, "total": self.total}}
        if self.state == "done":
            out["result"] = self.result
        if self.error is not None:
            out["error"] = self.error
        return out


class JobRunner:
    """Runs jobs on ``workers`` threads, within the limits above."""

    def __init__(self, workers: int = 2, *, max_jobs: int = MAX_JOBS,
                 max_client_jobs: int = MAX_CLIENT_JOBS, job_seconds: float = JOB_SECONDS,
                 idle_seconds: float = IDLE_SECONDS):
        for name, value in (("workers", workers), ("max_jobs", max_jobs),
                            ("max_client_jobs", max_client_jobs)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a whole number >= 1, not {value!r}")
        for name, value in (("job_seconds", job_seconds), ("idle_seconds", idle_seconds)):
            if not value > 0:
                raise ValueError(f"{name} must be above 0, not {value!r}")
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="vint-job")
        self._jobs: Dict[str, Job] = {}
        self._lock = threading.Lock()
        self.max_jobs, self.max_client_jobs = max_jobs, max_client_jobs
        self.job_seconds, self.idle_seconds = job_seconds, idle_seconds
        self._closed = threading.Event()
        self._sweeper = threading.Thread(target=self._sweep_until_closed, daemon=True,
                                         name="vint-job-sweeper")
        self._sweeper.start()

    def start(self, kind: str, work: Callable[[Job], Any], client: str = "") -> Job:
        """Queue ``work(job)``; returns the job at once. ``Busy`` when full."""
        job = Job(kind, client, job_seconds=self.job_seconds, idle_seconds=self.idle_seconds)
        with self._lock:
            self._sweep(time.monotonic())
            # A stopped job leaves its place at once (it ends within milliseconds).
            active = [j for j in self._jobs.values() if j.active and not j.cancelled]
            if len(active) >= self.max_jobs:
                raise Busy(f"the server is busy with {len(active)} jobs (at most "
                           f"{self.max_jobs}): try again when one has finished")
            mine = sum(1 for j in active if j.client == client)
            if mine >= self.max_client_jobs:
                raise Busy(f"this page already has {mine} jobs waiting or running (at most "
                           f"{self.max_client_jobs}): wait for one, or cancel it")
            self._jobs[job.id] = job
        self._pool.submit(self._run, job, work)
        return job

    def get(self, job_id: str) -> Optional[Job]:
        """The job, marked as still wanted (None when unknown or forgotten)."""
        with self._lock:
            job = self._jobs.get(job_id)
        if job is not None:
            job.seen_now()
        return job

    def cancel(self, job_id: str) -> Optional[Job]:
        job = self.get(job_id)
        if job is not None and job.active:
            job.cancel()
            if job.state == "queued":     # it will not start: say so now
                job._finish_stopped()
        return job

    def snapshot(self) -> list:
        """``[{"id", "kind", "state", "client"}]`` of the jobs kept, oldest first,
        without marking any as wanted (for tests and a status view)."""
        with self._lock:
            jobs = sorted(self._jobs.values(), key=lambda j: j.created)
            return [{"id": j.id, "kind": j.kind, "state": j.state, "client": j.client}
                    for j in jobs]

    def __len__(self) -> int:
        """Jobs kept (waiting, running, or finished and not yet forgotten)."""
        with self._lock:
            return len(self._jobs)

    def shutdown(self) -> None:
        self._closed.set()
        with self._lock:
            for job in self._jobs.values():
                job.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)

    def _run(self, job: Job, work: Callable[[Job], Any]) -> None:
        if job.should_stop():
            job._finish_stopped()
            return
        job.state = "running"
        job.deadline = time.monotonic() + self.job_seconds
        try:
            with solver.stop_when(job.should_stop):
                result = work(job)
        except (Cancelled, KeyboardInterrupt):
            if not job.cancelled:         # a real Ctrl-C: the server is going down
                job.stop("cancel")
            job._finish_stopped()
            return
        except ValueError as exc:         # bad input, named by the solver or advisor
            job.error = str(exc)
            job.state = "error"
            return
        except Exception:                 # a bug: logged, never shown as a traceback
            log.exception("job %s (%s) failed", job.id, job.kind)
            job.error = "internal error: the server could not finish this request"
            job.state = "error"
            return
        if job.cancelled:
            job._finish_stopped()
        else:
            job.result = result
            job.state = "done"

    def _sweep(self, now: float) -> int:
        """Stop the waiting jobs no page wants any more; forget finished ones
        no page has asked about lately. (With the lock held.)"""
        forgotten = 0
        for job in list(self._jobs.values()):
            if not job.idle(now):
                continue
            if job.active:
                job.stop("idle")          # a running one stops at its next check
                if job.state == "queued":
                    job._finish_stopped()
            else:
                del self._jobs[job.id]
                forgotten += 1
        return forgotten

    def _sweep_until_closed(self) -> None:
        period = min(5.0, self.idle_seconds / 4)
        while not self._closed.wait(period):
            with self._lock:
                forgotten = self._sweep(time.monotonic())
            if forgotten:
                # Results can be large (a review's page): give their memory back.
                gc.collect()
                _trim_heap()


def _trim_heap() -> None:
    """Hand the C heap's free pages back to the system (glibc's ``malloc_trim``),
    where there is one: freed memory otherwise stays in the process."""
    try:
        _libc().malloc_trim(0)
    except (OSError, AttributeError):
        pass


_LIBC = []


def _libc():
    if not _LIBC:
        import ctypes
        import ctypes.util

        _LIBC.append(ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6"))
    return _LIBC[0]
