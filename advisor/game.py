"""What every part of the advisor asks of a game, answered once.

- ``rule_set(rules)``: the rule set of a game given by name (``"vint"``) or as
  a ``RuleSet``;
- ``strain_of(rules, contract)``: the double-dummy strain a contract is played
  in (None for contracts a DD table cannot score: misère, Courts, all-pass);
- ``playable_contracts(rules)``: the contracts a DD table scores, lowest bid first;
- ``declarer_tricks(table, rules, declarer, strain)``: declarer's side's
  tricks with the game's own opening leader;
- ``close_auction(rules, calls)``: an unfinished auction completed with passes;
- ``passed_out(rules, calls, dealer)``: the contract if everyone passed from here;
- ``raise_kitty_bid(rules, kitty_bid, kitty_bidder)``: the contract a Skruuvi
  kitty bid below level 5 is played in (the main players must raise it);
- ``misere_contracts(rules)``, ``is_misere(rules, contract)``: the bid misères
  and all-pass misère a game scores (``RuleSet.misere_strain``,
  ``all_pass_contract``); ``extra_strain(rules, contract)``: a strain the
  general solver plays (``RuleSet.extra_strains``).

The rule set itself answers who leads (``rules.opening_leader(declarer)``)
and whose call it is (``rules.seat_of_call(dealer, index)``).
"""

from __future__ import annotations

from typing import List, Optional, Tuple

from solver.cards import Seat, Strain

from . import rules as _rules
from .rules.base import PASS, RuleSet, RulesError, split_calls

__all__ = ["rule_set", "strain_of", "playable_contracts", "dd_strains", "declarer_tricks",
           "table_row", "close_auction", "passed_out", "raise_kitty_bid", "first_side",
           "misere_contracts", "is_misere", "extra_strain", "NO_TRUMP_LETTERS",
           "LOWEST_FINAL_LEVEL", "table_leader"]

#: Strain letters played without trumps (``NT``, Skruuvi's grand ``G``). Every
#: other playable strain letter is a suit.
NO_TRUMP_LETTERS = ("NT", "G")


def rule_set(rules) -> RuleSet:
    """A rule set given by name (``"vint"``) or as a ``RuleSet``."""
    return rules if isinstance(rules, RuleSet) else _rules.get(rules)


def strain_of(rules, contract) -> Optional[Strain]:
    """The DD table's strain for a contract, or None if the table cannot score it."""
    try:
        c = rule_set(rules).contract(contract)
    except RulesError:
        return None                      # "PASS" and other non-contracts in the list
    if c.level == 0:
        return None                      # all-pass deals
    if c.trumps is not None:
        return c.trumps
    if c.strain in NO_TRUMP_LETTERS:
        return Strain.NT
    return None                          # misère, Courts


def playable_contracts(rules="vint") -> List[str]:
    """The contracts a game plays that a double-dummy table scores, lowest bid first.

    vint, vint-foster, vint-siberian and semi-contract offer 1S..7NT (Vint
    order: S < C < D < H < NT at each level); skruuvi and skruuvi-old offer
    levels 5 to 7 in S C D H G. Misère, Courts and all-pass deals are left out.
    """
    rs = rule_set(rules)
    offered = [c for c in rs.contracts() if strain_of(rs, c) is not None]
    return sorted(offered, key=lambda c: rs.bid_rank(rs.contract(c)))


def dd_strains(rules="vint") -> List[Strain]:
    """The DD table's strains of a game's playable contracts, in the game's order,
    lowest first (Vint: S C D H NT; Skruuvi's grand is no-trumps)."""
    out: List[Strain] = []
    for contract in playable_contracts(rules):
        strain = strain_of(rules, contract)
        if strain not in out:
            out.append(strain)
    return out


def table_row(rules, declarer) -> Seat:
    """The DD table row (a declarer whose left-hand opponent leads) that gives
    ``declarer``'s tricks under the game's opening lead."""
    return rule_set(rules).opening_leader(declarer).rho


def declarer_tricks(table, rules, declarer, strain) -> int:
    """Tricks declarer's side takes in a strain, with the game's opening leader.

    The DD table counts tricks with declarer's left-hand opponent leading;
    where another player leads (Siberian Vint: declarer), the entry of the
    seat whose left-hand opponent is that leader is used.
    """
    declarer = Seat.parse(declarer)
    row = table_row(rules, declarer)
    tricks = table[row, strain]
    return tricks if row.side == declarer.side else 13 - tricks


def first_side(rules, dealer) -> str:
    """The side that calls first: the dealer's, or in games where the dealer's
    left-hand player calls first, that player's."""
    return rule_set(rules).seat_of_call(dealer, 0).side


#: No auction of any game here needs more passes than this to end.
_MAX_CLOSING_PASSES = 12


def close_auction(rules, calls) -> Tuple[List[str], int]:
    """``(calls, added)``: the auction completed with as many passes as end it.

    An illegal call raises ``RulesError``.
    """
    rs = rule_set(rules)
    calls = split_calls(calls)
    added = 0
    while not rs.auction_is_over(calls):
        if added == _MAX_CLOSING_PASSES:
            raise RulesError(f"{_MAX_CLOSING_PASSES} passes do not end the auction "
                             f"{' '.join(calls)!r} under {rs.name}")
        calls.append(PASS)
        added += 1
    return calls, added


def passed_out(rules, calls, dealer) -> Tuple[Optional[str], Optional[Seat]]:
    """``(contract, declarer)`` if everyone passed from here on.

    ``(None, None)`` when the deal would be thrown in, when it would end in an
    all-pass game, or in a contract a DD table cannot score.
    """
    rs = rule_set(rules)
    closed, _ = close_auction(rs, calls)
    try:
        contract, declarer, _leader = rs.auction_result(closed, dealer)
    except RulesError:                    # Skruuvi: a bid below level 5 cannot be final
        return None, None
    if declarer is not None and rs.has_kitty_bids \
            and rs.contract(contract).level < LOWEST_FINAL_LEVEL:
        contract, declarer = raise_kitty_bid(rs, contract, declarer)
    if contract not in playable_contracts(rs):
        return None, None
    return contract, Seat.parse(declarer)


#: Skruuvi: "the level of the final bid must be at least five" (seed 002).
LOWEST_FINAL_LEVEL = 5


def raise_kitty_bid(rules, kitty_bid, kitty_bidder) -> Tuple[str, Seat]:
    """``(contract, declarer)`` played after a Skruuvi kitty bid (seed 002).

    "if the kitty bid was at the level of 4 or less, the main players cannot
    just pass twice but must raise the level of the bid". The advisor's model
    of those extended bids: the kitty bidder raises its own strain to level 5
    and both main players then pass twice, so the kitty bidder declares
    (``"2H"`` by N: ``("5H", N)``). A kitty bid at level 5 or more stands
    as it is. The exchange itself is ``advisor.valuation.exchange``'s.
    """
    rs = rule_set(rules)
    if not rs.has_kitty_bids:
        raise RulesError(f"{rs.name} has no kitty bid: only Skruuvi's main players raise "
                         "their first auction's bid")
    bid = rs.read_bid(str(kitty_bid))
    bidder = Seat.parse(kitty_bidder)
    if bid.level >= LOWEST_FINAL_LEVEL:
        return str(bid), bidder
    raised = f"{LOWEST_FINAL_LEVEL}{bid.strain}"
    final, who, _ = rs.extended_auction_result(str(bid), bidder.name,
                                               [raised, PASS, PASS, PASS, PASS])
    return final, Seat.parse(who)


# --------------------------------------------------------------------------
# Contracts a double-dummy table does not play

def misere_contracts(rules) -> List[str]:
    """The game's bid misère contracts (Skruuvi: 5M 6M 7M), lowest bid first; [] elsewhere.

    Only the bids of a game's ``misere_strain`` count (a misère played for the
    fewest tricks and scored by the rules): semi-contract's misère bids are
    ``extra_strains``, with scores of their own.
    """
    rs = rule_set(rules)
    if rs.misere_strain is None:
        return []
    out = [c for c in rs.contracts() if rs.contract(c).strain == rs.misere_strain]
    return sorted(out, key=lambda c: rs.bid_rank(rs.contract(c)))


def is_misere(rules, contract) -> bool:
    """Is ``contract`` a bid misère, or the all-pass deal of a game that scores it
    (Skruuvi's ``AP``; Siberian Vint's распасовка only marks the sheet)?"""
    rs = rule_set(rules)
    if contract is None:
        return False
    return contract in misere_contracts(rs) or (contract == rs.all_pass_contract
                                                and rs.all_pass_scores)


def extra_strain(rules, contract) -> Optional[str]:
    """The strain of a contract that the general solver plays and the DD table does
    not (semi-contract's ``"CT"``, ``"MCTNT"``, ``"MH"``...), or None: a game
    without such strains, a conventional contract, not a contract at all."""
    rs = rule_set(rules)
    if not rs.extra_strains or contract is None:
        return None
    try:
        strain = rs.contract(contract).strain
    except ValueError:
        return None
    return strain if strain in rs.extra_strains else None


#: A seat named by where it sits from declarer.
_FROM_DECLARER = {0: "declarer", 1: "declarer's left-hand opponent", 2: "declarer's partner",
                  3: "declarer's right-hand opponent"}


def table_leader(rules) -> dict:
    """Who leads in the DD table and who leads in the game (issue 28: Siberian
    and semi-contract tables "assume the left-hand opponent leads while par uses
    the game's own leader"). ``{"table": ..., "game": ..., "same": bool,
    "note": text or None}``: the note says how to read a declarer's tricks with
    the game's leader from the table, which keeps the solver's (and DDS's)
    left-hand-opponent lead (``declarer_tricks`` reads them). The analysis's
    ``scores``, par and the score grid count the tricks with the game's
    leader."""
    rs = rule_set(rules)
    leader = rs.opening_leader(Seat.N)
    game = _FROM_DECLARER[(leader - Seat.N) % 4]
    same = leader == Seat.N.lho
    note = None
    if not same:
        row = table_row(rs, Seat.N)         # its left-hand opponent leads as the game does
        whose = _FROM_DECLARER[(row - Seat.N) % 4].replace("declarer's", "his")
        read = (f"{whose}'s entry" if row.side == Seat.N.side
                else f"13 (the cards a hand) minus {whose}'s entry")
        note = (f"This table has declarer's left-hand opponent leading, as the solver and "
                f"DDS do; in {rs.name} {game} leads, and par and the scores count that way: "
                f"a declarer's tricks are {read}.")
    return {"table": _FROM_DECLARER[1], "game": game, "same": same, "note": note}
