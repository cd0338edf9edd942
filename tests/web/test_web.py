"""The web page's JSON API (advisor/web), through Flask's test client."""

from __future__ import annotations

import io
import json
import time

import pytest

import advisor
import solver
from advisor.web import create_app
from advisor.web.app import MAX_UPLOAD_BYTES
from advisor.web.jobs import Cancelled, JobRunner

from helpers import DATA, played_file

EXAMPLE = "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765"


@pytest.fixture(scope="module")
def client():
    app = create_app(workers=2)
    client = app.test_client()
    # As the page's own requests are: a browser names the page's origin.
    client.environ_base["HTTP_ORIGIN"] = "http://localhost"
    yield client
    app.extensions["vint_jobs"].shutdown()


def finish(client, response, timeout=120):
    """Follow a started job to its end; returns its final state."""
    assert response.status_code == 202, response.json
    job = response.json
    deadline = time.monotonic() + timeout
    while job["state"] in ("queued", "running"):
        assert time.monotonic() < deadline, f"job {job['kind']} did not finish"
        time.sleep(0.05)
        job = client.get(f"/api/jobs/{job['id']}").json
    return job


def test_rules_and_random_deals(client):
    data = client.get("/api/rules").json
    assert data["default"] == "vint" and "skruuvi" in data["rules"]
    # Preference is listed apart (players 0-2, not seats): the page offers it there.
    assert data["three_handed"] == ["preference"] and "preference" not in data["rules"]
    one = client.get("/api/deal/random?seed=7").json["deal"]
    assert client.get("/api/deal/random?seed=7").json["deal"] == one
    deal = solver.Deal.from_pbn(one)
    assert all(len(deal[s]) == 13 for s in solver.SEATS)


def test_analyse_gives_what_the_api_gives(client):
    job = finish(client, client.post("/api/analyse", json={"deal": EXAMPLE, "dealer": "E",
                                                          "rules": "vint-siberian"}))
    assert job["state"] == "done"
    expected = advisor.analyse(EXAMPLE, dealer="E", rules="vint-siberian").to_dict()
    assert job["result"] == expected


@pytest.mark.slow
def test_analyse_scores_skruuvi_misere_with_its_aces_when_asked(client):
    job = finish(client, client.post("/api/analyse", json={
        "deal": EXAMPLE, "rules": "skruuvi", "aces_seconds": "60"}))
    assert job["state"] == "done"
    expected = advisor.analyse(EXAMPLE, rules="skruuvi", aces_seconds=60).to_dict()
    assert job["result"] == expected and job["result"]["all_pass"]["aces"] == "exact"
    # Left empty (the page's field): the misère rows count their tricks only.
    job = finish(client, client.post("/api/analyse", json={
        "deal": EXAMPLE, "rules": "skruuvi", "aces_seconds": ""}))
    assert "aces" not in job["result"]["all_pass"]


@pytest.mark.parametrize("path, body, words", [
    ("/api/analyse", {"deal": "N:AK32"}, "four hands"),
    ("/api/analyse", {"deal": EXAMPLE, "rules": "bridge"}, "unknown rule set"),
    ("/api/analyse", {"deal": EXAMPLE, "dealer": "Q"}, "unknown seat"),
    ("/api/analyse", {}, "deal is missing"),
    ("/api/analyse", {"deal": 42}, "deal must be text"),
    ("/api/analyse", {"deal": "N:" + "A" * 5000}, "too long"),
    ("/api/analyse", {"deal": EXAMPLE, "aces_seconds": 5}, "vint has none"),
    ("/api/analyse", {"deal": EXAMPLE, "rules": "skruuvi", "aces_seconds": 500}, "1 to 120"),
    ("/api/analyse", {"deal": EXAMPLE, "rules": "skruuvi", "aces_seconds": "x"},
     "whole number"),
    ("/api/play", {"deal": EXAMPLE, "trump": "H", "leader": "E", "cards": ["SA"]},
     "not in that hand"),
    ("/api/play", {"deal": EXAMPLE, "trump": "X", "leader": "E"}, "unknown strain"),
    ("/api/play", {"deal": EXAMPLE, "cards": "SA"}, "must be a list"),
    ("/api/advise", {"hand": "AKQ87.KJ4.A2.T93", "seat": "S", "samples": 0}, "samples"),
    ("/api/advise", {"hand": "AKQ87.KJ4.A2.T93", "seat": "S", "samples": "many"},
     "whole number"),
])
def test_bad_input_is_a_400_naming_the_problem(client, path, body, words):
    response = client.post(path, json=body)
    assert response.status_code == 400
    assert words in response.json["error"]


def test_not_json_and_unknown_pages(client):
    response = client.post("/api/analyse", data="deal=N:...", content_type="text/plain")
    assert response.status_code == 400 and "JSON object" in response.json["error"]
    assert client.get("/api/nothing").status_code == 404
    assert client.get("/api/jobs/unknown").status_code == 404
    assert client.get("/api/analyse").status_code == 405


def test_play_values_are_the_solvers(client):
    cards = ["DA", "D3", "D6", "D2"]          # E leads the ace against NS's hearts
    job = finish(client, client.post("/api/play", json={
        "deal": EXAMPLE, "trump": "H", "leader": "E", "cards": cards}))
    state = job["result"]
    assert state["tricks"] == {"NS": 0, "EW": 1} and state["on_move"] == "E"
    assert state["trick"] == [] and state["declaring_side"] == "NS"
    play = solver.check_play(EXAMPLE, "H", "E", cards)
    values = solver.solve_cards(play.remaining(), "H", "E")
    # The declaring side's total: tricks won so far plus its best from here.
    assert state["values"] == {str(c): 12 - v for c, v in values.items()}
    assert state["hands"]["E"] == play.hand("E").to_pbn()
    # The complete tricks, each with who played what and who won it (the page's
    # "Last trick").
    assert state["played_tricks"] == [{"number": 1, "winner": "E", "cards": [
        {"seat": "E", "card": "DA"}, {"seat": "S", "card": "D3"},
        {"seat": "W", "card": "D6"}, {"seat": "N", "card": "D2"}]}]


def test_a_finished_play_has_no_one_on_move(client):
    deal = "N:A... K... Q... J..."
    job = finish(client, client.post("/api/play", json={
        "deal": deal, "trump": "NT", "leader": "N", "cards": ["SA", "SK", "SQ", "SJ"]}))
    assert job["result"]["on_move"] is None and job["result"]["tricks"] == {"NS": 1, "EW": 0}


def test_review_upload(client):
    data = {"file": (io.BytesIO((DATA / "vint_game.pbn").read_bytes()), "game.pbn"),
            "rules": "vint"}
    job = finish(client, client.post("/api/review", data=data,
                                     content_type="multipart/form-data"))
    assert job["state"] == "done" and job["result"]["deals"] == 1
    html = job["result"]["html"]
    assert html.startswith("<!DOCTYPE html>") and "game.pbn" in html
    assert html.count('class="mistake"') >= 2


def test_review_upload_errors(client):
    response = client.post("/api/review", data={}, content_type="multipart/form-data")
    assert response.status_code == 400 and "choose a PBN" in response.json["error"]
    big = {"file": (io.BytesIO(b"%" * (MAX_UPLOAD_BYTES + 10)), "big.pbn")}
    response = client.post("/api/review", data=big, content_type="multipart/form-data")
    assert response.status_code in (400, 413) and "larger than" in response.json["error"]
    bad = {"file": (io.BytesIO(b'[Event "x"]\n'), "empty.pbn")}
    response = client.post("/api/review", data=bad, content_type="multipart/form-data")
    assert response.status_code == 400 and "no deal found" in response.json["error"]


def test_advise_reports_progress_and_the_call(client):
    job = finish(client, client.post("/api/advise", json={
        "hand": "AKQJT98.A.A.A987", "seat": "S", "dealer": "S", "auction": "",
        "samples": 16, "seed": 3}))
    assert job["state"] == "done"
    result = job["result"]
    assert result["call"] in [c["call"] for c in result["candidates"]]
    assert job["progress"]["done"] == result["samples"]


def test_advise_for_preference_samples_the_unseen_hands_and_widow(client):
    job = finish(client, client.post("/api/advise", json={
        "rules": "preference", "hand": "AKQJ.AKQJ.7.7", "seat": "0", "dealer": "2",
        "samples": 12, "seed": 3}))
    assert job["state"] == "done", job
    result = job["result"]
    assert result["rules"] == "preference" and result["round"] == "trump"
    assert result["call"] == "H" and {c["call"] for c in result["candidates"]} == set("PSCDH")
    bad = client.post("/api/advise", json={
        "rules": "preference", "hand": "AKQJ.AKQJ.7.7", "seat": "N"})
    assert bad.status_code == 400 and "player 0, 1 or 2" in bad.json["error"]


def test_review_of_a_preference_file(client):
    from helpers.preference import played
    data = {"file": (io.BytesIO(json.dumps(played(2, "S")).encode()), "pref.json"),
            "rules": "preference"}
    job = finish(client, client.post("/api/review", data=data,
                                     content_type="multipart/form-data"))
    assert job["state"] == "done", job
    result = job["result"]
    assert result["deals"] == 1 and "declares S" in result["html"]
    assert result["reviews"][0]["tricks_taken"] == result["reviews"][0]["dd_start"]
    # The deal comes back with its review, for the page to draw the hands and widow.
    assert result["reviews"][0]["deal"] == played(2, "S")["deal"]


# --------------------------------------------------------------------------
# Jobs

def test_a_cancelled_job_stops_at_its_next_progress_report():
    runner = JobRunner(workers=1)
    reached = []

    def work(job):
        for i in range(1000):
            job.progress(i, 1000)
            reached.append(i)
            time.sleep(0.01)
        return "finished"

    job = runner.start("slow", work)
    while not reached:
        time.sleep(0.01)
    runner.cancel(job.id)
    deadline = time.monotonic() + 5
    while job.state == "running" and time.monotonic() < deadline:
        time.sleep(0.01)
    assert job.state == "cancelled" and len(reached) < 1000 and job.result is None
    runner.shutdown()


def test_a_failing_job_shows_a_short_message_not_a_traceback(caplog):
    runner = JobRunner(workers=1)

    def broken(job):
        raise KeyError("secret internals")

    def bad_input(job):
        raise solver.DealError("card SA appears twice")

    jobs = [runner.start("broken", broken), runner.start("bad", bad_input)]
    deadline = time.monotonic() + 5
    while any(j.state in ("queued", "running") for j in jobs) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert jobs[0].state == "error" and "secret" not in jobs[0].error
    assert jobs[0].error.startswith("internal error")
    assert jobs[1].state == "error" and jobs[1].error == "card SA appears twice"
    runner.shutdown()


def test_cancelled_is_not_a_value_error():
    # A cancelled job must not be reported as bad input.
    assert not issubclass(Cancelled, ValueError)


# -- the practice tab ------------------------------------------------------------------

@pytest.mark.slow
def test_practice_session_through_the_api(client):
    job = finish(client, client.post("/api/practice/new",
                                     json={"seat": "S", "seed": 4, "advice_samples": 16}))
    assert job["state"] == "done", job
    state = job["result"]
    sid = state["session"]
    assert state["seat"] == "S" and state["to_call"] == "S" and "P" in state["legal"]
    # An illegal call is a clear message; the session is unchanged.
    bad = finish(client, client.post(f"/api/practice/{sid}/call", json={"call": "9H"}))
    assert bad["state"] == "error" and "not a call" in bad["error"]
    # The hint is the advisor's recommendation (as vint advise gives it): a
    # job, whose result is the state with the hint; with GET ?quick=1 the
    # policy's call at once, said to be the policy's.
    job = finish(client, client.post(f"/api/practice/{sid}/hint", json={}))
    assert job["state"] == "done" and job["kind"] == "practice-hint", job
    hint = job["result"].pop("hint")
    assert job["result"] == state                 # asking for a hint changes nothing
    assert hint["call"] in state["legal"] and hint["reason"] and hint["by"] == "advisor"
    assert "samples" in hint["reason"]
    # A reloaded page asks for the session's state: the same as the last answer.
    assert client.get(f"/api/practice/{sid}").json == state
    quick = client.get(f"/api/practice/{sid}/hint?quick=1").json
    assert quick["by"] == "policy" and quick["reason"].startswith("the policy's quick call")
    for query in ("?quick=maybe", "", "?quick=0"):
        refused = client.get(f"/api/practice/{sid}/hint{query}")
        assert refused.status_code == 400, query
    assert "POST /api/practice/<session>/hint" in refused.json["error"]
    # Follow the quick hints to the end of the auction.
    while state["phase"] == "auction":
        call = client.get(f"/api/practice/{sid}/hint?quick=1").json["call"]
        state = finish(client, client.post(f"/api/practice/{sid}/call", json={"call": call}))["result"]
    assert not state["finished"], "seed 4's auction ends in a contract the player plays"
    state = _play_the_board(client, sid, state)
    assert state["result"]["par"] is not None and state["boards_done"] == 1
    assert set(state["hands"]) == {"N", "E", "S", "W"}
    pbn = client.get(f"/api/practice/{sid}/pbn")
    assert pbn.status_code == 200 and "[Deal " in pbn.get_data(as_text=True)
    nxt = finish(client, client.post(f"/api/practice/{sid}/next", json={}))["result"]
    assert nxt["board"] == 2 and not nxt["finished"]


def _play_the_board(client, sid, state):
    """Play the player's cards through the API: a refused card, a hint, the
    hint's card, undo and the card again, then a claim or auto to the end."""
    post = lambda what, body=None: finish(  # noqa: E731
        client, client.post(f"/api/practice/{sid}/{what}", json=body or {}))
    play = state["play"]
    assert state["phase"] == "play" and play["on_move"] == "S" and play["legal"]
    assert play["contract"] and len(play["trick"]) == len(state["play"]["cards"]) % 4
    illegal = next((c for c in _cards(play["left"]) if c not in play["legal"]), None)
    if illegal:
        bad = post("card", {"card": illegal})
        assert bad["state"] == "error" and "cannot be played" in bad["error"]
    hinted = post("card-hint")["result"]
    choice = hinted["card_hint"]["choice"]
    assert choice in play["legal"] and hinted["card_hint"]["cards"][0]["card"] == choice
    after = post("card", {"card": choice})["result"]
    mine = [c for c in after["play"]["cards"] if c["player"]]
    assert mine and mine[0]["card"] == choice and mine[0]["seat"] == "S"
    back = post("undo")["result"]
    assert back["play"]["legal"] == play["legal"] and back["play"]["cards"] == play["cards"]
    assert post("card", {"card": choice})["result"]["play"] == after["play"]
    claim = post("claim")["result"]
    if not claim["claim"]["granted"]:
        assert "with best play" in claim["claim"]["words"] and not claim["finished"]
        claim = post("auto")["result"]
    assert claim["finished"] and claim["result"]["played"]
    return claim


def _cards(pbn_hand):
    """'AK.Q..2' -> ['SA', 'SK', 'HQ', 'C2']"""
    return [s + r for s, ranks in zip("SHDC", pbn_hand.split(".")) for r in ranks]


def test_practice_with_changing_partners_through_the_api(client):
    job = finish(client, client.post("/api/practice/new",
                                     json={"seat": "S", "seed": 4, "partners": True}))
    assert job["state"] == "done", job
    partners = job["result"]["sheet"]["partners"]
    assert partners["seating"] == {"N": "N", "E": "E", "S": "You", "W": "W"}
    assert partners["partnership"] == 1 and partners["of"] == 3
    assert partners["totals"] == {"You": 0, "W": 0, "N": 0, "E": 0}
    plain = finish(client, client.post("/api/practice/new", json={"seat": "S", "seed": 4}))
    assert "partners" not in plain["result"]["sheet"]
    r = client.post("/api/practice/new", json={"partners": "yes"})
    assert r.status_code == 400 and "partners must be true or false" in r.json["error"]


def test_preference_practice_through_the_api(client):
    job = finish(client, client.post("/api/practice/new",
                                     json={"rules": "preference", "seat": "0", "seed": 3}))
    assert job["state"] == "done", job
    state = job["result"]
    sid = state["session"]
    assert state["rules"] == "preference" and state["seat"] == 0 and len(state["hand"]) == 10
    quick = client.get(f"/api/practice/{sid}/hint?quick=1")
    assert quick.status_code == 400 and "no quick hint" in quick.json["error"]
    while not state["finished"]:
        hinted = finish(client, client.post(f"/api/practice/{sid}/hint", json={}))["result"]
        call = hinted["hint"]["call"]
        state = finish(client, client.post(f"/api/practice/{sid}/call",
                                           json={"call": call}))["result"]
    assert state["boards_done"] == 1 and len(state["hands"]) == 3
    assert sum(state["sheet"]["balance"].values()) + state["sheet"]["pool"] == 0
    nxt = finish(client, client.post(f"/api/practice/{sid}/next", json={}))["result"]
    assert nxt["board"] == 2


def test_preference_four_player_practice_through_the_api(client):
    """"players": 4: the dealer takes no cards (issue 29, seed 001)."""
    job = finish(client, client.post("/api/practice/new", json={
        "rules": "preference", "seat": "3", "seed": 3, "players": 4}))
    state = job["result"]
    # Board 1: person 3 (the player) deals and sits out; the board ends by itself.
    assert (state["persons"], state["dealer"], state["sitting_out"]) == (4, 3, 3)
    assert state["hand"] == [] and state["finished"] and state["hands"][3] is None
    assert len(state["sheet"]["balance"]) == 4
    r = client.post("/api/practice/new", json={"rules": "preference", "players": 5})
    assert r.status_code == 400 and "3 or 4 players" in r.json["error"]


def test_practice_errors_are_messages(client):
    r = client.post("/api/practice/nosuch/call", json={"call": "P"})
    assert r.status_code == 400 and "no such practice session" in r.json["error"]
    r = client.get("/api/practice/" + "0" * 32)
    assert r.status_code == 400 and "no such practice session" in r.json["error"]
    r = client.post("/api/practice/new", json={"seed": "abc"})
    assert r.status_code == 400 and "seed" in r.json["error"]
    r = client.post("/api/practice/new", json={"constraint": "hcp >= 12"})
    assert r.status_code == 400 and "SEAT: EXPRESSION" in r.json["error"]
    r = client.post("/api/practice/nosuch/card", json={"card": ["SA"]})
    assert r.status_code == 400 and "give the card as text" in r.json["error"]
    r = client.post("/api/practice/nosuch/claim", json={"tricks": "all"})
    assert r.status_code == 400 and "tricks must be a number" in r.json["error"]


def test_review_upload_of_a_bridge_file_play_only(client):
    # Doubles and lower bids: refused as Vint auctions, reviewed with "play only".
    pbn = played_file("ben__BBO_Forums_Sunday_Daylong_Daylong.pbn")
    raw = pbn.read_bytes()
    data = {"file": (io.BytesIO(raw), "bridge.pbn"), "rules": "vint"}
    job = finish(client, client.post("/api/review", data=data,
                                     content_type="multipart/form-data"))
    # Not Vint auctions: the file is found to be a bridge file and read play only.
    assert (job["result"]["deals"], job["result"]["errors"]) == (10, 0)
    assert "looks like a bridge file" in job["result"]["hint"]
    assert "play only: the auction" in job["result"]["html"]
    data = {"file": (io.BytesIO(raw), "bridge.pbn"), "rules": "vint", "play_only": "on",
            "auction_review": "on"}
    job = finish(client, client.post("/api/review", data=data,
                                     content_type="multipart/form-data"))
    assert job["state"] == "done" and job["result"]["deals"] == 10
    assert "play only: the auction" in job["result"]["html"]


def test_a_bridge_file_upload_is_reviewed_play_only_with_a_notice(client):
    # Issue 28: "0 deal(s) reviewed, 1 could not be read" and nothing said
    # "play only"; now the file is found to be a bridge file and its play
    # reviewed, with a one-line notice naming the uploaded file.
    text = played_file("bridgebots__sample.lin").read_text(encoding="utf-8").splitlines()[0]
    data = {"file": (io.BytesIO(text.encode()), "sample.lin"), "rules": "vint"}
    job = finish(client, client.post("/api/review", data=data,
                                     content_type="multipart/form-data"))
    result = job["result"]
    assert result["deals"] == 1 and result["errors"] == 0
    assert result["hint"].startswith("sample.lin looks like a bridge file")
    assert "play only: the auction" in result["html"]
    data = {"file": (io.BytesIO(text.encode()), "sample.lin"), "rules": "vint",
            "play_only": "on"}
    job = finish(client, client.post("/api/review", data=data,
                                     content_type="multipart/form-data"))
    assert job["result"]["deals"] == 1 and job["result"]["hint"] == ""


def test_skruuvi_practice_doubling_round_through_the_api(client):
    """The player's own doubling-round call (issue 31): seed 1, East plays 5H
    and South, on his left, doubles."""
    job = finish(client, client.post("/api/practice/new", json={
        "rules": "skruuvi", "seat": "S", "seed": 1, "advice": "policy"}))
    state = job["result"]
    sid = state["session"]
    while state["stage"] == "auction":
        call = client.get(f"/api/practice/{sid}/hint?quick=1").json["call"]
        state = finish(client, client.post(f"/api/practice/{sid}/call",
                                           json={"call": call}))["result"]
    assert state["stage"] == "doubling" and state["legal"] == ["P", "X"]
    hint = client.get(f"/api/practice/{sid}/hint?quick=1").json
    assert hint["reason"].startswith("the computer's own rule")
    state = finish(client, client.post(f"/api/practice/{sid}/call", json={"call": "X"}))["result"]
    # The doubled contract goes to the play.
    assert state["phase"] == "play" and state["stage"] is None and state["doubled"] == 1
    assert (state["play"]["contract"], state["play"]["declarer"]) == ("5H", "E")
    assert [c["stage"] for c in state["auction"]][-3:] == ["doubling"] * 3
    bad = client.post("/api/practice/new", json={"advice": "oracle"})
    assert bad.status_code == 400 and "advice must be" in bad.json["error"]


def test_the_play_tab_plays_by_the_games_rules(client):
    """Siberian Vint on the Play tab (issue 29's example): the declarer leads
    and a hand void in the suit led must trump, so NS take 1 trick where free
    discards give them none; the page names the declarer and the game."""
    deal = "N:Q.3.4. 4.85.. 7..5.9 .6.9.3"
    free = finish(client, client.post("/api/play", json={
        "deal": deal, "trump": "H", "declarer": "W", "rules": "vint", "cards": []}))["result"]
    assert free["on_move"] == "N" and free["declaring_side"] == "EW"
    assert 3 - max(free["values"].values()) == 0          # NS's tricks with free discards
    siberian = finish(client, client.post("/api/play", json={
        "deal": deal, "trump": "H", "declarer": "N", "rules": "vint-siberian",
        "cards": []}))["result"]
    assert siberian["on_move"] == "N" and siberian["declaring_side"] == "NS"
    assert max(siberian["values"].values()) == 1
    values = solver.solve_cards(deal, "H", "N", must_trump=True)
    assert siberian["values"] == {str(c): v for c, v in values.items()}
    # After the spades from North, East and South, West, void in spades with a
    # trump, may only trump.
    after = finish(client, client.post("/api/play", json={
        "deal": deal, "trump": "H", "declarer": "N", "rules": "vint-siberian",
        "cards": ["SQ", "S4", "S7"]}))["result"]
    assert after["on_move"] == "W" and set(after["values"]) == {"H6"}
    refused = client.post("/api/play", json={
        "deal": deal, "trump": "H", "declarer": "N", "rules": "vint-siberian",
        "cards": ["SQ", "S4", "S7", "D9"]})
    assert refused.status_code == 400 and "trump" in refused.json["error"]
