# Playing for a score, not for tricks (solver.Objective). Included by _core.pyx.
#
# Skruuvi's misère scores each ace by the number of the trick it falls in,
# on top of what the contract scores for the tricks taken, so the best play
# is not simply the fewest tricks: an ace is dumped early, a trick is taken
# to shed an ace cheaply. The trick search's cut-offs (sure tricks, tables
# of trick bounds) say nothing about such a score, so this is a search of
# its own: alpha-beta on the score itself, with a table of exact positions.
#
# The value of a position is what side 0 still scores: by_tricks[tricks side
# 0 has won in the whole deal at the end] plus, for each ace still to fall,
# ace_ours[k] or ace_theirs[k] (k: the trick it falls in, 0-based) as side 0
# or the other side wins that trick. Side 0 maximises it, side 1 minimises it.
#
# Cards next to each other in one hand, with no card of another hand between
# them, win the same tricks: one of each run is tried. Aces are never merged
# (which card of a run falls in which trick matters only for aces).

cdef enum:
    SCORED_SLOTS_LOG2 = 20          # at most 1M slots (48 MB): one table a call
    SCORED_INFINITY = 1 << 29       # beyond any score (objectives are bounded in Python)
    ACE_RANK = 12                   # the ace's rank index

cdef struct ScoredSlot:
    u64 hands[4]
    int leader          # -1: empty
    int won             # side 0's tricks so far (the rest of the key)
    int lower, upper    # bounds on the value of the position

cdef struct Scored:
    Ctx base            # hands, trump, sides, the trick in progress, counters and limits
    int won             # tricks side 0 has won so far in the whole deal
    int first_trick     # the deal's number (0-based) of the position's current trick
    int first_length    # cards in the hand on move at the position, before it plays
    int by_tricks[14]
    int ace_ours[13]
    int ace_theirs[13]
    ScoredSlot* slots
    u64 slot_mask


cdef inline u64 scored_hash(Scored* g) noexcept nogil:
    cdef u64 h = <u64>(g.base.player * 16 + g.won)
    cdef int i
    for i in range(4):
        h = (h ^ g.base.hands[i]) * 0x9E3779B97F4A7C15ULL
        h ^= h >> 31
    return h


cdef inline ScoredSlot* scored_slot(Scored* g) noexcept nogil:
    """The table slot of the position at a trick's start (replaced when taken)."""
    return &g.slots[scored_hash(g) & g.slot_mask]


cdef inline bint scored_same(Scored* g, ScoredSlot* s) noexcept nogil:
    return (s.leader == g.base.player and s.won == g.won
            and s.hands[0] == g.base.hands[0] and s.hands[1] == g.base.hands[1]
            and s.hands[2] == g.base.hands[2] and s.hands[3] == g.base.hands[3])


cdef int scored_moves(Scored* g, int* moves) noexcept nogil:
    """The cards worth trying for the player on move: one of each run of
    equivalent cards (the highest; aces alone), lowest first in each suit."""
    cdef Ctx* c = &g.base
    cdef u64 hand = c.hands[c.player], mine, in_suit, above, ranks
    cdef u64 in_play = c.hands[0] | c.hands[1] | c.hands[2] | c.hands[3]
    cdef int n = 0, s, r, up, i, lead_suit = -1
    for i in range(c.ncards):
        in_play |= (<u64>1) << c.trick_card[i]
    if c.ncards > 0:
        lead_suit = card_suit(c.trick_card[0])
        if suit_of(hand, lead_suit) == 0:
            lead_suit = -1                  # void: any card
    for s in range(4):
        if lead_suit >= 0 and s != lead_suit:
            continue
        mine = suit_of(hand, s)
        in_suit = suit_of(in_play, s)
        ranks = mine
        while ranks:
            r = lowest_bit(ranks)
            ranks &= ranks - 1
            # The next card up still in play is ours and not an ace: it stands
            # for this one (no other hand's card lies between them).
            above = in_suit & ~((<u64>2 << r) - 1)
            if above:
                up = lowest_bit(above)
                if (mine >> up) & 1 and up != ACE_RANK:
                    continue
            moves[n] = make_card(s, r)
            n += 1
    return n


cdef inline int scored_trick_value(Scored* g, int last_player, int* side0_won) noexcept nogil:
    """Close a full trick: its winner leads next; returns the aces' score for
    side 0 and sets ``side0_won`` (1 when side 0 took the trick)."""
    cdef Ctx* c = &g.base
    cdef int trick = g.first_trick + g.first_length - popcount(c.hands[last_player]) - 1
    cdef int win = winning_index(c, 4), k, delta = 0
    side0_won[0] = 1 if c.side[c.trick_seat[win]] == 0 else 0
    for k in range(4):
        if card_rank(c.trick_card[k]) == ACE_RANK:
            delta += g.ace_ours[trick] if side0_won[0] else g.ace_theirs[trick]
    c.ncards = 0
    c.player = c.trick_seat[win]
    return delta


cdef int scored_search(Scored* g, int alpha, int beta) noexcept nogil:
    """Side 0's best score from here (fail-soft alpha-beta)."""
    cdef Ctx* c = &g.base
    cdef int moves[13]
    cdef int n, i, k, card, player = c.player, v, best, delta, side0_won
    cdef int saved_card[4]
    cdef int saved_seat[4]
    cdef bint maximise
    cdef ScoredSlot* slot = NULL
    cdef u64 bit

    c.nodes += 1
    if c.nodes % CHECK_EVERY == 0 and must_stop(c):
        return 0
    if c.ncards == 0:
        if c.hands[player] == 0:
            return g.by_tricks[g.won]
        slot = scored_slot(g)
        if scored_same(g, slot):
            if slot.lower >= beta or slot.lower == slot.upper:
                return slot.lower
            if slot.upper <= alpha:
                return slot.upper
            if slot.lower > alpha:
                alpha = slot.lower
            if slot.upper < beta:
                beta = slot.upper
    cdef int alpha_in = alpha, beta_in = beta
    maximise = c.side[player] == 0
    best = -SCORED_INFINITY if maximise else SCORED_INFINITY
    n = scored_moves(g, moves)
    for i in range(n):
        card = moves[i]
        bit = (<u64>1) << card
        c.hands[player] ^= bit
        c.trick_card[c.ncards] = card
        c.trick_seat[c.ncards] = player
        c.ncards += 1
        if c.ncards == 4:
            # The next tricks overwrite this one's cards: keep them.
            for k in range(4):
                saved_card[k], saved_seat[k] = c.trick_card[k], c.trick_seat[k]
            delta = scored_trick_value(g, player, &side0_won)
            g.won += side0_won
            v = delta + scored_search(g, alpha - delta, beta - delta)
            g.won -= side0_won
            for k in range(4):
                c.trick_card[k], c.trick_seat[k] = saved_card[k], saved_seat[k]
            c.ncards = 4
        else:
            c.player = (player + 1) & 3
            v = scored_search(g, alpha, beta)
        c.ncards -= 1
        c.player = player
        c.hands[player] ^= bit
        if c.error:
            return 0
        if maximise:
            if v > best:
                best = v
            if best > alpha:
                alpha = best
        else:
            if v < best:
                best = v
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    if slot != NULL:
        scored_store(g, slot, best, alpha_in, beta_in)
    return best


cdef void scored_store(Scored* g, ScoredSlot* slot, int best, int alpha, int beta) noexcept nogil:
    """Keep what a search of the window (alpha, beta) proved: a fail-low is an
    upper bound, a fail-high a lower bound, anything between the exact value;
    a slot of the same position keeps its other bound."""
    cdef Ctx* c = &g.base
    if not scored_same(g, slot):
        slot.hands[0], slot.hands[1] = c.hands[0], c.hands[1]
        slot.hands[2], slot.hands[3] = c.hands[2], c.hands[3]
        slot.leader, slot.won = c.player, g.won
        slot.lower, slot.upper = -SCORED_INFINITY, SCORED_INFINITY
    if best <= alpha:
        if best < slot.upper:
            slot.upper = best
    elif best >= beta:
        if best > slot.lower:
            slot.lower = best
    else:
        slot.lower = slot.upper = best


def scored_values(hands, int trump, int leader, played, cards, int lone, int won,
                  int first_trick, by_tricks, ace_ours, ace_theirs):
    """Side 0's best score after each card of ``cards`` (legal cards of the
    player on move), or of the position itself when ``cards`` is empty.

    Side 0 is NS, or the ``lone`` seat (>= 0) alone. ``won``: side 0's tricks
    so far in the deal; ``first_trick``: the deal's number (0-based) of the
    trick in progress. The objective's lists are side 0's (``solver.Objective``).
    """
    cdef Scored g
    cdef u64 h[4]
    cdef int p[4]
    cdef int nplayed = read_position(hands, played, h, p)
    cdef int i, v
    cdef list out = []
    if len(by_tricks) != 14 or len(ace_ours) != 13 or len(ace_theirs) != 13:
        raise ValueError("an objective has 14 trick scores and 13 ace scores a side")
    for i in range(14):
        g.by_tricks[i] = by_tricks[i]
    for i in range(13):
        g.ace_ours[i], g.ace_theirs[i] = ace_ours[i], ace_theirs[i]
    set_game(&g.base, trump, False, lone)      # the score says who wants what: no misère flag
    g.won, g.first_trick = won, first_trick
    g.first_length = popcount(h[(leader + nplayed) & 3])
    # A small ending needs a small table: 2^(8 + 2n) slots for n cards a hand.
    g.slot_mask = (<u64>1 << min(SCORED_SLOTS_LOG2, 8 + 2 * g.first_length)) - 1
    g.slots = <ScoredSlot*>malloc((g.slot_mask + 1) * sizeof(ScoredSlot))
    if g.slots == NULL:
        raise MemoryError("cannot allocate the table of the scored search")
    try:
        for i in range(g.slot_mask + 1):
            g.slots[i].leader = -1
        for card in (cards or [None]):
            set_position(&g.base, h, leader, p, nplayed)
            v = scored_value(&g, -1 if card is None else card)
            close_ctx(&g.base, None)        # raises KeyboardInterrupt after Ctrl-C
            out.append(v)
        return out
    finally:
        free(g.slots)


cdef int scored_value(Scored* g, int card):
    """Side 0's best score from the position, after ``card`` when it is >= 0."""
    cdef Ctx* c = &g.base
    cdef int player = c.player, delta = 0, side0_won = 0, v
    if card >= 0:
        c.hands[player] ^= (<u64>1) << card
        c.trick_card[c.ncards] = card
        c.trick_seat[c.ncards] = player
        c.ncards += 1
        if c.ncards == 4:
            delta = scored_trick_value(g, player, &side0_won)
        else:
            c.player = (player + 1) & 3
    g.won += side0_won
    with nogil:
        v = scored_search(g, -SCORED_INFINITY, SCORED_INFINITY)
    g.won -= side0_won
    return delta + v
