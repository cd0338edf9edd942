"""A collection's results as tables, for notebooks (pandas: ``pip install "vint[data]"``).

``to_dataframe(results)`` makes one row per deal, declarer and strain:

| column | meaning |
| --- | --- |
| ``id`` | where the deal comes from: ``club.pbn:31`` (file and line), ``random:SEED:N`` |
| ``deal``, ``dealer``, ``vulnerable``, ``rules`` | the deal (PBN) and how it was scored |
| ``declarer``, ``strain`` | N E S W; S H D C NT |
| ``tricks`` | declarer's side's double-dummy tricks, declarer's left-hand opponent leading |
| ``score_1`` .. ``score_7`` | NS's score (NS minus EW) of that contract at each level by that declarer; empty where the game has no such contract |
| ``par_contract``, ``par_declarer``, ``par_score``, ``par_text`` | the deal's par (the game's, or bridge's) |

``make_rates(frame)`` and ``mean_tricks(frame)`` summarise it: how often each
contract makes, by declarer or by side (a side plays from its better seat),
and the mean tricks by strain (and declarer). ``read_results(path)`` reads a
``vint batch`` output back, JSON lines or a Parquet folder.
"""

from __future__ import annotations

import json
import os
from typing import Iterable, List, Union

__all__ = ["to_dataframe", "read_results", "make_rates", "mean_tricks", "BatchResults",
           "PANDAS_HINT"]

PANDAS_HINT = 'tables need pandas: pip install "vint[data]" (or: pip install pandas)'
SEAT_ORDER = ("N", "E", "S", "W")
STRAIN_ORDER = ("C", "D", "H", "S", "NT")
COLUMNS = (["id", "deal", "dealer", "vulnerable", "rules", "declarer", "strain", "tricks"]
           + [f"score_{level}" for level in range(1, 8)]
           + ["par_contract", "par_declarer", "par_score", "par_text"])


def _pandas():
    try:
        import pandas
    except ImportError:
        raise ImportError(PANDAS_HINT) from None
    return pandas


def _rows(results: Iterable[dict]):
    for r in results:
        if "error" in r:
            continue
        par = r["par"]
        for seat in SEAT_ORDER:
            for strain in STRAIN_ORDER:
                yield ([r["id"], r["deal"], r["dealer"], r["vulnerable"], r["rules"], seat,
                        strain, r["tricks"][seat][strain]] + list(r["scores"][seat][strain])
                       + [par["contract"], par["declarer"], par["score"], par["text"]])


def to_dataframe(results: Union["BatchResults", Iterable[dict], str]):
    """One row per deal, declarer and strain (the module's table); ``results``:
    deal results (``analyse_chunk``'s), a ``BatchResults``, or an output path.
    Deals whose scoring failed (``"error"``) are left out."""
    pandas = _pandas()
    if isinstance(results, (str, os.PathLike)):
        return read_results(results).to_dataframe()
    if isinstance(results, BatchResults):
        return results.to_dataframe()
    frame = pandas.DataFrame(list(_rows(results)), columns=list(COLUMNS))
    for level in range(1, 8):
        frame[f"score_{level}"] = frame[f"score_{level}"].astype("Int64")
    frame["tricks"] = frame["tricks"].astype("int64")
    frame["par_score"] = frame["par_score"].astype("int64")
    return frame


class BatchResults:
    """The deal results of a run (``records``, JSON lines), or its Parquet
    folder (``frame``: the table itself)."""

    def __init__(self, records: List[dict] = None, frame=None):
        self.records = records
        self._frame = frame

    def __len__(self) -> int:
        if self.records is not None:
            return len(self.records)
        return len(self._frame) // 20

    @property
    def errors(self) -> List[dict]:
        """The deals whose scoring failed (JSON lines only)."""
        return [r for r in (self.records or []) if "error" in r]

    def to_dataframe(self):
        if self._frame is None:
            self._frame = to_dataframe(self.records)
        return self._frame

    def make_rates(self, by: str = "declarer"):
        return make_rates(self.to_dataframe(), by=by)

    def mean_tricks(self, by=("strain",)):
        return mean_tricks(self.to_dataframe(), by=by)


def read_results(path) -> BatchResults:
    """A ``vint batch`` output: JSON lines (whole lines only: a line cut short
    by a crash is left out), or a Parquet folder."""
    path = os.fspath(path)
    if os.path.isdir(path):
        pandas = _pandas()
        parts = sorted(os.path.join(path, n) for n in os.listdir(path)
                       if n.startswith("part-") and n.endswith(".parquet"))
        frames = [pandas.read_parquet(p) for p in parts]
        frame = pandas.concat(frames, ignore_index=True) if frames else \
            pandas.DataFrame(columns=list(COLUMNS))
        return BatchResults(frame=frame)
    records = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.endswith("\n"):
                break
            try:
                records.append(json.loads(line))
            except ValueError:
                continue
    return BatchResults(records=records)


def make_rates(frame, by: str = "declarer"):
    """How often each contract makes: a table with a row per contract (``1C``
    .. ``7NT``, lowest first) and a column per declarer (``by="declarer"``) or
    side (``by="side"``: the side's better declarer), the share of deals in
    which declarer's side takes at least the contract's tricks."""
    pandas = _pandas()
    if by not in ("declarer", "side"):
        raise ValueError(f"make_rates by 'declarer' or 'side', not {by!r}")
    data = frame[["id", "declarer", "strain", "tricks"]].copy()
    if by == "side":
        data["declarer"] = data["declarer"].map({"N": "NS", "S": "NS", "E": "EW", "W": "EW"})
        data = data.groupby(["id", "declarer", "strain"], as_index=False)["tricks"].max()
    columns = ["NS", "EW"] if by == "side" else list(SEAT_ORDER)
    out = {}
    for level in range(1, 8):
        for strain in STRAIN_ORDER:
            rows = data[data["strain"] == strain]
            made = (rows["tricks"] >= level + 6).groupby(rows["declarer"]).mean()
            out[f"{level}{strain}"] = [float(made.get(c, float("nan"))) for c in columns]
    return pandas.DataFrame.from_dict(out, orient="index", columns=columns)


def mean_tricks(frame, by=("strain",)):
    """Mean double-dummy tricks grouped by ``by`` (``"strain"``, ``"declarer"``,
    or both): a Series for one key, a table (strains by declarers) for both."""
    keys = [by] if isinstance(by, str) else list(by)
    for key in keys:
        if key not in ("strain", "declarer"):
            raise ValueError(f"mean_tricks by 'strain' and/or 'declarer', not {key!r}")
    means = frame.groupby(keys)["tricks"].mean()
    if keys == ["strain"]:
        return means.reindex([s for s in STRAIN_ORDER if s in means.index])
    if keys == ["declarer"]:
        return means.reindex([s for s in SEAT_ORDER if s in means.index])
    table = means.unstack(keys[1])
    order = {"strain": STRAIN_ORDER, "declarer": SEAT_ORDER}
    return table.reindex(index=[x for x in order[keys[0]] if x in table.index],
                         columns=[x for x in order[keys[1]] if x in table.columns])
