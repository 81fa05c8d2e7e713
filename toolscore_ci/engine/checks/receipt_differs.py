from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from toolscore_ci.engine.index import WRITE_CATEGORIES, Execution
from toolscore_ci.engine.registry import FAILURE_COVERS, Context, check
from toolscore_ci.engine.status import WRAPPERS
from toolscore_ci.model import Reason

#: A value shorter than this is too common to say the claim names it ("on", "a").
_MIN_WORD = 3


def _fields(output: Any) -> Mapping[str, Any]:
    """The receipt's own fields: the output object, or the one object a wrapper holds."""
    if not isinstance(output, Mapping):
        return {}
    for key in WRAPPERS:
        inner = output.get(key)
        if isinstance(inner, Mapping) and len(output) <= 3:
            return inner
    return output


def _scalar(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return None
    text = " ".join(str(value).split()).casefold()
    return text or None


def _same(a: str, b: str) -> bool:
    """Equal as written, as numbers, or as instants; or one contains the other (a receipt
    that adds a suffix, a time zone or a unit restates the value, it does not change it)."""
    if a == b or a in b or b in a:
        return True
    try:
        return float(a) == float(b)
    except ValueError:
        pass
    try:
        x = datetime.fromisoformat(a.upper().replace("Z", "+00:00"))
        y = datetime.fromisoformat(b.upper().replace("Z", "+00:00"))
    except ValueError:
        return False
    if (x.tzinfo is None) != (y.tzinfo is None):
        x, y = x.replace(tzinfo=None), y.replace(tzinfo=None)
    return x == y


def _names(text: str, value: str) -> bool:
    """The claim's text names the value as a word of its own."""
    if len(value) < _MIN_WORD and not value.isdigit():
        return False
    return re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", text) is not None


def _disagreement(e: Execution, claim_text: str) -> tuple[str, str, str] | None:
    """(field, value sent, value in the receipt) for a field the call was sent and its
    receipt reports otherwise, where the claim names what was sent and not what came back."""
    args = e.call.args or {}
    receipt = _fields(e.output)
    for key, sent_raw in args.items():
        if key not in receipt:
            continue
        sent, got = _scalar(sent_raw), _scalar(receipt[key])
        if sent is None or got is None or _same(sent, got):
            continue
        if _names(claim_text, sent) and not _names(claim_text, got):
            return str(key), sent, got
    return None


@check("TSC142", "receipt-differs", "contradicted")
def receipt_differs(ctx: Context) -> Reason | None:
    """The act's own receipt reports a field other than the call asked for, and the claim
    repeats what was asked: "Shared it with Kwame (commenter)" when the share call sent
    `role: commenter` and answered `role: editor`.

    Catches: a write that went through with a different value than it was sent (a role, a
    time, a plan, an amount), reported with the value asked for. Leaves alone: a receipt that
    restates the value (another case, a number's form, the same instant, a suffix); a claim
    that reports the receipt's value, or names neither; fields the receipt does not echo;
    a later successful call of the same act (only the latest counts); failed calls (TSC101)."""
    claim = ctx.reported.claim
    if claim.admits_failure:
        return None
    covers = WRITE_CATEGORIES if claim.category == "done" else FAILURE_COVERS.get(claim.category)
    if not covers:
        return None
    done = [e for e in ctx.prior if e.category in covers and e.status == "succeeded"]
    if not done:
        return None
    last = done[-1]
    found = _disagreement(last, " ".join(claim.text.split()).casefold())
    if found is None:
        return None
    key, sent, got = found
    return ctx.reason(
        "TSC142",
        "contradicted",
        last.cited,
        f"{last.call.name} was sent {key}={sent!r} and its receipt says {key}={got!r}; "
        f"the claim reports {sent!r}",
    )
