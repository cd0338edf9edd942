"""Text for a practice session (``advisor.practice.Practice``) at the terminal:
the player's hand, the auction as it goes, the play card by card, and each
finished board's result with the player's cards judged."""

from __future__ import annotations

import math
from typing import List

from ..rules.base import RulesError
from .notation import calls_in_text, contract_label
from .text import card_text, deal_diagram, hand_lines

__all__ = ["hand_text", "auction_grid", "calls_text", "result_text", "sheet_text",
           "score_sheet_text",
           "play_start_text", "position_text", "cards_text", "card_hint_text",
           "judged_cards_text"]


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


def hint_text(decision, symbols: bool = False) -> str:
    """A call hint in words: the advisor's, the policy's quick call (its
    reason says so: ``practice.QUICK_LABEL``), or in Skruuvi's extended bids
    and doubling round the computer's own rule."""
    who = ("the policy would call" if decision.reason.startswith("the policy's quick call")
           else "the computer would call" if decision.reason.startswith("the computer's own")
           else "the advisor would call")
    return (f"{who} {_call_name(decision.call, symbols)}: "
            f"{calls_in_text(decision.reason, symbols)}")


def calls_text(records, *, symbols: bool = False) -> str:
    """The calls just made: the player's, with the advisor's comment when it
    would have called otherwise, then the computer's with their reasons."""
    out = []
    for r in records:
        # Skruuvi's extended bids and doubling round are marked as such.
        stage = "" if getattr(r, "stage", "auction") == "auction" else f" ({r.stage})"
        if r.player:
            out.append(f"  {r.seat} (you{stage[2:-1] and ', ' + stage[2:-1]}): "
                       f"{_call_name(r.call, symbols)}")
            if r.advice is not None:
                out.append(f"      {hint_text(r.advice, symbols)}")
        else:
            reason = f"  - {calls_in_text(r.reason, symbols)}" if r.reason else ""
            out.append(f"  {r.seat}{stage}: {_call_name(r.call, symbols)}{reason}")
    return "\n".join(out)


def _seat_cards(state_cards, symbols: bool) -> str:
    return "  ".join(f"{c['seat']} {card_text(c['card'], symbols)}" for c in state_cards)


def play_start_text(session, *, symbols: bool = True) -> str:
    """The contract about to be played, who leads, and what the player plays for."""
    p = session.play_state()
    who = f" by {p['declarer']}" if p["declarer"] else ""
    aim = ("each side taking as few tricks as it can" if p["misere"]
           else f"trumps {p['trumps']}" if p["trumps"] != "NT" else "no trumps")
    mine = session.seat.side == p["side"]
    role = "declaring" if mine and p["declarer"] else "defending" if p["declarer"] else "playing"
    return (f"Play: {p['contract']}{who}, {aim}; {p['leader']} leads. You are {session.seat.name}, "
            f"{role}. Type a card (SA, H10), hint, undo, claim [N], auto.")


def position_text(session, *, symbols: bool = True) -> str:
    """The player's cards left and the trick on the table, when it is his turn."""
    p = session.play_state()
    hand = " ".join(hand_lines(session.board.play.hand(session.seat), symbols))
    trick = _seat_cards(p["trick"], symbols) if p["trick"] else "(you lead)"
    return (f"  Tricks: NS {p['tricks']['NS']}, EW {p['tricks']['EW']}.  Trick: {trick}\n"
            f"  Your cards: {hand}")


def cards_text(records, *, symbols: bool = True) -> str:
    """The cards just played, one line a trick, with who won each trick."""
    out, line = [], []
    for r in records:
        line.append(f"{r.seat}{' (you)' if r.player else ''} {card_text(r.card, symbols)}")
        if r.winner is not None:
            out.append(f"  trick {r.trick}: " + ", ".join(line) + f"  - won by {r.winner}")
            line = []
    if line:
        out.append("  " + ", ".join(line))
    return "\n".join(out)


def card_hint_text(values, *, symbols: bool = True) -> str:
    """The computer's card for the player and each card's expectation over the
    deals it sampled (points and tricks for the player's side, with errors)."""
    deals = "1 deal that fits" if values.samples == 1 else f"{values.samples} deals that fit"
    out = [f"  the computer would play {card_text(values.choice, symbols)} "
           f"({deals} what you have seen"
           + (f"; readings dropped: {values.relaxed}" if values.relaxed else "") + "):"]

    def error(se: float, width: int, digits: int) -> str:
        # One deal has no standard error: leave it out rather than print "± inf".
        return f" ± {se:{width}.{digits}f}" if math.isfinite(se) else ""

    for v in values.ranked():
        points = ("" if v.points is None else
                  f"{v.points:+9.1f}{error(v.points_se, 5, 1)} points  ")
        out.append(f"    {card_text(v.card, symbols):<4} {points}{v.tricks:5.2f}"
                   f"{error(v.tricks_se, 4, 2)} tricks")
    return "\n".join(out)


def judged_cards_text(result, *, symbols: bool = True) -> List[str]:
    """The player's cards of a played board, each with its double-dummy cost
    and its single-dummy verdict."""
    if not result.cards:
        return []
    out = [f"Your cards ({result.judged}):"]
    for c in result.cards:
        sd = c.single_dummy
        dd = (f"cost {c.tricks_lost} trick(s) double-dummy" if c.tricks_lost else
              f"cost {c.points_lost} points double-dummy" if c.points_lost else "no cost")
        if sd is None:
            single = "your only card" if not c.costly else "not judged"
        elif sd.best == sd.card:
            single = "best on what you could see"
        else:
            single = (f"{sd.tricks_lost:+.2f} tricks"
                      + ("" if sd.points_lost is None else f", {sd.points_lost:+.0f} points")
                      + f" against {card_text(sd.best, symbols)} on what you could see")
        verdict = {"mistake": "  MISTAKE", "guess": "  a fair guess"}.get(c.kind, "")
        out.append(f"  trick {c.trick:>2} {card_text(c.card, symbols):<4} {dd}; {single}"
                   f"{verdict}")
    return out


def result_text(session, board, *, symbols: bool = True) -> str:
    """A finished board: the four hands, the contract and its tricks (taken in
    play, or double-dummy), both sides' scores, the par, what it did on the
    sheet, and the player's cards judged."""
    r = board.result
    out = ["", deal_diagram(board.deal, symbols=symbols, dealer=board.dealer.name), ""]
    if r.contract is None:
        out.append(f"No contract: {r.note}.")
    elif r.declarer is None:
        out.append(f"{contract_label(r.contract, symbols)}: {r.note}."
                   + (f" The side on lead took {r.tricks} tricks." if r.played else ""))
    elif r.played:
        dd = "" if r.dd_tricks is None else f" (double-dummy: {r.dd_tricks})"
        claim = "" if board.claim is None else ", with a claim"
        out.append(f"Contract {contract_label(r.contract, symbols)} by {r.declarer}: "
                   f"{r.tricks} tricks taken{claim}{dd}."
                   + (f" ({r.note})" if r.note else ""))
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
    out += judged_cards_text(r, symbols=symbols)
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
    text = "; ".join(parts)
    partners = summary.get("partners")
    if partners:
        seating = partners["seating"]
        text += (f"\nChanging partners: partnership {partners['partnership']} of "
                 f"{partners['of']} ({seating['N']} & {seating['S']} against "
                 f"{seating['E']} & {seating['W']}); players' totals: "
                 + ", ".join(f"{p} {v:+d}" for p, v in partners["totals"].items())
                 + (" (session over)" if partners["finished"] else ""))
    return text


def _board_result(session, board, symbols: bool) -> str:
    """A finished board's contract and result, short: "4♥ N made 10", "3S E down 2",
    "thrown in"."""
    r = board.result
    if r.contract is None:
        return "no contract"
    label = contract_label(r.contract, symbols)
    if r.declarer is None:
        return label + ("" if r.tricks is None else f", lead side {r.tricks}")
    if r.tricks is None:
        return f"{label} {r.declarer} not scored"
    how = "" if r.played else " dd"
    try:
        needed = session.rules.contract(r.contract).tricks_needed
    except (RulesError, ValueError, AttributeError):
        needed = None
    if needed is None or not r.contract[:1].isdigit():
        return f"{label} {r.declarer}: {r.tricks} tricks{how}"
    over = r.tricks - needed
    return (f"{label} {r.declarer} " + (f"made {r.tricks}" if over >= 0 else f"down {-over}")
            + how)


def score_sheet_text(session, *, symbols: bool = False) -> str:
    """The score sheet board by board (practice's ``sheet``): each finished
    board's contract and result and the points it gave each side, what it
    did on the sheet (a game, a rubber), then the sheet's totals
    (``sheet_text``: its bonuses included). "dd": scored with the contract's
    double-dummy tricks (not played out)."""
    boards = session.finished_boards
    if not boards:
        return "Score sheet: no board finished yet.\n" + sheet_text(session)
    lines = ["Score sheet:", f"  {'Board':>5}  {'Contract and result':<32} {'NS':>8} {'EW':>8}"]
    for b in boards:
        score = b.result.score
        ns = "-" if score is None else f"{score.total('NS'):+,d}"
        ew = "-" if score is None else f"{score.total('EW'):+,d}"
        lines.append(f"  {b.number:>5}  {_board_result(session, b, symbols):<32} "
                     f"{ns:>8} {ew:>8}")
        for event in b.result.events:
            lines.append(f"         {event}")
    return "\n".join(lines) + "\n" + sheet_text(session)
