"""Practising Preference's auction (seed 001): the player calls for one of
the three players, the advisor (``advisor.bidding.preference``) for the other
two.

Each board is dealt as the text deals it, from the dealer's left: "Three
cards are given to each player the first round, then two are laid off for a
widow, then four to each player, and then three to each" (``deal_board``).
The dealer turns one place left each board. When the auction ends the board
is played double-dummy: a suit named in the first round by its namer (the
widow stays out), the widow taken by the widow bidder with his best lay-off
and trump (``Preference.best_widow``); the payment goes through the session's
pool (``PreferencePool``: each player antes, the widow bid goes in, the
declarer is paid from it or pays into it). A board nobody bids is thrown in.

The four-player form (``persons=4``; seed 001: "If four persons play, the
dealer takes no cards"): four people 0-3 sit round, the deal passes to the
left each board, and the dealer deals the three others and sits the deal out
(no cards, no call, no payment), so each person sits out one board in four
(the player too: the computer then calls for all three). A board is kept in
the three-player frame the rules know (its players 0, 1, 2 are the dealer's
left-hand, opposite and right-hand persons, ``PreferenceBoard.persons``; the
frame's dealer is 2, so 0 calls first); what the session shows (``state``,
the calls, the result, the pool) numbers the persons.

``vint practice --rules preference [--players 4]`` and the web API's practice
(``"rules": "preference"``) are its two faces.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import List, Optional

from solver.cards import Hand
from solver.general import PIQUET

from .bidding.preference import PreferenceAdvice, advise_preference
from .rules.preference import (PLAYERS, PREFERENCE_SUITS, WIDOW_BID, Preference, PreferenceDeal,
                               PreferenceError, PreferencePool)

#: The people a session may seat: the game's three, or four with the dealer out.
PERSONS = (PLAYERS, PLAYERS + 1)

__all__ = ["PreferencePractice", "PreferenceBoard", "deal_board"]

#: The text's deal: rounds of 3, the widow's 2, then 4 and 3 a player.
DEAL_ORDER = (3, "widow", 4, 3)
#: Samples each computer call and hint averages over (about 0.3 s a call).
PRACTICE_SAMPLES = 12


def deal_board(rng: random.Random, dealer: int) -> PreferenceDeal:
    """A shuffled 32-card pack dealt as the text says, from the dealer's left."""
    pack = list(PIQUET.deck)
    rng.shuffle(pack)
    hands: List[list] = [[] for _ in range(PLAYERS)]
    widow: list = []
    order = [(dealer + 1 + k) % PLAYERS for k in range(PLAYERS)]
    for step in DEAL_ORDER:
        if step == "widow":
            widow += [pack.pop(), pack.pop()]
            continue
        for p in order:
            hands[p] += [pack.pop() for _ in range(step)]
    return PreferenceDeal(tuple(tuple(h) for h in hands), tuple(widow))


@dataclass
class PreferenceBoard:
    """One board. ``dealer`` and the hands of ``deal`` are in the three-player
    frame; ``persons[k]``: the person who holds hand ``k`` (three players:
    0, 1, 2 themselves); ``sitter``: the dealer who takes no cards (the
    four-player form), else None. ``calls`` and ``result`` number persons."""

    number: int
    dealer: int
    deal: PreferenceDeal
    calls: List[dict] = field(default_factory=list)     # {"player", "call", "mine", "reason"}
    result: Optional[dict] = None
    persons: tuple = tuple(range(PLAYERS))
    sitter: Optional[int] = None

    @property
    def dealing_person(self) -> int:
        """The person who deals: the sitter, or the frame's dealer."""
        return self.persons[self.dealer] if self.sitter is None else self.sitter

    @property
    def auction(self) -> List[str]:
        return [c["call"] for c in self.calls]

    @property
    def finished(self) -> bool:
        return self.result is not None


class PreferencePractice:
    """A Preference practice session: ``seat`` the player's number (0, 1, 2;
    with ``persons=4``, the four-player form, 0-3)."""

    def __init__(self, seat=0, *, seed: Optional[int] = None, ante: int = 10,
                 samples: int = PRACTICE_SAMPLES, persons: int = PLAYERS):
        if persons not in PERSONS:
            raise PreferenceError(f"Preference is played by three or four persons, not "
                                  f"{persons!r}")
        numbers = [str(p) for p in range(persons)]
        if str(seat).strip() not in numbers:
            raise PreferenceError(f"your seat in Preference is a player "
                                  f"{', '.join(numbers[:-1])} or {numbers[-1]}, not {seat!r}")
        self.seat = int(seat)
        self.persons = persons
        self.game = Preference()
        self.pool = PreferencePool(ante, persons=persons)
        self.samples = samples
        self._rng = random.Random(seed)
        self.seed = seed
        self.boards: List[PreferenceBoard] = []
        self.new_board()

    # -- the board in play ------------------------------------------------------
    @property
    def board(self) -> PreferenceBoard:
        return self.boards[-1]

    @property
    def finished_boards(self) -> List[PreferenceBoard]:
        return [b for b in self.boards if b.finished]

    def _over(self, calls) -> bool:
        trump, _, _ = self.game.auction_result(calls, self.board.dealer)
        return (trump is not None and len(calls) >= PLAYERS) or len(calls) >= 2 * PLAYERS

    @property
    def me(self) -> Optional[int]:
        """The player's hand in the board's frame; None while he sits out."""
        persons = self.board.persons
        return persons.index(self.seat) if self.seat in persons else None

    @property
    def _frame_to_call(self) -> Optional[int]:
        b = self.board
        if b.finished or self._over(b.auction):
            return None
        return (b.dealer + 1 + len(b.calls)) % PLAYERS

    @property
    def to_call(self) -> Optional[int]:
        """The person to call next (None: the auction is over)."""
        frame = self._frame_to_call
        return None if frame is None else self.board.persons[frame]

    def legal_calls(self) -> List[str]:
        calls = self.board.auction
        if self.to_call is None:
            return []
        if len(calls) < PLAYERS:
            named = [c for c in calls if c in PREFERENCE_SUITS]
            low = PREFERENCE_SUITS.index(named[-1]) + 1 if named else 0
            return ["P"] + list(PREFERENCE_SUITS[low:])
        top = max([int(c[1:]) for c in calls[PLAYERS:] if c.startswith(WIDOW_BID)] or [0])
        return ["P", f"{WIDOW_BID}{top + 1}"]      # or any higher widow bid

    def new_board(self) -> PreferenceBoard:
        number = len(self.boards) + 1
        if self.persons == PLAYERS:
            dealer = (number + 1) % PLAYERS        # board 1: player 2 deals, 0 calls first
            board = PreferenceBoard(number, dealer, deal_board(self._rng, dealer))
        else:
            # Four: the dealer (board 1: person 3) takes no cards; the three
            # others, from his left, are the frame's players 0, 1, 2 (dealer 2).
            sitter = (number + 2) % self.persons
            persons = tuple((sitter + 1 + k) % self.persons for k in range(PLAYERS))
            board = PreferenceBoard(number, PLAYERS - 1, deal_board(self._rng, PLAYERS - 1),
                                    persons=persons, sitter=sitter)
        self.boards.append(board)
        self._computer_calls()
        return self.board

    def skip(self) -> PreferenceBoard:
        """Leave the board in play unscored (if it is not over) and deal the next."""
        if not self.board.finished:
            self.board.result = {"contract": None, "note": "skipped: not scored"}
        return self.new_board()

    def _advice(self, player: int) -> PreferenceAdvice:
        """The advisor's call for the frame's ``player``."""
        b = self.board
        return advise_preference(list(b.deal.hands[player]), player, b.dealer, b.auction,
                                 samples=self.samples, seed=1000 * b.number + len(b.calls))

    def hint(self) -> PreferenceAdvice:
        if self.to_call != self.seat:
            raise PreferenceError("it is not your turn to call")
        return self._advice(self.me)

    def call(self, text: str) -> List[dict]:
        """The player's call; then the computer's calls up to his next turn or the end."""
        if self.to_call != self.seat:
            raise PreferenceError("the board is over: deal the next" if self.board.finished
                                  else "it is not your turn to call")
        call = str(text).strip().upper()
        call = "P" if call in ("PASS", "P") else call
        b = self.board
        self.game.auction_result(b.auction + [call], b.dealer)       # refuses an illegal call
        if len(b.calls) >= PLAYERS and call in PREFERENCE_SUITS:
            raise PreferenceError("second round: pass or bid counters for the widow (W1, W2 ...)")
        record = {"player": self.seat, "call": call, "mine": True, "reason": None}
        b.calls.append(record)
        return [record] + self._computer_calls()

    def undo(self) -> None:
        """Take back the player's last call (and the computer's after it)."""
        b = self.board
        if b.finished:
            raise PreferenceError("the board is over: nothing to take back")
        mine = [i for i, c in enumerate(b.calls) if c["mine"]]
        if not mine:
            raise PreferenceError("no call of yours to take back")
        del b.calls[mine[-1]:]

    def _computer_calls(self) -> List[dict]:
        added = []
        while True:
            player = self._frame_to_call
            if player is None:
                self._finish()
                return added
            if player == self.me:
                return added
            advice = self._advice(player)
            record = {"player": self.board.persons[player], "call": advice.call, "mine": False,
                      "reason": advice.reason}
            self.board.calls.append(record)
            added.append(record)

    def _finish(self) -> None:
        b = self.board
        trump, declarer, widow_bid = self.game.auction_result(b.auction, b.dealer)
        if declarer is None:
            b.result = {"contract": None, "note": "thrown in: nobody bid"}
            return
        discard = None
        if trump is None:                      # the widow bidder: best lay-off and trump
            choice = self.game.best_widow(b.deal, declarer)
            trump, tricks, discard = choice.trump, choice.tricks, [str(c) for c in choice.discard]
        else:
            tricks = self.game.dd_tricks(b.deal, declarer, trump)
        declarer = b.persons[declarer]
        score = self.pool.record(declarer, trump, tricks, widow_bid=widow_bid)
        b.result = {"contract": trump, "declarer": declarer, "widow_bid": widow_bid,
                    "discard": discard, "tricks": tricks, "made": score.made,
                    "items": list(score.items)}

    # -- what the faces show ---------------------------------------------------
    def state(self) -> dict:
        b = self.board
        to_call = self.to_call
        me = self.me
        hands = {b.persons[k]: [str(c) for c in sorted(h)] for k, h in enumerate(b.deal.hands)}
        return {"rules": "preference", "seat": self.seat, "persons": self.persons,
                "board": b.number, "dealer": b.dealing_person, "sitting_out": b.sitter,
                "players": list(b.persons),      # the three who hold cards, in turn
                "hand": [] if me is None else hands[self.seat],
                "auction": list(b.calls), "to_call": to_call,
                "legal": self.legal_calls() if to_call == self.seat else [],
                "finished": b.finished, "result": b.result,
                # by person; the four-player form's dealer holds none (None)
                "hands": ([hands.get(p) for p in range(self.persons)] if b.finished
                          else None),
                "widow": [str(c) for c in b.deal.widow] if b.finished else None,
                "sheet": {"balance": dict(self.pool.balance), "pool": self.pool.pool},
                "boards_done": len(self.finished_boards)}

    def pbn(self) -> str:
        """The finished boards as JSON (deal, dealer, calls, result): Preference
        has no PBN form."""
        return json.dumps([{"board": b.number, "dealer": b.dealing_person,
                            "players": list(b.persons),
                            "deal": " ".join(Hand(h).to_pbn() for h in b.deal.hands)
                            + " / " + " ".join(str(c) for c in b.deal.widow),
                            "calls": b.auction, "result": b.result}
                           for b in self.finished_boards], ensure_ascii=False)
