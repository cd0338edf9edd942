"""The record of a played deal, and the checks every reader's findings go through.

A reader (``pbn``, ``lin``, ``jsonfile``) finds values in a file, each with
the line it is on (a ``Field``), and passes them to ``build_record``, which
checks them against the game's rules and makes a ``GameRecord``: the deal,
dealer, auction, contract, declarer, opening leader, the cards played in
order and the claimed result. Each card must be in the hand of the player on
move and follow suit when it can (``solver.play``), and the auction must be
legal. A deal that fails a check becomes a ``FormatError`` naming the file,
the line and the problem; the reader goes on with the other deals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Dict, Iterable, List, Optional, Sequence

from solver.cards import SEATS, Card, Deal, Seat, Strain
from solver.errors import VintError
from solver.play import PlayError, Trick, check_play, group_tricks

from ..game import close_auction, rule_set, strain_of
from ..rules.base import PASS, RuleSet, RulesError, normalise_call

__all__ = ["FormatError", "GameRecord", "GameSet", "TrickRecord", "Field", "build_record",
           "seat_field"]


class FormatError(VintError):
    """A deal in a file cannot be read: ``file``, ``line`` (1-based) and ``problem``."""

    def __init__(self, file: str, line: Optional[int], problem: str):
        self.file, self.line, self.problem = file, line, problem
        where = f"{file}, line {line}" if line else file
        super().__init__(f"{where}: {problem}")


class TrickRecord:
    """A trick (``solver.play.Trick``) as records show it, in seat names and card
    text: ``leader`` ``"N"``, ``cards`` ``(("N", "SA"), ...)`` in play order,
    ``winner`` ``"E"`` (None while the trick is incomplete)."""

    __slots__ = ("number", "leader", "cards", "winner", "complete")

    def __init__(self, trick: Trick):
        self.number = trick.number
        self.leader = trick.leader.name
        self.cards = tuple((seat.name, str(card)) for seat, card in trick.cards)
        self.winner = None if trick.winner is None else trick.winner.name
        self.complete = trick.complete

    def __repr__(self) -> str:
        return (f"TrickRecord({self.number}, {self.leader}, {self.cards}, "
                f"winner={self.winner})")


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
    def tricks(self) -> List[TrickRecord]:
        """The tricks of ``play`` (the last one may be incomplete)."""
        if not self.play:
            return []
        return [TrickRecord(t) for t in group_tricks(self.deal, self.trump, self.leader, self.play)]

    @property
    def tricks_won(self) -> Optional[int]:
        """Tricks the declaring side won in the cards played (complete tricks only)."""
        if self.declarer is None:
            return None
        side = Seat.parse(self.declarer).side
        return sum(1 for t in self.tricks if t.complete and Seat.parse(t.winner).side == side)

    @property
    def complete_play(self) -> bool:
        """Were all the cards played (no claim, no stop)?"""
        return len(self.play) == 4 * len(self.deal["N"])

    def to_dict(self) -> dict:
        """The record as the project's JSON object (docs/review.md, "JSON games")."""
        return {"deal": self.deal.to_pbn(), "dealer": self.dealer,
                "auction": list(self.auction), "contract": self.contract,
                "declarer": self.declarer, "leader": self.leader,
                "play": list(self.play), "result": self.result, "tags": dict(self.tags)}


class GameSet(list):
    """The records read from one file, with ``errors``: a ``FormatError`` per bad deal."""

    def __init__(self, records: Iterable = (), errors: Iterable = ()):
        super().__init__(records)
        self.errors: List[FormatError] = list(errors)

    def read(self, make: Callable[[], GameRecord]) -> None:
        """Add the record ``make()`` returns; a ``FormatError`` it raises goes to
        ``errors`` instead, so that the other deals of a file are still read."""
        try:
            self.append(make())
        except FormatError as exc:
            self.errors.append(exc)


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
                 tags: Optional[Dict[str, str]] = None, deal_only: bool = False) -> GameRecord:
    """Check what a reader found and make a ``GameRecord`` (or raise ``FormatError``).

    ``play`` lists the cards in play order, each with its line; a reader whose
    format lists cards another way (PBN's table by seat) passes ``play_order``:
    a function ``(leader, trump) -> [Field]`` called once the contract is known.
    ``deal_only``: keep the deal, dealer and tags, leave the rest unread.
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
    if deal_only:
        return record
    _read_auction(record, auction, rules)
    _read_contract(record, rules, contract, declarer)
    named_leader = seat_field(leader, "opening leader", source)
    if record.declarer is not None:
        record.leader = rules.opening_leader(record.declarer).name
        if named_leader is not None and named_leader != record.leader:
            raise FormatError(source, leader.line,
                              f"the opening leader is {named_leader}, but with declarer "
                              f"{record.declarer} {record.leader} leads under {rules.name}")
    if record.contract is not None:
        record.trump = strain_of(rules, record.contract)
    if play_order is not None and record.trump is not None and record.leader is not None:
        play = play_order(Seat.parse(record.leader), record.trump)
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
    calls, added = close_auction(rules, record.auction)
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
    passed = text is not None and text.upper() in ("PASS", "AP")
    if contract is None or not text or text == "?" or (passed and from_auction[1] is None):
        # "Pass" matches any auction that ends with no declarer: thrown in,
        # Skruuvi's all-pass misère (AP), Siberian Vint's распасовка (PASS).
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
    try:
        check_play(record.deal, record.trump, record.leader, cards)
    except PlayError as exc:
        raise FormatError(source, play[exc.index].line,
                          f"trick {exc.index // 4 + 1}: {exc.problem}") from None
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
    if record.complete_play and record.tricks_won != value:
        raise FormatError(record.source, result.line,
                          f"the result says {value} tricks, but the cards played give "
                          f"the declaring side {record.tricks_won}")
    record.result = value


