"""A deal played card by card, the computer playing any seat from what that seat can see.

``BoardPlay(rules, deal, ...)`` holds the contract, the cards played so far
and who is on move; ``computer_card()`` asks ``choose_card`` for the seat on
move from that seat's ``PlayerView`` only (the other hands stay unseen);
``play_card`` checks a card by the rules of play (``solver.Play``);
``take_back`` returns to an earlier card; ``claim`` tests a claim of the
remaining tricks against double-dummy defence. Practice (``advisor.practice``)
and the card-play benchmark play through it.

Each seat remembers the auction's readings its sampling had to drop
(``HiddenDeals.skip``), so that a later card of the same seat does not try
them again; the seed of a card is the board's seed, so a board replays the
same for the same seed.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence

import solver
from solver.cards import Card, Deal, Hand, Seat
from solver.play import Play, PlayError

from ..game import rule_set
from .values import DEFAULT_WORKERS, CardValues, card_values
from .view import CardPlayError, PlayerView, contract_play, solver_strain

__all__ = ["BoardPlay"]


class BoardPlay:
    """One deal played out (see the module). ``declarer`` is None for the all-pass
    deal; ``readings``: the seats read the auction when dealing the unseen cards."""

    def __init__(self, rules, deal, *, dealer="N", auction: Sequence[str] = (),
                 contract: Optional[str] = None, declarer=None, readings: bool = True,
                 seed: int = 0, samples: Optional[int] = None,
                 workers: int = DEFAULT_WORKERS):
        self.rules = rule_set(rules)
        self.deal = Deal.from_pbn(deal)
        self.dealer = Seat.parse(dealer)
        self.auction = list(auction)
        self.contract = contract
        self.declarer = None if declarer is None else Seat.parse(declarer)
        self.readings = readings
        self.seed, self.samples, self.workers = seed, samples, workers
        self.how = contract_play(self.rules, contract, self.declarer, self.dealer)
        self.trump, self.misere = solver_strain(self.how)
        self.play = Play(self.deal, self.trump, self.how.leader)
        self.cards: List[Card] = []
        self._skip: Dict[Seat, frozenset] = {}

    # -- the state --------------------------------------------------------------
    @property
    def on_move(self) -> Optional[Seat]:
        return None if self.finished else self.play.on_move

    @property
    def finished(self) -> bool:
        return len(self.cards) == 4 * self.play.total_tricks

    @property
    def side(self) -> str:
        """The side whose tricks count: the declaring side (NS in the all-pass deal)."""
        return self.how.side

    def tricks_won(self, side: Optional[str] = None) -> int:
        """Complete tricks won by ``side`` (default: the side whose tricks count)."""
        return self.play.tricks_won(side or self.side)

    def legal_cards(self) -> List[Card]:
        return [] if self.finished else self.play.legal_cards()

    def hand(self, seat) -> Hand:
        """The cards ``seat`` still holds."""
        return self.play.hand(seat)

    @property
    def tricks_left(self) -> int:
        """Tricks not yet complete (the one in progress included)."""
        return self.play.total_tricks - len(self.play.tricks)

    def view(self, seat) -> PlayerView:
        """What ``seat`` sees now: his hand, the auction and the cards played."""
        return PlayerView.of_deal(self.deal, seat, rules=self.rules, dealer=self.dealer,
                                  auction=self.auction, contract=self.contract,
                                  declarer=self.declarer, played=self.cards,
                                  readings=self.readings)

    # -- playing ----------------------------------------------------------------
    def play_card(self, card) -> Optional[Seat]:
        """Play ``card`` for the seat on move; returns the trick's winner when it
        completes a trick. A card that cannot be played raises ``CardPlayError``."""
        if self.finished:
            raise CardPlayError("every card has been played")
        card = Card.parse(card)
        try:
            winner = self.play.play(card)
        except PlayError as exc:
            raise CardPlayError(exc.problem) from None
        self.cards.append(card)
        return winner

    def values(self, *, samples: Optional[int] = None) -> CardValues:
        """Each legal card of the seat on move, as the computer values it
        from that seat's view (a hint)."""
        seat = self.on_move
        if seat is None:
            raise CardPlayError("every card has been played")
        found = card_values(self.view(seat), samples=samples or self.samples, seed=self.seed,
                            workers=self.workers, skip=self._skip.get(seat))
        self._skip[seat] = found.skip
        return found

    def computer_card(self) -> tuple:
        """``(card, values)``: the card the computer plays for the seat on move
        (not yet played) and the values it chose by (None with one legal card)."""
        legal = self.legal_cards()
        if len(legal) == 1:
            return legal[0], None
        found = self.values()
        return Card.parse(found.choice), found

    def take_back(self, count: int) -> None:
        """Return to the position after the first ``count`` cards."""
        if not 0 <= count <= len(self.cards):
            raise CardPlayError(f"there are {len(self.cards)} cards to go back among, "
                                f"not {count}")
        kept = self.cards[:count]
        self.play = Play(self.deal, self.trump, self.how.leader)
        self.cards = []
        for card in kept:
            self.play_card(card)

    # -- claims -----------------------------------------------------------------
    def dd_tricks(self, side: Optional[str] = None) -> int:
        """``side``'s tricks (default: the side whose tricks count) in the whole
        deal if everyone plays double-dummy from here (in a misère, as few as
        it can)."""
        side = side or self.side
        if self.finished:
            return self.tricks_won(side)
        left = self.tricks_left
        mover = self.play.on_move
        on_move = solver.solve(self.play.remaining(), self.trump, self.play.trick_leader,
                               played=self.play.trick, misere=self.misere)
        return self.tricks_won(side) + (on_move if mover.side == side else left - on_move)

    def claim(self, seat, tricks: Optional[int] = None) -> bool:
        """Does a claim by ``seat`` that his side takes ``tricks`` of the tricks
        left (default all; in a misère, at most that many) stand against
        double-dummy play? It does when no defence holds his side to fewer
        (in a misère: makes it take more)."""
        seat = Seat.parse(seat)
        left = self.tricks_left
        tricks = left if tricks is None else tricks
        if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= left:
            raise CardPlayError(f"a claim is 0 to {left} of the tricks left, not {tricks!r}")
        best = self.dd_tricks(seat.side) - self.tricks_won(seat.side)
        return best <= tricks if self.misere else best >= tricks
