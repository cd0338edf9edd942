"""Text for a practice session (``advisor.practice.Practice``) at the terminal:
the player's hand, the auction as it goes, and each finished board's result."""

from __future__ import annotations

from typing import List

from .notation import calls_in_text, contract_label
from .text import hand_lines, deal_diagram

__all__ = ["hand_text", "auction_grid", "calls_text", "result_text", "sheet_text"]


def _call_name(call: str, symbols: bool = False) -> str:
    return "Pass" if call == "P" else contract_label(call, symbols) if call[:1].isdigit() \
        else call


def hand_text(session, *, symbols: bool = True) -> str:
    """The board's header and the player's hand."""
    b = session.board
    head = (f"Board {b.number} ({session.rules.name}): dealer {b.dealer.name}, "
            f"you are {session.seat.name}")
    return "\n".join([head] + ["  " + line for line in hand_lines(b.deal[session.seat], symbols)])


def auction_grid(session, *, symbols: bool = False) -> str:
    """The board's auction in four columns, W N E S, the player's seat marked."""
    b = session.board
    order = ["W", "N", "E", "S"]
    head = "  ".join((f"{s}*" if s == session.seat.name else s).ljust(6) for s in order)
    rows: List[List[str]] = []
    column = order.index(session.rules.seat_of_call(b.dealer, 0).name)
    row = [""] * column
    for record in b.calls:
        row.append(_call_name(record.call, symbols))
        if len(row) == 4:
            rows.append(row)
            row = []
    if session.to_call is not None:
        row.append("?")
    if row:
        rows.append(row)
    lines = [head] + ["  ".join(cell.ljust(6) for cell in r).rstrip() for r in rows]
    return "\n".join(lines)


def calls_text(records, *, symbols: bool = False) -> str:
    """The calls just made: the player's, with the advisor's comment when it
    would have called otherwise, then the computer's with their reasons."""
    out = []
    for r in records:
        if r.player:
            out.append(f"  {r.seat} (you): {_call_name(r.call, symbols)}")
            if r.advice is not None:
                out.append(f"      the advisor would call {_call_name(r.advice.call, symbols)}: "
                           f"{calls_in_text(r.advice.reason, symbols)}")
        else:
            reason = f"  - {calls_in_text(r.reason, symbols)}" if r.reason else ""
            out.append(f"  {r.seat}: {_call_name(r.call, symbols)}{reason}")
    return "\n".join(out)


def result_text(session, board, *, symbols: bool = True) -> str:
    """A finished board: the four hands, the contract and its double-dummy
    tricks, both sides' scores, the par, and what it did on the sheet."""
    r = board.result
    out = ["", deal_diagram(board.deal, symbols=symbols, dealer=board.dealer.name), ""]
    if r.contract is None:
        out.append(f"No contract: {r.note}.")
    elif r.declarer is None:
        out.append(f"{contract_label(r.contract, symbols)}: {r.note}.")
    else:
        out.append(f"Contract {contract_label(r.contract, symbols)} by {r.declarer}: "
                   f"{r.tricks} tricks double-dummy."
                   + (f" ({r.note})" if r.note else ""))
    if r.score is not None:
        out.append(f"Score: NS {r.score.total('NS'):+d}, EW {r.score.total('EW'):+d} "
                   f"(NS net {r.score.net('NS'):+d}).")
        for side, where, points, why in r.score.items:
            out.append(f"    {side} {where:<5} {points:>6}  {why}")
    out.append(f"Par: {calls_in_text(str(r.par), symbols)}")
    for event in r.events:
        out.append(f"Sheet: {event}")
    return "\n".join(out)


def sheet_text(session) -> str:
    """The running score sheet, one line."""
    summary = session.sheet_summary()
    totals = ", ".join(f"{side} {points}" for side, points in summary["totals"].items())
    parts = [f"Sheet after {len(session.finished_boards)} board(s): {totals}"]
    if summary.get("games"):
        parts.append(f"games: {summary['games']}")
    if summary.get("rubbers"):
        parts.append(f"rubbers: {summary['rubbers']}")
    return "; ".join(parts)
