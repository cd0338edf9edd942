# Move generation and ordering. Included by _core.pyx.
#
# Cards that are next to each other among the cards still in play (in the
# hands or on the trick) and held by the same player are equivalent: only
# the highest of each run is tried. The remaining cards are ordered so that
# the likely best card comes first, which is what makes alpha-beta fast.

cdef enum:
    ALL_RANKS = 0x1FFF1FFF1FFF1FFF


# ---------------------------------------------------------------------------
# The cut-off cache (after macroxue's bridge-solver): for a situation as the
# player on move sees it, the card that last cut off there, tried first next
# time. A situation is keyed by what decides that player's choice most:
#
# - on lead, the leader's hand and partner's;
# - following suit, the cards of the suit still in play (the trick's
#   included) and the card winning the trick so far;
# - discarding or ruffing, the player's hand and who is winning the trick
#   (in no-trumps its seat, in a suit contract its card).
#
# each with the number of cards on the trick. One slot a key (hash-indexed,
# a 32-bit check), with a card for each seat: a collision or a stale card
# costs only a worse first move, never a wrong answer. On the first 40 random
# deals (bench_nodes.py) it cut the nodes by 26% (no-trumps by 45%), and it
# replaced the table bucket's last cut-off lead, which then did worse than
# the weights.

cdef enum:
    # 8K slots (64 KiB): nodes within 1% of 64K slots' (random 100 +0.9%,
    # real 100 +0.6%, hard 10 the same), and it stays in the cache (CPU time
    # of random deals 20-39 0.91-0.97 of 64K's).
    CUTS_BITS = 13
    CUTS_SIZE = 1 << CUTS_BITS


cdef inline u64 cut_key(Ctx* c, int player) noexcept nogil:
    """The hash of the situation the player on move is in."""
    cdef u64 k
    cdef int best, ls, w
    if c.ncards == 0:
        k = c.hands[player] ^ (c.hands[(player + 2) & 3] * <u64>0x94D049BB133111EBULL)
    else:
        ls = card_suit(c.trick_card[0])
        best = c.win[c.ncards]
        if suit_of(c.hands[player], ls):
            k = (suit_of(c.in_play, ls) << 16) | (<u64>ls << 13) | (<u64>c.trick_card[best] << 40)
        else:
            w = c.trick_seat[best] if c.trump == NT else c.trick_card[best]
            k = c.hands[player] ^ (<u64>(w + 1) * <u64>0xD6E8FEB86659FD93ULL)
    k ^= <u64>c.ncards * <u64>0x9E3779B97F4A7C15ULL
    k *= <u64>0xBF58476D1CE4E5B9ULL
    return k ^ (k >> 31)


cdef inline int cut_lookup(Ctx* c, u64 key, int player) noexcept nogil:
    """The card that last cut off for ``player`` in the situation ``key``, or -1."""
    cdef u64 e = c.cuts[key >> (64 - CUTS_BITS)]
    if (e >> 32) != (key & <u64>0xFFFFFFFFU):
        return -1
    return <int>((e >> (8 * player)) & 0xFF) - 1


cdef inline void cut_store(Ctx* c, u64 key, int player, int card) noexcept nogil:
    """Remember ``card`` as the one that cut off for ``player`` in ``key``."""
    cdef u64* slot = &c.cuts[key >> (64 - CUTS_BITS)]
    cdef u64 e = slot[0]
    if (e >> 32) != (key & <u64>0xFFFFFFFFU):
        e = (key & <u64>0xFFFFFFFFU) << 32       # another situation's slot: take it over
    e &= ~((<u64>0xFF) << (8 * player))
    slot[0] = e | ((<u64>(card + 1)) << (8 * player))


cdef inline bint playable(Ctx* c, int player, int card) noexcept nogil:
    """May ``player`` (on move) play ``card`` now?"""
    cdef int ls
    if not (c.hands[player] >> card) & 1:
        return False
    if c.ncards == 0:
        return True
    ls = card_suit(c.trick_card[0])
    if card_suit(card) == ls:
        return True
    if suit_of(c.hands[player], ls):
        return False
    # Void in the suit led: any card, or under must-trump a trump if he has one.
    return (not c.must_trump or card_suit(card) == c.trump
            or not suit_of(c.hands[player], c.trump))

cdef enum:
    FIRST_OF_SUIT_BONUS = 500  # leading or discarding: each suit's best card before any second
    PARTNER_RUFFS_BONUS = 17   # a lead partner can ruff, with the last hand still to follow
    NT_DISCARD_LENGTH = 14     # no-trumps: a discard's weight per card of its suit (4 in suits)
    NT_DISCARD_PARTNER = 10    # no-trumps: less per card partner holds in the suit
    DISCARD_PARTNER = 4        # the same in suit contracts


cdef inline int can_be_beaten(Ctx* c, int card, int lead_suit, int player) noexcept nogil:
    """Can a player of the other side, still to play to this trick, beat ``card``?"""
    cdef int k, seat
    cdef int suit = card_suit(card)
    cdef u64 h, higher
    for k in range(c.ncards + 1, 4):
        seat = (player + k - c.ncards) & 3
        if c.side[seat] == c.side[player]:
            continue
        h = c.hands[seat]
        if suit_of(h, lead_suit):
            # Must follow: beats only with a higher card of the card's suit.
            if suit == lead_suit:
                higher = suit_of(h, suit) >> (card_rank(card) + 1)
                if higher:
                    return 1
        elif c.trump != NT and suit_of(h, c.trump):
            if suit != c.trump:
                return 1
            if suit_of(h, c.trump) >> (card_rank(card) + 1):
                return 1
    return 0


cdef inline u64 run_heads(u64 mine, u64 in_play) noexcept nogil:
    """The highest card of each run of equivalent cards in ``mine``, all suits
    at once: a card heads its run when the next higher card in play is not
    ours."""
    # ``down`` is our cards smeared downwards through the cards gone (a
    # suit's top bits are never gaps, so nothing crosses from the next suit).
    cdef u64 g = ~in_play & ALL_RANKS
    cdef u64 down = mine
    down |= (down >> 1) & g
    g &= g >> 1
    down |= (down >> 2) & g
    g &= g >> 2
    down |= (down >> 4) & g
    g &= g >> 4
    down |= (down >> 8) & g
    return mine & ~(down >> 1)


cdef int generate_moves(Ctx* c, int* moves, int* weights) noexcept nogil:
    """Fill ``moves`` with the cards to try and ``weights`` with how promising
    each is (higher first: see ``next_move``); return how many.

    Each move stands for its run of equivalent cards (``run_low`` finds
    the run's lowest card when the search needs it).

    The moves are collected first and weighed only when there is a choice:
    most following nodes have one move only (a singleton, or a run).
    """
    cdef int player = c.player
    cdef u64 hand = c.hands[player]
    cdef u64 in_play = c.in_play
    cdef u64 mine, rest
    cdef int i, j, s, n = 0, card, w, lead_suit = -1, first_suit, last_suit
    cdef int best_in_suit[4]
    cdef int best, wc = -1
    cdef bint friend_safe = False
    cdef LeadSuit info
    cdef int info_suit = -1
    if c.ncards > 0:
        lead_suit = card_suit(c.trick_card[0])
    if lead_suit >= 0 and suit_of(hand, lead_suit):
        first_suit = lead_suit
        last_suit = lead_suit
    elif lead_suit >= 0 and c.must_trump and suit_of(hand, c.trump):
        # Must-trump (Siberian Vint): void in the suit led, he ruffs.
        first_suit = c.trump
        last_suit = c.trump
    else:
        first_suit = 0
        last_suit = 3
    mine = hand
    if first_suit == last_suit:
        mine = hand & (<u64>RANKS_MASK << suit_shift(first_suit))
    rest = run_heads(mine, in_play)
    while rest:
        moves[n] = lowest_bit(rest)
        rest &= rest - 1
        n += 1
    if n <= 1:
        return n
    if c.ncards > 0 and c.maxside == 0 and first_suit == last_suit == lead_suit:
        return order_following(c, player, lead_suit, moves, weights, n)
    if c.ncards > 0:
        best = c.win[c.ncards]
        wc = c.trick_card[best]
        friend_safe = (c.side[c.trick_seat[best]] == c.side[player]
                       and not can_be_beaten(c, wc, lead_suit, player))
    best_in_suit[0] = best_in_suit[1] = best_in_suit[2] = best_in_suit[3] = -1
    for i in range(n):
        card = moves[i]
        s = card_suit(card)
        if c.maxside != 0:
            w = weight_misere(c, card, lead_suit, wc)
        elif c.ncards == 0:
            if s != info_suit:
                weigh_lead_suit(c, s, &info)
                info_suit = s
            w = lead_weight(&info, card_rank(card))
        else:
            w = weight_follow(c, card, lead_suit, wc, friend_safe)
        weights[i] = w
        if best_in_suit[s] < 0 or w > weights[best_in_suit[s]]:
            best_in_suit[s] = i
    if first_suit != last_suit:
        # Leading or discarding: try the best card of each suit before any
        # second card of a suit, so that a bad guess costs one suit only.
        for s in range(4):
            if best_in_suit[s] >= 0:
                weights[best_in_suit[s]] += FIRST_OF_SUIT_BONUS
    # Not sorted here: the search picks the best remaining move when it
    # needs the next one (``next_move``), and most nodes need only one. The
    # best move is one of the suits' best (the first of them on a tie):
    # it goes first now.
    best = -1
    for s in range(4):
        if best_in_suit[s] >= 0 and (best < 0 or weights[best_in_suit[s]] > weights[best]):
            best = best_in_suit[s]
    bring_to(moves, weights, best, 0)
    return n


cdef int order_following(Ctx* c, int player, int lead_suit, int* moves, int* weights,
                         int n) noexcept nogil:
    """The order ``weight_follow`` gives a player following suit, without
    weighing each card: upwards when partner covers (second hand) or our
    side surely wins the trick; else the cards that win the trick surely
    (no opponent still to play can beat them) upwards, then the other
    cards that win for now upwards, then the rest upwards. ``moves`` come
    upwards; returns ``n``."""
    cdef int best = c.win[c.ncards]
    cdef int wc = c.trick_card[best]
    cdef int a = 0, b, i, j, k, seat, high = -1
    cdef bint ruff = False
    cdef u64 h
    cdef int tmp_moves[13]
    for i in range(n):
        weights[i] = n - i
    if c.ncards == 1 and c.trump != NT and partner_covers(c, player, lead_suit, wc):
        return n
    if c.side[c.trick_seat[best]] == c.side[player] and not can_be_beaten(c, wc, lead_suit, player):
        return n
    if card_suit(wc) != lead_suit:
        return n        # ruffed: no card of the suit led wins
    while a < n and moves[a] < wc:
        a += 1
    if a == n:
        return n
    # The opponents still to play: the highest card of the suit led among
    # them, or one of them ruffs.
    for k in range(c.ncards + 1, 4):
        seat = (player + k - c.ncards) & 3
        if c.side[seat] == c.side[player]:
            continue
        h = suit_of(c.hands[seat], lead_suit)
        if h:
            if highest_bit(h) > high:
                high = highest_bit(h)
        elif c.trump != NT and suit_of(c.hands[seat], c.trump):
            ruff = True
    b = n
    if not ruff:
        b = a
        while b < n and card_rank(moves[b]) < high:
            b += 1
    if a == 0 and (b == 0 or b == n):
        return n
    for i in range(n):
        tmp_moves[i] = moves[i]
    j = 0
    for i in range(b, n):
        moves[j] = tmp_moves[i]
        j += 1
    for i in range(a, b):
        moves[j] = tmp_moves[i]
        j += 1
    for i in range(a):
        moves[j] = tmp_moves[i]
        j += 1
    return n


cdef int first_following(Ctx* c, int player, int ls, u64 heads) noexcept nogil:
    """The card ``order_following`` puts first, without ordering the others
    (``heads``: the player's moves in the suit led, two or more): the
    cheapest card that surely wins the trick, else the cheapest that wins
    for now, else the lowest; the lowest when partner covers or our side
    surely wins."""
    cdef int best = c.win[c.ncards]
    cdef int wc = c.trick_card[best]
    cdef int k, seat, high = -1
    cdef u64 above, h, sure
    if c.ncards == 1 and c.trump != NT and partner_covers(c, player, ls, wc):
        return lowest_bit(heads)
    if c.side[c.trick_seat[best]] == c.side[player] and not can_be_beaten(c, wc, ls, player):
        return lowest_bit(heads)
    if card_suit(wc) != ls:
        return lowest_bit(heads)        # ruffed: no card of the suit led wins
    above = heads & ~(((<u64>2) << wc) - 1)
    if not above:
        return lowest_bit(heads)
    for k in range(c.ncards + 1, 4):
        seat = (player + k - c.ncards) & 3
        if c.side[seat] == c.side[player]:
            continue
        h = suit_of(c.hands[seat], ls)
        if h:
            if highest_bit(h) > high:
                high = highest_bit(h)
        elif c.trump != NT and suit_of(c.hands[seat], c.trump):
            return lowest_bit(above)    # it may ruff: nothing wins surely
    sure = above & ~(((<u64>2) << (suit_shift(ls) + high)) - 1) if high >= 0 else above
    return lowest_bit(sure if sure else above)


cdef inline void next_move(int* moves, int* weights, int i, int n) noexcept nogil:
    """Bring the best of moves ``i..n-1`` to place ``i``, keeping the others'
    order (the first of equal weights goes first, as in a stable sort)."""
    cdef int k = i, j
    for j in range(i + 1, n):
        if weights[j] > weights[k]:
            k = j
    bring_to(moves, weights, k, i)


cdef inline void bring_to(int* moves, int* weights, int k, int i) noexcept nogil:
    """Move entry ``k`` to place ``i`` (``i <= k``), shifting those between up one."""
    cdef int w, card
    if k == i:
        return
    w = weights[k]
    card = moves[k]
    while k > i:
        weights[k] = weights[k - 1]
        moves[k] = moves[k - 1]
        k -= 1
    weights[i] = w
    moves[i] = card


cdef inline int move_of(Ctx* c, int card) noexcept nogil:
    """The move standing for ``card`` (of the player on move): the highest
    card of its run of equivalent cards, as ``generate_moves`` gives it."""
    cdef int s = card_suit(card)
    cdef int r = card_rank(card)
    cdef u64 mine = suit_of(c.hands[c.player], s)
    cdef u64 above = (suit_of(c.in_play, s) & ~mine) >> (r + 1)
    if above:
        return make_card(s, highest_bit(mine & (((<u64>1) << (r + 1 + lowest_bit(above))) - 1)))
    return make_card(s, highest_bit(mine))


cdef inline int run_low(Ctx* c, int player, int card) noexcept nogil:
    """The lowest card of the run of equivalent cards that ``card`` (of
    ``player``'s hand) heads: cards on the trick in progress break runs."""
    cdef int s = card_suit(card)
    cdef int base
    cdef u64 mine = suit_of(c.hands[player], s)
    cdef u64 below = suit_of(c.in_play, s) & ~mine & (((<u64>1) << card_rank(card)) - 1)
    if below:
        base = highest_bit(below) + 1
        return make_card(s, lowest_bit(mine >> base) + base)
    return make_card(s, lowest_bit(mine))


cdef inline bint outruffs(Ctx* c, int foe, int s, int ruffer) noexcept nogil:
    """Could ``foe``, void in suit ``s``, beat ``ruffer``'s best trump with a trump?"""
    cdef u64 theirs = suit_of(c.hands[foe], c.trump)
    return (not suit_of(c.hands[foe], s) and theirs != 0
            and highest_bit(theirs) > highest_bit(suit_of(c.hands[ruffer], c.trump)))


ctypedef struct LeadSuit:
    # A lead's weight split into what depends on the suit only (worked out
    # once a node and suit) and what depends on the card's rank.
    int base            # the weight's part that is the same for every card of the suit
    int win_above       # a lead of a higher rank wins the trick for our side
    int add_win, add_lose           # added to the weight less the rank, as the lead wins or not
    int special         # a rank with its own bonus (no rank subtracted), or -1
    int special_win, special_lose


cdef void weigh_lead_suit(Ctx* c, int s, LeadSuit* info) noexcept nogil:
    """How promising leads of suit ``s`` are, for a player who wants tricks.

    The ideas are those of DDS's lead ordering: prefer suits where the
    opponents have few cards (few replies to try) and cannot ruff, cash
    winners, lead towards partner's winners, and lead from sequences.
    ``lead_weight`` gives each card's weight from this.
    """
    cdef int player = c.player
    cdef int lho = (player + 1) & 3
    cdef int rho = (player + 3) & 3
    cdef int partner = (player + 2) & 3
    cdef int n = popcount(c.hands[player])
    cdef int w, len_l, len_r, top, second = -1, top_owner, second_owner = -1
    cdef int nt_win = 0, nt_lose = 0, add_win, add_lose
    cdef bint foe_ruffs = False
    cdef u64 u = suit_of(c.in_play, s)      # a trick's start: the hands' cards
    cdef u64 foes = suit_of(c.hands[lho] | c.hands[rho], s)
    cdef u64 theirs = suit_of(c.hands[partner], s)
    top = highest_bit(u)
    top_owner = holder_of(c, s, top)
    if u ^ ((<u64>1) << top):
        second = highest_bit(u ^ ((<u64>1) << top))
        second_owner = holder_of(c, s, second)
    len_l = popcount(suit_of(c.hands[lho], s))
    len_r = popcount(suit_of(c.hands[rho], s))
    # Few replies from the opponents is good; a void opponent may ruff or
    # discard anything.
    w = -((len_l if len_l else n + 1) + (len_r if len_r else n + 1)) * 8
    if c.trump != NT and s != c.trump:
        if (not len_l and suit_of(c.hands[lho], c.trump)) or \
                (not len_r and suit_of(c.hands[rho], c.trump)):
            foe_ruffs = True
            w -= 45
        if (popcount(suit_of(c.hands[player], s)) == 1 and suit_of(c.hands[player], c.trump)
                and top_owner == partner and popcount(theirs) >= 2):
            w += 16     # a singleton towards partner's winner, to ruff later
    # Does our side win the trick with this lead? It does when our best
    # card of the suit (partner's, or the lead) beats the opponents'.
    if foe_ruffs:
        info.win_above = NO_RANK
    elif foes == 0 or (theirs and highest_bit(theirs) > highest_bit(foes)):
        info.win_above = -1
    else:
        info.win_above = highest_bit(foes)
    if c.trump != NT and s != c.trump and not theirs and suit_of(c.hands[partner], c.trump):
        # Partner ruffs: a trick for us unless an opponent void in the suit
        # holds a higher trump than partner's best.
        if len_r:
            w += PARTNER_RUFFS_BONUS
        if (not outruffs(c, lho, s, partner)) and not outruffs(c, rho, s, partner):
            info.win_above = -1
        else:
            info.win_above = NO_RANK
    if c.trump == NT:
        nt_win = notrump_lead_bonus(c, s, u, top_owner, second_owner, second, True)
        nt_lose = notrump_lead_bonus(c, s, u, top_owner, second_owner, second, False)
    elif (top_owner == rho or second_owner == rho) and len_r != 1:
        # RHO, last to play, sits over the lead with the suit's top or
        # second card (DDS's suit-contract leads). Suit contracts' nodes on
        # 40 random / 40 list100 / the 10 hard deals -0.25% / -0.5% / -0.4%
        # (DDS's -12 saved 0.8% / 2.0% on the first two but cost the hard
        # deals 0.7%).
        w -= 6
    info.base = w
    info.special = -1
    if top_owner != player and top_owner != partner and \
            popcount(suit_of(c.hands[top_owner], s)) == 1:
        add_win, add_lose = 40, 29      # the opponents' top card falls alone
    elif top_owner == player:
        if second_owner == partner:
            add_win, add_lose = 50, 44
        else:
            info.special = top
            info.special_win, info.special_lose = 31, 25
            add_win, add_lose = 19, 13
    elif top_owner == partner:
        if second_owner == player:
            add_win, add_lose = 50, 44
        else:
            add_win, add_lose = 35, 29
    elif second_owner == player and second > 0 and \
            (suit_of(c.hands[player], s) >> (second - 1)) & 1 and \
            not ((u >> (second - 1)) & 1 and holder_of(c, s, second - 1) != player):
        info.special = second           # from a sequence headed by the second card
        info.special_win, info.special_lose = 40, 29
        add_win, add_lose = 30, 13
    else:
        add_win, add_lose = 30, 13
    info.add_win = add_win + nt_win
    info.add_lose = add_lose + nt_lose
    info.special_win += nt_win
    info.special_lose += nt_lose


cdef inline int lead_weight(LeadSuit* info, int rank) noexcept nogil:
    """The weight of a lead of rank index ``rank`` in the suit of ``info``."""
    cdef bint wins = rank > info.win_above
    if rank == info.special:
        return info.base + (info.special_win if wins else info.special_lose)
    return info.base + (info.add_win if wins else info.add_lose) - rank


cdef int notrump_lead_bonus(Ctx* c, int s, u64 u, int top_owner, int second_owner,
                            int second, bint wins) noexcept nogil:
    """No-trump lead ideas from DDS's notrump lead ordering (Haglund and Hein),
    on top of ``weigh_lead_suit``: who holds the suit's second and third cards.

    Measured one by one on the no-trump searches of 60 random and 60 list100
    deals (nodes): partner void -2%; LHO's top card over partner's second
    -7% / -3%; our side holding the second and third cards -5% / -4%; all
    three -9% / -7% (hard deals -7%). DDS's other cases (RHO holding the
    second card, LHO the second when we win) made it worse here, and the
    same bonuses in suit contracts were a wash.
    """
    cdef int player = c.player
    cdef int lho = (player + 1) & 3
    cdef int partner = (player + 2) & 3
    cdef int w = 0, third_owner = -1
    cdef u64 rest
    if not suit_of(c.hands[partner], s):
        w -= 9      # partner cannot help in the suit: no entry, no finesse
    if wins:
        return w
    # LHO's top card sits under partner's second (Joel Bradmetz's case in
    # DDS): when LHO takes it, partner's card is high.
    if top_owner == lho and second_owner == partner and \
            popcount(suit_of(c.hands[partner], s)) != 1:
        w += 31
    if second >= 0:
        # Our side holds the second and third cards: after the top card
        # goes, the suit's next round is ours.
        rest = u & ~top_cards(u, 2)
        if rest:
            third_owner = holder_of(c, s, highest_bit(rest))
        if second_owner == partner and third_owner == partner:
            w += 35
        elif ((second_owner == player and third_owner == partner)
              or (second_owner == partner and third_owner == player)) and \
                popcount(suit_of(c.hands[partner], s)) > 1:
            w += 25
    return w


cdef inline int discard_value(Ctx* c, int card) noexcept nogil:
    """How little a discard costs: low cards of long suits (above all in
    no-trumps) that partner is short in, not winners."""
    cdef int s = card_suit(card)
    cdef int rank = card_rank(card)
    cdef u64 mine = suit_of(c.hands[c.player], s)
    cdef u64 u = suit_of(c.hands[0] | c.hands[1] | c.hands[2] | c.hands[3], s)
    # In no-trumps the suit's length counts for much more (round 21: no-trump
    # nodes on 40 random / 40 list100 / the 10 hard deals -2.0% / -0.7% /
    # -1.7% with 14 a card instead of 4; 7 and 10 saved less, 24 no more).
    cdef int w = (NT_DISCARD_LENGTH if c.trump == NT else 4) * popcount(mine) - rank
    # Nor from a suit partner is long in: discard where partner is short
    # (round 21: no-trump nodes on 40 random / 40 list100 / the 10 hard
    # deals -6.3% / -2.6% / -4.7% on top of the length's 14; 6 and 16 a card
    # saved less, 12 about the same. Suit contracts' nodes on 100 random /
    # 100 list100 / the 10 hard deals -3.0% / -2.6% / -2.6% with 4 a card;
    # 2 and 10 saved less, 6 about the same).
    w -= (NT_DISCARD_PARTNER if c.trump == NT else DISCARD_PARTNER) * \
        popcount(suit_of(c.hands[(c.player + 2) & 3], s))
    if highest_bit(u) == rank:
        w -= 15
    elif popcount(mine) == 2 and highest_bit(mine) == highest_bit(u ^ ((<u64>1) << highest_bit(u))):
        # Nor from a guarded second card (Kx), as in DDS's discards: it
        # would fall under the top card. Nodes on the first 100 random /
        # 100 list100 deals and the 10 hard deals -0.3% / -0.5% / -0.7%.
        w -= 12
    return w


cdef inline bint partner_covers(Ctx* c, int player, int lead_suit, int led) noexcept nogil:
    """At second hand: does partner (fourth to play) hold a card of the suit led
    that beats the card led and every card the third hand holds there, while
    the third hand cannot ruff? (Suit contracts only.)"""
    cdef u64 fourth = suit_of(c.hands[(player + 2) & 3], lead_suit)
    cdef u64 third = suit_of(c.hands[(player + 1) & 3], lead_suit)
    if c.side[(player + 2) & 3] != c.side[player] or c.side[(player + 1) & 3] == c.side[player]:
        return False    # one against three: not a partnership
    if not fourth or highest_bit(fourth) <= card_rank(led):
        return False
    if third:
        return highest_bit(fourth) > highest_bit(third)
    return not suit_of(c.hands[(player + 1) & 3], c.trump)


cdef int weight_follow(Ctx* c, int card, int lead_suit, int wc, bint friend_safe) noexcept nogil:
    """Ordering for a player who wants tricks and does not lead.

    ``wc`` is the card winning the trick so far; ``friend_safe`` says that it
    is our side's and no opponent still to play can beat it.
    """
    cdef int player = c.player
    cdef int rank = card_rank(card)
    if (c.ncards == 1 and c.trump != NT and card_suit(card) == lead_suit
            and partner_covers(c, player, lead_suit, wc)):
        # Second hand low: partner, last to play, beats the lead and all
        # of the third hand's cards in the suit (DDS's second-hand ordering,
        # Haglund and Hein). Suit contracts' nodes on 40 random / 40 list100
        # deals -7% / -10%. In no-trumps it saved 3.5% / 9% there but cost
        # 6% on the 10 hard deals (which take most of the time): left out.
        return 60 - rank
    if friend_safe:
        # Partner wins already: play the cheapest card.
        if card_suit(card) == lead_suit:
            return 60 - rank
        if card_suit(card) == c.trump:
            return 0 - rank
        return 50 + discard_value(c, card)
    if card_beats(card, wc, c.trump):
        if not can_be_beaten(c, card, lead_suit, player):
            return 90 - rank        # the cheapest card that surely wins
        # Second and third hand: try to win the trick first.
        return 55 - rank
    if card_suit(card) == lead_suit or card_suit(card) == c.trump:
        return 40 - rank
    return 35 + discard_value(c, card)


cdef int weight_misere(Ctx* c, int card, int lead_suit, int wc) noexcept nogil:
    """Ordering for a player whose side wants few tricks (everyone, in misère).

    Leads: the highest card that surely loses the trick (an opponent must
    play above it and our other hands can stay below), else low cards,
    never a suit only our side holds. Following: the highest card that
    loses; forced to win, the highest card when last, else the lowest;
    when our side takes the trick anyway, the highest card. Discards: high
    cards first, above all those that stand over the opponents' cards.
    """
    cdef int player = c.player
    cdef int side = c.side[player]
    cdef int rank = card_rank(card)
    cdef int s = card_suit(card)
    cdef int k, seat, best
    cdef u64 opp = 0, h
    cdef bint beats
    for k in range(4):
        if c.side[k] != side:
            opp |= suit_of(c.hands[k], s)
    if c.ncards == 0:
        return misere_lead(c, card, opp)
    best = c.win[c.ncards]
    beats = card_beats(card, wc, c.trump)
    if c.side[c.trick_seat[best]] == side:
        if c.ncards == 3 or not beats:
            return 60 + rank + danger(card, opp)
        return 30 + rank
    if not beats:
        return 60 + rank + danger(card, opp)
    if c.ncards == 3:
        return 20 + rank
    return 20 - rank


cdef inline int danger(int card, u64 opp) noexcept nogil:
    """How many of the opponents' cards of its suit ``card`` stands over (a discard's worth)."""
    return 2 * popcount(opp & (((<u64>1) << card_rank(card)) - 1))


cdef int misere_lead(Ctx* c, int card, u64 opp) noexcept nogil:
    cdef int player = c.player
    cdef int side = c.side[player]
    cdef int rank = card_rank(card)
    cdef int s = card_suit(card)
    cdef int k, low_opp = -1
    cdef u64 h
    if opp == 0:
        return -100 - rank     # our side takes the trick
    # An opponent whose every card of the suit is above ``card``: the
    # highest such lowest card.
    for k in range(4):
        if c.side[k] != side:
            h = suit_of(c.hands[k], s)
            if h and lowest_bit(h) > rank and lowest_bit(h) > low_opp:
                low_opp = lowest_bit(h)
    if low_opp >= 0:
        for k in range(4):
            if k != player and c.side[k] == side:
                h = suit_of(c.hands[k], s)
                if h and lowest_bit(h) > low_opp:
                    low_opp = -1
        if low_opp >= 0:
            return 40 + rank
    return -rank - 2 * popcount(opp & (((<u64>1) << rank) - 1))
