"""Long work off the request thread: a job runs in a small pool, reports progress, can be cancelled.

A page starts a job (``JobRunner.start(work)``) and gets its id at once;
it then asks for the job's state (``JobRunner.state(id)``) until the job is
done. ``work(job)`` is an ordinary function that calls ``job.progress(done,
total)`` now and then; that call raises ``Cancelled`` once the job has been
cancelled, so a cancelled job stops at its next progress report. The
server's threads never wait for a job, so one long request never blocks
another.

Errors: a ``ValueError`` (bad input: every error of ``solver`` and
``advisor`` is one) becomes the job's ``error`` message for the page; any
other exception is logged and the page gets a short generic message, never
a stack trace.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Dict, Optional

__all__ = ["Cancelled", "Job", "JobRunner"]

log = logging.getLogger(__name__)


class Cancelled(Exception):
    """Raised inside a job's work once the job has been cancelled."""


class Job:
    """One piece of work: its state, progress and result."""

    def __init__(self, kind: str):
        self.id = uuid.uuid4().hex
        self.kind = kind
        self.state = "queued"            # queued, running, done, error, cancelled
        self.done = 0
        self.total: Optional[int] = None
        self.result: Any = None
        self.error: Optional[str] = None
        self.created = time.monotonic()
        self._cancel = threading.Event()

    def progress(self, done: int, total: Optional[int] = None) -> None:
        """Report progress; raises ``Cancelled`` when the job was cancelled."""
        self.done = done
        if total is not None:
            self.total = total
        if self._cancel.is_set():
            raise Cancelled()

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def to_dict(self) -> dict:
        out = {"id": self.id, "kind": self.kind, "state": self.state,
               "progress": {"done": self.done, "total": self.total}}
        if self.state == "done":
            out["result"] = self.result
        if self.error is not None:
            out["error"] = self.error
        return out


class JobRunner:
    """Runs jobs on ``workers`` threads and keeps the last ``keep`` of them."""

    def __init__(self, workers: int = 2, keep: int = 200):
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="vint-job")
        self._jobs: Dict[str, Job] = {}
        self._lock = threading.Lock()
        self._keep = keep

    def start(self, kind: str, work: Callable[[Job], Any]) -> Job:
        """Queue ``work(job)``; returns the job at once."""
        job = Job(kind)
        with self._lock:
            self._jobs[job.id] = job
            self._forget_old()
        self._pool.submit(self._run, job, work)
        return job

    def get(self, job_id: str) -> Optional[Job]:
        with self._lock:
            return self._jobs.get(job_id)

    def cancel(self, job_id: str) -> Optional[Job]:
        job = self.get(job_id)
        if job is not None and job.state in ("queued", "running"):
            job.cancel()
        return job

    def shutdown(self) -> None:
        with self._lock:
            for job in self._jobs.values():
                job.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)

    def _run(self, job: Job, work: Callable[[Job], Any]) -> None:
        if job.cancelled:
            job.state = "cancelled"
            return
        job.state = "running"
        try:
            job.result = work(job)
        except Cancelled:
            job.state = "cancelled"
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
        job.state = "cancelled" if job.cancelled else "done"

    def _forget_old(self) -> None:
        finished = [j for j in self._jobs.values() if j.state in ("done", "error", "cancelled")]
        finished.sort(key=lambda j: j.created)
        for job in finished[:max(0, len(self._jobs) - self._keep)]:
            del self._jobs[job.id]
