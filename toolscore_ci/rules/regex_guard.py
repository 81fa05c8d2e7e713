"""Refuse pack regexes that can backtrack catastrophically, before they ever meet a trace.

Python's `re` backtracks, so a pattern that can match one string in exponentially many ways
(`(a+)+`, `(a|a)*`, `(.*)*`, `(\\w+\\s?)+`) hangs on a short hostile string. Such a pattern is
found statically, on the parse tree `re` itself builds:

- a repeated body that can match the empty string (`(a*)*`);
- a repeat nested inside a repeat, unless each iteration of the outer one is pinned by a
  mandatory part the inner one cannot consume (`(\\d+\\.)+` is fine: the `.` ends each turn);
- alternatives under a repeat that can start with the same character (`(a|ab?)+`).

The check errs on the side of refusing: an unusual but safe pattern may be refused and can be
rewritten (the message says why). Polynomial patterns (`.*x.*y`) pass; what they can cost is
bounded by `MAX_PATTERN_SUBJECT_CHARS` (limits.py), the most text a pack regex is run on.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

try:  # Python 3.11+
    from re import _constants as C
    from re import _parser as sre_parse
except ImportError:  # Python 3.10
    import sre_constants as C  # type: ignore[no-redef]
    import sre_parse  # type: ignore[no-redef]

from toolscore_ci.rules.limits import MAX_PATTERN_CHARS

_REPEATS = {C.MAX_REPEAT, C.MIN_REPEAT}
# Repeats and groups that never give back what they matched: nothing inside backtracks.
_NO_BACKTRACK = {getattr(C, "POSSESSIVE_REPEAT", None), getattr(C, "ATOMIC_GROUP", None)} - {None}
_ZERO_WIDTH = {C.AT, C.ASSERT, C.ASSERT_NOT}

# Characters tried when asking "can these two parts consume the same character?": ASCII, some
# of each Unicode class the categories (\d \w \s) cover, and every character the pattern names.
_SAMPLE = frozenset(chr(c) for c in range(128)) | frozenset("éßΣжя中٣\u00a0\u2028\u200b\u3000")
_CATEGORY_TEST = {
    name: re.compile(regex)
    for name, regex in {
        "CATEGORY_DIGIT": r"\d",
        "CATEGORY_NOT_DIGIT": r"\D",
        "CATEGORY_SPACE": r"\s",
        "CATEGORY_NOT_SPACE": r"\S",
        "CATEGORY_WORD": r"\w",
        "CATEGORY_NOT_WORD": r"\W",
        "CATEGORY_LINEBREAK": r"\n",
        "CATEGORY_NOT_LINEBREAK": r"[^\n]",
    }.items()
}
_WORD = re.compile(r"\w")

Seq = list[tuple[Any, Any]]


class UnsafePattern(ValueError):
    """A pattern refused: too long, invalid, or able to backtrack catastrophically."""


def check_pattern(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """`pattern` compiled, or UnsafePattern saying what is wrong with it."""
    if len(pattern) > MAX_PATTERN_CHARS:
        raise UnsafePattern(f"longer than {MAX_PATTERN_CHARS} characters")
    try:
        compiled = re.compile(pattern, flags)
        parsed = sre_parse.parse(pattern, flags)
    except re.error as exc:
        raise UnsafePattern(f"not a valid regex: {exc}") from None
    except (RecursionError, OverflowError, ValueError) as exc:
        raise UnsafePattern(f"not a usable regex: {type(exc).__name__}") from None
    ignore_case = bool(parsed.state.flags & re.IGNORECASE)
    sample = _SAMPLE | frozenset(_named_chars(list(parsed)))
    try:
        _Analysis(sample, ignore_case).walk(list(parsed))
    except RecursionError:
        raise UnsafePattern("nested too deeply to check") from None
    return compiled


def _named_chars(seq: Seq) -> Iterator[str]:
    """Every character a pattern names (and its neighbours, for ranges)."""
    for op, av in seq:
        if op in (C.LITERAL, C.NOT_LITERAL):
            yield chr(av)
        elif op == C.RANGE:
            lo, hi = av
            yield from (chr(lo), chr(hi), chr(min(lo + 1, hi)))
        elif op == C.IN:
            yield from _named_chars(av)
        else:
            for child in _children(op, av):
                yield from _named_chars(child)


def _children(op: Any, av: Any) -> list[Seq]:
    """The sub-sequences of one node."""
    if op in _REPEATS or op == getattr(C, "POSSESSIVE_REPEAT", None):
        return [list(av[2])]
    if op == C.SUBPATTERN:
        return [list(av[-1])]
    if op == C.BRANCH:
        return [list(alt) for alt in av[1]]
    if op in (C.ASSERT, C.ASSERT_NOT):
        return [list(av[1])]
    if op == getattr(C, "ATOMIC_GROUP", None):
        return [list(av)]
    if op == C.GROUPREF_EXISTS:
        return [list(s) for s in av[1:] if s is not None]
    return []


class _Analysis:
    def __init__(self, sample: frozenset[str], ignore_case: bool) -> None:
        self.sample = sample
        self.ignore_case = ignore_case
        self._cache: dict[tuple[str, int], object] = {}

    # ---- what a part can consume --------------------------------------------------------

    def _member(self, op: Any, av: Any, ch: str) -> bool:
        variants = {ch}
        if self.ignore_case:  # 'ß'.upper() is 'SS': only one-character case variants count
            variants |= {v for v in (ch.lower(), ch.upper()) if len(v) == 1}
        if op == C.LITERAL:
            return any(ord(v) == av for v in variants)
        if op == C.NOT_LITERAL:
            return all(ord(v) != av for v in variants)
        if op == C.ANY:
            return True
        if op == C.IN:
            negate = bool(av) and av[0][0] == C.NEGATE
            items = av[1:] if negate else av
            hit = any(self._in_item(i_op, i_av, v) for i_op, i_av in items for v in variants)
            return hit != negate
        return False

    @staticmethod
    def _in_item(op: Any, av: Any, ch: str) -> bool:
        if op == C.LITERAL:
            return ord(ch) == av
        if op == C.RANGE:
            return av[0] <= ord(ch) <= av[1]
        if op == C.CATEGORY:
            test = _CATEGORY_TEST.get(getattr(av, "name", "").replace("_UNI_", "_"))
            return bool(test and test.fullmatch(ch))
        return False

    # Each node's answers are cached by identity (the parse tree outlives the analysis), so
    # a long pattern costs what its size does, not its size times its nesting.

    def consumes(self, seq: Seq) -> frozenset[str]:
        """The sample characters any part of `seq` may consume."""
        out: frozenset[str] = frozenset()
        for node in seq:
            out |= self._node_consumes(node)
        return out

    def _node_consumes(self, node: tuple[Any, Any]) -> frozenset[str]:
        key = ("consumes", id(node))
        if key not in self._cache:
            op, av = node
            if op in (C.LITERAL, C.NOT_LITERAL, C.ANY, C.IN):
                found = frozenset(ch for ch in self.sample if self._member(op, av, ch))
            elif op == C.GROUPREF:
                found = self.sample  # a back-reference may repeat anything
            elif op in _ZERO_WIDTH:
                found = frozenset()
            else:
                found = frozenset().union(*(self.consumes(c) for c in _children(op, av)))
            self._cache[key] = found
        return self._cache[key]  # type: ignore[no-any-return]

    def first(self, seq: Seq) -> frozenset[str]:
        """The sample characters a match of `seq` may start with."""
        out: frozenset[str] = frozenset()
        for node in seq:
            out |= self._node_first(node)
            if not self._node_nullable(node):
                break
        return out

    def _node_first(self, node: tuple[Any, Any]) -> frozenset[str]:
        key = ("first", id(node))
        if key not in self._cache:
            op, av = node
            if op in (C.LITERAL, C.NOT_LITERAL, C.ANY, C.IN, C.GROUPREF):
                found = self._node_consumes(node)
            elif op in _ZERO_WIDTH:
                found = frozenset()
            else:
                found = frozenset().union(*(self.first(c) for c in _children(op, av)))
            self._cache[key] = found
        return self._cache[key]  # type: ignore[no-any-return]

    def nullable(self, seq: Seq) -> bool:
        """Whether `seq` can match the empty string."""
        return all(self._node_nullable(node) for node in seq)

    def _node_nullable(self, node: tuple[Any, Any]) -> bool:
        key = ("nullable", id(node))
        if key not in self._cache:
            op, av = node
            if op in (C.LITERAL, C.NOT_LITERAL, C.ANY, C.IN):
                found = False
            elif op in _REPEATS or op == getattr(C, "POSSESSIVE_REPEAT", None):
                found = av[0] == 0 or self.nullable(list(av[2]))
            elif op == C.BRANCH:
                found = any(self.nullable(list(alt)) for alt in av[1])
            elif op in (C.SUBPATTERN, getattr(C, "ATOMIC_GROUP", None)):
                found = self.nullable(_children(op, av)[0])
            elif op == C.GROUPREF_EXISTS:
                found = all(self.nullable(c) for c in _children(op, av))
            else:  # zero-width assertions, back-references (which may be empty)
                found = True
            self._cache[key] = found
        return self._cache[key]  # type: ignore[no-any-return]

    # ---- the three shapes that backtrack exponentially -----------------------------------

    def walk(self, seq: Seq) -> None:
        for op, av in seq:
            if op in _REPEATS and av[1] >= 2:
                self._check_repeat_body(list(av[2]))
            for child in _children(op, av):
                self.walk(child)

    def _check_repeat_body(self, body: Seq) -> None:
        if self.nullable(body) and self.consumes(body):
            raise UnsafePattern(
                "a repeated group can match the empty string (like `(a*)*`), which backtracks "
                "exponentially; make its content mandatory"
            )
        for inner, separators, after in self._inner(body, []):
            if inner[0] in _REPEATS:
                if inner[1][1] < 2:
                    continue
                eaten = self.consumes(list(inner[1][2]))
                if not any(self._pins(sep, eaten) for sep in separators):
                    raise UnsafePattern(
                        "a repeat nested in a repeat (like `(a+)+` or `(\\w+\\s?)+`) can split "
                        "the same text in exponentially many ways; end each outer turn with a "
                        "mandatory character the inner repeat cannot match, e.g. `(\\w+\\s)+`"
                    )
            else:  # a branch
                alternatives = [list(alt) for alt in inner[1][1]]
                # an empty-able alternative "starts" with whatever comes next: the rest of
                # its sequence, or the next turn of the repeat
                follow = self.first(after) | self.first(body)
                starts = [
                    self.first(alt) | (follow if self.nullable(alt) else frozenset())
                    for alt in alternatives
                ]
                empty = sum(1 for alt in alternatives if self.nullable(alt))
                overlap = any(
                    starts[i] & starts[j]
                    for i in range(len(starts))
                    for j in range(i + 1, len(starts))
                )
                if overlap or empty > 1:
                    raise UnsafePattern(
                        "alternatives under a repeat can match the same text (like `(a|a)*` "
                        "or `(a|ab?)+`), which backtracks exponentially; make them start "
                        "with different characters"
                    )

    def _pins(self, separator: tuple[Any, Any], eaten: frozenset[str]) -> bool:
        """Whether a mandatory sibling fixes where an inner repeat's run must end."""
        op, av = separator
        if op == C.AT and av in (C.AT_BOUNDARY, C.AT_UNI_BOUNDARY):
            # \b next to a run of only word (or only non-word) characters ends it
            words = {ch for ch in eaten if _WORD.match(ch)}
            return bool(eaten) and (words == set(eaten) or not words)
        if op in _ZERO_WIDTH or self._node_nullable(separator):
            return False
        return not (self._node_consumes(separator) & eaten)

    def _inner(
        self, seq: Seq, separators: list[tuple[Any, Any]]
    ) -> Iterator[tuple[tuple[Any, Any], list[tuple[Any, Any]], Seq]]:
        """Each repeat and branch inside a repeated body, with the parts beside it on the way
        down (those that could pin an iteration's end) and the parts right after it."""
        for index, node in enumerate(seq):
            op, av = node
            if op in _NO_BACKTRACK:
                continue
            # the nearest parts first: they are the likeliest to pin it
            beside = [n for i, n in enumerate(seq) if i != index] + separators
            if op in _REPEATS or op == C.BRANCH:
                yield node, beside, seq[index + 1 :]
            for child in _children(op, av):
                yield from self._inner(child, beside)
