"""Rules, scoring and advice for Vint and its relatives, built on ``solver``.

- ``advisor.rules``: each game's scoring, auction and score sheet.
- ``advisor.analyse(deal)``: DD table, every contract's score, honours, aces
  and par of a deal (``advisor.analysis``, docs/analysis.md).
- ``advisor.par(deal)``: par without doubles (``advisor.par``).
- ``advisor.recommend(hand, seat=..., dealer=..., auction=...)``: the call
  with the highest expected score (``advisor.advise``, docs/advise.md).
"""

from . import rules
from .advise import AdviseError, Candidate, Recommendation, recommend
from .analysis import Analysis, analyse, analyse_table
from .par import Par, ParBid, ParError, par_from_table
from .par import par as _par

# ``advisor.par`` is the function; the module stays importable as ``advisor.par``
# through ``import advisor.par`` / ``from advisor.par import ...``.
par = _par

__all__ = ["rules", "analyse", "analyse_table", "Analysis", "par", "par_from_table", "Par",
           "ParBid", "ParError", "recommend", "Recommendation", "Candidate", "AdviseError"]
