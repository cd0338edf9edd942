"""Rules, scoring and advice for Vint and its relatives, built on ``solver``.

The functions a user starts from:

- ``advisor.analyse(deal)``: DD table, every contract's score, honours, aces
  and par of a deal (module ``advisor.analysis``, docs/analysis.md);
- ``advisor.find_par(deal)``: par without doubles (module ``advisor.par``);
- ``advisor.recommend(hand, seat=..., dealer=..., auction=...)``: the call
  with the highest expected score (package ``advisor.bidding``, docs/advise.md);
- ``advisor.review(path_or_text)``: post-mortem of played deals (PBN, LIN,
  JSON): every card and call against double-dummy play and the advisor
  (module ``advisor.postmortem``, docs/review.md);
- ``advisor.choose_card(view)`` / ``advisor.card_values(view)``: the card the
  computer plays for a player from what he can see (``advisor.PlayerView``),
  and every legal card's expectation with its error (package
  ``advisor.cardplay``, docs/play.md).

The other modules: ``advisor.rules`` (each game's scoring, auction and score
sheet, and what the game has), ``advisor.game`` (what every part asks of a
game), ``advisor.valuation`` (what a contract is worth on a deal: the
``Valuer``), ``advisor.records`` (played deals in files), ``advisor.render``
(text and HTML) and ``advisor.cli`` (the ``vint`` command). docs/architecture.md shows
how they fit together. No name here hides a submodule: ``import advisor.par``
is the module, ``advisor.find_par`` the function.
"""

from . import rules
from .analysis import Analysis, analyse, analyse_table
from .bidding import AdviseError, Candidate, Recommendation, recommend
from .cardplay import CardPlayError, CardValues, PlayerView, card_values, choose_card
from .par import Par, ParBid, ParError, find_par, par_from_table
from .postmortem import Review, ReviewError, ReviewSet, review
from .records import FormatError, GameRecord, GameSet, read_games, read_games_file

__all__ = ["rules", "analyse", "analyse_table", "Analysis", "find_par", "par_from_table", "Par",
           "ParBid", "ParError", "recommend", "Recommendation", "Candidate", "AdviseError",
           "review", "Review", "ReviewSet", "ReviewError", "read_games", "read_games_file",
           "GameRecord", "GameSet", "FormatError", "PlayerView", "card_values", "choose_card",
           "CardValues", "CardPlayError"]
