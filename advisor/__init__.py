"""Rules, scoring and advice for Vint and its relatives, built on ``solver``.

- ``advisor.rules``: each game's scoring, auction and score sheet.
- ``advisor.analyse(deal)``: DD table, every contract's score, honours, aces
  and par of a deal (``advisor.analysis``, docs/analysis.md).
- ``advisor.par(deal)``: par without doubles (``advisor.par``).
- ``advisor.recommend(hand, seat=..., dealer=..., auction=...)``: the call
  with the highest expected score (``advisor.advise``, docs/advise.md).
- ``advisor.review(path_or_text)``: post-mortem of played deals (PBN, LIN,
  JSON): every card and call against double-dummy play and the advisor
  (``advisor.review``, ``advisor.formats``, docs/review.md).
"""

from . import rules
from .advise import AdviseError, Candidate, Recommendation, recommend
from .analysis import Analysis, analyse, analyse_table
from .par import Par, ParBid, ParError, par_from_table
from .par import par as _par

# ``advisor.par`` is the function; the module stays importable as ``advisor.par``
# through ``import advisor.par`` / ``from advisor.par import ...``.
par = _par

from .formats import FormatError, GameRecord, GameSet, read_games  # noqa: E402
from .review import Review, ReviewError, ReviewSet  # noqa: E402
from .review import review as _review  # noqa: E402

# Likewise ``advisor.review`` is the function; ``from advisor.review import ...`` reads the module.
review = _review

__all__ = ["rules", "analyse", "analyse_table", "Analysis", "par", "par_from_table", "Par",
           "ParBid", "ParError", "recommend", "Recommendation", "Candidate", "AdviseError",
           "review", "Review", "ReviewSet", "ReviewError", "read_games", "GameRecord", "GameSet",
           "FormatError"]
