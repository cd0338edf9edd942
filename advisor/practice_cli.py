"""``vint practice``: bid one seat at the terminal, the computer bids the other three.

The session (``advisor.practice.Practice``) does the work; this module only
reads the player's lines and prints. It reads standard input line by line, so
it works at a terminal and from a pipe alike (the tests drive a whole rubber
that way). Each finished board is written at once to the session's PBN file,
so nothing is lost when the session stops (``quit``, end of input, Ctrl-C).

Commands at the prompt: a call (``1H``, ``2NT``, ``P`` or ``pass``), ``hint``
(what the advisor would call, and why), ``undo`` (take back your last call),
``skip`` (leave this board unscored), ``hand``, ``auction``, ``sheet``,
``help``, ``quit``.
"""

from __future__ import annotations

import datetime
import os
import sys

from .practice import Practice, PracticeError
from .render import call_text, calls_in_text, can_print_symbols
from .render.practice import auction_grid, calls_text, hand_text, result_text, sheet_text

__all__ = ["add_parser", "run_practice"]

HELP = """Type a call (1H, 2NT, 7S, P or pass) or a command:
  hint     what the advisor would call now, and why
  undo     take back your last call (and the computer's calls after it)
  skip     leave this board unscored and deal the next
  hand     show your hand again     auction  show the auction so far
  sheet    the score sheet          help     this text
  quit     end the session (finished boards are already saved)"""


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


class PracticeCliError(ValueError):
    """A bad option of ``vint practice``."""


def add_parser(commands, seat_type, rule_names) -> None:
    """Register ``vint practice`` on the ``vint`` command's subparsers."""
    p = commands.add_parser(
        "practice", help="bid one seat against the computer, with hints and scores",
        description="Practise the auction: you call for one seat, the advisor's policy for "
                    "the other three; each board ends with the four hands, the double-dummy "
                    "result, the par and the score sheet. Boards are saved as PBN "
                    "(readable by `vint review`) as soon as they finish.")
    p.add_argument("--rules", default=rule_names[0], choices=rule_names,
                   help=f"the game's rules (default: {rule_names[0]})")
    p.add_argument("--seat", type=seat_type, default="S", help="your seat (default S)")
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


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def run_practice(args, out, inp=None) -> None:
    inp = sys.stdin if inp is None else inp
    if args.boards is not None and args.boards < 1:
        raise PracticeCliError(f"--boards must be at least 1, not {args.boards}")
    save = _save_path(args)
    session = Practice(args.rules, args.seat, seed=args.seed, deals=args.deals,
                       constraints=_constraints(args.constraint))
    symbols = not args.letters and can_print_symbols(out)

    def say(text: str = "") -> None:
        out.write(text + "\n")
        out.flush()

    def show_board() -> None:
        say(hand_text(session, symbols=symbols))
        done = list(session.board.calls)
        if done:
            say(calls_text(done, symbols=symbols))

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

    say(f"Vint practice: {session.rules.name}, you are {session.seat.name}. "
        "Type help for the commands.")
    show_board()
    if session.board.finished and board_over():
        return
    while True:
        out.write(f"{session.board.number} {session.seat.name}> ")
        out.flush()
        line = inp.readline()
        if not line:
            say("")
            break
        if not _is_terminal(inp):
            out.write(line if line.endswith("\n") else line + "\n")   # a transcript reads well
        word = line.strip()
        command = word.lower()
        if not word:
            continue
        try:
            if command in ("quit", "q", "exit"):
                break
            if command in ("help", "?"):
                say(HELP + strain_help(session.rules))
            elif command == "hint":
                d = session.hint()
                say(f"  the advisor would call {call_text(d.call, symbols) if d.call != 'P' else 'Pass'}: "
                    f"{calls_in_text(d.reason, symbols)}")
            elif command == "undo":
                session.undo()
                say("  taken back.")
                say(auction_grid(session, symbols=symbols))
            elif command == "skip":
                session.skip()
                say("")
                show_board()
                if session.board.finished and board_over():
                    break
            elif command == "hand":
                say(hand_text(session, symbols=symbols))
            elif command == "auction":
                say(auction_grid(session, symbols=symbols))
            elif command == "sheet":
                say(sheet_text(session))
            else:
                say(calls_text(session.call(word), symbols=symbols))
                if session.board.finished and board_over():
                    break
        except PracticeError as exc:
            say(f"  {exc}")
    say(f"Session over: {len(session.finished_boards)} board(s) finished"
        + (f", saved in {save}." if session.finished_boards else "."))
