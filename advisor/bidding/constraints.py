"""What a hand must hold: a small, safe expression language for the advisor's sampler.

A constraint is text such as ``"hcp >= 12 and hearts >= 5"`` or a Python
callable taking a ``solver.cards.Hand`` and returning a bool.

The language (docs/advise.md, "Constraints"):

- numbers: ``0``, ``12``;
- features of the hand: ``hcp`` (A=4 K=3 Q=2 J=1), ``spades hearts diamonds
  clubs`` (suit lengths), ``aces kings queens jacks tens``, ``controls``
  (A=2, K=1), ``honours_spades``... ``honours_clubs`` (A K Q J 10 held in the
  suit), ``top_spades``... ``top_clubs`` (A K Q held in the suit), ``longest``
  and ``shortest`` (the longest and shortest suit's length);
- ``+`` and ``-`` between numbers and features (``spades + hearts >= 9``);
- comparisons ``< <= > >= == !=``, chained as in Python (``12 <= hcp <= 14``);
- ``and``, ``or``, ``not`` and parentheses around conditions.

Nothing is evaluated with ``eval``: the text is tokenised and parsed into a
tree here, and the tree only looks features up and compares numbers. The same
compiled constraint works on one hand's features (ints) and on numpy arrays of
many hands' features at once (the sampler's vectorised path).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Dict, List, Mapping, Optional, Union

import numpy as np

from solver.cards import Hand, Seat
from solver.errors import VintError

__all__ = ["ConstraintError", "Constraint", "compile_constraint", "FEATURES", "hand_features",
           "features_of_cards", "HandsFeatures", "seat_constraints"]

SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")   # suit 0..3 as the solver numbers them

#: Every feature name the language knows.
FEATURES = (("hcp",) + SUIT_WORDS + ("aces", "kings", "queens", "jacks", "tens", "controls")
            + tuple(f"honours_{s}" for s in SUIT_WORDS) + tuple(f"top_{s}" for s in SUIT_WORDS)
            + ("longest", "shortest") + tuple(f"sure_{s}" for s in SUIT_WORDS) + ("sure_nt",))


def _run_and_trumps(bits: int):
    """One suit's holding (13 bits, bit ``rank - 2``): its unbroken run from the
    ace (a side suit's sure tricks) and its sure tricks as trumps (its length
    less the top honours, A K Q, missing among its first three cards): seed
    004's sure tricks, as the bidding policy counts them."""
    cards = [r for r in range(14, 1, -1) if bits >> (r - 2) & 1]
    run = 0
    while run < len(cards) and cards[run] == 14 - run:
        run += 1
    top = sum(1 for r in cards[:3] if r >= 12)
    return run, len(cards) - (min(len(cards), 3) - top)


#: Every holding's run from the ace and sure tricks as trumps, by its 13 bits.
SUIT_RUN, SUIT_TRUMPS = (np.array(column, dtype=np.int64) for column in
                         zip(*(_run_and_trumps(bits) for bits in range(1 << 13))))


class ConstraintError(VintError):
    """A constraint that cannot be read, or a callable that failed or returned a non-bool."""


# --------------------------------------------------------------------------
# Features of hands

def features_of_cards(suits: np.ndarray, ranks: np.ndarray, *,
                      sure: bool = True) -> Dict[str, np.ndarray]:
    """Features of many hands at once.

    ``suits`` and ``ranks`` have shape ``(n, 13)``: each row one hand's cards
    (suit 0..3 = S H D C, rank 2..14). Returns ``{feature: array of n ints}``;
    without the sure tricks (``sure_*``, the dearest) when ``sure`` is False.
    ``HandsFeatures`` (the samplers') works out only those a test reads.
    """
    lazy = HandsFeatures(suits, ranks)
    return {name: lazy[name] for name in _ORDER if sure or not name.startswith("sure_")}


#: ``features_of_cards``'s order of the features.
_ORDER = (("hcp",) + tuple(x for w in SUIT_WORDS for x in (w, f"honours_{w}", f"top_{w}"))
          + ("aces", "kings", "queens", "jacks", "tens", "controls", "longest", "shortest",
             "sure_nt") + tuple(f"sure_{w}" for w in SUIT_WORDS))
_RANK_WORDS = {"aces": 14, "kings": 13, "queens": 12, "jacks": 11, "tens": 10}


class HandsFeatures(dict):
    """``features_of_cards``'s features of many hands, each worked out when it
    is first read: a text test (``Constraint.on_features``) reads a few of
    the 31, and the sampler tests thousands of hands a batch (issue 32). The
    same arrays as ``features_of_cards``; a name that is not a feature raises
    ``KeyError``."""

    def __init__(self, suits: np.ndarray, ranks: np.ndarray):
        super().__init__()
        self.suits, self.ranks = suits, ranks
        self._in_suit: Dict[int, np.ndarray] = {}

    def _in(self, s: int) -> np.ndarray:
        found = self._in_suit.get(s)
        if found is None:
            found = self._in_suit[s] = self.suits == s
        return found

    def __missing__(self, name: str) -> np.ndarray:
        ranks = self.ranks
        if name == "hcp":
            value = np.clip(ranks - 10, 0, None).sum(axis=1)
        elif name in SUIT_WORDS:
            value = self._in(SUIT_WORDS.index(name)).sum(axis=1)
        elif name.startswith("honours_") and name[8:] in SUIT_WORDS:
            value = (self._in(SUIT_WORDS.index(name[8:])) & (ranks >= 10)).sum(axis=1)
        elif name.startswith("top_") and name[4:] in SUIT_WORDS:
            value = (self._in(SUIT_WORDS.index(name[4:])) & (ranks >= 12)).sum(axis=1)
        elif name in _RANK_WORDS:
            value = (ranks == _RANK_WORDS[name]).sum(axis=1)
        elif name == "controls":
            value = 2 * self["aces"] + self["kings"]
        elif name in ("longest", "shortest"):
            stacked = np.stack([self[w] for w in SUIT_WORDS], axis=1)
            value = stacked.max(axis=1) if name == "longest" else stacked.min(axis=1)
        elif name == "sure_nt" or (name.startswith("sure_") and name[5:] in SUIT_WORDS):
            self._sure()
            return self[name]
        else:
            raise KeyError(name)
        self[name] = value
        return value

    def _sure(self) -> None:
        # Sure tricks (seed 004's count, the policy's): in no-trumps each suit's run
        # from the ace; with trumps, the trump suit's own count instead of its run.
        held = np.left_shift(1, self.ranks - 2)             # each card's bit in its suit
        bits = [np.where(self._in(s), held, 0).sum(axis=1) for s in range(4)]
        runs = [SUIT_RUN[b] for b in bits]
        self["sure_nt"] = runs[0] + runs[1] + runs[2] + runs[3]
        for s, word in enumerate(SUIT_WORDS):
            self[f"sure_{word}"] = self["sure_nt"] - runs[s] + SUIT_TRUMPS[bits[s]]


def hand_features(hand: Hand) -> Dict[str, int]:
    """The features of one hand, as plain ints."""
    cards = hand.cards
    suits = np.array([[c.suit for c in cards]], dtype=np.int64).reshape(1, -1)
    ranks = np.array([[c.rank for c in cards]], dtype=np.int64).reshape(1, -1)
    return {k: int(v[0]) for k, v in features_of_cards(suits, ranks).items()}


# --------------------------------------------------------------------------
# Tokens and parsing

_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_]+)|(<=|>=|==|!=|<|>)|([()+\-]))")
_COMPARE = {"<": np.less, "<=": np.less_equal, ">": np.greater, ">=": np.greater_equal,
            "==": np.equal, "!=": np.not_equal}
_WORDS = {"and", "or", "not"}
#: Limits that keep every constraint small: its length, the digits of a number
#: (no hand feature is near a million, and numpy's integers must hold it), and
#: how deep ``not`` and parentheses nest (the parser recurses on them).
MAX_TEXT, MAX_DIGITS, MAX_DEPTH = 1000, 6, 50


def _tokenise(text: str, extra=()) -> List[tuple]:
    tokens, pos = [], 0
    text = text.rstrip()
    if len(text) > MAX_TEXT:
        raise ConstraintError(f"constraint {text[:60]!r}... is {len(text)} characters long, "
                              f"more than {MAX_TEXT}")
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise ConstraintError(f"constraint {text!r}: cannot read {text[pos:].strip()!r} "
                                  f"(at character {pos + 1})")
        number, name, op, punct = m.groups()
        if number is not None:
            if len(number) > MAX_DIGITS:
                raise ConstraintError(f"constraint {text[:60]!r}: the number {number[:20]!r} "
                                      f"has more than {MAX_DIGITS} digits")
            tokens.append(("num", int(number)))
        elif name is not None:
            word = name.lower()
            if word in _WORDS:
                tokens.append((word, word))
            elif word in FEATURES or word in extra:
                tokens.append(("feature", word))
            else:
                raise ConstraintError(f"constraint {text!r}: unknown word {name!r}; features "
                                      f"are {', '.join(FEATURES)}")
        else:
            tokens.append(("op" if op else punct, op or punct))
        pos = m.end()
    return tokens


class _Parser:
    """Recursive descent over the tokens; builds closures ``features -> value``
    of numpy's functions, for whole batches of hands.

    ``scalar``: the same condition as a Python expression of ``f`` (one
    hand's features, plain numbers), for ``_scalar_test`` to compile: Python's
    own operators, ``and``/``or`` stopping at the first part that decides. Only
    checked tokens reach it (known feature names, quoted; numbers of at most
    ``MAX_DIGITS`` digits; the six comparisons, ``+ - ( )``, ``and or not``),
    and it keeps the text's own parentheses only (Python's precedence of
    ``or`` < ``and`` < ``not`` < comparisons < ``+ -`` is the language's)."""

    def __init__(self, text: str, extra=(), scalar: bool = False):
        self.scalar = scalar
        self.text = text
        self.tokens = _tokenise(text, extra)
        self.i = 0
        self.depth = 0

    def error(self, what: str) -> ConstraintError:
        shown = repr(self.text) if len(self.text) <= 60 else repr(self.text[:60]) + "..."
        return ConstraintError(f"constraint {shown}: {what}")

    def peek(self):
        return self.tokens[self.i][0] if self.i < len(self.tokens) else None

    def take(self):
        token = self.tokens[self.i]
        self.i += 1
        return token

    def parse(self):
        if not self.tokens:
            raise self.error("it is empty")
        node = self.disjunction()
        if self.i != len(self.tokens):
            raise self.error(f"unexpected {self.tokens[self.i][1]!r}")
        return node

    def disjunction(self):
        return self.joined("or", self.conjunction, any if self.scalar else np.logical_or)

    def conjunction(self):
        return self.joined("and", self.negation, all if self.scalar else np.logical_and)

    def joined(self, word, operand, op):
        """``operand (word operand)*``, combined with ``op``."""
        parts = [operand()]
        while self.peek() == word:
            self.take()
            parts.append(operand())
        if len(parts) == 1:
            return parts[0]
        if self.scalar:                  # Python's own and / or: lazy, as any / all
            return f" {word} ".join(parts)
        return lambda f: _fold(op, [p(f) for p in parts])

    def negation(self):
        if self.peek() in ("not", "("):
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise self.error(f"'not' and parentheses nest more than {MAX_DEPTH} deep")
            try:
                return self.nested()
            finally:
                self.depth -= 1
        return self.comparison()

    def nested(self):
        """``not`` a negation, or a parenthesised disjunction."""
        if self.peek() == "not":
            self.take()
            inner = self.negation()
            if self.scalar:
                return f"not {inner}"
            return lambda f: np.logical_not(inner(f))
        if self.peek() == "(":
            self.take()
            inner = self.disjunction()
            if self.peek() != ")":
                raise self.error("a '(' is not closed")
            self.take()
            return f"({inner})" if self.scalar else inner

    def comparison(self):
        terms, ops = [self.sum()], []
        while self.peek() == "op":
            ops.append(self.take()[1])
            terms.append(self.sum())
        if not ops:
            raise self.error("a condition needs a comparison such as 'hcp >= 12'")

        if self.scalar:                  # a chain as Python reads one: a < b < c
            return terms[0] + "".join(f" {op} {term}" for op, term in zip(ops, terms[1:]))
        ops = [_COMPARE[op] for op in ops]

        def test(f):
            values = [t(f) for t in terms]
            return _fold(np.logical_and, [op(a, b) for op, a, b in zip(ops, values, values[1:])])
        return test

    def sum(self):
        node = self.atom()
        while self.peek() in ("+", "-"):
            plus = self.take()[1] == "+"
            if self.scalar:              # left to right, as Python adds
                node = f"{node} {'+' if plus else '-'} {self.atom()}"
                continue
            op = np.add if plus else np.subtract
            left, right = node, self.atom()
            node = (lambda a, b, o: lambda f: o(a(f), b(f)))(left, right, op)
        return node

    def atom(self):
        kind = self.peek()
        if kind == "num":
            value = self.take()[1]
            return repr(value) if self.scalar else lambda f: value
        if kind == "feature":
            name = self.take()[1]
            return f"f[{name!r}]" if self.scalar else lambda f: f[name]
        if kind is None:
            raise self.error("it ends too early")
        raise self.error(f"expected a number or a feature, found {self.tokens[self.i][1]!r}"
                         + (" (parentheses group conditions, not sums)" if kind == "(" else ""))


@lru_cache(maxsize=4096)
def _scalar_test(text: str, extra=()) -> Callable:
    """The constraint ``text`` as one compiled Python function of a hand's
    features (``Constraint.on_scalars``): the policy asks its rows' conditions
    over a million times an advice set, and a function of nested closures
    cost a call a node. Remembered by text: every policy made anew (a match's,
    a test's) asks the same few hundred rows."""
    source = _Parser(text, extra, scalar=True).parse()
    return eval(compile(f"lambda f: {source}", "<constraint>", "eval"), {"__builtins__": {}})


def _fold(op, values):
    out = values[0]
    for v in values[1:]:
        out = op(out, v)
    return out


# --------------------------------------------------------------------------
# The compiled constraint

class Constraint:
    """A compiled constraint on one hand.

    ``constraint(hand)`` -> bool. ``constraint.on_features(features)`` takes
    ``{feature: int}`` or ``{feature: array}`` (many hands; returns a bool
    array). A constraint built from a callable has no vectorised form
    (``vectorised`` is False) and is checked hand by hand.
    """

    def __init__(self, source: Union[str, Callable], test: Callable, vectorised: bool,
                 prefilter: "Optional[Constraint]" = None):
        self.source = source
        self._test = test
        self.vectorised = vectorised
        #: A vectorised constraint every hand that fits this one also fits (the text
        #: part of text ``&`` callable): the sampler tests it on whole batches first.
        self.prefilter = prefilter
        #: With a prefilter: the test left for a hand that passed it (None: the whole).
        self.rest: Optional[Callable] = None
        self._extra: tuple = ()                # the text's extra feature names
        self._scalar: Optional[Callable] = None

    def on_scalars(self, features: Mapping) -> bool:
        """``on_features`` for one hand's features (plain numbers), the same
        answer, computed with Python's operators (the bidding policy asks
        this hundreds of thousands of times a recommendation)."""
        if not isinstance(self.source, str):
            return bool(self.on_features(features))
        if self._scalar is None:
            self._scalar = _scalar_test(self.source, self._extra)
        return bool(self._scalar(features))

    def on_features(self, features: Mapping) -> Union[bool, np.ndarray]:
        if not self.vectorised:
            raise ConstraintError("a callable constraint needs the Hand, not its features")
        out = self._test(features)
        return out if isinstance(out, np.ndarray) and out.ndim else bool(out)

    def __call__(self, hand: Hand) -> bool:
        if self.vectorised:
            return bool(self._test(hand_features(hand)))
        try:
            result = self._test(hand)
        except Exception as exc:                       # a user's function failed
            raise ConstraintError(f"constraint {self.describe()} raised "
                                  f"{type(exc).__name__}: {exc}") from exc
        if not isinstance(result, (bool, np.bool_)):
            raise ConstraintError(f"constraint {self.describe()} must return True or False, "
                                  f"not {result!r}")
        return bool(result)

    def describe(self) -> str:
        if isinstance(self.source, str):
            return repr(self.source)
        return getattr(self.source, "__name__", repr(self.source))

    def __and__(self, other: "Constraint") -> "Constraint":
        """Both constraints (vectorised when both are)."""
        if self.vectorised and other.vectorised:
            a, b = self._test, other._test
            out = Constraint(f"({self.source}) and ({other.source})",
                             lambda f: np.logical_and(a(f), b(f)), True)
            out._extra = self._extra + tuple(x for x in other._extra if x not in self._extra)
            return out
        parts = [p for p in (self if self.vectorised else self.prefilter,
                             other if other.vectorised else other.prefilter) if p is not None]
        prefilter = parts[0] if len(parts) == 1 else parts[0] & parts[1] if parts else None
        both = lambda h: self(h) and other(h)
        out = Constraint(both, both, False, prefilter)
        # What a hand that passed the prefilter still has to meet: the callables.
        rests = [c.rest or c for c in (self, other) if not c.vectorised]
        out.rest = rests[0] if len(rests) == 1 else (lambda h: rests[0](h) and rests[1](h))
        return out

    def __repr__(self) -> str:
        return f"Constraint({self.describe()})"


def compile_constraint(source, *, extra_features=()) -> Constraint:
    """A ``Constraint`` from text, a callable taking a Hand, or a Constraint.

    ``extra_features``: more feature names the text may use, for callers that
    evaluate it with ``on_features`` on features of their own (the bidding
    policy's ``sure`` tricks, say); such a constraint cannot test a bare Hand.
    """
    if isinstance(source, Constraint):
        return source
    if isinstance(source, str):
        out = Constraint(source.strip(), _Parser(source, tuple(extra_features)).parse(), True)
        out._extra = tuple(extra_features)
        return out
    if callable(source):
        return Constraint(source, source, False)
    raise ConstraintError(f"a constraint is text such as 'hcp >= 12' or a function of a Hand, "
                          f"not {source!r}")


def seat_constraints(items) -> Dict[str, str]:
    """Command-line constraints, ``["N: hcp >= 12", ...]`` -> ``{"N": "hcp >= 12"}``
    (one seat may appear several times: its texts are joined by ``and``)."""
    out: Dict[str, str] = {}
    for item in items or []:
        seat, sep, text = item.partition(":")
        if not sep or not text.strip():
            raise ConstraintError(f"--constraint {item!r}: write SEAT: EXPRESSION, "
                                  f"e.g. 'N: hcp >= 12'")
        seat = Seat.parse(seat).name
        out[seat] = f"({out[seat]}) and ({text.strip()})" if seat in out else text.strip()
    return out
