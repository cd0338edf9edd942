# Declarations shared by the search phases of the Cython core.
#
# Card masks follow the layout of solver/cards.py: suit s (S H D C = 0..3)
# takes SUIT_BITS bits from bit SUIT_BITS * s, and a card of rank r (2..14)
# is bit r - 2 of its suit. A card is the index of its bit, so its suit is
# card_suit(card) and its rank index (0..12) card_rank(card) (_bits.pxi).
# Seats N E S W = 0..3; side 0 is North-South (or the lone player).

ctypedef unsigned long long u64

cdef enum:
    SUIT_BITS = 16        # bits a suit takes in a card mask
    SUIT_BITS_LOG2 = 4    # card >> SUIT_BITS_LOG2 is the card's suit
    RANKS_MASK = 0x1FFF   # the 13 rank bits of one suit
    NT = 4                # the strain without trumps (suits are 0..3)
    MAX_TRICKS = 13
    NO_RANK = 16          # above every rank index: "no card" in rank comparisons
    SHAPE_BITS = 4        # bits a suit length takes in a position's shape

# One transposition-table entry: a bound on side 0's tricks for every
# position that has the bucket's shape and leader, and whose relevant cards
# (the top cards of each suit selected by `mask`) belong to the same hands.
# Patterns are packed by relative rank (``pack_cards`` over the cards in
# play): in each suit's part, bit i is the i-th lowest card of the suit in
# play; the bucket's shape fixes where each suit's part is.
cdef struct Entry:
    u64 mask      # which compressed cards must match (top cards of each suit)
    u64 plane0    # owner bit 0 (E or W) of the masked cards
    u64 plane1    # owner bit 1 (S or W) of the masked cards
    signed char lower   # side 0 wins at least this many of the remaining tricks
    signed char upper   # ... and at most this many

# A bucket: every entry for one (shape, leader), side by side in memory so
# that a look-up scans one block.
cdef struct Bucket:
    u64 shape     # 4 bits a hand and suit: the suit lengths of the four hands
    int leader    # -1 for an empty slot
    int count     # entries in use
    int capacity  # entries allocated
    Entry* entries

# Entries are carved out of large blocks; a bucket that outgrows its space
# moves to a space twice as large.
cdef struct Block:
    Entry* entries
    int used
    int size

# All search state of one call: hands, the trick in progress, the
# transposition table and counters. Nothing is shared between calls.
cdef struct Ctx:
    u64 hands[4]
    u64 in_play          # the cards in the hands and on the trick in progress
    u64 shape            # the suit lengths of the hands (see shape_unit), kept up to date
    int trump            # 0..3, or NT
    int side[4]          # 0 or 1: which side each seat plays for
    int maxside          # the side that wants side 0 to win tricks (1 in misere)
    bint must_trump      # a player void in the suit led must ruff if he can (Siberian Vint)
    # The trick in progress.
    int player           # seat on move
    int ncards           # cards already on the trick
    int trick_card[4]    # card indices (bit numbers in a card mask)
    int trick_seat[4]
    int win[5]           # win[k]: the index in the trick of the card winning its first k cards
    u64* cuts            # the cut-off cache (_moves.pxi): CUTS_SIZE slots
    # Transposition table.
    Bucket* buckets
    int nbuckets         # a power of two
    int used_buckets
    Block* blocks
    int nblocks          # blocks allocated (the last one is being filled)
    int max_blocks
    int nentries         # entries handed out, including abandoned spaces
    int max_entries      # the table is cleared when this many are handed out
    # Counters.
    u64 nodes
    u64 trick_starts     # nodes at the start of a trick (where the table is used)
    u64 tt_hits
    int error            # an ErrorCode: why the search stopped early (0: it did not)
    # Limits (0: none) and, when one stops the search, the bounds proved so far.
    u64 max_nodes
    u64 check_at         # the node count at which must_stop looks next (0: at once)
    double deadline      # seconds on the monotonic clock
    bint narrow          # with a limit: zero-window tests from both ends (``narrowing``)
    int lower, upper

# Why a search stopped before its answer (Ctx.error).
cdef enum ErrorCode:
    NO_ERROR = 0
    OUT_OF_MEMORY = 1    # the transposition table could not grow
    INTERRUPTED = 2      # Ctrl-C (a signal) reached the main thread
    CANCELLED = 3        # cancel_searches(): another thread asked every search to stop
    OVER_BUDGET = 4      # max_nodes or the deadline reached
