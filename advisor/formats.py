"""Played deals read from and written to files: PBN 2.1, BBO LIN and the project's JSON.

Every reader turns a file into ``GameRecord`` objects (the deal, dealer,
auction, contract, declarer, opening leader, the cards played in order and the
claimed result) and checks them against the game's rules: each card must be
in the hand of the player on move, follow suit when it can, and there are at
most 13 tricks. A deal that fails a check becomes a ``FormatError`` naming the
file, the line and the problem; the other deals of the file are still read.

- ``read_games(source, rules="vint")`` reads a path or the text of a file,
  guessing its format (``format=`` forces one) and returns a ``GameSet``: a
  list of records with ``.errors`` listing the deals that could not be read.
- ``advisor.pbn`` reads and writes PBN; ``advisor.lin`` reads LIN; the JSON
  format is defined here (docs/review.md).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from solver.cards import SEATS, Card, Deal, Seat, Strain
from solver.errors import VintError

from .par import _opening_leader, rule_set, strain_of
from .rules.base import PASS, RuleSet, RulesError, normalise_call

__all__ = ["FormatError", "GameRecord", "GameSet", "Trick", "read_games", "read_json", "seat_field",
           "write_json", "record_to_dict", "detect_format", "build_record", "Field",
           "trick_winner"]


class FormatError(VintError):
    """A deal in a file cannot be read: ``file``, ``line`` (1-based) and ``problem``."""

    def __init__(self, file: str, line: Optional[int], problem: str):
        self.file, self.line, self.problem = file, line, problem
        where = f"{file}, line {line}" if line else file
        super().__init__(f"{where}: {problem}")


@dataclass
class Trick:
    """One trick as played: its number (1-13), leader, cards in play order, winner."""

    number: int
    leader: str
    cards: List[Tuple[str, str]]          # (seat, card) in play order
    winner: Optional[str]                 # None while the trick is incomplete

    @property
    def complete(self) -> bool:
        return len(self.cards) == 4


@dataclass
class GameRecord:
    """One played deal as a file records it, checked.

    ``play`` holds the cards in the order they were played, from the opening
    lead; ``result`` is the declaring side's tricks as the file states them
    (None if it does not), which may differ from the tricks the cards show
    when play stopped early (a claim).
    """

    deal: Deal
    dealer: Optional[str] = None
    auction: List[str] = field(default_factory=list)
    contract: Optional[str] = None
    declarer: Optional[str] = None
    leader: Optional[str] = None
    play: List[str] = field(default_factory=list)
    result: Optional[int] = None
    tags: Dict[str, str] = field(default_factory=dict)
    source: str = "<text>"
    line: int = 1
    warnings: List[str] = field(default_factory=list)
    trump: Optional[Strain] = None        # Strain.NT for no trumps; None: no play possible

    @property
    def tricks(self) -> List[Trick]:
        """The tricks of ``play`` (the last one may be incomplete)."""
        return group_tricks(self.play, self.leader, self.trump) if self.play else []

    @property
    def tricks_won(self) -> Optional[int]:
        """Tricks the declaring side won in the cards played (complete tricks only)."""
        if self.declarer is None:
            return None
        side = Seat.parse(self.declarer).side
        return sum(1 for t in self.tricks if t.complete and Seat.parse(t.winner).side == side)

    def to_dict(self) -> dict:
        return record_to_dict(self)


class GameSet(list):
    """The records read from one file, with ``errors``: a ``FormatError`` per bad deal."""

    def __init__(self, records: Iterable = (), errors: Iterable = ()):
        super().__init__(records)
        self.errors: List[FormatError] = list(errors)


# --------------------------------------------------------------------------
# Tricks

def trick_winner(cards: Sequence[Card], trump: Optional[Strain]) -> int:
    """The index (0-3) of the winning card of a complete trick."""
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if (c.suit == b.suit and c.rank > b.rank) or (
                trump not in (None, Strain.NT) and c.suit == trump and b.suit != trump):
            best = i
    return best


def group_tricks(play: Sequence[str], leader, trump) -> List[Trick]:
    """Split the cards played (from ``leader``'s opening lead) into tricks."""
    tricks: List[Trick] = []
    seat = Seat.parse(leader)
    for start in range(0, len(play), 4):
        cards = [Card.parse(c) for c in play[start:start + 4]]
        seats = [Seat((seat + i) % 4) for i in range(len(cards))]
        winner = seats[trick_winner(cards, trump)] if len(cards) == 4 else None
        tricks.append(Trick(start // 4 + 1, seat.name,
                            [(s.name, str(c)) for s, c in zip(seats, cards)],
                            None if winner is None else winner.name))
        if winner is not None:
            seat = winner
    return tricks


def check_play(deal: Deal, leader: Seat, trump: Optional[Strain],
               cards: Sequence[Card]) -> Optional[Tuple[int, str]]:
    """``None`` if the cards can be played in this order, else ``(index, problem)``.

    Checks that each card is in the hand of the player on move (and not
    already played), follows suit when the player can, and that the hands
    hold enough cards.
    """
    hands = {s: set(deal[s].cards) for s in SEATS}
    played = set()
    on_move, trick = leader, []
    tricks = len(deal[leader])
    for i, card in enumerate(cards):
        if i >= 4 * tricks:
            return i, (f"too many cards: card {i + 1} ({card}) comes after all "
                       f"{tricks} tricks were played")
        if card not in hands[on_move]:
            if card in played:
                return i, f"{card} was already played; {on_move.name} cannot play it again"
            holder = next((s.name for s in SEATS if card in hands[s]), None)
            where = f"it is in {holder}'s hand" if holder else "it is not in the deal"
            return i, f"{on_move.name} plays {card}, a card not in that hand ({where})"
        if trick and card.suit != trick[0][1].suit and any(
                c.suit == trick[0][1].suit for c in hands[on_move]):
            return i, (f"revoke: {on_move.name} plays {card} on a "
                       f"{trick[0][1].suit.name} lead while holding "
                       f"{trick[0][1].suit.name}")
        hands[on_move].discard(card)
        played.add(card)
        trick.append((on_move, card))
        if len(trick) == 4:
            on_move = trick[trick_winner([c for _s, c in trick], trump)][0]
            trick = []
        else:
            on_move = Seat((on_move + 1) % 4)
    return None


# --------------------------------------------------------------------------
# Building a checked record from what a reader found

@dataclass
class Field:
    """A value a reader found and the line it is on (for error messages)."""

    value: object
    line: Optional[int] = None


def seat_field(f: Optional[Field], what: str, source: str) -> Optional[str]:
    if f is None or f.value in (None, "", "?"):
        return None
    try:
        return Seat.parse(str(f.value)).name
    except ValueError:
        raise FormatError(source, f.line,
                          f"unknown {what} {f.value!r}: use N, E, S or W") from None


def build_record(source: str, line: int, *, rules, deal: Field,
                 dealer: Optional[Field] = None, auction: Sequence[Field] = (),
                 contract: Optional[Field] = None, declarer: Optional[Field] = None,
                 leader: Optional[Field] = None, play: Sequence[Field] = (),
                 play_order=None, result: Optional[Field] = None,
                 tags: Optional[Dict[str, str]] = None) -> GameRecord:
    """Check what a reader found and make a ``GameRecord`` (or raise ``FormatError``).

    ``play`` lists the cards in play order, each with its line; a reader whose
    format lists cards another way (PBN's table by seat) passes ``play_order``:
    a function ``(deal, leader, trump) -> [Field]`` called once the contract is known.
    """
    rules = rule_set(rules)
    try:
        the_deal = Deal.from_pbn(str(deal.value))
    except ValueError as exc:
        raise FormatError(source, deal.line, f"bad deal: {exc}") from None
    sizes = {len(the_deal[s]) for s in SEATS}
    if len(sizes) != 1 or 0 in sizes:
        raise FormatError(source, deal.line, "bad deal: the four hands must hold the same "
                          "number of cards, " + ", ".join(
                              f"{s.name} {len(the_deal[s])}" for s in SEATS))
    record = GameRecord(the_deal, source=source, line=line, tags=dict(tags or {}))
    record.dealer = seat_field(dealer, "dealer", source)
    _read_auction(record, auction, rules)
    _read_contract(record, rules, contract, declarer)
    named_leader = seat_field(leader, "opening leader", source)
    if record.declarer is not None:
        record.leader = _opening_leader(rules, Seat.parse(record.declarer)).name
        if named_leader is not None and named_leader != record.leader:
            raise FormatError(source, leader.line,
                              f"the opening leader is {named_leader}, but with declarer "
                              f"{record.declarer} {record.leader} leads under {rules.name}")
    if record.contract is not None:
        record.trump = strain_of(rules, record.contract)
    if play_order is not None and record.trump is not None and record.leader is not None:
        play = play_order(the_deal, Seat.parse(record.leader), record.trump)
    _read_play(record, play)
    _read_result(record, result)
    return record


def _read_auction(record: GameRecord, auction: Sequence[Field], rules: RuleSet) -> None:
    calls = []
    for f in auction:
        try:
            call = normalise_call(str(f.value))
            if call != PASS and call not in ("X", "XX"):
                call = str(rules.read_bid(call))
            calls.append(call)
            rules.auction_is_over(calls)          # raises on an illegal call
        except RulesError as exc:
            raise FormatError(record.source, f.line, f"bad call {f.value!r}: {exc}") from None
    record.auction = calls


def _auction_contract(record: GameRecord, rules: RuleSet):
    """``(contract, declarer)`` the auction leads to, or None when there is no auction.

    An auction that is not over is closed with passes (with a warning).
    """
    if not record.auction or record.dealer is None:
        return None
    calls = list(record.auction)
    added = 0
    while not rules.auction_is_over(calls):
        calls.append(PASS)
        added += 1
    if added:
        record.warnings.append(f"the auction is not over under {rules.name}: "
                               f"{added} pass(es) taken as read")
    contract, declarer, _leader = rules.auction_result(calls, record.dealer)
    return contract, declarer


def _read_contract(record: GameRecord, rules: RuleSet, contract: Optional[Field],
                   declarer: Optional[Field]) -> None:
    source = record.source
    text = None if contract is None else str(contract.value).strip()
    if text and text.upper() not in ("?", "PASS", "AP"):
        bare = text.upper().rstrip("X")
        if bare != text.upper() and not rules.allows_doubles:
            record.warnings.append(f"{rules.name} has no doubles: contract {text} "
                                   f"is scored as {bare}")
        try:
            record.contract = str(rules.contract(bare))
        except RulesError as exc:
            raise FormatError(source, contract.line, f"unknown contract {text!r}: {exc}") from None
        record.declarer = seat_field(declarer, "declarer", source)
        if record.declarer is None:
            raise FormatError(source, contract.line, f"contract {text} has no declarer")
    from_auction = _auction_contract(record, rules)
    if from_auction is None:
        return
    if contract is None or not text or text == "?":
        record.contract, record.declarer = from_auction
    elif (record.contract, record.declarer) != from_auction:
        got = "no contract" if from_auction[0] is None else f"{from_auction[0]} by {from_auction[1]}"
        raise FormatError(source, contract.line,
                          f"the contract {record.contract or 'Pass'} by {record.declarer} "
                          f"does not match the auction, which ends in {got}")


def _read_play(record: GameRecord, play: Sequence[Field]) -> None:
    if not play:
        return
    source = record.source
    if record.trump is None or record.leader is None:
        why = ("there is no contract" if record.contract is None
               else f"contract {record.contract} cannot be played out double-dummy")
        raise FormatError(source, play[0].line, f"cards are played but {why}")
    cards = []
    for f in play:
        try:
            cards.append(Card.parse(str(f.value)))
        except ValueError:
            raise FormatError(source, f.line, f"unknown card {f.value!r}") from None
    problem = check_play(record.deal, Seat.parse(record.leader), record.trump, cards)
    if problem is not None:
        index, text = problem
        raise FormatError(source, play[index].line,
                          f"trick {index // 4 + 1}: {text}")
    record.play = [str(c) for c in cards]


def _read_result(record: GameRecord, result: Optional[Field]) -> None:
    if result is None or str(result.value).strip() in ("", "?"):
        return
    n = len(record.deal["N"])
    try:
        value = int(str(result.value).strip())
    except ValueError:
        value = -1
    if not 0 <= value <= n:
        raise FormatError(record.source, result.line,
                          f"unknown result {result.value!r}: the declaring side's tricks, 0 to {n}")
    if record.contract is None:
        raise FormatError(record.source, result.line, "a result is given but there is no contract")
    if len(record.play) == 4 * n and record.tricks_won != value:
        raise FormatError(record.source, result.line,
                          f"the result says {value} tricks, but the cards played give "
                          f"the declaring side {record.tricks_won}")
    record.result = value


# --------------------------------------------------------------------------
# The project's JSON

def record_to_dict(record: GameRecord) -> dict:
    """A record as the project's JSON object (docs/review.md, "JSON games")."""
    return {"deal": record.deal.to_pbn(), "dealer": record.dealer,
            "auction": list(record.auction), "contract": record.contract,
            "declarer": record.declarer, "leader": record.leader,
            "play": list(record.play), "result": record.result, "tags": dict(record.tags)}


def write_json(records: Iterable[GameRecord]) -> str:
    """The records as a JSON list (one object per deal)."""
    return json.dumps([record_to_dict(r) for r in records], indent=1, ensure_ascii=False) + "\n"


_JSON_KEYS = {"deal", "dealer", "auction", "contract", "declarer", "leader", "play", "result",
              "tags"}


def read_json(text: str, source: str = "<text>", rules="vint") -> GameSet:
    """Read the project's JSON: one deal object or a list of them."""
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
        try:
            out.append(_json_record(obj, line, source, rules))
        except FormatError as exc:
            out.errors.append(exc)
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


def _json_record(obj, line: int, source: str, rules) -> GameRecord:
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
        tags={str(k): str(v) for k, v in (obj.get("tags") or {}).items()})


# --------------------------------------------------------------------------
# Any format

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


def read_games(source, *, rules="vint", format: Optional[str] = None) -> GameSet:
    """Read every deal of a PBN, LIN or JSON file (a path, or the file's text).

    Deals that cannot be read are left out and listed in ``.errors``; a file
    with no deal at all raises ``FormatError``.
    """
    from . import lin, pbn

    rules = rule_set(rules)
    text, name = read_text(source)
    kind = (format or detect_format(text, name)).lower()
    readers = {"pbn": pbn.read_pbn, "lin": lin.read_lin, "json": read_json}
    if kind not in readers:
        raise FormatError(name, None, f"unknown format {kind!r}: use pbn, lin or json")
    games = readers[kind](text, name, rules)
    if not games and not games.errors:
        raise FormatError(name, None, f"no deal found in this {kind.upper()} file")
    return games

