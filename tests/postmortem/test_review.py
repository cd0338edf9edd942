"""Post-mortem review: costly cards, their cost in tricks and points, the auction review, par."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

import advisor
import solver
from advisor import rules as game_rules
from advisor.cli import main
from advisor.records import FormatError, read_games
from advisor.postmortem import ReviewError, review_auction
from advisor.render import review_text
from solver.cards import Card, Deal, Hand, SEATS, Seat
from helpers import DATA

GAME_PBN = str(DATA / "vint_game.pbn")


@pytest.fixture(scope="module")
def game_review():
    reviews = advisor.review(Path(GAME_PBN), auction_review=False)
    assert len(reviews) == 1 and reviews.errors == []
    return reviews[0]


def test_costly_cards_are_flagged_with_tricks_and_points(game_review):
    rv = game_review
    got = [(m.number, m.trick, m.seat, m.card, m.before, m.after, m.tricks_lost, m.points_lost)
           for m in rv.mistakes]
    # E's spade switch at trick 2 gives NS a 12th trick; N's duck of the fourth trick,
    # which N's ace should win, gives back two. Vint 4H is worth 40 a trick to both sides,
    # and 12 tricks bring a 500 bonus: 11 -> 12 costs EW 2 x 40 + 500 = 580, and
    # 12 -> 10 costs NS 4 x 40 + 500 = 660.
    assert got == [(5, 2, "E", "SJ", 11, 12, 1, 580), (15, 4, "N", "C3", 12, 10, 2, 660)]
    assert rv.mistakes[1].best == ["CA"]
    assert sorted(rv.mistakes[0].best) == ["DA", "DK", "DQ"]
    assert rv.totals["N"] == {"cards": 13, "mistakes": 1, "tricks_lost": 2, "points_lost": 660,
                              "guesses": 0}
    assert rv.totals["W"]["mistakes"] == 0 and rv.dd_start == 11 and rv.dd_end == 10


def test_review_agrees_with_analyse_play_and_the_score(game_review):
    """Independent checks: solver.analyse_play's values and the rule set's scores."""
    rv = game_review
    record = rv.record
    dd = solver.analyse_play(record.deal, "H", "E", record.play)
    assert [c.before for c in rv.cards] == dd[:-1]
    assert [c.after for c in rv.cards] == dd[1:]
    changed = [i + 1 for i in range(52) if dd[i] != dd[i + 1]]
    assert [m.number for m in rv.mistakes] == changed
    vint = game_rules.get("vint")
    for m in rv.mistakes:
        side = Seat.parse(m.seat).side
        net = [vint.score(record.deal, "4H", "N", t).net(side) for t in (m.before, m.after)]
        assert m.points_lost == net[0] - net[1]


def test_best_cards_match_solve_cards_at_the_duck(game_review):
    record = game_review.record
    hands = {s: set(record.deal[s].cards) for s in SEATS}
    for t in record.tricks[:3]:
        for seat, card in t.cards:
            hands[Seat.parse(seat)].discard(Card.parse(card))
    for seat, card in record.tricks[3].cards[:2]:            # S leads C4, W plays C6
        hands[Seat.parse(seat)].discard(Card.parse(card))
    deal = Deal({s: Hand(hands[s]) for s in SEATS})
    values = solver.solve_cards(deal, "H", "S", played=["C4", "C6"])
    assert values[Card.parse("CA")] - values[Card.parse("C3")] == 2
    assert [str(c) for c, v in values.items() if v == max(values.values())] == ["CA"]


def test_ending_from_json_is_reviewed_without_points():
    rv = advisor.review(DATA / "ending.json")[0]
    # W leads the king (best: the heart, after which N's ace is the only NS trick);
    # N ducks the king with the two: the ace is then discarded on W's heart.
    got = [(m.seat, m.card, m.before, m.after, m.tricks_lost, m.points_lost, m.best)
           for m in rv.mistakes]
    assert got == [("W", "SK", 1, 2, 1, None, ["H2"]), ("N", "S2", 2, 0, 2, None, ["SA"])]
    assert rv.totals["N"]["points_lost"] is None and rv.par is None
    assert rv.calls.available is False and "no auction" in rv.calls.reason


def test_contract_against_par(game_review):
    rv = game_review
    vint = game_rules.get("vint")
    assert rv.par is not None
    contract_dd = rv.dd_table["N", "H"]                       # 11 tricks in hearts for N
    expected = vint.score(rv.record.deal, "4H", "N", contract_dd).net("NS") - rv.par.score
    assert rv.par_difference == expected
    data = rv.to_dict()
    assert data["contract_dd_tricks"] == 11 and data["par"]["score"] == rv.par.score
    assert json.loads(json.dumps(data))["mistakes"][1]["card"] == "C3"
    assert [t["dd_after"] for t in data["tricks"]][:4] == [11, 12, 12, 10]


# --------------------------------------------------------------------------
# Auction review

class FakeAdvisor:
    """Recommends 4H first, then passes; scores the call made 100 lower than its choice."""

    def __init__(self):
        self.asked = []

    def __call__(self, hand, *, seat, dealer, auction, rules, samples, seed):
        self.asked.append((str(hand), seat, dealer, tuple(auction), rules, samples))
        best = "4H" if not auction else "P"
        made = "1H" if not auction else "2D"
        cands = [SimpleNamespace(call=best, mean=250.0), SimpleNamespace(call=made, mean=150.0)]
        return SimpleNamespace(call=best, candidates=cands)


def test_auction_review_with_an_advisor():
    record = read_games(Path(GAME_PBN))[0]
    fake = FakeAdvisor()
    calls = review_auction(record, "vint", samples=5, recommend=fake)
    assert calls.available and len(calls) == 17
    assert fake.asked[0] == ("AK32.AKQJ.T2.A32", "N", "N", (), "vint", 5)
    assert fake.asked[2][:4] == ("Q54.5432.43.KQJ4", "S", "N", ("1H", "2D"))
    first, second = calls.calls[:2]
    assert (first.call, first.recommended, first.loss, first.agrees) == ("1H", "4H", 100.0, False)
    assert "advisor: 4H (expected 100 more)" == first.comment
    assert (second.call, second.loss) == ("2D", 100.0)
    assert calls.calls[3].agrees and calls.calls[3].loss == 0.0       # P was recommended
    assert calls.calls[2].loss is None           # 3H is not among the candidates
    text = review_text(advisor.review(Path(GAME_PBN), recommend=fake)[0], symbols=False)
    assert "  ?   1. N  1H   advisor: 4H (expected 100 more)\n" in text


def test_a_call_that_scored_more_than_the_advisors_is_not_said_to_lose():
    from advisor.postmortem import CallReview
    kept = CallReview(1, "N", "1H", "4H", [("4H", 210.0), ("1H", 250.0)], loss=-40.0)
    assert kept.comment == "advisor: 4H (1H expected 40 more)"


def test_auction_review_degrades_clearly():
    record = read_games(Path(GAME_PBN))[0]

    def broken(*args, **kwargs):
        raise RuntimeError("no samples fit")

    calls = review_auction(record, "vint", recommend=broken)
    assert calls.available is False
    assert calls.reason == ("advisor.recommend failed at call 1 (1H by N): "
                            "RuntimeError: no samples fit")
    off = advisor.review(Path(GAME_PBN), auction_review=False)[0].calls
    assert off.to_dict() == {"available": False, "reason": "auction review switched off",
                             "samples": 0, "calls": []}


def test_auction_review_with_the_real_advisor_on_one_call():
    text = json.dumps({"deal": "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 "
                               "876.876.9876.765", "dealer": "N", "auction": ["1H"]})
    rv = advisor.review(text, samples=4, format="json")[0]
    assert rv.calls.available, rv.calls.reason
    (call,) = rv.calls.calls
    assert call.seat == "N" and call.call == "1H" and call.recommended
    assert call.candidates and all(isinstance(m, float) for _c, m in call.candidates)
    assert "pass(es) taken as read" in rv.record.warnings[0]


def test_the_real_advisors_review_prepares_each_call_once_and_solves_no_stands(monkeypatch):
    # Issue 32: the calls with one option are found from the same situations
    # recommend then weighs (one prepare a call, kept in the review's
    # AdviceCache), and the review asks for no "if it stands" figures.
    import advisor.bidding.advise as adv
    import advisor.postmortem as pm
    prepared, asked = [], []
    real_prepare, real_recommend = adv.prepare, pm._recommend
    monkeypatch.setattr(adv, "prepare",
                        lambda *a, **kw: prepared.append(kw["auction"]) or real_prepare(*a, **kw))
    monkeypatch.setattr(pm, "_recommend",
                        lambda *a, **kw: asked.append(kw) or real_recommend(*a, **kw))
    text = json.dumps({"deal": "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 "
                               "876.876.9876.765", "dealer": "N", "auction": ["1H", "P", "P", "P"]})
    rv = advisor.review(text, samples=2, format="json")[0]
    assert rv.calls.available, rv.calls.reason
    assert len(prepared) == 4 and len({tuple(a) for a in prepared}) == 4
    assert asked and all(kw["stands_samples"] == 0 for kw in asked)
    assert len(asked) < 4        # a pass without an honour is not weighed


# --------------------------------------------------------------------------
# Files with bad deals

def test_good_deals_are_reviewed_and_bad_ones_listed():
    good = Path(GAME_PBN).read_text(encoding="utf-8")
    bad = good.replace("SJ  S4  S6  SK", "SJ  S4  S6  SQ")
    reviews = advisor.review(good + "\n" + bad.split("\n\n", 1)[1], auction_review=False,
                             format="pbn")
    # Damage in the play keeps the deal: its DD table and par, the play up to it.
    assert len(reviews) == 2 and not reviews.errors
    damaged = reviews[1]
    assert "N plays SQ, a card not in that hand (it is in S's hand)" in \
        damaged.record.play_damage
    assert damaged.dd_table is not None and damaged.par is not None
    assert len(damaged.cards) == 7 and damaged.to_dict()["par"] == reviews[0].to_dict()["par"]
    text = review_text(damaged)
    assert "Note: the play is damaged at line" in text and "(a claim?)" not in text
    bad = Path(GAME_PBN).read_text(encoding="utf-8").replace('[Result "10"]', '[Result "x"]')
    reviews = advisor.review(good + "\n" + bad.split("\n\n", 1)[1], auction_review=False,
                             format="pbn")
    assert len(reviews) == 1 and len(reviews.errors) == 1
    assert reviews.to_dict()["errors"][0]["line"] == reviews.errors[0].line


def test_a_file_with_no_good_deal_raises():
    bad = Path(GAME_PBN).read_text(encoding="utf-8").replace('[Result "10"]', '[Result "x"]')
    with pytest.raises(FormatError, match=r"line 17: unknown result 'x'"):
        advisor.review(bad, format="pbn")
    with pytest.raises(ReviewError, match="no deal could be read \\(2 bad\\)"):
        advisor.review(bad + "\n" + bad.split("\n\n", 1)[1], format="pbn")
    with pytest.raises(ValueError, match="samples"):
        advisor.review(Path(GAME_PBN), samples=0)


# --------------------------------------------------------------------------
# The command

def test_cli_review_text_json_and_html(tmp_path, capsys):
    html = tmp_path / "report.html"
    assert main(["review", GAME_PBN, "--no-auction-review", "--letters",
                 "--html", str(html)]) == 0
    text = capsys.readouterr().out
    assert "4. S C4    W C6    N C3 *  E C9    won by E" in text
    assert "N C3 loses 2 trick(s), 660 points; best: CA" in text
    assert html.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert main(["review", str(DATA / "vint_games.lin"), "--no-auction-review", "--json",
                 "--no-single-dummy"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["contract"] for r in data["reviews"]] == ["4H", None]
    assert [m["card"] for m in data["reviews"][0]["mistakes"]] == ["SJ", "C3"]
    assert data["reviews"][0]["mistakes"][1]["points_lost"] == 660
    # A small file is judged single-dummy by default: E's SJ, a guess on what E
    # saw, is no longer a mistake; N's C3 still is.
    assert main(["review", str(DATA / "vint_games.lin"), "--no-auction-review", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [m["card"] for m in data["reviews"][0]["mistakes"]] == ["C3"]
    assert [g["card"] for g in data["reviews"][0]["guesses"]] == ["SJ"]
    assert data["reviews"][1]["play_note"] == "the file records no play"


def test_cli_review_bad_file_exits_2_with_one_line(tmp_path, capsys):
    path = tmp_path / "bad.lin"
    path.write_text("md|3SQ54H5432D43CKQJ4,S876H876D9876C765,SAK32HAKQJDT2CA32,|\n"
                    "mb|1H|\nxx\n", encoding="utf-8")
    assert main(["review", str(path), "--no-auction-review"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"vint: error: {path}, line 3: cannot read LIN here: 'xx' "
                   "(expected tag|value|)"]
    assert main(["review", str(tmp_path / "missing.pbn")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_each_review_is_handed_over_as_soon_as_it_is_done():
    seen = []
    reviews = advisor.review(DATA / "vint_games.lin", auction_review=False,
                             on_review=lambda rv, done, total: seen.append((rv, done, total)))
    assert [(rv, done, total) for rv, done, total in seen] == \
        [(reviews[0], 1, 2), (reviews[1], 2, 2)]


def test_ctrl_c_during_a_review_keeps_the_finished_deals(tmp_path, capsys, monkeypatch):
    # The second deal is interrupted: the first is in the JSON and the HTML.
    import advisor.postmortem as postmortem
    real = postmortem.review_record
    count = []

    def interrupted_on_the_second(record, **kw):
        count.append(record)
        if len(count) == 2:
            raise KeyboardInterrupt
        return real(record, **kw)

    monkeypatch.setattr(postmortem, "review_record", interrupted_on_the_second)
    html = tmp_path / "part.html"
    assert main(["review", str(DATA / "vint_games.lin"), "--no-auction-review", "--json",
                 "--html", str(html)]) == 130
    out, err = capsys.readouterr()
    assert [r["contract"] for r in json.loads(out)["reviews"]] == ["4H"]
    assert err.strip() == "vint: interrupted: kept the 1 of 2 deal(s) reviewed before it"
    report = html.read_text(encoding="utf-8")
    assert "<h2>Deal 1: Board 1</h2>" in report and "Deal 2" not in report
    # Interrupted before any deal is finished: nothing is written over.
    count.clear()
    monkeypatch.setattr(postmortem, "review_record",
                        lambda record, **kw: (_ for _ in ()).throw(KeyboardInterrupt))
    html.write_text("kept", encoding="utf-8")
    assert main(["review", GAME_PBN, "--no-auction-review", "--html", str(html),
                 "--force"]) == 130
    assert "nothing written" in capsys.readouterr().err
    assert html.read_text(encoding="utf-8") == "kept"


def test_the_text_report_of_each_deal_is_printed_before_the_next_is_reviewed(capsys,
                                                                             monkeypatch):
    import advisor.postmortem as postmortem
    real = postmortem.review_record
    printed_before = []

    def watching(record, **kw):
        printed_before.append(capsys.readouterr().out)
        return real(record, **kw)

    monkeypatch.setattr(postmortem, "review_record", watching)
    assert main(["review", str(DATA / "vint_games.lin"), "--no-auction-review",
                 "--letters"]) == 0
    assert printed_before[0] == "" and "Contract 4H by N" in printed_before[1]


def test_cli_review_fast_and_samples_settings(capsys, monkeypatch):
    import advisor.postmortem as postmortem
    asked = []
    monkeypatch.setattr(postmortem, "review_auction",
                        lambda record, rules, samples, seed, recommend, **_: asked.append(samples)
                        or postmortem.AuctionReview(False, "counted"))
    assert main(["review", GAME_PBN, "--fast", "--letters"]) == 0
    assert main(["review", GAME_PBN, "--samples", "7", "--letters"]) == 0
    assert main(["review", GAME_PBN, "--letters"]) == 0
    assert asked == [12, 7, 30]
    capsys.readouterr()
    assert main(["review", GAME_PBN, "--fast", "--samples", "7"]) == 2
    assert "not both" in capsys.readouterr().err


def test_the_text_review_prints_the_auction_as_a_grid():
    fake = FakeAdvisor()
    text = review_text(advisor.review(Path(GAME_PBN), recommend=fake)[0], symbols=False)
    lines = text.splitlines()
    top = lines.index("Auction")
    assert lines[top + 1].split() == ["W", "N", "E", "S"]
    # North deals: the first row starts under N; ? marks the calls the advisor doubts.
    assert lines[top + 2] == "          1H?     2D?     3H?"
    assert lines[top + 3].split() == ["Pass", "4H?", "Pass", "Pass"]
    assert "  The advisor agrees with 13 of 17 calls:" in lines


def test_semi_contract_review_counts_declarers_own_hand_tricks():
    # Seed 003: "if the declaring partnership fulfills its contract, each trick it
    # wins ... earns an additional 10 bonus points when made by Declarer (or from
    # Declarer's hand)". The played result's score counts them from the play.
    import json as _json
    from advisor.records import read_games
    from advisor.rules import get
    from advisor.postmortem import review_record
    from helpers import play_out

    deal = "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765"
    rules = get("semi-contract")
    leader = rules.opening_leader("N")
    cards = play_out(Deal.from_pbn(deal), "H", leader,
                     choose=lambda legal: max(legal, key=lambda c: c.rank))   # top cards
    data = {"deal": deal, "dealer": "N", "contract": "2H", "declarer": "N",
            "play": cards}
    games = read_games(_json.dumps(data), rules="semi-contract", format="json",
                       auction=False)
    record = games[0]
    assert record.complete_play
    own = sum(1 for t in record.tricks if t.winner == "N")
    rv = review_record(record, rules="semi-contract", auction_review=False)
    taken = rv.tricks_taken
    assert taken >= 8 and own > 0
    with_bonus = rules.score(record.deal, "2H", "N", taken, tricks_by_declarer=own).net("NS")
    without = rules.score(record.deal, "2H", "N", taken).net("NS")
    assert rv.score_ns(taken) == with_bonus == without + 10 * own


def _review_without_play(tmp_path, contract: str, result: int):
    """The review of seed 000's deal in ``contract`` by N, ``result`` tricks, no play."""
    path = tmp_path / "noplay.json"
    path.write_text(json.dumps({"deal": solver.Deal.from_pbn(
        "N:AK32.AKQJ.T2.A32 JT9.T9.AKQJ5.T98 Q54.5432.43.KQJ4 876.876.9876.765").to_pbn(),
        "contract": contract, "declarer": "N", "result": result}), encoding="utf-8")
    return advisor.review(path, auction_review=False)[0]


def test_a_deal_without_play_shows_the_contracts_double_dummy_tricks(tmp_path):
    # The text said "double-dummy at the start: ?" while the line below it
    # compared the contract with par on those very tricks.
    rv = _review_without_play(tmp_path, "4H", 10)
    assert rv.dd_start is None and rv.dd_contract == 11
    assert "Double-dummy at the start: 11 tricks for the declaring side." in review_text(rv)


def test_the_review_states_the_result_its_score_and_the_loss_against_par(tmp_path):
    # Issue 28: a 6D one down showed no score (only the JSON's score_ns) and
    # "The contract against par: +0", read as "no loss".
    rv = _review_without_play(tmp_path, "6H", 11)
    score = rv.score_ns(11)
    assert score < 0
    text = review_text(rv)
    assert f"Result: one down (11 tricks): NS {score:+,d}." in text
    assert rv.result_difference == score - rv.par.score < 0
    loss = f"{-rv.result_difference:,}"
    assert f"the table result, NS {score:+,d}: NS lose {loss} against par, EW gain {loss}" in text
    assert rv.to_dict()["result_difference"] == rv.result_difference
    html = advisor.render.review_html([rv])
    assert f"NS lose {loss} against par" in html and f"NS {score:+,d}" in html


def test_a_made_contract_equal_to_par_says_nobody_gains():
    rv = advisor.review(DATA / "vint_game.pbn", auction_review=False)[0]
    text = review_text(rv, symbols=False)
    assert "Result: made (10 tricks): NS +" in text
    if rv.par_difference == 0:
        assert "equal to par: neither side gains or loses" in text
    else:
        assert "against par" in text and "+0" not in text


#: Board 15 of bridge-bots' sample.lin (tests/resources; /work/shared/played):
#: a bridge auction where N declares 3NT (N named no-trumps first) but the
#: Vint reading of the auction makes S declarer, so W would lead.
BRIDGE_LIN = (
    "pn|PrinceBen,Forrest_,smalark,granola357|st||md|1SQ982HQ82DKQ763CT,SJ643HKJ7653DCAQ4,SK5"
    "HADAJT52CJ9762,|rh||ah|Board 15|sv|n|mb|p|mb|1H|mb|2N|an|Unusual No Trump: 2 5card minor"
    "s|mb|p|mb|3N|mb|p|mb|p|mb|p|pg||pc|H4|pc|H2|pc|HJ|pc|HA|pg||pc|DA|pc|D4|pc|D3|pc|S3|pg||"
    "pc|DJ|pc|D8|pc|D6|pc|S4|pg||pc|DT|pc|D9|pc|D7|pc|S6|pg||pc|D2|pc|C3|pc|DK|pc|SJ|pg||pc|D"
    "Q|pc|C4|pc|D5|pc|S7|pg||pc|S2|pc|H3|pc|SK|pc|SA|pg||pc|HT|pc|HQ|pc|HK|pc|C2|pg||pc|H5|pc"
    "|S5|pc|H9|pc|H8|pg||pc|C5|pc|CT|pc|CA|pc|C6|pg||pc|H7|pc|C7|pc|ST|pc|S8|pg||pc|H6|pc|C9|"
    "pc|C8|pc|S9|pg||pc|CQ|pc|CJ|pc|CK|pc|SQ|pg||")


def test_a_bridge_file_names_the_real_cause_and_suggests_play_only():
    # Issue 28: "W plays H4, a card not in that hand" hid the cause.
    with pytest.raises(FormatError) as caught:
        advisor.review(BRIDGE_LIN, name="sample.lin", auction_review=False)
    message = str(caught.value)
    assert message.startswith("sample.lin, line 1: trick 1: W plays H4")
    assert "Bridge makes N declarer of 3NT (E leads)" in message
    assert "under vint the auction makes S declarer (W leads)" in message
    assert "--play-only" in message and "'play only'" in message


def test_a_bridge_dummys_cards_are_charged_to_declarer():
    rv = advisor.review(BRIDGE_LIN, name="sample.lin", auction=False, auction_review=False)[0]
    assert (rv.record.contract, rv.record.declarer, rv.record.dummy) == ("3NT", "N", "S")
    totals = rv.totals
    assert totals["S"]["cards"] == 0 and totals["N"]["cards"] == 2 * len(rv.record.tricks)
    text = review_text(rv)
    assert "(S was dummy: its cards are counted as N's.)" in text
    assert not any(line.startswith("      S ") for line in text.splitlines())
    assert rv.to_dict()["dummy"] == "S"
    # A Vint file has no dummy: every player answers for his own cards.
    vint = advisor.review(DATA / "vint_game.pbn", auction_review=False)[0]
    assert vint.record.dummy is None and vint.totals["S"]["cards"] > 0


def test_auction_review_skips_a_call_with_no_other_option(monkeypatch):
    """West, without an honour, can only pass (the advisor's one candidate):
    those four calls are not weighed; the other 13 are, with the shared cache."""
    from advisor import postmortem
    record = read_games(Path(GAME_PBN))[0]
    asked = []

    def advisor_stand_in(hand, *, auction, cache, **options):
        assert isinstance(cache, postmortem.AdviceCache)
        asked.append(len(auction))
        made = record.auction[len(auction)]
        return SimpleNamespace(call=made, candidates=[SimpleNamespace(call=made, mean=0.0)])
    monkeypatch.setattr(postmortem, "_recommend", advisor_stand_in)
    calls = review_auction(record, "vint", samples=5)
    assert calls.available and len(calls) == 17
    west = [c for c in calls.calls if c.seat == "W"]
    assert [c.index for c in west] == [4, 8, 12, 16]
    assert all(c.call == c.recommended == "P" and c.agrees and not c.flagged
               and c.candidates == [] and c.loss is None for c in west)
    assert asked == [i for i in range(17) if i not in (3, 7, 11, 15)]


def test_auction_review_shares_a_budget_among_the_calls(monkeypatch):
    from advisor import postmortem
    record = read_games(Path(GAME_PBN))[0]
    given = []

    def advisor_stand_in(hand, *, auction, cache, seconds=None, **options):
        given.append(seconds)
        made = record.auction[len(auction)]
        return SimpleNamespace(call=made, candidates=[SimpleNamespace(call=made, mean=0.0)])
    monkeypatch.setattr(postmortem, "_recommend", advisor_stand_in)
    review_auction(record, "vint", samples=5)
    assert given and all(s is None for s in given)          # no budget: no time limit
    given.clear()
    review_auction(record, "vint", samples=5, budget=17.0)
    assert len(given) == 13                                 # the 13 calls weighed
    assert 1.2 < given[0] <= 17.0 / 13                      # 17 s over the 13 calls to weigh
    # each call: an equal share of what is left (the stand-in takes no time,
    # so the shares grow as the calls left fall)
    assert all(0 < s <= 17.0 / (13 - k) for k, s in enumerate(given))
    assert given[-1] > 16.0
    for bad in (0, -1.0, float("nan"), "5", True):
        with pytest.raises(ValueError, match="budget"):
            review_auction(record, "vint", samples=5, budget=bad)
    with pytest.raises(ValueError, match="budget"):
        advisor.review(Path(GAME_PBN), budget=-2)


def test_cli_review_budget_is_checked(capsys):
    assert main(["review", GAME_PBN, "--budget", "0", "--no-auction-review"]) != 0
    assert "--budget must be a number of seconds > 0" in capsys.readouterr().err


# --------------------------------------------------------------------------
# The calls weighed in several processes (issue 32)

def _stand_in(record, log=None, fail_at=None, exit_at=None, sleep_at=None):
    """A stand-in advisor that passes the call made and notes (call, process)."""
    def advise(hand, *, auction, cache, **options):
        i = len(auction)
        if log is not None:
            log.put((i, os.getpid()))
        if i == exit_at:
            os._exit(3)
        if i == sleep_at:
            time.sleep(60)
        if i == fail_at:
            raise RuntimeError(f"no samples fit at {i}")
        made = record.auction[i]
        return SimpleNamespace(call=made, candidates=[SimpleNamespace(call=made, mean=float(i))])
    return advise


def _fork_only():
    from advisor import postmortem
    if not postmortem._can_fork():
        pytest.skip("the review forks processes on Linux only")


def test_split_players_keeps_each_players_calls_together():
    from advisor import postmortem
    from advisor.game import rule_set
    record = read_games(Path(GAME_PBN))[0]
    rules, dealer = rule_set("vint"), Seat.N
    forced = [i % 4 == 3 for i in range(17)]              # West's calls are not weighed
    groups = postmortem._split_players(rules, dealer, forced, 2)
    assert groups == [[0, 4, 8, 12, 16], [1, 2, 5, 6, 9, 10, 13, 14]]
    assert postmortem._split_players(rules, dealer, forced, 1) == [
        [i for i in range(17) if i % 4 != 3]]
    # never more groups than players with calls to weigh
    assert len(postmortem._split_players(rules, dealer, forced, 8)) == 3
    assert postmortem._split_players(rules, dealer, [True] * 17, 2) == [[]]
    assert len(record.auction) == 17


def test_processes_weigh_each_players_calls_in_one_process(monkeypatch):
    _fork_only()
    import multiprocessing
    from advisor import postmortem
    record = read_games(Path(GAME_PBN))[0]
    log = multiprocessing.get_context("fork").SimpleQueue()
    monkeypatch.setattr(postmortem, "_recommend", _stand_in(record, log))
    one = review_auction(record, "vint", samples=5)
    two = review_auction(record, "vint", samples=5, processes=2)
    assert one.available and two.available
    assert one.to_dict() == two.to_dict()
    pids = {}
    while not log.empty():
        i, pid = log.get()
        pids.setdefault(pid, []).append(i)
    here = pids.pop(os.getpid())
    assert sorted(here) == sorted([i for i in range(17) if i % 4 != 3] + [0, 4, 8, 12, 16])
    [theirs] = pids.values()                      # one other process: East's and South's
    assert theirs == [1, 2, 5, 6, 9, 10, 13, 14]
    assert not multiprocessing.active_children()


def test_processes_report_the_first_failure_and_keep_the_calls_before_it(monkeypatch):
    _fork_only()
    from advisor import postmortem
    record = read_games(Path(GAME_PBN))[0]
    # call 6 (index 5, East's) fails in the other process, call 9 (N's) here
    for fail_at, kept in ((5, 5), (8, 8), (1, 1)):
        monkeypatch.setattr(postmortem, "_recommend", _stand_in(record, fail_at=fail_at))
        serial = review_auction(record, "vint", samples=5)
        forked = review_auction(record, "vint", samples=5, processes=2)
        assert not forked.available
        assert forked.reason == serial.reason == (
            f"advisor.recommend failed at call {fail_at + 1} ({record.auction[fail_at]} by "
            f"{'NESW'[fail_at % 4]}): RuntimeError: no samples fit at {fail_at}")
        assert [c.index for c in forked.calls] == [c.index for c in serial.calls] == \
            list(range(1, kept + 1))


def test_a_process_that_dies_is_reported_not_waited_for(monkeypatch):
    _fork_only()
    from advisor import postmortem
    record = read_games(Path(GAME_PBN))[0]
    monkeypatch.setattr(postmortem, "_recommend", _stand_in(record, exit_at=5))
    calls = review_auction(record, "vint", samples=5, processes=2)
    assert not calls.available
    assert calls.reason == ("the process weighing calls 2, 3, 6, 7, 10, 11, 14, 15 ended with "
                            "exit code 3 and no answer")


def test_a_stop_while_waiting_stops_the_other_processes(monkeypatch):
    _fork_only()
    import multiprocessing
    import solver
    from advisor import postmortem
    record = read_games(Path(GAME_PBN))[0]
    monkeypatch.setattr(postmortem, "_recommend", _stand_in(record, sleep_at=1))
    started = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        with solver.stop_when(lambda: time.perf_counter() - started > 0.5):
            review_auction(record, "vint", samples=5, processes=2)
    assert time.perf_counter() - started < 10
    assert not multiprocessing.active_children()


def test_processes_must_be_a_whole_number(capsys):
    record = read_games(Path(GAME_PBN))[0]
    for bad in (0, -1, 1.5, "2", True):
        with pytest.raises(ValueError, match="processes must be a whole number"):
            review_auction(record, "vint", samples=5, processes=bad)
    with pytest.raises(ValueError, match="processes"):
        advisor.review(Path(GAME_PBN), processes=0)
    assert main(["review", GAME_PBN, "--processes", "0", "--no-auction-review"]) != 0
    assert "--processes must be at least 1, not 0" in capsys.readouterr().err


def test_the_real_advisor_gives_the_same_review_in_two_processes():
    """Each player's calls in one process get the same deals (the player's own
    cache), so the same calls, means and verdicts as in one process."""
    _fork_only()
    record = read_games(Path(GAME_PBN))[0]
    one = review_auction(record, "vint", samples=6)
    two = review_auction(record, "vint", samples=6, processes=2)
    assert one.available and two.available
    assert one.to_dict() == two.to_dict()
    assert any(c.candidates for c in two.calls if c.seat in "ES")   # the other process's
