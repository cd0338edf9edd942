# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""A general double-dummy search: the card ranking is data.

The fast core (``_core.pyx``) knows one deck: four suits of 13 ranks, four
players. This module plays any trick-taking layout the games here need:

- up to 5 suits, each with its own number of ranks (at most 16), rank 0 the
  lowest; which physical card sits where is the Python side's business
  (``solver/general.py``): Courts moves the jacks, queens and kings into a
  fifth suit, Preference plays 8 ranks;
- 3 or 4 players, playing in turn 0, 1, 2(, 3); a trick has one card each;
- an optional trump suit;
- a *counted side* (the players whose tricks are counted) and a *maximising
  side* (the players who want that count high). Plain play: the two are the
  same. Misère: the counted side wants few tricks, so every other player
  maximises its count.

The search is the classic one: a boolean alpha-beta ("can the counted side
take at least ``target`` tricks?") driven by a binary search over targets
(a null-window driver), with

- a transposition table at trick starts that is a *partition search*
  (Ginsberg; DDS's "winning ranks", as in the fast core): every search also
  returns the cards whose ranks its answer depended on, and an entry is a
  lower or an upper bound on the counted side's remaining tricks that holds
  for every position with the same shape (each hand's length in each suit)
  and leader in which the top cards of each suit, down to the lowest
  relevant one, have the same owners (cards compared by relative rank, so
  played cards do not count). As in the fast core, a shape and leader keep
  every entry made for them, in a list of their own (newest tried first;
  fixed buckets of 32 entries a shape thrashed: hard deals took twice the
  nodes); at ``2**table_bits`` entries the table forgets the half nearest
  the end of play. Entries stay valid for every target and every search of
  one solver;
- trump bounds that hold in any play, misère too (each trump of a hand wins
  its trick unless a higher opposing trump falls on it; a top run of trumps
  wins a trick each), and quick tricks and sure winners/losers at trick
  starts;
- fail-soft tests: a test returns the tightest bound it found, which the
  table keeps and the driver moves to;
- equivalent cards: of cards of one hand that touch once the played cards
  are gone (and no card of the current trick lies between), only one is
  tried; and once a card below every relevant card of its suit was tried
  without a cut-off, the suit's other such cards are not (the fast core's
  ``small_tried``: partition search says they give the same answer);
- move ordering: the table's best move first, then the lead that last cut
  off at this trick with this leader (a killer move), then cheap winners,
  low cards when partner wins; in misère the highest card that loses, and
  first the highest lead that surely loses if followed (an opponent holds
  only higher cards of the suit and partners can play below him; the fast
  core's ``misere_lead``), a suit only the side holds last;
- a node budget and Ctrl-C, both checked as it goes.
"""

from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int8_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, realloc
from libc.string cimport memcmp, memset
from ._stop import requested as _stop_requested

cdef enum:
    MAXS = 5
    MAXP = 4
    MAXR = 16
    MAXMOVES = 80
    MAXT = 32
    ABORT = -1
    SHAPES = 1 << 14     # the shape slots a table starts with


cdef struct Entry:
    # A bound on the counted side's remaining tricks that holds for every
    # position of its shape (each hand's length in each suit) and leader in
    # which the top ``k[s]`` cards still in play of each suit ``s`` have the
    # owners ``own[s]`` (2 bits a card, the highest first): partition search.
    uint32_t own[MAXS]       # (masked: the top k[s] cards' owners only)
    uint8_t k[MAXS]
    uint8_t upper            # 0: value is a lower bound, 1: an upper bound
    int8_t value
    int8_t best_suit
    int8_t best_rel


cdef struct Shape:
    # One shape and leader: every entry kept for it, the newest last (as the
    # fast core's buckets: a shape's entries are not limited in number).
    uint64_t sig             # the shape and leader hashed (0: a free slot)
    uint8_t shape[MAXP * MAXS]
    uint8_t leader
    uint8_t depth            # tricks left
    int n, cap
    Entry* entries


cdef struct Pos:
    # what the table needs of a position at a trick start
    uint8_t shape[MAXP * MAXS]
    uint32_t own[MAXS]       # owners of the cards in play, highest first
    uint16_t alive[MAXS]
    uint64_t sig


#: Set by cancel_searches() (``solver.map_threads`` on Ctrl-C): every running
#: general search, in every thread, stops at its next look.
cdef volatile int cancel_flag = 0


def cancel_searches():
    """Ask every running general search to stop at its next look (within a
    few milliseconds); it then raises ``KeyboardInterrupt``."""
    global cancel_flag
    cancel_flag = 1


def clear_cancel():
    """Let general searches run again after ``cancel_searches()``."""
    global cancel_flag
    cancel_flag = 0


class BudgetExceeded(Exception):
    """The node budget ran out (the Python side turns this into bounds)."""


cdef extern from *:
    int __builtin_popcount(unsigned int) nogil
    int __builtin_ctz(unsigned int) nogil
    int __builtin_clz(unsigned int) nogil


cdef inline int _popcount16(uint16_t x) noexcept nogil:
    return __builtin_popcount(x)


cdef inline int _low_bit(uint16_t x) noexcept nogil:
    return __builtin_ctz(x)


cdef inline int _high_bit(uint16_t x) noexcept nogil:
    return -1 if x == 0 else 31 - __builtin_clz(x)


cdef inline int _lowest_relevant(uint16_t rel) noexcept nogil:
    """The rank of a suit's lowest relevant card (MAXR: none is)."""
    return MAXR if rel == 0 else __builtin_ctz(rel)


cdef inline uint32_t _owners_mask(int k) noexcept nogil:
    """The bits of a suit's owners word (2 a card, the highest first) that
    name the owners of its top ``k`` cards."""
    return 0xFFFFFFFF if k >= 16 else ((<uint32_t>1 << (2 * k)) - 1)


cdef inline int _top_run(uint16_t held, uint16_t alive) noexcept nogil:
    """How many of the highest cards still in play (``alive``) ``held`` holds
    in a row: the tricks it can take from the top of the suit."""
    cdef int run = 0, r = _high_bit(alive)
    while r >= 0 and (held >> r) & 1:
        run += 1
        r -= 1
        while r >= 0 and not ((alive >> r) & 1):
            r -= 1
    return run


cdef inline void _place(Shape* slots, uint64_t mask, Shape* shape) noexcept nogil:
    """Put ``shape`` in the first free slot from its signature on (open
    addressing, ``mask`` + 1 slots: the table's growth and pruning)."""
    cdef uint64_t j = shape.sig & mask
    while slots[j].sig:
        j = (j + 1) & mask
    slots[j] = shape[0]


cdef class GeneralSearch:
    """One layout, trump and pair of sides; its table is kept between searches."""

    cdef int nsuits, nplayers, trump
    cdef int suit_len[MAXS]
    cdef int counted[MAXP]
    cdef int maxer[MAXP]
    cdef int wantwin[MAXP]
    cdef uint16_t h[MAXP][MAXS]
    cdef int tsuit[MAXT][MAXP]     # the cards of each trick in progress, by
    cdef int trank[MAXT][MAXP]     # its number of remaining tricks
    cdef int ncards
    cdef int killer_suit[MAXT][MAXP]   # by tricks left and leader: the last lead
    cdef int killer_rank[MAXT][MAXP]   # that cut off after the first (-1: none)
    cdef Shape* shapes       # open addressing by sig, twice as many slots as shapes
    cdef uint64_t smask      # slots - 1
    cdef long long nshapes, nentries, max_entries
    cdef readonly long long prunes      # times the table was full (tests, benches)
    cdef readonly long long nodes
    cdef long long max_nodes
    cdef int status          # 0 fine, 1 budget, 2 interrupted

    def __cinit__(self, suit_lengths, int nplayers, int trump, counted, maximisers,
                  int table_bits=19):
        cdef int i
        if not 1 <= len(suit_lengths) <= MAXS:
            raise ValueError("1 to 5 suits")
        if not 3 <= nplayers <= MAXP:
            raise ValueError("3 or 4 players")
        if not 10 <= table_bits <= 26:
            raise ValueError("table_bits must be 10..26")
        self.nsuits = len(suit_lengths)
        for i in range(self.nsuits):
            if not 1 <= suit_lengths[i] <= MAXR:
                raise ValueError("a suit has 1 to 16 ranks")
            self.suit_len[i] = suit_lengths[i]
        self.nplayers = nplayers
        if not -1 <= trump < self.nsuits:
            raise ValueError("bad trump suit")
        self.trump = trump
        for i in range(MAXP):
            self.counted[i] = 0
            self.maxer[i] = 0
        for i in range(nplayers):
            self.counted[i] = 1 if i in counted else 0
            self.maxer[i] = 1 if i in maximisers else 0
            self.wantwin[i] = 1 if self.counted[i] == self.maxer[i] else 0
        # table_bits: at most 2**table_bits entries, then the table starts afresh
        self.max_entries = <long long>1 << table_bits
        self.smask = SHAPES - 1
        self.shapes = <Shape*>calloc(SHAPES, sizeof(Shape))
        if self.shapes == NULL:
            raise MemoryError()
        self.nodes = 0
        self.max_nodes = 0
        memset(self.killer_suit, 0xFF, sizeof(self.killer_suit))
        self.status = 0

    def __dealloc__(self):
        if self.shapes != NULL:
            self.forget()
            free(self.shapes)

    def clear(self):
        self.forget()

    cdef void forget(self) noexcept nogil:
        """Every entry gone (the slots kept)."""
        cdef uint64_t i
        for i in range(self.smask + 1):
            if self.shapes[i].sig:
                free(self.shapes[i].entries)
        memset(self.shapes, 0, (self.smask + 1) * sizeof(Shape))
        self.nshapes = 0
        self.nentries = 0

    cdef Shape* find_shape(self, int leader, Pos* d, bint create) noexcept nogil:
        """The entries of this position's shape and leader (NULL: none yet,
        or, with ``create``, no memory for them)."""
        cdef uint64_t i = d.sig & self.smask
        cdef Shape* sh
        cdef int s
        while True:
            sh = &self.shapes[i]
            if sh.sig == 0:
                if not create:
                    return NULL
                if 2 * (self.nshapes + 1) > <long long>(self.smask + 1):
                    if not self.grow():
                        return NULL
                    return self.find_shape(leader, d, create)
                sh.sig = d.sig
                sh.leader = leader
                sh.depth = 0
                for s in range(MAXP * MAXS):
                    sh.shape[s] = d.shape[s]
                    if s < MAXS:
                        sh.depth += d.shape[s]
                self.nshapes += 1
                return sh
            if (sh.sig == d.sig and sh.leader == leader
                    and memcmp(sh.shape, d.shape, MAXP * MAXS) == 0):
                return sh
            i = (i + 1) & self.smask

    cdef void prune(self) noexcept nogil:
        """The table is full: forget the entries nearest the end of play (the
        cheapest to find again), half of them or a little more."""
        cdef long long count[MAXT + 1]
        cdef long long acc = 0
        cdef int cut = MAXT, t
        cdef uint64_t i
        cdef Shape* kept = <Shape*>calloc(self.smask + 1, sizeof(Shape))
        self.prunes += 1
        if kept == NULL:
            self.forget()
            return
        for t in range(MAXT + 1):
            count[t] = 0
        for i in range(self.smask + 1):
            if self.shapes[i].sig:
                count[self.shapes[i].depth] += self.shapes[i].n
        for t in range(MAXT + 1):
            acc += count[t]
            if 2 * acc >= self.nentries:
                cut = t
                break
        for i in range(self.smask + 1):
            if not self.shapes[i].sig:
                continue
            if self.shapes[i].depth <= cut:
                free(self.shapes[i].entries)
                self.nshapes -= 1
                self.nentries -= self.shapes[i].n
                continue
            _place(kept, self.smask, &self.shapes[i])
        free(self.shapes)
        self.shapes = kept

    cdef bint grow(self) noexcept nogil:
        """Twice the slots, the shapes moved over; 0 if there is no memory."""
        cdef uint64_t i, nmask = 2 * self.smask + 1
        cdef Shape* bigger = <Shape*>calloc(nmask + 1, sizeof(Shape))
        if bigger == NULL:
            return 0
        for i in range(self.smask + 1):
            if self.shapes[i].sig:
                _place(bigger, nmask, &self.shapes[i])
        free(self.shapes)
        self.shapes = bigger
        self.smask = nmask
        return 1

    # -- Python entry points --------------------------------------------------
    def set_position(self, hands, played):
        """``hands``: per player a list of per-suit rank masks; ``played``:
        the current trick's cards so far as (suit, rank) from its leader."""
        cdef int p, s
        self.ncards = 0
        for p in range(MAXP):
            for s in range(MAXS):
                self.h[p][s] = 0
        for p in range(self.nplayers):
            for s in range(self.nsuits):
                self.h[p][s] = hands[p][s]
                self.ncards += _popcount16(self.h[p][s])
        cdef int t = (self.ncards + len(played)) // self.nplayers
        if (self.ncards + len(played)) % self.nplayers or t >= MAXT:
            raise ValueError("hands do not fit the trick")
        for p in range(len(played)):
            self.tsuit[t][p] = played[p][0]
            self.trank[t][p] = played[p][1]

    def value(self, int leader, int pos, int won, long long max_nodes=0, int guess=-1):
        """Exact tricks of the counted side (``won`` plus the rest), or raises
        ``BudgetExceeded(lower, upper, target)``. The position is set by
        ``set_position``. ``guess`` (tricks, ``won`` included; -1: none): a
        value the caller expects, say the same deal's value with another
        leader; the first tests are then made next to it (MTD(f)'s idea), so
        a good guess settles the value in two tests, each cheap once the
        table holds the bounds of the first."""
        cdef int lo = won
        cdef int hi = won + (self.ncards + pos) // self.nplayers
        cdef int t, r, nxt = -1, guided = 0
        cdef uint16_t rel[MAXS]
        # the budget is this call's: nodes counts every search of the solver
        self.max_nodes = self.nodes + max_nodes if max_nodes > 0 else 0
        self.status = 0
        cdef int k = 0, step
        if guess >= 0:
            if guess < lo:
                guess = lo
            if guess > hi:
                guess = hi
            # "more than the guess?" first, then one trick at a time from it
            nxt = guess + 1 if guess < hi else guess
        while lo < hi:
            if guess >= 0 and lo < nxt <= hi and guided < 3:
                # next to the guess: at most three such tests, then (a guess
                # far off) the quarter steps below
                t = nxt
                guided += 1
            else:
                # Closing in from both ends by quarters rather than halving: the
                # probes far from the value are cheap and fill the table for the
                # hard ones near it, and a search that runs out of budget leaves
                # narrow bounds (on full misère Courts deals 6-9 where halving
                # left 0-13) for about the same nodes when it finishes.
                step = (hi - lo) // 4
                if step < 1:
                    step = 1
                t = lo + step if k % 2 == 0 else hi - step + 1
                k += 1
            with nogil:         # other threads' searches run meanwhile
                r = self.search(leader, pos, won, t, rel)
            if r == ABORT:
                if self.status == 2:
                    raise KeyboardInterrupt
                raise BudgetExceeded(lo, hi, t)
            # fail-soft: r is a bound at least as tight as the target's
            if r >= t:
                lo = r if r > lo else lo
                nxt = lo + 1
            else:
                hi = r if r < hi else hi
                nxt = hi
        return lo

    def probe(self, int leader, int pos, int won, int target, long long max_nodes=0):
        """One test: can the counted side reach ``target`` tricks (``won``
        included)? True or False; raises ``BudgetExceeded`` like ``value``."""
        cdef uint16_t rel[MAXS]
        self.max_nodes = self.nodes + max_nodes if max_nodes > 0 else 0
        self.status = 0
        with nogil:
            r = self.search(leader, pos, won, target, rel)
        if r == ABORT:
            if self.status == 2:
                raise KeyboardInterrupt
            raise BudgetExceeded(won, won + (self.ncards + pos) // self.nplayers)
        return r >= target

    def moves(self, int leader, int pos):
        """The equivalence groups the player on move may play: (suit, low, high)."""
        cdef int ms[MAXMOVES]
        cdef int mr[MAXMOVES]
        cdef int mh[MAXMOVES]
        cdef int sc[MAXMOVES]
        cdef int n = self.gen(leader, pos, ms, mr, mh, sc, -1, -1, -1, -1)
        return [(ms[i], mr[i], mh[i]) for i in range(n)]

    def play(self, int leader, int pos, int suit, int rank):
        """Play one card; returns (new leader, new pos, trick winner or -1)."""
        cdef int p = (leader + pos) % self.nplayers
        cdef int w, t = (self.ncards + pos) // self.nplayers
        self.h[p][suit] &= ~(<uint16_t>1 << rank)
        self.ncards -= 1
        self.tsuit[t][pos] = suit
        self.trank[t][pos] = rank
        if pos == self.nplayers - 1:
            w = (leader + self.winner_pos(t, self.nplayers)) % self.nplayers
            return w, 0, w
        return leader, pos + 1, -1

    def unplay(self, int leader, int pos, int suit, int rank):
        cdef int p = (leader + pos) % self.nplayers
        self.h[p][suit] |= (<uint16_t>1 << rank)
        self.ncards += 1

    def is_counted(self, int p):
        return bool(self.counted[p])

    # -- the search -----------------------------------------------------------
    cdef int winner_pos(self, int t, int n) noexcept nogil:
        """Position (0..n-1) of the card winning the first n cards of trick t."""
        cdef int best = 0, i
        cdef int* ts = self.tsuit[t]
        cdef int* tr = self.trank[t]
        for i in range(1, n):
            if ts[i] == ts[best]:
                if tr[i] > tr[best]:
                    best = i
            elif ts[i] == self.trump:
                best = i
        return best

    cdef int gen(self, int leader, int pos, int* ms, int* mr, int* mh, int* sc,
                 int best_suit, int best_rank, int k_suit, int k_rank) noexcept nogil:
        """Moves of the player on move, one per group of equivalent cards, with
        ordering scores; returns how many, sorted best first."""
        cdef int p = (leader + pos) % self.nplayers
        cdef int n = 0, s, s0 = -1, q, r, i, j, in_group, low, high, top
        cdef int wpos = 0, ws = -1, wr = -1, partner_wins = 0, beats, score, ptop, ruff, pruff, olow
        cdef uint16_t m, others, alive, bit, oppm
        cdef int lo_s = 0, hi_s = self.nsuits
        cdef int t = (self.ncards + pos) // self.nplayers
        cdef int* tsu = self.tsuit[t]
        cdef int* tra = self.trank[t]
        if pos > 0:
            s0 = tsu[0]
            if self.h[p][s0]:
                lo_s = s0
                hi_s = s0 + 1
            wpos = self.winner_pos(t, pos)
            ws = tsu[wpos]
            wr = tra[wpos]
            partner_wins = self.maxer[(leader + wpos) % self.nplayers] == self.maxer[p]
        for s in range(lo_s, hi_s):
            m = self.h[p][s]
            if not m:
                continue
            alive = self.in_play(s)
            for i in range(pos):
                if tsu[i] == s:
                    alive |= <uint16_t>1 << tra[i]
            others = alive & ~m
            top = _high_bit(alive)
            ptop = 0
            ruff = 0
            pruff = 0
            if pos == 0 and self.wantwin[p]:
                for q in range(self.nplayers):
                    if q != p and (self.h[q][s] >> top) & 1:
                        ptop = self.maxer[q] == self.maxer[p]
                    if (q != p and self.trump >= 0 and s != self.trump
                            and not self.h[q][s] and self.h[q][self.trump]):
                        if self.maxer[q] != self.maxer[p]:
                            ruff = 1
                        else:
                            pruff = 1
            oppm = 0
            olow = MAXR
            if pos == 0 and not self.wantwin[p]:
                # misère: the opponents' cards of the suit and the lowest of
                # them (a lead below it must be overtaken by them if they follow)
                for q in range(self.nplayers):
                    if self.maxer[q] != self.maxer[p]:
                        oppm |= self.h[q][s]
                if oppm:
                    olow = _low_bit(oppm)
            in_group = 0
            low = high = -1
            r = self.suit_len[s] - 1
            while r >= -1:
                if r >= 0:
                    bit = <uint16_t>1 << r
                if r >= 0 and (m & bit):
                    if in_group:
                        low = r
                    else:
                        in_group = 1
                        low = high = r
                elif in_group and (r < 0 or (others & bit)):
                    # one group [low, high]: score it
                    in_group = 0
                    if pos == 0:
                        if self.wantwin[p]:
                            if high == top:
                                score = 60 if s != self.trump else 55
                            else:
                                score = 30 - low + 20 * ptop + 15 * pruff
                            score -= 25 * ruff
                        else:
                            # (the fast core's misere_lead: the highest sure
                            # loser first, a suit only the side holds last)
                            score = 50 - high
                            if oppm == 0:
                                score = -100 - high  # the side takes the trick
                            elif high == top:
                                score -= 30        # a sure winner: last
                            elif low < olow or self.forced_over(p, s, low):
                                score = 70 + high  # a sure loser (if they follow): first
                    else:
                        if s == ws:
                            beats = low > wr
                        else:
                            beats = s == self.trump
                        if self.wantwin[p]:
                            if partner_wins:
                                score = (20 - low) if beats else (45 - low)
                            elif beats:
                                score = 80 - low
                            else:
                                score = 30 - low
                        else:
                            if partner_wins and pos == self.nplayers - 1:
                                score = 60 + high   # the trick is the side's anyway
                            elif beats:
                                score = (45 + high) if partner_wins else (20 + high)
                            else:
                                score = 60 + high
                    if s == best_suit and low <= best_rank <= high:
                        score = 1000
                    elif s == k_suit and low <= k_rank <= high:
                        score = 900
                    ms[n] = s
                    mr[n] = low
                    mh[n] = high
                    sc[n] = score
                    n += 1
                r -= 1
        # insertion sort, best first
        cdef int ts, tr, th, tc
        for i in range(1, n):
            ts, tr, th, tc = ms[i], mr[i], mh[i], sc[i]
            j = i - 1
            while j >= 0 and sc[j] < tc:
                ms[j + 1], mr[j + 1], mh[j + 1], sc[j + 1] = ms[j], mr[j], mh[j], sc[j]
                j -= 1
            ms[j + 1], mr[j + 1], mh[j + 1], sc[j + 1] = ts, tr, th, tc
        return n

    cdef bint forced_over(self, int p, int s, int low) noexcept nogil:
        """Misère lead of ``low`` in suit ``s`` by ``p``: does an opponent
        hold only cards above it there (and must overtake it, following)
        while every partner holding the suit can play below that opponent?"""
        cdef int q, lo_opp = -1
        for q in range(self.nplayers):
            if self.maxer[q] != self.maxer[p] and self.h[q][s]:
                if _low_bit(self.h[q][s]) > low and _low_bit(self.h[q][s]) > lo_opp:
                    lo_opp = _low_bit(self.h[q][s])
        if lo_opp < 0:
            return False
        for q in range(self.nplayers):
            if q != p and self.maxer[q] == self.maxer[p] and self.h[q][s]:
                if _low_bit(self.h[q][s]) > lo_opp:
                    return False
        return True

    cdef void describe(self, int leader, Pos* d) noexcept nogil:
        """The shape, the owners of each suit's cards (highest first) and the
        bucket of a position at a trick start."""
        cdef int s, r, q
        cdef uint32_t own
        cdef uint16_t alive, m
        cdef uint64_t hsh = 0x9E3779B97F4A7C15ULL ^ <uint64_t>leader
        memset(d.shape, 0, MAXP * MAXS)
        for s in range(MAXS):
            d.own[s] = 0
            d.alive[s] = 0
        for s in range(self.nsuits):
            alive = 0
            for q in range(self.nplayers):
                alive |= self.h[q][s]
                d.shape[q * MAXS + s] = _popcount16(self.h[q][s])
                hsh ^= <uint64_t>d.shape[q * MAXS + s] + 1
                hsh *= 0xBF58476D1CE4E5B9ULL
                hsh ^= hsh >> 29
            d.alive[s] = alive
            own = 0
            for q in range(1, self.nplayers):
                m = self.h[q][s]
                while m:
                    r = _low_bit(m)
                    m &= m - 1
                    # its place from the top among the cards in play
                    own |= (<uint32_t>q) << (2 * _popcount16(alive >> (r + 1)))
            d.own[s] = own
        d.sig = hsh | 1

    cdef inline bint matches(self, Entry* e, Pos* d) noexcept nogil:
        """Do the owners of the entry's top cards own them here? (The shape
        and leader are its list's.)"""
        cdef int s
        for s in range(self.nsuits):
            if (e.own[s] ^ d.own[s]) & _owners_mask(e.k[s]):
                return False
        return True

    cdef void entry_rel(self, Entry* e, Pos* d, uint16_t* rel) noexcept nogil:
        """The cards an entry's bound depends on, in this position: the top
        ``k[s]`` cards in play of each suit."""
        cdef int s, r, cnt
        for s in range(self.nsuits):
            cnt = 0
            r = self.suit_len[s] - 1
            while r >= 0 and cnt < e.k[s]:
                if (d.alive[s] >> r) & 1:
                    rel[s] |= <uint16_t>1 << r
                    cnt += 1
                r -= 1

    cdef void store(self, int leader, Pos* d, int upper, int value,
                    uint16_t* rel, int best_suit, int best_rel) noexcept nogil:
        """Keep a bound that depends on the cards ``rel`` (with every card
        above the lowest of them in its suit)."""
        cdef int s, i, low, cap
        cdef uint8_t k[MAXS]
        cdef Entry* e
        cdef Entry* more
        cdef Shape* sh
        cdef bint same
        for s in range(MAXS):
            k[s] = 0
        for s in range(self.nsuits):
            if rel[s]:
                low = _low_bit(rel[s])
                k[s] = _popcount16(d.alive[s] >> low)
        if self.nentries >= self.max_entries:
            self.prune()
        sh = self.find_shape(leader, d, 1)
        if sh == NULL:
            return
        for i in range(sh.n):
            e = &sh.entries[i]
            if e.upper != upper or not self.matches(e, d):
                continue
            same = True
            for s in range(self.nsuits):
                if e.k[s] != k[s]:
                    same = False
                    break
            if same:
                if upper:
                    if value < e.value:
                        e.value = value
                elif value > e.value:
                    e.value = value
                if best_suit >= 0:
                    e.best_suit = best_suit
                    e.best_rel = best_rel
                return
        if sh.n == sh.cap:
            cap = 4 if sh.cap == 0 else 2 * sh.cap
            more = <Entry*>realloc(sh.entries, cap * sizeof(Entry))
            if more == NULL:
                return
            sh.entries = more
            sh.cap = cap
        e = &sh.entries[sh.n]
        sh.n += 1
        self.nentries += 1
        e.upper = upper
        e.value = value
        e.best_suit = best_suit
        e.best_rel = best_rel
        for s in range(MAXS):
            e.k[s] = k[s]
            e.own[s] = d.own[s] & _owners_mask(k[s])

    cdef int rel_to_rank(self, int s, int rel) noexcept nogil:
        """The rank of the rel-th remaining card of suit s from the bottom."""
        cdef uint16_t alive = self.in_play(s)
        cdef int r, cnt = 0
        for r in range(self.suit_len[s]):
            if alive & (<uint16_t>1 << r):
                if cnt == rel:
                    return r
                cnt += 1
        return -1

    cdef int rank_to_rel(self, int s, int rank) noexcept nogil:
        cdef uint16_t alive = self.in_play(s)
        return _popcount16(alive & ((<uint16_t>1 << rank) - 1))

    cdef int last_trick(self, int leader) noexcept nogil:
        """The counted side's trick (0/1) when each player holds one card."""
        cdef int i, p, s
        for i in range(self.nplayers):
            p = (leader + i) % self.nplayers
            for s in range(self.nsuits):
                if self.h[p][s]:
                    self.tsuit[1][i] = s
                    self.trank[1][i] = _high_bit(self.h[p][s])
                    break
        return self.counted[(leader + self.winner_pos(1, self.nplayers)) % self.nplayers]

    cdef int quick_tricks(self, int leader, int skip, int entry) noexcept nogil:
        """Tricks the leader can take at once from the top of his own suits.

        A run of the highest remaining cards of a suit in the leader's hand wins
        that many tricks in a row, and all his cards of the suit when no one
        else has more cards of it than the run. With a trump suit the side
        suits count only when the opponents have no trumps, or when the leader's
        top trumps outnumber every opponent's trumps (he draws them first).
        """
        cdef int s, q, run, r, total = 0, mine, longest, tr_run = 0, opp_tr = 0, side_sum = 0
        cdef uint16_t alive, m
        for s in range(self.nsuits):
            m = self.h[leader][s]
            if not m or s == skip:
                continue
            alive = 0
            longest = 0
            for q in range(self.nplayers):
                alive |= self.h[q][s]
                if q != leader and self.counted[q] != self.counted[leader]:
                    if _popcount16(self.h[q][s]) > longest:
                        longest = _popcount16(self.h[q][s])
            run = _top_run(m, alive)
            if run == 0:
                continue
            mine = _popcount16(m)
            # partners' cards of the suit are no threat, but they must follow
            # too: count only the opponents' lengths, and partners' cards can't
            # stop the run, so the run alone is safe.
            for q in range(self.nplayers):
                if q != leader and self.counted[q] == self.counted[leader]:
                    if _popcount16(self.h[q][s]) > longest:
                        longest = _popcount16(self.h[q][s])
            if longest <= run:
                run = mine
            if s == self.trump:
                tr_run = run
            else:
                side_sum += run
        if self.trump < 0:
            total = side_sum
        else:
            for q in range(self.nplayers):
                if self.counted[q] != self.counted[leader]:
                    if _popcount16(self.h[q][self.trump]) > opp_tr:
                        opp_tr = _popcount16(self.h[q][self.trump])
            if opp_tr == 0 or tr_run >= opp_tr:
                total = tr_run + side_sum
            else:
                total = tr_run
        if entry:
            i = self.partner_entry(leader)
            if i > total:
                total = i
        return total

    cdef int partner_entry(self, int leader) noexcept nogil:
        """Sure tricks of the leader's side when he leads a suit to a
        partner's top card that no opponent can ruff now: that trick, then the
        partner's quick tricks in the other suits (the opponents' cards played
        to the trick only help him; with trumps their trumps are counted as
        before the trick). 0 when there is no such suit."""
        cdef int s, q, top, holder, ok, v, best = 0
        cdef uint16_t alive
        for s in range(self.nsuits):
            if not self.h[leader][s]:
                continue
            alive = self.in_play(s)
            top = _high_bit(alive)
            holder = -1
            for q in range(self.nplayers):
                if (self.h[q][s] >> top) & 1:
                    holder = q
            if holder == leader or self.counted[holder] != self.counted[leader]:
                continue
            ok = 1
            if self.trump >= 0 and s != self.trump:
                for q in range(self.nplayers):
                    if (self.counted[q] != self.counted[leader] and not self.h[q][s]
                            and self.h[q][self.trump]):
                        ok = 0
            if ok:
                v = 1 + self.quick_tricks(holder, s, 0)
                if v > best:
                    best = v
        return best

    cdef int leader_takes_all(self, int leader) noexcept nogil:
        """1 when every card of the leader is above every other remaining card
        of its suit and no other player holds a trump: he wins every trick."""
        cdef int s, q
        cdef uint16_t others, m
        if self.trump >= 0:
            for q in range(self.nplayers):
                if q != leader and self.h[q][self.trump]:
                    return 0
        for s in range(self.nsuits):
            m = self.h[leader][s]
            if not m:
                continue
            others = 0
            for q in range(self.nplayers):
                if q != leader:
                    others |= self.h[q][s]
            if others and _high_bit(others) > (_high_bit(m & (~m + 1))):
                return 0
        return 1

    cdef int sure_loss(self, int leader) noexcept nogil:
        """Misère: 1 when the leader's side can surely lose this trick. He leads
        his lowest card of a suit some opponent holds, every opponent's card of
        it being higher; each partner either plays a card of it below every
        opponent's lowest one or, void, discards a card that is not a trump. Returns that suit + 1."""
        cdef int s, q, t, c, omin, ok, has
        for s in range(self.nsuits):
            if not self.h[leader][s]:
                continue
            c = _low_bit(self.h[leader][s])
            omin = MAXR
            ok = 1
            for q in range(self.nplayers):
                if self.counted[q] != self.counted[leader] and self.h[q][s]:
                    t = _low_bit(self.h[q][s])
                    if t < c:
                        ok = 0
                    if t < omin:
                        omin = t
            if not ok or omin == MAXR:
                continue
            for q in range(self.nplayers):
                if q == leader or self.counted[q] != self.counted[leader]:
                    continue
                if self.h[q][s]:
                    if _low_bit(self.h[q][s]) > omin:
                        ok = 0
                elif self.trump >= 0 and s != self.trump:
                    has = 0
                    for t in range(self.nsuits):
                        if t != self.trump and self.h[q][t]:
                            has = 1
                    if not has:
                        ok = 0
            if ok:
                return s + 1
        return 0

    cdef int sure_win(self, int leader) noexcept nogil:
        """1 when every card of the leader beats every opponent's card of its
        suit and no opponent can ruff any of them: his side wins this trick."""
        cdef int s, q
        for s in range(self.nsuits):
            if not self.h[leader][s]:
                continue
            for q in range(self.nplayers):
                if self.counted[q] == self.counted[leader]:
                    continue
                if self.h[q][s]:
                    if _high_bit(self.h[q][s]) > _low_bit(self.h[leader][s]):
                        return 0
                elif self.trump >= 0 and s != self.trump and self.h[q][self.trump]:
                    return 0
        return 1

    cdef int top_against(self, int leader) noexcept nogil:
        """1 when in every suit the leader holds an opponent holds a card above
        all of the leader's side's cards of it and no partner can ruff it: the
        leader's side cannot win this trick."""
        cdef int s, q, ohigh, shigh
        for s in range(self.nsuits):
            if not self.h[leader][s]:
                continue
            ohigh = -1
            shigh = -1
            for q in range(self.nplayers):
                if self.counted[q] != self.counted[leader]:
                    if self.h[q][s] and _high_bit(self.h[q][s]) > ohigh:
                        ohigh = _high_bit(self.h[q][s])
                else:
                    if self.h[q][s]:
                        if _high_bit(self.h[q][s]) > shigh:
                            shigh = _high_bit(self.h[q][s])
                    elif self.trump >= 0 and s != self.trump and self.h[q][self.trump]:
                        return 0
            if ohigh < shigh:
                return 0
        return 1

    cdef void run_rel(self, uint16_t* rel) noexcept nogil:
        """The cards quick tricks depend on: in each suit, the run of the top
        card's owner and the card that ends it."""
        cdef int s, q, r, o
        cdef uint16_t alive
        for s in range(self.nsuits):
            alive = self.in_play(s)
            if not alive:
                continue
            r = _high_bit(alive)
            o = -1
            for q in range(self.nplayers):
                if (self.h[q][s] >> r) & 1:
                    o = q
            while r >= 0:
                if (alive >> r) & 1:
                    rel[s] |= <uint16_t>1 << r
                    if not ((self.h[o][s] >> r) & 1):
                        break
                r -= 1

    cdef void trick_rel(self, int t, uint16_t* rel) noexcept nogil:
        """The card that won trick t, when it beat another card of its suit."""
        cdef int b = self.winner_pos(t, self.nplayers), i
        for i in range(self.nplayers):
            if i != b and self.tsuit[t][i] == self.tsuit[t][b]:
                rel[self.tsuit[t][b]] |= <uint16_t>1 << self.trank[t][b]
                return

    cdef int trump_bound(self, int won, int target, int R, uint16_t* rel) noexcept nogil:
        """Tricks the trumps guarantee in any play, misère too: each trump of
        a hand wins its trick for that hand's side unless an opponent plays a
        higher trump to it, and each opposing trump does that once at most;
        the top run of trumps in one hand wins a trick each. When that
        settles "target or more", the bound (the counted side's tricks at
        least, at or above the target, or at most, below it), else -1
        (``rel``: the trumps relied on)."""
        cdef int q, o, v, k, r, tr = self.trump
        cdef uint16_t mine, theirs, alive = 0
        if tr < 0:
            return -1
        alive = self.in_play(tr)
        if not alive:
            return -1
        for q in range(self.nplayers):
            mine = self.h[q][tr]
            if not mine:
                continue
            theirs = 0
            for o in range(self.nplayers):
                if self.counted[o] != self.counted[q]:
                    theirs |= self.h[o][tr]
            v = _popcount16(mine) - _popcount16(theirs >> _low_bit(mine))
            k = _top_run(mine, alive)
            if k > v:
                v = k
            if v <= 0:
                continue
            if self.counted[q]:
                if won + v >= target:
                    self.trump_rel(q, k, v, rel)
                    return won + v
            elif won + R - v < target:
                self.trump_rel(q, k, v, rel)
                return won + R - v
        return -1

    cdef void trump_rel(self, int q, int k, int v, uint16_t* rel) noexcept nogil:
        """The trumps a bound of ``trump_bound`` rests on: the top run, or
        every trump down to the hand's lowest one."""
        cdef int r, cnt = 0, tr = self.trump
        cdef uint16_t alive = self.in_play(tr), mine = self.h[q][tr]
        if k == v:
            r = _high_bit(alive)
            while r >= 0 and cnt < k:
                if (alive >> r) & 1:
                    rel[tr] |= <uint16_t>1 << r
                    cnt += 1
                r -= 1
        else:
            rel[tr] |= <uint16_t>1 << _low_bit(mine)

    cdef int search(self, int leader, int pos, int won, int target, uint16_t* rel) noexcept nogil:
        """Can the counted side take ``target`` tricks (``won`` included)?
        Fail-soft: returns a value ``v``; ``v >= target`` means yes and the
        side surely takes ``v`` or more, ``v < target`` no and it takes at most
        ``v`` (the table keeps these tighter bounds). Also sets ``rel``: the
        cards (of the hands and the trick) whose ranks the answer depends on;
        every card of a suit above the lowest of them is taken as relevant
        too (partition search: a table entry then stands for every position
        with the same shape and the same owners of those top cards)."""
        cdef int p = (leader + pos) % self.nplayers
        cdef int R = 0, i, n, r, v, cut, w, nwon, best_i = 0, s, k_suit, k_rank
        cdef int best_suit = -1, best_rank = -1
        cdef Pos d
        cdef Entry* e
        cdef Shape* sh
        cdef int ms[MAXMOVES]
        cdef int mr[MAXMOVES]
        cdef int mh[MAXMOVES]
        cdef int sc[MAXMOVES]
        cdef uint16_t crel[MAXS]
        cdef uint16_t acc[MAXS]
        cdef uint16_t bit
        cdef int small_tried[MAXS]   # per suit: a tried card below every relevant one, or -1
        cdef int t = (self.ncards + pos) // self.nplayers
        for s in range(MAXS):
            rel[s] = 0
            small_tried[s] = -1
        self.nodes += 1
        # The budget is checked at every node (a compare), so a small budget
        # means what it says; Ctrl-C only every 65536 nodes (a C-API call).
        if self.max_nodes and self.nodes > self.max_nodes:
            self.status = 1
            return ABORT
        if (self.nodes & 0xFFFF) == 0 and self.interrupted():
            self.status = 2
            return ABORT
        if pos == 0:
            R = t
            if won >= target:
                return won
            if won + R < target:
                return won + R
            if R == 1:
                r = won + self.last_trick(leader)
                self.trick_rel(1, rel)
                return r
            r = self.trump_bound(won, target, R, rel)
            if r >= 0:
                return r
            if not self.wantwin[leader]:
                if self.leader_takes_all(leader):
                    for s in range(self.nsuits):
                        rel[s] = self.h[leader][s]
                    return won + R * self.counted[leader]     # exact
                if self.counted[leader]:
                    if won + R - 1 < target:
                        s = self.sure_loss(leader)
                        if s:
                            self.suit_rel(s - 1, rel)
                            return won + R - 1
                    if won + 1 >= target and self.sure_win(leader):
                        for s in range(self.nsuits):
                            rel[s] = self.h[leader][s]
                        return won + 1
                else:
                    if won + 1 >= target:
                        s = self.sure_loss(leader)
                        if s:
                            self.suit_rel(s - 1, rel)
                            return won + 1
                    if won + R - 1 < target and self.sure_win(leader):
                        for s in range(self.nsuits):
                            rel[s] = self.h[leader][s]
                        return won + R - 1
            if self.wantwin[leader]:
                if self.counted[leader]:
                    if won + R - 1 < target and self.top_against(leader):
                        self.top_rel(leader, rel)
                        return won + R - 1
                elif won + 1 >= target and self.top_against(leader):
                    self.top_rel(leader, rel)
                    return won + 1
                i = self.quick_tricks(leader, -1, 1)
                if self.counted[leader]:
                    if won + i >= target:
                        self.run_rel(rel)
                        return won + i
                elif won + R - i < target:
                    self.run_rel(rel)
                    return won + R - i
            self.describe(leader, &d)
            sh = self.find_shape(leader, &d, 0)
            i = sh.n if sh != NULL else 0
            while i > 0:
                i -= 1             # the newest entries first
                e = &sh.entries[i]
                if not self.matches(e, &d):
                    continue
                if e.upper:
                    if won + e.value < target:
                        self.entry_rel(e, &d, rel)
                        return won + e.value
                elif won + e.value >= target:
                    self.entry_rel(e, &d, rel)
                    return won + e.value
                if e.best_suit >= 0 and best_suit < 0:
                    best_suit = e.best_suit
                    best_rank = self.rel_to_rank(best_suit, e.best_rel)
        k_suit = k_rank = -1
        if pos == 0 and self.killer_suit[t][leader] >= 0:
            # the lead that last cut off at this trick with this leader
            k_suit = self.killer_suit[t][leader]
            k_rank = self.killer_rank[t][leader]
        n = self.gen(leader, pos, ms, mr, mh, sc, best_suit, best_rank, k_suit, k_rank)
        # Fail-soft: the best bound over the moves tried (a value at or above
        # the target is a lower bound on the counted side's tricks, one below
        # it an upper bound), so the table keeps the tightest bound found.
        v = -1 if self.maxer[p] else MAXT + 1
        cut = 0
        for s in range(MAXS):
            acc[s] = 0
        for i in range(n):
            s = ms[i]
            if (small_tried[s] >= 0 and small_tried[s] < _lowest_relevant(acc[s])
                    and mr[i] < _lowest_relevant(acc[s])):
                # A card of this suit below every relevant card was tried and
                # did not decide: this one gives the same answer (partition
                # search: only the relevant cards' ranks mattered).
                continue
            bit = <uint16_t>1 << mr[i]
            self.h[p][ms[i]] &= ~bit
            self.ncards -= 1
            self.tsuit[t][pos] = ms[i]
            self.trank[t][pos] = mr[i]
            if pos == self.nplayers - 1:
                w = (leader + self.winner_pos(t, self.nplayers)) % self.nplayers
                nwon = won + self.counted[w]
                r = self.search(w, 0, nwon, target, crel)
                self.trick_rel(t, crel)
            else:
                r = self.search(leader, pos + 1, won, target, crel)
            self.h[p][ms[i]] |= bit
            self.ncards += 1
            if r == ABORT:
                return ABORT
            if (r >= target) == (self.maxer[p] != 0):
                # a cut: this move alone decides
                v = r
                cut = 1
                best_i = i
                if i > 0 and pos == 0:
                    self.killer_suit[t][leader] = ms[i]
                    self.killer_rank[t][leader] = mr[i]
                for s in range(MAXS):
                    acc[s] = crel[s]
                break
            for s in range(MAXS):
                acc[s] |= crel[s]
            if mh[i] != mr[i] and (crel[ms[i]] & ((<int>1 << (mh[i] + 1)) - 1)):
                # Every move is tried, and this card stood for its group
                # [low, high] of equivalent cards, part of which is relevant:
                # where this result is reused the group must stay a group, so
                # its lowest card (the one played) becomes relevant too.
                acc[ms[i]] |= <uint16_t>1 << mr[i]
            if mr[i] < _lowest_relevant(acc[ms[i]]):
                small_tried[ms[i]] = mr[i]
            if self.maxer[p]:
                if r > v:
                    v = r
            elif r < v:
                v = r
        for s in range(MAXS):
            rel[s] = acc[s]
        if pos == 0:
            self.store(leader, &d, 0 if v >= target else 1, v - won, rel,
                       ms[best_i] if cut else -1,
                       self.rank_to_rel(ms[best_i], mr[best_i]) if cut else -1)
        return v

    cdef int interrupted(self) noexcept nogil:
        """Ctrl-C, ``cancel_searches()``, or this thread's work stopped from
        outside (solver.stop_when): the search runs without the GIL and takes
        it for this look only."""
        if cancel_flag:
            return 1
        with gil:
            try:
                return 1 if PyErr_CheckSignals() != 0 or _stop_requested() else 0
            except BaseException:
                return 1

    cdef uint16_t in_play(self, int s) noexcept nogil:
        """The cards of suit ``s`` still in the hands (by rank bit)."""
        cdef int q
        cdef uint16_t alive = 0
        for q in range(self.nplayers):
            alive |= self.h[q][s]
        return alive

    cdef void suit_rel(self, int s, uint16_t* rel) noexcept nogil:
        cdef int q
        for q in range(self.nplayers):
            rel[s] |= self.h[q][s]

    cdef void top_rel(self, int leader, uint16_t* rel) noexcept nogil:
        """The top card in play of each suit the leader holds."""
        cdef int s, q
        cdef uint16_t alive
        for s in range(self.nsuits):
            if not self.h[leader][s]:
                continue
            alive = self.in_play(s)
            rel[s] |= <uint16_t>1 << _high_bit(alive)
