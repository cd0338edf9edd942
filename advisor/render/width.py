"""The width the text output must fit (issue 28: lines of 97-115 columns in an
80-column terminal).

The ``vint`` command finds the width once (``terminal_width``: the
``COLUMNS`` variable when set, else the terminal's own width; a pipe or a
file with no ``COLUMNS`` has no limit, so scripts keep whole lines) and sets
it for the renderers with ``output_width``. ``render_table`` splits a table
that is too wide into column groups; ``fit_lines`` wraps long lines of text
at spaces, a wrapped line's continuation indented two columns more.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import shutil
import textwrap
from typing import Iterator, Optional

__all__ = ["terminal_width", "output_width", "current_width", "fit_lines", "MIN_WIDTH"]

#: Narrower than this, wrapping is more harm than help: the width is ignored.
MIN_WIDTH = 40

_WIDTH: contextvars.ContextVar[Optional[int]] = contextvars.ContextVar("output_width",
                                                                       default=None)
#: Characters of a drawn table's rules: such a line is never wrapped.
_RULES = set("─━│┃┼╋═")


def terminal_width(out) -> Optional[int]:
    """The columns ``out`` shows: ``COLUMNS`` when it is set (a number of at
    least ``MIN_WIDTH``), else the terminal's width when ``out`` is a terminal,
    else None (no limit)."""
    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isdigit():
        return int(columns) if int(columns) >= MIN_WIDTH else None
    try:
        tty = out.isatty()
    except (AttributeError, ValueError):
        tty = False
    if not tty:
        return None
    width = shutil.get_terminal_size(fallback=(0, 0)).columns
    return width if width >= MIN_WIDTH else None


def current_width() -> Optional[int]:
    """The width set by ``output_width`` (None: no limit)."""
    return _WIDTH.get()


@contextlib.contextmanager
def output_width(width: Optional[int]) -> Iterator[None]:
    """Within the block, the renderers fit their text to ``width`` columns."""
    token = _WIDTH.set(width)
    try:
        yield
    finally:
        _WIDTH.reset(token)


def fit_lines(text: str, width: Optional[int] = None) -> str:
    """``text`` with each line longer than ``width`` (default: ``current_width``)
    wrapped at spaces; the continuation keeps the line's indent plus two
    columns. A table's rule line and a word longer than the width are left
    whole."""
    width = current_width() if width is None else width
    if width is None:
        return text
    out = []
    for line in text.split("\n"):
        if len(line) <= width or _RULES & set(line):
            out.append(line)
            continue
        indent = line[:len(line) - len(line.lstrip())]
        out += textwrap.wrap(line.strip(), width, initial_indent=indent,
                             subsequent_indent=indent + "  ", break_long_words=False,
                             break_on_hyphens=False) or [line]
    return "\n".join(out)
