"""The review as one self-contained HTML file: inline CSS, no scripts, no external resources.

``review_html(reviews)`` returns the page: per deal the diagram, the auction
with the advisor's comments, the trick table with costly cards highlighted
(class ``mistake``, the cost in the cell's title), the mistakes, totals per
player and par; and the deals of the file that could not be read.
"""

from __future__ import annotations

from html import escape
from typing import Iterable, List, Optional

from solver.cards import HTML_SUIT_SYMBOLS, SUITS

from ..game import dd_strains, rule_set, table_leader
from .notation import display_strains, rank_text, ranks_text, replace_contracts
from .text import bolshevik_lines, par_lines, result_line

__all__ = ["review_html", "review_section", "recommendation_html"]

_SYMBOL = HTML_SUIT_SYMBOLS
_RED = {"H", "D"}
_COLUMNS = ("W", "N", "E", "S")

_CSS = """
body { font-family: Georgia, 'Times New Roman', serif; margin: 2em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.25em; border-bottom: 1px solid #999; }
table { border-collapse: collapse; margin: 0.5em 0 1em; }
td, th { padding: 0.15em 0.6em; text-align: left; }
table.grid td, table.grid th { border: 1px solid #bbb; }
table.diagram td { vertical-align: top; min-width: 7em; }
.red { color: #c00; } .black { color: #000; }
td.mistake, li.mistake { background: #ffd6d6; font-weight: bold; }
td.guess, li.guess { background: #fff3c4; }
td.call.disagree { background: #fff1c4; }
.note { color: #555; font-size: 0.9em; }
.error { color: #a00; }
.best { font-weight: normal; font-size: 0.8em; color: #444; }
"""


def _suit(letter: str) -> str:
    cls = "red" if letter in _RED else "black"
    return f'<span class="{cls}">{_SYMBOL[letter]}</span>'


def _card(card: str) -> str:
    return _suit(card[0]) + escape(rank_text(card[1:]))


def _calls_html(text: str) -> str:
    """A sentence (letters) escaped, its contracts drawn as ``_call`` draws them."""
    return replace_contracts(escape(text), _call)


def _call(call: str) -> str:
    if call == "P":
        return "Pass"
    level, strain = call[:1], call[1:]
    return escape(level) + (_suit(strain) if strain in _SYMBOL else escape(strain))


def _hand(hand) -> str:
    rows = []
    for suit in SUITS:
        letter = "SHDC"[suit]
        ranks = ranks_text(hand.suit(suit)) or "&mdash;"
        rows.append(f"{_suit(letter)} {ranks}")
    return "<br>".join(rows)


def _diagram(rv) -> str:
    deal, dealer = rv.record.deal, rv.record.dealer

    def cell(seat):
        mark = " (dealer)" if seat == dealer else ""
        return f"<td><b>{seat}{mark}</b><br>{_hand(deal[seat])}</td>"

    return ('<table class="diagram">'
            f"<tr><td></td>{cell('N')}<td></td></tr>"
            f"<tr>{cell('W')}<td></td>{cell('E')}</tr>"
            f"<tr><td></td>{cell('S')}<td></td></tr></table>")


def _auction(rv) -> str:
    r = rv.record
    if not r.auction:
        return ""
    rs = rule_set(rv.rules)
    reviewed = {c.index: c for c in rv.calls.calls}
    first = rs.seat_of_call(r.dealer, 0).name
    cells = ["<td></td>"] * _COLUMNS.index(first)       # before the first caller
    notes = []
    for i, call in enumerate(r.auction):
        c = reviewed.get(i + 1)
        disagree = c is not None and c.flagged       # a mistake by the advisor's test
        title = f' title="{escape(c.comment)}"' if c is not None and c.comment else ""
        cls = "call disagree" if disagree else "call"
        cells.append(f'<td class="{cls}"{title}>{_call(call)}</td>')
        if disagree:
            notes.append(f"<li>{i + 1}. {c.seat} {_call(call)}: {escape(c.comment)}</li>")
    head = "".join(f"<th>{s}</th>" for s in _COLUMNS)
    body = "".join(f"<tr>{''.join(cells[i:i + 4])}</tr>" for i in range(0, len(cells), 4))
    status = ("" if rv.calls.available else
              f'<p class="note">Auction not reviewed: {escape(rv.calls.reason or "")}</p>')
    comments = f"<ul class=\"comments\">{''.join(notes)}</ul>" if notes else ""
    return (f'<h3>Auction</h3>{status}<table class="grid auction"><tr>{head}</tr>{body}'
            f"</table>{comments}")


def _tricks(rv) -> str:
    if rv.play_note:
        return f'<p class="note">Play not reviewed: {escape(rv.play_note)}</p>'
    head = ("<tr><th>Trick</th><th>Lead</th>" + "".join(f"<th>{s}</th>" for s in _COLUMNS)
            + "<th>Won by</th><th>DD after</th></tr>")
    rows = []
    cards = iter(rv.cards)
    for t in rv.record.tricks:
        by_seat = {}
        after = None
        for seat, card in t.cards:
            c = next(cards)
            after = c.after
            if c.kind is not None:
                pts = "" if c.points_lost is None else f", {c.points_lost} points"
                title = (f"loses {c.tricks_lost} trick(s){pts}; best: " + " ".join(c.best)
                         + (f"; single-dummy: {c.comment}" if c.single_dummy else ""))
                best = " ".join(_card(b) for b in c.best)
                by_seat[seat] = (f'<td class="{c.kind}" title="{escape(title)}">'
                                 f"{_card(card)} &minus;{c.tricks_lost}"
                                 f'<br><span class="best">best {best}</span></td>')
            else:
                by_seat[seat] = f"<td>{_card(card)}</td>"
        cells = "".join(by_seat.get(s, "<td></td>") for s in _COLUMNS)
        rows.append(f"<tr><td>{t.number}</td><td>{t.leader}</td>{cells}"
                    f"<td>{t.winner or '&mdash;'}</td><td>{after}</td></tr>")
    return f'<h3>Play</h3><table class="grid tricks">{head}{"".join(rows)}</table>'


def _dd_table(rv) -> str:
    """The deal's double-dummy tricks, strains in the one order of every table
    (S H D C NT, ``notation.display_strains``)."""
    if rv.dd_table is None:
        return ""
    strains = [s.name for s in display_strains(dd_strains(rv.rules))]
    head = "".join(f"<th>{_suit(s) if s in _SYMBOL else s}</th>" for s in strains)
    rows = "".join(f"<tr><td>{seat}</td>"
                   + "".join(f"<td>{rv.dd_table[seat, s]}</td>" for s in strains) + "</tr>"
                   for seat in ("N", "E", "S", "W"))
    note = table_leader(rv.rules)["note"] or "Declarer's left-hand opponent leads."
    return (f'<h3>Double-dummy tricks</h3><p class="note">{escape(note)}</p>'
            f'<table class="grid dd"><tr><th>declarer</th>{head}</tr>{rows}</table>')


def _mistakes(rv) -> str:
    if rv.play_note:
        return ""
    judged = (f'<p class="note">Single-dummy: {escape(rv.single_dummy)}.</p>'
              if rv.single_dummy else "")
    if not rv.mistakes and not rv.guesses:
        return judged + '<p class="note">No card cost a trick.</p>'
    items = []
    dummy = rv.record.dummy          # a bridge file: dummy's cards are declarer's
    for c in rv.cards:
        if c.kind is None:
            continue
        pts = "" if c.points_lost is None else f", {c.points_lost:,} points"
        best = " ".join(_card(b) for b in c.best)
        sd = f" &mdash; {escape(c.comment)}" if c.single_dummy is not None else ""
        who = c.seat if c.seat != dummy else f"{rv.record.declarer} (from dummy {c.seat})"
        items.append(f'<li class="{c.kind}">Trick {c.trick}: {who} {_card(c.card)} loses '
                     f"{c.tricks_lost} trick(s){pts} (DD {c.before} &rarr; {c.after}); "
                     f"best: {best}{sd}</li>")
    totals = "".join(
        f"<tr><td>{seat}</td><td>{row['mistakes']}</td><td>{row['tricks_lost']}</td>"
        f"<td>{'&mdash;' if row['points_lost'] is None else row['points_lost']}</td></tr>"
        for seat, row in rv.totals.items() if seat != dummy)
    return (f'<h3>Mistakes</h3>{judged}<ul class="mistakes">{"".join(items)}</ul>'
            '<table class="grid totals"><tr><th>Player</th><th>Mistakes</th>'
            f"<th>Tricks lost</th><th>Points lost</th></tr>{totals}</table>")


def _summary(rv) -> str:
    r = rv.record
    parts = []
    if r.contract:
        parts.append(f"Contract {_call(r.contract)} by {r.declarer}, {r.leader} leads. "
                     + escape(result_line(rv)) + " Double-dummy at the start: "
                     f"{'?' if rv.dd_contract is None else rv.dd_contract} tricks.")
    else:
        parts.append("No contract.")
    parts += [escape(line) for line in bolshevik_lines(rv)]
    par = par_lines(rv, symbols=False)
    if par:
        parts.append(_calls_html(par[0]) + " " + _calls_html(par[1].strip()))
        if len(par) > 2:
            parts.append("<br>".join(_calls_html(line.strip()) for line in par[2:]))
    parts += [f'<span class="note">Note: {escape(w)}</span>' for w in r.warnings]
    return "".join(f"<p>{p}</p>" for p in parts)


def review_section(rv, number: int = 1) -> str:
    """One deal's review as an HTML section (the page's part; a notebook's view)."""
    r = rv.record
    tags = ", ".join(f"{escape(k)} {escape(v)}" for k, v in r.tags.items()
                     if k in ("Event", "Board", "Date"))
    title = f"Deal {number}" + (f": {tags}" if tags else "")
    return (f'<section class="deal"><h2>{title}</h2>'
            f'<p class="note">{escape(r.source)}, line {r.line}; rules: {escape(rv.rules)}</p>'
            f"{_diagram(rv)}{_summary(rv)}{_dd_table(rv)}{_auction(rv)}{_tricks(rv)}"
            f"{_mistakes(rv)}"
            "</section>")


def review_html(reviews: Iterable, errors: Optional[List] = None,
                title: str = "Vint review") -> str:
    """The page for some reviews (and the errors of the deals left out)."""
    errors = list(errors if errors is not None else getattr(reviews, "errors", []))
    reviews = list(reviews)
    body = "".join(review_section(rv, i) for i, rv in enumerate(reviews, 1))
    if errors:
        body += ('<section class="errors"><h2>Deals that could not be read</h2><ul>'
                 + "".join(f'<li class="error">{escape(str(e))}</li>' for e in errors)
                 + "</ul></section>")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title><style>{_CSS}</style></head>"
            f"<body><h1>{escape(title)}</h1>{body}</body></html>\n")


def recommendation_html(rec) -> str:
    """The advisor's answer as HTML: the call, the reason and the candidates."""
    rows = "".join(
        f"<tr><td>{_call(c.call)}</td><td>{c.mean:+.0f}</td><td>{c.stderr:.0f}</td>"
        f"<td>{'' if c.p_make is None else f'{c.p_make:.0%}'}</td></tr>"
        for c in rec.candidates)
    warning = f'<p class="note">{escape(rec.warning)}</p>' if rec.warning else ""
    return (f"<div><p><b>{_call(rec.call)}</b> for {escape(rec.seat)} after "
            f"{' '.join(_call(c) for c in rec.auction) or 'no calls'}: "
            f"{escape(rec.reason)}</p>{warning}"
            '<table class="grid"><tr><th>call</th><th>mean</th><th>&plusmn;</th>'
            f"<th>makes</th></tr>{rows}</table></div>")
