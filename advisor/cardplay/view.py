"""What one player knows when he plays a card: a ``PlayerView``.

Vint is played without a dummy: each player sees his own thirteen cards,
hears the auction and sees every card played, and nothing else. A
``PlayerView`` holds exactly that, and what follows from it by the rules of
play: whose turn it is, the trick in progress and who won each trick so
far, the cards each other player still holds (how many), and the suits a
player has shown out of (a void: he did not follow the suit led).

The contract is played as the ``advisor.valuation.Valuer`` says
(``how_played``: trumps, opening leader, misère); the contracts the fast
solver's deck plays are the ones card play supports: every trump and
no-trump contract, every misère (a bid misère, the all-pass deal,
semi-contract's plain misère bids). Semi-contract's Courts bids use another
deck (``solver.general``) and are refused with ``CardPlayError``.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Set

from solver.cards import SEATS, STRAINS, Card, Deal, Hand, Seat, Strain, cards_to_mask, suit_mask
from solver.errors import VintError
from solver.general import STANDARD
from solver.play import legal_cards, trick_winner

from ..game import close_auction, rule_set
from ..rules.base import RulesError, normalise_call
from ..valuation import Valuer
from ..valuation.valuer import ContractPlay
from ..valuation.courts import play_of

__all__ = ["CardPlayError", "PlayerView", "contract_play", "playable_by_card", "solver_strain"]


class CardPlayError(VintError):
    """A position card play cannot take: a card that is not the player's, a
    revoke, a contract played with another deck, no contract at all."""


def contract_play(rules, contract, declarer, dealer="N") -> ContractPlay:
    """How ``contract`` by ``declarer`` is played (``Valuer.how_played``: its
    strain, opening leader, misère flag and side); the cards of the deal do
    not change it, so no deal is needed."""
    rs = rule_set(rules)
    if contract is None:
        raise CardPlayError("there is no contract to play: the deal was thrown in")
    try:
        return Valuer(rs, Deal.from_masks([0, 0, 0, 0]), dealer=dealer).how_played(
            contract, declarer)
    except (ValueError, TypeError) as exc:
        raise CardPlayError(f"{rs.name} plays no contract {contract!r} by {declarer!r}: "
                            f"{exc}") from None


def solver_strain(how: ContractPlay) -> tuple:
    """``(Strain, misère)`` the fast solver plays ``how`` with, or CardPlayError
    for a strain of another deck (semi-contract's Courts)."""
    if how.strain in [s.name for s in STRAINS]:
        return Strain[how.strain], how.misere
    layout, trump, misere = play_of(how.strain)
    if layout is not STANDARD:
        raise CardPlayError(f"a {how.strain} contract is played with the Courts deck "
                            "(J Q K a suit of their own), which card play does not support")
    return (Strain.NT if trump is None else Strain.parse(trump)), misere


def playable_by_card(rules, contract, declarer, dealer="N") -> bool:
    """Can card play (the computer, practice, the single-dummy review) play it?"""
    try:
        solver_strain(contract_play(rules, contract, declarer, dealer))
    except CardPlayError:
        return False
    return True


class PlayerView:
    """What ``seat`` knows: his ``hand`` (as dealt), the auction, the contract
    and the cards ``played`` so far from the opening lead.

    ``contract``/``declarer``: the contract played (default: the auction's,
    ``rules.auction_result``; give them when the game raises the final
    contract after the auction, as Skruuvi's extended bids do). The
    all-pass deal has no declarer. ``deck``: the cards dealt (default all
    52; an ending names the cards still in play). ``readings``: read the
    auction's calls as the bidding system does when dealing the unseen
    cards (False: an auction that is not the game's own, a bridge file's).

    Raises ``CardPlayError`` for a card the player cannot have played, a
    revoke that the cards themselves show, or a contract card play does not
    support.
    """

    def __init__(self, rules, seat, hand, *, dealer="N", auction: Sequence[str] = (),
                 contract: Optional[str] = None, declarer=None, played: Sequence = (),
                 deck=None, readings: bool = True):
        self.rules = rule_set(rules)
        self.seat = Seat.parse(seat)
        self.hand = hand if isinstance(hand, Hand) else Hand.from_pbn(hand)
        self.dealer = Seat.parse(dealer)
        self.auction = [normalise_call(c) for c in auction]
        self.readings = readings
        if contract is None and self.auction:
            contract, declarer = self._auction_contract()
        self.contract = contract
        self.declarer = None if declarer is None else Seat.parse(declarer)
        self.how = contract_play(self.rules, contract, self.declarer, self.dealer)
        self.trump, self.misere = solver_strain(self.how)
        self.cards_each = len(self.hand)
        if self.cards_each == 0:
            raise CardPlayError(f"{self.seat.name}'s hand holds no cards")
        if deck is None:
            if self.cards_each != 13:
                raise CardPlayError("an ending needs its deck: the cards still in play")
            deck = (1 << 64) - 1
        self.deck = (deck if isinstance(deck, int) else cards_to_mask(deck)) \
            & sum(suit_mask(s) for s in range(4))
        if self.hand.mask & ~self.deck:
            raise CardPlayError(f"{self.seat.name}'s hand holds cards outside the deck")
        if bin(self.deck).count("1") != 4 * self.cards_each:
            raise CardPlayError(f"the deck holds {bin(self.deck).count('1')} cards, not four "
                                f"hands of {self.cards_each}")
        self.played = [Card.parse(c) for c in played]
        self._replay()

    def _auction_contract(self):
        try:
            closed, _ = close_auction(self.rules, self.auction)
            contract, declarer, _ = self.rules.auction_result(closed, self.dealer)
        except RulesError as exc:
            raise CardPlayError(f"the auction {' '.join(self.auction)!r} gives no contract "
                                f"to play: {exc}") from None
        return contract, declarer

    @classmethod
    def of_deal(cls, deal, seat, **kwargs) -> "PlayerView":
        """``seat``'s view of ``deal``: his hand, and the cards of the deal as the
        deck; the other hands are not kept (the view cannot see them)."""
        deal = Deal.from_pbn(deal)
        deck = 0
        for mask in deal.masks:
            deck |= mask
        return cls(kwargs.pop("rules", "vint"), seat, deal[seat], deck=deck, **kwargs)

    # -- the cards played ------------------------------------------------------
    def _replay(self) -> None:
        """Who played each card, the tricks' winners, the voids shown, the
        trick in progress; checks what the view can check."""
        self.leader = self.how.leader
        self.by_seat: Dict[Seat, List[Card]] = {s: [] for s in SEATS}
        self.voids: Dict[Seat, Set[int]] = {s: set() for s in SEATS}
        self.won = {"NS": 0, "EW": 0}
        self.winners: List[Seat] = []
        seen = 0
        leader, trick = self.leader, []
        if len(self.played) > 4 * self.cards_each:
            raise CardPlayError(f"{len(self.played)} cards played: a deal of "
                                f"{self.cards_each} a hand has {4 * self.cards_each}")
        for i, card in enumerate(self.played):
            who = Seat((leader + len(trick)) % 4)
            where = f"card {i + 1} ({who.name}'s {card})"
            if seen & card.mask:
                raise CardPlayError(f"{where} was played already")
            if not self.deck & card.mask:
                raise CardPlayError(f"{where} is not in the deck")
            if (who == self.seat) != bool(self.hand.mask & card.mask):
                raise CardPlayError(f"{where}: " + (f"{self.seat.name} does not hold it"
                                                    if who == self.seat else
                                                    f"{self.seat.name} holds it"))
            if card.suit in self.voids[who]:
                raise CardPlayError(f"{where}: {who.name} showed out of that suit before")
            if trick and card.suit != trick[0].suit:
                if who == self.seat and self._left(who, seen) & suit_mask(trick[0].suit):
                    raise CardPlayError(f"{where} revokes: {who.name} holds "
                                        f"{trick[0].suit.name} and must follow suit")
                self.voids[who].add(int(trick[0].suit))
            seen |= card.mask
            self.by_seat[who].append(card)
            trick.append(card)
            if len(trick) == 4:
                winner = Seat((leader + trick_winner(trick, self.trump)) % 4)
                self.winners.append(winner)
                self.won[winner.side] += 1
                leader, trick = winner, []
        self.trick_leader, self.trick = leader, trick
        self.played_mask = seen

    def _left(self, seat: Seat, seen: int) -> int:
        """The cards ``seat`` still holds, as far as this view knows (his own only)."""
        return self.hand.mask & ~seen if seat == self.seat else 0

    @property
    def on_move(self) -> Optional[Seat]:
        """The seat to play next (None when every card is played)."""
        if len(self.played) == 4 * self.cards_each:
            return None
        return Seat((self.trick_leader + len(self.trick)) % 4)

    @property
    def tricks_done(self) -> int:
        return len(self.winners)

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish, the one in progress included."""
        return self.cards_each - self.tricks_done

    def held(self, seat) -> int:
        """How many cards ``seat`` still holds."""
        return self.cards_each - len(self.by_seat[Seat.parse(seat)])

    @property
    def remaining(self) -> Hand:
        """The player's own cards not yet played."""
        return Hand.from_mask(self.hand.mask & ~self.played_mask)

    def legal_cards(self) -> List[Card]:
        """The cards the player may play now (high cards first); [] when it is
        not his turn."""
        if self.on_move != self.seat:
            return []
        return legal_cards(self.remaining.mask, self.trick)

    @property
    def unseen(self) -> int:
        """The cards the player has not seen: in the other hands, not yet played."""
        return self.deck & ~self.hand.mask & ~self.played_mask

    def side_of(self, seat) -> str:
        return Seat.parse(seat).side

    def after(self, card) -> "PlayerView":
        """The same player's view once ``card`` (anyone's, in turn) is played."""
        return PlayerView(self.rules, self.seat, self.hand, dealer=self.dealer,
                          auction=self.auction, contract=self.contract,
                          declarer=self.declarer, played=self.played + [Card.parse(card)],
                          deck=self.deck, readings=self.readings)

    def __repr__(self) -> str:
        return (f"<PlayerView {self.seat.name} in {self.contract} by "
                f"{self.declarer.name if self.declarer else '-'}: {len(self.played)} card(s) "
                f"played, {self.on_move.name if self.on_move else 'nobody'} on move>")
