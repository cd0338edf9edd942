"""The review of a played Preference deal (seed 001, three players).

A played deal is JSON: ``{"deal": "H0 H1 H2 / W1 W2", "declarer": 0, "trump":
"H", "play": ["SA", "S7", ...]}``, with ``"widow": {"bid": 3, "discard":
["D7", "C7"]}`` when the declarer took the widow in the second round (he adds
the widow to his hand and lays off the two cards; the play is then from the
hands after that). A file holds one such object or a list of them.

Each card is judged as the four-hand review judges it: the declarer's
double-dummy tricks before the card (the best card of the player on move)
and after it, the tricks it cost its own side (the declarer's, or the two
defenders' together), and the cards that kept the most. The deal's summary
compares the tricks taken with the double-dummy tricks at the start and the
payments they bring (``Preference.score``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import List, Optional

from solver.cards import Card
from solver.general import PIQUET, GeneralSolver

from .rules.preference import (PLAYERS, PREFERENCE_SUITS, Preference, PreferenceDeal,
                               PreferenceError)

__all__ = ["PreferenceCard", "PreferenceReview", "review_preference", "read_preference_games",
           "preference_review_text"]


@dataclass
class PreferenceCard:
    """One card: ``before``/``after`` the declarer's tricks (double-dummy, all
    tricks of the deal), ``lost`` the tricks it cost the player's side."""

    index: int
    trick: int
    player: int
    card: str
    before: int
    after: int
    lost: int
    best: List[str]

    def to_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class PreferenceReview:
    declarer: int
    trump: str
    dd_start: int
    tricks_taken: Optional[int]
    cards: List[PreferenceCard] = field(default_factory=list)
    paid: Optional[int] = None         # to the declarer from the pool (minus: into it)
    paid_dd: int = 0

    def to_dict(self) -> dict:
        return {"rules": "preference", "declarer": self.declarer, "trump": self.trump,
                "dd_start": self.dd_start, "tricks_taken": self.tricks_taken,
                "paid": self.paid, "paid_dd": self.paid_dd,
                "cards": [c.to_dict() for c in self.cards]}


def _net(game: Preference, declarer: int, trump: str, tricks: int) -> int:
    s = game.score(declarer, trump, tricks)
    return s.from_pool.get(declarer, 0) - s.into_pool.get(declarer, 0)


def _winner(trick, trump: str) -> int:
    """The index in ``trick`` (cards in play order) of the card that wins it."""
    led = trick[0].suit
    trump_suit = "SHDC".index(trump)

    def key(card):
        return (card.suit == trump_suit, card.suit == led, card.rank)
    return max(range(len(trick)), key=lambda i: key(trick[i]))


def review_preference(game_data, *, unit: int = 1) -> PreferenceReview:
    """Review one played deal (a dict as in the module's docstring)."""
    if not isinstance(game_data, dict):
        raise PreferenceError("a played Preference deal is a JSON object with deal, "
                              "declarer, trump and play")
    game = Preference(unit)
    deal = PreferenceDeal.parse(game_data.get("deal"))
    declarer, trump = game_data.get("declarer"), str(game_data.get("trump", "")).upper()
    if isinstance(declarer, bool) or declarer not in range(PLAYERS):
        raise PreferenceError(f"declarer is a player 0, 1 or 2, not {declarer!r}")
    if trump not in PREFERENCE_SUITS:
        raise PreferenceError(f"Preference always has a trump suit (S C D H), not {trump!r}")
    widow = game_data.get("widow")
    if widow:
        if not isinstance(widow, dict) or not isinstance(widow.get("discard"), list):
            raise PreferenceError('the widow is {"bid": counters, "discard": [two cards]}')
        deal = deal.take_widow(declarer, widow["discard"])
    play = game_data.get("play") or []
    if not isinstance(play, list):
        raise PreferenceError("play is a list of cards in the order played")
    hands = [list(h) for h in deal.hands]
    solver = GeneralSolver(PIQUET)
    side = {declarer}
    leader = game.opening_leader(declarer)
    start = solver.solve([list(h) for h in hands], trump, leader, side=side)
    review = PreferenceReview(declarer, trump, start, None)
    won = 0
    trick: List[Card] = []
    on_move = leader
    for k, text in enumerate(play):
        try:
            card = Card.parse(text)
        except ValueError as e:
            raise PreferenceError(f"card {k + 1}: {e}") from None
        values = solver.solve_cards(hands, trump, (on_move - len(trick)) % PLAYERS,
                                    side=side, played=list(trick))
        if card not in values:
            raise PreferenceError(f"card {k + 1}: player {on_move} cannot play {card} "
                                  f"(legal: {' '.join(str(c) for c in values)})")
        ours = on_move == declarer
        best_value = max(values.values()) if ours else min(values.values())
        before, after = won + best_value, won + values[card]
        review.cards.append(PreferenceCard(
            k + 1, k // PLAYERS + 1, on_move, str(card), before, after, abs(before - after),
            [str(c) for c, v in values.items() if v == best_value]))
        hands[on_move].remove(card)
        trick.append(card)
        if len(trick) == PLAYERS:
            first = (on_move + 1) % PLAYERS
            winner = (first + _winner(trick, trump)) % PLAYERS
            won += winner == declarer
            trick, on_move = [], winner
        else:
            on_move = (on_move + 1) % PLAYERS
    review.paid_dd = _net(game, declarer, trump, start)
    if len(play) == PLAYERS * len(deal.hands[0]):
        review.tricks_taken = won
        review.paid = _net(game, declarer, trump, won)
    return review


def read_preference_games(text: str) -> List[dict]:
    """The played deals of a JSON text: one object or a list of them."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise PreferenceError(f"a Preference file is JSON: {e}") from None
    games = data if isinstance(data, list) else [data]
    if not games:
        raise PreferenceError("the file holds no played deal")
    return games


def preference_review_text(rv: PreferenceReview) -> str:
    """A review as lines of text (``vint review --rules preference``)."""
    lines = [f"Preference: player {rv.declarer} declares {rv.trump}; double-dummy at the "
             f"start: {rv.dd_start} tricks (pays {rv.paid_dd:+d})"]
    if rv.tricks_taken is not None:
        lines.append(f"Taken: {rv.tricks_taken} tricks (pays {rv.paid:+d}); "
                     f"{rv.tricks_taken - rv.dd_start:+d} against double-dummy")
    else:
        lines.append("The play is not complete: no result.")
    costly = [c for c in rv.cards if c.lost]
    for c in costly:
        lines.append(f"  trick {c.trick}: player {c.player} played {c.card}, costing "
                     f"{c.lost} trick{'s' if c.lost > 1 else ''} (best: {' '.join(c.best)})")
    if rv.cards and not costly:
        lines.append("  every card kept the double-dummy result")
    return "\n".join(lines)
