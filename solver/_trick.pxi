# The trick in progress: who holds a card, who wins, finishing a trick.
# Included by _core.pyx; every phase of the search uses these.


cdef inline int holder_of(Ctx* c, int s, int rank) noexcept nogil:
    """The seat holding the card of suit ``s`` and rank index ``rank`` (it must be in a hand)."""
    cdef int h = 0
    while not (suit_of(c.hands[h], s) >> rank) & 1:
        h += 1
    return h


cdef inline bint card_beats(int card, int winning, int trump) noexcept nogil:
    """Does ``card`` beat ``winning``, played earlier to the same trick?"""
    if card_suit(card) == card_suit(winning):
        return card > winning
    return card_suit(card) == trump


cdef inline int winning_index(Ctx* c, int n) noexcept nogil:
    """Index in the trick of the card winning the first ``n`` cards played to it."""
    cdef int best = 0, i
    for i in range(1, n):
        if card_beats(c.trick_card[i], c.trick_card[best], c.trump):
            best = i
    return best


cdef inline void record_winner(Ctx* c, int k) noexcept nogil:
    """The trick's card ``k`` (its last so far) is on it: keep ``c.win`` up to date."""
    if k == 0 or card_beats(c.trick_card[k], c.trick_card[c.win[k]], c.trump):
        c.win[k + 1] = k
    else:
        c.win[k + 1] = c.win[k]


cdef inline u64 rank_relevance(Ctx* c, int best) noexcept nogil:
    """The winning card, if it won by its rank (another card of its suit in the trick)."""
    cdef int i
    cdef int bs = card_suit(c.trick_card[best])
    for i in range(4):
        if i != best and card_suit(c.trick_card[i]) == bs:
            return (<u64>1) << c.trick_card[best]
    return 0


cdef inline u64 trick_mask(Ctx* c) noexcept nogil:
    """The four cards of a full trick, as a mask."""
    return (((<u64>1) << c.trick_card[0]) | ((<u64>1) << c.trick_card[1])
            | ((<u64>1) << c.trick_card[2]) | ((<u64>1) << c.trick_card[3]))


cdef inline int finish_trick(Ctx* c, int* best_out) noexcept nogil:
    """The trick holds four cards: its winner leads next. Returns 1 when side 0 won it.

    ``best_out`` gets the index of the winning card; the cards stay in
    ``trick_card`` until the next trick overwrites them, and leave ``in_play``.
    """
    cdef int best = c.win[4]
    cdef int winner = c.trick_seat[best]
    best_out[0] = best
    c.in_play &= ~trick_mask(c)
    c.ncards = 0
    c.player = winner
    return 1 if c.side[winner] == 0 else 0
