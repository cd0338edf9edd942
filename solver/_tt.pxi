# The transposition table. Included by _core.pyx.
#
# Positions are stored only at the start of a trick. A bucket holds every
# entry for one shape (the suit lengths of the four hands) and one leader.
# An entry is a bound on side 0's tricks that holds for every position of
# that bucket in which the relevant top cards of each suit belong to the
# same hands. Cards are compared by relative rank: the i-th highest card
# still in play in a suit, whatever its printed rank.

cdef enum:
    INITIAL_BUCKETS = 16384


cdef inline u64 hash_key(u64 shape, int leader) noexcept nogil:
    cdef u64 h = (shape ^ (<u64>leader * 0x9E3779B97F4A7C15ULL)) * 0xBF58476D1CE4E5B9ULL
    return h ^ (h >> 29)


cdef int tt_init(Ctx* c, int max_entries) noexcept nogil:
    cdef int i
    c.nbuckets = INITIAL_BUCKETS
    c.used_buckets = 0
    c.buckets = <Bucket*>malloc(c.nbuckets * sizeof(Bucket))
    c.max_entries = max_entries
    c.nentries = 0
    c.entries = <Entry*>malloc(4096 * sizeof(Entry))
    c.entry_capacity = 4096
    if c.buckets == NULL or c.entries == NULL:
        tt_free(c)
        return -1
    for i in range(c.nbuckets):
        c.buckets[i].leader = -1
    return 0


cdef void tt_free(Ctx* c) noexcept nogil:
    free(c.buckets)
    free(c.entries)
    c.buckets = NULL
    c.entries = NULL


cdef void tt_clear(Ctx* c) noexcept nogil:
    cdef int i
    for i in range(c.nbuckets):
        c.buckets[i].leader = -1
    c.used_buckets = 0
    c.nentries = 0


cdef void position_key(Ctx* c, u64* shape, u64* p0, u64* p1, u64* unions) noexcept nogil:
    """The shape and the compressed owner planes of a position at a trick's start."""
    cdef int s, h
    cdef u64 u, x0, x1
    cdef u64 sh = 0, a = 0, b = 0
    cdef u64 ew = c.hands[1] | c.hands[3]
    cdef u64 sw = c.hands[2] | c.hands[3]
    for s in range(4):
        u = suit_of(c.hands[0] | c.hands[1] | c.hands[2] | c.hands[3], s)
        unions[s] = u
        a |= compress13(suit_of(ew, s), u) << (16 * s)
        b |= compress13(suit_of(sw, s), u) << (16 * s)
        for h in range(4):
            sh |= (<u64>popcount(suit_of(c.hands[h], s))) << (16 * h + 4 * s)
    shape[0] = sh
    p0[0] = a
    p1[0] = b


cdef inline int find_bucket(Ctx* c, u64 shape, int leader) noexcept nogil:
    """The slot of (shape, leader): its own, or the empty slot where it belongs."""
    cdef int mask = c.nbuckets - 1
    cdef int i = <int>(hash_key(shape, leader) & mask)
    while True:
        if c.buckets[i].leader == -1:
            return i
        if c.buckets[i].leader == leader and c.buckets[i].shape == shape:
            return i
        i = (i + 1) & mask


cdef inline u64 top_cards(u64 u, int r) noexcept nogil:
    """The ``r`` highest set bits of ``u``."""
    cdef int drop = popcount(u) - r
    while drop > 0:
        u &= u - 1
        drop -= 1
    return u


cdef int tt_lookup(Ctx* c, int leader, u64 shape, u64 p0, u64 p1, u64* unions,
                   int target, u64* rel_out) noexcept nogil:
    """1 or 0 when a stored bound answers "side 0 wins >= target", else -1."""
    cdef int slot = find_bucket(c, shape, leader)
    cdef int e, s
    cdef Entry* en
    cdef u64 rel
    c.hint_card = -1
    if c.buckets[slot].leader == -1:
        return -1
    if c.buckets[slot].hint >= 0:
        c.hint_card = hint_to_card(c.buckets[slot].hint, unions)
    e = c.buckets[slot].head
    while e >= 0:
        en = &c.entries[e]
        if ((p0 ^ en.plane0) | (p1 ^ en.plane1)) & en.mask == 0:
            if en.lower >= target or en.upper < target:
                rel = 0
                for s in range(4):
                    rel |= top_cards(unions[s], popcount((en.mask >> (16 * s)) & 0xFFFF)) << (16 * s)
                rel_out[0] = rel
                return 1 if en.lower >= target else 0
        e = en.next
    return -1


cdef inline int hint_to_card(int hint, u64* unions) noexcept nogil:
    """The card at a hint's place (16 * suit + places from the top), or -1."""
    cdef int s = hint >> 4
    cdef int place = hint & 15
    cdef u64 u = unions[s]
    if popcount(u) <= place:
        return -1
    u = top_cards(u, place + 1)
    return 16 * s + lowest_bit(u)


cdef inline int card_to_hint(int card, u64* unions) noexcept nogil:
    cdef int s = card >> 4
    return 16 * s + popcount(unions[s] >> ((card & 15) + 1))


cdef void tt_store(Ctx* c, int leader, u64 shape, u64 p0, u64 p1, u64* unions,
                   u64 rel, int target, bint res, int n, int best_card) noexcept nogil:
    """Record "side 0 wins >= target" (res) or "< target" (not res) for this position."""
    cdef u64 m = 0, rb, u
    cdef int s, slot, e
    cdef Entry* en
    for s in range(4):
        rb = suit_of(rel, s)
        if rb:
            u = unions[s]
            # The lowest relevant card and every card above it must match.
            m |= compress13(u & ~((rb & (~rb + 1)) - 1), u) << (16 * s)
    p0 &= m
    p1 &= m
    slot = find_bucket(c, shape, leader)
    if c.buckets[slot].leader != -1:
        if best_card >= 0:
            c.buckets[slot].hint = card_to_hint(best_card, unions)
        e = c.buckets[slot].head
        while e >= 0:
            en = &c.entries[e]
            if en.mask == m and en.plane0 == p0 and en.plane1 == p1:
                if res:
                    if target > en.lower:
                        en.lower = target
                elif target - 1 < en.upper:
                    en.upper = target - 1
                return
            e = en.next
    if c.nentries >= c.max_entries:
        tt_clear(c)
        slot = find_bucket(c, shape, leader)
    if c.nentries >= c.entry_capacity:
        if grow_entries(c) != 0:
            return
    if c.buckets[slot].leader == -1:
        if (c.used_buckets + 1) * 2 > c.nbuckets:
            if grow_buckets(c) != 0:
                return
            slot = find_bucket(c, shape, leader)
        c.buckets[slot].leader = leader
        c.buckets[slot].shape = shape
        c.buckets[slot].head = -1
        c.buckets[slot].hint = card_to_hint(best_card, unions) if best_card >= 0 else -1
        c.used_buckets += 1
    e = c.nentries
    c.nentries += 1
    en = &c.entries[e]
    en.mask = m
    en.plane0 = p0
    en.plane1 = p1
    en.lower = target if res else 0
    en.upper = n if res else target - 1
    en.next = c.buckets[slot].head
    c.buckets[slot].head = e


cdef int grow_entries(Ctx* c) noexcept nogil:
    cdef int cap = c.entry_capacity * 2
    cdef Entry* grown
    if cap > c.max_entries:
        cap = c.max_entries
    grown = <Entry*>realloc(c.entries, cap * sizeof(Entry))
    if grown == NULL:
        c.error = 1
        return -1
    c.entries = grown
    c.entry_capacity = cap
    return 0


cdef int grow_buckets(Ctx* c) noexcept nogil:
    cdef int old_n = c.nbuckets
    cdef Bucket* old = c.buckets
    cdef int i, slot
    c.buckets = <Bucket*>malloc(2 * old_n * sizeof(Bucket))
    if c.buckets == NULL:
        c.buckets = old
        c.error = 1
        return -1
    c.nbuckets = 2 * old_n
    for i in range(c.nbuckets):
        c.buckets[i].leader = -1
    for i in range(old_n):
        if old[i].leader != -1:
            slot = find_bucket(c, old[i].shape, old[i].leader)
            c.buckets[slot] = old[i]
    free(old)
    return 0
