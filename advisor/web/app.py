"""The web page's server: a small JSON API over the solver and the advisor, and one page.

``create_app()`` returns a Flask application; ``vint serve`` runs it on
127.0.0.1. The page (``static/index.html`` and ``app.js``) calls:

==============================  ===========================================
``GET  /api/rules``             the games, the default and the three-hand
                                games (Preference)
``GET  /api/deal/random``       a random deal (``?seed=``)
``POST /api/analyse``           a deal's DD table, scores and par (a job)
``POST /api/play``              a position of the play: each legal card's
                                double-dummy value and the tricks so far
                                (a job)
``POST /api/advise``            the bidding advisor's call (a job)
``POST /api/review``            a PBN/LIN/JSON file's post-mortem (a job)
``GET  /api/jobs/<id>``         a job's state, progress and result
``POST /api/jobs/<id>/cancel``  stop a job
``/api/practice/...``           a practice session (``advisor.web.practice``)
==============================  ===========================================

Work that may take more than a moment runs as a job (``advisor.web.jobs``):
the request returns the job's id at once and the page polls it, showing
progress and a Cancel button, so the server never blocks on one request.
Bad input gets HTTP 400 with ``{"error": message}`` naming the problem;
anything unexpected gets HTTP 500 with a short message, never a traceback.

Every request is treated as hostile (any page the user's browser opens can
send one): its Host must be one of this server's names and a request that
changes something must come from this server's page (``advisor.web.guard``:
403 otherwise); text from a request is only ever read as text, never as a
path; an upload holds at most ``max_deals`` deals; jobs are bounded in number,
time and memory (``advisor.web.jobs``: 429 when the server is full).
"""

from __future__ import annotations

import html
import logging
import random
from typing import Any, Dict, Optional

from flask import Flask, jsonify, request, send_from_directory

import solver
from solver.cards import SEATS, Card, Deal, Seat, Strain

from .. import rules as _rules
from ..analysis import analyse
from ..bidding import recommend
from ..bidding.preference import advise_preference
from ..preference_review import preference_review_text, read_preference_games, review_preference
from ..postmortem import review
from ..records import count_deals, read_played
from ..render import review_html
from .guard import (MAX_DEALS, MAX_UPLOAD_BYTES, Forbidden, Hosts, WebError, client_id,
                    json_body)
from .jobs import Busy, JobRunner
from .practice import practice_api

__all__ = ["create_app", "WebError", "MAX_UPLOAD_BYTES", "MAX_DEALS"]

log = logging.getLogger(__name__)

#: The longest text field the API reads (a deal is about 70 characters).
MAX_FIELD = 2000
#: The most samples a page may ask the advisor for.
MAX_SAMPLES = 1000
#: The longest a page may let each misère search with the aces run (13 of
#: them for a Skruuvi deal: at most 26 minutes in all).
MAX_ACES_SECONDS = 120


def create_app(*, workers: int = 2, port: Optional[int] = None, allow_hosts=(),
               max_deals: int = MAX_DEALS, **limits) -> Flask:
    """The application.

    ``workers``: jobs run at once (the rest wait in line). ``port``: the port
    the server listens on, which a request's Host and Origin must name
    (``None``: any port, for a test client). ``allow_hosts``: names to answer
    to beside 127.0.0.1, localhost and [::1]. ``max_deals``: the most deals in
    one uploaded file. ``limits``: ``JobRunner``'s (``max_jobs``,
    ``max_client_jobs``, ``job_seconds``, ``idle_seconds``).
    """
    if isinstance(max_deals, bool) or not isinstance(max_deals, int) or max_deals < 1:
        raise ValueError(f"max_deals must be a whole number >= 1, not {max_deals!r}")
    app = Flask(__name__, static_folder="static", static_url_path="/static")
    app.config["MAX_CONTENT_LENGTH"] = MAX_UPLOAD_BYTES
    app.json.sort_keys = False            # keep seats and strains in their order
    hosts = Hosts(port, allow_hosts)
    runner = JobRunner(workers, **limits)
    app.extensions["vint_jobs"] = runner
    app.extensions["vint_hosts"] = hosts
    app.register_blueprint(practice_api(runner), url_prefix="/api/practice")

    @app.before_request
    def only_ours():
        hosts.check_host(request.headers.get("Host"))
        if request.method not in ("GET", "HEAD", "OPTIONS"):
            hosts.check_origin(request.headers.get("Origin"), request.headers.get("Referer"))

    @app.get("/")
    def index():
        return send_from_directory(app.static_folder, "index.html")

    @app.get("/favicon.ico")
    def favicon():
        return "", 204

    @app.get("/api/rules")
    def rule_sets():
        # Preference, the three-hand game, is listed apart: its advice, review
        # and practice take players 0, 1, 2 where the others take seats.
        return jsonify({"rules": _rules.names(), "default": _rules.DEFAULT,
                        "three_handed": sorted(_rules.three_handed_names())})

    @app.get("/api/deal/random")
    def random_deal():
        seed = request.args.get("seed")
        rng = random.Random(_integer(seed, "seed") if seed not in (None, "") else None)
        deck = [Card(s, r) for s in range(4) for r in range(2, 15)]
        rng.shuffle(deck)
        deal = Deal([solver.Hand(deck[13 * i:13 * i + 13]) for i in range(4)])
        return jsonify({"deal": deal.to_pbn()})

    @app.post("/api/analyse")
    def analyse_deal():
        data = _json()
        deal = _deal(data)
        rules = _rule_set(data)
        dealer = Seat.parse(_text(data, "dealer", "N")).name
        aces = _aces_seconds(data.get("aces_seconds"))
        if aces is not None and not _rules.get(rules).misere_aces:
            raise WebError(f"aces_seconds scores Skruuvi's misère aces; {rules} has none")

        def work(job):
            job.progress(0, 1)
            # With the aces: one step a misère search (13 for Skruuvi); Stop
            # takes effect before the next one.
            result = analyse(deal, rules=rules, dealer=dealer, aces_seconds=aces,
                             progress=lambda done, total, _label: job.progress(done, total)
                             ).to_dict()
            job.progress(1, 1)
            return result
        return _started(runner.start("analyse", work, _client()))

    @app.post("/api/play")
    def play_position():
        data = _json()
        deal = _deal(data)
        trump = Strain.parse(_text(data, "trump", "NT"))
        # With "declarer", the game ("rules") says who leads (Siberian Vint:
        # declarer himself) and whether a void hand must trump; without it,
        # "leader" leads and the declaring side is his left-hand opponent's.
        game = _rules.get(_rule_set(data))
        if data.get("declarer") is not None:
            declarer = Seat.parse(_text(data, "declarer"))
            leader = game.opening_leader(declarer)
        else:
            leader = Seat.parse(_text(data, "leader", "W"))
            declarer = leader.rho
        cards = data.get("cards", [])
        if not isinstance(cards, list) or len(cards) > 52:
            raise WebError("cards must be a list of at most 52 cards played so far")
        must_trump = game.must_trump
        play = solver.check_play(deal, trump, leader, [_card(c) for c in cards],
                                 must_trump=must_trump)
        return _started(runner.start(
            "play", lambda job: _play_state(play, declarer.side, must_trump), _client()))

    @app.post("/api/advise")
    def advise():
        data = _json()
        samples = _integer(data.get("samples", 100), "samples")
        if not 1 <= samples <= MAX_SAMPLES:
            raise WebError(f"samples must be 1 to {MAX_SAMPLES}, not {samples}")
        seed = data.get("seed")
        if str(data.get("rules") or "").strip().lower() in _rules.three_handed_names():
            return _advise_preference(data, samples, seed)
        kwargs = dict(seat=_text(data, "seat"), dealer=_text(data, "dealer", "N"),
                      auction=_text(data, "auction", "").replace(",", " ").split(),
                      rules=_rule_set(data), samples=samples,
                      seed=None if seed in (None, "") else _integer(seed, "seed"))
        hand = _text(data, "hand")

        def work(job):
            job.progress(0, samples)
            rec = recommend(hand, progress=lambda done, total: job.progress(done, total),
                            **kwargs)
            return rec.to_dict()
        return _started(runner.start("advise", work, _client()))

    def _advise_preference(data, samples, seed):
        """Preference (three hands): players 0, 1, 2 for ``seat`` and ``dealer``."""
        player = _player(data.get("seat"), "seat", 0)
        dealer = _player(data.get("dealer"), "dealer", 2)
        hand = _text(data, "hand")
        auction = _text(data, "auction", "").replace(",", " ").split()
        seed = 0 if seed in (None, "") else _integer(seed, "seed")

        def work(job):
            job.progress(0, 1)
            advice = advise_preference(hand, player, dealer, auction,
                                       samples=max(samples, 2), seed=seed)
            job.progress(1, 1)
            return advice.to_dict()
        return _started(runner.start("advise", work, _client()))

    @app.post("/api/review")
    def review_file():
        upload = request.files.get("file")
        if upload is None:
            raise WebError("choose a PBN, LIN or JSON file to review")
        raw = upload.read(MAX_UPLOAD_BYTES + 1)
        if len(raw) > MAX_UPLOAD_BYTES:
            raise WebError(f"the file is larger than {MAX_UPLOAD_BYTES // 1024} KB")
        text = _decode(raw)
        # The file's name is only shown (and tells its format): never a path.
        name = _file_name(upload.filename)
        if str(request.form.get("rules") or "").strip().lower() in _rules.three_handed_names():
            return _review_preference(text, name)
        rules = _rule_set(request.form)
        play_only = request.form.get("play_only") == "on"       # bridge files
        auction = request.form.get("auction_review") == "on" and not play_only
        fmt = name.rsplit(".", 1)[-1].lower() if "." in name else None
        fmt = fmt if fmt in ("pbn", "lin", "json") else None
        # Counted before reading (a cheap count that may count more, never
        # fewer), so that a file of too many deals costs nothing to refuse.
        deals = count_deals(text, format=fmt, name=name)
        if deals > max_deals:
            raise WebError(f"{name} holds {deals} deals: the page reviews at most "
                           f"{max_deals} a file (split it, or use 'vint review' on the "
                           "command line)")
        # Without 'play only', a bridge file is found and read play only (its note).
        games = read_played(text, name=name, rules=rules, format=fmt,
                            auction=False if play_only else None)
        auction = auction and not games.play_only
        hint = " ".join(games.notes) if games.play_only and not play_only else ""

        def work(job):
            job.progress(0, len(games))
            # A file with no readable deal gets a page of its errors, not a failed job.
            reviews = review(games, rules=rules, auction_review=auction,
                             on_review=lambda _r, done, total: job.progress(done, total)) \
                if games else []
            page = review_html(reviews, errors=games.errors, title=f"Vint review: {name}")
            return {"html": page, "deals": len(reviews), "errors": len(games.errors),
                    "hint": hint}
        return _started(runner.start("review", work, _client()))

    def _review_preference(text, name):
        """A JSON file of played Preference deals (advisor.preference_review)."""
        games = read_preference_games(text)
        if len(games) > max_deals:
            raise WebError(f"{name} holds {len(games)} deals: the page reviews at most "
                           f"{max_deals} a file")

        def work(job):
            job.progress(0, len(games))
            reviews = []
            for k, g in enumerate(games):
                reviews.append(review_preference(g))
                job.progress(k + 1, len(games))
            body = "".join(f"<pre>{html.escape(preference_review_text(r))}</pre>"
                           for r in reviews)
            page = (f"<!doctype html><meta charset='utf-8'><title>Preference review: "
                    f"{html.escape(name)}</title>{body}")
            # Each review with its deal ("H0 H1 H2 / W1 W2"), which the page draws.
            return {"html": page, "deals": len(reviews), "errors": 0,
                    "reviews": [dict(r.to_dict(), deal=str(g.get("deal", "")))
                                for r, g in zip(reviews, games)]}
        return _started(runner.start("review", work, _client()))

    @app.get("/api/jobs/<job_id>")
    def job_state(job_id):
        job = runner.get(job_id)
        if job is None:
            return jsonify({"error": "no such job (it may have finished long ago)"}), 404
        return jsonify(job.to_dict())

    @app.post("/api/jobs/<job_id>/cancel")
    def job_cancel(job_id):
        job = runner.cancel(job_id)
        if job is None:
            return jsonify({"error": "no such job"}), 404
        return jsonify(job.to_dict())

    @app.errorhandler(ValueError)
    def bad_input(exc):
        status = 403 if isinstance(exc, Forbidden) else 429 if isinstance(exc, Busy) else 400
        return jsonify({"error": str(exc)}), status

    @app.errorhandler(413)
    def too_large(_exc):
        return jsonify({"error": f"the upload is larger than {MAX_UPLOAD_BYTES // 1024} KB"}), 413

    @app.errorhandler(404)
    def not_found(_exc):
        return jsonify({"error": f"no such page: {request.path[:80]}"}), 404

    @app.errorhandler(405)
    def wrong_method(_exc):
        return jsonify({"error": f"{request.method} is not allowed on {request.path[:80]}"}), 405

    @app.errorhandler(Exception)
    def unexpected(exc):
        log.exception("request %s failed", request.path)
        return jsonify({"error": "internal error: the server could not answer this request"}), 500

    return app


# --------------------------------------------------------------------------
# Reading requests

def _json() -> Dict[str, Any]:
    """The request's body: one JSON object (``WebError`` for anything else)."""
    return json_body(request)


def _client() -> str:
    return client_id(request)


def _file_name(name: Optional[str]) -> str:
    """An uploaded file's name as shown in the report: its last part, printable,
    at most 100 characters."""
    name = (name or "").replace("\\", "/").rsplit("/", 1)[-1]
    name = "".join(ch for ch in name if ch.isprintable())[:100].strip()
    return name or "upload"


def _text(data, key: str, default: Optional[str] = None) -> str:
    value = data.get(key, default)
    if value is None:
        raise WebError(f"{key} is missing")
    if not isinstance(value, str):
        raise WebError(f"{key} must be text, not {type(value).__name__}")
    if len(value) > MAX_FIELD:
        raise WebError(f"{key} is too long ({len(value)} characters; at most {MAX_FIELD})")
    return value


def _aces_seconds(value) -> Optional[float]:
    """``aces_seconds``: none (misère scored by its tricks), or 1 to
    ``MAX_ACES_SECONDS`` seconds for each misère search with the aces."""
    if value in (None, "", 0, "0"):
        return None
    seconds = _integer(value, "aces_seconds")
    if not 1 <= seconds <= MAX_ACES_SECONDS:
        raise WebError(f"aces_seconds must be 1 to {MAX_ACES_SECONDS} (seconds for each misère "
                       f"search), not {seconds}")
    return seconds


def _integer(value, name: str) -> int:
    if isinstance(value, bool):
        raise WebError(f"{name} must be a whole number, not {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit() and len(value) < 12:
        return int(value)
    raise WebError(f"{name} must be a whole number, not {str(value)[:20]!r}")


def _deal(data) -> Deal:
    return Deal.from_pbn(_text(data, "deal"))


def _card(value) -> Card:
    if not isinstance(value, str) or len(value) > 8:
        raise WebError(f"a card is text such as 'SA', not {str(value)[:20]!r}")
    return Card.parse(value)


def _player(value, what: str, default: int) -> int:
    """A Preference player (0, 1, 2) from the request, or ``default``."""
    if value in (None, ""):
        return default
    if str(value).strip() not in ("0", "1", "2"):
        raise WebError(f"{what} in Preference is a player 0, 1 or 2, not {str(value)[:10]!r}")
    return int(value)


def _rule_set(data) -> str:
    name = data.get("rules") or _rules.DEFAULT
    if not isinstance(name, str):
        raise WebError("rules must be the name of a game")
    return _rules.get(name).name


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")        # PBN's official character set


def _started(job):
    return jsonify(job.to_dict()), 202


# --------------------------------------------------------------------------
# The play page

def _play_state(play: "solver.Play", declaring: str, must_trump: bool = False) -> dict:
    """The position after the cards played, with every legal card's DD value.

    ``values`` give, for each legal card, the tricks the declaring side (the
    side not on lead at the start) ends with: tricks won so far plus what
    it wins from there with best play, as ``solver.analyse_play`` counts.
    ``played_tricks``: the complete tricks so far, each with its number,
    its cards with who played them (from the leader) and its winner: the
    page's "Last trick" and the list of tricks at the end. ``must_trump``:
    the game's rule for a hand void in the suit led (Siberian Vint).
    """
    hands = {s.name: play.hand(s).to_pbn() for s in SEATS}
    won = play.tricks_won(declaring)
    state = {"hands": hands, "trick": [str(c) for c in play.trick],
             "trick_leader": play.trick_leader.name, "declaring_side": declaring,
             "tricks": {"NS": play.tricks_won("NS"), "EW": play.tricks_won("EW")},
             "played_tricks": [_trick_data(t) for t in play.tricks],
             "on_move": None, "values": {}}
    if not any(play.masks):
        return state
    on_move = play.on_move
    state["on_move"] = on_move.name
    values = solver.solve_cards(play.remaining(), play.trump, play.trick_leader,
                                played=play.trick, must_trump=must_trump)
    remaining = play.total_tricks - len(play.tricks)
    for card, v in values.items():
        ours = v if on_move.side == declaring else remaining - v
        state["values"][str(card)] = won + ours
    return state



def _trick_data(trick: "solver.Trick") -> dict:
    """A complete trick as the page draws it (practice's ``last_trick`` too)."""
    return {"number": trick.number, "winner": trick.winner.name,
            "cards": [{"seat": seat.name, "card": str(card)} for seat, card in trick.cards]}
