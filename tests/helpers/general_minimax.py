"""A plain minimax for any layout: the general solver's reference in the tests.

No pruning, no ordering, no equivalent cards: every legal card is tried and
exact positions are memoised. Cards are ``(suit, rank)`` pairs (rank 0 the
lowest of its suit); it knows nothing of the package under test.
"""

from __future__ import annotations

from functools import lru_cache


def minimax(hands, trump, leader, counted, misere=False):
    """Tricks the ``counted`` players win; they maximise (minimise in misère)."""
    n = len(hands)
    counted = frozenset(counted)

    def winner(trick):
        best = 0
        for i in range(1, len(trick)):
            s, r = trick[i]
            bs, br = trick[best]
            if (s == bs and r > br) or (s == trump and bs != trump):
                best = i
        return best

    @lru_cache(maxsize=None)
    def go(hs, lead, trick):
        if not any(hs):
            return 0
        p = (lead + len(trick)) % n
        hand = hs[p]
        if trick:
            follow = [c for c in hand if c[0] == trick[0][0]]
            legal = follow or list(hand)
        else:
            legal = list(hand)
        wants_high = (p in counted) != misere
        best = None
        for c in legal:
            nh = list(hs)
            nh[p] = hand - {c}
            nh = tuple(nh)
            t = trick + (c,)
            if len(t) == n:
                w = (lead + winner(t)) % n
                v = (1 if w in counted else 0) + go(nh, w, ())
            else:
                v = go(nh, lead, t)
            if best is None or (v > best if wants_high else v < best):
                best = v
        return best

    return go(tuple(frozenset(h) for h in hands), leader, ())
