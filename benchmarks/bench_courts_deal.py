"""Semi-contract analysis of whole deals: all 68 Courts and misère rows exact, in seconds.

python benchmarks/bench_courts_deal.py [--deals example,hard] [--workers 1,2]
    [--against PATH] [--repeat 1] [--save]

For each deal, ``courts_and_misere(deal, max_nodes=None)`` (every row exact,
as ``vint analyse --rules semi-contract --max-nodes 0``) on each number of
workers: wall seconds, CPU seconds, and the general search's nodes (the
same on any number of workers, noise-free). Every value is checked against
``benchmarks/courts_deals.json`` (exact rows kept from an earlier run;
``--save`` adds the deals it lacks).

``--against PATH``: the same deals analysed by another checkout (say
``/work/main``, built in place) in a child process, one after the other in
the same run, so the ratio of wall times is side by side; its values are
checked too. Deals: ``example`` (the CLI's), ``hard`` (issue 32's random
deal that took minutes), ``rN`` (the N-th random deal of
``bench_courts_nodes.deals``), or a PBN deal.
"""
import json
import os
import subprocess
import sys
import time

from common import take_option  # (puts this source tree first on sys.path)
from advisor.cli import EXAMPLE_DEAL
from advisor.valuation.courts import courts_and_misere
from bench_courts_nodes import deals as random_deals
from solver import Bounds

HARD = "N:Q9.8743.K543.KJ8 AJ5.QT6.JT6.9752 7632.52.A982.Q63 KT84.AKJ9.Q7.AT4"
REFS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "courts_deals.json")

#: Run in the other checkout's child process: its exact rows, wall and CPU.
CHILD = """
import json, sys, time
from advisor.valuation.courts import courts_and_misere
deal = sys.argv[1]
w, c = time.perf_counter(), time.process_time()
rows = courts_and_misere(deal, max_nodes=None)
w, c = time.perf_counter() - w, time.process_time() - c
print(json.dumps({"wall": w, "cpu": c,
                  "values": {r.strain: {s: t for s, t in r.tricks.items()} for r in rows}}))
"""


def named(name: str) -> str:
    if name == "example":
        return EXAMPLE_DEAL
    if name == "hard":
        return HARD
    if name.startswith("r") and name[1:].isdigit():
        k = int(name[1:])
        return random_deals(k + 1)[k].to_pbn()
    return name


def ours(deal: str, workers: int):
    w, c = time.perf_counter(), time.process_time()
    rows = courts_and_misere(deal, max_nodes=None, workers=workers)
    w, c = time.perf_counter() - w, time.process_time() - c
    values = {}
    for r in rows:
        assert not any(isinstance(t, Bounds) for t in r.tricks.values()), r
        values[r.strain] = dict(r.tricks)
    return w, c, sum(r.nodes for r in rows), values


def theirs(path: str, deal: str):
    env = dict(os.environ, PYTHONPATH=path)
    out = subprocess.run([sys.executable, "-c", CHILD, deal], env=env, cwd=path,
                         capture_output=True, text=True, check=True).stdout
    found = json.loads(out.strip().splitlines()[-1])
    return found["wall"], found["cpu"], found["values"]


def main():
    args = sys.argv[1:]
    if "--help" in args or "-h" in args:
        print(__doc__)
        return
    names = take_option(args, "--deals", "example,hard").split(",")
    workers = [int(w) for w in take_option(args, "--workers", "1,2").split(",")]
    against = take_option(args, "--against", None)
    repeat = int(take_option(args, "--repeat", "1"))
    save = "--save" in args
    refs = {}
    if os.path.exists(REFS):
        with open(REFS) as f:
            refs = json.load(f)
    bad = 0
    for name in names:
        deal = named(name)
        ref = refs.get(deal)
        for _ in range(repeat):
            line = [f"{name:8}"]
            if against:
                w0, c0, v0 = theirs(against, deal)
                line.append(f"against: wall {w0:6.2f} s cpu {c0:6.2f} s")
                if ref is None:
                    ref = v0        # a deal without kept rows: ours must equal theirs
                elif v0 != ref:
                    line.append("AGAINST DIFFERS")
                    bad += 1
            for k in workers:
                w, c, nodes, values = ours(deal, k)
                line.append(f"{k} worker{'s' if k > 1 else ''}: wall {w:6.2f} s cpu {c:6.2f} s"
                            + (f" ({w / w0:.3f}x)" if against else ""))
                if ref is None:
                    ref = values
                elif values != ref:
                    line.append("DIFFERS")
                    bad += 1
            if save and deal not in refs:
                refs[deal] = ref
            line.append(f"nodes {nodes / 1e6:.2f}M")
            print("  ".join(line), flush=True)
    if save:
        with open(REFS, "w") as f:
            json.dump(refs, f, indent=1, sort_keys=True)
    if bad:
        sys.exit(f"{bad} runs differ from the kept exact rows")


if __name__ == "__main__":
    main()
