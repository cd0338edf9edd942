"""Preference's played deals reviewed card by card (issue 29): the library, the
command line and the web page."""

import io
import json

import pytest

from advisor import cli
from advisor.preference_review import review_preference
from advisor.rules.preference import Preference, PreferenceError
from helpers.preference import DEAL, played

def test_best_play_keeps_the_double_dummy_result():
    rv = review_preference(played(2, "S"))
    assert rv.dd_start == Preference().dd_tricks(DEAL, 2, "S")
    assert rv.tricks_taken == rv.dd_start and not any(c.lost for c in rv.cards)
    assert rv.paid == rv.paid_dd


def first_slip(declarer, trump):
    """The first card index where the player on move has a costly card."""
    for k in range(30):
        game = played(declarer, trump, slip=k)
        rv = review_preference(game)
        if any(c.lost for c in rv.cards):
            return k, game, rv
    raise AssertionError("no costly card in the whole play")


def test_a_costly_card_is_found_and_the_result_follows_it():
    k, game, rv = first_slip(0, "H")
    slip = rv.cards[k]
    assert slip.lost >= 1 and slip.card not in slip.best
    assert [c.index for c in rv.cards if c.lost] == [k + 1]
    assert rv.tricks_taken == slip.after
    assert rv.tricks_taken == rv.dd_start + (slip.after - slip.before)


def test_bad_plays_are_clear_errors():
    game = played(2, "S")
    game["play"][1] = game["play"][0]            # a card already played
    with pytest.raises(PreferenceError, match="cannot play"):
        review_preference(game)
    with pytest.raises(PreferenceError, match="trump suit"):
        review_preference(dict(game, trump="NT"))


def test_vint_review_rules_preference(tmp_path, capsys):
    path = tmp_path / "pref.json"
    k, game, _ = first_slip(0, "H")
    path.write_text(json.dumps([played(2, "S"), game]), encoding="utf-8")
    out = io.StringIO()
    args = cli.build_parser().parse_args(["review", str(path), "--rules", "preference"])
    args.run(args, out)
    text = out.getvalue()
    assert text.count("Preference: player") == 2
    assert "every card kept the double-dummy result" in text and "costing 1 trick" in text
    out = io.StringIO()
    args = cli.build_parser().parse_args(["review", str(path), "--rules", "preference", "--json"])
    args.run(args, out)
    data = json.loads(out.getvalue())
    assert [d["declarer"] for d in data] == [2, 0] and len(data[1]["cards"]) == 30
    path.write_text("{not json", encoding="utf-8")
    assert cli.main(["review", str(path), "--rules", "preference"]) == 2
    assert "is JSON" in capsys.readouterr().err
