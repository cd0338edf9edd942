"""Card play: the computer plays a card as a whist player does, and judges the cards played.

Vint has no dummy: each player sees his own hand, the auction and the cards
played. The computer plays a card the way GIB and Ben do: it deals the
unseen cards many times to fit what the player has seen (the auction read
by the bidding system, the cards played, the voids shown), solves each deal
double-dummy after each legal card, and plays the card with the best mean
score in the game's own scoring.

- ``view``: ``PlayerView``, what one player knows at his turn;
- ``hidden``: ``HiddenCards``, dealing the cards he has not seen;
- ``values``: ``card_values`` and ``choose_card``, each legal card's mean
  score and tricks with their standard errors (``CardValues``);
- ``table``: ``BoardPlay``, a deal played card by card with the computer in
  any seats, and the baselines the benchmark plays against;
- ``judge``: ``judge_cards``, each card played against what its player
  could know (the single-dummy half of the review).

docs/play.md describes the method and its measurements.
"""

from .view import CardPlayError, PlayerView, contract_play, playable_by_card
from .hidden import HiddenCards, HiddenDeals
from .values import (CardValue, CardValues, Loss, card_values, choose_card, default_samples,
                     equal_cards)
from .table import BoardPlay
from .judge import Judgement, judge_card, judge_play, verdict

__all__ = ["CardPlayError", "PlayerView", "contract_play", "playable_by_card", "HiddenCards",
           "HiddenDeals", "CardValue", "CardValues", "Loss", "card_values", "choose_card",
           "default_samples", "equal_cards", "BoardPlay", "Judgement", "judge_card",
           "judge_play", "verdict"]
