"""Whole collections: annotate PBN files, and batch runs on this machine or a Dask cluster.

- ``annotate``: ``annotate_file`` / ``annotate_text`` write each board's DD
  table and par into PBN tags, keeping the rest of the file byte for byte
  (``vint annotate``);
- ``engine``: ``plan_files`` / ``plan_random`` and ``run_batch``, the DD
  table, scores and par of many deals, written chunk by chunk and resumed
  after a stop (``vint batch``);
- ``runners``: where chunks run (``LocalRunner``, ``DaskRunner``, ``open_runner``);
- ``results``: ``read_results`` and ``to_dataframe``, ``make_rates``,
  ``mean_tricks`` for notebooks (pandas);
- ``bridge``: bridge scoring and par (the ``OptimumScore`` and ``ParContract``
  of bridge files); ``tags``: the PBN tags themselves.

docs/batch.md tells the whole story.
"""

from .annotate import (AnnotateError, BoardReport, FileReport, annotate_file, annotate_text,
                       detect_rules)
from .bridge import BridgePar, bridge_par, bridge_score
from .engine import (BatchError, BatchPlan, BatchSummary, analyse_deal, plan_files, plan_random,
                     run_batch)
from .results import BatchResults, make_rates, mean_tricks, read_results, to_dataframe
from .runners import DaskRunner, LocalRunner, open_runner

__all__ = ["annotate_file", "annotate_text", "detect_rules", "AnnotateError", "FileReport",
           "BoardReport", "bridge_par", "bridge_score", "BridgePar", "plan_files", "plan_random",
           "run_batch", "analyse_deal", "BatchPlan", "BatchSummary", "BatchError",
           "read_results", "to_dataframe", "make_rates", "mean_tricks", "BatchResults",
           "LocalRunner", "DaskRunner", "open_runner"]
