# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The double-dummy search: alpha-beta on a target, with partition-search TT.

Layout (one include file per search phase, as in DDS):

- ``_bits.pxi``: bit helpers, the card-mask layout and the compression table;
- ``_trick.pxi``: the trick in progress (who wins it, finishing it);
- ``_tt.pxi``: the transposition table (bounds keyed by shape and the owners
  of the relevant top cards);
- ``_quick.pxi``: quick-trick and sure-trick cut-offs at the start of a trick;
- ``_moves.pxi``: move generation (equivalent cards merged) and ordering;
- this file: the search itself and the Python entry points.

Values are always "tricks won by side 0 from the remaining tricks, the
current one included". Side 0 is North-South, or the lone player when one
plays against three. Every search is a zero-window test "does side 0 win at
least ``target`` tricks?", answered fail-soft (with a bound, not just yes or
no) and with the set of cards whose ranks the answer depends on (``rel``):
that set is what lets one table entry stand for many positions (Ginsberg's
partition search; DDS's "winning ranks").

Misère (``maxside`` 1) swaps who wants side 0's tricks; one player against
three only changes ``side``. The search itself is the same for all.
"""

from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memset
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec


cdef extern from "Python.h":
    # Declared here without Cython's exception check: the search only wants
    # to know whether a signal (Ctrl-C) arrived, and raises for itself.
    int check_signals "PyErr_CheckSignals" ()
    void clear_error "PyErr_Clear" ()

from ._stop import requested as _stop_requested

include "_bits.pxi"
include "_trick.pxi"
include "_tt.pxi"
include "_quick.pxi"
include "_moves.pxi"


# ---------------------------------------------------------------------------
# Stopping a search early: Ctrl-C, cancel_searches(), a node or time budget

#: The search looks at the clock, the flags and signals once every this many nodes.
DEF CHECK_EVERY = 16384

#: Set by cancel_searches(): every running search stops at its next check.
cdef volatile int cancel_flag = 0


cdef double monotonic() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


cdef bint must_stop(Ctx* c) noexcept nogil:
    """Should the search stop now? Sets ``c.error`` to the reason."""
    # The next look: CHECK_EVERY nodes on, or at the node budget exactly.
    c.check_at = c.nodes + CHECK_EVERY
    if c.max_nodes and c.check_at > c.max_nodes:
        c.check_at = c.max_nodes
    if cancel_flag:
        c.error = CANCELLED
    elif c.max_nodes and c.nodes >= c.max_nodes:
        c.error = OVER_BUDGET
    elif c.deadline > 0 and monotonic() >= c.deadline:
        c.error = OVER_BUDGET
    else:
        with gil:
            # Runs Python's signal handlers in the main thread (a no-op in others).
            if check_signals() != 0:
                clear_error()
                c.error = INTERRUPTED
            else:
                # This thread's work stopped from outside (solver.stop_when). It is
                # Python code, so a Ctrl-C arriving now raises inside it: caught
                # here, or this noexcept function would print and drop it and the
                # search run on (seen once in CI as a 30 s timeout).
                try:
                    if _stop_requested():
                        c.error = CANCELLED
                except KeyboardInterrupt:
                    c.error = INTERRUPTED
                except BaseException:
                    c.error = CANCELLED
    return c.error != NO_ERROR


cdef int set_limits(Ctx* c, object max_nodes, object max_seconds, bint narrow=True) except -1:
    """A call's budget (``None``: no limit): ``max_nodes`` nodes, kept to the
    node (``must_stop`` is due at the budget when it is below CHECK_EVERY),
    and ``max_seconds`` from now. ``narrow``: with a budget, find values by
    tests from both ends inwards (``narrowing``: bounds close to the value if
    it stops, but about a fifth more nodes when it does not); without, by the
    usual tests from a guess, the budget only guarding against a search that
    would run too long."""
    c.narrow = narrow
    if max_nodes is not None:
        c.max_nodes = max_nodes
        if c.max_nodes < c.check_at:
            c.check_at = c.max_nodes
    if max_seconds is not None:
        c.deadline = monotonic() + max_seconds
    return 0


def cancel_searches():
    """Ask every running search, in every thread, to stop at its next check
    (within a few milliseconds); it then raises ``KeyboardInterrupt``."""
    global cancel_flag
    cancel_flag = 1


def clear_cancel():
    """Let searches run again after ``cancel_searches()``."""
    global cancel_flag
    cancel_flag = 0


class OverBudget(Exception):
    """A search reached its node or time budget; ``lower`` and ``upper`` bound
    side 0's tricks as far as it got."""

    def __init__(self, lower, upper):
        super().__init__(f"budget reached: side 0 wins {lower} to {upper} tricks")
        self.lower, self.upper = lower, upper


# ---------------------------------------------------------------------------
# The search

cdef int search(Ctx* c, int target, u64* rel_out) noexcept nogil:
    """Does side 0 win at least ``target`` of the remaining tricks?

    Fail-soft: the answer ``v`` is a bound. ``v >= target`` means side 0
    wins at least ``v`` tricks; ``v < target`` means at most ``v``.
    """
    cdef int player = c.player
    cdef int n = 0, v, sub, i, j, nm, card, best, won
    cdef u64 shape = 0, p0 = 0, p1 = 0
    cdef u64 unions[4]
    cdef u64 r = 0, rel_acc = 0, bit
    cdef bint maxnode
    cdef int moves[13]
    cdef int weights[13]
    cdef int small_tried[4]     # per suit: rank of a tried card below all relevant ones, or -1
    cdef int suit, low, first = -1
    cdef int saved_card[4]
    cdef int saved_seat[4]
    cdef int saved_win[5]
    cdef u64 cut_slot, heads
    cdef int ls

    c.nodes += 1
    if c.nodes >= c.check_at and must_stop(c):
        rel_out[0] = 0
        return 0
    if c.ncards == 0:
        c.trick_starts += 1
        n = popcount(c.hands[player])
        if target <= 0:
            rel_out[0] = 0
            return 0
        if target > n:
            rel_out[0] = 0
            return n
        if n == 1:
            return last_trick(c, rel_out)
        # The table first: a hit (most trick starts) is cheaper than
        # counting sure tricks, which is left for the positions it misses.
        shape = c.shape
        position_key(c, &p0, &p1, unions)
        v = tt_lookup(c, player, shape, p0, p1, unions, target, rel_out)
        if v >= 0:
            c.tt_hits += 1
            return v
        v = sure_tricks(c, target, n, rel_out)
        if v >= 0:
            # Kept in the table too: the next visit (or any position with the
            # same few relevant cards) is answered by the look-up instead of
            # counting again. Nodes random / real / hard -0.9% / -1.0% / -1.6%,
            # instructions -6% (2 real deals' tables), CPU time 1.00 / 1.00 / 0.98.
            tt_store(c, player, shape, p0, p1, unions, rel_out[0], target, v, n)
            return v

    elif c.ncards == 1:
        v = second_hand_trick(c, target, rel_out)
        if v >= 0:
            return v

    maxnode = c.side[player] == c.maxside
    # The best bound so far over the moves that did not cut off (below or
    # above every possible value to start with).
    v = -1 if maxnode else MAX_TRICKS + 1
    # The card that last cut off in this situation (the cut-off cache) is
    # tried before the other moves are generated and weighed, which a
    # cut-off on it makes unnecessary.
    heads = 0
    if c.ncards != 0:
        # Following suit: the moves are the heads of our runs in the suit led.
        ls = card_suit(c.trick_card[0])
        heads = run_heads(suit_of(c.hands[player], ls) << suit_shift(ls), c.in_play)
    if heads and not heads & (heads - 1):
        # Forced (one card of the suit led, or one run of them): nothing to
        # look up or weigh.
        moves[0] = lowest_bit(heads)
        first = -1
        nm = 1
    else:
        cut_slot = cut_key(c, player)
        first = cut_lookup(c, cut_slot, player)
        if first >= 0 and playable(c, player, first):
            first = move_of(c, first)
            moves[0] = first
            nm = 1
        elif heads and c.maxside == 0:
            # The ordering's first card, found without ordering the others
            # (most of these nodes cut off on it).
            first = first_following(c, player, ls, heads)
            moves[0] = first
            nm = 1
        else:
            first = -1
            nm = generate_moves(c, moves, weights)
    small_tried[0] = small_tried[1] = small_tried[2] = small_tried[3] = -1
    i = -1
    while True:
        i += 1
        if i >= nm:
            if first < 0:
                break
            # No cut-off on the cached card: now the others, in their usual
            # order after it (it has been tried).
            nm = generate_moves(c, moves, weights)
            for j in range(nm):
                if moves[j] == first:
                    bring_to(moves, weights, j, 0)
                    break
            first = -1
            if i >= nm:
                break
        if 0 < i < nm - 1:
            next_move(moves, weights, i, nm)
        card = moves[i]
        suit = card_suit(card)
        if small_tried[suit] >= 0:
            # A card of this suit below every relevant card has been tried:
            # any other such card gives the same result (partition search).
            low = lowest_relevant(rel_acc, suit)
            if small_tried[suit] < low and card_rank(card) < low:
                continue
        bit = (<u64>1) << card
        c.hands[player] ^= bit
        c.shape -= shape_unit(player, suit)
        c.trick_card[c.ncards] = card
        c.trick_seat[c.ncards] = player
        record_winner(c, c.ncards)
        c.ncards += 1
        if c.ncards == 4:
            # The next trick overwrites this one: keep it.
            saved_card = c.trick_card
            saved_seat = c.trick_seat
            saved_win = c.win
            won = finish_trick(c, &best)
            sub = search(c, target - won, &r) + won
            c.trick_card = saved_card
            c.trick_seat = saved_seat
            c.win = saved_win
            c.in_play |= trick_mask(c)
            r |= rank_relevance(c, best)
            c.ncards = 3
        else:
            c.player = (player + 1) & 3
            sub = search(c, target, &r)
            c.ncards -= 1
        c.player = player
        c.hands[player] ^= bit
        c.shape += shape_unit(player, suit)
        if c.error:
            rel_out[0] = 0
            return 0
        if (sub >= target) == maxnode:
            # A cut-off: this card alone decides the node.
            v = sub
            rel_acc = r
            if i > 0:
                cut_store(c, cut_slot, player, card)
            break
        rel_acc |= r
        if (r >> card) & 1:
            # Every move is being tried, but this card stood for its whole run
            # of equivalent cards. The run must stay a run where this result
            # is reused: the lowest card of the run becomes relevant too.
            rel_acc |= (<u64>1) << run_low(c, player, card)
        if card_rank(card) < lowest_relevant(rel_acc, suit):
            small_tried[suit] = card_rank(card)
        if maxnode:
            if sub > v:
                v = sub
        elif sub < v:
            v = sub

    if c.ncards == 0:
        tt_store(c, player, shape, p0, p1, unions, rel_acc, target, v, n)
    rel_out[0] = rel_acc
    return v


cdef inline int lowest_relevant(u64 rel, int suit) noexcept nogil:
    """Rank index (0..12) of the lowest relevant card of a suit; NO_RANK when none."""
    cdef u64 r = suit_of(rel, suit)
    return lowest_bit(r) if r else NO_RANK


cdef int last_trick(Ctx* c, u64* rel_out) noexcept nogil:
    """Each hand holds one card: play them out; side 0's tricks (0 or 1)."""
    cdef int i, seat
    cdef int leader = c.player
    for i in range(4):
        seat = (leader + i) & 3
        c.trick_card[i] = lowest_bit(c.hands[seat])
        c.trick_seat[i] = seat
    cdef int best = winning_index(c, 4)
    rel_out[0] = rank_relevance(c, best)
    return 1 if c.side[c.trick_seat[best]] == 0 else 0


cdef int estimate_tricks(u64* h, int trump, int n) noexcept nogil:
    """A rough guess of side NS's tricks, for the first zero-window test.

    The bidder's rules of thumb: a trick for every three high-card points
    (A 4, K 3, Q 2, J 1) above half the pack's in play, and most of a trick
    for each trump above half of those in play. Every test the guess is off
    costs one more search; on 30 random deals, one declarer in five strains
    (single searches from scratch) took 4-5% fewer nodes than from half the
    tricks, a perfect guess 11% fewer.
    """
    cdef int s, k, x, hcp_ns = 0, hcp_all = 0, tr_ns = 0, tr_all = 0
    cdef double e
    for k in range(4):
        for s in range(4):
            x = <int>suit_of(h[k], s)
            # Ranks from the two: bit 12 the ace, 11 the king, 10 the queen, 9 the jack.
            x = 4 * ((x >> 12) & 1) + 3 * ((x >> 11) & 1) + 2 * ((x >> 10) & 1) + ((x >> 9) & 1)
            hcp_all += x
            if k % 2 == 0:
                hcp_ns += x
        if trump != NT:
            x = popcount(suit_of(h[k], trump))
            tr_all += x
            if k % 2 == 0:
                tr_ns += x
    e = n / 2.0 + (hcp_ns - hcp_all / 2.0) / 3.0 + 0.8 * (tr_ns - tr_all / 2.0)
    # Rounded up: a guess one above the value costs no more than the value.
    k = <int>(e + 1.0)
    if k < 0:
        return 0
    return n if k > n else k


cdef int exact_value(Ctx* c, int guess, int n) noexcept nogil:
    """Side 0's tricks of the remaining ``n``, found by zero-window tests from ``guess``.

    With a budget, by tests from both ends instead (``narrowing``).
    """
    cdef int lo = 0, hi = n, t, v
    cdef u64 rel
    if c.narrow and (c.max_nodes or c.deadline > 0):
        return narrowing(c, n)
    t = guess
    while lo < hi:
        if t <= lo:
            t = lo + 1
        if t > hi:
            t = hi
        v = search(c, t, &rel)
        if c.error:
            c.lower, c.upper = lo, hi      # what was proved before it stopped
            return -1
        if v >= t:
            lo = v
            t = v + 1
        else:
            hi = v
            t = v
    return lo


cdef int narrowing(Ctx* c, int n) noexcept nogil:
    """Side 0's tricks of ``n`` by zero-window tests from both ends inwards.

    A test far from the value is cheap and its cost grows about tenfold a
    trick nearer (a misère full deal: 0.04M nodes for "at least 5" where the
    value is 6 and 2M for "at least 6"), so when a budget may stop the search
    this proves bounds close to the value before the expensive tests; the
    next test is on the side whose last test was cheaper. Without a budget
    the tests from a guess (``exact_value``) take fewer nodes in all (22%
    fewer on four misère deals).
    """
    cdef int lo = 0, hi = n, t, v
    cdef u64 rel, start, cost_lo = 0, cost_hi = 0
    while lo < hi:
        start = c.nodes
        if cost_lo <= cost_hi:
            t = lo + 1
        else:
            t = hi
        v = search(c, t, &rel)
        if c.error:
            c.lower, c.upper = lo, hi
            return -1
        if t == lo + 1:
            cost_lo = c.nodes - start
        else:
            cost_hi = c.nodes - start
        if v >= t:
            lo = v
        else:
            hi = v
    return lo


# ---------------------------------------------------------------------------
# Setting up a context

cdef int init_ctx(Ctx* c, int trump, bint misere, int lone, int max_entries,
                  bint must_trump=False) noexcept nogil:
    set_game(c, trump, misere, lone, must_trump)
    return tt_init(c, max_entries)


cdef void set_game(Ctx* c, int trump, bint misere, int lone,
                   bint must_trump=False) noexcept nogil:
    """Trumps, who plays for which side (``lone`` alone, or NS and EW), the aim,
    and the play rule: with ``must_trump`` a player void in the suit led who
    holds a trump must play one (Siberian Vint); without trumps it changes
    nothing, so it is kept only in suit contracts."""
    cdef int s
    c.trump = trump
    c.must_trump = must_trump and trump != NT
    for s in range(4):
        if lone >= 0:
            c.side[s] = 0 if s == lone else 1
        else:
            c.side[s] = s & 1
    c.maxside = 1 if misere else 0
    reset_search(c)


cdef void reset_search(Ctx* c) noexcept nogil:
    """Start a call afresh (counters, error, limits) but keep the table."""
    c.ncards = 0
    c.nodes = 0
    c.check_at = CHECK_EVERY
    c.trick_starts = 0
    c.tt_hits = 0
    c.error = NO_ERROR
    c.max_nodes = 0
    c.deadline = 0
    c.narrow = 1
    c.lower, c.upper = 0, MAX_TRICKS


cdef void set_position(Ctx* c, u64* hands, int leader, int* played, int nplayed) noexcept nogil:
    cdef int i
    for i in range(4):
        c.hands[i] = hands[i]
    c.shape = hand_shape(c)
    c.in_play = hands[0] | hands[1] | hands[2] | hands[3]
    c.ncards = nplayed
    for i in range(nplayed):
        c.in_play |= (<u64>1) << played[i]
        c.trick_card[i] = played[i]
        c.trick_seat[i] = (leader + i) & 3
        record_winner(c, i)
    c.player = (leader + nplayed) & 3


# ---------------------------------------------------------------------------
# Python entry points. Input is checked by solver.api; these take masks.
#
# Every entry point returns a list of numbers of tricks for side 0 and, when
# given a dict as ``stats``, fills it with the search's counters.

DEFAULT_MAX_ENTRIES = 4_000_000


cdef int read_position(object hands, object played, u64* h, int* p) except -1:
    """Copy four hand masks and up to four numbers (cards, or seats); return how many."""
    cdef int i
    if len(hands) != 4 or len(played) > 4:
        raise ValueError("the core takes four hands and at most four cards or seats")
    for i in range(4):
        h[i] = hands[i]
    for i in range(len(played)):
        p[i] = played[i]
    return len(played)


cdef class Table:
    """A transposition table kept from one call to the next (``solver.Solver``).

    Its entries are bounds that hold for any position with the same cards
    left (not only those of one deal's play), so every call with the same
    trump, misère, lone player and play rule (``must_trump``) may reuse them.
    One thread at a time.
    """
    cdef Ctx c
    cdef readonly int trump, lone
    cdef readonly bint misere, must_trump

    def __cinit__(self, int trump, bint misere=False, int lone=-1,
                  int max_entries=DEFAULT_MAX_ENTRIES, bint must_trump=False):
        self.c.blocks = NULL
        self.c.buckets = NULL
        self.trump, self.misere, self.lone = trump, misere, lone
        self.must_trump = must_trump
        if init_ctx(&self.c, trump, misere, lone, max_entries, must_trump) != 0:
            raise MemoryError("cannot allocate the transposition table")

    def __dealloc__(self):
        tt_free(&self.c)

    @property
    def entries(self) -> int:
        """Entries handed out so far (the table is cleared when it is full)."""
        return self.c.nentries


cdef Ctx* begin(Table table, Ctx* local, int trump, bint misere, int lone,
                int max_entries, bint must_trump=False) except NULL:
    """The context of one call: ``table``'s (checked to fit), or ``local`` made anew.

    A table's entries hold under its own play rule only: a table made for
    free discards never serves a must-trump search, nor the other way round.
    """
    if table is None:
        if init_ctx(local, trump, misere, lone, max_entries, must_trump) != 0:
            raise MemoryError("cannot allocate the transposition table")
        return local
    if (table.trump, table.misere, table.lone, table.must_trump) != (
            trump, misere, lone, must_trump):
        raise ValueError("this table belongs to another trump, misère, lone player "
                         "or play rule (must_trump)")
    reset_search(&table.c)
    return &table.c


cdef void end(Table table, Ctx* c) noexcept:
    """Free a call's own table; a kept ``Table`` lives on."""
    if table is None:
        tt_free(c)


cdef int close_ctx(Ctx* c, object stats) except -1:
    """Raise if the search stopped early; report its counters into ``stats``."""
    if c.error == OUT_OF_MEMORY:
        raise MemoryError("the transposition table could not grow")
    if c.error in (INTERRUPTED, CANCELLED):
        raise KeyboardInterrupt
    if c.error == OVER_BUDGET:
        raise OverBudget(c.lower, c.upper)
    if stats is not None:
        stats["nodes"] = stats.get("nodes", 0) + c.nodes
        stats["trick_starts"] = stats.get("trick_starts", 0) + c.trick_starts
        stats["tt_hits"] = stats.get("tt_hits", 0) + c.tt_hits
        stats["entries"] = max(stats.get("entries", 0), c.nentries)
    return 0


def dd_strain(hands, int trump, leaders=(1, 2, 3, 0), int max_entries=DEFAULT_MAX_ENTRIES,
              stats=None, Table table=None, bint must_trump=False):
    """Side NS's tricks with each seat N, E, S, W leading to the first trick.

    Only the seats in ``leaders`` are solved (in that order, sharing one
    table); the others are -1.
    """
    cdef u64 h[4]
    cdef Ctx own
    cdef Ctx* c
    cdef int leader, guess, n, v, k
    cdef int order[4]
    cdef int out[4]
    cdef int nleaders = read_position(hands, leaders, h, order)
    for k in range(4):
        out[k] = -1
    n = popcount(h[0])
    c = begin(table, &own, trump, False, -1, max_entries, must_trump)
    try:
        with nogil:
            guess = estimate_tricks(h, trump, n)
            for k in range(nleaders):
                leader = order[k]
                if out[leader ^ 2] >= 0:
                    # Partner leading is the closest guess: same side on lead.
                    guess = out[leader ^ 2]
                set_position(c, h, leader, NULL, 0)
                v = exact_value(c, guess, n)
                if c.error:
                    break
                out[leader] = v
                guess = v
        close_ctx(c, stats)
        return [out[0], out[1], out[2], out[3]]
    finally:
        end(table, c)


def solve_each_card(hands, int trump, int leader, played, cards, bint misere=False,
                    int lone=-1, int max_entries=DEFAULT_MAX_ENTRIES, stats=None,
                    max_nodes=None, max_seconds=None, Table table=None,
                    bint must_trump=False, bint narrow=True):
    """Side 0's tricks (current trick included) after each card in ``cards``.

    ``cards`` are legal cards of the player on move; one table serves them
    all. With no cards, the value of the position itself (one number).
    ``max_nodes``/``max_seconds``: a budget for the whole call; reaching it
    raises ``OverBudget`` with the bounds proved (for the position itself:
    meaningful with no ``cards``). ``narrow``: see ``set_limits``.
    """
    cdef u64 h[4]
    cdef int p[4]
    cdef int n, v, card, player, guess
    cdef int nplayed = read_position(hands, played, h, p)
    cdef Ctx own
    cdef Ctx* c
    cdef list out = []
    c = begin(table, &own, trump, misere, lone, max_entries, must_trump)
    set_limits(c, max_nodes, max_seconds, narrow)
    try:
        player = (leader + nplayed) & 3
        n = popcount(h[player])
        guess = (n + 1) // 2
        if not cards:
            set_position(c, h, leader, p, nplayed)
            with nogil:
                v = exact_value(c, guess, n)
            close_ctx(c, stats)
            return [v]
        for card in cards:
            h[player] ^= (<u64>1) << card
            p[nplayed] = card
            with nogil:
                v = value_after(c, h, leader, p, nplayed + 1, n, guess)
            h[player] ^= (<u64>1) << card
            close_ctx(c, None)
            out.append(v)
            guess = v
        close_ctx(c, stats)
        return out
    finally:
        end(table, c)


cdef int value_after(Ctx* c, u64* h, int leader, int* p, int nplayed, int n,
                     int guess) noexcept nogil:
    """Side 0's tricks of ``n`` after the trick's cards ``p`` (which may complete it)."""
    cdef int best, won
    set_position(c, h, leader, p, nplayed)
    if nplayed < 4:
        return exact_value(c, guess, n)
    won = finish_trick(c, &best)
    if n == 1:
        return won
    return won + exact_value(c, guess - won, n - 1)


def probe(hands, int trump, int leader, int target, bint misere=False, int lone=-1,
          int max_entries=DEFAULT_MAX_ENTRIES, stats=None, max_nodes=None,
          Table table=None, bint must_trump=False):
    """One zero-window test from a trick's start: does side 0 win at least
    ``target`` of the remaining tricks? The fail-soft answer: ``v >= target``
    proves side 0 wins at least ``v``, ``v < target`` at most ``v``.

    A building block for drivers of one's own (the budgeted misère drivers
    of benchmarks/bench_misere_estimate.py ``--drivers``): with a kept
    ``table`` successive tests reuse each other's work, as the tests of one
    ``solve`` do. ``max_nodes``: this
    test's budget; reaching it raises ``OverBudget(0, n)`` (a single test
    proves nothing when stopped), after filling ``stats`` with the nodes used.
    """
    cdef u64 h[4]
    cdef int p[4]
    cdef int n, v
    cdef u64 rel
    cdef Ctx own
    cdef Ctx* c
    read_position(hands, (), h, p)
    n = popcount(h[leader])
    c = begin(table, &own, trump, misere, lone, max_entries, must_trump)
    set_limits(c, max_nodes, None)
    try:
        set_position(c, h, leader, p, 0)
        with nogil:
            if target <= 0:
                v = 0
            elif target > n:
                v = n
            else:
                v = search(c, target, &rel)
        if c.error == OVER_BUDGET:
            c.lower, c.upper = 0, n
            if stats is not None:
                stats["nodes"] = stats.get("nodes", 0) + c.nodes
        close_ctx(c, stats)
        return v
    finally:
        end(table, c)


def ordered_moves(hands, int trump, int leader, played, bint misere=False, int lone=-1,
                  Table table=None, bint must_trump=False):
    """The cards the search would try for the player on move, best first (the
    move ordering of ``_moves.pxi``; one card of each run of equivalent cards).
    ``played``: the cards on the current trick, from ``leader``. Its first
    card is the ordering's guess at the best play: a cheap playing policy
    (benchmarks/bench_misere_estimate.py plays the opening tricks with it)."""
    cdef u64 h[4]
    cdef int p[4]
    cdef int moves[13]
    cdef int weights[13]
    cdef int nm, i
    cdef Ctx own
    cdef Ctx* c
    cdef int nplayed = read_position(hands, played, h, p)
    c = begin(table, &own, trump, misere, lone, 1024, must_trump)
    try:
        set_position(c, h, leader, p, nplayed)
        nm = generate_moves(c, moves, weights)
        # The search picks each next move when it needs it (``next_move``);
        # here the whole order is wanted.
        for i in range(1, nm - 1):
            next_move(moves, weights, i, nm)
        return [moves[i] for i in range(nm)]
    finally:
        end(table, c)


def play_values(hands, int trump, int leader, cards, bint misere=False, int lone=-1,
                int max_entries=DEFAULT_MAX_ENTRIES, stats=None, Table table=None,
                bint must_trump=False):
    """Side 0's double-dummy total (tricks won so far plus the best from there)
    before any card and after each card of ``cards``, played in order from a
    trick's start. The cards must be legal (``solver.api`` checks them).
    One table serves every position.
    """
    cdef u64 h[4]
    cdef int p[4]
    cdef int n, v, card, np = 0, lead = leader, won0 = 0, best
    cdef int guess
    cdef Ctx own
    cdef Ctx* c
    cdef list out = []
    read_position(hands, (), h, p)
    n = popcount(h[leader])
    guess = (n + 1) // 2
    c = begin(table, &own, trump, misere, lone, max_entries, must_trump)
    try:
        with nogil:
            set_position(c, h, lead, p, 0)
            v = exact_value(c, guess, n) if n > 0 else 0
        out.append(v)
        for card in cards:
            h[(lead + np) & 3] ^= (<u64>1) << card
            p[np] = card
            np += 1
            with nogil:
                set_position(c, h, lead, p, np)
                if np == 4:
                    won0 += finish_trick(c, &best)
                    lead = c.player
                    np = 0
                    n -= 1
                    set_position(c, h, lead, p, 0)
                guess = v - won0
                v = won0 + (exact_value(c, guess, n) if n > 0 else 0)
            close_ctx(c, None)
            out.append(v)
        close_ctx(c, stats)
        return out
    finally:
        end(table, c)


# ---------------------------------------------------------------------------
# Playing for a score (solver.Objective): a search of its own

include "_scored.pxi"
