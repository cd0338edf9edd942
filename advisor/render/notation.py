"""One notation for every output: the order of the strains and how cards are written.

The choice (README "Notation", docs/analysis.md):

- **Strains: ♠ ♥ ♦ ♣ NT, in every table of every game.** This is the order
  the solver and DDS print (``print(table)``, ``vint solve``, the web page's
  DD table), a bridge player's order, and it does not depend on the game, so
  the same deal looks the same under Vint, Skruuvi or Preference. A game's
  own strains that are not a suit or no-trumps (misère M, semi-contract's
  Courts) come after NT; Skruuvi's grand G stands where NT does. The order in which a game *ranks*
  its bids is a different thing (Vint: ♠ < ♣ < ♦ < ♥ < NT); where an output
  needs it, it is stated in a labelled line (``rank_order_line``), never
  implied by a column order.
- **Cards: the suit symbol, then the rank, ten as 10** (``♥10``, ``♠J``),
  hands the same way (``♠ AK102``). With ``--letters`` the suit is a letter
  (``H10``). Contracts read ``4♥`` (``4H``), also inside sentences. PBN
  strings stay PBN (``T``): they are input a user may copy.
"""

from __future__ import annotations

import re
from typing import Iterable, List, Sequence

from solver.cards import Strain

__all__ = ["DISPLAY_STRAINS", "display_strains", "rank_text", "ranks_text", "card_text",
           "strain_label", "contract_label", "calls_in_text", "replace_contracts",
           "rank_order_line"]

#: The order of the strain columns of every table.
DISPLAY_STRAINS = ("S", "H", "D", "C", "NT")
_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def display_strains(strains: Iterable) -> List:
    """``strains`` (letters or ``Strain``) in the display order: ♠ ♥ ♦ ♣ NT
    (Skruuvi's grand G in NT's place), then a game's other strains (misère M,
    Courts...) in the order given."""
    strains = list(strains)

    def key(item):
        i, s = item
        name = s.name if isinstance(s, Strain) else str(s)
        name = "NT" if name == "G" else name          # Skruuvi's grand is its no-trumps
        return (DISPLAY_STRAINS.index(name), 0) if name in DISPLAY_STRAINS else (5, i)
    return [s for _, s in sorted(enumerate(strains), key=key)]


def rank_text(rank) -> str:
    """A rank as a player writes it: ``A K Q J 10 9 ... 2`` (PBN's ``T`` is 10)."""
    rank = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10"}.get(rank, rank)
    return "10" if rank == "T" else str(rank)


def ranks_text(ranks: Iterable) -> str:
    """A suit's ranks run together, ten as 10: ``AK102``."""
    return "".join(rank_text(r) for r in ranks)


def strain_label(strain: str, symbols: bool) -> str:
    """A strain's letters, as a suit symbol when asked (NT, G, M... stay letters)."""
    return _SYMBOLS[strain] if symbols and strain in _SYMBOLS else strain


def card_text(card, symbols: bool) -> str:
    """``"HT"`` (or a ``Card``) as ``"♥10"`` with ``symbols``, else ``"H10"``."""
    card = str(card)
    if card == "NT" or len(card) == 1:          # a strain named where a card may stand
        return strain_label(card, symbols)
    return strain_label(card[0], symbols) + rank_text(card[1:])


def contract_label(contract: str, symbols: bool) -> str:
    """``"4H"`` as ``"4♥"`` with ``symbols``; ``"3NT"``, ``"5G"`` as they are."""
    return contract[0] + strain_label(contract[1:], symbols)


#: A contract written inside a sentence: "NS make 4H by N".
_CONTRACT_IN_TEXT = re.compile(r"\b([1-7])(NT|[SHDC])\b")


def replace_contracts(text: str, draw) -> str:
    """``text`` with each contract written in it (``4H``, ``3NT``) replaced by
    ``draw(contract)`` (the HTML report draws its suits in colour)."""
    return _CONTRACT_IN_TEXT.sub(lambda m: draw(m.group(0)), text)


def calls_in_text(text: str, symbols: bool) -> str:
    """A sentence with its contracts' suits as symbols when asked."""
    if not symbols:
        return text
    return replace_contracts(text, lambda c: contract_label(c, True))


def rank_order_line(game: str, strains: Sequence[str], symbols: bool) -> str:
    """The labelled bid order of a game's strains (``strains`` in the game's
    order): ``Bid rank in vint, lowest first: ♠ ♣ ♦ ♥ NT``."""
    return (f"Bid rank in {game}, lowest first: "
            + " ".join(strain_label(s, symbols) for s in strains))
