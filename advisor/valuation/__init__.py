"""What a contract is worth on a deal: tricks and score, in one place.

- ``valuer``: ``Valuer(rules, deal)``, the one object analysis, par, the
  bidding advisor, the review and practice ask (``Budgets``: how long its
  searches may run);
- ``misere``: the misère trick search, its estimates and the misère aces;
- ``courts``: semi-contract's Courts and misère bids on the general solver;
- ``exchange``: Skruuvi's card exchanges (the deal as played from the deal
  as dealt);
- ``rows``: tables of outcomes built from a Valuer (every contract, the
  misère rows, the all-pass deal, the Courts rows);
- ``outcome``: ``ContractOutcome`` and the checks on a deal or DD table.
"""

from .outcome import ContractOutcome, ParError, as_table, full_deal
from .rows import all_pass_outcome, contract_outcomes, courts_outcomes, misere_outcomes
from .valuer import ADVICE, EXACT, Budgets, Valuer, misere_value, trick_key

__all__ = ["Valuer", "Budgets", "EXACT", "ADVICE", "trick_key", "misere_value",
           "ContractOutcome", "ParError", "as_table", "full_deal", "contract_outcomes",
           "misere_outcomes", "all_pass_outcome", "courts_outcomes"]
