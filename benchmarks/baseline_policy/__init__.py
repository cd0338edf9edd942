"""The frozen baseline bidding policy of ``benchmarks/bench_match.py`` (issue 33).

A copy of ``advisor/bidding/policy.py`` and ``tables.py`` as they were at
commit ``84d7fb7`` (main when issue 33 began), the only change being that
the copy imports the advisor's game, rules and constraint language by their
absolute names. The policy in ``advisor.bidding`` may change; this one must
not, so that ``bench_match.py ... baseline`` measures every later policy
against the same opponent. ``benchmarks/test_bench_match.py`` checks that it
still makes the calls it made when it was frozen.
"""

from .policy import Policy

#: The commit the copy was taken from.
COMMIT = "84d7fb71300cda06e17746bda68aee20e5a3e91c"

__all__ = ["Policy", "COMMIT"]
