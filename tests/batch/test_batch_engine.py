"""vint batch on this machine (advisor.batch.engine, sinks, results, random deals):
the results against the analysis, resuming a stopped run, the tables for notebooks."""

import json

import numpy as np
import pytest

from advisor.batch import (BatchError, make_rates, mean_tricks, plan_files,
                           plan_random, read_results, run_batch, to_dataframe)
from advisor.batch import runners
from advisor.batch.bridge import bridge_par
from advisor.batch.random_deals import DealingError, random_deals
from advisor.batch.runners import DaskMissing, LocalRunner, open_runner
from advisor.batch.sinks import SinkError
from advisor.bidding.constraints import compile_constraint
from advisor.cli import main
from advisor.par import par_from_table
from advisor.valuation import contract_outcomes
from solver import dd_table
from solver.cards import Deal
from helpers.batch import StopAfter
from helpers import played_file

CONSTRAINT = {"S": "hcp >= 15 and hcp <= 17 and spades == 5"}


@pytest.fixture(scope="module")
def six(tmp_path_factory):
    """Six random deals (South 15-17 with five spades) in chunks of three, run once."""
    out = tmp_path_factory.mktemp("batch") / "six.jsonl"
    plan = plan_random(6, seed=5, constraints=CONSTRAINT, chunk_size=3)
    summary = run_batch(plan, out, runner=LocalRunner(2))
    return plan, out, summary


def test_random_deals_fit_their_constraints_and_repeat():
    rng = np.random.default_rng([7, 0])
    deals = random_deals(20, rng, CONSTRAINT)
    test = compile_constraint(CONSTRAINT["S"])
    assert len(deals) == 20 and all(test(d["S"]) for d in deals)
    assert len({d.to_pbn() for d in deals}) == 20
    assert [d.to_pbn() for d in random_deals(20, np.random.default_rng([7, 0]), CONSTRAINT)] \
        == [d.to_pbn() for d in deals]
    with pytest.raises(DealingError, match="fit the constraints"):
        random_deals(1, rng, {"N": "hcp >= 38"}, max_attempts=10_000)


def test_each_result_is_the_analysis_of_its_deal(six):
    plan, out, summary = six
    assert (summary.deals, summary.chunks, summary.run, summary.resumed) == (6, 2, 2, 0)
    results = read_results(out).records
    assert [r["id"] for r in results] == [f"random:5:{i}" for i in range(6)]
    for r in results:
        deal = Deal.from_pbn(r["deal"])
        table = dd_table(deal)
        assert r["tricks"] == table.to_dict()
        assert compile_constraint(CONSTRAINT["S"])(deal["S"])
        outcomes = contract_outcomes(table, "vint", deal)
        assert r["scores"]["E"]["H"][3] == outcomes["4H"]["E"].score
        assert r["scores"]["S"]["NT"][6] == outcomes["7NT"]["S"].score
        par = par_from_table(table, dealer="N", rules="vint", deal=deal)
        assert r["par"] == {"contract": par.contract, "declarer": par.declarer,
                            "score": par.score, "text": f"{par.declarer} {par.contract}"}


def test_a_finished_run_is_not_run_again(six):
    plan, out, _ = six
    before = out.read_bytes()
    again = run_batch(plan, out, runner=LocalRunner(1))
    assert (again.resumed, again.run) == (2, 0) and out.read_bytes() == before


def test_a_stopped_run_resumes_from_what_is_written(six, tmp_path):
    plan, reference, _ = six
    out = tmp_path / "stopped.jsonl"
    with pytest.raises(KeyboardInterrupt):
        run_batch(plan, out, runner=StopAfter(1))
    assert len(out.read_text().splitlines()) == 3
    # A crash in the middle of the second chunk's write: half a line.
    with open(out, "a") as f:
        f.write('{"id":"random:5:3","chunk":1,"deal":"N:')
    resumed = run_batch(plan, out, runner=LocalRunner(1))
    assert (resumed.resumed, resumed.run) == (1, 1)
    assert out.read_bytes() == reference.read_bytes()


def test_another_plan_into_the_same_output_is_refused(six, tmp_path):
    plan, out, _ = six
    other = plan_random(6, seed=6, constraints=CONSTRAINT, chunk_size=3)
    with pytest.raises(SinkError, match="holds another run .*random"):
        run_batch(other, out)
    stray = tmp_path / "notes.jsonl"
    stray.write_text("my notes\n")
    with pytest.raises(SinkError, match="not a vint batch output"):
        run_batch(plan, stray)
    assert stray.read_text() == "my notes\n"
    copy = tmp_path / "copy.jsonl"
    run_batch(plan_random(2, seed=1, chunk_size=2), copy)
    summary = run_batch(plan_random(2, seed=2, chunk_size=2), copy, restart=True)
    assert summary.run == 1 and [r["id"] for r in read_results(copy).records] == \
        ["random:2:0", "random:2:1"]


def test_parquet_holds_the_same_table(six, tmp_path):
    plan, out, _ = six
    folder = tmp_path / "six.parquet"
    summary = run_batch(plan, folder, runner=LocalRunner(2))
    assert summary.run == 2 and sorted(p.name for p in folder.iterdir()) == \
        ["_run.json", "part-000000.parquet", "part-000001.parquet"]
    frame = read_results(folder).to_dataframe()
    assert frame.equals(to_dataframe(read_results(out)))
    (folder / "part-000001.parquet").unlink()            # as if the run stopped there
    again = run_batch(plan, folder, runner=LocalRunner(2))
    assert (again.resumed, again.run) == (1, 1)
    assert read_results(folder).to_dataframe().equals(frame)


def test_the_table_and_its_summaries():
    """Two hand-made results, so every number can be checked by hand."""
    def result(i, tricks_n, tricks_e):
        tricks = {s: {st: (tricks_n if s in "NS" else tricks_e) for st in
                      ("S", "H", "D", "C", "NT")} for s in "NESW"}
        tricks["S"]["NT"] = tricks_n - 1
        scores = {s: {st: list(range(1, 8)) for st in tricks[s]} for s in tricks}
        return {"id": f"x:{i}", "chunk": 0, "deal": "N:...", "dealer": "N",
                "vulnerable": "None", "rules": "vint", "tricks": tricks, "scores": scores,
                "par": {"contract": "3NT", "declarer": "N", "score": 400, "text": "N 3NT"}}
    results = [result(0, 9, 4), result(1, 10, 3), {"id": "x:2", "chunk": 0, "error": "no"}]
    frame = to_dataframe(results)
    assert len(frame) == 40 and list(frame["declarer"][:5]) == ["N"] * 5
    row = frame[(frame["id"] == "x:1") & (frame["declarer"] == "S") & (frame["strain"] == "NT")]
    assert int(row["tricks"].iloc[0]) == 9 and int(row["score_7"].iloc[0]) == 7
    rates = make_rates(frame)
    assert rates.loc["3NT", "N"] == 1.0 and rates.loc["4NT", "N"] == 0.5
    assert rates.loc["3NT", "S"] == 0.5 and rates.loc["1S", "E"] == 0.0
    sides = make_rates(frame, by="side")
    assert sides.loc["4NT", "NS"] == 0.5 and list(sides.columns) == ["NS", "EW"]
    assert mean_tricks(frame)["S"] == pytest.approx((9 + 10 + 4 + 3) * 2 / 8)
    by_both = mean_tricks(frame, by=("strain", "declarer"))
    assert by_both.loc["NT", "S"] == 8.5 and by_both.loc["NT", "N"] == 9.5
    with pytest.raises(ValueError, match="by 'declarer' or 'side'"):
        make_rates(frame, by="seat")


def test_bridge_files_get_bridge_scores_and_par(tmp_path):
    paths = [played_file("ben__cold_6d.pbn"), played_file("bridgebots__sample.lin")]
    plan = plan_files(paths, rules="bridge", chunk_size=1)
    out = tmp_path / "bridge.jsonl"
    run_batch(plan, out)
    records = read_results(out).records
    assert [r["id"] for r in records] == [f"{paths[0]}:1", f"{paths[1]}:1"]
    cold = records[0]
    table = dd_table(Deal.from_pbn(cold["deal"]))
    par = bridge_par(table, dealer="S", vulnerable="NS")
    assert cold["vulnerable"] == "NS" and cold["par"]["score"] == par.score
    assert cold["par"]["text"] == par.par_contract
    # 6D by South, vulnerable, one down: -100 for NS.
    assert cold["scores"]["S"]["D"][5] == (1370 if table["S", "D"] >= 12 else
                                           -100 * (12 - table["S", "D"]))


def test_plans_refuse_bad_input(tmp_path):
    with pytest.raises(BatchError, match="whole number >= 1"):
        plan_random(0, seed=1)
    with pytest.raises(BatchError, match="chunk size"):
        plan_random(5, seed=1, chunk_size=0)
    with pytest.raises(ValueError, match="unknown word"):
        plan_random(5, seed=1, constraints={"S": "points >= 12"})
    with pytest.raises(DealingError):
        plan_random(5, seed=1, constraints={"S": "hcp >= 38"})
    empty = tmp_path / "empty.json"
    empty.write_text("[]")
    with pytest.raises(ValueError, match="no deal"):
        plan_files([empty])


def test_without_dask_the_commands_run_here_or_say_how_to_install(monkeypatch):
    monkeypatch.setattr(runners, "dask_available", lambda: False)
    with pytest.raises(DaskMissing, match=r'pip install "vint\[dask\]"'):
        with open_runner(scheduler="tcp://127.0.0.1:1"):
            pass
    with open_runner() as runner:
        assert isinstance(runner, LocalRunner)


def test_the_batch_command(tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    assert main(["batch", "--random", "2", "--seed", "3", "--local", "--chunk-size", "1",
                 "--constraint", "N: hcp >= 20", "-o", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Running 2 deals in 2 chunk(s) on this machine" in text
    assert "0 chunk(s) already written, 2 run now" in text
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert all(Deal.from_pbn(r["deal"])["N"].hcp >= 20 for r in records)
    assert main(["batch", "--random", "2", "--seed", "3", "--local", "--chunk-size", "1",
                 "--constraint", "N: hcp >= 20", "-o", str(out)]) == 0
    assert "2 chunk(s) already written, 0 run now" in capsys.readouterr().out
    assert main(["batch", "-o", str(out)]) == 2
    assert "--random N" in capsys.readouterr().err
    assert main(["batch", "x.pbn", "--random", "2", "-o", str(out)]) == 2
    assert main(["batch", "--seed", "1", "--constraint", "N: hcp > 1", "-o", str(out)]) == 2
