# Cut-offs at the start of a trick from tricks one side is sure of.
# Included by _core.pyx.
#
# Each rule gives a number of tricks a side cannot be stopped from winning,
# together with the cards whose ranks make it so (for the transposition
# table: the table closes relevance upward, so marking the lowest card a
# rule needs also fixes every card above it).
#
# The rules follow the ideas of DDS's quick tricks and later tricks
# (Haglund and Hein), written anew for any side assignment (pairs, or one
# against three). What matters most for speed is marking as few cards as
# possible: a rule that marks more than the search would have found costs
# more in lost table matches than it saves. And a side's count must never
# rely on keeping the lead when a partner holding only trumps would have to
# ruff a winner and take it.


cdef inline int top_run(u64 mine, u64 all_cards) noexcept nogil:
    """How many of the highest cards of ``all_cards`` belong to ``mine``, in a row."""
    cdef int n = popcount(all_cards)
    cdef u64 gaps = ~compress13(mine, all_cards) & (((<u64>1) << n) - 1)
    if gaps == 0:
        return n
    return n - 1 - highest_bit(gaps)


cdef inline int decide(Ctx* c, int side, int tricks, int target, int n, u64 rel,
                       u64* rel_out) noexcept nogil:
    """A fail-soft bound when ``side`` being sure of ``tricks`` decides the target, else -1."""
    if side == 0:
        if tricks >= target:
            rel_out[0] = rel
            return tricks
    elif n - tricks < target:
        rel_out[0] = rel
        return n - tricks
    return -1


cdef inline bint must_ruff(Ctx* c, int h, int s) noexcept nogil:
    """Must ``h``, holding nothing but trumps, ruff a lead of side suit ``s``?

    Then a winner its partner leads in ``s`` is ruffed and the lead passes
    to ``h``: a count that relies on the partner keeping the lead fails.
    """
    return (c.trump != NT and s != c.trump and not suit_of(c.hands[h], s)
            and c.hands[h] == suit_of(c.hands[h], c.trump) << suit_shift(c.trump))


cdef inline int ruff_first(Ctx* c, int leader) noexcept nogil:
    """1 if ``leader``'s side holds every trump and a teammate can ruff a side suit it leads, else 0.

    The leader leads that suit and the teammate ruffs: a trick no opponent
    can take (they hold no trump), and the leader keeps all its trumps. Each
    of those still wins a trick later, as every trick with a trump in it is
    won by a trump, so the side is sure of the leader's trump length plus one.
    Only suit lengths decide this: no card is relevant.
    """
    cdef int s, h
    for s in range(4):
        if s == c.trump or not suit_of(c.hands[leader], s):
            continue
        for h in range(4):
            if (h != leader and c.side[h] == c.side[leader] and not suit_of(c.hands[h], s)
                    and suit_of(c.hands[h], c.trump)):
                return 1
    return 0


cdef int trump_tricks(Ctx* c, int target, int n, u64* rel_out) noexcept nogil:
    """Tricks the trumps guarantee, in any kind of play."""
    cdef int trump = c.trump
    cdef u64 all_cards = c.in_play      # a trick's start: the hands' cards
    cdef u64 u = suit_of(all_cards, trump)
    cdef int h, k, res, holder, second_holder, side, low, longest = 0
    cdef u64 mine, theirs
    cdef bint alone = True
    holder = holder_of(c, trump, highest_bit(u))
    side = c.side[holder]
    # The highest trumps in one hand win a trick each, whatever anyone does:
    # every card is played some time, and a trump beaten by nothing wins.
    k = top_run(suit_of(c.hands[holder], trump), u)
    res = decide(c, side, k, target, n,
                 top_cards(u, k) << suit_shift(trump) if suit_of(c.hands[holder], trump) != u else 0,
                 rel_out)
    if res >= 0:
        return res
    # Later tricks: the hand on the left of the top-trump hand holds the next
    # trump below that hand's top run of k trumps, with k + 1 trumps or more.
    # Every trick it does not lead sees the top hand play first; it plays its
    # trump whenever none of the k higher ones is on the trick (and wins),
    # else a small one, and the higher ones fall one a trick. It leads only
    # after its side has won a trick, or now, when it holds a side card.
    if c.maxside == 0 and k < popcount(u):
        second_holder = (holder + 1) & 3
        if c.side[second_holder] != side:
            mine = suit_of(c.hands[second_holder], trump)
            low = highest_bit(u ^ top_cards(u, k))
            if ((mine >> low) & 1 and popcount(mine) > k
                    and (second_holder != c.player
                         or c.hands[second_holder] != (mine << suit_shift(trump)))):
                res = decide(c, 1 - side, 1, target, n,
                             top_cards(u, k + 1) << suit_shift(trump), rel_out)
                if res >= 0:
                    return res
    # A side holding every trump wins a trick with each trump of its longest
    # trump hand: any trick with a trump in it is won by a trump. This
    # depends on the suit lengths only.
    for h in range(4):
        if suit_of(c.hands[h], trump):
            if c.side[h] != side:
                alone = False
            elif popcount(suit_of(c.hands[h], trump)) > longest:
                longest = popcount(suit_of(c.hands[h], trump))
    if alone:
        if c.maxside == 0 and c.side[c.player] == side and suit_of(c.hands[c.player], trump):
            # On lead, that side also scores a ruff first (crossing nothing).
            k = popcount(suit_of(c.hands[c.player], trump)) + ruff_first(c, c.player)
            if k > longest:
                longest = k
        res = decide(c, side, longest, target, n, 0, rel_out)
        if res >= 0:
            return res
    # More generally, each trump of a hand wins its trick unless an opponent
    # plays a higher trump to that trick, and each opposing trump can do
    # that once: a hand wins at least its trump length less the opposing
    # trumps above its lowest trump.
    for h in range(4):
        mine = suit_of(c.hands[h], trump)
        if mine and (mine != u):
            theirs = 0
            for k in range(4):
                if c.side[k] != c.side[h]:
                    theirs |= suit_of(c.hands[k], trump)
            low = lowest_bit(mine)
            res = decide(c, c.side[h], popcount(mine) - popcount(theirs >> low), target, n,
                         ((<u64>1) << low) << suit_shift(trump), rel_out)
            if res >= 0:
                return res
    # The two top trumps in two hands of one pair win two tricks if either
    # hand has another trump to play under its partner's top trump.
    if c.maxside == 0 and popcount(u) >= 2 and c.side[holder ^ 2] == side:
        second_holder = holder_of(c, trump, highest_bit(u ^ ((<u64>1) << highest_bit(u))))
        if second_holder == (holder ^ 2) and (
                popcount(suit_of(c.hands[holder], trump)) > 1
                or popcount(suit_of(c.hands[second_holder], trump)) > 1):
            res = decide(c, side, 2, target, n, top_cards(u, 2) << suit_shift(trump), rel_out)
            if res >= 0:
                return res
    return -1


cdef int suits_topped(Ctx* c, int side, u64 all_cards, u64* other_tops) noexcept nogil:
    """Sum over the suits whose top card ``side`` holds of its longest holding there.

    ``other_tops`` gets the top cards of the other suits (where their holder
    is not the only hand with cards in the suit).
    """
    cdef int s, h, top, longest, total = 0
    cdef u64 u, tops = 0
    for s in range(4):
        u = suit_of(all_cards, s)
        if not u:
            continue
        top = highest_bit(u)
        h = holder_of(c, s, top)
        if c.side[h] == side:
            longest = 0
            for h in range(4):
                if c.side[h] == side and popcount(suit_of(c.hands[h], s)) > longest:
                    longest = popcount(suit_of(c.hands[h], s))
            total += longest
        elif suit_of(c.hands[h], s) != u:
            tops |= ((<u64>1) << top) << suit_shift(s)
    other_tops[0] = tops
    return total


cdef int quick_tricks(Ctx* c, int target, int n, u64 all_cards, u64* rel_out) noexcept nogil:
    """Tricks the leader's side takes at once with top cards.

    The leader cashes the top cards it holds in a row; or, holding a card
    of a suit whose top card partner holds, it crosses to partner, who
    cashes. In a suit contract an opponent with trumps can ruff once out of
    a side suit, so that suit is worth no more than the opponent's length
    in it; opponents never discard while they can follow, so the suits do
    not interfere. Only as many suits as the target needs are counted, so
    that as few cards as possible become relevant.
    """
    cdef int leader = c.player
    cdef int side = c.side[leader]
    cdef int need = target if side == 0 else n - target + 1
    cdef int qt, s, f, k, more, used
    cdef u64 rel = 0, foes = 0
    cdef bint open_suit
    # A suit that neither opponent holds (nor can ruff): every trick in it is
    # ours, and the lead stays with us while both of us hold it. This depends
    # on the suit lengths only: no card is relevant.
    if c.side[leader ^ 2] == side:
        for f in range(4):
            if c.side[f] != side:
                foes |= c.hands[f]
        for s in range(4):
            if not suit_of(c.hands[leader], s):
                continue
            open_suit = not (suit_of(foes, s) or (
                c.trump != NT and s != c.trump and suit_of(foes, c.trump)))
            if open_suit and must_ruff(c, leader ^ 2, s):
                open_suit = False
            if open_suit:
                k = popcount(suit_of(c.hands[leader], s))
                if suit_of(c.hands[leader ^ 2], s) and popcount(suit_of(c.hands[leader ^ 2], s)) < k:
                    k = popcount(suit_of(c.hands[leader ^ 2], s))
                if k >= need:
                    return decide(c, side, k, target, n, 0, rel_out)
    qt = cash_count(c, leader, leader, need, all_cards, 0, &used, rel_out)
    if 0 < qt < need and c.side[leader ^ 2] == side and (
            c.trump == NT or not suit_of(all_cards, c.trump)):
        # No trumps in play: the leader cashes its top cards first, then
        # crosses to partner, who cashes in the other suits. Partner keeps
        # the cards it cashes with: it has enough others to follow or
        # discard on the leader's tricks, as the total stays within ``n``.
        more = cash_count(c, leader ^ 2, leader, need - qt, all_cards, used, &used, &rel)
        if qt + more >= need:
            return decide(c, side, qt + more, target, n, rel_out[0] | rel, rel_out)
    if qt < need and c.side[leader ^ 2] == side:
        qt = cash_count(c, leader ^ 2, leader, need, all_cards, 0, &used, rel_out)
    if qt >= need:
        return decide(c, side, qt, target, n, rel_out[0], rel_out)
    return -1


cdef inline bint split_tops(Ctx* c, int h, int s, u64 u) noexcept nogil:
    """Do ``h`` and partner hold the two top cards of suit ``s`` between them, two cards each?

    Then two tricks are ours and the lead comes back to ``h``: it leads a
    small card to partner's honour, and partner a small card back.
    """
    cdef u64 mine = suit_of(c.hands[h], s)
    cdef u64 theirs = suit_of(c.hands[h ^ 2], s)
    cdef u64 top2
    if c.side[h ^ 2] != c.side[h] or popcount(mine) < 2 or popcount(theirs) < 2:
        return False
    top2 = top_cards(u, 2)
    return (mine & top2) != 0 and (theirs & top2) != 0


cdef int cash_count(Ctx* c, int casher, int leader, int need, u64 all_cards,
                    int skip, int* used, u64* rel_out) noexcept nogil:
    """Top-card tricks ``casher`` cashes once on lead (stopping at ``need``).

    Suits in the bit mask ``skip`` are left out; ``used`` gets the mask of
    the suits counted.

    When ``casher`` is the leader's partner the lead must first cross: the
    count is 0 unless the leader holds a card of a suit in which partner
    cashes at least one trick.
    """
    cdef int trump = c.trump
    cdef int s, f, k, len_f, omax, relk, qt = 0
    cdef int side = c.side[casher]
    cdef int other = casher ^ 2       # the casher's partner
    cdef bint crossed = casher == leader, crossing
    cdef u64 mine, u, rel = 0
    used[0] = 0
    for s in range(4):
        mine = suit_of(c.hands[casher], s)
        if not mine or (skip >> s) & 1:
            continue
        u = suit_of(all_cards, s)
        if must_ruff(c, other, s):
            continue
        if not (mine >> highest_bit(u)) & 1:
            if not (crossed and split_tops(c, casher, s, u)):
                continue
            k = 2
            relk = 2
        else:
            k = top_run(mine, u)
            relk = MAX_TRICKS     # no cap: as many top cards as tricks counted
            if k < popcount(mine):
                # Our top cards outlast every other holding, the opponents'
                # and partner's (who plays under them): after that, all our
                # cards of the suit are winners and the lead stays with us.
                omax = 0
                for f in range(4):
                    if f != casher:
                        len_f = popcount(suit_of(c.hands[f], s))
                        if len_f > omax:
                            omax = len_f
                if k >= omax:
                    relk = omax
                    k = popcount(mine)
            if k == 1 and crossed and split_tops(c, casher, s, u):
                k = 2
        if trump != NT and s != trump:
            for f in range(4):
                if c.side[f] != side and suit_of(c.hands[f], trump):
                    len_f = popcount(suit_of(c.hands[f], s))
                    if len_f < k:
                        k = len_f
            if k < 2 and not (mine >> highest_bit(u)) & 1:
                # Partner's top card alone would leave the lead with partner.
                k = 0
        if k > 0:
            crossing = not crossed and suit_of(c.hands[leader], s) != 0
            if crossing:
                crossed = True
            if qt + k > need:
                k = need - qt
            qt += k
            used[0] |= 1 << s
            if crossing and k == 0:
                # The tricks are counted already, but the lead must still
                # cross in this suit: its top card stays relevant.
                k = 1
            if u != mine:
                # Only when others hold cards of the suit do the ranks matter.
                rel |= top_cards(u, k if k < relk else relk) << suit_shift(s)
            if qt >= need and crossed:
                break
    if not crossed:
        return 0
    rel_out[0] = rel
    return qt


cdef inline bint forced_ruffs(Ctx* c) noexcept nogil:
    """Does the must-trump rule bind here (trumps still in play)?

    The sure-trick rules assume a player void in the suit led may discard:
    under must-trump two partners void in a suit may have to ruff the same
    trick, and a winner partner must ruff passes the lead. They are left out
    while the rule binds (once the trumps are gone it binds no one).
    """
    return c.must_trump and suit_of(c.in_play, c.trump) != 0


cdef int sure_tricks(Ctx* c, int target, int n, u64* rel_out) noexcept nogil:
    cdef int sum_tops, res
    cdef u64 all_cards = c.in_play      # a trick's start: the hands' cards
    cdef u64 other_tops
    if forced_ruffs(c):
        return -1
    if c.maxside == 0:
        res = quick_tricks(c, target, n, all_cards, rel_out)
        if res >= 0:
            return res
    if c.trump != NT and suit_of(all_cards, c.trump):
        return trump_tricks(c, target, n, rel_out)
    if c.maxside != 0:
        return -1
    # No trumps in play. A side that must win every remaining trick can win
    # one only in a suit whose top card it holds: the other side plays its
    # top card to any trick in that suit, and never has to throw it away
    # while it holds a lesser card. So it wins at most, suit by suit, as
    # many tricks as its longest holding in the suits it tops.
    if target == n:
        sum_tops = suits_topped(c, 0, all_cards, &other_tops)
        if 0 < sum_tops < n:
            rel_out[0] = other_tops
            return n - 1
    if target == 1:
        sum_tops = suits_topped(c, 1, all_cards, &other_tops)
        if 0 < sum_tops < n:
            rel_out[0] = other_tops
            return 1
    return -1


cdef int second_hand_trick(Ctx* c, int target, u64* rel_out) noexcept nogil:
    """At second hand, when the target hangs on this one trick: can our pair surely win it?

    Only for pairs in ordinary play. Our side wins the trick if one of us
    can ruff and the third hand cannot, or if our highest card of the suit
    led beats the lead and every card the third hand holds in that suit
    while the third hand cannot ruff.
    """
    cdef int player = c.player
    cdef int third = (player + 1) & 3
    cdef int fourth = (player + 2) & 3
    cdef int lead = c.trick_card[0]
    cdef int ls = card_suit(lead)
    cdef int trump = c.trump
    cdef int n = popcount(c.hands[player])
    cdef int side = c.side[player]
    cdef int best, need, won, winner
    cdef u64 ours, theirs, rel
    cdef bint third_ruffs
    if c.maxside != 0 or c.side[fourth] != side or c.side[third] == side or forced_ruffs(c):
        return -1
    need = target if side == 0 else n - target + 1
    if need < 1:
        return -1
    third_ruffs = (trump != NT and ls != trump and not suit_of(c.hands[third], ls)
                   and suit_of(c.hands[third], trump) != 0)
    if third_ruffs:
        return -1
    if need == 1 and trump != NT and ls != trump:
        if ((not suit_of(c.hands[player], ls) and suit_of(c.hands[player], trump))
                or (not suit_of(c.hands[fourth], ls) and suit_of(c.hands[fourth], trump))):
            rel_out[0] = 0
            return 1 if side == 0 else n - 1
    ours = suit_of(c.hands[player], ls) | suit_of(c.hands[fourth], ls)
    if not ours:
        return -1
    best = highest_bit(ours)
    theirs = suit_of(c.hands[third], ls)
    if best > card_rank(lead) and (theirs == 0 or best > highest_bit(theirs)):
        rel = ((<u64>1) << best) << suit_shift(ls)
        won = 1
        if need > 1:
            # The hand that wins this trick then cashes its top cards of
            # the other suits, unless its partner, void in the suit led and
            # holding only trumps, must ruff and take the lead.
            winner = player if (suit_of(c.hands[player], ls) >> best) & 1 else fourth
            if must_ruff(c, winner ^ 2, ls):
                return -1
            won += winner_tops(c, winner, ls, need - 1, &rel)
            if won < need:
                return -1
        rel_out[0] = rel
        return won if side == 0 else n - won
    return -1


cdef int winner_tops(Ctx* c, int h, int skip, int need, u64* rel) noexcept nogil:
    """Tricks ``h`` cashes on lead with its top cards in the suits other than ``skip``."""
    cdef int s, f, k, len_f, qt = 0
    cdef int side = c.side[h]
    cdef u64 mine, u
    for s in range(4):
        if s == skip:
            continue
        mine = suit_of(c.hands[h], s)
        if not mine:
            continue
        u = suit_of(c.hands[0] | c.hands[1] | c.hands[2] | c.hands[3], s)
        if not (mine >> highest_bit(u)) & 1:
            continue
        if must_ruff(c, h ^ 2, s):
            continue
        k = top_run(mine, u)
        if c.trump != NT and s != c.trump:
            for f in range(4):
                if c.side[f] != side and suit_of(c.hands[f], c.trump):
                    len_f = popcount(suit_of(c.hands[f], s))
                    if len_f < k:
                        k = len_f
        if k > 0:
            if qt + k > need:
                k = need - qt
            qt += k
            if u != mine:
                rel[0] |= top_cards(u, k) << suit_shift(s)
            if qt >= need:
                break
    return qt
