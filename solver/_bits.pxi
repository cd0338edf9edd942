# Bit helpers. Included by _core.pyx.

cdef extern from *:
    """
    /* Without -mpopcnt, __builtin_popcountll is a library call; this
       branch-free count is inlined instead. */
    static inline int vint_popcount(unsigned long long x) {
    #if defined(__POPCNT__)
        return __builtin_popcountll(x);
    #else
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (int)((x * 0x0101010101010101ULL) >> 56);
    #endif
    }
    static inline int vint_ctz(unsigned long long x) { return __builtin_ctzll(x); }
    static inline int vint_msb(unsigned long long x) { return 63 - __builtin_clzll(x); }
    /* BMI2's PEXT and PDEP where the build has them (setup.py asks for them
       only on CPUs where they are fast); the callers fall back otherwise. */
    #if defined(__BMI2__)
    #include <immintrin.h>
    #define VINT_HAVE_BMI2 1
    static inline unsigned long long vint_pext(unsigned long long x, unsigned long long m) { return _pext_u64(x, m); }
    static inline unsigned long long vint_pdep(unsigned long long x, unsigned long long m) { return _pdep_u64(x, m); }
    #else
    #define VINT_HAVE_BMI2 0
    static inline unsigned long long vint_pext(unsigned long long x, unsigned long long m) { return 0; }
    static inline unsigned long long vint_pdep(unsigned long long x, unsigned long long m) { return 0; }
    #endif
    """
    int popcount "vint_popcount"(u64 x) noexcept nogil
    int lowest_bit "vint_ctz"(u64 x) noexcept nogil
    int highest_bit "vint_msb"(u64 x) noexcept nogil
    const bint HAVE_BMI2 "VINT_HAVE_BMI2"
    u64 hw_pext "vint_pext"(u64 x, u64 m) noexcept nogil
    u64 hw_pdep "vint_pdep"(u64 x, u64 m) noexcept nogil


cdef inline int suit_shift(int s) noexcept nogil:
    """Where suit ``s`` starts in a card mask."""
    return SUIT_BITS * s


cdef inline u64 suit_of(u64 hand, int s) noexcept nogil:
    """The 13 rank bits of one suit of a mask."""
    return (hand >> suit_shift(s)) & RANKS_MASK


cdef inline int make_card(int s, int rank) noexcept nogil:
    """The card of suit ``s`` and rank index ``rank`` (0..12, the two is 0)."""
    return suit_shift(s) + rank


cdef inline int card_suit(int card) noexcept nogil:
    return card >> SUIT_BITS_LOG2


cdef inline int card_rank(int card) noexcept nogil:
    """Rank index 0..12 (the two is 0, the ace 12)."""
    return card & (SUIT_BITS - 1)


# PEXT7[m][x]: the bits of x selected by m, packed towards bit 0 (7-bit
# operands). Built once at import and read-only afterwards.
cdef unsigned char PEXT7[128][128]


cdef void _build_pext() noexcept:
    cdef int m, x, b, k, out
    for m in range(128):
        for x in range(128):
            out = 0
            k = 0
            for b in range(7):
                if m >> b & 1:
                    if x >> b & 1:
                        out |= 1 << k
                    k += 1
            PEXT7[m][x] = out


_build_pext()


cdef inline u64 compress13(u64 x, u64 m) noexcept nogil:
    """The bits of ``x`` at the places set in ``m``, packed towards bit 0 (13-bit operands)."""
    if HAVE_BMI2:
        return hw_pext(x, m)
    cdef u64 lo = PEXT7[m & 127][x & 127]
    cdef u64 hi = PEXT7[m >> 7][(x >> 7) & 63]
    return lo | (hi << popcount(m & 127))


cdef inline u64 pack_cards(u64 x, u64 m) noexcept nogil:
    """The bits of ``x`` at the places set in ``m`` (the cards in play), by
    relative rank: in each suit, bit i of its part is the i-th lowest card
    in play. With BMI2 (PEXT) the suits' parts follow each other, spades'
    from bit 0, then hearts', diamonds', clubs'; without it each suit keeps
    its own 16-bit slot (no shifts to work out, the same answers)."""
    cdef int s
    cdef u64 out = 0
    if HAVE_BMI2:
        return hw_pext(x, m)
    for s in range(4):
        out |= compress13(suit_of(x, s), suit_of(m, s)) << suit_shift(s)
    return out
