# Cut-offs at the start of a trick from tricks one side is sure of.
# Included by _core.pyx.
#
# Each rule gives a number of tricks a side cannot be stopped from winning,
# together with the cards that make it so (for the transposition table).


cdef inline int top_run(u64 mine, u64 all_cards) noexcept nogil:
    """How many of the highest cards of ``all_cards`` belong to ``mine``, in a row."""
    cdef int k = 0
    cdef u64 top
    while all_cards:
        top = (<u64>1) << highest_bit(all_cards)
        if not (mine & top):
            break
        k += 1
        all_cards ^= top
    return k


cdef inline int decide(Ctx* c, int side, int tricks, int target, int n, u64 rel,
                       u64* rel_out) noexcept nogil:
    """1 or 0 when ``side`` being sure of ``tricks`` answers "side 0 >= target", else -1."""
    if side == 0:
        if tricks >= target:
            rel_out[0] = rel
            return 1
    elif n - tricks < target:
        rel_out[0] = rel
        return 0
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

    if not c.quick_ok:
        return -1

    # Quick tricks: the leader cashes the top cards it holds in a row. In a
    # suit contract an opponent with trumps can ruff once out of the suit, so
    # a side suit is worth no more than that opponent's length in it.
    qt = cashable(c, leader, leader, all_cards, &rel)
    if qt:
        res = decide(c, c.side[leader], qt, target, n, rel, rel_out)
        if res >= 0:
            return res
    # Or the leader crosses to partner's winners with a small card, and
    # partner cashes everything partner holds on top.
    if c.side[(leader + 2) & 3] == c.side[leader]:
        qt = cashable(c, (leader + 2) & 3, leader, all_cards, &rel)
        if qt:
            return decide(c, c.side[leader], qt, target, n, rel, rel_out)
    return -1


cdef int cashable(Ctx* c, int casher, int leader, u64 all_cards, u64* rel_out) noexcept nogil:
    """Tricks ``casher`` takes by cashing top cards once on lead.

    When ``casher`` is the leader's partner, the lead must first cross in a
    suit where partner holds the top card and the leader holds a card;
    without such a suit the answer is 0.
    """
    cdef int s, f, k, qt = 0
    cdef int trump = c.trump
    cdef bint crossed = casher == leader
    cdef u64 mine, u, rel = 0
    for s in range(4):
        mine = suit_of(c.hands[casher], s)
        if not mine:
            continue
        u = suit_of(all_cards, s)
        k = top_run(mine, u)
        if k == 0:
            continue
        if trump < 4 and s != trump:
            for f in range(4):
                if c.side[f] != c.side[casher] and suit_of(c.hands[f], trump):
                    if popcount(suit_of(c.hands[f], s)) < k:
                        k = popcount(suit_of(c.hands[f], s))
        if k > 0:
            if not crossed and suit_of(c.hands[leader], s):
                crossed = True
            qt += k
            rel |= top_cards(u, k) << (16 * s)
    if not crossed:
        return 0
    rel_out[0] = rel
    return qt
