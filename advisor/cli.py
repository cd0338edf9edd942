"""The ``vint`` command: ``vint solve DEAL``, ``vint analyse [DEAL | FILE]``,
``vint advise --hand ... --seat ...``, ``vint review FILE``, ``vint practice``
(``advisor.practice_cli``), ``vint annotate`` and ``vint batch``
(``advisor.batch.cli``) and ``vint serve``.

Subcommands are argparse subparsers; each registers itself in
``build_parser`` with a ``run(args, out)`` function.

Bad input (any ``ValueError``, which every error of ``solver`` and
``advisor`` is) prints one line on stderr and exits with status 2; Ctrl-C
prints one line and exits with status 130.
"""

from __future__ import annotations

import argparse
import io
from importlib import metadata
import json
import math
import os
import pathlib
import sys
import textwrap
from typing import List, Optional, Tuple

from solver import dd_table, solve_cards
from solver.cards import Card, Deal, Seat, Strain
from solver.play import Play

from . import rules as _rules
from .analysis import analyse, analyse_courts
from .batch.cli import add_parsers as add_batch_parsers
from .bidding import recommend
from .bidding.preference import advise_preference
from .bidding.constraints import seat_constraints
from .game import misere_contracts
from .par import par_with_courts
from .postmortem import ReviewSet, review
from .preference_review import preference_review_text, read_preference_games, review_preference
from .practice_cli import add_parser as add_practice_parser
from .records import read_games_file, read_played
from .render import (analysis_text, can_print_symbols, card_values_text, courts_text,
                     dd_table_text, preference_text, print_recommendation, printable,
                     progress_bar, review_html, review_text)
from .render.width import current_width, fit_lines, output_width, terminal_width
from .valuation.courts import ADVICE_NODES as COURTS_ADVICE_NODES
from .valuation.courts import CLI_NODES, courts_row_dict
from .valuation.misere import ANALYSIS_NODES
from .web.guard import MAX_DEALS
from .web.jobs import IDLE_SECONDS, JOB_SECONDS, MAX_CLIENT_JOBS, MAX_JOBS

__all__ = ["main", "build_parser", "read_deal_file", "EXAMPLE_DEAL"]

#: The built-in example: EW's diamonds against NS's hearts (solved in well under a second).
EXAMPLE_DEAL = "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765"


#: Deals the advisor samples for each call of a reviewed auction, and with --fast.
REVIEW_SAMPLES = 30
#: Samples ``vint advise`` solves at most by default (Preference: 40, see
#: run_advise_preference); it stops sooner once the call is settled, or when
#: ADVISE_SECONDS are up.
ADVISE_SAMPLES = 400
#: ``vint advise``'s time budget (seconds): 200 to 300 samples' worth on one quiet
#: core (about 3 s per 200 for the bench hand, docs/advise.md "Speed"); fewer
#: on a busy machine, where the output then says that the time ran out.
ADVISE_SECONDS = 5.0
FAST_REVIEW_SAMPLES = 12
#: Processes ``vint review`` weighs a deal's calls in (``review_auction``: each
#: player's calls in one, the same answers; issue 32): the machine's cores, at
#: most two, since a deal's auction rarely has more than two busy players.
REVIEW_PROCESSES = min(2, os.cpu_count() or 1)
#: ``vint review`` judges single-dummy by default for files of at most this many
#: deals (about 6 s a deal on two cores: docs/review.md); --single-dummy asks for
#: it on any file, --no-single-dummy turns it off.
SINGLE_DUMMY_DEALS = 20


class CliError(ValueError):
    """Bad command-line input that is not a deal or rules error (a missing file...)."""


def version() -> str:
    """The installed distribution's version, else the one in the source tree's
    pyproject.toml (running from a fresh clone)."""
    try:
        return metadata.version("vint")
    except metadata.PackageNotFoundError:
        pass
    pyproject = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                             "pyproject.toml")
    with open(pyproject, encoding="utf-8") as f:
        for line in f:
            if line.startswith("version"):
                return line.split("=", 1)[1].strip().strip('"')
    return "unknown"  # pragma: no cover - pyproject.toml always names it


def read_deal_file(path: str, rules="vint") -> List[Tuple[Deal, Optional[str]]]:
    """The deals of a PBN, LIN or JSON file: ``(deal, dealer or None)`` for each.

    The file is read by ``advisor.records`` (the reader ``vint review`` uses),
    keeping the deals and dealers only. A deal that cannot be read is an error.
    """
    games = read_games_file(path, rules=rules, deal_only=True)
    if games.errors:
        raise games.errors[0]
    return [(g.deal, g.dealer) for g in games]


def _print(out, text: str) -> None:
    """Write a line of output in what ``out``'s encoding can print (``printable``)."""
    out.write(printable(text, out) + "\n")


def _print_text(out, text: str) -> None:
    """``_print`` for text meant to be read (not JSON): long lines wrapped to the
    output's width (``render.width``)."""
    _print(out, fit_lines(text))


def _symbols(args, out) -> bool:
    return not args.letters and can_print_symbols(out)


# --------------------------------------------------------------------------
# vint solve

def run_solve(args, out) -> None:
    if any(v is not None for v in (args.trump, args.leader, args.played, args.lone)) \
            or args.misere:
        run_solve_position(args, out)
        return
    table = dd_table(Deal.from_pbn(args.deal), must_trump=args.must_trump)
    if args.json:
        _print(out, json.dumps({"deal": table.deal.to_pbn(), "dd_table": table.to_dict()}))
    else:
        _print_text(out, dd_table_text(table, symbols=_symbols(args, out)))


def run_solve_position(args, out) -> None:
    """``vint solve DEAL --trump H --leader E [--played "DJ D3"] [--misere] [--lone N]``:
    the value of every legal card of the player on move (``solver.solve_cards``)."""
    if args.trump is None or args.leader is None:
        raise CliError("a position needs --trump (S, H, D, C or NT) and --leader (N, E, S or W)")
    deal = Deal.from_pbn(args.deal)
    played = [Card.parse(c) for c in (args.played or "").replace(",", " ").split()]
    leader = Seat.parse(args.leader)
    if any(card in deal[seat] for card in played for seat in Seat):
        # The cards are still in the hands: play them out (any number of tricks).
        play = Play(deal, Strain.parse(args.trump), leader, must_trump=args.must_trump)
        for card in played:
            play.play(card)
        deal, leader, played = play.remaining(), play.trick_leader, list(play.trick)
    values = solve_cards(deal, args.trump, leader, played=played, misere=args.misere,
                         lone=args.lone, must_trump=args.must_trump)
    on_move = Seat((leader + len(played)) % 4)
    played = [str(c) for c in played]
    if args.json:
        _print(out, json.dumps({"deal": deal.to_pbn(), "trump": args.trump.upper(),
                                "leader": leader.name, "played": played,
                                "misere": args.misere, "lone": args.lone,
                                "must_trump": args.must_trump, "on_move": on_move.name,
                                "cards": {str(c): v for c, v in values.items()}}))
        return
    _print_text(out, card_values_text(values, on_move=on_move.name, leader=leader.name,
                                 trump=args.trump.upper(), played=played,
                                 misere=args.misere, symbols=_symbols(args, out)))


# --------------------------------------------------------------------------
# vint analyse

def _deals_to_analyse(args) -> Tuple[List[Tuple[Deal, str]], bool, list]:
    """``([(deal, dealer)], from_file, errors)`` from the command line; ``errors``:
    the deals of the file that could not be read (the reader ``vint review`` uses)."""
    if args.example or args.deal is None:
        return [(Deal.from_pbn(EXAMPLE_DEAL), args.dealer or "N")], False, []
    if os.path.isdir(args.deal):
        raise CliError(f"{args.deal} is a folder: give a deal or a PBN, LIN or JSON file")
    if os.path.isfile(args.deal):
        games = read_games_file(args.deal, rules=args.rules, deal_only=True)
        _print_notes(games.notes)
        return ([(g.deal, args.dealer or g.dealer or "N") for g in games], True,
                games.errors)
    if args.deal.lower().endswith((".pbn", ".lin", ".json")):
        raise CliError(f"no such file: {args.deal}")
    return [(Deal.from_pbn(args.deal), args.dealer or "N")], False, []


def _print_notes(notes) -> None:
    for note in notes:
        print(f"vint: note: {note}", file=sys.stderr)


def _raise_left_out(errors) -> None:
    """After the good deals' output: one line per deal left out, and exit status 2."""
    if errors:
        for e in errors[1:]:
            print(f"vint: error: {e}", file=sys.stderr)
        raise CliError(f"{len(errors)} deal(s) left out: {errors[0]}")


def _analyse_rules(args):
    """The rule set ``vint analyse`` scores with: ``--rules``, in its Kotka style
    with ``--kotka``."""
    rs = _rules.get(args.rules)
    if not args.kotka and not args.kitty and not args.before_exchange:
        return rs
    if not rs.exchange_styles:
        raise CliError(f"--kotka, --kitty and --before-exchange are Skruuvi's games and card "
                       f"exchange; the {args.rules} rules have none (use --rules skruuvi)")
    if args.kotka and args.kitty:
        raise CliError("--kotka has no kitty: give 13 cards a hand and --before-exchange")
    return rs.with_exchange("kotka") if args.kotka else rs


#: The Preference example of docs/rules.md: three hands of ten, then the widow.
PREFERENCE_EXAMPLE = "AKQJ.AKQJ.7.7 T987.T98.98.8 .7.AKQJ.AKQJ9 / DT CT"


def run_analyse_preference(args, out) -> None:
    """``vint analyse --rules preference "H0 H1 H2 / W1 W2"``: three hands."""
    for flag, given in (("--kitty", args.kitty), ("--kotka", args.kotka),
                        ("--before-exchange", args.before_exchange),
                        ("--dealer", args.dealer), ("--max-nodes", args.max_nodes),
                        ("--misere-nodes", args.misere_nodes)):
        if given is not None and given is not False:
            raise CliError(f"{flag} is not a Preference option")
    text = PREFERENCE_EXAMPLE if args.example or args.deal is None else args.deal
    if os.path.isfile(text) or text.lower().endswith((".pbn", ".lin", ".json")):
        raise CliError("a Preference deal is given as text: three hands (S.H.D.C) then "
                       "'/' and the two widow cards, e.g. \"" + PREFERENCE_EXAMPLE + "\"")
    data = _rules.three_handed(args.rules).analyse(text)
    if args.json:
        _print(out, json.dumps(data, ensure_ascii=False))
        return
    _print_text(out, preference_text(data, symbols=_symbols(args, out)))


def run_analyse(args, out) -> None:
    if args.rules in _rules.three_handed_names():
        run_analyse_preference(args, out)
        return
    deals, from_file, errors = _deals_to_analyse(args)
    if not deals and errors:
        # Nothing to analyse: one error line, as vint review gives, not an empty
        # output followed by a line for each bad deal.
        if len(errors) == 1:
            raise errors[0]
        raise CliError(f"{args.deal}: no deal could be read ({len(errors)} bad): "
                       + "; ".join(str(e) for e in errors))
    rules = _analyse_rules(args)
    if (rules.exchange_styles and not args.kitty and not args.before_exchange
            and any({len(deal[s]) for s in Seat} == {12} for deal, _ in deals)):
        # It said only "par needs the full deal, 13 cards a hand".
        raise CliError("12 cards a hand is a Skruuvi deal before the card exchange: give "
                       "the kitty's 4 cards with --kitty (docs/analysis.md)")
    exchange = {"kitty": args.kitty, "before_exchange": args.before_exchange}
    if args.aces is not None:
        _check_aces_option(args)
    if args.misere_nodes is not None and args.misere_nodes < 0:
        raise CliError(f"--misere-nodes must be 0 (exact) or more, not {args.misere_nodes}")
    misere_nodes = ANALYSIS_NODES if args.misere_nodes is None else (args.misere_nodes or None)
    # On a terminal, something moves while the misère searches run (up to
    # ANALYSIS_NODES each, about 15 s) and, with --aces, a step a search.
    game = _rules.get(args.rules)
    searches = not args.no_misere and bool(misere_contracts(game) or game.all_pass_contract)
    bar = progress_bar("{task.description}", show=args.aces is not None or searches)
    with bar:
        task = bar.add_task("the DD table and misère tricks", total=None)

        def progress(done, total, label):
            bar.update(task, completed=done, total=total,
                       description=f"misère with aces: {label}")

        results = [analyse(deal, rules=rules, dealer=dealer, misere=not args.no_misere,
                           aces_seconds=args.aces, progress=progress,
                           misere_nodes=misere_nodes, **exchange)
                   for deal, dealer in deals]
    # Semi-contract's Courts and misère bids: played by their own searches.
    if args.max_nodes is not None and args.max_nodes < 0:
        raise CliError(f"--max-nodes must be 0 (no limit) or more, not {args.max_nodes}")
    budget = CLI_NODES if args.max_nodes is None else (args.max_nodes or None)
    # Seconds a deal (minutes for a hard one): a progress bar per strain and declarer
    # on a terminal's stderr; the strains are solved on two threads, Ctrl-C stops both.
    bar = progress_bar("Courts and misère: {task.description}",
                       show=bool(_rules.get(args.rules).extra_strains))
    with bar:
        task = bar.add_task("", total=None)
        courts = []
        for k, (deal, _) in enumerate(deals):
            def progress(done, total, label, k=k):
                where = f"deal {k + 1} of {len(deals)}, " if len(deals) > 1 else ""
                bar.update(task, completed=done, total=total, description=where + label)
            courts.append(analyse_courts(deal, rules=args.rules, max_nodes=budget,
                                         exact=budget is None, progress=progress))
    # Par again with the optional Courts and misère bids (semi-contract only).
    pars = [par_with_courts(a, rows) for a, rows in zip(results, courts)]
    if args.json:
        data = [a.to_dict() for a in results]
        for d, rows, par in zip(data, courts, pars):
            if rows:
                d["courts_and_misere"] = [courts_row_dict(r) for r in rows]
                d["par_with_courts"] = par.to_dict()
        _print(out, json.dumps(data if from_file else data[0], ensure_ascii=False))
    else:
        symbols = _symbols(args, out)
        _print_text(out, ("\n\n" + "=" * 72 + "\n\n").join(
            analysis_text(a, symbols=symbols)
            + ("\n\n" + courts_text(rows, par) if rows else "")
            for a, rows, par in zip(results, courts, pars)))
    _raise_left_out(errors)


def _check_aces_option(args) -> None:
    """``--aces SECONDS``: Skruuvi only, on the deal as played, misère not left out."""
    if not args.aces > 0:             # NaN too
        raise CliError(f"--aces is the seconds each misère search may take, above 0, "
                       f"not {args.aces}")
    if not _rules.get(args.rules).misere_aces:
        raise CliError(f"--aces scores Skruuvi's misère ace penalties: it needs --rules skruuvi "
                       f"or skruuvi-old, not {args.rules}")
    if args.no_misere:
        raise CliError("--aces rescores the misère rows, which --no-misere leaves out")
    if args.kitty or args.before_exchange:
        raise CliError("--aces needs the deal as played: misère is not analysed before the "
                       "exchange (--kitty, --before-exchange)")


# --------------------------------------------------------------------------
# vint advise

def _preference_player(text, what) -> int:
    if text is None:
        return 2 if what == "--dealer" else 0
    if str(text).strip() not in ("0", "1", "2"):
        raise CliError(f"{what} in Preference is a player 0, 1 or 2, not {text!r}")
    return int(text)


def run_advise_preference(args, out) -> None:
    """``vint advise --rules preference --hand H --seat 0 [--dealer 2] [--auction "P"]``."""
    for flag, given in (("--constraint", args.constraint), ("--courts-nodes", args.courts_nodes),
                        ("--reply", args.reply != "policy"),
                        ("--seconds", args.seconds != ADVISE_SECONDS)):
        if given:
            raise CliError(f"{flag} is not a Preference option")
    samples = 40 if args.samples == ADVISE_SAMPLES else args.samples
    advice = advise_preference(args.hand, _preference_player(args.seat, "--seat"),
                               _preference_player(args.dealer, "--dealer"),
                               args.auction.replace(",", " ").split(), samples=samples,
                               seed=0 if args.seed is None else args.seed)
    if args.json:
        _print(out, json.dumps(advice.to_dict(), ensure_ascii=False))
        return
    lines = [f"Preference, player {advice.player} ({advice.round} round): "
             f"{'Pass' if advice.call == 'P' else advice.call}",
             f"  {advice.reason}", "  call   mean   SE  (pool units for you, double-dummy)"]
    for call, value in advice.values.items():
        lines.append(f"  {call:<5}{value:+7.2f} {advice.errors[call]:5.2f}")
    _print_text(out, "\n".join(lines))


def run_advise(args, out) -> None:
    from rich.console import Console

    if args.rules in _rules.three_handed_names():
        _check_seed(args)
        run_advise_preference(args, out)
        return
    if args.top < 0:      # a negative slice dropped the last candidates instead
        raise CliError(f"--top must be 0 or more, not {args.top}")
    _check_seed(args)
    if args.courts_nodes is not None and not _rules.get(args.rules).extra_strains:
        # Only the semi-contract game has Courts and misère bids solved by a budget.
        raise CliError(f"--courts-nodes applies to --rules semi-contract only, not {args.rules}")
    if not math.isfinite(args.seconds) or args.seconds < 0:
        raise CliError(f"--seconds must be 0 (no time limit) or more, not {args.seconds:g}")
    progress = progress_bar("solving samples", show=not args.json)
    with progress:
        task = progress.add_task("solve", total=args.samples)
        rec = recommend(args.hand, seat=args.seat, dealer=args.dealer or "N",
                        auction=args.auction.replace(",", " ").split(), rules=args.rules,
                        samples=args.samples, seed=args.seed,
                        constraints=seat_constraints(args.constraint), reply=args.reply,
                        seconds=args.seconds or None,
                        courts_nodes=(COURTS_ADVICE_NODES if args.courts_nodes is None
                                      else args.courts_nodes),
                        progress=lambda done, total: progress.update(task, completed=done,
                                                                     total=total))
    if args.json:
        _print(out, json.dumps(rec.to_dict(), ensure_ascii=False))
        return
    # A terminal that cannot print the table's rules and signs gets them in ASCII.
    direct = can_print_symbols(out)
    # The output's width (render.width: COLUMNS, a terminal's); a pipe or a file
    # with none: 120 columns, as the review's tables, not rich's 80, which broke
    # each candidate's tricks over two lines.
    width = current_width() or (None if _isatty(out) else 120)
    # With a width to fit, rich wraps the text and shrinks the table's columns.
    console = Console(file=out if direct else io.StringIO(), highlight=False,
                      soft_wrap=current_width() is None, width=width)
    print_recommendation(rec, console, symbols=_symbols(args, out), ascii_only=not direct,
                         top=args.top)
    if not direct:
        _print_text(out, console.file.getvalue().rstrip("\n"))


# --------------------------------------------------------------------------
# vint review

def _isatty(out) -> bool:
    try:
        return out.isatty()
    except (AttributeError, ValueError):
        return False


def _check_seed(args) -> None:
    """The advisor's sampler takes seeds of 0 and more: a negative one failed with
    "expected non-negative integer" (vint review: every auction left unreviewed)."""
    if args.seed is not None and args.seed < 0:
        raise CliError(f"--seed must be 0 or more, not {args.seed}")


def run_review_preference(args, out) -> None:
    """``vint review --rules preference FILE.json``: each played deal card by card."""
    if args.html or args.play_only:
        raise CliError("Preference reviews print text or --json (no --html, --play-only)")
    with open(args.file, encoding="utf-8") as f:
        games = read_preference_games(f.read())
    reviews = [review_preference(g) for g in games]
    if args.json:
        _print(out, json.dumps([r.to_dict() for r in reviews], ensure_ascii=False))
        return
    _print_text(out, "\n\n".join(preference_review_text(r) for r in reviews))


def run_review(args, out) -> None:
    """Review every deal of a file; bad deals are reported after the good ones (exit 2).

    Each deal's text report is printed as soon as it is finished, with a
    progress bar on a terminal's stderr. Ctrl-C keeps what is finished: the
    JSON and the HTML report then hold the deals reviewed so far.
    """
    if os.path.isdir(args.file):
        raise CliError(f"{args.file} is a folder: give a PBN, LIN or JSON file")
    if not os.path.isfile(args.file):
        raise CliError(f"no such file: {args.file}")
    if args.rules in _rules.three_handed_names():
        run_review_preference(args, out)
        return
    if args.samples is None:
        args.samples = FAST_REVIEW_SAMPLES if args.fast else REVIEW_SAMPLES
    elif args.fast:
        raise CliError("give --fast or --samples, not both")
    if args.samples < 1:
        raise CliError(f"--samples must be at least 1, not {args.samples}")
    if args.card_samples is not None and args.card_samples < 1:
        raise CliError(f"--card-samples must be at least 1, not {args.card_samples}")
    if args.budget is not None and not (math.isfinite(args.budget) and args.budget > 0):
        raise CliError(f"--budget must be a number of seconds > 0, not {args.budget:g}")
    if args.processes < 1:
        raise CliError(f"--processes must be at least 1, not {args.processes}")
    _check_seed(args)
    if args.html:
        _check_output(args.html, args.file, args.force)
    symbols = _symbols(args, out)
    done = ReviewSet()
    bar = progress_bar("reviewing {task.description}", show=True)

    def show(text: str) -> None:
        if not bar.disable and out.isatty():      # the same terminal: print above the bar
            bar.console.print(fit_lines(text), markup=False, highlight=False, soft_wrap=True,
                              emoji=False)
        else:
            _print_text(out, text)
            out.flush()

    def finished(rv, count: int, total: int) -> None:
        done.append(rv)
        if not args.json:
            show(("\n" + "=" * 72 + "\n\n" if count > 1 else "") + review_text(rv, symbols=symbols))
        bar.update(task, completed=count, total=total)

    def step(deal: int, total: int, what: str) -> None:
        """Inside a deal's review: what it weighs now (its calls, its cards)."""
        bar.update(task, description=f"deal {deal} of {total}: {what}")

    if args.play_only and args.with_auction:
        raise CliError("give --play-only or --with-auction, not both")
    games = read_played(pathlib.Path(args.file), rules=args.rules,
                        auction=False if args.play_only else True if args.with_auction else None)
    _print_notes(games.notes)
    hint = _play_only_hint(args, games)
    single_dummy = args.single_dummy
    if single_dummy is None:
        single_dummy = len(games) <= SINGLE_DUMMY_DEALS
        if not single_dummy:
            _print_notes([f"{len(games)} deals: the single-dummy review is off (on by default "
                          f"for at most {SINGLE_DUMMY_DEALS}; --single-dummy turns it on)"])
    try:
        with bar:
            task = bar.add_task("deals", total=len(games))
            reviews = review(games, rules=args.rules,
                             auction_review=not args.no_auction_review,
                             samples=args.samples, seed=args.seed, auction=not games.play_only,
                             single_dummy=single_dummy, card_samples=args.card_samples,
                             on_review=finished, on_step=step, budget=args.budget,
                             processes=args.processes)
    except KeyboardInterrupt:
        if not done:
            raise KeyboardInterrupt("no deal was finished; nothing written") from None
        _write_review(args, out, done)
        raise KeyboardInterrupt(f"kept the {len(done)} of {len(games)} deal(s) reviewed "
                                "before it") from None
    except ValueError as exc:
        if not hint or "--play-only" in str(exc):     # the error already says it
            raise
        raise CliError(f"{exc}{hint}") from None
    _write_review(args, out, reviews)
    try:
        _raise_left_out(reviews.errors)
    except CliError as exc:
        raise CliError(f"{exc}{'' if '--play-only' in str(exc) else hint}") from None


def _play_only_hint(args, games) -> str:
    """With ``--with-auction``, when deals of the file fail with their auction
    but read without it (a bridge auction: lower bids, doubles, or a declarer
    who is not the last bidder, so the play does not start from the hand it
    names), the end of the error line that says to use ``--play-only``; else
    "". Without it ``read_played`` has already read such a file play only."""
    if not args.with_auction or not games.errors:
        return ""
    try:
        play_only = read_games_file(args.file, rules=args.rules, auction=False)
    except ValueError:
        return ""
    gained = len(play_only) - len(games)
    if gained <= 0:
        return ""
    return (f" (--play-only reads {gained} more deal(s): it reviews the play in the file's"
            " contract without the auction, as a bridge file needs)")


def _write_review(args, out, reviews) -> None:
    """The HTML report (``--html``) and the JSON (``--json``) of ``reviews``."""
    if args.html:
        with open(args.html, "w", encoding="utf-8") as f:
            f.write(review_html(reviews, title=f"Vint review: {os.path.basename(args.file)}"))
    if args.json:
        _print(out, json.dumps(reviews.to_dict(), ensure_ascii=False))


def _check_output(path: str, source: str, force: bool) -> None:
    """Refuse to write a report over the file being read, or over any other file
    that exists unless ``force``."""
    if os.path.exists(path) and os.path.exists(source) and os.path.samefile(path, source):
        raise CliError(f"--html {path} is the file being reviewed: choose another name")
    if os.path.exists(path) and not force:
        raise CliError(f"--html {path} exists: add --force to overwrite it")


# --------------------------------------------------------------------------
# vint serve

_SERVE_TEXT = f"""\
Serve the Vint page (analyse, play, advise, practise, review) on this machine.

What the server lets in and out: any page your browser opens can send it
requests, so it treats every request as hostile. It answers only requests
addressed to 127.0.0.1, localhost or [::1] on its port (and the names
--allow-host adds), so another site cannot reach it by DNS rebinding; a
request that changes something must come from its own page (the browser's
Origin header), else 403. It reads no file a request names: an uploaded file
is read as text, at most 2 MB and {MAX_DEALS} deals (--max-deals). Long work
runs as jobs: at most {MAX_JOBS} at once, {MAX_CLIENT_JOBS} for one page (429
past that); a job stops when its page cancels it or closes (no poll for
{IDLE_SECONDS:g} s), and after --job-seconds; finished results are forgotten
once no page asks for them. Scripts calling the JSON API send the header
"Origin: http://127.0.0.1:PORT".
"""
SERVE_DESCRIPTION = "\n\n".join(
    textwrap.fill(" ".join(paragraph.split()), 78, break_on_hyphens=False)
    for paragraph in _SERVE_TEXT.split("\n\n"))


def run_serve(args, out) -> None:
    """Run the web page until Ctrl-C."""
    from .web import serve      # Flask loads for vint serve only (no import cycle)

    if not 0 < args.port < 65536:
        raise CliError(f"--port must be 1 to 65535, not {args.port}")
    if args.workers is not None and args.workers < 1:
        # Checked here: the web page's pool said "max_workers must be greater than 0"
        # after the line announcing the page.
        raise CliError(f"--workers must be at least 1, not {args.workers}")
    if args.max_deals < 1:
        raise CliError(f"--max-deals must be at least 1, not {args.max_deals}")
    if not args.job_seconds > 0:
        raise CliError(f"--job-seconds must be above 0, not {args.job_seconds}")
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"vint: warning: serving on {args.host}: other machines can reach the page"
              + ("" if args.allow_host else
                 "; it answers only to requests for 127.0.0.1, localhost and [::1] "
                 "(--allow-host NAME adds the name they use)"), file=sys.stderr)
    for name in args.allow_host:
        if not name or "/" in name or " " in name:
            raise CliError(f"--allow-host takes a host name such as myhost.local, not {name!r}")
    _print(out, f"Vint page on http://{args.host}:{args.port}/  (Ctrl-C stops it)")
    out.flush()
    serve(args.host, args.port, workers=args.workers, allow_hosts=args.allow_host,
          max_deals=args.max_deals, job_seconds=args.job_seconds)


# --------------------------------------------------------------------------

def _seat(text: str) -> str:
    return Seat.parse(text).name


def _seat_option(text: str) -> str:
    """A seat given as an option: argparse prints the reason and the usage."""
    try:
        return _seat(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _practice_seat_option(text: str) -> str:
    """``vint practice --seat``: N, E, S, W, or Preference's player 0, 1, 2 (3 with
    ``--players 4``)."""
    if str(text).strip() in ("0", "1", "2", "3"):
        return str(text).strip()
    return _seat_option(text)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="vint", description="Double-dummy analysis for Vint and its relatives.")
    parser.add_argument("--version", action="version", version=f"vint {version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    solve = commands.add_parser(
        "solve", help="print the double-dummy table of a deal, or with --trump and --leader "
        "each card's value in a position")
    solve.add_argument("deal", help='a deal in PBN, e.g. "N:AKQ2.T98.765.432 ..."')
    solve.add_argument("--json", action="store_true", help="print JSON")
    solve.add_argument("--letters", action="store_true", help="S H D C instead of suit symbols")
    solve.add_argument("--trump", help="a position: the trump suit (S, H, D, C) or NT; prints "
                       "the value of every legal card of the player on move")
    solve.add_argument("--leader", help="a position: who leads, or led the first card of "
                       "--played (N, E, S, W)")
    solve.add_argument("--played", help='a position: the cards played since --leader led, '
                       '"DJ D3"; still in the hands, they are played out (any number of '
                       'tricks); already taken out, they are the current trick')
    solve.add_argument("--misere", action="store_true",
                       help="a position: misère, each side tries to win as few tricks as it can")
    solve.add_argument("--lone", help="a position: this seat plays alone against the other three")
    solve.add_argument("--must-trump", action="store_true",
                       help="Siberian Vint's play rule: a player void in the suit led must "
                       "ruff if he holds a trump")
    solve.set_defaults(run=run_solve)

    an = commands.add_parser(
        "analyse", aliases=["analyze"],
        help="DD table, par and every contract's score of a deal or a PBN file")
    an.add_argument("deal", nargs="?",
                    help="a deal in PBN, or a PBN, LIN or JSON file; none: the built-in example")
    an.add_argument("--example", action="store_true", help="analyse the built-in example deal")
    an.add_argument("--rules", default=_rules.DEFAULT,
                    choices=_rules.names() + _rules.three_handed_names(),
                    help="the game's rules (default: vint); preference: three hands of ten "
                         "and the widow, \"H0 H1 H2 / W1 W2\" (S.H.D.C each)")
    an.add_argument("--dealer", type=str, default=None,
                    help="N, E, S or W (default: the file's Dealer tag, else N)")
    an.add_argument("--json", action="store_true", help="print JSON (docs/analysis.md)")
    an.add_argument("--letters", action="store_true", help="S H D C instead of suit symbols")
    an.add_argument("--kitty", metavar="CARDS",
                    help="Skruuvi Kitty game, deal given before the exchange: hands of 12 "
                         "cards and these 4 kitty cards ('SA H7 D2 CT' or 'A.7.2.T')")
    an.add_argument("--kotka", action="store_true",
                    help="Skruuvi's no-kitty (Kotka) game: misère ranks above hearts")
    an.add_argument("--before-exchange", action="store_true",
                    help="Skruuvi: the deal is given before the card exchange; each contract "
                         "is scored after the exchange it brings (docs/analysis.md)")
    an.add_argument("--max-nodes", type=int, default=None, metavar="N",
                    help="semi-contract's Courts and misère Courts rows: nodes each search may "
                         f"use before it reports bounds a-b (default {CLI_NODES:,}, a few "
                         "seconds; 0: no limit, Ctrl-C stops)")
    an.add_argument("--misere-nodes", type=int, default=None, metavar="N",
                    help="misère contracts and the all-pass deal (Skruuvi, Siberian Vint's "
                         "распасовка): nodes each misère trick search may use before its row "
                         f"becomes an estimate within the tricks proved (default "
                         f"{ANALYSIS_NODES:,}, about 15 s; most deals need far fewer; 0: exact, "
                         "minutes on rare deals, Ctrl-C stops)")
    an.add_argument("--aces", type=float, default=None, metavar="SECONDS",
                    help="Skruuvi: score each misère contract and the all-pass misère with its "
                         "ace penalties, by an exact search of at most SECONDS each (up to 13 "
                         "searches; a full deal often needs about a minute); past it, the "
                         "bounds it proved")
    an.add_argument("--no-misere", action="store_true",
                    help="leave out misère and all-pass deals (skips the misère trick searches)")
    an.set_defaults(run=run_analyse)

    ad = commands.add_parser("advise", help="the call with the best expected score (docs/advise.md)")
    ad.add_argument("--hand", required=True,
                    help='your 13 cards, S.H.D.C: "AKQ87.KJ4.A2.T93" (Skruuvi\'s Kitty game: '
                         'the 12 held before the exchange; its bids below level 5 are weighed too)')
    ad.add_argument("--seat", required=True, help="your seat: N, E, S or W")
    ad.add_argument("--dealer", type=str, default=None, help="N, E, S or W (default: N)")
    ad.add_argument("--auction", default="", help='the calls so far from the first caller: "1S P"')
    ad.add_argument("--samples", type=int, default=ADVISE_SAMPLES,
                    help=f"deals to sample (default: {ADVISE_SAMPLES}; Preference: 40)")
    ad.add_argument("--seconds", type=float, default=ADVISE_SECONDS,
                    help=f"stop sampling when this time is up, even before the call is settled "
                         f"(default: {ADVISE_SECONDS:g}; 0: no time limit, --samples alone: the "
                         f"same seed then gives the same call on any machine)")
    ad.add_argument("--seed", type=int, default=None, help="random seed: the same seed, the same answer")
    ad.add_argument("--rules", default=_rules.DEFAULT,
                    choices=_rules.names() + _rules.three_handed_names(),
                    help="the game's rules (default: vint); preference: --hand of ten cards, "
                         "--seat and --dealer players 0, 1, 2")
    ad.add_argument("--constraint", action="append", metavar="SEAT: EXPR",
                    help="what a seat holds, e.g. 'N: hcp >= 12 and hearts >= 5' (repeatable)")
    ad.add_argument("--reply", choices=["policy", "par", "none"], default="policy",
                    help="how the bidding goes on after each call: every seat by the bidding "
                         "policy from its own hand (default), the old full-information reply "
                         "(par), or none (docs/advise.md)")
    ad.add_argument("--courts-nodes", type=int, default=None,
                    help="semi-contract only: nodes a Courts or misère solve may search per sample "
                         "before an estimate within the tricks it proved is used "
                         f"(default: {COURTS_ADVICE_NODES:,}; docs/advise.md)")
    ad.add_argument("--top", type=int, default=12,
                    help="candidates shown (default: 12; 0: no table)")
    ad.add_argument("--json", action="store_true", help="print JSON")
    ad.add_argument("--letters", action="store_true", help="S H D C instead of suit symbols")
    ad.set_defaults(run=run_advise)

    rv = commands.add_parser("review", help="post-mortem of played deals (docs/review.md)")
    rv.add_argument("file", help="a PBN, LIN or JSON file of played deals")
    rv.add_argument("--rules", default=_rules.DEFAULT,
                    choices=_rules.names() + _rules.three_handed_names(),
                    help="the game's rules (default: vint); preference: a JSON file of "
                         "{deal, declarer, trump, play} (docs/review.md)")
    rv.add_argument("--json", action="store_true", help="print JSON (docs/review.md)")
    rv.add_argument("--html", metavar="REPORT.html", help="also write a self-contained HTML report")
    rv.add_argument("--force", action="store_true",
                    help="let --html overwrite an existing file (never the file reviewed)")
    rv.add_argument("--play-only", action="store_true",
                    help="review the play in the file's contract and declarer, ignoring the "
                         "auction (for bridge files, whose auctions are not legal Vint; a file "
                         "whose deals read only so is taken for one anyway, with a notice)")
    rv.add_argument("--with-auction", action="store_true",
                    help="read every auction even in a bridge file (its deals whose auction "
                         "is not legal in the game are reported, not reviewed)")
    rv.add_argument("--samples", type=int, default=None,
                    help=f"deals the advisor samples per call (default: {REVIEW_SAMPLES}; "
                         f"--fast: {FAST_REVIEW_SAMPLES})")
    rv.add_argument("--fast", action="store_true",
                    help=f"a quicker, rougher auction review ({FAST_REVIEW_SAMPLES} samples a call)")
    rv.add_argument("--seed", type=int, default=0, help="the advisor's random seed (default: 0)")
    rv.add_argument("--budget", type=float, default=None, metavar="SECONDS",
                    help="seconds the advisor may spend on one deal's calls, shared among "
                         "them (default: no limit; the answer then depends on the machine)")
    rv.add_argument("--processes", type=int, default=REVIEW_PROCESSES, metavar="N",
                    help="processes weighing a deal's calls at once, each player's calls in "
                         f"one (default: {REVIEW_PROCESSES}; the answers do not depend on it)")
    rv.add_argument("--no-auction-review", action="store_true",
                    help="skip the advisor's review of the calls (much faster)")
    rv.add_argument("--single-dummy", action=argparse.BooleanOptionalAction, default=None,
                    help="judge each card that cost double-dummy by what its player could "
                         "know: a mistake only when worse there too, else a fair guess (default: "
                         f"on for files of at most {SINGLE_DUMMY_DEALS} deals)")
    rv.add_argument("--card-samples", type=int, default=None, metavar="N",
                    help="deals sampled for each card judged single-dummy (default: 32 at the "
                         "first trick, 48 in the middle, fewer at the end)")
    rv.add_argument("--letters", action="store_true", help="S H D C instead of suit symbols")
    rv.set_defaults(run=run_review)

    add_practice_parser(commands, _practice_seat_option,
                        _rules.names() + _rules.three_handed_names())
    add_batch_parsers(commands, _rules.names())

    sv = commands.add_parser(
        "serve", help="the web page: analyse, play, advise, practise, review",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=SERVE_DESCRIPTION)
    sv.add_argument("--port", type=int, default=8765, help="the port (default: 8765)")
    sv.add_argument("--host", default="127.0.0.1",
                    help="the address to listen on (default: 127.0.0.1, this machine only)")
    sv.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                    help="also answer requests addressed to NAME (repeat for more names)")
    sv.add_argument("--workers", type=int, default=2,
                    help="long jobs run at once; the rest wait (default: 2)")
    sv.add_argument("--max-deals", type=int, default=MAX_DEALS,
                    help=f"the most deals in one uploaded file (default: {MAX_DEALS})")
    sv.add_argument("--job-seconds", type=float, default=JOB_SECONDS,
                    help=f"the longest one job may run (default: {JOB_SECONDS:g})")
    sv.set_defaults(run=run_serve)
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    """Run the ``vint`` command; returns the exit status (0, or 2 for bad input)."""
    args = build_parser().parse_args(argv)
    out = sys.stdout
    try:
        with output_width(terminal_width(out)):
            return _run(args, out)
    except KeyboardInterrupt as exc:
        print(f"vint: interrupted{': ' + str(exc) if str(exc) else ''}", file=sys.stderr)
        return 130


def _run(args, out) -> int:
    """Run the parsed command; bad input is one line on stderr and exit status 2."""
    try:
        three_hands = getattr(args, "rules", None) in _rules.three_handed_names()
        if getattr(args, "dealer", None) is not None and not three_hands:
            args.dealer = _seat(args.dealer)       # Preference's dealer is a player 0, 1, 2
        args.run(args, out)
    except (ValueError, OSError) as exc:
        message = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        where = f"{exc.filename}: " if isinstance(exc, OSError) and exc.filename else ""
        print(f"vint: error: {where}{message}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
