"""``vint practice``: bid and play one seat at the terminal, the computer the other three.

The session (``advisor.practice.Practice``) does the work; this module only
reads the player's lines and prints. It reads standard input line by line, so
it works at a terminal and from a pipe alike (the tests drive a whole rubber
that way). Each finished board is written at once to the session's PBN file,
so nothing is lost when the session stops (``quit``, end of input, Ctrl-C).

Commands at the prompt: in the auction a call (``1H``, ``2NT``, ``P`` or
``pass``); in the play a card (``SA``, ``H10``); ``hint`` (what the advisor
would call and why, or the computer's card with each card's expectation),
``pass out`` or ``po`` (pass at each of your turns until the auction ends;
the prompt says how many passes in a row end it), ``undo`` (take back your
last call or card), ``claim [N]`` (claim the rest, or N of the tricks
left), ``auto`` (the computer plays your cards to the end of the board),
``skip`` (leave this board unscored), ``hand``, ``auction``, ``sheet`` (the
score sheet board by board, then its totals), ``help``, ``quit``.
``--no-play`` ends each board with the auction, scored double-dummy.
"""

from __future__ import annotations

import datetime
import os
import sys
from typing import Optional

from .practice import Practice, PracticeError
from .preference_practice import PreferencePractice
from .rules import three_handed_names
from .render import call_text, calls_in_text, can_print_symbols
from .render.width import fit_lines
from .render.practice import (auction_grid, calls_text, card_hint_text, cards_text, hand_text,
                              hint_text, play_start_text, position_text, result_text,
                              score_sheet_text,
                              sheet_text)

__all__ = ["add_parser", "run_practice"]

HELP = """In the auction type a call (1H, 2NT, 7S, P or pass), in the play a card
(SA, H10, DT), or a command:
  hint     the advisor's call and why (it samples deals as `vint advise` does: a
           few seconds); in the play, the computer's card and what each of your
           cards is worth on the deals that fit what you have seen
  hint quick  the bidding policy's call at once (not the advisor's advice)
  undo     take back your last call or card (and the computer's after it)
  claim    claim all the tricks left (claim N: N of them; in a misère, at most N)
  auto     the computer plays your cards to the end of the board
  skip     leave this board unscored and deal the next
  hand     show your hand (in the play: your cards and the trick)
  pass out (or po)  pass at each of your turns until the auction ends
  auction  show the auction     sheet  the score sheet, board by board
  help     this text
  quit     end the session (finished boards are already saved)"""


class PracticeCliError(ValueError):
    """A bad option of ``vint practice``."""


def add_parser(commands, seat_type, rule_names) -> None:
    """Register ``vint practice`` on the ``vint`` command's subparsers."""
    p = commands.add_parser(
        "practice", help="bid and play one seat against the computer, with hints and scores",
        description="Practise a board: you call and play for one seat, the computer for the "
                    "other three (the advisor's policy bids; each card is chosen from what "
                    "that seat can see, double-dummy over deals that fit it). Each board ends "
                    "with the four hands, the result, the par, the score sheet and your cards "
                    "judged double-dummy and single-dummy. Boards are saved as PBN, with "
                    "their play (readable by `vint review`), as soon as they finish.")
    p.add_argument("--rules", default=rule_names[0], choices=rule_names,
                   help=f"the game's rules (default: {rule_names[0]})")
    p.add_argument("--seat", type=seat_type, default=None,
                   help="your seat (default S; Preference: a player 0, 1 or 2, default 0)")
    p.add_argument("--seed", type=int, default=None, help="deal the same boards again")
    p.add_argument("--deals", metavar="FILE", help="take the deals from a PBN, LIN or JSON file")
    p.add_argument("--constraint", action="append", default=[], metavar="SEAT: EXPR",
                   help='random deals only where a seat\'s hand fits, e.g. "S: hcp >= 12" '
                        "(repeatable; docs/advise.md lists the words)")
    p.add_argument("--boards", type=int, default=None,
                   help="stop after this many finished boards (default: until quit)")
    p.add_argument("--save", metavar="PBN",
                   help="the session file (default vint-practice-DATE-TIME.pbn here)")
    p.add_argument("--force", action="store_true", help="overwrite an existing --save file")
    p.add_argument("--no-play", action="store_true",
                   help="bidding only: each board ends with the auction, scored double-dummy")
    p.add_argument("--card-samples", type=int, default=None, metavar="N",
                   help="deals the computer samples for each card (default: 16 at the first "
                        "trick, 24 in the middle, fewer at the end; docs/play.md)")
    p.add_argument("--partners", action="store_true",
                   help="a session with changing partners: the computer players move round "
                        "you after each rubber (Skruuvi: each set), the score kept per player")
    p.add_argument("--session-deals", type=int, choices=(24, 12), default=24,
                   help="a Skruuvi session with --partners: 24 deals (sets of 8) or 12 (sets of 4)")
    p.add_argument("--quick-hints", action="store_true",
                   help="hints (and the word after your calls) from the bidding policy, at "
                        "once, instead of the advisor's sampled advice (seconds a hint)")
    p.add_argument("--players", type=int, choices=(3, 4), default=3,
                   help="Preference: 4 plays the four-player form, the dealer taking no "
                        "cards each deal (players 0-3; default 3)")
    p.add_argument("--letters", action="store_true", help="S H D C instead of suit symbols")
    p.set_defaults(run=run_practice)


def _constraints(items) -> dict:
    out = {}
    for item in items:
        seat, sep, expr = item.partition(":")
        if not sep or not expr.strip():
            raise PracticeCliError(f'--constraint needs "SEAT: EXPR", not {item!r}')
        out[seat.strip()] = expr.strip()
    return out


def _save_path(args) -> str:
    if args.deals and os.path.isdir(args.deals):
        raise PracticeCliError(f"--deals {args.deals} is a folder: give a PBN, LIN or JSON file")
    if args.save is None:
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        return f"vint-practice-{stamp}.pbn"
    # Checked before the first board: the file is first written when a board ends.
    if os.path.isdir(args.save):
        raise PracticeCliError(f"--save {args.save} is a folder: give a file name")
    folder = os.path.dirname(args.save) or "."
    if not os.path.isdir(folder):
        raise PracticeCliError(f"--save {args.save}: no such folder {folder}")
    if not os.access(folder, os.W_OK):
        raise PracticeCliError(f"--save {args.save}: cannot write in {folder}")
    if args.deals and os.path.abspath(args.save) == os.path.abspath(args.deals):
        raise PracticeCliError("--save must not be the --deals file")
    if os.path.exists(args.save) and not args.force:
        raise PracticeCliError(f"{args.save} exists: give --force to overwrite it")
    return args.save


def strain_help(rules) -> str:
    """The help's lines on a game's strains that are not a suit or NT
    (Skruuvi's G and M, semi-contract's Courts); "" for the others."""
    names = set(rules.strain_names.values())
    lines = []
    if "G" in names:
        lines.append("  G        grand: Skruuvi's no-trumps (5G = five grand)")
    if "M" in names:
        lines.append("  M        misère (5M): take at most 7 - level tricks")
    elif any(str(n).startswith("M") for n in names):
        lines.append("  MS..MNT  misère in that strain: the declaring side tries to lose tricks")
    if "CT" in names:
        lines.append("  CT       Courts: the jacks, queens and kings form a fifth suit, trumps;")
        lines.append("           CTS..CTNT, MCT...: Courts decks (docs/rules.md)")
    return ("\nThe game's other strains:\n" + "\n".join(lines)) if lines else ""


#: What the player is asked in Skruuvi's later bidding stages (seed 002).
STAGE_TEXT = {
    "extended": ("Extended bids: the two main players (the kitty bidder first) bid on "
                 "after the exchange, each bid higher than the last; four passes in a row "
                 "end them, at level 5 or more. Bid (e.g. 5H, 6G, 5M) or pass."),
    "doubling": ("Doubling round: a defender may double (X), then a main player may "
                 "redouble (XX); after the all-pass misère anyone may double, from the "
                 "dealer round. Type X, XX or P."),
}


def opening_text(rules) -> str:
    """The session's first lines on the game's bids: Skruuvi's G and M, and its
    later stages, explained before the first call."""
    if not rules.has_kitty_bids:
        return ""
    return ("Bids are a level 1-7 and a strain: M (misère: take at most 7 - level "
            "tricks), S, C, D, H, or G (grand: no trumps), lowest first. Four passes with "
            "nothing bid are the all-pass misère (played: each trick costs its taker). "
            "After the first auction come the main players' extended bids and the "
            "doubling round; you make your own calls there too.")


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _next_line(prompt: str, inp, out) -> Optional[str]:
    """Prompt and read the player's next line that is not blank (stripped), None
    at the end of input. Read from a pipe, each line is echoed so that a
    transcript reads well."""
    while True:
        out.write(prompt)
        out.flush()
        line = inp.readline()
        if not line:
            out.write("\n")
            out.flush()
            return None
        if not _is_terminal(inp):
            out.write(line if line.endswith("\n") else line + "\n")
        if line.strip():
            return line.strip()


def _sayer(out):
    """``say(text)``: write a line of text to ``out`` at once, long lines wrapped
    to the output's width (``render.width``)."""
    def say(text: str = "") -> None:
        out.write(fit_lines(text) + "\n")
        out.flush()
    return say


def _prompt(session) -> str:
    """``3 S> ``; in the auction with the passes that would end it: ``3 S, 12
    passes end> `` (Vint's twelve passes after a bid; ``pass out`` makes them)."""
    stage = session.stage
    where = f" {stage}" if stage in STAGE_TEXT else ""
    left = session.passes_to_end()
    end = "" if left is None else f", {left} pass{'es' if left > 1 else ''} end"
    return f"{session.board.number} {session.seat.name}{where}{end}> "


def run_practice(args, out, inp=None) -> None:
    inp = sys.stdin if inp is None else inp
    if args.boards is not None and args.boards < 1:
        raise PracticeCliError(f"--boards must be at least 1, not {args.boards}")
    if args.card_samples is not None and args.card_samples < 1:
        raise PracticeCliError(f"--card-samples must be at least 1, not {args.card_samples}")
    save = _save_path(args)
    if args.rules in three_handed_names():
        run_preference_practice(args, out, inp, save)
        return
    if args.seat in ("0", "1", "2", "3"):
        raise PracticeCliError(f"--seat {args.seat} is a Preference player: give N, E, S or W")
    if args.players != 3:
        raise PracticeCliError("--players 4 is Preference's four-player form: give --rules "
                               "preference")
    session = Practice(args.rules, args.seat or "S", seed=args.seed, deals=args.deals,
                       constraints=_constraints(args.constraint), play=not args.no_play,
                       card_samples=args.card_samples, partners=args.partners,
                       session_deals=args.session_deals,
                       advice="policy" if args.quick_hints else "advisor")
    symbols = not args.letters and can_print_symbols(out)

    say = _sayer(out)

    def show_play(cards=None) -> None:
        """The cards just played and, when it is the player's turn, his position."""
        if cards:
            say(cards_text(cards, symbols=symbols))
        if session.to_play == session.seat:
            say(position_text(session, symbols=symbols))

    told = set()

    def auction_over(calls) -> None:
        """After calls that may end the auction: the play's start, its first cards."""
        say(calls_text(calls, symbols=symbols))
        stage = session.stage
        if stage in STAGE_TEXT and session.to_call == session.seat \
                and (session.board.number, stage) not in told:
            told.add((session.board.number, stage))
            say(STAGE_TEXT[stage])
        if session.board.phase == "play" or (session.board.finished and
                                             session.board.result.played):
            say(play_start_text(session, symbols=symbols))
            show_play(session.board.cards)

    def show_board() -> None:
        say(hand_text(session, symbols=symbols))
        done = list(session.board.calls)
        if done:
            auction_over(done)

    def board_over() -> bool:
        """Score, save and report a finished board; True when the session should end."""
        board = session.board
        say(result_text(session, board, symbols=symbols))
        say(sheet_text(session))
        with open(save, "w", encoding="utf-8") as f:
            f.write(session.pbn())
        say(f"(saved {len(session.finished_boards)} board(s) to {save})")
        if args.boards is not None and len(session.finished_boards) >= args.boards:
            return True
        say("")
        session.new_board()
        show_board()
        return session.board.finished and board_over()

    def act(word: str, command: str) -> bool:
        """One line of input; True when the session should end."""
        play = session.board.phase == "play"
        if command in ("help", "?"):
            say(HELP + strain_help(session.rules))
        elif command == "hint":
            if play:
                say(card_hint_text(session.card_hint(), symbols=symbols))
            else:
                if session.advice == "advisor" and session.to_call == session.seat:
                    say("  asking the advisor (a few seconds; 'hint quick': the policy's "
                        "call at once)...")
                say("  " + hint_text(session.hint(), symbols))
        elif command == "hint quick":
            if play:
                raise PracticeError("'hint quick' is for the auction: in the play type hint")
            say("  " + hint_text(session.hint(quick=True), symbols))
        elif command == "undo":
            session.undo()
            say("  taken back.")
            if session.board.phase == "play":
                show_play()
            else:
                say(auction_grid(session, symbols=symbols))
        elif command.split()[0] == "claim" and len(command.split()) <= 2:
            parts = command.split()
            if len(parts) == 2 and not parts[1].isdigit():
                raise PracticeError(f"claim N: N is a number of tricks, not {parts[1]!r}")
            granted, words = session.claim(int(parts[1]) if len(parts) == 2 else None)
            say(f"  {words}.")
            return granted and board_over()
        elif command == "auto":
            say(cards_text(session.auto(), symbols=symbols))
            return session.board.finished and board_over()
        elif command == "skip":
            session.skip()
            say("")
            show_board()
            return session.board.finished and board_over()
        elif command == "hand":
            say(position_text(session, symbols=symbols) if play
                else hand_text(session, symbols=symbols))
        elif command == "auction":
            say(auction_grid(session, symbols=symbols))
        elif command == "sheet":
            say(score_sheet_text(session, symbols=symbols))
        elif command in ("pass out", "passout", "po") and not play:
            passes, records = session.pass_out()
            say(f"  you passed {passes} time(s).")
            auction_over(records)
            return session.board.finished and board_over()
        elif play:
            show_play(session.play_card(word))
            return session.board.finished and board_over()
        else:
            auction_over(session.call(word))
            return session.board.finished and board_over()
        return False

    say(f"Vint practice: {session.rules.name}, you are {session.seat.name}. "
        "Type help for the commands.")
    if opening_text(session.rules):
        say(opening_text(session.rules))
    show_board()
    if session.board.finished and board_over():
        return
    while True:
        word = _next_line(_prompt(session), inp, out)
        if word is None:
            break
        command = word.lower()
        if command in ("quit", "q", "exit"):
            break
        try:
            if act(word, command):
                break
        except PracticeError as exc:
            say(f"  {exc}")
    say(f"Session over: {len(session.finished_boards)} board(s) finished"
        + (f", saved in {save}." if session.finished_boards else "."))


def run_preference_practice(args, out, inp, save) -> None:
    """``vint practice --rules preference``: three players, the pool as the sheet."""
    for flag, given in (("--deals", args.deals), ("--constraint", args.constraint),
                        ("--partners", args.partners)):
        if given:
            raise PracticeCliError(f"{flag} is not a Preference practice option")
    players = [str(p) for p in range(args.players)]
    if args.seat is not None and args.seat not in players:
        raise PracticeCliError(f"your seat in Preference is a player {', '.join(players[:-1])} "
                               f"or {players[-1]}, not {args.seat}")
    session = PreferencePractice(args.seat or 0, seed=args.seed, persons=args.players)

    say = _sayer(out)

    def show() -> None:
        b = session.board
        if session.me is None:
            say(f"Board {b.number}, player {b.dealing_person} deals and takes no cards: you "
                "sit this deal out (the four-player form).")
        else:
            say(f"Board {b.number}, player {b.dealing_person} deals"
                + (" and takes no cards" if b.sitter is not None else "")
                + f". Your hand (player {session.seat}): " + " ".join(session.state()["hand"]))
        for c in b.calls:
            say(f"  player {c['player']}: {'Pass' if c['call'] == 'P' else c['call']}"
                + ("" if c["mine"] else f"  ({c['reason']})"))

    def over() -> bool:
        b = session.board
        r = b.result
        if r["contract"] is None:
            say(f"Board {b.number}: {r['note']}")
        else:
            how = (f"after taking the widow for {r['widow_bid']} (laid off "
                   f"{' '.join(r['discard'])})" if r["discard"] else "as dealt")
            say(f"Board {b.number}: player {r['declarer']} plays {r['contract']} {how}: "
                f"{r['tricks']} tricks double-dummy; " + "; ".join(r["items"]))
        hands = session.state()["hands"]
        for p, h in enumerate(hands):
            say(f"  player {p}: {' '.join(h)}" if h is not None
                else f"  player {p}: deals, no cards")
        sheet = session.state()["sheet"]
        say("Pool: " + str(sheet["pool"]) + "; balances: "
            + ", ".join(f"player {p} {v:+d}" for p, v in sheet["balance"].items()))
        with open(save, "w", encoding="utf-8") as f:
            f.write(session.pbn())
        say(f"(saved {len(session.finished_boards)} board(s) to {save})")
        if args.boards is not None and len(session.finished_boards) >= args.boards:
            return True
        session.new_board()
        show()
        return session.board.finished and over()

    say(f"Preference practice: you are player {session.seat}"
        + (" of four; the dealer takes no cards" if args.players == 4 else "")
        + ". Type help for the commands.")
    show()
    if session.board.finished and over():
        return
    while True:
        word = _next_line(f"{session.board.number} p{session.seat}> ", inp, out)
        if word is None:
            break
        command = word.lower()
        try:
            if command in ("quit", "q", "exit"):
                break
            if command in ("help", "?"):
                say("Type a call (P, a suit S C D H, or a widow bid W1 W2 ...), hint, undo, "
                    "hand or quit.")
            elif command == "hint":
                d = session.hint()
                say(f"  the advisor would call {'Pass' if d.call == 'P' else d.call}: {d.reason}")
            elif command == "undo":
                session.undo()
                say("  taken back.")
                show()
            elif command == "hand":
                show()
            else:
                for c in session.call(word)[1:]:
                    say(f"  player {c['player']}: {'Pass' if c['call'] == 'P' else c['call']}"
                        f"  ({c['reason']})")
                if session.board.finished and over():
                    break
        except ValueError as exc:
            say(f"  {exc}")
    say(f"Session over: {len(session.finished_boards)} board(s) finished.")
