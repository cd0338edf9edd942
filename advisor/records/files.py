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


def read_text(source) -> Tuple[str, str]:
    """``(text, name)`` of a path, or of text given directly (named ``<text>``)."""
    if isinstance(source, os.PathLike) or (
            isinstance(source, str) and "\n" not in source and len(source) < 4096
            and os.path.isfile(source)):
        path = os.fspath(source)
        try:
            with open(path, encoding="utf-8-sig") as f:
                return f.read(), path
        except UnicodeDecodeError:
            with open(path, encoding="latin-1") as f:      # PBN's official charset
                return f.read(), path
    if not isinstance(source, str):
        raise FormatError("<input>", None, f"cannot read games from {type(source).__name__}")
    if "\n" not in source and source.lower().endswith((".pbn", ".lin", ".json")):
        raise FormatError(source, None, "no such file")
    return source, "<text>"


_READERS = {"pbn": read_pbn, "lin": read_lin, "json": read_json}
_WHAT_A_DEAL_IS = {"pbn": ' (no [Deal "..."] tag)', "lin": " (no md| tag)",
                   "json": ' (no object with a "deal")'}


def read_games(source, *, rules="vint", format: Optional[str] = None,
               deal_only: bool = False) -> GameSet:
    """Read every deal of a PBN, LIN or JSON file (a path, or the file's text).

    Deals that cannot be read are left out and listed in ``.errors``; a file
    with no deal at all raises ``FormatError``. ``deal_only``: read the deals
    and dealers only, not the auction and play (``vint analyse`` does this).
    """
    rules = rule_set(rules)
    text, name = read_text(source)
    kind = (format or detect_format(text, name)).lower()
    if kind not in _READERS:
        raise FormatError(name, None, f"unknown format {kind!r}: use pbn, lin or json")
    games = _READERS[kind](text, name, rules, deal_only=deal_only)
    if not games and not games.errors:
        raise FormatError(name, None, f"no deal found in this {kind.upper()} file"
                          + _WHAT_A_DEAL_IS[kind])
    return games

