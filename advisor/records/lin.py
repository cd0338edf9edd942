"""BBO LIN files: read played deals.

A LIN file is a run of ``tag|value|`` pairs. The reader uses

- ``md|3SAK2H...,S...,S...,|``: the dealer digit (1 South, 2 West, 3 North,
  4 East) then the hands of South, West, North and East, each written as suit
  letters followed by ranks; the fourth hand may be left out (it holds the
  remaining cards);
- ``mb|`` calls (``p`` pass, ``d`` double, ``r`` redouble, ``1N`` one no
  trumps; a trailing ``!`` alert is dropped), ``pc|`` cards in play order,
  ``mc|`` the declaring side's tricks when play was claimed;
- ``pn|`` player names (South, West, North, East), ``ah|`` the board's name,
  ``sv|`` vulnerability (kept as tags).

A file may hold many deals: a new one starts at ``qx|`` or at an ``md|``
when the current deal already has one. ``pn|`` carries over to later deals.
The contract, declarer and opening leader come from the auction.
"""

from __future__ import annotations

import re
from typing import Dict, List, Optional, Tuple

from solver.cards import SEATS, SUITS, Card, Deal

from .model import Field, FormatError, GameSet, build_record

__all__ = ["read_lin"]

_PAIR = re.compile(r"\s*([A-Za-z]{2})\|([^|]*)(\||$)")
_LIN_SEATS = {"1": "S", "2": "W", "3": "N", "4": "E"}
_HAND_ORDER = ("S", "W", "N", "E")
_VULNERABLE = {"o": "None", "0": "None", "n": "NS", "e": "EW", "b": "All"}


def _pairs(text: str, source: str) -> List[Tuple[str, str, int]]:
    """``(tag, value, line)`` for every pair of the file."""
    out = []
    pos = 0
    while pos < len(text):
        if not text[pos:].strip():
            break
        m = _PAIR.match(text, pos)
        if not m:
            line = text.count("\n", 0, pos) + 1
            bad = text[pos:].strip().splitlines()[0][:30]
            raise FormatError(source, line, f"cannot read LIN here: {bad!r} "
                              "(expected tag|value|)")
        start = m.start(1)
        out.append((m.group(1).lower(), m.group(2), text.count("\n", 0, start) + 1))
        pos = m.end()
    return out


def _deal_text(value: str, line: int, source: str) -> Tuple[str, Optional[str]]:
    """``(PBN deal text, dealer)`` from an ``md`` value."""
    dealer = None
    body = value.strip()
    if body[:1] in _LIN_SEATS:
        dealer, body = _LIN_SEATS[body[0]], body[1:]
    parts = body.split(",")
    while len(parts) < 4:
        parts.append("")
    if len(parts) > 4 and any(p.strip() for p in parts[4:]):
        raise FormatError(source, line, f"md holds {len(parts)} hands, not 4")
    hands = []
    for text in parts[:4]:
        suits = {s: "" for s in "SHDC"}
        current = None
        for ch in text.strip().upper():
            if ch in suits:
                current = ch
            elif current is None:
                raise FormatError(source, line,
                                  f"bad hand {text!r} in md: a suit letter (S H D C) comes first")
            else:
                suits[current] += ch
        hands.append(".".join(suits[s] for s in "SHDC") if text.strip() else None)
    if hands[3] is None and all(h is not None for h in hands[:3]):
        try:
            known = Deal.from_pbn("S:" + " ".join(hands[:3]) + " ...")
        except ValueError as exc:
            raise FormatError(source, line, f"bad deal in md: {exc}") from None
        used = sum(known[s].mask for s in SEATS)
        rest = [str(Card(suit, rank)) for suit in SUITS for rank in range(14, 1, -1)
                if not used & Card(suit, rank).mask]
        hands[3] = ".".join("".join(c[1] for c in rest if c[0] == s) for s in "SHDC")
    if any(h is None for h in hands):
        raise FormatError(source, line, "md must give at least the hands of S, W and N")
    return "S:" + " ".join(hands), dealer


def _call(value: str) -> str:
    call = value.strip().rstrip("!").upper()
    return {"P": "P", "D": "X", "R": "XX"}.get(call, call)


def _deals(pairs):
    """Group the pairs into deals."""
    deal: List[Tuple[str, str, int]] = []
    for pair in pairs:
        tag = pair[0]
        if (tag == "qx" and any(t == "md" for t, _v, _l in deal)) or (
                tag == "md" and any(t == "md" for t, _v, _l in deal)):
            yield deal
            deal = []
        deal.append(pair)
    if deal:
        yield deal


def read_lin(text: str, source: str = "<text>", rules="vint", *,
             deal_only: bool = False) -> GameSet:
    """Read every deal (every ``md|``) of a LIN file; ``deal_only``: its deal and dealer only.

    Player names (``pn|``) carry over to the deals that follow.
    """
    names: Dict[str, str] = {}
    out = GameSet()
    for pairs in _deals(_pairs(text, source)):
        for tag, value, _line in pairs:
            if tag == "pn":
                names = {seat: name for seat, name in zip(_HAND_ORDER, value.split(","))
                         if name.strip()}
        if not any(tag == "md" for tag, _v, _l in pairs):
            continue
        out.read(lambda: _record(pairs, names, rules, source, deal_only))
    return out


def _record(pairs, names, rules, source, deal_only):
    full = {"S": "South", "W": "West", "N": "North", "E": "East"}
    tags = {full[s]: n for s, n in names.items()}
    deal = dealer = result = None
    auction, play = [], []
    for tag, value, line in pairs:
        if tag == "md":
            text, seat = _deal_text(value, line, source)
            deal, dealer = Field(text, line), (Field(seat, line) if seat else None)
        elif tag == "mb":
            auction.append(Field(_call(value), line))
        elif tag == "pc":
            play.append(Field(value.strip(), line))
        elif tag == "mc":
            result = Field(value.strip(), line)
        elif tag == "ah":
            tags["Board"] = re.sub(r"^\s*board\s*", "", value, flags=re.I).strip()
        elif tag == "sv":
            tags["Vulnerable"] = _VULNERABLE.get(value.strip().lower(), value.strip())
    line = pairs[0][2]
    if deal_only:
        return build_record(source, line, rules=rules, deal=deal, dealer=dealer, tags=tags,
                            deal_only=True)
    if auction and dealer is None:
        raise FormatError(source, deal.line, "md gives no dealer digit, so the auction "
                          "cannot be read")
    return build_record(source, line, rules=rules, deal=deal, dealer=dealer, auction=auction,
                        play=play, result=result, tags=tags)
