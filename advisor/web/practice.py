"""The practice tab's API: a ``advisor.practice.Practice`` session per page, kept in memory.

==========================================  ====================================
``POST /api/practice/new``                  a new session (a job): rules, seat,
                                            seed, constraint ``"S: hcp >= 12"``,
                                            advice (``advisor`` or ``policy``),
                                            advice_samples (the advisor's deals
                                            per hint: 1 to
                                            ``MAX_ADVICE_SAMPLES`` = 400; the
                                            default 200)
``POST /api/practice/<session>/call``       the player's call (a job)
``POST /api/practice/<session>/card``       the player's card: ``{"card": "SA"}``;
                                            the computer plays on to his next
                                            turn (a job)
``POST /api/practice/<session>/card-hint``  the computer's card for the player,
                                            each card's expectation (a job:
                                            ``card_hint`` in the state)
``POST /api/practice/<session>/claim``      claim the tricks left (``{"tricks":
                                            N}``: N of them); ``claim`` in the
                                            state says if it stood (a job)
``POST /api/practice/<session>/auto``       the computer plays the player's
                                            cards to the end of the board (a job)
``POST /api/practice/<session>/undo``       take back the player's last card or call
``POST /api/practice/<session>/next``       the next board (skips an unfinished one)
``POST /api/practice/<session>/hint``       the advisor's call and why (a job:
                                            ``hint`` in the state, ``{"call",
                                            "reason", "by"}``; ``by`` says whose)
``GET  /api/practice/<session>/hint``       ``?quick=1`` only: the policy's call
                                            at once (the advisor's takes
                                            seconds: the job above)
``GET  /api/practice/<session>/pbn``        the finished boards as PBN (with the play)
``GET  /api/practice/<session>``            the session's state, as the last answer
                                            gave it: a reloaded page (its link
                                            holds the session) draws it again
==========================================  ====================================

Calls that end an auction solve the deal double-dummy, the computer's cards
sample and solve deals (about a second a card), and the advisor's hint
samples and solves a few hundred deals (8 to 30 s), so they run as jobs
(``advisor.web.jobs``: within its limits on jobs and time, stopped when the
page cancels): ``auto`` reports each card as progress and stops between
cards when the page cancels it. Each answer is the session's
``state()``; nothing is kept per request beyond the sessions. A session's
operations run one at a time (a lock per session; the answers given at once,
the quick hint and the PBN, wait at most ``LOCK_WAIT_SECONDS`` for a session
busy with a job, then are a 429); at most
``MAX_SESSIONS`` sessions are kept, the least recently used forgotten first,
and a session nobody used for ``SESSION_IDLE_SECONDS`` is forgotten.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections import OrderedDict
from contextlib import contextmanager

from flask import Blueprint, Response, jsonify, request

from ..practice import Practice, PracticeError
from ..preference_practice import PreferencePractice
from ..rules import three_handed_names
from .guard import client_id, json_body
from .jobs import Busy, JobRunner

__all__ = ["practice_api", "MAX_SESSIONS", "SESSION_IDLE_SECONDS", "MAX_ADVICE_SAMPLES"]

MAX_SESSIONS = 50
#: A practice session unused for this long is forgotten (its page was closed).
SESSION_IDLE_SECONDS = 2 * 3600
#: The most deals a page may ask the advisor to sample for one hint (twice
#: ``recommend``'s 200: about a minute a hint at most; the command line has no
#: such limit).
MAX_ADVICE_SAMPLES = 400
#: How long a request answered at once (the quick hint, the PBN) waits for its
#: session's lock, held by a job for up to the job time limit, before a 429.
LOCK_WAIT_SECONDS = 2.0


class _Sessions:
    def __init__(self):
        self._items: "OrderedDict[str, tuple]" = OrderedDict()
        self._lock = threading.Lock()

    def add(self, practice: Practice) -> str:
        sid = uuid.uuid4().hex
        with self._lock:
            self._forget_idle()
            self._items[sid] = (practice, threading.Lock(), time.monotonic())
            while len(self._items) > MAX_SESSIONS:
                self._items.popitem(last=False)
        return sid

    def get(self, sid: str):
        """``(practice, lock)`` of a session, marked as used now."""
        with self._lock:
            self._forget_idle()
            item = self._items.get(sid)
            if item is None:
                raise PracticeError("no such practice session (it may have expired): "
                                    "start a new one")
            self._items[sid] = item[:2] + (time.monotonic(),)
            self._items.move_to_end(sid)
            return item[:2]

    def _forget_idle(self) -> None:
        # The least recently used come first: drop them while they are idle.
        now = time.monotonic()
        while self._items:
            sid, (_p, _lock, used) = next(iter(self._items.items()))
            if now - used <= SESSION_IDLE_SECONDS:
                break
            del self._items[sid]


@contextmanager
def _held_briefly(lock: threading.Lock):
    """Hold a session's lock for an answer given in the request; ``Busy``
    (HTTP 429) when a job of the session holds it, so that no request thread
    waits out another's job."""
    if not lock.acquire(timeout=LOCK_WAIT_SECONDS):
        raise Busy("this practice session is busy with a job (a hint, a call or the play): "
                   "ask again when it has finished")
    try:
        yield
    finally:
        lock.release()


def practice_api(runner: JobRunner) -> Blueprint:
    api = Blueprint("practice", __name__)
    sessions = _Sessions()

    def answer(sid: str, practice: Practice) -> dict:
        return dict(practice.state(), session=sid)

    def in_session(sid: str, kind: str, operation):
        """Run ``operation(practice, job)`` as a job; its answer is the state,
        with what the operation returned when that is a dict."""
        practice, lock = sessions.get(sid)

        def work(job):
            with lock:
                extra = operation(practice, job)
                return dict(answer(sid, practice), **(extra if isinstance(extra, dict) else {}))
        return jsonify(runner.start(kind, work, client_id(request)).to_dict()), 202

    @api.post("/new")
    def new():
        data = json_body(request)
        options = {"rules": data.get("rules") or "vint", "seat": data.get("seat") or "S"}
        for key, value in options.items():
            if not isinstance(value, str) or len(value) > 40:
                raise PracticeError(f"{key} must be a short text, such as "
                                    f"{'vint' if key == 'rules' else 'S'}")
        seed = data.get("seed")
        if seed not in (None, ""):
            if isinstance(seed, bool) or not str(seed).lstrip("-").isdigit() or len(str(seed)) > 12:
                raise PracticeError(f"seed must be a whole number, not {str(seed)[:20]!r}")
            options["seed"] = int(seed)
        partners = data.get("partners", False)
        if not isinstance(partners, bool):
            raise PracticeError("partners must be true or false")
        if partners:
            options["partners"] = True
        constraint = data.get("constraint") or ""
        if not isinstance(constraint, str):
            raise PracticeError("constraint must be text, e.g. 'S: hcp >= 12'")
        constraint = constraint.strip()
        if constraint:
            seat, sep, text = constraint.partition(":")
            if not sep or not text.strip() or len(constraint) > 500:
                raise PracticeError("write a constraint as SEAT: EXPRESSION, e.g. 'S: hcp >= 12'")
            options["constraints"] = {seat.strip(): text.strip()}
        advice = data.get("advice") or "advisor"
        if advice not in ("advisor", "policy"):
            raise PracticeError("advice must be 'advisor' or 'policy'")
        options["advice"] = advice
        samples = data.get("advice_samples")
        if samples not in (None, ""):
            text = str(samples)
            if isinstance(samples, bool) or not (text.isascii() and text.isdigit()) \
                    or len(text) > 6 or not 1 <= int(text) <= MAX_ADVICE_SAMPLES:
                raise PracticeError(f"advice_samples must be a whole number from 1 to "
                                    f"{MAX_ADVICE_SAMPLES}, not {text[:20]!r}")
            options["advice_samples"] = int(text)

        if options["rules"].strip().lower() in three_handed_names():
            # Three players: the seat is a player 0, 1, 2, or 0-3 with "players": 4
            # (advisor.preference_practice).
            seat = data.get("seat")
            seat = 0 if seat in (None, "", "S") else seat
            if options.get("constraints") or options.get("partners"):
                raise PracticeError("constraints and changing partners are not Preference "
                                    "practice options")

            # "players": 4, the four-player form (the dealer takes no cards).
            persons = data.get("players", 3)
            if persons not in (3, 4, "3", "4"):
                raise PracticeError(f"Preference is played by 3 or 4 players, not {persons!r}")

            def work(job):
                practice = PreferencePractice(seat, seed=options.get("seed"),
                                              persons=int(persons))
                return answer(sessions.add(practice), practice)
            return jsonify(runner.start("practice", work, client_id(request)).to_dict()), 202

        def work(job):
            practice = Practice(**options)
            return answer(sessions.add(practice), practice)
        return jsonify(runner.start("practice", work, client_id(request)).to_dict()), 202

    @api.post("/<sid>/call")
    def call(sid):
        text = json_body(request).get("call")
        if not isinstance(text, str) or not text.strip() or len(text) > 10:
            raise PracticeError("give the call as text, e.g. '1H' or 'P'")
        return in_session(sid, "practice-call", lambda p, job: p.call(text))

    @api.post("/<sid>/card")
    def card(sid):
        text = json_body(request).get("card")
        if not isinstance(text, str) or not text.strip() or len(text) > 4:
            raise PracticeError("give the card as text, suit then rank, e.g. 'SA' or 'H10'")
        return in_session(sid, "practice-card", lambda p, job: p.play_card(text.strip()))

    @api.post("/<sid>/card-hint")
    def card_hint(sid):
        return in_session(sid, "practice-card-hint",
                          lambda p, job: {"card_hint": p.card_hint().to_dict()})

    @api.post("/<sid>/claim")
    def claim(sid):
        tricks = json_body(request).get("tricks")
        if tricks in ("", None):
            tricks = None
        elif isinstance(tricks, bool) or not str(tricks).isdigit() or len(str(tricks)) > 2:
            raise PracticeError(f"tricks must be a number of tricks, not {str(tricks)[:20]!r}")
        else:
            tricks = int(tricks)

        def claim_work(p, job):
            granted, words = p.claim(tricks)
            return {"claim": {"granted": granted, "words": words}}
        return in_session(sid, "practice-claim", claim_work)

    @api.post("/<sid>/auto")
    def auto(sid):
        def auto_work(p, job):
            left = 4 * p.board.play.tricks_left if p.board.play is not None else 0
            # job.progress raises Cancelled between cards once the page stops it.
            p.auto(on_card=lambda done: job.progress(done, left))
        return in_session(sid, "practice-auto", auto_work)

    @api.post("/<sid>/undo")
    def undo(sid):
        return in_session(sid, "practice-undo", lambda p, job: p.undo())

    @api.post("/<sid>/next")
    def next_board(sid):
        return in_session(sid, "practice-next", lambda p, job: p.skip())

    @api.post("/<sid>/hint")
    def hint(sid):
        def hint_work(p, job):
            if isinstance(p, Practice):
                decision = p.hint()
                by = "policy" if p.advice == "policy" else "advisor"
            else:                          # Preference: its own advisor
                decision, by = p.hint(), "advisor"
            return {"hint": {"call": decision.call, "reason": decision.reason, "by": by}}
        return in_session(sid, "practice-hint", hint_work)

    @api.get("/<sid>/hint")
    def quick_hint(sid):
        # Only the policy's call (about a millisecond) is answered in the
        # request; the advisor's samples deals for seconds, so it is a job.
        quick = request.args.get("quick", "")
        if quick not in ("1", "true"):
            raise PracticeError("GET .../hint answers only ?quick=1 (the policy's call); the "
                                "advisor's hint is a job: POST /api/practice/<session>/hint")
        practice, lock = sessions.get(sid)
        if not isinstance(practice, Practice):
            raise PracticeError("Preference practice has no quick hint: its advisor's is a "
                                "job, POST /api/practice/<session>/hint")
        with _held_briefly(lock):
            decision = practice.hint(quick=True)
        return jsonify({"call": decision.call, "reason": decision.reason, "by": "policy"})

    @api.get("/<sid>")
    def state(sid):
        practice, lock = sessions.get(sid)
        with _held_briefly(lock):
            return jsonify(answer(sid, practice))

    @api.get("/<sid>/pbn")
    def pbn(sid):
        practice, lock = sessions.get(sid)
        with _held_briefly(lock):
            text = practice.pbn()
        return Response(text, mimetype="text/plain",
                        headers={"Content-Disposition": "attachment; filename=practice.pbn"})

    return api
