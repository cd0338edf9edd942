"""Skruuvi's card exchanges (seed 002), played by a simple policy.

In Skruuvi the hands are not played as dealt: the main players (and sometimes
the defenders) pass cards to each other before the play. This module turns a
deal *before* the exchange into the deal that is played, for a given contract
and declarer, so that the double-dummy solver can value it.

Each exchange follows the seed's own passage (quoted next to the function) and
a policy written from the seed's conventions ("Passing Cards"). A policy sees
only the passer's own hand and what the auction told (the contract, and by
the packet conventions partner's voids, suit preference and misère safe suit);
it never looks at another hand it could not see.

>>> from advisor import rules
>>> before = Deal.from_pbn("N:AKQJT9876.32.2.2 ..QJT9876543.T98 "
...                        "5432.AKQ.AK.AKQJ .JT987654..76543")
>>> after = play_deal(rules.get("skruuvi").kotka(), before, "6S", "N")
>>> after["N"].to_pbn(), after["S"].to_pbn()
('AKQJT98765432...', '.AKQ32.AK2.AKQJ2')

(North passes its four side cards, lowest first; South returns its four
trumps, so North holds all thirteen spades.)

The exchanges, in the order a deal goes through them:

- Kitty game: the kitty bidder takes the 4 kitty cards, passes 4 cards to
  partner, who passes 1 card to each other player (``kitty_exchange``); then,
  below level 6, the defenders swap one card (``defenders_exchange``).
- Kotka (no kitty): the main players swap 4 cards each way (``kotka_exchange``).
- All-pass misère: the kitty (Kitty game) is dealt one card each, then the two
  pairs swap one card each way (``all_pass_exchange``).
- Bolshevik: the bidder takes the kitty and passes one card to each opponent
  (``bolshevik_exchange``).

``play_deal`` runs the right ones for a rule set, contract and declarer.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence

from solver import DDTable, Solver
from solver.cards import SEATS, STRAINS, SUITS, Card, Deal, Hand, Seat, Strain, suit_mask
from solver.errors import VintError

from ..game import rule_set
from ..rules.base import Contract
from ..rules.skruuvi_auction import ALL_PASS, GRAND, MISERE

__all__ = ["ExchangeError", "kitty_exchange", "kotka_exchange", "defenders_exchange",
           "all_pass_exchange", "bolshevik_exchange", "play_deal", "read_kitty",
           "exchange_kind", "exchanged_tables", "DEFENDERS_EXCHANGE_BELOW", "LEVEL_GROUPS",
           "level_group", "contract_text", "kitty_left"]


#: Every card of the pack, as a mask.
_FULL_PACK = sum(suit_mask(s) for s in SUITS)


class ExchangeError(VintError):
    """A deal or kitty that cannot go through the exchange asked for."""


#: "If the first bid in the auction by the main players was at a level lower
#: than 6, the opponents now have the right to exchange one card." (Kitty game.)
#: Reading: the main players bid their final contract at once, so the
#: contract's own level decides (5 or 4: the defenders exchange; 6, 7: not).
DEFENDERS_EXCHANGE_BELOW = 6

#: The levels that stand for all others with the same exchange: in the Kitty
#: game 5 (levels 4 and 5, the defenders exchange too) and 7 (6 and 7); in
#: Kotka the exchange is the same at every level.
LEVEL_GROUPS = {"kitty": (5, 7), "kotka": (7,)}


def level_group(kind: str, level: int) -> int:
    """The level of ``LEVEL_GROUPS[kind]`` whose exchange a contract of ``level`` has."""
    return 5 if kind == "kitty" and level < DEFENDERS_EXCHANGE_BELOW else 7


def contract_text(level: int, strain: Strain) -> str:
    """A Skruuvi contract from a DD table's strain: ``(5, Strain.NT)`` -> ``"5G"``."""
    return f"{level}{GRAND if strain == Strain.NT else strain.name}"


def kitty_left(deal: Deal) -> Hand:
    """The cards no hand of ``deal`` holds: the kitty of a Kitty game deal of
    12-card hands."""
    held = 0
    for mask in deal.masks:
        held |= mask
    return Hand.from_mask(_FULL_PACK & ~held)


# --------------------------------------------------------------------------
# Small helpers on lists of cards

def _cards(hand) -> List[Card]:
    return list(hand.cards if isinstance(hand, Hand) else hand)


def _suit(cards: Sequence[Card], suit) -> List[Card]:
    return [c for c in cards if c.suit == suit]


def _is_misere(contract) -> bool:
    return contract.strain in (MISERE, ALL_PASS)


def _shortest_suits(cards: Sequence[Card], exclude=None) -> List[Strain]:
    """The suits the hand holds, shortest first (ties: the weaker suit, then S H D C)."""
    held = [s for s in SUITS if s != exclude and _suit(cards, s)]
    return sorted(held, key=lambda s: (len(_suit(cards, s)),
                                       sum(c.rank for c in _suit(cards, s)), s))


def _void_packet(cards: Sequence[Card], n: int, exclude=None) -> List[Card]:
    """``n`` cards from the hand's shortest suits (other than ``exclude``),
    lowest first, towards a void: "the voided suit(s) are nearest to the
    table". Aces are sure tricks and are kept unless nothing else is left."""
    out: List[Card] = []
    for s in _shortest_suits(cards, exclude):
        for c in sorted(_suit(cards, s), key=lambda c: c.rank):
            if len(out) == n:
                return out
            if c.rank != 14:
                out.append(c)
    if len(out) < n:                  # only aces and the excluded suit are left
        rest = sorted((c for c in cards if c not in out),
                      key=lambda c: (c.suit == exclude, c.rank))
        out += rest[:n - len(out)]
    return out


def _highest(cards: Sequence[Card], n: int) -> List[Card]:
    """The ``n`` highest cards, aces first; among equal ranks the shorter suit's
    card first (the harder one to get rid of in play)."""
    return sorted(cards, key=lambda c: (-c.rank, len(_suit(cards, c.suit)), c.suit))[:n]


def _shortest_suit_cards(cards: Sequence[Card], exclude=None) -> List[Card]:
    """The cards of the hand's shortest suit other than ``exclude`` (all the
    cards when it holds no other suit)."""
    suits = _shortest_suits(cards, exclude)
    return _suit(cards, suits[0]) if suits else list(cards)


def _lowest_of_shortest(cards: Sequence[Card], exclude=None) -> Card:
    """"the lowest card of their shortest suit, or the Ace of that suit if they
    have it" (misère)."""
    pool = _shortest_suit_cards(cards, exclude)
    ace = [c for c in pool if c.rank == 14]
    return ace[0] if ace else min(pool, key=lambda c: c.rank)


def _highest_of_shortest(cards: Sequence[Card], exclude=None) -> Card:
    """"they will often pass the highest card of their shortest suit" (trumps)."""
    return max(_shortest_suit_cards(cards, exclude), key=lambda c: c.rank)


def _move(hands: Dict[Seat, List[Card]], giver: Seat, taker: Seat, cards) -> None:
    for c in cards:
        hands[giver].remove(c)
        hands[taker].append(c)


def _deal(hands: Dict[Seat, List[Card]]) -> Deal:
    return Deal({s: Hand(hands[s]) for s in SEATS})


def _hands(deal: Deal) -> Dict[Seat, List[Card]]:
    return {s: _cards(deal[s]) for s in SEATS}


def _check_sizes(deal: Deal, size: int, what: str) -> None:
    wrong = [f"{s.name} {len(deal[s])}" for s in SEATS if len(deal[s]) != size]
    if wrong:
        raise ExchangeError(f"{what} needs {size} cards in every hand; this deal has "
                            f"{', '.join(wrong)}")


def read_kitty(kitty, deal: Optional[Deal] = None) -> Hand:
    """The kitty: a ``Hand`` or text such as ``"A2.K..T"`` or ``"SA S2 HK CT"``;
    four cards, none of them in ``deal``."""
    if isinstance(kitty, Hand):
        hand = kitty
    elif isinstance(kitty, str):
        text = kitty.strip()
        try:
            hand = Hand.from_pbn(text) if "." in text else Hand(Card.parse(t)
                                                                  for t in text.split())
        except ValueError as exc:
            raise ExchangeError(f"cannot read the kitty {kitty!r}: {exc}") from None
    else:
        try:            # cards: Card objects or their names
            hand = Hand(c if isinstance(c, Card) else Card.parse(c) for c in kitty)
        except (TypeError, ValueError) as exc:     # kitty=5 raised TypeError
            raise ExchangeError(f"cannot read the kitty {kitty!r}: give four cards, as "
                                f"'SA S2 HK CT'") from None
    if len(hand) != 4:
        raise ExchangeError(f"the kitty has 4 cards, not {len(hand)} ({hand.to_pbn()})")
    if deal is not None:
        clash = [c for c in hand if any(c in deal[s] for s in SEATS)]
        if clash:
            raise ExchangeError(f"kitty card {clash[0]} is also in a hand")
    return hand


# --------------------------------------------------------------------------
# The exchanges

def kitty_exchange(deal: Deal, kitty, bidder, contract) -> Deal:
    """Kitty game: 12-card hands and the kitty -> 13-card hands.

    Seed 002, "Card Exchange": "The player who made the kitty bid exposes the
    four kitty cards ..., and then adds them to his or her hand. The kitty
    bidder then selects any four cards from hand ... and passes the packet
    across the table face down to partner. The kitty bidder's partner takes
    these four cards, adds them to his or her hand, and selects any three
    cards from hand to pass face down to the other three players, one to
    partner and one to each opponent."

    Policy, from "Conventions": "It is usually desirable for the partner with
    weaker trumps to be the kitty bidder, so that all trumps can passed to one
    hand", and "request partner to pass cards of this suit if unable to pass
    four trumps".

    - Trumps (the kitty bidder is read as the weaker trump hand): the bidder
      passes its trumps, highest first, up to four, then completes the
      packet by voiding its shortest side suits. Partner, now long in trumps,
      shortens its shortest side suit to ruff: its three lowest cards there
      go to left-hand opponent, right-hand opponent and the bidder.
    - Grand: the bidder passes the cards of its shortest suits (lowest first)
      and partner sends one low card of its shortest suit to each player.
    - Misère: "In a misère game the same suit preference signal is used to
      indicate a safe suit with several low cards. The partner can hand back a
      high to middling card in that suit." The bidder passes its four highest
      cards; partner passes its two highest cards (aces first) to the
      opponents and hands back to the bidder its highest card below the ace in
      the bidder's safe suit (the bidder's longest suit after the packet).
    """
    contract, bidder = _contract(contract), Seat.parse(bidder)
    _check_sizes(deal, 12, "the kitty exchange")
    kitty = read_kitty(kitty, deal)
    hands = _hands(deal)
    hands[bidder] += _cards(kitty)
    partner = bidder.partner
    trump = contract.trumps
    if _is_misere(contract):
        packet = _highest(hands[bidder], 4)
        _move(hands, bidder, partner, packet)
        for opponent, card in zip((bidder.lho, bidder.rho), _highest(hands[partner], 2)):
            _move(hands, partner, opponent, [card])
        safe = max(SUITS, key=lambda s: (len(_suit(hands[bidder], s)), -s))
        middling = [c for c in _suit(hands[partner], safe) if c.rank < 14]
        back = (max(middling, key=lambda c: c.rank) if middling
                else min(hands[partner], key=lambda c: c.rank))
        _move(hands, partner, bidder, [back])
        return _deal(hands)
    if trump is not None:
        trumps = sorted(_suit(hands[bidder], trump), key=lambda c: -c.rank)[:4]
        rest = [c for c in hands[bidder] if c not in trumps]
        packet = trumps + _void_packet(rest, 4 - len(trumps), exclude=trump)
    else:
        packet = _void_packet(hands[bidder], 4)
    _move(hands, bidder, partner, packet)
    give = _void_packet(hands[partner], 3, exclude=trump)
    for taker, card in zip((bidder.lho, bidder.rho, bidder), give):
        _move(hands, partner, taker, [card])
    return _deal(hands)


def kotka_exchange(deal: Deal, bidder, contract) -> Deal:
    """Kotka (no kitty): four cards each way between the main players.

    Seed 002: "The highest bidder selects any four cards and hands them in a
    packet face down to partner, who adds them to his or her hand and returns
    any four cards from hand in a packet."

    Policy, from "Passing Cards": "In a Kotka game, the bidder's partner will
    usually return four trumps, or three trumps with a low card on top, the low
    card indicating a suit in which the passer has an ace which can be used as
    an entry."

    - Trumps: the bidder keeps its trumps and passes the cards of its shortest
      side suits (lowest first, aces kept, to make voids). Partner returns its trumps,
      highest first, up to four, and fills the packet with its aces (entries),
      then its highest side cards.
    - Grand: the bidder voids its shortest suits; partner returns its highest
      cards.
    - Misère: the bidder passes its four highest cards; partner returns its
      four lowest cards in the bidder's safe suit (the bidder's longest), then
      its lowest cards.
    """
    contract, bidder = _contract(contract), Seat.parse(bidder)
    _check_sizes(deal, 13, "the Kotka exchange")
    hands = _hands(deal)
    partner = bidder.partner
    trump = contract.trumps
    if _is_misere(contract):
        safe = max(SUITS, key=lambda s: (len(_suit(hands[bidder], s)), -s))
        packet = _highest(hands[bidder], 4)
        _move(hands, bidder, partner, packet)
        mine = [c for c in hands[partner] if c not in packet]
        low_safe = sorted(_suit(mine, safe), key=lambda c: c.rank)[:4]
        others = sorted((c for c in mine if c not in low_safe), key=lambda c: c.rank)
        _move(hands, partner, bidder, (low_safe + others)[:4])
        return _deal(hands)
    packet = _void_packet(hands[bidder], 4, exclude=trump)
    _move(hands, bidder, partner, packet)
    mine = hands[partner]
    back = sorted(_suit(mine, trump), key=lambda c: -c.rank)[:4] if trump is not None else []
    # Never hand back a card of the packet: the bidder passed it to be rid of it.
    side = [c for c in mine if c not in back and c.suit != trump and c not in packet]
    back += sorted(side, key=lambda c: (c.rank != 14, -c.rank))[:4 - len(back)]
    _move(hands, partner, bidder, back)
    return _deal(hands)


def defenders_exchange(deal: Deal, declarer, contract) -> Deal:
    """The defenders' one-card exchange (Kitty game, first main bid below 6).

    Seed 002: "The player to the left of the declarer passes one card face down
    to the other defender who takes it and returns one card face down."
    Policy, from "Passing Cards": "In a trump game where the opponents can
    exchange cards, they will often pass the highest card of their shortest
    suit. In a misère or all-pass misère they will normally pass the lowest
    card of their shortest suit, or the Ace of that suit if they have it."
    The returned card follows the same rule. Trumps are never the "shortest
    suit" passed here.
    """
    contract, declarer = _contract(contract), Seat.parse(declarer)
    hands = _hands(deal)
    first, second = declarer.lho, declarer.rho
    pick = _lowest_of_shortest if _is_misere(contract) else _highest_of_shortest
    trump = contract.trumps
    card = pick(hands[first], exclude=trump)
    back = pick(hands[second], exclude=trump)
    _move(hands, first, second, [card])
    _move(hands, second, first, [back])
    return _deal(hands)


def all_pass_exchange(deal: Deal, dealer, kitty=None) -> Deal:
    """The all-pass misère: 13 cards each (the kitty dealt out), then one card
    each way within both pairs.

    Seed 002: "If it is a Kitty game the dealer deals the four kitty cards face
    down to the players, one card each" (read: starting with the dealer's
    left-hand player, clockwise, as cards are dealt), and "The player to
    dealer's left and the dealer's partner each pass one card face down across
    the table to their partners. The dealer and the player to dealer's right
    take these cards and each pass one card back."
    Policy: the misère rule of "Passing Cards", for the pass and the return.
    """
    dealer = Seat.parse(dealer)
    hands = _hands(deal)
    if kitty is not None:
        _check_sizes(deal, 12, "dealing the kitty out")
        cards = _cards(read_kitty(kitty, deal))
        for i, card in enumerate(cards):
            hands[Seat((dealer + 1 + i) % 4)].append(card)
    elif any(len(hands[s]) != 13 for s in SEATS):
        raise ExchangeError("the all-pass misère without a kitty needs 13-card hands")
    for giver in (dealer.lho, dealer.partner):
        receiver = giver.partner
        card = _lowest_of_shortest(hands[giver])
        _move(hands, giver, receiver, [card])
        back = _lowest_of_shortest([c for c in hands[receiver] if c != card])
        _move(hands, receiver, giver, [back])
    return _deal(hands)


def bolshevik_exchange(deal: Deal, kitty, bidder, contract) -> Deal:
    """Bolshevik: the bidder takes the kitty and gives one card to each opponent.

    Seed 002: "The bidder exposes the kitty, picks it up, and passes one card
    face down to each opponent, so that each player has 13 cards."
    Policy: in 7 misère the bidder gets rid of its three highest cards (aces
    first); playing Dictator (7 in a trump suit or grand) it gives away the
    lowest cards of its shortest side suits.
    """
    contract, bidder = _contract(contract), Seat.parse(bidder)
    _check_sizes(deal, 12, "the Bolshevik exchange")
    hands = _hands(deal)
    hands[bidder] += _cards(read_kitty(kitty, deal))
    if _is_misere(contract):
        give = _highest(hands[bidder], 3)
    else:
        give = _void_packet(hands[bidder], 3, exclude=contract.trumps)
    for opponent, card in zip((bidder.lho, bidder.partner, bidder.rho), give):
        _move(hands, bidder, opponent, [card])
    return _deal(hands)


# --------------------------------------------------------------------------
# The whole sequence for a rule set

def _contract(contract):
    """A Skruuvi contract object from text or a ``Contract``."""
    if isinstance(contract, str):
        return rule_set("skruuvi").contract(contract)
    return contract


def play_deal(rules, deal, contract, declarer, *, kitty=None, dealer="N",
              bolshevik: bool = False) -> Deal:
    """The deal as it is played after the game's exchanges, from the deal as
    dealt (12 cards and a kitty in the Kitty game, 13 cards in Kotka).

    ``rules``: ``"skruuvi"`` / ``"skruuvi-old"`` (Kitty game: give ``kitty``)
    or their Kotka style (``rules.get("skruuvi").kotka()``). ``contract``: the final contract (``"5H"``, ``"6M"``, ``"AP"``);
    the kitty bidder is taken to be the declarer. ``bolshevik=True``: the
    declarer plays alone against three.
    """
    rs = rule_set(rules)
    if rs.exchange_style is None:
        raise ExchangeError(f"the {rs.name} rules have no card exchange (Skruuvi has)")
    if not isinstance(deal, Deal):
        deal = Deal.from_pbn(deal)
    c = contract if isinstance(contract, Contract) else rs.contract(contract)
    if c.strain == ALL_PASS:
        return all_pass_exchange(deal, dealer, kitty if rs.exchange_style == "kitty" else None)
    if bolshevik:
        if kitty is None:
            raise ExchangeError("the Bolshevik exchange needs the kitty")
        return bolshevik_exchange(deal, kitty, declarer, c)
    if rs.exchange_style == "kotka":
        if kitty is not None:
            raise ExchangeError("the Kotka game has no kitty: deal 13 cards to each hand")
        return kotka_exchange(deal, declarer, c)
    if kitty is None:
        raise ExchangeError("the Kitty game's exchange needs the kitty (4 cards)")
    after = kitty_exchange(deal, kitty, declarer, c)
    if c.level < DEFENDERS_EXCHANGE_BELOW:
        after = defenders_exchange(after, declarer, c)
    return after


# --------------------------------------------------------------------------
# Double-dummy tricks of a deal given before the exchange

def exchange_kind(rules, kitty=None) -> str:
    """``"kitty"`` or ``"kotka"``: which exchange a deal before the exchange goes
    through (the rule set's style; a kitty given means the Kitty game)."""
    rs = rule_set(rules)
    style = rs.exchange_style
    if style is None:
        raise ExchangeError(f"the {rs.name} rules have no card exchange (Skruuvi has)")
    if kitty is not None and style == "kotka":
        raise ExchangeError("the Kotka game has no kitty: deal 13 cards to each hand")
    if kitty is None and style == "kitty":
        raise ExchangeError("a Kitty game deal before the exchange has 12 cards a hand "
                            "and the kitty (4 cards)")
    return style


def exchanged_tables(rules, deal, *, kitty=None, dealer="N", solver=None):
    """``({level: DDTable}, {(strain, seat, level): Deal})``: the tricks of every
    trump and grand contract when the deal first goes through the exchange
    that contract brings (declarer = kitty bidder), and the deals played.

    The Kitty game gives two tables: levels 4 and 5 (the defenders exchange
    too) and levels 6 and 7; Kotka gives one table, the same at every level.
    Each entry is a deal of its own, solved for that declarer and strain
    only, on one warm ``solver.Solver`` (its table entries hold for any deal
    with the same cards left, so the similar deals share work).
    """
    rs = rule_set(rules)
    kind = exchange_kind(rs, kitty)
    if not isinstance(deal, Deal):
        deal = Deal.from_pbn(deal)
    solver = solver or Solver()
    tables, played = {}, {}
    for level in LEVEL_GROUPS[kind]:
        tricks = {}
        for strain in STRAINS:
            contract = rs.contract(contract_text(level, strain))
            for seat in SEATS:
                after = play_deal(rs, deal, contract, seat, kitty=kitty, dealer=dealer)
                played[strain, seat, level] = after
                tricks[seat, strain] = solver.dd_table(after, strains=[strain],
                                                       declarers=[seat])[seat, strain]
        tables[level] = DDTable(deal, tricks)
    return {level: tables[level_group(kind, level)] for level in (4, 5, 6, 7)}, played
