"""The project's JSON format for played deals: one object per deal, or a list of them.

The keys are those of ``GameRecord.to_dict`` (docs/review.md, "JSON games"):
``deal`` (PBN text, required), ``dealer``, ``auction`` (a list of calls),
``contract``, ``declarer``, ``leader``, ``play`` (cards in play order),
``result`` and ``tags``.
"""

from __future__ import annotations

import json
import re
from typing import Iterable, List, Tuple

from .model import (Field, FormatError, GameRecord, GameSet, build_record, excerpt,
                    without_bom)

__all__ = ["read_json", "write_json"]


def write_json(records: Iterable[GameRecord]) -> str:
    """The records as a JSON list (one object per deal)."""
    return json.dumps([r.to_dict() for r in records], indent=1, ensure_ascii=False) + "\n"


_JSON_KEYS = {"deal", "dealer", "auction", "contract", "declarer", "leader", "play", "result",
              "tags"}


#: The deepest nesting of lists and objects read in one deal (a deal needs 2).
MAX_DEPTH = 20
#: The longest integer literal read as a number (longer ones stay text, and
#: the check of the value they are in refuses them).
_MAX_DIGITS = 18
_SPECIAL = re.compile(r'[\[\]{}",]')
_IN_STRING = re.compile(r'["\\]')


def read_json(text: str, source: str = "<text>", rules="vint", *,
              deal_only: bool = False, play_only: bool = False) -> GameSet:
    """Read the project's JSON: one deal object or a list of them.

    ``deal_only``: read each deal and dealer only; ``play_only``: see
    ``build_record``. Each element of the list is read on its own: a bad one
    (bad JSON, nested too deep, not a deal) is an error for that deal alone.
    """
    text = without_bom(text)
    start = len(text) - len(text.lstrip())
    out = GameSet()
    if text[start:start + 1] == "[":
        spans = _list_items(text, start, source)
    else:
        spans = [(start, *_value_end(text, start, source))]
    for begin, end, depth in spans:
        out.read(lambda: _json_record(_decode(text, begin, end, depth, source),
                                      _line_of(text, begin),
                                      source, rules, deal_only, play_only))
    return out


def _line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _value_end(text: str, pos: int, source: str) -> Tuple[int, int]:
    """``(end, depth)`` of the JSON value at ``pos``: where it ends (before the ``,``
    or ``]`` that follows a bare value) and how deep its lists and objects nest.
    One pass over the text, whatever the value holds."""
    depth = deepest = 0
    m = _SPECIAL.search(text, pos)
    while m:
        ch, i = m.group(), m.start()
        if ch == '"':
            close = _IN_STRING.search(text, i + 1)
            while close and close.group() == "\\":
                close = _IN_STRING.search(text, close.start() + 2)
            if not close:
                break
            m = _SPECIAL.search(text, close.start() + 1)
            continue
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif depth == 0:                          # "," or "]" after a bare value
            return i, deepest
        elif ch in "]}":
            depth -= 1
            if depth == 0:
                return i + 1, deepest
        m = _SPECIAL.search(text, i + 1)
    if depth:
        raise FormatError(source, _line_of(text, pos), "bad JSON: a list or object that "
                          "starts here is not closed")
    return len(text), deepest


def _list_items(text: str, start: int, source: str) -> List[Tuple[int, int, int]]:
    """``(begin, end, depth)`` of each element of the top-level JSON list at ``start``."""
    items = []
    pos = start + 1
    while True:
        while pos < len(text) and text[pos] in " \t\r\n,":
            pos += 1
        if pos >= len(text):
            raise FormatError(source, _line_of(text, start), "bad JSON: the list that starts "
                              "here is not closed")
        if text[pos] == "]":
            return items
        end, depth = _value_end(text, pos, source)
        if end <= pos:                            # a '}' with nothing open
            raise FormatError(source, _line_of(text, pos), f"bad JSON: unexpected "
                              f"{text[pos]!r}: the brackets of the list do not match")
        items.append((pos, end, depth))
        pos = end


def _number(digits: str):
    return int(digits) if len(digits.lstrip("-")) <= _MAX_DIGITS else digits


def _decode(text: str, begin: int, end: int, depth: int, source: str):
    """The JSON value ``text[begin:end]`` (``depth`` deep), or a ``FormatError``
    naming its line."""
    if depth > MAX_DEPTH:
        raise FormatError(source, _line_of(text, begin),
                          f"bad JSON: nested {depth} deep (a deal holds at most {MAX_DEPTH})")
    try:
        return json.loads(text[begin:end], parse_int=_number)
    except json.JSONDecodeError as exc:
        raise FormatError(source, _line_of(text, begin) + exc.lineno - 1,
                          f"bad JSON: {exc.msg}") from None


def _json_record(obj, line: int, source: str, rules, deal_only: bool,
                 play_only: bool) -> GameRecord:
    if not isinstance(obj, dict):
        raise FormatError(source, line, f"a deal must be a JSON object, not {type(obj).__name__}")
    unknown = sorted(str(k) for k in set(obj) - _JSON_KEYS)
    if unknown:
        names = excerpt(", ".join(unknown), quoted=False)
        raise FormatError(source, line, f"unknown key(s) {names}: the keys are "
                          + ", ".join(sorted(_JSON_KEYS)))
    if "deal" not in obj:
        raise FormatError(source, line, "the deal object has no \"deal\"")
    for key in ("auction", "play"):
        if not isinstance(obj.get(key, []), list):
            raise FormatError(source, line, f"\"{key}\" must be a list")
    if not isinstance(obj.get("tags") or {}, dict):
        raise FormatError(source, line, "\"tags\" must be an object of tag names and values, "
                          f"not {type(obj['tags']).__name__}")

    def f(key):
        return None if obj.get(key) is None else Field(obj[key], line)

    return build_record(
        source, line, rules=rules, deal=Field(obj["deal"], line), dealer=f("dealer"),
        auction=[Field(c, line) for c in obj.get("auction", [])], contract=f("contract"),
        declarer=f("declarer"), leader=f("leader"),
        play=[Field(c, line) for c in obj.get("play", [])], result=f("result"),
        tags={str(k): str(v) for k, v in (obj.get("tags") or {}).items()},
        deal_only=deal_only, play_only=play_only)
