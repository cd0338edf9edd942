"""Where a batch run's results go, chunk by chunk, and what a stopped run left.

- ``JsonLinesSink`` (``results.jsonl``): one JSON object per deal and line. A
  chunk's lines are appended in one write, flushed and synced before the next
  chunk is taken, so after a crash the file ends with whole chunks and at
  most one partial one. Reopened, the file is read back: a chunk with all its
  deals is done; the lines of a partial chunk (and a last line cut short) are
  dropped, the file rewritten without them (atomically), and the chunk run again.
- ``ParquetSink`` (``results.parquet/``, needs pandas and pyarrow): a folder
  with one file per chunk, ``part-000042.parquet``, each written to a
  temporary name and renamed: a part that exists is whole. A part holds the
  chunk's rows of ``advisor.batch.results.to_dataframe``'s table.

Beside the results, ``<output>.run.json`` (JSON lines) or
``<output>/_run.json`` (Parquet) keeps the run's plan signature
(``BatchPlan.signature``); a run over other inputs, rules or chunk size into
the same output is refused unless ``restart``, which deletes what is there.
"""

from __future__ import annotations

import json
import os
import shutil
from typing import Dict, Set

from .annotate import write_atomic
from .results import to_dataframe

__all__ = ["open_sink", "JsonLinesSink", "ParquetSink", "SinkError"]


class SinkError(ValueError):
    """An output that holds something else, or a format that cannot be written."""


def _check_signature(manifest: str, signature: dict, restart: bool, exists: bool,
                     output: str) -> bool:
    """Whether an earlier run of the same plan is there to resume; refuses
    another run's output (unless ``restart``)."""
    if restart or not exists:
        return False
    if not os.path.exists(manifest):
        raise SinkError(f"{output} exists and is not a vint batch output (no {manifest}): "
                        "choose another output or remove it")
    with open(manifest, encoding="utf-8") as f:
        earlier = json.load(f)
    if earlier != signature:
        changed = sorted(k for k in set(earlier) | set(signature)
                         if earlier.get(k) != signature.get(k))
        raise SinkError(f"{output} holds another run (its {', '.join(changed)} differ): "
                        "use --restart to replace it, or another output")
    return True


def _write_manifest(path: str, signature: dict) -> None:
    write_atomic(path, (json.dumps(signature, indent=1, sort_keys=True) + "\n").encode())


class JsonLinesSink:
    """Results as JSON lines, appended chunk by chunk."""

    def __init__(self, path: str, signature: dict, sizes: Dict[int, int], *,
                 restart: bool = False):
        self.path, self.sizes = path, sizes
        self.manifest = path + ".run.json"
        resume = _check_signature(self.manifest, signature, restart, os.path.exists(path), path)
        if not resume:
            for name in (path, self.manifest):
                if os.path.exists(name):
                    os.unlink(name)
        self.done: Set[int] = self._read_back() if resume else set()
        _write_manifest(self.manifest, signature)
        self._file = open(path, "ab")

    def _read_back(self) -> Set[int]:
        """The chunks the file holds whole; anything else is cut out of it."""
        with open(self.path, "rb") as f:
            data = f.read()
        lines, counts = [], {}
        for raw in data.split(b"\n"):
            try:
                record = json.loads(raw)
                chunk = record["chunk"]
            except (ValueError, TypeError, KeyError):
                continue                            # a line cut short, or a blank one
            lines.append((chunk, raw))
            counts[chunk] = counts.get(chunk, 0) + 1
        done = {c for c, n in counts.items() if self.sizes.get(c) == n}
        kept = b"".join(raw + b"\n" for chunk, raw in lines if chunk in done)
        if kept != data:
            write_atomic(self.path, kept)
        return done

    def write(self, index: int, results) -> None:
        data = "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n"
                       for r in results).encode("utf-8")
        self._file.write(data)
        self._file.flush()
        os.fsync(self._file.fileno())
        self.done.add(index)

    def close(self) -> None:
        self._file.close()


class ParquetSink:
    """Results as a folder of Parquet files, one per chunk."""

    def __init__(self, path: str, signature: dict, sizes: Dict[int, int], *,
                 restart: bool = False):
        try:
            import pandas  # noqa: F401
            import pyarrow  # noqa: F401
        except ImportError:
            raise SinkError("Parquet output needs pandas and pyarrow: pip install "
                            "\"vint[data]\", or write JSON lines (an output ending in "
                            ".jsonl)") from None
        self.path, self.sizes = path, sizes
        self.manifest = os.path.join(path, "_run.json")
        resume = _check_signature(self.manifest, signature, restart, os.path.exists(path), path)
        if not resume and os.path.exists(path):
            if os.path.isdir(path):
                shutil.rmtree(path)
            else:
                os.unlink(path)
        os.makedirs(path, exist_ok=True)
        self.done: Set[int] = set()
        for name in os.listdir(path):
            if name.startswith("part-") and name.endswith(".parquet"):
                self.done.add(int(name[5:-8]))
            elif name.startswith(".part-"):           # a write a crash cut short
                os.unlink(os.path.join(path, name))
        _write_manifest(self.manifest, signature)

    def write(self, index: int, results) -> None:
        frame = to_dataframe(results)
        target = os.path.join(self.path, f"part-{index:06d}.parquet")
        tmp = os.path.join(self.path, f".part-{index:06d}.parquet.tmp")
        frame.to_parquet(tmp, index=False)
        os.replace(tmp, target)
        self.done.add(index)

    def close(self) -> None:
        pass


def open_sink(output: str, signature: dict, sizes: Dict[int, int], *, restart: bool = False,
              fmt=None):
    """The sink for ``output``: Parquet when ``fmt == "parquet"`` or the name
    ends in ``.parquet``, else JSON lines."""
    output = os.fspath(output)
    if fmt not in (None, "jsonl", "parquet"):
        raise SinkError(f"unknown output format {fmt!r}: jsonl or parquet")
    if fmt == "parquet" or (fmt is None and output.endswith(".parquet")):
        return ParquetSink(output, signature, sizes, restart=restart)
    return JsonLinesSink(output, signature, sizes, restart=restart)
