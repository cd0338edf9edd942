"""The web server's memory under refused uploads: does it come back?

    python benchmarks/bench_web_memory.py [--rounds 20] [--clients 8] [--deals 1900]

Starts ``vint serve`` in a child process on a free port of 127.0.0.1 and,
round after round, sends ``--clients`` uploads at once of a LIN file whose
``--deals`` deals are all refused under Vint's rules (a lower bid after a
higher one: each is read, checked and kept as an error), plus one upload of
more deals than the server takes (refused before it is read). It prints the
server's resident memory (``VmRSS``) at the start (after one warm-up
round), its peak during the rounds, after each round, and once the server has
forgotten the finished jobs (``--settle`` seconds later), and says whether the
memory settled within 20% of the start.

Before issue 25 each refused deal's error kept the reader's frames (about
33 KB a long deal): 8 uploads of 3,656 such deals took the server from 46 MB
to 1,064 MB, and it stayed there. Bounded: every request has a timeout, and
the child is killed at the end whatever happens.
"""

from __future__ import annotations

import argparse
import http.client
import os
import socket
import subprocess
import sys
import threading
import time
import uuid

from common import REPO

# Refused under Vint's rules: 1S is not higher than 2H.
REFUSED = ("md|3SQ54H5432D43CKQJ4,S876H876D9876C765,SAK32HAKQJDT2CA32,|sv|o|rh||"
           "ah|Board {k}|mb|2H|mb|1S|mb|p|mb|p|mb|p|pc|DJ|pc|D3|pc|D6|pc|D2|\n")


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def upload(port: int, content: bytes, name: str) -> int:
    boundary = uuid.uuid4().hex
    body = (f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"'
            f'\r\nContent-Type: application/octet-stream\r\n\r\n').encode() + content + \
        f"\r\n--{boundary}--\r\n".encode()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.request("POST", "/api/review", body=body, headers={
            "Host": f"127.0.0.1:{port}", "Origin": f"http://127.0.0.1:{port}",
            "Content-Type": f"multipart/form-data; boundary={boundary}"})
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--clients", type=int, default=8, help="uploads at once")
    parser.add_argument("--deals", type=int, default=1900, help="refused deals an upload")
    parser.add_argument("--settle", type=float, default=75,
                        help="seconds to wait at the end (default 75: past the jobs' minute)")
    args = parser.parse_args()

    refused = "".join(REFUSED.format(k=k) for k in range(1, args.deals + 1)).encode()
    too_many = "".join(REFUSED.format(k=k) for k in range(1, 2 * 2000 + 1)).encode()
    port = free_port()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    child = subprocess.Popen([sys.executable, "-m", "advisor.cli", "serve", "--port", str(port)],
                             cwd=str(REPO / "benchmarks"), env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak = 0
    stop = threading.Event()

    def watch():
        nonlocal peak
        while not stop.is_set():
            try:
                peak = max(peak, rss_kb(child.pid))
            except (OSError, RuntimeError):
                return
            time.sleep(0.02)

    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or child.poll() is not None:
                    raise SystemExit("the server did not start: "
                                     + child.stderr.read().decode()[-2000:])
                time.sleep(0.2)

        def one_round():
            statuses = []
            threads = [threading.Thread(target=lambda: statuses.append(
                upload(port, refused, f"refused{i}.lin"))) for i in range(args.clients)]
            threads.append(threading.Thread(target=lambda: statuses.append(
                upload(port, too_many, "too_many.lin"))))
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            return statuses

        one_round()                                       # warm-up: every module loaded
        time.sleep(1)
        start = rss_kb(child.pid)
        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        print(f"{args.rounds} rounds of {args.clients} uploads of {args.deals} refused LIN "
              f"deals ({len(refused) // 1024} KB each) and one of {2 * 2000} deals")
        print(f"start (after a warm-up round): {start / 1024:.0f} MB")
        after = start
        for k in range(1, args.rounds + 1):
            statuses = one_round()
            time.sleep(0.5)
            after = rss_kb(child.pid)
            print(f"round {k:2}: statuses {sorted(set(statuses))}, settled {after / 1024:.0f} MB")
        stop.set()
        watcher.join()
        # The finished jobs' results (nobody fetched them) are kept until no page
        # has asked for them for a minute; then they are forgotten.
        print(f"waiting {args.settle:g} s for the server to forget the finished jobs...")
        time.sleep(args.settle)
        settled = rss_kb(child.pid)
        print(f"peak: {peak / 1024:.0f} MB; after the last round: {after / 1024:.0f} MB; "
              f"settled: {settled / 1024:.0f} MB = {settled / start:.2f} of the start "
              f"({'within' if settled <= 1.2 * start else 'NOT within'} 20%)")
    finally:
        child.kill()
        child.wait()


if __name__ == "__main__":
    main()
