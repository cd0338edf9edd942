"""The training scripts (training/): the trick model's held-out check (``tricks.py cv``)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

TRAINING = Path(__file__).resolve().parents[1] / "training"


@pytest.fixture(scope="module")
def tricks_script():
    spec = importlib.util.spec_from_file_location("training_tricks", TRAINING / "tricks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_products_add_every_pair_of_inputs_after_the_bias(tricks_script):
    x = np.array([[1.0, 2.0, 3.0], [1.0, -1.0, 5.0]])
    q = tricks_script._with_products(x)
    # the inputs, then 2*2, 2*3, 3*3 (the bias is not multiplied)
    assert q.tolist() == [[1, 2, 3, 4, 6, 9], [1, -1, 5, 1, -5, 25]]


def test_ridge_leaves_the_bias_free_and_finds_an_exact_line(tricks_script):
    rng = np.random.default_rng(1)
    x = np.hstack([np.ones((50, 1)), rng.normal(size=(50, 2))])
    y = 7.0 + 2.0 * x[:, 1] - 3.0 * x[:, 2]
    w = tricks_script._ridge(x, y, 1e-9)
    assert np.allclose(w, [7.0, 2.0, -3.0], atol=1e-6)
    shrunk = tricks_script._ridge(x, y, 1e6)            # everything but the bias goes to 0
    assert abs(shrunk[0] - y.mean()) < 0.2 and np.all(np.abs(shrunk[1:]) < 0.01)


def test_cv_reports_held_out_errors_by_context(tricks_script, tmp_path, monkeypatch, capsys):
    """On a few real deals (their double-dummy tables made here) the check prints
    a row a context with enough decisions and an 'all' row, every error a
    plausible number of tricks."""
    store = tmp_path / "dd.jsonl"
    monkeypatch.setattr(tricks_script, "_store", lambda rules, seed: tricks_script.Store(store))
    tricks_script.main(["deals", "--deals", "12"])
    assert len(store.read_text().splitlines()) >= 12
    capsys.readouterr()
    tricks_script.main(["cv", "--deals", "12"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:4] == ["kind", "context", "n", "linear"]
    last = lines[-1].split()
    assert last[0] == "all" and int(last[1]) > 100
    errors = [float(v) for v in last[2:]]
    assert all(0.3 < e < 4.0 for e in errors)


@pytest.fixture(scope="module")
def report_script():
    spec = importlib.util.spec_from_file_location("training_selfplay_report",
                                                  TRAINING / "selfplay_report.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _decision(auction, seat, policy, advisor, real, row=None, means=None):
    means = means or {c: 0.0 for c in real}
    return {"kind": "decision", "dealer": "N", "seat": seat, "auction": auction,
            "policy_call": policy, "policy_row": row, "advisor_call": advisor,
            "candidates": [{"call": c, "mean": means[c], "real": v} for c, v in real.items()]}


def test_selfplay_report_groups_by_row_and_scores_the_change_on_the_real_deal(report_script):
    r = report_script
    # The situation is read from the auction: N deals; E, then S, then W, ...
    assert r.situation(_decision([], "N", "P", "P", {"P": 0})) == "open"
    assert r.situation(_decision(["1S"], "E", "P", "P", {"P": 0})) == "overcall"
    assert r.situation(_decision(["1S", "P"], "S", "P", "P", {"P": 0})) == "respond"
    assert r.situation(_decision(["1S", "P", "P", "P"], "N", "P", "P", {"P": 0})) == "rebid"
    rows = [
        # The advisor departs twice from one row: +300 and -100 on the real deals.
        _decision([], "N", "1S", "P", {"1S": -200, "P": 100}, row="names its suit"),
        _decision([], "N", "1S", "2S", {"1S": 400, "2S": 300}, row="names its suit"),
        _decision([], "N", "1S", "1S", {"1S": 50, "P": 0}, row="names its suit"),
        # A pass that no row asked for; the best mean is 1H, the call stays P.
        _decision(["1S"], "E", "P", "P", {"P": 0, "1H": 500}, means={"P": 0, "1H": 80}),
    ]
    text = r.report(rows)
    line = next(x for x in text.splitlines() if x.endswith("]") and "names its suit" in x)
    assert line.split()[1:3] == ["3", "2"]            # decisions, changed
    assert "+67 ± 120" in line                         # (300 - 100 + 0) / 3, its SE
    assert "pass instead 1" in line and "higher 1" in line
    assert "(overcall: no row fits, passes)" in text
    assert "gains +50.0" in text                       # (300 - 100 + 0 + 0) / 4
    best = r.report(rows, by="best")
    # The first three rows' means tie (the policy's call, listed first, is the
    # best); the 1H overcall's +500 counts now: (0 + 0 + 0 + 500) / 4.
    assert "gains +125.0" in best and "(1 moved)" in best
