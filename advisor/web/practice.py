"""The practice tab's API: a ``advisor.practice.Practice`` session per page, kept in memory.

==========================================  ====================================
``POST /api/practice/new``                  a new session (a job): rules, seat,
                                            seed, constraint ``"S: hcp >= 12"``
``POST /api/practice/<session>/call``       the player's call (a job)
``POST /api/practice/<session>/undo``       take back the player's last call
``POST /api/practice/<session>/next``       the next board (skips an unfinished one)
``GET  /api/practice/<session>/hint``       the advisor's call and why
``GET  /api/practice/<session>/pbn``        the finished boards as PBN
==========================================  ====================================

Calls that end an auction solve the deal double-dummy, so they run as jobs
(``advisor.web.jobs``). Each answer is the session's ``state()``. A session's
operations run one at a time (a lock per session); at most
``MAX_SESSIONS`` sessions are kept, the least recently used forgotten first,
and a session nobody used for ``SESSION_IDLE_SECONDS`` is forgotten.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections import OrderedDict

from flask import Blueprint, Response, jsonify, request

from ..practice import Practice, PracticeError
from .guard import client_id, json_body
from .jobs import JobRunner

__all__ = ["practice_api", "MAX_SESSIONS", "SESSION_IDLE_SECONDS"]

MAX_SESSIONS = 50
#: A practice session unused for this long is forgotten (its page was closed).
SESSION_IDLE_SECONDS = 2 * 3600


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


def practice_api(runner: JobRunner) -> Blueprint:
    api = Blueprint("practice", __name__)
    sessions = _Sessions()

    def answer(sid: str, practice: Practice) -> dict:
        return dict(practice.state(), session=sid)

    def in_session(sid: str, kind: str, operation):
        practice, lock = sessions.get(sid)

        def work(job):
            with lock:
                operation(practice)
                return answer(sid, practice)
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
        constraint = data.get("constraint") or ""
        if not isinstance(constraint, str):
            raise PracticeError("constraint must be text, e.g. 'S: hcp >= 12'")
        constraint = constraint.strip()
        if constraint:
            seat, sep, text = constraint.partition(":")
            if not sep or not text.strip() or len(constraint) > 500:
                raise PracticeError("write a constraint as SEAT: EXPRESSION, e.g. 'S: hcp >= 12'")
            options["constraints"] = {seat.strip(): text.strip()}

        def work(job):
            practice = Practice(**options)
            return answer(sessions.add(practice), practice)
        return jsonify(runner.start("practice", work, client_id(request)).to_dict()), 202

    @api.post("/<sid>/call")
    def call(sid):
        text = json_body(request).get("call")
        if not isinstance(text, str) or not text.strip() or len(text) > 10:
            raise PracticeError("give the call as text, e.g. '1H' or 'P'")
        return in_session(sid, "practice-call", lambda p: p.call(text))

    @api.post("/<sid>/undo")
    def undo(sid):
        return in_session(sid, "practice-undo", lambda p: p.undo())

    @api.post("/<sid>/next")
    def next_board(sid):
        return in_session(sid, "practice-next", lambda p: p.skip())

    @api.get("/<sid>/hint")
    def hint(sid):
        practice, lock = sessions.get(sid)
        with lock:
            decision = practice.hint()
        return jsonify({"call": decision.call, "reason": decision.reason})

    @api.get("/<sid>/pbn")
    def pbn(sid):
        practice, lock = sessions.get(sid)
        with lock:
            text = practice.pbn()
        return Response(text, mimetype="text/plain",
                        headers={"Content-Disposition": "attachment; filename=practice.pbn"})

    return api
