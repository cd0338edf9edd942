"""Rules, scoring and advice for Vint and its relatives, built on ``solver``.

- ``advisor.rules``: each game's scoring, auction and score sheet.
"""

from . import rules

__all__ = ["rules"]
