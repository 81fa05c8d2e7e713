"""Names the tools hold, and the claims that are only a word of one.

A deal stage "Closed Won", a ticket state "Resolved Pending Review" or a plan "Paid Premium"
is a name: a value the agent sent a tool or a tool returned, written as capitalised words. A claim word inside such a name is the name's, not the agent's report: "confirm it in
the app to move deal D-18752 to Closed Won" claims nothing by "Closed". The claim words are
read again with the names blanked, and a claim that was only there because of a name's word
goes; every other claim, and each claim's text and values, stays as it was read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace

from toolscore_ci.engine.index import TraceIndex
from toolscore_ci.engine.text import iter_scalars
from toolscore_ci.model import Claim

#: A name is two to five capitalised words (letters, with a hyphen or an apostrophe inside).
MIN_WORDS, MAX_WORDS = 2, 5
MAX_NAME_CHARS = 60
_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|['-](?=[^\W\d_]))*")


def _is_name(value: str) -> bool:
    if len(value) > MAX_NAME_CHARS:
        return False
    words = value.split(" ")
    return MIN_WORDS <= len(words) <= MAX_WORDS and all(
        w[:1].isupper() and _WORD.fullmatch(w) is not None for w in words
    )


def names_held(index: TraceIndex) -> frozenset[str]:
    """The names among the values the trace's calls were sent and returned."""
    out: set[str] = set()
    for e in index.executions:
        for part in (e.call.args, e.output):
            for value in iter_scalars(part):
                if type(value) is str and " " in value and _is_name(value):
                    out.add(value)
    return frozenset(out)


def _blanked(text: str, names: Iterable[str]) -> str:
    """The text with each whole-word occurrence of the names made spaces (same length)."""
    for name in names:
        pattern = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
        text = pattern.sub(lambda m: " " * len(m.group(0)), text)
    return text


def _trigger_capitalised(claim: Claim, text: str) -> bool:
    """Can the claim's word be a name's word? Only written with a capital letter."""
    trigger = claim.trigger
    if not trigger:
        return False
    head = trigger[:1].upper() + trigger[1:]
    return head in text


def without_name_words(
    claims: list[Claim],
    text: str,
    names: Callable[[], frozenset[str]],
    extract: Callable[[str], list[Claim]],
) -> list[Claim]:
    """The claims of `text` read with the names the tools hold blanked: a claim that was only
    a name's word goes, one that a name's word hid comes ("Done, every deal is in Closed Won
    now" is a "Done."); a claim read both ways is kept as first read. `names` is called only
    when a claim's word is capitalised in the text."""
    if not any(c.source == "extracted" and _trigger_capitalised(c, text) for c in claims):
        return claims
    present = [n for n in names() if n in text]
    if not present:
        return claims
    first = {(c.category, c.span): c for c in claims}
    out = []
    for claim in extract(_blanked(text, present)):
        kept = first.get((claim.category, claim.span))
        if kept is None and claim.span is not None:
            # read from the blanked text: its words are the text's as written
            start, end = claim.span
            kept = replace(claim, text=" ".join(text[start:end].split()))
        out.append(kept or claim)
    return out
