"""A rubber score sheet: deals add up below the line into games, games into rubbers.

Used by the games scored like Vint: the first side with ``game_points`` or more
below the line wins the game, a new line is drawn, and the first side to win
two games wins the rubber. The bonuses are set by each game's subclass.
"""

from __future__ import annotations

from typing import Dict, List, Optional

from .base import SIDES, DealScore, RulesError, other_side, parse_side, side_of


class RubberSheet:
    """Accumulates ``DealScore``s into games and rubbers.

    ``games`` lists the winner of each game so far (all rubbers),
    ``rubbers`` the winner of each finished rubber, ``events`` what happened,
    in words. ``totals()`` is each side's whole score, bonuses included.
    """

    game_points = 500
    #: Bonus for winning a game that does not end the rubber.
    game_bonus = 500
    #: Bonus for the game that wins the rubber.
    rubber_bonus = 1000
    #: True when the rubber bonus is scored instead of that game's bonus,
    #: False when it is scored on top of it.
    rubber_replaces_game_bonus = True

    def __init__(self, rules=None):
        self.rules = rules
        self.deals: List[DealScore] = []
        self.games: List[str] = []
        self.rubbers: List[str] = []
        self.events: List[str] = []
        self.below: Dict[str, int] = {"NS": 0, "EW": 0}   # the current game
        self.above: Dict[str, int] = {"NS": 0, "EW": 0}   # everything above, bonuses too
        self.below_total: Dict[str, int] = {"NS": 0, "EW": 0}
        self.rubber_games: Dict[str, int] = {"NS": 0, "EW": 0}

    # -- adding deals -----------------------------------------------------
    def add(self, score: DealScore, first_to_game: Optional[str] = None) -> List[str]:
        """Enter one deal; returns what it decided (games, rubber), in words.

        ``first_to_game`` names the side that reached game first when both pass
        the target during this deal and the order of the tricks is not known.
        """
        if not isinstance(score, DealScore):
            raise RulesError(f"a score sheet adds DealScore objects, not {score!r}")
        self.deals.append(score)
        before = dict(self.below)
        for side in SIDES:
            self.below[side] += score.below[side]
            self.below_total[side] += score.below[side]
            self.above[side] += score.above[side]
        reached = [s for s in SIDES if self.below[s] >= self.game_points]
        if not reached:
            return []
        if len(reached) == 2:
            winner = self._first_to_game(score, before, first_to_game)
        else:
            winner = reached[0]
        return self._win_game(winner)

    def _first_to_game(self, score: DealScore, before: Dict[str, int], named) -> str:
        """Who reached game first when both sides passed it in one deal.

        From the trick order when it is known; else the side named by the caller;
        else the side with more below the line (declarer's side on a tie) — see
        docs/rules.md, "Game and Rubber".
        """
        if score.trick_winners is not None and score.trick_value:
            running = dict(before)
            for side in score.trick_winners:
                running[side] += score.trick_value
                if running[side] >= self.game_points:
                    return side
        if named is not None:
            return parse_side(named)
        ns, ew = self.below["NS"], self.below["EW"]
        if ns != ew:
            return "NS" if ns > ew else "EW"
        return side_of(score.declarer) if score.declarer else "NS"

    def _win_game(self, winner: str) -> List[str]:
        self.games.append(winner)
        self.rubber_games[winner] += 1
        self.below = {"NS": 0, "EW": 0}
        events = [f"{winner} win game {len(self.games)}"]
        if self.rubber_games[winner] == 2:
            bonus = self.rubber_bonus + self._rubber_extra(winner)
            if not self.rubber_replaces_game_bonus:
                bonus += self.game_bonus
            self.above[winner] += bonus
            self.rubbers.append(winner)
            events.append(f"{winner} win the rubber (+{bonus})")
            self.rubber_games = {"NS": 0, "EW": 0}
        else:
            self.above[winner] += self.game_bonus
            events[-1] += f" (+{self.game_bonus})"
        self.events.extend(events)
        return events

    def _rubber_extra(self, winner: str) -> int:
        """Any further points the rubber's winner scores (none by default)."""
        return 0

    # -- reading the sheet --------------------------------------------------
    def totals(self) -> Dict[str, int]:
        """Each side's whole score: all points above and below the line."""
        return {s: self.above[s] + self.below_total[s] for s in SIDES}

    def difference(self, side: str = "NS") -> int:
        """``side``'s total minus the other side's."""
        t = self.totals()
        return t[parse_side(side)] - t[other_side(side)]

    @property
    def rubber_over(self) -> bool:
        """True between rubbers (no game of a new rubber won yet)."""
        return not any(self.rubber_games.values())
