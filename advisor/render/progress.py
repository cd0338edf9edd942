"""A progress bar for long commands, on the terminal's standard error."""

from __future__ import annotations

import sys

__all__ = ["progress_bar"]


def progress_bar(what: str, show: bool):
    """A rich progress bar on stderr, shown only when ``show`` (and stderr is a
    terminal): ``vint analyse --aces``, ``advise``, ``review`` and ``batch``."""
    # rich loads when a bar is drawn, not at every import
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(TextColumn(what), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    console=Console(stderr=True), transient=True,
                    disable=not (show and sys.stderr.isatty()))
