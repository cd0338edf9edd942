"""The errors the solver raises.

Every one is a ``ValueError`` subclass, so ``except ValueError`` catches
all bad input, and each message names what is wrong.
"""


class VintError(ValueError):
    """Base class of every input error raised by this package."""


class ParseError(VintError):
    """A card, hand, deal, seat or strain could not be read."""


class DealError(VintError):
    """The cards do not form a valid deal (a duplicate, too many cards...)."""


class PositionError(VintError):
    """A position cannot arise in play (hands that do not fit the trick...)."""
