"""The bidding advisor: read the auction, sample the unseen hands, solve, recommend.

- ``advise``: ``recommend(hand, seat=..., dealer=..., auction=...)``, the call
  with the highest expected score (docs/advise.md);
- ``system``: what each call of an auction says about the caller's hand (the
  default bidding system of each game);
- ``constraints``: the small language those readings (and users) write;
- ``sampling``: dealing the unseen cards so that every constraint holds.
"""

from .advise import AdviceCache, AdviseError, Candidate, Recommendation, recommend
from .constraints import Constraint, ConstraintError, compile_constraint
from .sampling import SamplingError, sample_deals
from .system import Inference, read_auction

__all__ = ["recommend", "Recommendation", "Candidate", "AdviseError", "AdviceCache", "Constraint",
           "ConstraintError", "compile_constraint", "SamplingError", "sample_deals",
           "Inference", "read_auction"]
