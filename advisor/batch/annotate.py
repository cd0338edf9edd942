"""``vint annotate``: write each board's double-dummy table and par into PBN files.

Every board of a PBN file gets the tags of ``advisor.batch.tags``
(``DoubleDummyTricks``, ``OptimumResultTable``, and bridge's ``OptimumScore``
and ``ParContract`` or the project's ``VintRules``, ``VintPar`` and
``VintParScore``). What the file already holds is kept byte for byte: the new
tags are inserted as lines after the last line of each game's block (PBN
reads a tag anywhere in its game), nothing is re-serialised, and the file is
written back in the encoding it was read in.

- A board that already has every tag is skipped, so a run that was stopped
  goes on where it stopped; a board with some of them gets the missing ones.
- A board that cannot be analysed (no full deal, a bad tag value) is reported
  and left as it was.
- The result is checked before it is written: read again, every game must
  hold the same deal as before and every annotated game the tags it was
  given, else the boards whose tags did not land (inside a comment left open,
  say) are left as they were.
- Files are written whole to a temporary file beside the target, then renamed
  over it (``os.replace``), every ``checkpoint_seconds`` and at the end, so an
  interrupted run loses at most the last interval's boards and never the file.

Which game a file is (``rules="auto"``, ``detect_rules``): a ``[VintRules]``
tag the project wrote before names it; a ``[Scoring]`` tag, or an auction
that is not legal Vint, makes it bridge; a file whose every auction is legal
Vint is Vint; a file without auctions is bridge, PBN's own game.
"""

from __future__ import annotations

import os
import tempfile
import time
from bisect import bisect_left
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Callable, Dict, List, Optional, Tuple

from solver import dd_tables
from solver.cards import Deal

from ..game import rule_set
from ..records import FormatError, decode_file_bytes, detect_format, pbn_games, read_games
from ..records.files import MAX_FILE_BYTES
from .bridge import BridgeError, board_vulnerable, parse_vulnerable
from .runners import LocalRunner
from .tags import TagError, table_of_tags, tag_names, tags_for

__all__ = ["annotate_text", "annotate_file", "detect_rules", "AnnotateError", "FileReport",
           "BoardReport", "solve_chunk", "write_atomic"]

#: Deals solved per chunk on this machine (each chunk spread over its threads):
#: small, so that progress moves and a checkpoint is never far off.
LOCAL_CHUNK = 8
#: Deals per chunk on a Dask cluster (a task's overhead is a few milliseconds).
DASK_CHUNK = 50
#: Seconds between two writes of a file being annotated (and at least ten
#: times what checking the last write took, for very large files).
CHECKPOINT_SECONDS = 30.0


class AnnotateError(ValueError):
    """A file that cannot be annotated at all (not PBN, bytes that would not be
    kept, an output that is another file's)."""


@dataclass
class BoardReport:
    """What happened to one board: ``status`` is ``"annotated"``, ``"skipped"``
    (it had every tag) or ``"failed"`` (left as it was; ``message`` says why).
    ``warning``: something an annotated board's existing tags disagree on."""

    line: int
    board: Optional[str]
    status: str
    message: str = ""
    warning: str = ""


@dataclass
class FileReport:
    """One file's run: where it was read and written, the rules used and why,
    each board's ``BoardReport``, ``notes`` on the file, ``error`` when the
    whole file was refused."""

    source: str
    target: Optional[str] = None
    rules: Optional[str] = None
    reason: str = ""
    boards: List[BoardReport] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)
    error: Optional[str] = None

    def count(self, status: str) -> int:
        return sum(1 for b in self.boards if b.status == status)

    @property
    def failed(self) -> List[BoardReport]:
        return [b for b in self.boards if b.status == "failed"]

    def summary(self) -> str:
        """One line: ``club.pbn: bridge ([Scoring] tag, line 14): 10 boards, 8
        annotated, 1 already annotated, 1 failed``."""
        if self.error:
            return f"{self.source}: not annotated: {self.error}"
        n = len(self.boards)
        parts = [f"{n} board{'s' if n != 1 else ''}", f"{self.count('annotated')} annotated",
                 f"{self.count('skipped')} already annotated"]
        if self.failed:
            parts.append(f"{len(self.failed)} failed")
        return f"{self.source}: {self.rules} ({self.reason}): " + ", ".join(parts)


# --------------------------------------------------------------------------
# Which game a file is

def detect_rules(text: str, name: str = "<text>") -> Tuple[str, str]:
    """``(rules, reason)``: ``"bridge"`` or one of the project's rule sets, and
    why (the module's docstring gives the order of the tests)."""
    blocks = pbn_games(text)
    for block in blocks:
        if "vintrules" in block.tags:
            _name, value, line = block.tags["vintrules"]
            if value.strip().lower() == "bridge":
                break
            try:
                return rule_set(value.strip()).name, f"a [VintRules] tag, line {line}"
            except ValueError:
                break
    for block in blocks:
        if "scoring" in block.tags:
            return "bridge", f"a [Scoring] tag, line {block.tags['scoring'][2]}"
    full = read_games(text, format="pbn", rules="vint", name=name)
    deals_only = read_games(text, format="pbn", rules="vint", name=name, deal_only=True)
    bad_deals = {e.line for e in deals_only.errors}
    for error in full.errors:
        if error.line not in bad_deals:
            return "bridge", f"line {error.line}: {error.problem} (not legal Vint)"
    for record in full:
        for warning in record.warnings:
            if "auction is not over" in warning:
                return "bridge", (f"the auction of the game on line {record.line} ends as "
                                  "bridge's do, not Vint's")
    if any(record.auction for record in full):
        return "vint", "every auction is legal Vint"
    return "bridge", "no auction tells the game: PBN's own, bridge (--rules vint for Vint par)"


# --------------------------------------------------------------------------
# Solving

def solve_chunk(deals: List[str], threads: int = 1) -> List[dict]:
    """The DD tables (``{seat: {strain: tricks}}``) of PBN deals, over ``threads``
    threads: the unit of work a runner sends to a worker."""
    return [t.to_dict() for t in dd_tables([Deal.from_pbn(d) for d in deals], workers=threads)]


# --------------------------------------------------------------------------
# Editing a file's text without touching what it holds

class _Edit:
    """A text and the lines to insert after some of its lines (numbered from 1)."""

    def __init__(self, text: str):
        self.lines = text.splitlines(keepends=True)
        self.newline = "\r\n" if "\r\n" in text else "\n"
        self.inserts: Dict[int, List[str]] = {}

    def add(self, after: int, lines: List[str]) -> None:
        self.inserts.setdefault(after, []).extend(lines)

    def drop(self, after: int) -> None:
        self.inserts.pop(after, None)

    def text(self) -> str:
        out = []
        for number, line in enumerate(self.lines, 1):
            out.append(line)
            extra = self.inserts.get(number)
            if extra:
                if line.rstrip("\r\n") == line:         # the file's last line, no newline
                    out.append(self.newline + self.newline.join(extra))
                else:
                    out.append("".join(x + self.newline for x in extra))
        return "".join(out)

    def shifts(self) -> Callable[[int], int]:
        """A function: where an original line is once the inserts are made."""
        after = sorted(self.inserts)
        totals = list(accumulate(len(self.inserts[k]) for k in after))

        def shifted(line: int) -> int:
            i = bisect_left(after, line)          # inserts after lines before ``line``
            return line + (totals[i - 1] if i else 0)
        return shifted


def _deal_list(text: str, name: str):
    games = read_games(text, format="pbn", rules="vint", name=name, deal_only=True)
    return [(g.deal.to_pbn(), g.dealer) for g in games], len(games.errors)


def _misplaced(edit: _Edit, expected, before, name: str) -> List[int]:
    """The boards (first lines) whose new tags the edited text does not show
    where they were written; raises ``AnnotateError`` if any deal changed."""
    text = edit.text()
    if _deal_list(text, name) != before:
        raise AnnotateError("the annotated text would read as other deals: nothing written")
    blocks = {b.first: b for b in pbn_games(text)}
    shifted = edit.shifts()
    bad = []
    for first, (_anchor, tags) in expected.items():
        block = blocks.get(shifted(first))
        if block is None or any(key not in block.tags or block.tags[key][1] != value
                                for key, value in tags.items()):
            bad.append(first)
    return bad


# --------------------------------------------------------------------------
# One file's text

def _dealer(record, block) -> Tuple[str, Optional[str]]:
    """The dealer: the file's, else the board number's, else N (with a note)."""
    if record.dealer:
        return record.dealer, None
    board = record.tags.get("Board", "").strip()
    if board.isdigit() and int(board) > 0:
        return "NESW"[(int(board) - 1) % 4], "no [Dealer]: the board number's"
    return "N", "no [Dealer]: N taken"


def _vulnerable(record) -> Tuple[tuple, Optional[str]]:
    value = record.tags.get("Vulnerable")
    if value is not None:
        return parse_vulnerable(value), None
    board = record.tags.get("Board", "").strip()
    if board.isdigit() and int(board) > 0:
        return board_vulnerable(int(board)), "no [Vulnerable]: the board number's"
    return (), "no [Vulnerable]: none taken"


def annotate_text(text: str, *, rules: str = "auto", name: str = "<text>", runner=None,
                  chunk: Optional[int] = None, progress: Optional[Callable] = None,
                  checkpoint: Optional[Callable[[str], None]] = None,
                  checkpoint_seconds: float = CHECKPOINT_SECONDS) -> Tuple[str, FileReport]:
    """``(annotated text, FileReport)`` of a PBN text.

    ``rules``: ``"auto"`` (``detect_rules``), ``"bridge"`` or a rule set name.
    ``runner``: where the tables are solved (``advisor.batch.runners``; default
    this machine's cores), ``chunk`` deals at a time. ``progress(done, total)``
    after each chunk; ``checkpoint(text)`` with the text so far (checked) every
    ``checkpoint_seconds``, and when the run is interrupted.
    """
    report = FileReport(name)
    if detect_format(text, name) != "pbn":
        raise AnnotateError(f"{name} is not a PBN file: annotate writes PBN tags")
    if rules == "auto":
        rules, report.reason = detect_rules(text, name)
    else:
        rules = "bridge" if rules == "bridge" else rule_set(rules).name
        report.reason = "--rules"
    report.rules = rules
    games = read_games(text, format="pbn", rules="vint" if rules == "bridge" else rules,
                       name=name, deal_only=True)
    report.notes += games.notes
    before = [(g.deal.to_pbn(), g.dealer) for g in games], len(games.errors)
    blocks = {b.first: b for b in pbn_games(text)}
    wanted = tag_names(rules)
    for error in games.errors:
        report.boards.append(BoardReport(error.line or 0, None, "failed", error.problem))
    todo = []
    for record in games:
        block = blocks[record.line]
        board = BoardReport(record.line, record.tags.get("Board"), "annotated")
        report.boards.append(board)
        missing = [t for t in wanted if t.lower() not in block.tags]
        if not missing:
            board.status = "skipped"
        elif len(record.deal["N"]) != 13:
            board.status, board.message = "failed", "not a full deal (13 cards a hand)"
        else:
            todo.append((record, block, board, missing))
    report.boards.sort(key=lambda b: b.line)

    edit = _Edit(text)
    #: board's first line -> (the line its tags follow, {tag: value})
    expected: Dict[int, Tuple[int, Dict[str, str]]] = {}
    by_deal: Dict[str, list] = {}
    for item in todo:
        by_deal.setdefault(item[0].deal.to_pbn(), []).append(item)
    deals = list(by_deal)
    runner = runner or LocalRunner()
    size = chunk or (LOCAL_CHUNK if isinstance(runner, LocalRunner) else DASK_CHUNK)
    chunks = [deals[i:i + size] for i in range(0, len(deals), size)]
    state = {"done": 0, "written": time.monotonic(), "interval": checkpoint_seconds}

    def place(record, block, board, missing, table) -> None:
        try:
            dealer, note = _dealer(record, block)
            vulnerable, vul_note = _vulnerable(record) if rules == "bridge" else ((), None)
            lines = tags_for(table, rules=rules, dealer=dealer, vulnerable=vulnerable,
                             deal=record.deal)
        except (BridgeError, TagError, ValueError) as exc:
            board.status, board.message = "failed", str(exc)
            return
        board.message = "; ".join(n for n in (note, vul_note) if n)
        board.warning = _disagreement(block, table)
        new = [line for tag in missing for line in lines[tag]]
        edit.add(block.last, new)
        expected[record.line] = (block.last, {tag.lower(): _value(lines[tag][0])
                                              for tag in missing})

    def on_done(index: int, tables: List[dict]) -> None:
        for deal, table in zip(chunks[index], tables):
            for item in by_deal[deal]:
                place(*item, table)
        state["done"] += len(chunks[index])
        if progress:
            progress(state["done"], len(deals))
        if checkpoint and time.monotonic() - state["written"] >= state["interval"]:
            started = time.monotonic()
            checkpoint(_checked(edit, expected, before, name, report))
            state["interval"] = max(checkpoint_seconds, 10 * (time.monotonic() - started))
            state["written"] = time.monotonic()

    def on_failed(index: int, error: str) -> None:
        for deal in chunks[index]:
            for _record, _block, board, _missing in by_deal[deal]:
                board.status, board.message = "failed", f"the solver failed: {error}"

    if progress:
        progress(0, len(deals))
    try:
        runner.run(solve_chunk, chunks, on_done, on_failed)
    except KeyboardInterrupt:
        if checkpoint and expected:
            checkpoint(_checked(edit, expected, before, name, report))
        raise
    return _checked(edit, expected, before, name, report), report


def _value(tag_line: str) -> str:
    """The value of a one-tag line ``[Name "value"]``."""
    return tag_line.split('"', 1)[1].rsplit('"', 1)[0]


def _checked(edit: _Edit, expected, before, name: str, report: FileReport) -> str:
    """The edited text, once every board whose tags did not land is undone."""
    bad = _misplaced(edit, expected, before, name)
    for first in bad:
        edit.drop(expected.pop(first)[0])
        for board in report.boards:
            if board.line == first:
                board.status = "failed"
                board.message = ("the new tags would not be read as this game's (a comment "
                                 "left open at its end?): left as it was")
    if bad and _misplaced(edit, expected, before, name):       # pragma: no cover - defensive
        raise AnnotateError("the annotated text does not read back as written: nothing written")
    return edit.text()


def _disagreement(block, table) -> str:
    """A note when the file's own DD tags disagree with the solver's table."""
    try:
        theirs = table_of_tags(block.tags, block.sections)
    except TagError as exc:
        return f"the file's DD tags cannot be read ({exc}): kept as they are"
    if theirs is None:
        return ""
    ours = {seat: {strain: table[seat][strain] for strain in row} for seat, row in theirs.items()
            if seat in table}
    if theirs != ours:
        return "the file's DD tags differ from the solver's table: kept as they are"
    return ""


# --------------------------------------------------------------------------
# Files

def write_atomic(path: str, data: bytes, *, like: Optional[str] = None) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder,
    renamed over it: a reader, or a run stopped midway, sees the old file or the
    new one, never part of one. ``like``: a file whose permissions it takes."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".tmp",
                               dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        source = like if like and os.path.exists(like) else path
        if os.path.exists(source):
            os.chmod(tmp, os.stat(source).st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _read_bytes(path: str) -> bytes:
    if os.path.isdir(path):
        raise AnnotateError(f"{path} is a folder, not a PBN file")
    try:
        if os.path.getsize(path) > MAX_FILE_BYTES:
            raise AnnotateError(f"{path} is larger than {MAX_FILE_BYTES} bytes")
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        raise AnnotateError(f"{path}: no such file") from None
    except OSError as exc:
        raise AnnotateError(f"{path}: cannot read it ({exc.strerror})") from None


def _decoded(data: bytes, path: str) -> Tuple[str, str]:
    text, encoding, _where = decode_file_bytes(data)
    if text.encode(encoding) != data:
        raise AnnotateError(f"{path}: its bytes would not be written back as they are "
                            f"(read as {encoding}): left alone")
    return text, encoding


def annotate_file(path: str, *, target: Optional[str] = None, rules: str = "auto",
                  runner=None, chunk: Optional[int] = None, progress=None,
                  checkpoint_seconds: float = CHECKPOINT_SECONDS) -> FileReport:
    """Annotate the PBN file ``path`` into ``target`` (default: ``path`` itself).

    A ``target`` that exists already is taken as this file's annotated copy
    from an earlier run and goes on from there, provided it holds the same
    deals; otherwise ``AnnotateError``. The file is written whole, atomically
    (``write_atomic``), every ``checkpoint_seconds`` and at the end; nothing
    is written when no board changed. Other arguments as ``annotate_text``.
    """
    path = os.fspath(path)
    target = os.fspath(target) if target is not None else path
    data = _read_bytes(path)
    text, encoding = _decoded(data, path)
    start = text
    if target != path and os.path.exists(target):
        earlier = _read_bytes(target)
        start, encoding = _decoded(earlier, target)
        try:
            same = _deal_list(start, target) == _deal_list(text, path)
        except FormatError:
            same = False
        if not same:
            raise AnnotateError(f"{target} exists and is not an annotated copy of {path} "
                                "(other deals): remove it or choose another folder")

    def save(new_text: str) -> None:
        write_atomic(target, new_text.encode(encoding), like=path)

    def checkpoint(new_text: str) -> None:
        if new_text != start:
            save(new_text)

    try:
        new_text, report = annotate_text(start, rules=rules, name=path, runner=runner,
                                         chunk=chunk, progress=progress, checkpoint=checkpoint,
                                         checkpoint_seconds=checkpoint_seconds)
    except FormatError as exc:
        return FileReport(path, target, error=exc.problem)
    except AnnotateError as exc:
        return FileReport(path, target, error=str(exc))
    report.target = target
    if encoding not in ("utf-8", "utf-8-sig"):
        report.notes.append(f"{path} is not UTF-8: read and written back as {encoding}")
    if new_text != start or (target != path and not os.path.exists(target)):
        save(new_text)
    return report
