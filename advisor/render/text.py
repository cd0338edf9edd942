"""Text pictures of a deal, its analysis and its review: the diagram, the DD
table, the score grid, the post-mortem.

Tables are drawn with ``rich`` when it is installed (``use_rich=None`` picks
it), otherwise as plain aligned columns; every function returns a string.
"""

from __future__ import annotations

import io
import unicodedata
from typing import List, Optional, Sequence, Tuple

from solver import Bounds
from solver.cards import SEATS, STRAINS, SUITS, Deal, Seat, Strain

from ..game import declarer_tricks, dd_strains, is_misere, rule_set, strain_of, table_leader
from ..rules.preference import PREFERENCE_SUITS
from .notation import calls_in_text, card_text, display_strains, rank_order_line, ranks_text
from .notation import contract_label as _contract_label
from .notation import strain_label as _strain_label
from .width import current_width

__all__ = ["deal_diagram", "render_table", "dd_table_text", "score_grid_text",
           "analysis_text", "review_text", "can_print_symbols", "printable", "card_text",
           "courts_text", "card_values_text", "preference_text"]

LETTERS = {Strain.S: "S", Strain.H: "H", Strain.D: "D", Strain.C: "C", Strain.NT: "NT"}


def can_print_symbols(stream) -> bool:
    """Can ``stream`` print the suit symbols (♠♥♦♣)?"""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "♠♥♦♣".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


#: ASCII for the symbols the reports draw: rich's table rules, suits, signs.
def _box_ascii(code: int) -> str:
    name = unicodedata.name(chr(code), "")
    if "HORIZONTAL" in name and "VERTICAL" not in name:
        return "-"
    return "|" if "VERTICAL" in name and "HORIZONTAL" not in name else "+"


_ASCII = str.maketrans({**{chr(c): _box_ascii(c) for c in range(0x2500, 0x2580)},
                        "♠": "S", "♥": "H", "♦": "D", "♣": "C", "±": "+/-", "−": "-",
                        "–": "-", "—": "-", "…": "...", "×": "x", "\u00a0": " "})


def printable(text: str, stream) -> str:
    """``text`` as ``stream``'s encoding can print it: unchanged when it can, else
    table rules, suit symbols and signs in ASCII (letters for suits) and any
    other character it lacks as ``?`` (a terminal in ASCII or cp1251, say)."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        text.encode(encoding)
        return text
    except UnicodeEncodeError:
        pass
    except LookupError:
        encoding = "ascii"
    return text.translate(_ASCII).encode(encoding, "replace").decode(encoding)


def _suit_label(suit: Strain, symbols: bool) -> str:
    return suit.symbol if symbols else LETTERS[suit]


def hand_lines(hand, symbols: bool) -> List[str]:
    """One line a suit, spades first: ``"♠ AKQ2"`` (``-`` for a void)."""
    lines = []
    for suit in SUITS:
        ranks = ranks_text(hand.suit(suit)) or "-"
        lines.append(f"{_suit_label(suit, symbols)} {ranks}")
    return lines


def deal_diagram(deal: Deal, *, symbols: bool = True, dealer: Optional[str] = None) -> str:
    """The four hands around the table, North at the top.

    ``dealer`` marks that seat's name with ``(dealer)``.
    """
    def title(seat):
        return seat.name + (" (dealer)" if dealer == seat.name else "")

    hands = {seat: hand_lines(deal[seat], symbols) for seat in SEATS}
    west_width = max(len(line) for line in hands[SEATS[3]] + [title(SEATS[3])])
    column = max(west_width + 4, 12)
    gap = column + 16
    lines = [" " * column + title(SEATS[0])]
    lines += [" " * column + line for line in hands[SEATS[0]]]
    lines.append(title(SEATS[3]).ljust(gap) + title(SEATS[1]))
    for west, east in zip(hands[SEATS[3]], hands[SEATS[1]]):
        lines.append(west.ljust(gap) + east)
    lines.append(" " * column + title(SEATS[2]))
    lines += [" " * column + line for line in hands[SEATS[2]]]
    return "\n".join(line.rstrip() for line in lines)


def _rich_available() -> bool:
    try:
        import rich  # noqa: F401
    except ImportError:
        return False
    return True


def render_table(title: str, headers: Sequence[str], rows: Sequence[Sequence],
                 *, use_rich: Optional[bool] = None, width: Optional[int] = None,
                 group: int = 1) -> str:
    """A table with a title; numbers right-aligned. ``use_rich=None``: rich if installed.

    ``width`` (default: the output's, ``width.current_width``; None: no
    limit): a table wider than that is drawn as several tables, each with the
    first column and as many of the others as fit (in units of ``group``
    columns, so that a pair such as "♠ NS", "♠ EW" stays together), the
    later ones titled "(continued)"."""
    width = current_width() if width is None else width
    cells = [[str(c) for c in row] for row in rows]
    text = _table_text(title, headers, cells, use_rich)
    if width is None or _widest(text) <= width or len(headers) <= 1 + group:
        return text
    units = [list(range(i, min(i + group, len(headers)))) for i in range(1, len(headers), group)]
    parts: List[List[int]] = []
    for unit in units:
        if parts and _widest(_table_text("", *_columns(headers, cells, parts[-1] + unit),
                                         use_rich)) <= width:
            parts[-1] += unit
        else:
            parts.append([0] + unit)
    return "\n".join(_table_text(title if k == 0 else f"{title} (continued)",
                                 *_columns(headers, cells, columns), use_rich)
                     for k, columns in enumerate(parts))


def _columns(headers, cells, columns):
    return [headers[i] for i in columns], [[row[i] for i in columns] for row in cells]


def _widest(text: str) -> int:
    """The longest line of a table after its title."""
    return max((len(line) for line in text.split("\n")[1:]), default=0)


def _table_text(title: str, headers: Sequence[str], cells: List[List[str]],
                use_rich: Optional[bool]) -> str:
    if use_rich is None:
        use_rich = _rich_available()
    if use_rich:
        from rich import box
        from rich.console import Console
        from rich.table import Table

        table = Table(box=box.SIMPLE_HEAD)
        for i, h in enumerate(headers):
            table.add_column(h, justify="left" if i == 0 else "right")
        for row in cells:
            table.add_row(*row)
        out = io.StringIO()
        Console(file=out, width=400, color_system=None, highlight=False).print(table)
        lines = [line.rstrip() for line in out.getvalue().splitlines()]
        return "\n".join([title] + [line for line in lines if line])
    widths = [max(len(str(h)), *(len(r[i]) for r in cells)) for i, h in enumerate(headers)]

    def line(values):
        return "  ".join(v.ljust(w) if i == 0 else v.rjust(w)
                         for i, (v, w) in enumerate(zip(values, widths))).rstrip()
    return "\n".join([title, line(headers), line(["-" * w for w in widths])]
                     + [line(r) for r in cells])


def dd_table_text(table, *, symbols: bool = True, use_rich: Optional[bool] = None,
                  strains: Optional[Sequence] = None) -> str:
    """The DD table: a row per declarer, a column per strain (declarer's LHO leads).

    ``strains``: the columns (default all five), always shown in the one
    order of every table, S H D C NT (``notation.display_strains``).
    """
    strains = STRAINS if strains is None else display_strains(Strain.parse(s) for s in strains)
    headers = ["declarer"] + [_suit_label(s, symbols) for s in strains]
    rows = [[seat.name] + [table[seat, s] for s in strains] for seat in SEATS]
    return render_table("Double-dummy tricks (declarer's left-hand opponent leads)",
                        headers, rows, use_rich=use_rich)


def call_text(call: str, symbols: bool) -> str:
    """A call or contract (``"4H"``, ``"P"``, ``"5G"``), its suit as a symbol when asked."""
    return _contract_label(call, symbols) if call[:1].isdigit() else call


def _grid_axes(analysis) -> Tuple[List[str], List[str]]:
    """The score grid's levels (lowest first) and strains (S H D C NT, then the
    game's other strains: the one order of every table)."""
    strains: List[str] = []
    levels: List[str] = []
    for c in analysis.contracts:
        level, strain = c[0], c[1:]
        if strain not in strains:
            strains.append(strain)
        if level not in levels:
            levels.append(level)
    return levels, display_strains(strains)


#: What a strain letter of a game's contracts means, where it is not a suit or NT.
STRAIN_WORDS = {"G": "G is grand, Skruuvi's no-trumps",
                "M": "M is misère: at most 7 - level tricks, each side taking as few as it can"}


def score_grid_text(analysis, *, symbols: bool = True, use_rich: Optional[bool] = None) -> str:
    """Every contract's NS score, by level (rows) and strain and declaring side (columns).

    Each side plays from its better declarer; ``*`` marks the par contract.
    """
    levels, strains = _grid_axes(analysis)
    par = analysis.par
    headers = ["level"] + [f"{_strain_label(st, symbols)} {side}"
                           for st in strains for side in ("NS", "EW")]
    rows = []
    for level in levels:
        row = [level]
        for strain in strains:
            for side in ("NS", "EW"):
                contract = level + strain
                if contract not in analysis.outcomes:
                    row.append("")
                    continue
                o = analysis.side_outcome(contract, side)
                mark = "*" if (contract == par.contract and side == par.side) else ""
                # An estimate: a misère's aces, or its tricks, only within bounds.
                rough = "~" if o.bounds or o.proved else ""
                row.append(f"{rough}{o.score:+d}{mark}")
        rows.append(row)
    table = render_table("Score for NS (NS minus EW) of every contract, each side's better "
                         "declarer; * par", headers, rows, use_rich=use_rich, group=2)
    game_order = list(dict.fromkeys(c[1:] for c in analysis.contracts))
    return table + "\n" + rank_order_line(analysis.rules, game_order, symbols)


def _outcome_line(o, side: str, symbols: bool) -> str:
    if o is None:
        return f"{side}: no contract"
    result = "made" if o.made else "down"
    return (f"{side}: {_contract_label(o.contract, symbols)} by {o.declarer}, {o.tricks} tricks "
            f"({result}), NS {o.score:+,d}")


def analysis_text(analysis, *, symbols: bool = True, use_rich: Optional[bool] = None) -> str:
    """The whole analysis as text: diagram, DD table, par, best contracts, grid."""
    par = analysis.par
    if par.contract is None:
        par_line = "Par: thrown in, 0"
    elif par.declarer is None:
        par_line = f"Par: all pass, {par.contract} played, NS take {par.tricks}, NS {par.score:+,d}"
    else:
        par_line = (f"Par: {_contract_label(par.contract, symbols)} by {par.declarer}, "
                    f"{par.tricks} tricks, NS {par.score:+,d}")
    bids = ", ".join(f"{b.side} {_contract_label(b.contract, symbols)}" for b in par.line)
    honours = "  ".join(f"{_suit_label(Strain[s], symbols)} {h['NS']}-{h['EW']}"
                        for s, h in ((s, analysis.honours[s])
                                     for s in display_strains(analysis.honours)))
    parts = [
        f"Deal {analysis.deal.to_pbn()}   rules: {analysis.rules}   dealer: {analysis.dealer}",
        "",
        deal_diagram(analysis.deal, symbols=symbols, dealer=analysis.dealer),
        "",
        dd_table_text(analysis.table, symbols=symbols, use_rich=use_rich,
                      strains=dd_strains(analysis.rules)),
        *_leader_lines(analysis, symbols),
        "",
        f"Honours held (NS-EW): {honours}   aces NS {analysis.aces['NS']}, "
        f"EW {analysis.aces['EW']}",
        "",
        par_line,
        f"  bidding: {bids or 'all pass'}",
        f"  {calls_in_text(par.explanation, symbols)}",
        "Best contract for each side if the other never bids:",
        "  " + _outcome_line(analysis.best["NS"], "NS", symbols),
        "  " + _outcome_line(analysis.best["EW"], "EW", symbols),
        "",
        score_grid_text(analysis, symbols=symbols, use_rich=use_rich),
    ]
    if analysis.exchange is not None:
        parts[5:5] = _exchange_lines(analysis, symbols, use_rich)
    words = [STRAIN_WORDS[s] for s in _grid_axes(analysis)[1] if s in STRAIN_WORDS]
    if words:
        parts.append("(" + "; ".join(words) + ".)")
    ap = getattr(analysis, "all_pass", None)
    if ap is not None:
        about = "about " if ap.proved else ""
        proved = f" ({ap.proved[0]}-{ap.proved[1]} proved)" if ap.proved else ""
        parts.append(f"All pass: {ap.contract} in no-trumps, each side taking as few tricks as "
                     f"it can: NS take {about}{ap.tricks}{proved}, EW {about}{13 - ap.tricks}; "
                     f"NS {ap.score:+d}"
                     + (" with the aces" if ap.with_aces and not ap.bounds else "")
                     + (f" (with the aces: {ap.bounds[0]:+d} to {ap.bounds[1]:+d})"
                        if ap.bounds else ""))
    parts += _aces_lines(analysis)
    for note in getattr(analysis, "notes", ()):
        parts.append(f"Note: {note}.")
    return "\n".join(parts)


def _leader_lines(analysis, symbols: bool) -> List[str]:
    """Under the DD table, where the game's opening leader is not declarer's
    left-hand opponent (Siberian Vint, semi-contract): what the table assumes,
    and par's contract read both ways (issue 28: "N ♣ shows 11, par says 12")."""
    leader = table_leader(analysis.rules)
    if leader["same"]:
        return []
    lines = [f"Note: {leader['note']}"]
    par = analysis.par
    strain = None if par.contract is None or par.declarer is None else strain_of(
        analysis.rules, par.contract)
    if strain is not None and strain in dd_strains(analysis.rules):
        declarer = Seat.parse(par.declarer)
        lead = rule_set(analysis.rules).opening_leader(declarer)
        lines.append(f"  Par's {_contract_label(par.contract, symbols)} by {par.declarer}: "
                     f"{declarer_tricks(analysis.table, analysis.rules, declarer, strain)} "
                     f"tricks with {lead.name} leading; the table's {par.declarer} "
                     f"{_suit_label(strain, symbols)} entry, "
                     f"{analysis.table[declarer, strain]}, has {declarer.lho.name} leading.")
    return lines


def _aces_lines(analysis) -> List[str]:
    """The misère rows whose ace search ran out of budget: the bounds proved."""
    rough = [o for row in analysis.outcomes.values() for o in row.values() if o.bounds]
    if not rough:
        return []
    return ["Misère scores with the aces, where the search's budget ran out (NS, proved "
            "bounds):"] + [f"  {o.contract} by {o.declarer}: {o.bounds[0]:+d} to "
                           f"{o.bounds[1]:+d}, shown {o.score:+d}" for o in rough]


def _exchange_lines(analysis, symbols: bool, use_rich) -> List[str]:
    """A Skruuvi deal given before the exchange: what the tables mean, the
    table of the lower levels when it differs, and the par contract's deal as
    played after its exchange."""
    ex, par = analysis.exchange, analysis.par
    strains = dd_strains(analysis.rules)
    if ex.kind == "kitty":
        kitty = " ".join(card_text(c, symbols) for c in ex.kitty)
        lines = [f"Given before the exchange (Kitty game, kitty {kitty}): each contract is "
                 "solved on the deal after the exchange it brings, the kitty bidder "
                 "declaring (advisor.valuation.exchange). The table above: levels 6 and 7."]
        if ex.tables[5] != ex.tables[7]:
            lines += ["Levels 4 and 5 (the defenders exchange one card too):",
                      dd_table_text(ex.tables[5], symbols=symbols, use_rich=use_rich,
                                    strains=strains)]
    else:
        lines = ["Given before the exchange (Kotka, four cards each way): each contract is "
                 "solved on the deal after the exchange it brings (advisor.valuation.exchange)."]
    if par.contract is not None:
        played = ex.deal_for(par.contract, par.declarer, analysis.rules)
        lines += [f"The par contract's deal after its exchange ({par.contract} by "
                  f"{par.declarer}):",
                  deal_diagram(played, symbols=symbols, dealer=analysis.dealer)]
    return lines + [""]


# --------------------------------------------------------------------------
# The post-mortem

def review_text(rv, *, symbols: bool = True) -> str:
    """A review (``advisor.postmortem.Review``) as plain text: diagram, auction
    with comments, tricks, totals."""
    r = rv.record
    out = []
    title = " ".join(f"{k} {v}" for k, v in r.tags.items() if k in ("Event", "Board"))
    out.append(f"{r.source}, line {r.line}" + (f"  ({title})" if title else ""))
    out.append(deal_diagram(r.deal, symbols=symbols, dealer=r.dealer))
    out.append("")
    if r.contract:
        out.append(f"Contract {_contract_label(r.contract, symbols)}"
                   + (f" by {r.declarer}" if r.declarer else "")
                   + (f", {r.leader} leads" if r.leader else "") + f" (rules: {rv.rules}).")
        out.append(result_line(rv))
        out.append("Double-dummy at the start: "
                   + ("?" if rv.dd_contract is None else _tricks_phrase(rv.dd_contract))
                   + " for the declaring side.")
    else:
        out.append(f"No contract (rules: {rv.rules}).")
    out += bolshevik_lines(rv)
    if r.play and not r.complete_play and not r.play_damage:
        out.append(f"Play stops after {len(r.play)} cards (a claim?); the rest is not reviewed.")
    for w in r.warnings:
        out.append(f"Note: {w}")
    out += _auction_lines(rv, symbols)
    out += par_lines(rv, symbols)
    out += _trick_lines(rv, symbols)
    return "\n".join(out)


def bolshevik_lines(rv) -> List[str]:
    """A Bolshevik's line: the bidder alone, the doubles and each player's points."""
    r = rv.record
    if not r.bolshevik:
        return []
    doubles = "" if not r.doubled_by else (f"; doubled by {' '.join(r.doubled_by)}"
                                          + (", redoubled" if r.redoubled else ""))
    score = rv.bolshevik_score
    points = ("points unknown (incomplete play)" if score is None else
              "points: " + ", ".join(f"{s} {p:+d}" for s, p in score.players.items()))
    return [f"Bolshevik: {r.declarer} alone against three{doubles}; {points}."]


#: The auction grid's columns, as bridge diagrams print them.
AUCTION_COLUMNS = ("W", "N", "E", "S")


def _auction_lines(rv, symbols: bool = False) -> List[str]:
    """The auction as a grid of four columns (W N E S), ``?`` after each call the
    advisor flags as a mistake (``CallReview.flagged``); below it, each call
    the advisor would not have made, with its word."""
    r = rv.record
    if not r.auction:
        return []
    out = ["", "Auction" + ("" if rv.calls.available else f" (not reviewed: {rv.calls.reason})")]
    by_index = {c.index: c for c in rv.calls.calls}
    rs = rule_set(rv.rules)
    width = 8
    cells = [""] * AUCTION_COLUMNS.index(rs.seat_of_call(r.dealer, 0).name)
    notes = []
    for i, call in enumerate(r.auction):
        seat = rs.seat_of_call(r.dealer, i).name
        c = by_index.get(i + 1)
        doubted = c is not None and c.flagged     # a mistake by the advisor's test
        shown = "Pass" if call == "P" else _contract_label(call, symbols) if call[:1].isdigit() \
            else call
        cells.append(shown + ("?" if doubted else ""))
        if c is not None and not c.agrees and c.recommended is not None:
            # a call the advisor would not make but that is no mistake by its
            # test (the lead within two standard errors or the margin): no ?
            notes.append(f"  {'?' if doubted else ' '} {i + 1:>3}. {seat}  {shown}"
                         f"   {c.comment}")
    out.append("  " + "".join(f"{s:<{width}}" for s in AUCTION_COLUMNS).rstrip())
    for k in range(0, len(cells), 4):
        out.append("  " + "".join(f"{v:<{width}}" for v in cells[k:k + 4]).rstrip())
    if rv.calls.available:
        agreed = sum(1 for c in rv.calls.calls if c.agrees)
        out.append(f"  The advisor agrees with {agreed} of {len(rv.calls.calls)} calls"
                   + (":" if notes else "."))
    return out + notes


def _tricks_phrase(n: int) -> str:
    return f"{n} trick{'' if n == 1 else 's'}"


def _result_words(rules, contract: str, tricks: int) -> str:
    """``made``, ``made, one overtrick``, ``one down``; a misère by its limit."""
    c = rule_set(rules).contract(contract)
    if is_misere(rules, contract):
        over = tricks - (7 - c.level)
        return "made" if over <= 0 else f"{_count_word(over)} down"
    over = tricks - c.tricks_needed
    if over < 0:
        return f"{_count_word(-over)} down"
    return "made" + (f", {_count_word(over)} overtrick{'s' if over > 1 else ''}" if over else "")


def _count_word(n: int) -> str:
    words = ("zero", "one", "two", "three", "four", "five", "six", "seven")
    return words[n] if n < len(words) else str(n)


def result_line(rv) -> str:
    """``Result: 6♦ by E, one down (11 tricks): NS +1,418.``"""
    tricks = rv.tricks_taken
    if tricks is None:
        return "Result: not known (no result and an incomplete play)."
    head = f"Result: {_result_words(rv.rules, rv.record.contract, tricks)} ({_tricks_phrase(tricks)})"
    score = rv.score_ns(tricks)
    return head + ("." if score is None else f": NS {score:+,d}.")


def _against_par(label: str, score: int, difference: int) -> str:
    """One line of the comparison with par, the gain or loss named for each side."""
    if difference == 0:
        verdict = "equal to par: neither side gains or loses"
    else:
        gainer, loser = ("NS", "EW") if difference > 0 else ("EW", "NS")
        verdict = f"{loser} lose {abs(difference):,} against par, {gainer} gain {abs(difference):,}"
    return f"  {label}, NS {score:+,d}: {verdict}"


def par_lines(rv, symbols: bool = True) -> List[str]:
    if rv.par is None:
        return []
    p = rv.par
    head = ("Par: thrown in, 0." if p.contract is None else
            f"Par: {_contract_label(p.contract, symbols)} (all pass), NS {p.score:+,d}."
            if p.declarer is None else
            f"Par: {_contract_label(p.contract, symbols)} by {p.declarer}, NS {p.score:+,d}.")
    out = [head, "  " + calls_in_text(p.explanation, symbols)]
    rows = []
    if rv.result_difference is not None:
        rows.append(_against_par("the table result" if rv.record.contract else
                                 "the deal thrown in", p.score + rv.result_difference,
                                 rv.result_difference))
    if rv.par_difference is not None and rv.record.contract:
        rows.append(_against_par("the contract played double-dummy",
                                 p.score + rv.par_difference, rv.par_difference))
    if rows:
        out.append("Against par (scores for NS):")
        out += rows
    return out


def _trick_lines(rv, symbols: bool) -> List[str]:
    if rv.play_note:
        return ["", f"Play not reviewed: {rv.play_note}"]
    marks = ("* marks a mistake, ? a fair guess (a card that cost only double-dummy)"
             if rv.single_dummy else "* marks a card that cost tricks")
    out = ["", f"Play (declaring side's double-dummy tricks after each trick; {marks})"]
    cards = iter(rv.cards)
    for t in rv.record.tricks:
        parts, notes = [], []
        for seat, card in t.cards:
            c = next(cards)
            star = {"mistake": "*", "guess": "?"}.get(c.kind, " ")
            parts.append(f"{seat} {card_text(card, symbols):<3}{star}")
            if c.kind is not None:
                pts = "" if c.points_lost is None else f", {c.points_lost:,} points"
                who = seat if seat != rv.record.dummy else \
                    f"{rv.record.declarer} (from dummy {seat})"
                notes.append(f"{who} {card_text(card, symbols)} loses {c.tricks_lost} "
                             f"trick(s){pts}; best: "
                             + " ".join(card_text(b, symbols) for b in c.best))
                if c.single_dummy is not None:
                    notes.append(f"  single-dummy: {c.comment}")
        won = f"won by {t.winner}" if t.winner else "incomplete"
        out.append(f"  {t.number:>2}. " + "  ".join(parts) + f"  {won:<10} DD {c.after}")
        out += [f"      {n}" for n in notes]
    out.append("")
    dummy = rv.record.dummy
    out.append("Totals:")
    out += [f"  {seat} {row['mistakes']} mistake(s), {row['tricks_lost']} trick(s)"
            + ("" if row["points_lost"] is None else f", {row['points_lost']:,} points")
            + (f", {row['guesses']} fair guess(es)" if row["guesses"] else "")
            for seat, row in rv.totals.items() if seat != dummy]
    if dummy:
        out.append(f"  ({dummy} was dummy: its cards are counted as {rv.record.declarer}'s.)")
    if rv.single_dummy:
        out.append(f"Single-dummy: {rv.single_dummy}.")
    return out


#: What the Courts rows' strain names mean (docs/rules.md, "Misère and Courts").
COURTS_LEGEND = [
    "Strains: CT Courts (the jacks, queens and kings form a fifth suit, which is",
    "  trumps); CTS CTC CTD CTH CTNT the Courts deck with that suit's pips (A low to",
    "  10 high) as trumps, or no trumps; MS MC MD MH MNT misère in that strain;",
    "  MCT... misère Courts (MCT, MCTS, ..., MCTNT): the same Courts decks, declarer's",
    "  side trying to lose tricks.",
]


def courts_text(rows, par=None) -> str:
    """A plain-text table of semi-contract's Courts and misère rows
    (``valuation.courts.CourtsRow``), and with ``par`` the par with those bids
    (``par.par_with_courts``)."""
    def cell(t):
        return f"{t.lower}-{t.upper}" if isinstance(t, Bounds) else str(t)

    lines = ["Courts and misère bids (declaring side's tricks, declarer's right-hand "
             "opponent leads; misère: the declaring side tries to lose tricks)",
             f"{'strain':7}{'N':>6}{'E':>6}{'S':>6}{'W':>6}   best for NS / best for EW (NS score)"]
    for r in rows:
        best = " / ".join("-" if b is None else f"{b[0]} {b[1]} {b[2]:+d}"
                          for b in (r.best["NS"], r.best["EW"]))
        lines.append(f"{r.strain:7}" + "".join(f"{cell(r.tricks[s]):>6}" for s in "NESW")
                     + f"   {best}")
    bounds = any(isinstance(t, Bounds) for r in rows for t in r.tricks.values())
    lines += COURTS_LEGEND
    if bounds:
        lines.append("a-b: the node budget ran out; the tricks lie between a and b")
    if par is not None:
        lines.append(f"Par with Courts and misère bids: {par}"
                     + (" (rows with bounds left out)" if bounds else ""))
    return "\n".join(lines)


def card_values_text(values, *, on_move, leader, trump: str, played=(), misere: bool = False,
                     symbols: bool = True) -> str:
    """Every legal card of a position with the tricks the side on move wins
    after it (``solver.solve_cards``), the best marked with ``*``."""
    # In misère the side on move wants the fewest tricks: its best card has the least.
    best = (min if misere else max)(values.values())
    what = "fewest" if misere else "most"
    trick = f"{leader} led {' '.join(played)}" if played else "a new trick"
    lines = [f"{on_move} to play (trumps {trump}, {trick}): "
             f"tricks the side on move wins "
             f"from here with each card (it wants the {what}); * marks the best"]
    for card, value in values.items():
        lines.append(f"  {card_text(card, symbols):<3} {value:>2}{'  *' if value == best else ''}")
    return "\n".join(lines)


def preference_text(data: dict, *, symbols: bool = True) -> str:
    """A Preference deal's analysis (``Preference.analyse``): each player's
    double-dummy tricks and payment per trump, and the widow bidder's choice."""
    def cards(cs):
        return " ".join(card_text(c, symbols) for c in cs)

    lines = ["Preference (seed 001): players 0, 1, 2 play in turn; declarer plays alone, "
             "his left-hand player leads"]
    for p, hand in enumerate(data["hands"]):
        lines.append(f"  player {p}: {cards(hand)}")
    lines.append(f"  widow:    {cards(data['widow'])}")
    lines += ["", "Declarer's double-dummy tricks as dealt / his payment from the pool "
              "(negative: into it); six tricks make the contract"]
    lines.append("player " + "".join(f"{card_text(s, symbols):>9}" for s in PREFERENCE_SUITS))
    for p in range(len(data["hands"])):
        lines.append(f"{p:<7}" + "".join(f"{data['tricks'][p][s]:>4} {data['net'][p][s]:+4d}"
                                          for s in PREFERENCE_SUITS))
    lines += ["", "Taking the widow (no suit named, the widow bid won): the two cards to lay "
              "off and the trump that pay most"]
    for p in range(len(data["hands"])):
        w = data["widow_choice"][p]
        lines.append(f"  player {p}: lays off {cards(w['discard'])}, names "
                     f"{card_text(w['trump'], symbols)}: {w['tricks']} tricks, "
                     f"{w['net']:+d}")
    return "\n".join(lines)
