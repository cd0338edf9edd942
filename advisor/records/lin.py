"""BBO LIN files: read played deals.

A LIN file is a run of ``tag|value|`` pairs. The reader uses

- ``md|3SAK2H...,S...,S...,|``: the dealer digit (1 South, 2 West, 3 North,
  4 East) then the hands of South, West, North and East, each written as suit
  letters followed by ranks; the fourth hand may be left out (it holds the
  remaining cards);
- ``mb|`` calls (``p`` pass, ``d`` double, ``r`` redouble, ``1N`` one no
  trumps; a trailing ``!`` alert is dropped), ``pc|`` cards in play order,
  ``mc|`` the declaring side's tricks when play was claimed, ``up|n|`` takes
  back the last ``n`` cards (the last ``n`` calls before the play; one when
  ``n`` is not a number);
- ``pn|`` player names (South, West, North, East; a vugraph file gives eight,
  the open room's four then the closed room's), ``ah|`` the board's name,
  ``sv|`` vulnerability, ``qx|o12|``/``qx|c12|`` a vugraph deal's room (open,
  closed) and board (kept as tags).

A file may hold many deals: a new one starts at ``qx|`` or at an ``md|``
when the current deal already has one; the ``pn|`` and ``st|`` just before
it belong to the new deal. ``pn|`` carries over to later deals. Text that is
not a ``tag|value|`` pair spoils only the deal it is in. The contract,
declarer and opening leader come from the auction. Reading is linear in the
file's length.
"""

from __future__ import annotations

from typing import Dict, Iterator, List, Optional, Tuple

from solver.cards import SEATS, SUITS, Card, Deal

from .model import MAX_VALUE, Field, FormatError, GameSet, build_record, excerpt, without_bom

__all__ = ["read_lin"]

_LIN_SEATS = {"1": "S", "2": "W", "3": "N", "4": "E"}
_HAND_ORDER = ("S", "W", "N", "E")
_FULL_NAMES = {"S": "South", "W": "West", "N": "North", "E": "East"}
_VULNERABLE = {"o": "None", "0": "None", "n": "NS", "e": "EW", "b": "All"}
_ROOMS = {"o": "Open", "c": "Closed"}
#: Tags written just before the ``md|`` of the deal they belong to.
_BEFORE_DEAL = {"pn", "st"}
#: The tag of a piece of text that is not a ``tag|value|`` pair.
STRAY = ""

Pair = Tuple[str, str, int]


def _pairs(text: str) -> Iterator[Pair]:
    """``(tag, value, line)`` for every pair of the file, in one pass; text that is
    not a pair comes as ``(STRAY, text, line)``. A tag is the two letters before a
    ``|``; anything before them on the way there is stray text."""
    pos, line, n = 0, 1, len(text)
    while pos < n:
        bar = text.find("|", pos)
        token = text[pos:] if bar < 0 else text[pos:bar]
        head = token.rstrip()
        tag, before = head[-2:], head[:-2]
        is_tag = (bar >= 0 and len(tag) == 2 and tag.isascii() and tag.isalpha()
                  and (not before or before[-1].isspace()))
        stray = (before if is_tag else token).strip()
        if stray:
            yield STRAY, stray, line + _newlines_before(token, stray)
        tag_line = line + before.count("\n")
        line += token.count("\n")
        if bar < 0:
            return
        if not is_tag:
            pos = bar + 1
            continue
        end = text.find("|", bar + 1)
        end = n if end < 0 else end
        value = text[bar + 1:end]
        yield tag.lower(), value, tag_line
        line += value.count("\n")
        pos = end + 1


def _newlines_before(text: str, part: str) -> int:
    return text.count("\n", 0, text.find(part))


def _deal_text(value: str, line: int, source: str) -> Tuple[str, Optional[str]]:
    """``(PBN deal text, dealer)`` from an ``md`` value."""
    dealer = None
    body = value.strip()
    if len(body) > MAX_VALUE:
        raise FormatError(source, line, f"md is too long ({len(body)} characters, at most "
                          f"{MAX_VALUE}): {excerpt(body)}")
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
                                  f"bad hand {excerpt(text)} in md: a suit letter (S H D C) "
                                  "comes first")
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


def _deals(pairs) -> Iterator[List[Pair]]:
    """Group the pairs into deals (see the module's docstring), in one pass."""
    deal: List[Pair] = []
    has_md = False
    before = 0              # where the run of pn/st pairs at the end of ``deal`` starts
    for pair in pairs:
        tag = pair[0]
        if has_md and tag in ("qx", "md"):
            yield deal[:before]
            deal, has_md = deal[before:], False
            before = 0
        deal.append(pair)
        has_md = has_md or tag == "md"
        if tag not in _BEFORE_DEAL:
            before = len(deal)
    if deal:
        yield deal


def _names(value: str, room: Optional[str]) -> Dict[str, str]:
    """Seat -> player from a ``pn`` value; eight names: the open room's, then the closed."""
    names = [n.strip() for n in value.split(",")]
    if len(names) == 8:
        names = names[4:] if room == "Closed" else names[:4]
    return {seat: name for seat, name in zip(_HAND_ORDER, names) if name}


def _room(pairs: List[Pair]) -> Tuple[Optional[str], Optional[str]]:
    """``(room, board)`` from a vugraph ``qx|o12|`` (open room, board 12)."""
    for tag, value, _line in pairs:
        if tag == "qx":
            text = value.split(",")[0].strip()
            room = _ROOMS.get(text[:1].lower())
            board = text[1:] if room else text
            return room, (board.strip() or None)
    return None, None


def read_lin(text: str, source: str = "<text>", rules="vint", *,
             deal_only: bool = False, play_only: bool = False) -> GameSet:
    """Read every deal (every ``md|``) of a LIN file; ``deal_only``: its deal and
    dealer only; ``play_only``: see ``build_record``.

    Player names (``pn|``) carry over to the deals that follow.
    """
    names_value: Optional[str] = None
    out = GameSet()
    for pairs in _deals(_pairs(without_bom(text))):
        for tag, value, _line in pairs:
            if tag == "pn":
                names_value = value
        if not any(tag == "md" for tag, _v, _l in pairs):
            for tag, value, line in pairs:
                if tag == STRAY:
                    out.add_error(_stray_error(source, value, line))
            continue
        room, board = _room(pairs)
        names = {} if names_value is None else _names(names_value, room)
        out.read(lambda: _record(pairs, names, room, board, rules, source, deal_only,
                                 play_only))
    return out


def _stray_error(source: str, text: str, line: int) -> FormatError:
    return FormatError(source, line, f"cannot read LIN here: {excerpt(text)} "
                       "(expected tag|value|)")


def _take_back(value: str, line: int, source: str, auction: list, play: list) -> None:
    """``up|n|``: take back the last ``n`` cards, or calls before the play."""
    text = value.strip()
    count = int(text) if text.isdigit() and len(text) <= 2 else 1
    taken = play if play else auction
    if count > len(taken):
        raise FormatError(source, line, f"up|{excerpt(text)}| takes back {count}, but only "
                          f"{len(taken)} {'cards' if play else 'calls'} were made")
    del taken[len(taken) - count:]


def _record(pairs, names, room, board, rules, source, deal_only, play_only):
    tags = {_FULL_NAMES[s]: n for s, n in names.items()}
    if board is not None:
        tags["Board"] = board
    if room is not None:
        tags["Room"] = room
    deal = dealer = result = None
    auction, play = [], []
    for tag, value, line in pairs:
        if tag == STRAY:
            raise _stray_error(source, value, line)
        if tag == "md":
            text, seat = _deal_text(value, line, source)
            deal, dealer = Field(text, line), (Field(seat, line) if seat else None)
        elif tag == "mb":
            auction.append(Field(_call(value), line))
        elif tag == "pc":
            play.append(Field(value.strip(), line))
        elif tag == "up":
            _take_back(value, line, source, auction, play)
        elif tag == "mc":
            result = Field(value.strip(), line)
        elif tag == "ah":
            name = value.strip()
            tags["Board"] = name[5:].strip() if name[:5].lower() == "board" else name
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
                        play=play, result=result, tags=tags, play_only=play_only)
