# Playing for a score, not for tricks (solver.Objective). Included by _core.pyx.
#
# Skruuvi's misère scores each ace by the number of the trick it falls in,
# on top of what the contract scores for the tricks taken, so the best play
# is not simply the fewest tricks: an ace is dumped early, a trick is taken
# to shed an ace cheaply. The trick search's cut-offs (sure tricks, tables
# of trick bounds) say nothing about such a score, so this is a search of
# its own: alpha-beta on the score itself, with a table of positions at
# tricks' starts keyed by relative ranks (ScoredKey).
#
# The value of a position is what side 0 still scores: by_tricks[tricks side
# 0 has won in the whole deal at the end] plus, for each ace still to fall,
# ace_ours[k] or ace_theirs[k] (k: the trick it falls in, 0-based) as side 0
# or the other side wins that trick. Side 0 maximises it, side 1 minimises it.
#
# Cards next to each other in one hand, with no card of another hand between
# them, win the same tricks: one of each run is tried. Aces are never merged
# (which card of a run falls in which trick matters only for aces). The
# cards are tried in this order: the table's best card for the position (a
# lead), else the lead that last cut off for that leader with as many cards
# (a killer); then the cards that cut off most so far (the history
# heuristic); then lowest first, discards aces first. On a trick's last card
# the next trick's table entries are looked at first (enhanced transposition
# cut-offs), and the last trick is played out without a search.
#
# Bounds from the trick search (what makes full deals reachable). At a
# trick's start the value splits into a trick part, by_tricks[won + x] for the
# x tricks side 0 still takes, and an ace part. The fast trick search gives
# two exact numbers: ``most`` (side 0 playing for tricks: it can force x >=
# most, side 1 can hold it to x <= most) and ``fewest`` (misère: side 0 can
# keep x <= fewest, side 1 can force x >= fewest). Whatever the players
# play for, side 0 can use either plan and side 1 either reply, so
#     value >= ace_low + max(min f over x >= most, min f over x <= fewest)
#     value <= ace_high + min(max f over x <= most, max f over x >= fewest)
# with f(x) = by_tricks[won + x] and the ace part bounded ace by ace (each ace
# falls in one of the tricks left and is taken by one side, or by its
# holder's side when the other holds nothing outside the ace's suit). With
# no ace left and by_tricks monotone (every misère objective), the two bounds
# meet: the position is solved by the trick search alone. Bounds cut the
# search only when they decide the window, so the trick searches are asked
# only when their answer could (with the ace part as wide as it is, most
# often it could not), and only the question that decides it: one null-window
# test (is fewest <= x? is most >= x?), the misère ones first; a slot keeps
# the bounds on most and fewest the tests proved.
#
# The root is solved by null-window tests (MTD(f)), the step doubling while
# the tests fail the same way: each test proves a lower or an upper bound,
# so a search stopped by its budget still returns what it proved
# (solver.api: Bounds).

cdef enum:
    SCORED_SLOTS_LOG2 = 22          # at most 4M slots (160 MB): one table a call
    SCORED_INFINITY = 1 << 29       # beyond any score (objectives are bounded in Python)
    SCORED_NONE = 1 << 30           # "no value" (beyond SCORED_INFINITY)
    ACE_RANK = 12                   # the ace's rank index

cdef struct ScoredSlot:
    u64 plane0, plane1  # the key (ScoredKey)
    u64 meta            # 0: an empty slot
    int lower, upper    # bounds on the value of the position
    short best          # the lead that was best (or cut off) here, tried first next time:
                        # make_card(suit, place from the top), or -1
    # Side 0's tricks from here, playing for most, lie in [most_lo, most_hi];
    # playing for fewest, in [fewest_lo, fewest_hi] (what the trick searches
    # proved so far; at first 0 and the cards left).
    signed char most_lo, most_hi, fewest_lo, fewest_hi
    signed char cards   # the cards each hand holds (the work a slot saves grows with it)


# The table's key: a position at a trick's start by relative ranks, as the
# trick search's table has it (_tt.pxi): the owners of the i-th highest card
# still in play in each suit, whatever its printed rank. Two positions that
# differ only in which low cards have gone (a two played early in one line,
# a three in another) then share a slot: their games are the same, card for
# card. For the score, aces are special: the top card in play of a suit is
# its ace or, once the ace has fallen, a lower card that costs nothing, so
# the key also says which aces are still in play. It holds the tricks side 0
# has won (the trick score need not be linear in them), not the trick's
# number: in one call that follows from the cards left.
cdef struct ScoredKey:
    u64 plane0, plane1  # owner bits of the cards in play (position_key)
    u64 meta            # suit lengths in play (4 bits each), aces in play, leader, won
    u64 unions[4]       # each suit's cards in play (to read the slot's hint)


cdef struct Scored:
    Ctx base            # hands, trump, sides, the trick in progress, counters and limits
    int won             # tricks side 0 has won so far in the whole deal
    int first_trick     # the deal's number (0-based) of the position's current trick
    int first_length    # cards in the hand on move at the position, before it plays
    int by_tricks[14]
    int ace_ours[13]
    int ace_theirs[13]
    # For each side taking an ace (0: side 0), the least and most an ace adds
    # in trick k or any later one; index 13 (no trick left) is 0.
    int ace_low[2][14]
    int ace_high[2][14]
    bint bounded        # use the trick search's bounds (off: the plain search, for tests)
    Ctx most            # the trick search, side 0 playing for tricks
    Ctx fewest          # ... and playing for as few as it can (misère)
    u64 trick_nodes     # the nodes of every trick search so far (a counter)
    int last_value      # the value after the card solved last (SCORED_NONE: none yet)
    int killer[4][14]   # per leader and cards in hand: the last lead that cut off, as a
                        # hint (make_card(suit, place from the top)), or -1
    u64 history[4][64]  # per seat and card: how much it cut off so far (cards left
                        # to the player, k: 2^k a cut-off, so cut-offs high in the tree count most)
    ScoredSlot* slots
    u64 slot_mask


cdef inline void scored_key(Scored* g, ScoredKey* k) noexcept nogil:
    """The key of the position at a trick's start (no card on the trick)."""
    cdef Ctx* c = &g.base
    cdef int s
    cdef u64 meta = 0
    c.in_play = c.hands[0] | c.hands[1] | c.hands[2] | c.hands[3]
    position_key(c, &k.plane0, &k.plane1, k.unions)
    for s in range(4):
        meta |= <u64>popcount(k.unions[s]) << (4 * s)
        meta |= ((k.unions[s] >> ACE_RANK) & 1) << (16 + s)
    k.meta = meta | (<u64>c.player << 20) | (<u64>g.won << 22)


# The table is a power of two of slots, in pairs: a position may sit in
# either slot of its pair. The first keeps the larger ending (the more work
# it saves), the second takes whatever comes, so that a flood of small
# endings does not push out the few large ones.

cdef inline ScoredSlot* scored_pair(Scored* g, ScoredKey* k) noexcept nogil:
    """The first slot of the position's pair."""
    cdef u64 h = k.meta * 0x9E3779B97F4A7C15ULL
    h = (h ^ (h >> 31) ^ k.plane0) * 0xBF58476D1CE4E5B9ULL
    h = (h ^ (h >> 29) ^ k.plane1) * 0x94D049BB133111EBULL
    h ^= h >> 32
    return &g.slots[h & g.slot_mask & ~(<u64>1)]


cdef inline bint scored_same(ScoredKey* k, ScoredSlot* s) noexcept nogil:
    return s.meta == k.meta and s.plane0 == k.plane0 and s.plane1 == k.plane1


cdef inline int scored_cards(ScoredKey* k) noexcept nogil:
    """The cards each hand holds in the key's position (a trick's start)."""
    cdef int s, total = 0
    for s in range(4):
        total += (k.meta >> (4 * s)) & 15
    return total // 4


cdef inline ScoredSlot* scored_find(Scored* g, ScoredKey* k) noexcept nogil:
    """The position's slot, or NULL."""
    cdef ScoredSlot* s = scored_pair(g, k)
    if scored_same(k, s):
        return s
    if scored_same(k, s + 1):
        return s + 1
    return NULL


cdef ScoredSlot* scored_claim(Scored* g, ScoredKey* k, int cards) noexcept nogil:
    """A slot made the position's own, knowing nothing yet: the first of its
    pair if the position is at least as large as the one there (which moves
    to the second), else the second."""
    cdef ScoredSlot* s = scored_pair(g, k)
    if s.meta == 0 or cards >= s.cards:
        s[1] = s[0]
    else:
        s += 1
    s.plane0, s.plane1, s.meta = k.plane0, k.plane1, k.meta
    s.lower, s.upper = -SCORED_INFINITY, SCORED_INFINITY
    s.best = -1
    s.most_lo = s.fewest_lo = 0
    s.most_hi = s.fewest_hi = cards
    s.cards = cards
    return s


cdef int scored_moves(Scored* g, int* moves, int hint) noexcept nogil:
    """The cards worth trying for the player on move: one of each run of
    equivalent cards (the highest; aces alone), the cards that cut off most
    so far first; else lowest first in each suit, discards aces first, then
    from the top; ``hint`` (a card, or -1) before all."""
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
    if c.ncards > 0 and lead_suit < 0 and n > 1:
        # A discard: aces first (the penalty grows with the trick number),
        # then the other cards from the top.
        order_discards(moves, n)
    # The history heuristic: a card that cut off elsewhere likely cuts off
    # here too (the same card wins or ducks the same tricks in many lines).
    order_by_history(g.history[c.player], moves, n)
    if hint >= 0:
        for i in range(n):
            if moves[i] == hint:
                moves[i] = moves[0]
                moves[0] = hint
                break
    return n


cdef void order_by_history(u64* history, int* moves, int n) noexcept nogil:
    """The cards that cut off most so far first; ties keep their order."""
    cdef int i, j, m
    for i in range(1, n):
        m = moves[i]
        j = i
        while j > 0 and history[moves[j - 1]] < history[m]:
            moves[j] = moves[j - 1]
            j -= 1
        moves[j] = m


cdef void order_discards(int* moves, int n) noexcept nogil:
    """Aces first, then the higher cards first (insertion sort: n <= 13)."""
    cdef int i, j, m
    for i in range(1, n):
        m = moves[i]
        j = i
        while j > 0 and discard_key(moves[j - 1]) < discard_key(m):
            moves[j] = moves[j - 1]
            j -= 1
        moves[j] = m


cdef inline int discard_key(int card) noexcept nogil:
    return card_rank(card) + (16 if card_rank(card) == ACE_RANK else 0)


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


cdef int scored_last_trick(Scored* g) noexcept nogil:
    """The value when the player on move holds one card at most: the last
    trick, every card forced (or no card left at all)."""
    cdef Ctx* c = &g.base
    cdef int k, n = c.ncards, player = c.player, seat = c.player, delta, side0_won
    cdef int saved_card[4]
    cdef int saved_seat[4]
    cdef u64 saved_hands[4]
    if c.hands[player] == 0:
        return g.by_tricks[g.won]
    for k in range(4):
        saved_card[k], saved_seat[k], saved_hands[k] = c.trick_card[k], c.trick_seat[k], c.hands[k]
    for k in range(n, 4):
        c.trick_card[k] = lowest_bit(c.hands[seat])
        c.trick_seat[k] = seat
        c.hands[seat] = 0
        seat = (seat + 1) & 3
    c.ncards = 4
    delta = scored_trick_value(g, (seat + 3) & 3, &side0_won)
    for k in range(4):
        c.trick_card[k], c.trick_seat[k], c.hands[k] = saved_card[k], saved_seat[k], saved_hands[k]
    c.ncards, c.player = n, player
    return delta + g.by_tricks[g.won + side0_won]


cdef int scored_etc(Scored* g, int* moves, int n, bint maximise, int alpha,
                    int beta) noexcept nogil:
    """Enhanced transposition cut-off, for the last card of a trick: a card
    whose next trick's start has a table bound that cuts off here already
    settles the node (its value), without a search; else SCORED_NONE."""
    cdef Ctx* c = &g.base
    cdef int i, k, card, player = c.player, delta, side0_won, v = SCORED_NONE
    cdef int saved_card[4]
    cdef int saved_seat[4]
    cdef ScoredKey key
    cdef ScoredSlot* slot
    for i in range(n):
        card = moves[i]
        c.hands[player] ^= (<u64>1) << card
        c.trick_card[3] = card
        c.trick_seat[3] = player
        c.ncards = 4
        for k in range(4):
            saved_card[k], saved_seat[k] = c.trick_card[k], c.trick_seat[k]
        delta = scored_trick_value(g, player, &side0_won)
        g.won += side0_won
        scored_key(g, &key)
        slot = scored_find(g, &key)
        g.won -= side0_won
        for k in range(4):
            c.trick_card[k], c.trick_seat[k] = saved_card[k], saved_seat[k]
        c.ncards = 3
        c.player = player
        c.hands[player] ^= (<u64>1) << card
        if slot != NULL:
            if maximise and slot.lower + delta >= beta:
                v = slot.lower + delta
                break
            if not maximise and slot.upper + delta <= alpha:
                v = slot.upper + delta
                break
    return v


cdef int scored_search(Scored* g, int alpha, int beta) noexcept nogil:
    """Side 0's best score from here (fail-soft alpha-beta)."""
    cdef Ctx* c = &g.base
    cdef int moves[13]
    cdef int n, i, k, card, player = c.player, v, best, delta, side0_won, best_card = -1
    cdef int low, high, hint = -1
    cdef int saved_card[4]
    cdef int saved_seat[4]
    cdef bint maximise
    cdef ScoredSlot* slot = NULL
    cdef ScoredKey key
    cdef u64 bit

    c.nodes += 1
    if c.nodes % CHECK_EVERY == 0 and must_stop(c):
        return 0
    if c.hands[player] & (c.hands[player] - 1) == 0:
        return scored_last_trick(g)
    if c.ncards == 0:
        scored_key(g, &key)
        slot = scored_find(g, &key)
        if slot != NULL:
            if slot.lower >= beta or slot.lower == slot.upper:
                return slot.lower
            if slot.upper <= alpha:
                return slot.upper
            if slot.lower > alpha:
                alpha = slot.lower
            if slot.upper < beta:
                beta = slot.upper
            if slot.best >= 0:
                hint = hint_to_card(slot.best, key.unions)
        else:
            slot = scored_claim(g, &key, popcount(c.hands[player]))
        # No hint of its own: the lead that last cut off with as many cards.
        if hint < 0 and g.killer[player][popcount(c.hands[player])] >= 0:
            hint = hint_to_card(g.killer[player][popcount(c.hands[player])], key.unions)
            if hint >= 0 and not (c.hands[player] >> hint) & 1:
                hint = -1
        if g.bounded:
            scored_bounds(g, slot, alpha, beta, False, &low, &high)
            if c.error:
                return 0
            # Both bounds hold whatever the window: the slot keeps them.
            slot.lower = max(slot.lower, low)
            slot.upper = min(slot.upper, high)
            if low >= beta or low == high:
                if low == high:
                    scored_store(g, &key, low, low - 1, low + 1, -1)        # exact
                else:
                    scored_store(g, &key, low, -SCORED_INFINITY, low, -1)   # a lower bound
                return low
            if high <= alpha:
                scored_store(g, &key, high, high, high + 1, -1)
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
    cdef int alpha_in = alpha, beta_in = beta
    maximise = c.side[player] == 0
    best = -SCORED_INFINITY if maximise else SCORED_INFINITY
    n = scored_moves(g, moves, hint)
    if c.ncards == 3 and n > 1:
        v = scored_etc(g, moves, n, maximise, alpha, beta)
        if v != SCORED_NONE:
            return v
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
                best, best_card = v, card
            if best > alpha:
                alpha = best
        else:
            if v < best:
                best, best_card = v, card
            if best < beta:
                beta = best
        if alpha >= beta:
            k = popcount(c.hands[player])
            g.history[player][card] += (<u64>1) << k
            if c.ncards == 0:
                g.killer[player][k] = card_to_hint(card, key.unions)
            break
    if slot != NULL:
        scored_store(g, &key, best, alpha_in, beta_in, best_card)
    return best


cdef void scored_store(Scored* g, ScoredKey* k, int best, int alpha, int beta,
                       int best_card) noexcept nogil:
    """Keep what a search of the window (alpha, beta) proved: a fail-low is an
    upper bound, a fail-high a lower bound, anything between the exact value;
    a slot of the same position keeps its other bound (the search below may
    have moved the position's slot, or taken it)."""
    cdef ScoredSlot* slot = scored_find(g, k)
    if slot == NULL:
        slot = scored_claim(g, k, scored_cards(k))
    if best_card >= 0:
        slot.best = card_to_hint(best_card, k.unions)
    if best <= alpha:
        if best < slot.upper:
            slot.upper = best
    elif best >= beta:
        if best > slot.lower:
            slot.lower = best
    else:
        slot.lower = slot.upper = best


cdef inline void enter_trick_search(Scored* g, Ctx* t) noexcept nogil:
    """Set the trick search ``t`` at the scored search's position (a trick's start)."""
    cdef Ctx* c = &g.base
    set_position(t, c.hands, c.player, NULL, 0)
    t.nodes = 0
    t.check_at = CHECK_EVERY
    t.deadline = c.deadline     # the call's time budget holds inside the trick search too


cdef inline int leave_trick_search(Scored* g, Ctx* t, int v) noexcept nogil:
    """Count the trick search's nodes and pass on its error; ``v``, or 0 on an error."""
    g.trick_nodes += t.nodes
    if t.error:
        g.base.error = t.error  # Ctrl-C or a full table: the scored search stops too
        t.error = NO_ERROR
        return 0
    return v


cdef int trick_value_of(Scored* g, Ctx* t, int n) noexcept nogil:
    """Side 0's tricks of the ``n`` left with the trick search ``t`` (at a trick's start)."""
    enter_trick_search(g, t)
    return leave_trick_search(g, t, exact_value(t, (n + 1) // 2, n))


cdef inline u64 opponents(Ctx* c, int h) noexcept nogil:
    """The cards of the seats playing against seat ``h``."""
    cdef u64 out = 0
    cdef int k
    for k in range(4):
        if c.side[k] != c.side[h]:
            out |= c.hands[k]
    return out


cdef void trick_part(Scored* g, int n, ScoredSlot* slot, int* lo, int* hi) noexcept nogil:
    """Bounds on by_tricks[won + x] for the x tricks side 0 still takes of ``n``,
    from what ``slot`` knows of most and fewest (see the top of this file)."""
    cdef int a_min = SCORED_INFINITY, b_min = SCORED_INFINITY
    cdef int a_max = -SCORED_INFINITY, b_max = -SCORED_INFINITY
    cdef int x, f
    for x in range(n + 1):
        f = g.by_tricks[g.won + x]
        if x >= slot.most_lo:
            a_min = min(a_min, f)       # side 0 plays for tricks: x >= most
        if x <= slot.fewest_hi:
            b_min = min(b_min, f)       # side 0 plays misère: x <= fewest
        if x <= slot.most_hi:
            a_max = max(a_max, f)       # side 1 plays against tricks: x <= most
        if x >= slot.fewest_lo:
            b_max = max(b_max, f)       # side 1 plays against misère: x >= fewest
    lo[0] = max(a_min, b_min)
    hi[0] = min(a_max, b_max)


cdef int trick_test(Scored* g, Ctx* t, int target) noexcept nogil:
    """Does side 0 take at least ``target`` of the tricks left with the trick
    search ``t`` (at a trick's start)? Fail-soft, as ``search``: an answer
    >= target is a lower bound on its tricks, one below an upper bound."""
    cdef u64 rel
    enter_trick_search(g, t)
    return leave_trick_search(g, t, search(t, target, &rel))


cdef inline void narrow(signed char* lo, signed char* hi, int v, int target) noexcept nogil:
    """Keep what a fail-soft test on ``target`` that answered ``v`` proved."""
    if v >= target:
        lo[0] = max(lo[0], v)
    else:
        hi[0] = min(hi[0], v)


cdef void scored_bounds(Scored* g, ScoredSlot* slot, int alpha, int beta, bint exact,
                        int* low_out, int* high_out) noexcept nogil:
    """Bounds on the value at a trick's start (see the top of this file).

    The trick searches are asked only what could decide the window (alpha,
    beta), one null-window test at a time, until it is decided (``exact``:
    instead, side 0's most and fewest tricks exactly); what they prove is
    kept in ``slot``."""
    cdef Ctx* c = &g.base
    cdef int n = popcount(c.hands[c.player])
    cdef int trick = g.first_trick + g.first_length - n
    cdef int ace_low = 0, ace_high = 0, s, h, x, t_lo, t_hi, taker, lo_x, hi_x, v
    cdef int want_low, want_high, f_min = SCORED_INFINITY, f_max = -SCORED_INFINITY
    cdef u64 theirs
    for s in range(4):
        for h in range(4):
            if (suit_of(c.hands[h], s) >> ACE_RANK) & 1:
                # It falls in one of the tricks left. Either side may take
                # it (a holder void in the suit led can discard it), except:
                # the other side wins a trick holding the ace only with a
                # card of another suit (nothing beats the ace in its suit;
                # a ruff is a trump, another suit; a discard on a trick
                # led in another suit goes to that suit's highest card or
                # a ruff). So when the other side holds no card outside
                # the ace's suit, the holder's side takes it.
                theirs = opponents(c, h) & ~((<u64>RANKS_MASK) << suit_shift(s))
                if theirs == 0:
                    taker = c.side[h]
                    ace_low += g.ace_low[taker][trick]
                    ace_high += g.ace_high[taker][trick]
                else:
                    ace_low += min(g.ace_low[0][trick], g.ace_low[1][trick])
                    ace_high += max(g.ace_high[0][trick], g.ace_high[1][trick])
    if exact:
        if slot.fewest_lo < slot.fewest_hi:
            slot.fewest_lo = slot.fewest_hi = trick_value_of(g, &g.fewest, n)
        if slot.most_lo < slot.most_hi and not c.error:
            slot.most_lo = slot.most_hi = trick_value_of(g, &g.most, n)
        if c.error:
            slot.most_lo = slot.fewest_lo = 0
            slot.most_hi = slot.fewest_hi = n
    trick_part(g, n, slot, &t_lo, &t_hi)
    low_out[0], high_out[0] = ace_low + t_lo, ace_high + t_hi
    if exact or low_out[0] >= beta or high_out[0] <= alpha or low_out[0] == high_out[0]:
        return
    # want_low: the trick part the lower bound needs to reach beta; want_high:
    # the one the upper bound needs to come down to alpha. A trick search can
    # show either only by pinning x (the tricks side 0 still takes) to a range
    # where f is that high (that low) all through: x <= lo_x or x >= hi_x,
    # the widest such ranges f allows, found below.
    want_low = beta - ace_low
    want_high = alpha - ace_high
    for x in range(n + 1):
        f_min = min(f_min, g.by_tricks[g.won + x])
        f_max = max(f_max, g.by_tricks[g.won + x])
    if f_max < want_low and f_min > want_high:
        return              # no answer of the trick searches could decide it
    # Side 0 playing misère keeps to x <= fewest: enough when f >= want_low
    # on all of 0..fewest. The largest such bound on fewest, lo_x:
    lo_x = -1
    while lo_x < n and g.by_tricks[g.won + lo_x + 1] >= want_low:
        lo_x += 1
    if slot.fewest_lo <= lo_x < slot.fewest_hi:
        v = trick_test(g, &g.fewest, lo_x + 1)          # is fewest <= lo_x?
        if c.error:
            return
        narrow(&slot.fewest_lo, &slot.fewest_hi, v, lo_x + 1)
        if decided(g, n, slot, ace_low, ace_high, alpha, beta, low_out, high_out):
            return
    # Side 1 playing against misère forces x >= fewest: enough for the upper
    # bound when f <= want_high on all of fewest..n. The least such, hi_x:
    hi_x = n + 1
    while hi_x > 0 and g.by_tricks[g.won + hi_x - 1] <= want_high:
        hi_x -= 1
    if slot.fewest_lo < hi_x <= slot.fewest_hi:
        v = trick_test(g, &g.fewest, hi_x)              # is fewest >= hi_x?
        if c.error:
            return
        narrow(&slot.fewest_lo, &slot.fewest_hi, v, hi_x)
        if decided(g, n, slot, ace_low, ace_high, alpha, beta, low_out, high_out):
            return
    # Side 0 playing for tricks forces x >= most: enough when f >= want_low
    # on all of most..n. The least such bound on most:
    hi_x = n + 1
    while hi_x > 0 and g.by_tricks[g.won + hi_x - 1] >= want_low:
        hi_x -= 1
    if slot.most_lo < hi_x <= slot.most_hi:
        v = trick_test(g, &g.most, hi_x)                # is most >= hi_x?
        if c.error:
            return
        narrow(&slot.most_lo, &slot.most_hi, v, hi_x)
        if decided(g, n, slot, ace_low, ace_high, alpha, beta, low_out, high_out):
            return
    # Side 1 playing against tricks keeps x <= most: enough for the upper
    # bound when f <= want_high on all of 0..most.
    lo_x = -1
    while lo_x < n and g.by_tricks[g.won + lo_x + 1] <= want_high:
        lo_x += 1
    if slot.most_lo <= lo_x < slot.most_hi:
        v = trick_test(g, &g.most, lo_x + 1)            # is most <= lo_x?
        if c.error:
            return
        narrow(&slot.most_lo, &slot.most_hi, v, lo_x + 1)
        decided(g, n, slot, ace_low, ace_high, alpha, beta, low_out, high_out)


cdef bint decided(Scored* g, int n, ScoredSlot* slot, int ace_low, int ace_high,
                  int alpha, int beta, int* low_out, int* high_out) noexcept nogil:
    """Update the bounds from ``slot``; do they decide the window now?"""
    cdef int t_lo, t_hi
    trick_part(g, n, slot, &t_lo, &t_hi)
    low_out[0], high_out[0] = ace_low + t_lo, ace_high + t_hi
    return low_out[0] >= beta or high_out[0] <= alpha or low_out[0] == high_out[0]


def scored_values(hands, int trump, int leader, played, cards, int lone, int won,
                  int first_trick, by_tricks, ace_ours, ace_theirs, bint bounded=True,
                  max_nodes=None, max_seconds=None, stats=None, Table most=None,
                  Table fewest=None):
    """Side 0's best score after each card of ``cards`` (legal cards of the
    player on move), or of the position itself when ``cards`` is empty.

    Side 0 is NS, or the ``lone`` seat (>= 0) alone. ``won``: side 0's tricks
    so far in the deal; ``first_trick``: the deal's number (0-based) of the
    trick in progress. The objective's lists are side 0's (``solver.Objective``).
    ``bounded=False``: without the trick search's bounds (slower; for tests).
    ``max_nodes``/``max_seconds``: a budget for the whole call; reaching it
    raises ``OverBudget`` with the bounds proved for the card being solved
    (for the position itself: meaningful with no ``cards``).
    ``most``/``fewest``: kept tables for the trick searches (plain and misère,
    this trump and lone player); their entries hold whatever the objective,
    so calls with other objectives on the same deal reuse them.
    """
    cdef Scored g
    cdef u64 h[4]
    cdef int p[4]
    cdef int nplayed = read_position(hands, played, h, p)
    cdef int i, k, side, v, lo, hi
    cdef list out = []
    if len(by_tricks) != 14 or len(ace_ours) != 13 or len(ace_theirs) != 13:
        raise ValueError("an objective has 14 trick scores and 13 ace scores a side")
    for i in range(14):
        g.by_tricks[i] = by_tricks[i]
    for i in range(13):
        g.ace_ours[i], g.ace_theirs[i] = ace_ours[i], ace_theirs[i]
    for side in range(2):
        g.ace_low[side][13] = g.ace_high[side][13] = 0
        for k in range(12, -1, -1):
            v = g.ace_ours[k] if side == 0 else g.ace_theirs[k]
            g.ace_low[side][k] = v if k == 12 else min(v, g.ace_low[side][k + 1])
            g.ace_high[side][k] = v if k == 12 else max(v, g.ace_high[side][k + 1])
    set_game(&g.base, trump, False, lone)      # the score says who wants what: no misère flag
    if max_nodes is not None:
        g.base.max_nodes = max_nodes
    if max_seconds is not None:
        g.base.deadline = monotonic() + max_seconds
    g.won, g.first_trick = won, first_trick
    g.first_length = popcount(h[(leader + nplayed) & 3])
    g.bounded = bounded
    g.trick_nodes = 0
    memset(g.history, 0, sizeof(g.history))
    memset(g.killer, -1, sizeof(g.killer))
    g.most.blocks, g.fewest.blocks = NULL, NULL
    g.most.buckets, g.fewest.buckets = NULL, NULL
    # A small ending needs a small table: 2^(4 + 2n) slots for n cards a hand.
    g.slot_mask = (<u64>1 << min(SCORED_SLOTS_LOG2, 4 + 2 * g.first_length)) - 1
    g.slots = <ScoredSlot*>calloc(g.slot_mask + 1, sizeof(ScoredSlot))   # all empty
    if g.slots == NULL:
        raise MemoryError("cannot allocate the table of the scored search")
    for kept, aim in ((most, False), (fewest, True)):
        if kept is not None and (kept.trump, kept.misere, kept.lone) != (trump, aim, lone):
            raise ValueError("this table belongs to another trump, misère or lone player")
    try:
        if bounded:
            # The kept tables' contexts are copied in and, below, back out
            # (with the entries they gained); the call's own are made anew.
            if most is not None:
                reset_search(&most.c)
                g.most = most.c
            elif init_ctx(&g.most, trump, False, lone, DEFAULT_MAX_ENTRIES) != 0:
                raise MemoryError("cannot allocate the trick search's tables")
            if fewest is not None:
                reset_search(&fewest.c)
                g.fewest = fewest.c
            elif init_ctx(&g.fewest, trump, True, lone, DEFAULT_MAX_ENTRIES) != 0:
                raise MemoryError("cannot allocate the trick search's tables")
        g.last_value = SCORED_NONE
        for card in (cards or [None]):
            set_position(&g.base, h, leader, p, nplayed)
            v = scored_value(&g, -1 if card is None else card, &lo, &hi)
            g.last_value = v
            if g.base.error == OVER_BUDGET:
                g.base.lower, g.base.upper = lo, hi
            close_ctx(&g.base, None)        # raises KeyboardInterrupt after Ctrl-C
            out.append(v)
        return out
    finally:
        if stats is not None:       # a search over its budget reports its counters too
            stats["nodes"] = stats.get("nodes", 0) + g.base.nodes
            stats["trick_nodes"] = stats.get("trick_nodes", 0) + g.trick_nodes
        free(g.slots)
        if bounded and most is not None:
            most.c = g.most
        else:
            tt_free(&g.most)
        if bounded and fewest is not None:
            fewest.c = g.fewest
        else:
            tt_free(&g.fewest)


cdef int scored_value(Scored* g, int card, int* lo_out, int* hi_out):
    """Side 0's best score from the position, after ``card`` when it is >= 0,
    by null-window tests (MTD(f)); ``lo_out``/``hi_out`` get what was proved
    when the search stops early."""
    cdef Ctx* c = &g.base
    cdef int player = c.player, delta = 0, side0_won = 0, v, gamma
    cdef int lo = -SCORED_INFINITY, hi = SCORED_INFINITY, guess = 0
    cdef int step = 1, direction = 0
    cdef ScoredSlot* slot
    cdef ScoredKey key
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
        if g.bounded and c.ncards == 0 and c.hands[c.player] != 0:
            # Start from the bounds at the root: finite, and a first guess.
            scored_key(g, &key)
            slot = scored_find(g, &key)
            if slot == NULL:
                slot = scored_claim(g, &key, popcount(c.hands[c.player]))
            scored_bounds(g, slot, -SCORED_INFINITY, SCORED_INFINITY, True, &lo, &hi)
            guess = (lo + hi) // 2
        if g.last_value != SCORED_NONE:
            # The card solved before is often worth about as much: a better
            # guess than the middle of the bounds (or than 0 after a card
            # that leaves the trick open, where there are none).
            guess = g.last_value - delta
        while lo < hi and not c.error:
            gamma = guess
            if gamma <= lo:
                gamma = lo + 1
            if gamma > hi:
                gamma = hi
            v = scored_search(g, gamma - 1, gamma)
            if c.error:
                break
            if v >= gamma:
                step = step * 2 if direction > 0 else 1
                direction = 1
                lo = v
                guess = v + step
            else:
                step = step * 2 if direction < 0 else 1
                direction = -1
                hi = v
                guess = v - step + 1
    g.won -= side0_won
    lo_out[0] = lo + delta if lo > -SCORED_INFINITY else lo
    hi_out[0] = hi + delta if hi < SCORED_INFINITY else hi
    return delta + lo
