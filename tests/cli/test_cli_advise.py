"""``vint advise``: JSON and table output, one-line errors with exit status 2."""

import io
import json
import re

import pytest

from advisor import cli

ARGS = ["advise", "--hand", "AKQJT98.A.A2.A93", "--seat", "S", "--dealer", "E",
        "--auction", "1H P P P 6H", "--samples", "3", "--seed", "4"]


def _run(argv):
    out = io.StringIO()
    args = cli.build_parser().parse_args(argv)
    if args.rules != "preference":          # Preference's dealer is a player 0, 1, 2
        args.dealer = cli._seat(args.dealer) if args.dealer else None
    args.run(args, out)
    return out.getvalue()


def test_json_has_the_recommendation():
    data = json.loads(_run(ARGS + ["--json", "--constraint", "N: hearts >= 3",
                                   "--constraint", "n: aces == 0"]))
    assert data["call"] == "P" and data["samples"] == 3 and data["seed"] == 4
    assert data["candidates"][0]["call"] == "P" and data["candidates"][0]["contract"] == "6H"
    assert {c["call"] for c in data["candidates"]} >= {"P", "7S", "7NT"}
    assert data["inferences"][0]["text"] == \
        "hearts >= 4 and honours_hearts >= 2 and hcp >= 11"


def test_table_names_the_call_and_the_samples():
    text = _run(ARGS + ["--top", "2"])
    assert text.startswith("P: Passing (6H by E makes in 0%)")
    assert "3 samples" in text and "6H by E" in text
    assert re.search(r"beating [67](S|NT) by", text)        # the runner-up: a bid over 6H


@pytest.mark.parametrize("extra, message", [
    (["--hand", "AKQ87.KJ4.A2.T9"], "13 cards"),
    (["--seat", "Q"], "unknown seat"),
    (["--auction", "1H 1S"], "illegal auction"),
    (["--constraint", "N hcp"], "SEAT: EXPRESSION"),
    (["--constraint", "N: hcp >"], "ends too early"),
])
def test_errors_are_one_line_and_exit_2(extra, message, capsys):
    args = ARGS[:1] + ["--hand", "AKQJT98.A.A2.A93", "--seat", "S", "--dealer", "E",
                       "--auction", "1H P P P 6H", "--samples", "2"]
    # later options override the earlier ones (argparse keeps the last)
    assert cli.main(args + extra) == 2
    err = capsys.readouterr().err
    assert err.startswith("vint: error: ") and message in err and err.count("\n") == 1


class _Terminal(io.StringIO):
    """A text stream that says it can print UTF-8 (as a terminal does)."""

    encoding = "utf-8"


def test_the_table_shows_suit_symbols_unless_letters_are_asked_for():
    for extra, contract in (([], "6♥ by E"), (["--letters"], "6H by E")):
        out = _Terminal()
        args = cli.build_parser().parse_args(ARGS + ["--top", "2"] + extra)
        args.dealer = cli._seat(args.dealer)
        args.run(args, out)
        text = out.getvalue()
        assert text.startswith(f"P: Passing ({contract} makes in 0%)") and contract in text


def test_kitty_game_table_shows_the_low_bids_and_the_all_pass_misere():
    # Skruuvi's Kitty game: a 12-card hand; the low bids are rows, each with the
    # contract it stands as (raised to 5), and a pass with nothing bid is the
    # all-pass misère, not a throw-in.
    text = _run(["advise", "--rules", "skruuvi", "--hand", "AKQ87.KJ4.A2.T9", "--seat", "N",
                 "--samples", "4", "--seed", "1", "--letters", "--top", "40"])
    cells = [re.split(r"[|│]", line) for line in text.splitlines() if line[:1] in "|│"]
    rows = {c[1].strip(): c[2].strip() for c in cells}
    assert rows["1S"] == "5S by N" and rows["4G"] == "5G by N" and rows["2M"] == "5M by N"
    assert rows["P"].startswith("all-pass mis")       # "misère" (ASCII output: "mis?re")


# -- Preference (three hands): the two unseen hands and the widow are sampled --

PREF = ["advise", "--rules", "preference", "--hand", "AKQJ.AKQJ.7.7", "--seat", "0",
        "--dealer", "2", "--samples", "12", "--seed", "1"]


def test_preference_advice_names_the_trump_a_strong_hand_pays_for():
    data = json.loads(_run(PREF + ["--json"]))
    assert data["rules"] == "preference" and data["round"] == "trump"
    assert data["call"] == "H" and data["samples"] == 12
    values = {c["call"]: c["value"] for c in data["candidates"]}
    assert values["H"] > 0 == values["P"] and set(values) == set("PSCDH")
    text = _run(PREF)
    assert text.startswith("Preference, player 0 (trump round): H")


def test_preference_widow_round_and_its_errors(capsys):
    weak = ["advise", "--rules", "preference", "--hand", "T987.T98.98.8", "--seat", "1",
            "--dealer", "2", "--auction", "P P P P", "--samples", "8", "--json"]
    data = json.loads(_run(weak))
    assert data["round"] == "widow" and data["call"] == "P"
    strong = weak[:4] + ["AKQJ.AKQ.7.87"] + weak[5:]
    assert json.loads(_run(strong))["call"] == "W1"
    assert cli.main(PREF[:-4] + ["--seat", "2"]) == 2
    assert "player 0's turn" in capsys.readouterr().err
    assert cli.main(PREF + ["--auction", "H P P"]) == 2
    assert "auction is over" in capsys.readouterr().err
