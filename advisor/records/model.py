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

from ..game import close_auction, is_misere, rule_set, strain_of
from ..rules.base import PASS, RuleSet, RulesError, normalise_call

__all__ = ["FormatError", "GameRecord", "GameSet", "TrickRecord", "Field", "build_record",
           "seat_field", "excerpt", "without_bom", "MAX_VALUE", "MAX_CALLS"]

#: The longest value a reader reads as a deal, seat, call, card, contract or
#: result (longer text is an error, never parsed): every such value is short.
MAX_VALUE = 200
#: The most calls an auction may hold (a legal auction of any game is shorter).
MAX_CALLS = 500
#: The most characters of a bad value quoted in an error message.
EXCERPT = 60


def without_bom(text: str) -> str:
    """The text without a leading UTF-8 byte-order mark (which would hide its first tag)."""
    return text[1:] if text.startswith("\ufeff") else text


def excerpt(value, limit: int = EXCERPT, quoted: bool = True) -> str:
    """A value for an error message (its ``repr`` when ``quoted``), cut to about
    ``limit`` characters."""
    text = str(value)
    show = repr if quoted else str
    if len(text) > limit:
        return show(text[:limit]) + f"... ({len(text)} characters)"
    return show(text)


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
    #: Skruuvi's Bolshevik (``[Bolshevik "Yes"]``): ``declarer`` plays alone
    #: against the other three; ``doubled_by`` the opponents who doubled,
    #: ``redoubled`` whether the bidder redoubled them.
    bolshevik: bool = False
    doubled_by: tuple = ()
    redoubled: bool = False
    #: A contract doubled (1) or redoubled (2) in Skruuvi's doubling round
    #: after the bidding (``[Contract "5HX"]``; the rules' ``has_doubling_round``).
    doubled: int = 0
    #: A bridge file read play only (``play_only``) or with bridge's
    #: ``[Scoring]`` tag: declarer's partner was dummy, so dummy's cards are
    #: declarer's decisions (``dummy``).
    bridge: bool = False
    #: Where the play record is damaged (``build_record`` keeps the cards
    #: before it); None when the play read cleanly.
    play_damage: Optional[str] = None

    @property
    def dummy(self) -> Optional[str]:
        """Dummy's seat in a bridge file, whose cards declarer chose; None in
        the Vint games, where every player plays his own hand."""
        if not self.bridge or self.declarer is None or self.bolshevik:
            return None
        return Seat.parse(self.declarer).partner.name

    def chooser(self, seat: str) -> str:
        """Who chose the card ``seat`` played: declarer for dummy's cards."""
        return self.declarer if seat == self.dummy else seat

    @property
    def tricks(self) -> List[TrickRecord]:
        """The tricks of ``play`` (the last one may be incomplete)."""
        if not self.play:
            return []
        return [TrickRecord(t) for t in group_tricks(self.deal, self.trump, self.leader, self.play)]

    @property
    def tricks_won(self) -> Optional[int]:
        """Tricks the declaring side (a Bolshevik's bidder alone) won in the cards
        played (complete tricks only)."""
        if self.declarer is None:
            return None
        return sum(1 for t in self.tricks if t.complete and self.on_declaring_side(t.winner))

    def on_declaring_side(self, seat) -> bool:
        """Does ``seat`` play for the declarer (his partner too, but not in a Bolshevik)?"""
        seat, declarer = Seat.parse(seat), Seat.parse(self.declarer)
        return seat == declarer if self.bolshevik else seat.side == declarer.side

    @property
    def complete_play(self) -> bool:
        """Were all the cards played (no claim, no stop)?"""
        return len(self.play) == 4 * len(self.deal["N"])

    @property
    def contract_text(self) -> Optional[str]:
        """The contract as a file writes it, with its doubling round's ``X`` or
        ``XX`` (``5HX``); None for no contract."""
        return None if self.contract is None else self.contract + "X" * self.doubled

    def to_dict(self) -> dict:
        """The record as the project's JSON object (docs/review.md, "JSON games")."""
        return {"deal": self.deal.to_pbn(), "dealer": self.dealer,
                "auction": list(self.auction),
                "contract": self.contract_text,
                "declarer": self.declarer, "leader": self.leader,
                "play": list(self.play), "result": self.result, "tags": dict(self.tags)}


class GameSet(list):
    """The records read from one file, with ``errors``: a ``FormatError`` per bad deal,
    ``notes``: remarks on the whole file (its text encoding, say), and
    ``play_only``: whether the auctions were left unread."""

    def __init__(self, records: Iterable = (), errors: Iterable = (), notes: Iterable = ()):
        super().__init__(records)
        self.errors: List[FormatError] = []
        self.notes: List[str] = list(notes)
        #: Read without the auctions (``read_games(..., auction=False)``, or a
        #: bridge file ``read_played`` found): the contracts are the file's.
        self.play_only = False
        for error in errors:
            self.add_error(error)

    def read(self, make: Callable[[], GameRecord]) -> None:
        """Add the record ``make()`` returns; a ``FormatError`` it raises goes to
        ``errors`` instead, so that the other deals of a file are still read."""
        try:
            self.append(make())
        except FormatError as exc:
            self.add_error(exc)

    def add_error(self, error: FormatError) -> None:
        """Keep a deal's error, without the frames it was raised through: an
        error's traceback holds the reader's frames and their locals (about
        33 KB a refused deal), and a file of thousands of refused deals kept
        them all."""
        self.errors.append(without_frames(error))


def without_frames(error: BaseException) -> BaseException:
    """``error`` with no traceback, nor any on the errors it was raised from."""
    seen = set()
    link = error
    while link is not None and id(link) not in seen:
        seen.add(id(link))
        link.__traceback__ = None
        link = link.__cause__ or link.__context__
    return error


# --------------------------------------------------------------------------
# Building a checked record from what a reader found

@dataclass
class Field:
    """A value a reader found and the line it is on (for error messages)."""

    value: object
    line: Optional[int] = None


def field_text(f: Field, what: str, source: str) -> str:
    """The field's value as stripped text, refused (not parsed) when longer than
    ``MAX_VALUE``: no reader or rule ever works on unbounded text."""
    text = str(f.value).strip()
    if len(text) > MAX_VALUE:
        raise FormatError(source, f.line, f"{what} is too long ({len(text)} characters, "
                          f"at most {MAX_VALUE}): {excerpt(text)}")
    return text


def seat_field(f: Optional[Field], what: str, source: str) -> Optional[str]:
    if f is None or f.value in (None, "", "?"):
        return None
    text = field_text(f, what, source)
    try:
        return Seat.parse(text).name
    except ValueError:
        raise FormatError(source, f.line,
                          f"unknown {what} {excerpt(text)}: use N, E, S or W") from None


def build_record(source: str, line: int, *, rules, deal: Field,
                 dealer: Optional[Field] = None, auction: Sequence[Field] = (),
                 contract: Optional[Field] = None, declarer: Optional[Field] = None,
                 leader: Optional[Field] = None, play: Sequence[Field] = (),
                 play_order=None, result: Optional[Field] = None,
                 tags: Optional[Dict[str, str]] = None, deal_only: bool = False,
                 play_only: bool = False, warnings: Sequence[str] = ()) -> GameRecord:
    """Check what a reader found and make a ``GameRecord`` (or raise ``FormatError``).

    ``play`` lists the cards in play order, each with its line; a reader whose
    format lists cards another way (PBN's table by seat) passes ``play_order``:
    a callable ``(leader, trump) -> [Field]``, called once the contract is
    known, with a ``line`` (its tag's, named when no contract lets the cards
    be played).
    ``deal_only``: keep the deal, dealer and tags, leave the rest unread.
    ``play_only``: do not check the auction against the rules (a bridge
    auction, say): the contract and declarer are the file's, else those the
    auction gives as bridge reads it (``bridge_contract``), and the record
    keeps no auction. ``warnings`` are the reader's own remarks on the deal.
    """
    rules = rule_set(rules)
    deal_text = field_text(deal, "the deal", source)
    try:
        the_deal = Deal.from_pbn(deal_text)
    except ValueError as exc:
        raise FormatError(source, deal.line, f"bad deal: {exc}") from None
    sizes = {len(the_deal[s]) for s in SEATS}
    if len(sizes) != 1 or 0 in sizes:
        raise FormatError(source, deal.line, "bad deal: the four hands must hold the same "
                          "number of cards, " + ", ".join(
                              f"{s.name} {len(the_deal[s])}" for s in SEATS))
    record = GameRecord(the_deal, source=source, line=line, tags=dict(tags or {}),
                        warnings=list(warnings))
    record.bridge = play_only or "Scoring" in record.tags
    record.dealer = seat_field(dealer, "dealer", source)
    if deal_only:
        return record
    if len(auction) > MAX_CALLS:
        raise FormatError(source, auction[MAX_CALLS].line,
                          f"the auction holds more than {MAX_CALLS} calls")
    if _bolshevik_tag(record):
        _read_bolshevik(record, rules, contract, declarer, leader, auction)
        if play_order is not None:
            play = play_order(Seat.parse(record.leader), record.trump)
        _read_play(record, play, rules, after=getattr(play_order, "damage", None))
        _read_result(record, rules, result)
        return record
    if play_only:
        _read_contract_only(record, rules, contract, declarer, auction)
    else:
        _read_auction(record, auction, rules)
        _read_contract(record, rules, contract, declarer)
    named_leader = seat_field(leader, "opening leader", source)
    if record.declarer is not None:
        record.leader = rules.opening_leader(record.declarer).name
        if named_leader is not None and named_leader != record.leader:
            raise FormatError(source, leader.line,
                              f"the opening leader is {named_leader}, but with declarer "
                              f"{record.declarer} {record.leader} leads under {rules.name}"
                              + ("" if play_only else _bridge_hint(record, rules, auction)))
    if record.contract is not None:
        record.trump = strain_of(rules, record.contract)
        if record.trump is None and is_misere(rules, record.contract):
            # Skruuvi's misère and all-pass misère are played without trumps;
            # the all-pass misère's leader is the dealer's left-hand player.
            record.trump = Strain.NT
            if record.leader is None and record.dealer is not None:
                record.leader = named_leader or Seat.parse(record.dealer).lho.name
    if play_order is not None:
        if record.trump is None or record.leader is None:
            raise FormatError(source, play_order.line, _why_no_play(record))
        play = play_order(Seat.parse(record.leader), record.trump)
    after = getattr(play_order, "damage", None)
    try:
        _read_play(record, play, rules, after=after)
    except FormatError as exc:
        hint = "" if play_only else _bridge_hint(record, rules, auction)
        if hint:            # the whole play is read from the wrong hand: not damage
            raise FormatError(exc.file, exc.line, exc.problem + hint) from None
        # Damage in the play: keep the deal (its DD table and par) and the
        # cards before the damage, and say where the play stops.
        _read_play(record, play, rules, keep_good=True, after=after)
    _read_result(record, rules, result)
    return record


PLAY_ONLY_ADVICE = ("--play-only (on the web page: the review's 'play only' box) reviews the "
                    "play in the bridge contract without the auction")


def _bridge_hint(record: GameRecord, rules: RuleSet, auction: Sequence[Field]) -> str:
    """When a bridge auction gives another declarer than the game does (bridge:
    the first of the side to name the strain; Vint: the game's own rule), the
    real cause of a play that starts from the wrong hand, said as the end of
    the error; else ""."""
    if not auction or record.dealer is None or record.declarer is None:
        return ""
    try:
        contract, declarer = bridge_contract(record.source, rules, auction, record.dealer)
    except FormatError:
        return ""
    if declarer is None or declarer == record.declarer:
        return ""
    return (f". The real cause: this looks like a bridge file. Bridge makes {declarer} "
            f"declarer of {contract} ({Seat.parse(declarer).lho.name} leads), but under "
            f"{rules.name} the auction makes {record.declarer} declarer ({record.leader} "
            f"leads). {PLAY_ONLY_ADVICE}")


# --------------------------------------------------------------------------
# Skruuvi's Bolshevik
#
# A Bolshevik deal is one player against three (seed 002, "Bolshevik"), which
# no PBN tag says, so the project reads its own: ``[Bolshevik "Yes"]`` with
# the usual ``[Contract "7M"]`` (7 misère) or a Dictator (``7S``..``7H``,
# ``7G``) and ``[Declarer "N"]`` (the bidder). ``[Doubled "E W"]`` names the
# opponents who doubled, and ``[Redoubled "Yes"]`` (or ``7MXX``) says the
# bidder redoubled them. These are tags, so a record written again (PBN or
# JSON, whose ``tags`` hold them) keeps them. The
# stalker, the bidder's right-hand player, leads. The Bolshevik auction has
# its own round (``Skruuvi.bolshevik_state``) whose context (who must still
# play a Bolshevik) a file does not give: an auction is kept out, with a warning.

_YES, _NO = ("YES", "Y", "TRUE", "1"), ("NO", "N", "FALSE", "0")


def _tag(record: GameRecord, name: str) -> Optional[str]:
    for key, value in record.tags.items():
        if key.lower() == name:
            return str(value)
    return None


def _yes_no(record: GameRecord, name: str) -> Optional[bool]:
    """A Yes/No tag: None when it is absent or empty, else True or False; any
    other value is a ``FormatError`` naming the tag."""
    value = _tag(record, name.lower())
    word = "" if value is None else value.strip().upper()
    if not word:
        return None
    if word in _YES or word in _NO:
        return word in _YES
    raise FormatError(record.source, record.line,
                      f"the {name} tag is {excerpt(value)}: use Yes or No")


def _bolshevik_tag(record: GameRecord) -> bool:
    return _yes_no(record, "Bolshevik") is True


def _read_bolshevik(record: GameRecord, rules: RuleSet, contract: Optional[Field],
                    declarer: Optional[Field], leader: Optional[Field],
                    auction: Sequence[Field]) -> None:
    source = record.source
    if not rules.has_bolshevik:
        raise FormatError(source, record.line, f"a Bolshevik is a Skruuvi game, not "
                          f"{rules.name}'s: read the file with --rules skruuvi")
    if contract is None:
        raise FormatError(source, record.line, "a Bolshevik deal needs its Contract "
                          "(7M, or a Dictator 7S..7H, 7G)")
    text = field_text(contract, "the contract", source).upper()
    bare = text.rstrip("X")
    if len(text) - len(bare) > 2:      # 7MXXX was read as redoubled
        raise FormatError(source, contract.line, f"contract {excerpt(text)}: at most XX "
                          f"(redoubled) after the contract")
    try:
        c = rules.contract(bare)
    except RulesError as exc:
        raise FormatError(source, contract.line,
                          f"unknown contract {excerpt(text)}: {exc}") from None
    if c.level != 7 or not (is_misere(rules, str(c)) or strain_of(rules, str(c)) is not None):
        raise FormatError(source, contract.line, f"a Bolshevik is 7 misère or a Dictator "
                          f"(7S..7H, 7G), not {c}")
    record.bolshevik = True
    record.contract = str(c)
    record.declarer = seat_field(declarer, "declarer (the Bolshevik's bidder)", source)
    if record.declarer is None:
        raise FormatError(source, contract.line, "a Bolshevik deal needs its Declarer "
                          "(the bidder)")
    doubled = _tag(record, "doubled") or ""
    try:
        record.doubled_by = tuple(Seat.parse(s).name for s in doubled.replace(",", " ").split())
    except ValueError:
        raise FormatError(source, record.line, f"the Doubled tag is {excerpt(doubled)}: "
                          f"list the seats that doubled, as E W") from None
    if len(set(record.doubled_by)) < len(record.doubled_by):
        raise FormatError(source, record.line, f"the Doubled tag is {excerpt(doubled)}: "
                          f"it names a seat twice")
    redoubled = _yes_no(record, "Redoubled")
    if text.endswith("XX") and redoubled is False:
        raise FormatError(source, contract.line, f"contract {excerpt(text)} is redoubled, "
                          f"but the Redoubled tag says {excerpt(_tag(record, 'redoubled'))}")
    record.redoubled = text.endswith("XX") or redoubled is True
    if record.redoubled and _tag(record, "redoubled") is None:
        record.tags["Redoubled"] = "Yes"      # kept when the record is written again
    try:       # who may double and redouble is the scoring's rule
        rules.score_bolshevik(record.contract, record.declarer, 0,
                              doubled_by=record.doubled_by, redoubled=record.redoubled)
    except RulesError as exc:
        raise FormatError(source, contract.line, f"Bolshevik: {exc}") from None
    if text.endswith("X") and not record.doubled_by:
        raise FormatError(source, contract.line, f"contract {text} is doubled: name who "
                          f"doubled in a Doubled tag, as [Doubled \"E W\"]")
    if auction:
        record.warnings.append(f"Bolshevik: the auction ({len(auction)} calls) is not "
                               f"read (the file does not give the Bolshevik round's order)")
    record.leader = Seat.parse(record.declarer).rho.name
    named = seat_field(leader, "opening leader", source)
    if named is not None and named != record.leader:
        raise FormatError(source, leader.line, f"the opening leader is {named}, but in a "
                          f"Bolshevik the stalker, {record.leader}, leads")
    record.trump = Strain.NT if is_misere(rules, record.contract) \
        else strain_of(rules, record.contract)


def _read_auction(record: GameRecord, auction: Sequence[Field], rules: RuleSet) -> None:
    if auction and record.dealer is None:
        raise FormatError(record.source, auction[0].line,
                          "an auction is given but no dealer, so it cannot be read")
    calls = []
    for f in auction:
        text = field_text(f, "a call", record.source)
        try:
            call = normalise_call(text)
            if call != PASS and call not in ("X", "XX"):
                call = str(rules.read_bid(call))
            calls.append(call)
        except RulesError as exc:
            raise FormatError(record.source, f.line,
                              f"bad call {excerpt(text)}: {exc}") from None
    try:
        rules.auction_state(calls)               # raises on the first illegal call
    except RulesError as exc:
        bad = _first_bad_call(rules, calls)
        raise FormatError(record.source, auction[bad].line,
                          f"bad call {excerpt(auction[bad].value)}: {exc}") from None
    record.auction = calls


def _first_bad_call(rules: RuleSet, calls: List[str]) -> int:
    """The index of the first call ``rules`` refuse (the calls hold one)."""
    for k in range(len(calls)):
        try:
            rules.auction_state(calls[:k + 1])
        except RulesError:
            return k
    return len(calls) - 1  # pragma: no cover - the whole auction was refused


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


_NO_CONTRACT = ("", "?", "PASS", "AP", "-")


def _named_contract(record: GameRecord, rules: RuleSet, contract: Optional[Field],
                    declarer: Optional[Field]) -> Optional[str]:
    """Read the file's contract and declarer into ``record``; returns the contract's
    text upper-cased ('' when the file names none, 'PASS' for a pass)."""
    source = record.source
    text = "" if contract is None else field_text(contract, "the contract", source).upper()
    if text in _NO_CONTRACT:
        return text
    bare = text.rstrip("X")
    if bare != text and rules.has_doubling_round and len(text) - len(bare) <= 2:
        record.doubled = len(text) - len(bare)      # scored doubled (postmortem)
    elif bare != text and not rules.allows_doubles:
        record.warnings.append(f"{rules.name} has no doubles: contract {text} "
                               f"is scored as {bare}")
    try:
        record.contract = str(rules.contract(bare))
    except RulesError as exc:
        raise FormatError(source, contract.line,
                          f"unknown contract {excerpt(text)}: {exc}") from None
    record.declarer = seat_field(declarer, "declarer", source)
    if record.declarer is None:
        raise FormatError(source, contract.line, f"contract {text} has no declarer")
    return text


def _read_contract(record: GameRecord, rules: RuleSet, contract: Optional[Field],
                   declarer: Optional[Field]) -> None:
    text = _named_contract(record, rules, contract, declarer)
    from_auction = _auction_contract(record, rules)
    if from_auction is None:
        return
    if text in ("", "?") or (text in _NO_CONTRACT and from_auction[1] is None):
        # "Pass" matches any auction that ends with no declarer: thrown in,
        # Skruuvi's all-pass misère (AP), Siberian Vint's распасовка (PASS).
        record.contract, record.declarer = from_auction
    elif (record.contract, record.declarer) != from_auction:
        got = "no contract" if from_auction[0] is None else f"{from_auction[0]} by {from_auction[1]}"
        raise FormatError(record.source, contract.line,
                          f"the contract {record.contract or 'Pass'} by {record.declarer} "
                          f"does not match the auction, which ends in {got}")


def _read_contract_only(record: GameRecord, rules: RuleSet, contract: Optional[Field],
                        declarer: Optional[Field], auction: Sequence[Field]) -> None:
    """``play_only``: the file's contract and declarer, else the auction's as bridge reads it."""
    text = _named_contract(record, rules, contract, declarer)
    if auction:
        record.warnings.append(f"play only: the auction ({len(auction)} calls) is not "
                               f"checked under {rules.name}")
    if text or not auction:
        return
    if record.dealer is None:
        raise FormatError(record.source, auction[0].line,
                          "the file gives no contract, and its auction no dealer")
    record.contract, record.declarer = bridge_contract(record.source, rules, auction,
                                                       record.dealer)


def bridge_contract(source: str, rules: RuleSet, auction: Sequence[Field],
                    dealer: str):
    """``(contract, declarer)`` of an auction read as bridge reads it: the last bid
    is the contract (doubles dropped), and its declarer is the first player of the
    side that bid it to name its strain. ``(None, None)`` when nobody bid."""
    first_to_name: Dict[tuple, str] = {}
    last = None
    for k, f in enumerate(auction):
        text = field_text(f, "a call", source)
        try:
            call = normalise_call(text)
            if call in (PASS, "X", "XX"):
                continue
            bid = rules.read_bid(call)
        except RulesError as exc:
            raise FormatError(source, f.line, f"bad call {excerpt(text)}: {exc}") from None
        seat = Seat((Seat.parse(dealer) + k) % 4)
        first_to_name.setdefault((seat.side, bid.strain), seat.name)
        last = (str(bid), first_to_name[seat.side, bid.strain])
    return last or (None, None)


def _why_no_play(record: GameRecord) -> str:
    why = ("there is no contract" if record.contract is None
           else f"contract {record.contract} cannot be played out double-dummy")
    return f"cards are played but {why}"


def _read_play(record: GameRecord, play: Sequence[Field], rules: RuleSet,
               keep_good: bool = False, after: Optional[FormatError] = None) -> None:
    """Check the cards played by the game's play rules (Siberian Vint's
    must-trump too) and keep them in ``record.play``. ``keep_good``: on
    damage (an unknown card, one not in the hand on move, a revoke, too many
    cards), keep the cards before it and add a warning instead of raising, so
    that the deal is still analysed. ``after``: damage the reader found just
    after the last of ``play`` (a PBN trick line it could not read), reported
    like the rest when the cards before it are good."""
    if not play and after is None:
        return
    source = record.source
    if record.trump is None or record.leader is None:
        raise FormatError(source, play[0].line if play else after.line, _why_no_play(record))
    damage: Optional[FormatError] = None
    limit = 4 * len(record.deal["N"])
    if len(play) > limit:
        damage = FormatError(source, play[limit].line,
                             f"too many cards: {len(play)} played, the hands hold {limit}")
    cards = []
    for f in play[:limit]:
        text = field_text(f, "a card", source)
        try:
            cards.append(Card.parse(text))
        except ValueError:
            damage = FormatError(source, f.line, f"unknown card {excerpt(text)}")
            break
    try:
        check_play(record.deal, record.trump, record.leader, cards,
                   must_trump=rules.must_trump)
    except PlayError as exc:
        damage = FormatError(source, play[exc.index].line,
                             f"trick {exc.index // 4 + 1}: {exc.problem}")
        cards = cards[:exc.index]
    if damage is None:
        damage = after
    if damage is not None:
        if not keep_good:
            raise damage
        record.play_damage = f"line {damage.line}: {damage.problem}"
        record.warnings.append(f"the play is damaged at line {damage.line}: {damage.problem}; "
                               f"the {len(cards)} card(s) before it are reviewed, the deal "
                               "is analysed in full")
    record.play = [str(c) for c in cards]


def _relative_result(text: str) -> Optional[int]:
    """``+1`` -> 1, ``-2`` -> -2, ``=`` or ``=0`` -> 0: tricks over (under) the
    contract; None when ``text`` is not written that way."""
    if text in ("=", "=0", "+0", "-0"):
        return 0
    if len(text) > 1 and text[0] in "+-" and text[1:].isdigit() and len(text) < 4:
        return int(text)
    return None


def _read_result(record: GameRecord, rules: RuleSet, result: Optional[Field]) -> None:
    if result is None:
        return
    text = field_text(result, "the result", record.source)
    if text in ("", "?"):
        return
    n = len(record.deal["N"])
    relative = _relative_result(text)
    if relative is not None:
        if record.contract is None:
            raise FormatError(record.source, result.line, f"the result {text} counts tricks "
                              "over the contract, but there is no contract")
        value = rules.contract(record.contract).tricks_needed + relative
    elif text.isdigit() and len(text) <= 2:
        value = int(text)
    else:
        value = -1
    if not 0 <= value <= n:
        raise FormatError(record.source, result.line,
                          f"unknown result {excerpt(text)}: the declaring side's tricks, "
                          f"0 to {n}, or +1, =, -2 against the contract")
    if record.contract is None:
        raise FormatError(record.source, result.line, "a result is given but there is no contract")
    if record.complete_play and record.tricks_won != value:
        raise FormatError(record.source, result.line,
                          f"the result says {value} tricks, but the cards played give "
                          f"the declaring side {record.tricks_won}")
    record.result = value
