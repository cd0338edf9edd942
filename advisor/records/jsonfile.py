"""The project's JSON format for played deals: one object per deal, or a list of them.

The keys are those of ``GameRecord.to_dict`` (docs/review.md, "JSON games"):
``deal`` (PBN text, required), ``dealer``, ``auction`` (a list of calls),
``contract``, ``declarer``, ``leader``, ``play`` (cards in play order),
``result`` and ``tags``.
"""

from __future__ import annotations

import json
from typing import Iterable, List, Tuple

from .model import Field, FormatError, GameRecord, GameSet, build_record

__all__ = ["read_json", "write_json"]


def write_json(records: Iterable[GameRecord]) -> str:
    """The records as a JSON list (one object per deal)."""
    return json.dumps([r.to_dict() for r in records], indent=1, ensure_ascii=False) + "\n"


_JSON_KEYS = {"deal", "dealer", "auction", "contract", "declarer", "leader", "play", "result",
              "tags"}


def read_json(text: str, source: str = "<text>", rules="vint", *,
              deal_only: bool = False) -> GameSet:
    """Read the project's JSON: one deal object or a list of them.

    ``deal_only``: read each deal and dealer only (see ``build_record``).
    """
    decoder = json.JSONDecoder()
    start = len(text) - len(text.lstrip())
    try:
        if text[start:start + 1] == "[":
            items = _json_list_items(text, start, decoder)
        else:
            obj, _end = decoder.raw_decode(text, start)
            items = [(obj, _line_of(text, start))]
    except json.JSONDecodeError as exc:
        raise FormatError(source, exc.lineno, f"bad JSON: {exc.msg}") from None
    out = GameSet()
    for obj, line in items:
        out.read(lambda: _json_record(obj, line, source, rules, deal_only))
    return out


def _line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _json_list_items(text: str, start: int, decoder) -> List[Tuple[object, int]]:
    """The elements of a top-level JSON list, each with the line it starts on."""
    items = []
    pos = start + 1
    while True:
        while pos < len(text) and text[pos] in " \t\r\n,":
            pos += 1
        if pos >= len(text):
            raise json.JSONDecodeError("the list is not closed", text, pos)
        if text[pos] == "]":
            return items
        obj, end = decoder.raw_decode(text, pos)
        items.append((obj, _line_of(text, pos)))
        pos = end


def _json_record(obj, line: int, source: str, rules, deal_only: bool) -> GameRecord:
    if not isinstance(obj, dict):
        raise FormatError(source, line, f"a deal must be a JSON object, not {type(obj).__name__}")
    unknown = sorted(set(obj) - _JSON_KEYS)
    if unknown:
        raise FormatError(source, line, f"unknown key(s) {', '.join(unknown)}: the keys are "
                          + ", ".join(sorted(_JSON_KEYS)))
    if "deal" not in obj:
        raise FormatError(source, line, "the deal object has no \"deal\"")
    for key in ("auction", "play"):
        if not isinstance(obj.get(key, []), list):
            raise FormatError(source, line, f"\"{key}\" must be a list")

    def f(key):
        return None if obj.get(key) is None else Field(obj[key], line)

    return build_record(
        source, line, rules=rules, deal=Field(obj["deal"], line), dealer=f("dealer"),
        auction=[Field(c, line) for c in obj.get("auction", [])], contract=f("contract"),
        declarer=f("declarer"), leader=f("leader"),
        play=[Field(c, line) for c in obj.get("play", [])], result=f("result"),
        tags={str(k): str(v) for k, v in (obj.get("tags") or {}).items()},
        deal_only=deal_only)


