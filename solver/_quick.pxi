# Cut-offs at the start of a trick from tricks one side is sure of.
# Included by _core.pyx.
#
# Each rule gives a number of tricks a side cannot be stopped from winning,
# together with the cards that make it so (for the transposition table).
#
# Measured and dropped: counting the leader's (and partner's) cashable top
# cards, as DDS's quick tricks do, cut only 3% of the nodes here and cost a
# third of the time; the transposition table already finds those lines.


cdef inline int top_run(u64 mine, u64 all_cards) noexcept nogil:
    """How many of the highest cards of ``all_cards`` belong to ``mine``, in a row."""
    cdef int n = popcount(all_cards)
    cdef u64 gaps = ~compress13(mine, all_cards) & (((<u64>1) << n) - 1)
    if gaps == 0:
        return n
    return n - 1 - highest_bit(gaps)


cdef inline int decide(Ctx* c, int side, int tricks, int target, int n, u64 rel,
                       u64* rel_out) noexcept nogil:
    """A fail-soft bound when ``side`` being sure of ``tricks`` decides the target, else -1."""
    if side == 0:
        if tricks >= target:
            rel_out[0] = rel
            return tricks
    elif n - tricks < target:
        rel_out[0] = rel
        return n - tricks
    return -1


cdef int sure_tricks(Ctx* c, int target, int n, u64* rel_out) noexcept nogil:
    cdef int leader = c.player
    cdef int trump = c.trump
    cdef int s, f, k, res, holder
    cdef u64 all_cards = c.hands[0] | c.hands[1] | c.hands[2] | c.hands[3]
    cdef u64 u, mine, rel = 0
    cdef int qt = 0

    # The highest trumps in one hand win a trick each, whatever anyone does:
    # every card is played some time, and a trump beaten by nothing wins.
    if trump < 4:
        u = suit_of(all_cards, trump)
        if u:
            holder = 0
            while not (suit_of(c.hands[holder], trump) >> highest_bit(u)) & 1:
                holder += 1
            k = top_run(suit_of(c.hands[holder], trump), u)
            res = decide(c, c.side[holder], k, target, n,
                         top_cards(u, k) << (16 * trump), rel_out)
            if res >= 0:
                return res

    return -1
