"""Reading a file of played deals whatever its format: PBN, LIN or the project's JSON."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional, Tuple

from ..game import rule_set
from .jsonfile import read_json
from .lin import is_handviewer_url, read_lin
from .model import FormatError, GameSet
from .pbn import read_pbn

__all__ = ["read_games", "read_games_file", "read_file_text", "decode_file_bytes", "count_deals",
           "detect_format"]


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
    if is_handviewer_url(stripped[:4096]):     # a BBO handviewer link: LIN in its URL
        return "lin"
    return "pbn"


#: The largest file read (a file of played deals is far smaller).
MAX_FILE_BYTES = 64 * 1024 * 1024
#: Encodings tried in turn when a file is not UTF-8: Windows' Western code page
#: (what most bridge programs on Windows write), then Latin-1 (PBN's official
#: character set), which reads any bytes.
_FALLBACK_ENCODINGS = ("cp1252", "latin-1")


def read_file_text(path) -> Tuple[str, str, Optional[str]]:
    """``(text, name, note)`` of the file at ``path``; ``note`` says which
    encoding a non-UTF-8 file was read in. (Each reader drops a UTF-8
    byte-order mark, ``model.without_bom``.)"""
    path = os.fspath(path)
    if os.path.isdir(path):
        raise FormatError(path, None, "this is a folder, not a file of deals")
    try:
        size = os.path.getsize(path)
        if size > MAX_FILE_BYTES:
            raise FormatError(path, None, f"the file is too large to read ({size} bytes, "
                              f"at most {MAX_FILE_BYTES})")
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        raise FormatError(path, None, "no such file") from None
    except OSError as exc:
        raise FormatError(path, None, f"cannot read the file ({exc.strerror})") from None
    text, encoding, where = decode_file_bytes(data)
    if encoding == "utf-16":
        return text, path, f"{path} is UTF-16: read as such"
    if encoding in _FALLBACK_ENCODINGS:
        return text, path, f"{path} is not UTF-8 (line {where}): read as {encoding}"
    return text, path, None


def decode_file_bytes(data: bytes) -> Tuple[str, str, Optional[int]]:
    """``(text, encoding, line)``: a file's bytes as text, and the codec that
    reads them: ``"utf-16"`` (a UTF-16 byte-order mark), ``"utf-8-sig"`` (a
    UTF-8 byte-order mark, dropped from the text), ``"utf-8"``, else the first
    of ``cp1252`` and ``latin-1`` that reads them; ``line``: where the first
    byte that is not UTF-8 is (None for UTF-8 and UTF-16). ``text.encode(encoding)``
    gives the bytes back (``vint annotate`` writes files that way)."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        # A UTF-16 byte-order mark (Windows' "Unicode"): it was read as
        # cp1252, NULs between the letters, and "no deal found".
        try:
            return data.decode("utf-16"), "utf-16", None
        except UnicodeDecodeError:
            pass
    try:
        encoding = "utf-8-sig" if data[:3] == b"\xef\xbb\xbf" else "utf-8"
        return data.decode(encoding), encoding, None
    except UnicodeDecodeError as exc:
        where = data.count(b"\n", 0, exc.start) + 1
        for encoding in _FALLBACK_ENCODINGS:
            try:
                return data.decode(encoding), encoding, where
            except UnicodeDecodeError:
                continue
    raise UnicodeDecodeError("latin-1", data, 0, len(data),  # pragma: no cover
                             "latin-1 reads any bytes")


def count_deals(text: str, *, format: Optional[str] = None, name: str = "") -> int:
    """About how many deals ``text`` holds, without reading them: the ``[Deal``
    tags of PBN, the ``md|`` of LIN, the ``"deal"`` keys of JSON. It may count
    more than there are (a tag's words in a comment), never fewer, so a server
    can refuse an upload that is too large before reading it."""
    kind = (format or detect_format(text, name)).lower()
    lowered = text.lower()
    if kind == "lin":
        return lowered.count("md|") + lowered.count("md%7c")      # handviewer URLs too
    if kind == "json":
        return lowered.count('"deal"')
    return lowered.count("[deal")


_READERS = {"pbn": read_pbn, "lin": read_lin, "json": read_json}
_WHAT_A_DEAL_IS = {"pbn": ' (no [Deal "..."] tag)', "lin": " (no md| tag)",
                   "json": ' (no object with a "deal")'}


def read_games(source, *, rules="vint", format: Optional[str] = None,
               deal_only: bool = False, auction: bool = True, name: Optional[str] = None,
               max_games: Optional[int] = None) -> GameSet:
    """Read every deal of a PBN, LIN or JSON file, given as its text or as a path.

    ``source``: the file's text (a ``str``, always read as text, never as a
    file name, so text from a web page cannot open a file), or the file's
    path as a ``pathlib.Path`` (or any ``os.PathLike``); ``read_games_file``
    takes a path as a plain string. ``name``: the text's name in error
    messages (default ``<text>``, or the path).

    Deals that cannot be read are left out and listed in ``.errors``; a file
    with no deal at all raises ``FormatError``. ``deal_only``: read the deals
    and dealers only, not the auction and play (``vint analyse`` does this).
    ``auction=False``: play only, for files whose auctions are not legal in
    the game (bridge files): the auction is not checked, the contract and
    declarer are the file's (``build_record``'s ``play_only``). A file that is
    not UTF-8 is read as cp1252, else Latin-1, with a note in ``.notes``.
    ``max_games``: refuse (``FormatError``) a file of more deals than this.
    """
    rules = rule_set(rules)
    note = None
    named = name is not None
    if isinstance(source, os.PathLike):
        text, path, note = read_file_text(source)
        name = name or path
    elif isinstance(source, str):
        text = source
        name = name or "<text>"
    else:
        raise FormatError(name or "<input>", None, f"cannot read games from "
                          f"{type(source).__name__}: give the file's text or its path")
    kind = (format or detect_format(text, name)).lower()
    if kind not in _READERS:
        raise FormatError(name, None, f"unknown format {kind!r}: use pbn, lin or json")
    if max_games is not None and count_deals(text, format=kind) > max_games:
        _too_many(name, count_deals(text, format=kind), max_games)
    games = _READERS[kind](text, name, rules, deal_only=deal_only, play_only=not auction)
    if max_games is not None and len(games) + len(games.errors) > max_games:
        _too_many(name, len(games) + len(games.errors), max_games)
    games.play_only = not auction
    if note:
        games.notes.append(note)
    if not games and not games.errors:
        hint = ""
        # A caller who named the text (a web upload) knows it is text.
        if isinstance(source, str) and not named and "\n" not in source.strip() \
                and source.strip().lower().endswith((".pbn", ".lin", ".json")):
            hint = (f": {source.strip()[:80]!r} was read as a file's text; to read the "
                    "file, pass pathlib.Path(...) or call read_games_file")
        what = "file" if isinstance(source, os.PathLike) else "text"
        raise FormatError(name, None, f"no deal found in this {kind.upper()} {what}"
                          + _WHAT_A_DEAL_IS[kind] + hint)
    return games


def read_played(source, *, rules="vint", auction: Optional[bool] = None,
                **options) -> GameSet:
    """``read_games`` for a review: with ``auction=None`` a bridge file is found
    and read play only, with a note saying so.

    Issue 28: "bridge files are detected (auction not legal under the chosen
    game, or a [Scoring]/dummy present) and reviewed play-only with a one-line
    notice". A file is taken for a bridge file when some of its deals fail
    with their auction and reading it without the auctions gives more deals:
    then every deal is read play only (a bridge auction that happens to be
    legal in the game still means something else in it). ``auction=True``
    reads the auctions whatever happens (the failing deals are errors, as
    before); ``auction=False`` is play only. ``games.play_only`` says which.
    """
    rules = rule_set(rules)
    games = read_games(source, rules=rules, auction=auction is not False, **options)
    if auction is not None or not games.errors:
        return games
    try:
        play_only = read_games(source, rules=rules, auction=False, **options)
    except ValueError:
        return games
    if len(play_only) <= len(games):
        return games
    name = options.get("name") or (os.fspath(source) if isinstance(source, os.PathLike)
                                   else "the file")
    play_only.notes.append(
        f"{os.path.basename(name)} looks like a bridge file: {len(games.errors)} of its "
        f"{len(games) + len(games.errors)} deal(s) do not read with their auction under "
        f"{rules.name}, so each deal's play is reviewed in the file's contract, without the "
        "auction (play only; --with-auction reads the auctions and reports those deals)")
    return play_only


def read_games_file(path, **options) -> GameSet:
    """``read_games`` of the file at ``path`` (a string or a path)."""
    if not isinstance(path, (str, os.PathLike)):
        raise FormatError("<input>", None, f"a file's path is text, not {type(path).__name__}")
    return read_games(Path(path), **options)


def _too_many(name: str, count: int, most: int) -> None:
    raise FormatError(name, None, f"the file holds {count} deals, more than the {most} "
                      "allowed here")
