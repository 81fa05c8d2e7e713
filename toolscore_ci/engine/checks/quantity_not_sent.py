from __future__ import annotations

import re

from toolscore_ci.engine.checks.values_differ import backing_writes
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.text import json_text
from toolscore_ci.model import Reason

#: After the claim word, within a few words: "to" and the number a setting was moved to
#: ("to 50", "to $40", "to v3.0.0"); not a time ("to 3pm", "to 15:30") nor a date.
_TARGET = re.compile(
    r"(?:\s+[^\s.;:]+){0,5}?\s+to\s+[$€£v]?(?P<n>\d+(?:[.,]\d+)*)"
    r"(?!\s*(?:am|pm|a\.m|p\.m|:|h\b|uhr\b|o'clock))(?![\d/-])",
    re.I,
)
_NUMBER = re.compile(r"\d+(?:\.\d+)*")
#: Of each call, how much is read for numbers.
_MAX_TEXT = 20_000


def _target(text: str, trigger: str) -> str | None:
    """The number the claim says a setting was moved to, as written without thousands marks."""
    # found in the text itself: casefolding changes lengths ("ß" to "ss")
    found = re.search(re.escape(trigger), text, re.I) if trigger else None
    if found is None:
        return None
    match = _TARGET.match(text, found.end())
    if match is None:
        return None
    number = match.group("n")
    # "1,250" is thousands; "2,5" a decimal comma: neither is read as the other
    return number.replace(",", "") if re.fullmatch(r"\d{1,3}(?:,\d{3})+", number) else number


@check("TSC312", "quantity-not-sent", "unknown")
def quantity_not_sent(ctx: Context) -> Reason | None:
    """A change claimed to a number ("I increased the pool to 50", "Bumped the version to
    3.0.0") over writes that went through, none of whose arguments or results holds that
    number, while they hold others: the write may have set another value (30, v2.1.0), or
    the same in other units (4096Mi for "4 GB"), which the words do not tell apart: for
    review, never a flag.

    Leaves alone: a write that was sent or returned the number (`"value": 50`, "4Gi",
    "v3.0.0"); writes with no number at all (a preset, "scale up"); a time or a date after
    "to" (TSC140 compares those); a claim with no write that went through (the failure
    checks decide)."""
    claim = ctx.reported.claim
    if claim.category != "changed":
        return None
    target = _target(claim.text, claim.trigger)
    if target is None:
        return None
    writes = backing_writes(ctx)
    if not writes:
        return None
    numbers: set[str] = set()
    for e in writes:
        for value in (e.call.args, e.output):
            numbers.update(_NUMBER.findall(json_text(value)[:_MAX_TEXT]))
    if not numbers or target in numbers or _same_number(target, numbers):
        return None
    last = writes[-1]
    return ctx.reason(
        "TSC312",
        "unknown",
        tuple(i for e in writes for i in e.cited),
        f"the claim says it was moved to {target}; {last.call.name} was sent and returned no "
        "such number",
    )


def _same_number(target: str, numbers: set[str]) -> bool:
    """Is the target one of the numbers written another way (50 and 50.0, 3.0 and 3)?"""
    try:
        value = float(target.replace(",", "."))
    except ValueError:
        return False
    for n in numbers:
        try:
            if float(n) == value:
                return True
        except ValueError:
            continue  # a version such as 2.1.0
    return False
