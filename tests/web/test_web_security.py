"""The web server as an attacker and a heavy user would probe it (issue 25).

Each test starts the server in this process on a free port of 127.0.0.1 and
sends it raw HTTP requests (any Host, Origin and body it likes), bounded in
number and time.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
import tracemalloc
import uuid
from contextlib import contextmanager

import pytest

from advisor.records import FormatError, read_games, read_games_file
from advisor.web import create_app
from helpers import DATA

EXAMPLE = "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765"
# A Skruuvi deal whose misère searches with the aces run for many seconds each
# (a job that does not finish by itself within these tests).
SLOW_SKRUUVI = "N:KJ.A7.AQ3.AKQJ63 A64.T9863.T8742. T9872.KQ2.KJ6.85 Q53.J54.95.T9742"
# A LIN deal refused under Vint's rules (a lower bid after a higher one).
REFUSED_LIN = ("md|3SQ54H5432D43CKQJ4,S876H876D9876C765,SAK32HAKQJDT2CA32,|sv|o|"
               "mb|2H|mb|1S|mb|p|mb|p|mb|p|\n")


class Server:
    """``create_app(**options)`` served on a free port of 127.0.0.1 in a thread."""

    def __init__(self, **options):
        from werkzeug.serving import make_server

        holder = {}
        self.srv = make_server("127.0.0.1", 0, lambda env, start: holder["app"](env, start),
                               threaded=True)
        self.port = self.srv.server_port
        self.app = holder["app"] = create_app(port=self.port, **options)
        self.runner = self.app.extensions["vint_jobs"]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.srv.serve_forever, daemon=True)
        self.thread.start()

    def request(self, method, path, body=None, *, host=None, origin="ours", headers=None,
                content_type="application/json"):
        """``(status, JSON answer)``; ``origin``: "ours", None (no Origin) or a value."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        head = {"Host": host or f"127.0.0.1:{self.port}"}
        if origin == "ours":
            head["Origin"] = self.origin
        elif origin is not None:
            head["Origin"] = origin
        if body is not None:
            head["Content-Type"] = content_type
            if isinstance(body, (dict, list)):
                body = json.dumps(body)
            if isinstance(body, str):
                body = body.encode("utf-8")
        head.update(headers or {})
        try:
            conn.request(method, path, body=body, headers=head)
            response = conn.getresponse()
            raw = response.read()
        finally:
            conn.close()
        try:
            data = json.loads(raw)
        except ValueError:
            data = raw.decode("utf-8", "replace")
        return response.status, data

    def upload(self, content: bytes, name: str = "upload.pbn", **fields):
        boundary = uuid.uuid4().hex
        parts = []
        for key, value in fields.items():
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n'
                         f'{value}\r\n'.encode())
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
                     f'filename="{name}"\r\nContent-Type: application/octet-stream\r\n\r\n'
                     .encode() + content + b"\r\n")
        parts.append(f"--{boundary}--\r\n".encode())
        return self.request("POST", "/api/review", b"".join(parts),
                            content_type=f"multipart/form-data; boundary={boundary}")

    def finish(self, job, timeout=120):
        deadline = time.monotonic() + timeout
        while job["state"] in ("queued", "running"):
            assert time.monotonic() < deadline, f"job {job['kind']} did not finish"
            time.sleep(0.05)
            _status, job = self.request("GET", f"/api/jobs/{job['id']}")
        return job

    def close(self):
        self.srv.shutdown()
        self.runner.shutdown()


@contextmanager
def served(**options):
    server = Server(**options)
    try:
        yield server
    finally:
        server.close()


@pytest.fixture(scope="module")
def server():
    with served(workers=2) as s:
        yield s


def wait_for(condition, timeout=15.0):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


# --------------------------------------------------------------------------
# Text from a request is only ever text

def test_an_upload_naming_a_file_on_the_server_is_not_read_as_that_file(server):
    real = str((DATA / "vint_game.pbn").resolve())
    answers = {}
    for path in (real, "/etc/passwd", "/no/such/file.pbn"):
        status, data = server.upload(path.encode(), name="innocent.pbn")
        assert status == 400, data
        # The same answer whether the file exists or not: nothing about the disk leaks.
        answers[path] = data["error"].replace(repr(path), "PATH").replace(path, "PATH")
        assert "no deal found" in data["error"]
    assert len(set(answers.values())) == 1, answers


def test_read_games_takes_a_string_as_text_and_a_path_only_when_asked():
    path = DATA / "vint_game.pbn"
    with pytest.raises(FormatError, match="no deal found.*read_games_file"):
        read_games(str(path))
    assert len(read_games(path)) == 1 and len(read_games_file(str(path))) == 1
    with pytest.raises(FormatError, match="no such file"):
        read_games_file(str(DATA / "missing.pbn"))


# --------------------------------------------------------------------------
# Host and Origin

@pytest.mark.parametrize("host, allowed", [
    ("127.0.0.1:{port}", True), ("localhost:{port}", True), ("[::1]:{port}", True),
    ("LOCALHOST:{port}", True),
    ("evil.example", False), ("evil.example:{port}", False), ("127.0.0.1:1", False),
    ("127.0.0.1", False), ("127.0.0.1.evil.example:{port}", False), ("[::1", False),
])
def test_only_requests_for_this_servers_names_are_answered(server, host, allowed):
    status, data = server.request("GET", "/api/rules", host=host.format(port=server.port))
    if allowed:
        assert status == 200 and "vint" in data["rules"]
    else:
        assert status == 403 and ("answers to" in data["error"] or "Host" in data["error"])


def test_allow_host_adds_a_name():
    with served(workers=1, allow_hosts=["myhost.local"]) as s:
        assert s.request("GET", "/api/rules", host=f"myhost.local:{s.port}")[0] == 200
        assert s.request("GET", "/api/rules", host=f"other.local:{s.port}")[0] == 403


@pytest.mark.parametrize("headers, allowed", [
    ({"Origin": "http://evil.example"}, False),
    ({"Origin": "null"}, False),
    ({"Origin": "http://127.0.0.1:1"}, False),
    ({}, False),                                           # no Origin, no Referer
    ({"Referer": "http://evil.example/page"}, False),
    ({"Referer": "http://127.0.0.1:{port}/"}, True),
    ({"Origin": "http://localhost:{port}"}, True),
])
def test_a_change_must_come_from_this_servers_page(server, headers, allowed):
    headers = {k: v.format(port=server.port) for k, v in headers.items()}
    before = len(server.runner)
    status, data = server.request("POST", "/api/practice/new", {"seed": 1}, origin=None,
                                  headers=headers)
    if allowed:
        assert status == 202
        server.request("POST", f"/api/jobs/{data['id']}/cancel")
    else:
        assert status == 403, data
        assert len(server.runner) == before          # no job was started


def test_a_cross_site_form_post_starts_nothing(server):
    before = len(server.runner)
    status, _ = server.request("POST", "/api/practice/new", "seat=S",
                               content_type="application/x-www-form-urlencoded",
                               origin="http://evil.example")
    assert status == 403 and len(server.runner) == before


# --------------------------------------------------------------------------
# Bad bodies: 400 with a message, never 500, never a job

BAD_BODIES = [
    ("[" * 200_000, "larger than 64 KB"),
    ("[" * 60_000, "nested"),
    ("{", "not valid JSON"),
    ("[]", "JSON object"),
    ("", "no body"),
    (b"\xff\xfe{}", "not UTF-8"),
    ("9" * 5000, "not valid JSON"),
    ('{"a": ' * 30 + "1" + "}" * 30, "nested"),
]


@pytest.mark.parametrize("body, words", BAD_BODIES)
@pytest.mark.parametrize("path", ["/api/analyse", "/api/play", "/api/advise",
                                  "/api/practice/new"])
def test_a_body_that_is_not_one_json_object_is_a_400(server, path, body, words):
    before = len(server.runner)
    status, data = server.request("POST", path, body)
    assert status == 400, (status, data)
    assert words in data["error"]
    assert len(server.runner) == before


def test_a_practice_call_with_a_bad_body_is_a_400(server):
    status, data = server.request("POST", "/api/practice/new", {"seed": 3})
    sid = server.finish(data)["result"]["session"]
    for body, words in BAD_BODIES[:4]:
        status, data = server.request("POST", f"/api/practice/{sid}/call", body)
        assert status == 400 and words in data["error"]
    for field in ({"rules": ["vint"]}, {"seat": 7}, {"constraint": ["S", "hcp"]}):
        status, data = server.request("POST", "/api/practice/new", field)
        assert status == 400, data


# --------------------------------------------------------------------------
# Bounded work

def test_an_upload_of_too_many_deals_is_refused_before_it_is_read():
    with served(workers=1, max_deals=50) as s:
        pbn = "".join(f'[Deal "{EXAMPLE}"]\n\n' for _ in range(51)).encode()
        status, data = s.upload(pbn, name="many.pbn")
        assert status == 400 and "holds 51 deals" in data["error"] and "at most 50" in data["error"]
        assert len(s.runner) == 0
        status, data = s.upload(pbn[:len(pbn) // 51 * 50], name="fifty.pbn",
                                auction_review="off")
        assert status == 202


def test_jobs_are_limited_per_client_and_in_all():
    with served(workers=1, max_jobs=3, max_client_jobs=2) as s:
        slow = {"deal": SLOW_SKRUUVI, "rules": "skruuvi", "aces_seconds": 60}
        started = []
        for client in ("a", "a"):
            status, data = s.request("POST", "/api/analyse", slow,
                                     headers={"X-Vint-Client": client})
            assert status == 202
            started.append(data["id"])
        status, data = s.request("POST", "/api/analyse", slow, headers={"X-Vint-Client": "a"})
        assert status == 429 and "this page already has 2 jobs" in data["error"]
        status, data = s.request("POST", "/api/analyse", slow, headers={"X-Vint-Client": "b"})
        assert status == 202
        started.append(data["id"])
        status, data = s.request("POST", "/api/analyse", slow, headers={"X-Vint-Client": "c"})
        assert status == 429 and "server is busy" in data["error"]
        for job_id in started:
            s.request("POST", f"/api/jobs/{job_id}/cancel")
        # Cancelled jobs free their places at once.
        status, data = s.request("POST", "/api/analyse", {"deal": EXAMPLE},
                                 headers={"X-Vint-Client": "c"})
        assert status == 202


def _practice_session(s, **options):
    status, data = s.request("POST", "/api/practice/new", dict({"seed": 3}, **options))
    assert status == 202, data
    job = s.finish(data)
    assert job["state"] == "done", job
    return job["result"]["session"]


def test_advice_samples_are_bounded():
    with served(workers=1) as s:
        for samples in (401, 10_000, "10000", 0, "1e3", "\u00b2", 10 ** 30):
            status, data = s.request("POST", "/api/practice/new",
                                     {"seed": 3, "advice_samples": samples})
            assert status == 400, (samples, data)
            assert "advice_samples must be a whole number from 1 to 400" in data["error"]
        assert len(s.runner) == 0                      # nothing was started
        _practice_session(s, advice_samples=400)
        _practice_session(s, advice_samples="1")


def test_the_advisors_hint_is_a_job_within_the_page_limit():
    """The advisor's hint samples and solves for seconds: it is a job, counted
    against the page's jobs (429 past them), and stopped when cancelled."""
    with served(workers=1, max_jobs=4, max_client_jobs=2) as s:
        sid = _practice_session(s)                     # the advisor's 200 samples a hint
        page = {"X-Vint-Client": "a"}
        # Another page's long job holds the one worker, so the hints wait.
        status, data = s.request("POST", "/api/analyse", {
            "deal": SLOW_SKRUUVI, "rules": "skruuvi", "aces_seconds": 60},
            headers={"X-Vint-Client": "b"})
        assert status == 202
        blocker = data["id"]
        hints = []
        for _ in range(2):
            status, data = s.request("POST", f"/api/practice/{sid}/hint", {}, headers=page)
            assert status == 202 and data["kind"] == "practice-hint", data
            hints.append(data["id"])
        status, data = s.request("POST", f"/api/practice/{sid}/hint", {}, headers=page)
        assert status == 429 and "this page already has 2 jobs" in data["error"]
        # A hint asked from another site starts nothing (it changes the server's work).
        status, data = s.request("POST", f"/api/practice/{sid}/hint", {},
                                 origin="http://evil.example")
        assert status == 403
        # A running hint stops when cancelled, inside its searches.
        s.request("POST", f"/api/jobs/{hints[1]}/cancel")
        s.request("POST", f"/api/jobs/{blocker}/cancel")
        wait_for(lambda: s.runner.get(hints[0]).state == "running", timeout=30)
        # An answer given in the request does not wait out the session's job.
        started = time.monotonic()
        status, data = s.request("GET", f"/api/practice/{sid}/hint?quick=1")
        assert status == 429 and "busy with a job" in data["error"]
        assert time.monotonic() - started < 5
        s.request("POST", f"/api/jobs/{hints[0]}/cancel")
        started = time.monotonic()
        job = s.finish(s.request("GET", f"/api/jobs/{hints[0]}")[1], timeout=30)
        assert job["state"] == "cancelled" and time.monotonic() - started < 10
        # The quick call is still answered at once, and the session still works.
        status, data = s.request("GET", f"/api/practice/{sid}/hint?quick=1")
        assert status == 200 and data["by"] == "policy"


def test_the_advisors_hint_stops_at_the_job_time_limit():
    with served(workers=1, job_seconds=1.0) as s:
        sid = _practice_session(s, advice_samples=400)
        status, data = s.request("POST", f"/api/practice/{sid}/hint", {})
        assert status == 202
        started = time.monotonic()
        job = s.finish(data, timeout=30)
        assert job["state"] == "error" and "stopped after 1 s" in job["error"], job
        assert time.monotonic() - started < 10


def test_a_job_stops_at_its_time_limit_even_inside_a_search():
    with served(workers=1, job_seconds=1.0) as s:
        status, data = s.request("POST", "/api/analyse", {
            "deal": SLOW_SKRUUVI, "rules": "skruuvi", "aces_seconds": 60})
        assert status == 202
        started = time.monotonic()
        job = s.finish(data, timeout=30)
        assert job["state"] == "error" and "stopped after 1 s" in job["error"]
        assert time.monotonic() - started < 10


def test_a_job_nobody_polls_is_stopped_and_then_forgotten():
    with served(workers=1, idle_seconds=1.0) as s:
        status, data = s.request("POST", "/api/analyse", {
            "deal": SLOW_SKRUUVI, "rules": "skruuvi", "aces_seconds": 60})
        assert status == 202
        job = s.runner.get(data["id"])            # the object itself: asked about once
        wait_for(lambda: job.state == "running")
        # Nobody asks about it again: it is stopped inside its search...
        wait_for(lambda: job.state == "cancelled", timeout=15)
        assert job.stopped_by == "idle"
        # ... and, still unasked for, forgotten.
        wait_for(lambda: len(s.runner) == 0, timeout=15)
        status, data = s.request("GET", f"/api/jobs/{data['id']}")
        assert status == 404


def test_a_finished_job_is_forgotten_once_nobody_asks_for_it():
    with served(workers=1, idle_seconds=0.5) as s:
        status, data = s.request("POST", "/api/analyse", {"deal": EXAMPLE})
        job = s.finish(data)
        assert job["state"] == "done"
        wait_for(lambda: len(s.runner) == 0, timeout=10)


# --------------------------------------------------------------------------
# Memory

def test_refused_deals_keep_no_traceback_and_little_memory():
    text = REFUSED_LIN * 300
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        games = read_games(text, format="lin")
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(games) == 0 and len(games.errors) == 300
    for error in games.errors:
        while error is not None:
            assert error.__traceback__ is None
            error = error.__cause__ or error.__context__
    assert "not higher than" in str(games.errors[0])
    # Each refused deal's error with its message, not the reader's frames (8 KB each for these short deals before; 33 KB for long ones).
    assert kept / 300 < 3000, f"{kept / 300:.0f} bytes kept a refused deal"
