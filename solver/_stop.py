"""Stopping the searches of one thread from outside, without touching the others.

``cancel_searches()`` (``Ctrl-C`` in ``map_threads``) stops every search in
every thread. A server that runs several jobs at once needs to stop one of
them: a job its page cancelled, left behind, or that ran past its time. It
runs the job's work inside ``stop_when(check)``; every search started in that
thread (and in the threads ``map_threads`` starts from it) calls ``check()``
at the points where it already looks for ``Ctrl-C`` (every few thousand
nodes, a few milliseconds apart), and once ``check()`` is true it stops and
raises ``KeyboardInterrupt``, as a cancelled search does.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Callable, Iterator, Optional

__all__ = ["stop_when", "requested", "current"]

_local = threading.local()


def current() -> Optional[Callable[[], bool]]:
    """The check the searches of this thread call, or None."""
    return getattr(_local, "check", None)


def requested() -> bool:
    """Should the searches of this thread stop now? (Called by the cores, with
    the GIL held; a check that fails counts as a stop.)"""
    check = getattr(_local, "check", None)
    if check is None:
        return False
    try:
        return bool(check())
    except Exception:
        return True


@contextmanager
def stop_when(check: Optional[Callable[[], bool]]) -> Iterator[None]:
    """Within the block, searches in this thread stop (``KeyboardInterrupt``)
    once ``check()`` is true. Blocks nest: the inner check applies inside."""
    if check is not None and not callable(check):
        raise TypeError(f"stop_when takes a function of no arguments, not {check!r}")
    previous = current()
    _local.check = check
    try:
        yield
    finally:
        _local.check = previous
