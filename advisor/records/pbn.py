"""PBN 2.1 games: read played deals, write them back with a double-dummy table.

Reading (``read_pbn``): games are separated by blank lines; each is a list of
tags ``[Name "value"]``, some followed by a section:

- ``[Auction "N"]``: the calls from that seat (the first caller), four a line;
  ``Pass``/``P``, ``1S``, ``2NT``..., ``AP`` (pass until the auction is over);
  notes ``=1=``, ``$n`` and the suffixes ``!`` ``?`` are ignored, ``*`` ends it;
- ``[Play "W"]``: one trick a line, the cards in the columns of the seats
  clockwise from the seat the tag names (the opening leader); ``-`` for a card
  not played, ``*`` ends the play. The reader works out each trick's winner to
  put the cards in the order they were played.

``{...}`` and ``;`` comments and ``%`` lines are skipped; a tag value ``#``
repeats the previous game's value (PBN's export shorthand).

Writing (``write_pbn``) gives the tags PBN export needs for a played deal and,
with a DD table, ``[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]``.
"""

from __future__ import annotations

import re
from typing import Dict, Iterable, List, NamedTuple, Optional, Tuple

from solver.cards import Card, Seat
from solver.play import trick_winner

from ..game import close_auction, rule_set
from ..rules.base import RulesError
from .model import (Field, FormatError, GameRecord, GameSet, build_record, excerpt,
                    seat_field, without_bom)

__all__ = ["read_pbn", "write_pbn", "optimum_result_table", "pbn_games", "PBNGame"]

_TAG = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_NOTE = re.compile(r"^=\d+=$|^\$\d+$")
#: Tags the reader turns into fields; the other tags are kept as they are.
_FIELDS = {"deal", "dealer", "auction", "play", "contract", "declarer", "result"}
#: Tags describing a DD analysis of the deal: rewritten, not kept.
_DD_TAGS = {"optimumresulttable", "doubledummytricks", "optimumscore", "parcontract"}


def _strip_comments(text: str) -> List[Tuple[int, str]]:
    """The file's lines (numbered from 1) without comments."""
    out = []
    in_brace = False
    for number, raw in enumerate(text.splitlines(), 1):
        line, kept = raw, []
        if not in_brace and line.startswith("%"):
            out.append((number, " "))
            continue
        in_quote = False
        for i, ch in enumerate(line):
            if in_brace:
                in_brace = ch != "}"
                continue
            if in_quote:
                in_quote = not (ch == '"' and line[i - 1] != "\\")
            elif ch == '"':
                in_quote = True
            elif ch == "{":
                in_brace = True
                continue
            elif ch == ";":
                break
            kept.append(ch)
        text_line = "".join(kept)
        # Only a blank line separates games, not a line that held a comment.
        out.append((number, text_line if text_line.strip() or not raw.strip() else " "))
    return out


def _blocks(lines: List[Tuple[int, str]]) -> List[List[Tuple[int, str]]]:
    """Split numbered lines into games at blank lines."""
    blocks: List[List[Tuple[int, str]]] = []
    game: List[Tuple[int, str]] = []
    for number, line in lines:
        if line.strip():
            game.append((number, line))
        elif game and line == "":
            blocks.append(game)
            game = []
    if game:
        blocks.append(game)
    return blocks


def _games(lines: List[Tuple[int, str]]):
    """``(lines, warnings)`` for each game. A block that starts with no tag goes on
    with the game before it (a blank line inside a section), with a warning.
    Games run together (no blank line between them) are split where a tag of
    the game's identity (``_ONCE_A_GAME``) comes a second time, with a warning."""
    games: List[Tuple[List[Tuple[int, str]], List[str]]] = []
    for block in _blocks(lines):
        if games and not block[0][1].lstrip().startswith("["):
            first = block[0][0]
            games[-1][0].extend(block)
            games[-1][1].append(f"a blank line before line {first} is taken as part of the "
                                "section above it (a blank line ends a game in PBN)")
        else:
            pieces = _split_run_together(block)
            games.append((pieces[0], []))
            for piece in pieces[1:]:
                games.append((piece, [f"no blank line before line {piece[0][0]}: the games "
                                      "on either side of it are read as two (a blank line "
                                      "ends a game in PBN)"]))
    return games


#: Tags a game gives once: a second one starts the next game.
_ONCE_A_GAME = {"event", "site", "date", "board", "west", "north", "east", "south",
                "dealer", "vulnerable", "deal"}


def _split_run_together(block: List[Tuple[int, str]]) -> List[List[Tuple[int, str]]]:
    """A block of lines cut before each line whose first tag repeats one of
    ``_ONCE_A_GAME`` already seen in the piece."""
    pieces: List[List[Tuple[int, str]]] = [[]]
    seen = set()
    for number, line in block:
        m = _TAG.match(line, _skip_space(line, 0))
        name = m.group(1).lower() if m else None
        if name in _ONCE_A_GAME:
            if name in seen and pieces[-1]:
                pieces.append([])
                seen = set()
            seen.add(name)
        pieces[-1].append((number, line))
    return pieces


#: A tag line without the quotes PBN wants: ``[Event Random]``.
_LOOSE_TAG = re.compile(r'\[\s*(\w+)\s+([^"\[\]]*?)\s*\]\s*$')


def _parse_game(game, previous: Dict[str, str], warnings: Optional[List[str]] = None):
    """``(tags, sections)``: tag name (lower) -> (name, value, line); section lines by tag.

    Malformed tags are read as far as they make sense, each with a warning
    naming its line (added to ``warnings``): a value ending in a stray ``]``
    (``[Event "Random]"]``) loses the bracket, a tag without quotes
    (``[Event Random]``) is read as if quoted, and any other line starting with
    ``[`` that is not a tag is skipped (it used to go into the section above it,
    or into a title)."""
    warnings = [] if warnings is None else warnings
    tags: Dict[str, Tuple[str, str, int]] = {}
    sections: Dict[str, List[Tuple[int, str]]] = {}
    current = None

    def add(name: str, value: str, number: int) -> None:
        nonlocal current
        if value == "#" and name.lower() in previous:
            value = previous[name.lower()]
        tags.setdefault(name.lower(), (name, value, number))
        current = name.lower()
        sections.setdefault(current, [])

    for number, line in game:
        pos, end = _skip_space(line, 0), len(line)
        m = _TAG.match(line, pos)
        if not m:
            if line.startswith("[", pos):
                loose = _LOOSE_TAG.match(line, pos)
                if loose:
                    warnings.append(f"line {number}: the tag {excerpt(line.strip())} has no "
                                    f"quotes around its value; read as "
                                    f"[{loose.group(1)} \"{loose.group(2)}\"]")
                    add(loose.group(1), loose.group(2), number)
                else:
                    warnings.append(f"line {number}: {excerpt(line.strip())} is not a tag "
                                    "([Name \"value\"]); skipped")
            elif current is not None:
                sections[current].append((number, line))
            continue
        while m:
            name, value = m.group(1), m.group(2).replace('\\"', '"').replace("\\\\", "\\")
            if value.endswith("]") and "[" not in value:
                warnings.append(f"line {number}: the value of [{name}] ends in a stray ']' "
                                f"({excerpt(value)}); read as {excerpt(value.rstrip(']'))}")
                value = value.rstrip("]")
            add(name, value, number)
            pos = _skip_space(line, m.end())
            m = _TAG.match(line, pos)
        if pos < end:
            sections[current].append((number, line[pos:]))
    return tags, sections


def _skip_space(line: str, pos: int) -> int:
    while pos < len(line) and line[pos].isspace():
        pos += 1
    return pos


def _tokens(section: List[Tuple[int, str]]) -> List[Tuple[str, int]]:
    out = []
    for number, line in section:
        for token in line.split():
            out.append((token, number))
    return out


def _auction_fields(section, rules) -> List[Field]:
    calls: List[Field] = []
    for token, line in _tokens(section):
        if _NOTE.match(token) or token in ("+", "-"):
            continue
        if token == "*":
            break
        token = token.rstrip("!?")
        if token.upper() == "AP":
            try:
                _closed, added = close_auction(rules, [str(c.value) for c in calls])
            except RulesError:
                added = 0                # build_record names the illegal call
            calls += [Field("P", line)] * added
            continue
        if token:
            calls.append(Field(token, line))
    return calls


def _play_rows(section, source: str):
    """The trick lines of a Play section: ``[(line, [tokens], problem)]`` (notes
    dropped). ``problem`` is None for a good line, else what is wrong with it (a
    line that does not hold four cards): the play stops there as damage, so the
    deal and the tricks before it are kept (``_PlayTable``)."""
    rows = []
    for number, line in section:
        tokens = [_card_token(t) for t in line.split() if not _NOTE.match(t) and t != "+"]
        tokens = [t for t in tokens if t]
        ended = "*" in tokens
        tokens = tokens[:tokens.index("*")] if ended else tokens
        if tokens:
            problem = None
            if len(tokens) != 4:
                problem = (f"a trick line holds 4 cards (one per seat, - for none), "
                           f"not {len(tokens)}: {excerpt(' '.join(tokens))}")
            rows.append((number, tokens, problem))
        if ended:
            break
    return rows


def _card_token(token: str) -> str:
    """A Play section token without its ``!``/``?`` suffix; ``--`` (as some programs
    write it) is ``-``, a card not played."""
    token = token.rstrip("!?")
    return "-" if token and not token.strip("-") else token


class _PlayTable:
    """A ``play_order`` for ``build_record``: the Play section's table by seat -> the
    cards in play order. ``first``: the seat of the first column (None: the
    opening leader); ``line``: the Play tag's line. A line that cannot be read
    as a trick (not four cards, a trick after an incomplete one, a card after a
    missing one) stops the play there: the cards before it are returned and
    ``damage`` (a ``FormatError``) says where and why, for ``build_record`` to
    report as damage in the play rather than drop the deal."""

    def __init__(self, rows, first: Optional[Seat], source: str, line: int):
        self.rows, self.first, self.source, self.line = rows, first, source, line
        self.damage: Optional[FormatError] = None

    def __call__(self, leader: Seat, trump) -> List[Field]:
        self.damage = None
        source, first = self.source, leader if self.first is None else self.first
        play: List[Field] = []
        stopped_at = None
        for number, tokens, problem in self.rows:
            if problem is None and stopped_at is not None:
                problem = f"a trick follows the incomplete trick on line {stopped_at}"
            if problem is not None:
                self.damage = FormatError(source, number, problem)
                return play
            cards, trick = [], []
            for i in range(4):
                seat = Seat((leader + i) % 4)
                token = tokens[(seat - first) % 4]
                if token == "-":
                    stopped_at = number
                    break
                trick.append(Field(token, number))
                try:
                    cards.append(Card.parse(token))
                except ValueError:
                    # The order of the cards after it is unknown: stop here, and
                    # build_record reports the unknown card as damage in the play.
                    return play + trick
            if stopped_at is None:
                leader = Seat((leader + trick_winner(cards, trump)) % 4)
            elif any(tokens[(Seat((leader + i) % 4) - first) % 4] != "-"
                     for i in range(len(cards) + 1, 4)):
                self.damage = FormatError(source, number,
                                          "a card follows a missing one (-) in the same trick")
                return play
            play += trick
        return play


class PBNGame(NamedTuple):
    """One block of tags of a PBN text as the reader splits it (a game, or a
    file header): its ``first`` and ``last`` lines holding a tag or section
    text (numbered from 1; lines that hold only a comment are not counted at
    either end), its ``tags`` (lower-case name -> ``(name, value, line)``; a
    ``#`` value is the previous block's) and its ``sections`` (lower-case
    name -> the ``(line, text)`` lines after the tag, comments left out).
    ``read_pbn``'s records start on a block's ``first`` line (``GameRecord.line``)."""

    first: int
    last: int
    tags: Dict[str, Tuple[str, str, int]]
    sections: Dict[str, List[Tuple[int, str]]]


def pbn_games(text: str) -> List[PBNGame]:
    """Every block of tags of a PBN text, where it is and what it says, without
    reading the deals (``vint annotate`` writes tags into a game's block and
    keeps the rest of the file as it is)."""
    out: List[PBNGame] = []
    previous: Dict[str, str] = {}
    for game, _warnings in _games(_strip_comments(without_bom(text))):
        tags, sections = _parse_game(game, previous)
        previous = {**previous, **{k: v for k, (_n, v, _l) in tags.items()}}
        out.append(PBNGame(game[0][0], game[-1][0], tags, sections))
    return out


#: Tags a game without a ``Deal`` takes from the game before it, when it does
#: not give them itself (PBN's tag value inheritance: the games of one board).
_INHERITED = ("deal", "dealer", "vulnerable", "board", "event", "site", "date", "scoring")
#: Tags that make a block of tags a game (a block with none of them is a header).
_GAME_TAGS = ("auction", "play", "contract", "declarer", "result")


def read_pbn(text: str, source: str = "<text>", rules="vint", *,
             deal_only: bool = False, play_only: bool = False) -> GameSet:
    """Read every game of a PBN file (with ``deal_only``, only its deal and dealer;
    ``play_only``: see ``build_record``).

    A tag value ``#`` repeats the previous game's. A game with no ``Deal`` tag
    (the other room's result of a board, say) takes the deal, dealer,
    vulnerability, board, event, site, date and scoring it does not give from
    the game before it; a block of tags with no deal, auction, play, contract,
    declarer or result is a file header, not a game.
    """
    out = GameSet()
    previous: Dict[str, Tuple[str, str, int]] = {}
    for game, warnings in _games(_strip_comments(without_bom(text))):
        tags, sections = _parse_game(game, {k: v for k, (_n, v, _l) in previous.items()},
                                     warnings)
        if "deal" not in tags:
            if not any(name in tags for name in _GAME_TAGS):
                previous = {**previous, **tags}          # a header: its values for '#'
                continue
            if "deal" not in previous:
                out.add_error(FormatError(source, game[0][0], "the game has no [Deal] "
                                              "tag, and there is no game before it to take "
                                              "the deal from"))
                continue
            for name in _INHERITED:
                if name not in tags and name in previous:
                    tags[name] = previous[name]
            warnings.append(f"the deal is the one of the game on line "
                            f"{previous['deal'][2]} (this game has no [Deal] tag)")
        previous = tags
        out.read(lambda: _record(tags, sections, rules, source, game[0][0], deal_only,
                                 play_only, warnings))
    return out


_NO_SEAT = ("", "-", "?")


def _record(tags, sections, rules, source: str, line: int, deal_only: bool,
            play_only: bool, warnings: List[str]) -> GameRecord:
    def f(name) -> Optional[Field]:
        if name not in tags:
            return None
        return Field(tags[name][1], tags[name][2])

    dealer = f("dealer")
    kept = {name: value for key, (name, value, _l) in tags.items()
            if key not in _FIELDS and key not in _DD_TAGS}
    if deal_only:
        return build_record(source, line, rules=rules, deal=f("deal"), dealer=dealer,
                            tags=kept, deal_only=True, warnings=warnings)
    auction = []
    if "auction" in tags:
        if dealer is None or not str(dealer.value).strip():
            dealer = f("auction")
        elif not play_only and seat_field(f("auction"), "first caller", source) != seat_field(
                dealer, "dealer", source):
            raise FormatError(source, tags["auction"][2],
                              f"the auction starts with {excerpt(tags['auction'][1])}, "
                              f"but the dealer is {dealer.value}")
        auction = _auction_fields(sections.get("auction", []), rule_set(rules))
    play_order, leader = None, f("play")
    if leader is not None and leader.value.strip() in _NO_SEAT:
        leader = None                    # [Play "-"]: the file does not name the leader
    rows = _play_rows(sections.get("play", []), source)
    if rows:
        first = None if leader is None else Seat.parse(seat_field(leader, "seat of the "
                                                                  "Play tag", source))
        play_order = _PlayTable(rows, first, source, tags["play"][2])
    return build_record(source, line, rules=rules, deal=f("deal"), dealer=dealer,
                        auction=auction, contract=f("contract"), declarer=f("declarer"),
                        leader=leader, play_order=play_order, result=f("result"), tags=kept,
                        play_only=play_only, warnings=warnings)


# --------------------------------------------------------------------------
# Writing

_ORDER = ("Event", "Site", "Date", "Board", "West", "North", "East", "South")
_STRAINS = ("NT", "S", "H", "D", "C")


def _quote(value) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"')


def optimum_result_table(table) -> List[str]:
    """The lines of an ``OptimumResultTable`` tag (PBN 2.1 section 3.x): tag then 20 rows."""
    lines = ['[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]']
    for seat in ("N", "S", "E", "W"):
        for strain in _STRAINS:
            lines.append(f"{seat} {strain:>2} {table[seat, strain]:>2}")
    return lines


def _play_lines(record: GameRecord) -> List[str]:
    lines = [f'[Play "{record.leader}"]']
    first = Seat.parse(record.leader)
    tricks = record.tricks
    for trick in tricks:
        by_seat = dict(trick.cards)
        lines.append(" ".join(by_seat.get(Seat((first + i) % 4).name, "-").ljust(3)
                              for i in range(4)).rstrip())
    if not tricks or not tricks[-1].complete or len(tricks) < len(record.deal["N"]):
        lines.append("*")
    return lines


def write_pbn(records: Iterable[GameRecord], tables: Optional[Iterable] = None) -> str:
    """The records as PBN text; ``tables`` (one DD table or None per record) adds
    an ``OptimumResultTable`` to each game."""
    records = list(records)
    tables = list(tables) if tables is not None else [None] * len(records)
    games = []
    for record, table in zip(records, tables):
        lines = []
        tags = dict(record.tags)
        for name in _ORDER:
            if name in tags:
                lines.append(f'[{name} "{_quote(tags.pop(name))}"]')
        lines.append(f'[Dealer "{record.dealer or "?"}"]')
        lines.append(f'[Vulnerable "{_quote(tags.pop("Vulnerable", "None"))}"]')
        lines.append(f'[Deal "{record.deal.to_pbn(record.dealer or "N")}"]')
        for name, value in tags.items():
            lines.append(f'[{name} "{_quote(value)}"]')
        lines.append(f'[Declarer "{record.declarer or ""}"]')
        lines.append(f'[Contract "{record.contract_text or "Pass"}"]')
        lines.append(f'[Result "{"" if record.result is None else record.result}"]')
        if record.auction:
            if record.dealer is None:
                raise FormatError(record.source, record.line, "a deal with an auction but "
                                  "no dealer cannot be written as PBN")
            lines.append(f'[Auction "{record.dealer}"]')
            calls = ["Pass" if c == "P" else c for c in record.auction]
            lines += [" ".join(c.ljust(4) for c in calls[i:i + 4]).rstrip()
                      for i in range(0, len(calls), 4)]
        if record.play:
            lines += _play_lines(record)
        if table is not None:
            lines += optimum_result_table(table)
        games.append("\n".join(lines))
    return '% PBN 2.1\n% EXPORT\n\n' + "\n\n".join(games) + "\n"

