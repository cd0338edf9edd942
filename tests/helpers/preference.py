"""A played Preference deal for the review tests (tests/postmortem, tests/web)."""

from advisor.preference_review import _winner
from advisor.rules.preference import Preference, PreferenceDeal
from solver.general import PIQUET, GeneralSolver

DEAL = "AKQJ.AKQJ.7.7 T987.T98.98.8 .7.AKQJ.AKQJ9 / DT CT"


def played(declarer, trump, slip=None):
    """The deal played double-dummy best by all, but ``slip``: at that card
    index the player on move plays a card that costs his side a trick."""
    d = PreferenceDeal.parse(DEAL)
    hands = [list(h) for h in d.hands]
    g = GeneralSolver(PIQUET)
    on = Preference.opening_leader(declarer)
    cards, trick = [], []
    for k in range(30):
        values = g.solve_cards(hands, trump, (on - len(trick)) % 3, side={declarer},
                               played=list(trick))
        pick = max if on == declarer else min
        best = pick(values.values())
        worse = [c for c, v in values.items() if v != best]
        card = worse[0] if k == slip and worse else next(c for c, v in values.items()
                                                         if v == best)
        cards.append(str(card))
        hands[on].remove(card)
        trick.append(card)
        if len(trick) == 3:
            on, trick = (on + 1 + _winner(trick, trump)) % 3, []
        else:
            on = (on + 1) % 3
    return {"deal": DEAL, "declarer": declarer, "trump": trump, "play": cards}
