"""Reading a file of played deals whatever its format: PBN, LIN or the project's JSON."""

from __future__ import annotations

import os
from typing import Optional, Tuple

from ..game import rule_set
from .jsonfile import read_json
from .lin import read_lin
from .model import FormatError, GameSet
from .pbn import read_pbn

__all__ = ["read_games", "read_text", "detect_format"]


def detect_format(text: str, name: str = "") -> str:
    """``"pbn"``, ``"lin"`` or ``"json"``: by the file's extension, else by its content."""
    ext = os.path.splitext(name)[1].lower().lstrip(".")
    if ext in ("pbn", "lin", "json"):
        return ext
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped[:1] == "{" or (stripped[:1] == "[" and stripped[1:].lstrip()[:1] in ("{", "]")):
        return "json"
    if "md|" in text and "|" in stripped[:40]:
        return "lin"
    return "pbn"


#: The largest file read (a file of played deals is far smaller).
MAX_FILE_BYTES = 64 * 1024 * 1024
#: Encodings tried in turn when a file is not UTF-8: Windows' Western code page
#: (what most bridge programs on Windows write), then Latin-1 (PBN's official
#: character set), which reads any bytes.
_FALLBACK_ENCODINGS = ("cp1252", "latin-1")


def read_text(source) -> Tuple[str, str]:
    """``(text, name)`` of a path, or of text given directly (named ``<text>``)."""
    text, name, _note = _read_text(source)
    return text, name


def _read_text(source) -> Tuple[str, str, Optional[str]]:
    """``(text, name, note)``: ``note`` says which encoding a non-UTF-8 file was read in.
    (Each reader drops a UTF-8 byte-order mark, ``model.without_bom``.)"""
    if isinstance(source, os.PathLike) or (
            isinstance(source, str) and "\n" not in source and len(source) < 4096
            and os.path.isfile(source)):
        path = os.fspath(source)
        size = os.path.getsize(path)
        if size > MAX_FILE_BYTES:
            raise FormatError(path, None, f"the file is too large to read ({size} bytes, "
                              f"at most {MAX_FILE_BYTES})")
        with open(path, "rb") as f:
            data = f.read()
        if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
            # A UTF-16 byte-order mark (Windows' "Unicode"): it was read as
            # cp1252, NULs between the letters, and "no deal found".
            try:
                return data.decode("utf-16"), path, f"{path} is UTF-16: read as such"
            except UnicodeDecodeError:
                pass
        try:
            return data.decode("utf-8-sig"), path, None
        except UnicodeDecodeError as exc:
            where = data.count(b"\n", 0, exc.start) + 1
            for encoding in _FALLBACK_ENCODINGS:
                try:
                    text = data.decode(encoding)
                except UnicodeDecodeError:
                    continue
                return text, path, (f"{path} is not UTF-8 (line {where}): read as "
                                    f"{encoding}")
    if not isinstance(source, str):
        raise FormatError("<input>", None, f"cannot read games from {type(source).__name__}")
    if "\n" not in source and source.lower().endswith((".pbn", ".lin", ".json")):
        raise FormatError(source, None, "no such file")
    return source, "<text>", None


_READERS = {"pbn": read_pbn, "lin": read_lin, "json": read_json}
_WHAT_A_DEAL_IS = {"pbn": ' (no [Deal "..."] tag)', "lin": " (no md| tag)",
                   "json": ' (no object with a "deal")'}


def read_games(source, *, rules="vint", format: Optional[str] = None,
               deal_only: bool = False, auction: bool = True) -> GameSet:
    """Read every deal of a PBN, LIN or JSON file (a path, or the file's text).

    Deals that cannot be read are left out and listed in ``.errors``; a file
    with no deal at all raises ``FormatError``. ``deal_only``: read the deals
    and dealers only, not the auction and play (``vint analyse`` does this).
    ``auction=False``: play only, for files whose auctions are not legal in
    the game (bridge files): the auction is not checked, the contract and
    declarer are the file's (``build_record``'s ``play_only``). A file that is
    not UTF-8 is read as cp1252, else Latin-1, with a note in ``.notes``.
    """
    rules = rule_set(rules)
    text, name, note = _read_text(source)
    kind = (format or detect_format(text, name)).lower()
    if kind not in _READERS:
        raise FormatError(name, None, f"unknown format {kind!r}: use pbn, lin or json")
    games = _READERS[kind](text, name, rules, deal_only=deal_only, play_only=not auction)
    if note:
        games.notes.append(note)
    if not games and not games.errors:
        raise FormatError(name, None, f"no deal found in this {kind.upper()} file"
                          + _WHAT_A_DEAL_IS[kind])
    return games
