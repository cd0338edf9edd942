"""Bridge par from a double-dummy table, for the PBN tags other bridge tools read.

``vint annotate`` writes ``OptimumScore`` and ``ParContract`` into bridge files
(docs/batch.md). Bridge is not one of the project's games (it has doubles and
a dummy), so its scoring lives here, next to the one thing that needs it.

Scoring is duplicate bridge's: a made contract scores its trick score (clubs
and diamonds 20 a trick, hearts and spades 30, no-trumps 40 for the first trick
and 30 after), overtricks at the same rate, 50 for a part score, 300 (500
vulnerable) for a game, 500/750 for a small slam and 1000/1500 for a grand
slam. Par, as DDS computes it (``DealerParBin``), assumes that a contract that
makes is not doubled and one that fails is doubled: 100, 200, 200, then 300
a trick non-vulnerable, 200 then 300 a trick vulnerable.

Par is then the auction game of ``advisor.par.AuctionGame`` over the 35
bridge contracts (C < D < H < S < NT at each level), every contract valued
that way: the dealer's side may bid first, either side may overcall, and
neither side gains by bidding on. ``tests/test_batch_bridge.py`` checks the
score and the contracts against DDS (``endplay.dds.par``) on random deals,
every vulnerability and dealer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Tuple

from solver.cards import SEATS, Seat

from ..par import AuctionGame
from ..valuation import as_table

__all__ = ["BridgeContract", "BridgePar", "BridgeError", "bridge_score", "par_value", "bridge_par",
           "parse_vulnerable", "board_vulnerable", "ns_score", "VULNERABLE", "STRAINS"]

#: Bridge strains lowest first, as contracts are ranked at each level.
STRAINS = ("C", "D", "H", "S", "NT")
SIDES = ("NS", "EW")
#: ``[Vulnerable]`` values (PBN 2.1 and the spellings programs write) -> the
#: vulnerable sides.
VULNERABLE = {"none": (), "love": (), "-": (), "": (), "ns": ("NS",), "n-s": ("NS",),
              "ew": ("EW",), "e-w": ("EW",), "all": ("NS", "EW"), "both": ("NS", "EW")}
#: Vulnerability of boards 1..16 (board n uses entry (n - 1) % 16), as dealt
#: in every duplicate movement.
_BOARD_VULNERABLE = ("none", "ns", "ew", "all", "ns", "ew", "all", "none",
                     "ew", "all", "none", "ns", "all", "none", "ns", "ew")


class BridgeError(ValueError):
    """A vulnerability or board that cannot be read."""


def parse_vulnerable(text) -> Tuple[str, ...]:
    """The vulnerable sides of a ``[Vulnerable]`` value (``"NS"``, ``"All"``, ``"-"``...)."""
    key = str(text).strip().lower()
    if key not in VULNERABLE:
        raise BridgeError(f"unknown vulnerability {str(text)[:20]!r}: use None, NS, EW or All")
    return VULNERABLE[key]


def board_vulnerable(board: int) -> Tuple[str, ...]:
    """The vulnerable sides of duplicate board ``board`` (1, 2, ...)."""
    return VULNERABLE[_BOARD_VULNERABLE[(int(board) - 1) % 16]]


def _trick_score(level: int, strain: str) -> int:
    if strain in ("C", "D"):
        return 20 * level
    if strain in ("H", "S"):
        return 30 * level
    return 40 + 30 * (level - 1)


def bridge_score(level: int, strain: str, tricks: int, vulnerable: bool, *,
                 doubled: bool = False) -> int:
    """The declaring side's duplicate score for a contract (``tricks``: declarer's).

    Down: 50 a trick (100 vulnerable); doubled 100, 200, 200, then 300 a trick
    (vulnerable 200, then 300 a trick). Made doubled: twice the trick score,
    50 for the insult, overtricks 100 each (200 vulnerable)."""
    needed = level + 6
    if tricks < needed:
        down = needed - tricks
        if not doubled:
            return -(100 if vulnerable else 50) * down
        if vulnerable:
            return -(200 + 300 * (down - 1))
        return -(100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0))
    over = tricks - needed
    trick_score = _trick_score(level, strain) * (2 if doubled else 1)
    if doubled:
        extra = 50 + over * (200 if vulnerable else 100)
    else:
        extra = over * (20 if strain in ("C", "D") else 30)
    bonus = (500 if vulnerable else 300) if trick_score >= 100 else 50
    if level == 6:
        bonus += 750 if vulnerable else 500
    elif level == 7:
        bonus += 1500 if vulnerable else 1000
    return trick_score + extra + bonus


def par_value(level: int, strain: str, tricks: int, vulnerable: bool) -> int:
    """A contract as par values it: not doubled when it makes, doubled when it fails."""
    return bridge_score(level, strain, tricks, vulnerable, doubled=tricks < level + 6)


@dataclass(frozen=True)
class BridgeContract:
    """One par contract: ``level``, ``strain`` (C D H S NT), ``seats`` that
    declare it with that result (``"NS"`` when both, or one seat), ``doubled``
    (a sacrifice) and ``result`` (tricks over or under the contract)."""

    level: int
    strain: str
    seats: str
    doubled: bool
    result: int

    def __str__(self) -> str:
        """The seats and the contract as PBN's ``Contract`` tag writes it, without
        the result: ``NS 4S``, ``E 3NT``, ``EW 5DX``."""
        return f"{self.seats} {self.level}{self.strain}{'X' if self.doubled else ''}"


@dataclass(frozen=True)
class BridgePar:
    """Bridge par: ``score`` for NS (NS plus, EW minus) and the par ``contracts``
    (empty when the deal is passed out)."""

    score: int
    contracts: Tuple[BridgeContract, ...]

    @property
    def optimum_score(self) -> str:
        """The ``[OptimumScore]`` value: ``NS +620``, ``NS -500``, ``NS 0``."""
        return ns_score(self.score)

    @property
    def par_contract(self) -> str:
        """The ``[ParContract]`` value: the contracts joined by ``, `` (``NS 4S``,
        ``EW 5DX, EW 5HX``), or ``Pass``."""
        return ", ".join(str(c) for c in self.contracts) or "Pass"

    def to_dict(self) -> dict:
        return {"score": self.score, "contracts": [
            {"level": c.level, "strain": c.strain, "seats": c.seats, "doubled": c.doubled,
             "result": c.result} for c in self.contracts]}


def ns_score(score: int) -> str:
    """A score as the ``OptimumScore`` tag gives it, for NS: ``NS +620``,
    ``NS -500``, ``NS 0`` (as the files endplay ships write it)."""
    return f"NS {score:+d}" if score else "NS 0"


def bridge_par(table, *, dealer="N", vulnerable=()) -> BridgePar:
    """Bridge par of a DD table (``solver.DDTable`` or dict) with ``dealer``
    first to call and ``vulnerable`` sides (``("NS",)``, or a ``[Vulnerable]``
    value such as ``"All"``)."""
    table = as_table(table)
    if isinstance(vulnerable, str):
        vulnerable = parse_vulnerable(vulnerable)
    ladder = [(level, strain) for level in range(1, 8) for strain in STRAINS]
    best = {(i, side): _side_result(table, level, strain, side, side in vulnerable)
            for i, (level, strain) in enumerate(ladder) for side in SIDES}
    game = AuctionGame([f"{lv}{st}" for lv, st in ladder], list(range(len(ladder))),
                       lambda i, side: best[i, side][0], lambda i, side: best[i, side][1],
                       Seat.parse(dealer).side, keep_line=False)
    score = game.start().score
    return BridgePar(score, tuple(_par_contracts(game, ladder, best, score)))


def _side_result(table, level: int, strain: str, side: str, vulnerable: bool):
    """``(NS score, seats, tricks)`` of a contract played by the side's better
    declarer (``seats``: every seat of the side that takes those tricks, N
    before S)."""
    seats = [s for s in SEATS if s.side == side]
    tricks = {s: table[s, strain] for s in seats}
    most = max(tricks.values())
    score = par_value(level, strain, most, vulnerable)
    who = "".join(s.name for s in seats if tricks[s] == most)
    return (score if side == "NS" else -score), who, most


def _par_contracts(game: AuctionGame, ladder, best, score: int) -> List[BridgeContract]:
    """The contracts DDS lists for par ``score``, none when the deal is passed out.

    For each strain, the lowest contract of the par side that scores ``score``,
    where the auction ends (``game.after_bid``), and above which the other
    side has no contract that would score it strictly more: so a making
    contract is bid high enough to shut out the other side's competition, and
    a sacrifice is bid over the other side's best contract. (The game alone
    leaves ties open: a side that gains nothing by bidding on may as well pass.)
    """
    final = game.start().final
    if final is None:
        return []
    side = final[1]
    them = "EW" if side == "NS" else "NS"
    sign = 1 if them == "NS" else -1            # the other side's gain, in NS terms

    def shut_out(i: int) -> bool:
        return all(sign * best[j, them][0] <= sign * score for j in range(i + 1, len(ladder)))

    out = []
    for strain in STRAINS:
        for i, (level, st) in enumerate(ladder):
            if st == strain and best[i, side][0] == score and shut_out(i) \
                    and game.after_bid(i, side).score == score:
                _, seats, tricks = best[i, side]
                result = tricks - level - 6
                out.append(BridgeContract(level, strain, seats, result < 0, result))
                break
    return out
