from __future__ import annotations

import re

from toolscore_ci.engine.checks._common import amount_size
from toolscore_ci.engine.index import Execution
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.model import Reason
from toolscore_ci.vocab import non_report_words


@check("TSC203", "receipt-confirms", "receipt_confirmed")
def receipt_confirms(ctx: Context) -> Reason | None:
    """A call that can do what the claim says succeeded, and its receipt positively confirms
    it: an identifier of what it made, a success state, exit code 0, or a 2xx. For a claim
    of what was read: a successful read that returned something. A claim that names the
    object (an id, a path) answers to the calls on that object when there are any
    (`Context.backing`): an update of rec_1 that was only queued is not confirmed by a
    deal's stage change; and calls of the claim's own category answer for it when there are
    any (a transfer for "routed", not a baggage update's receipt). A receipt confirms the
    amounts it shows (as written, in cents, negative, as a list's sum, or a share of one
    when the claim says each; the receipts of the same act in the claim's turn together): a
    claim stating one that none of them holds ("The total is now $1124.44" over a write that
    went through with other items) is left to TSC204 (backing, review)."""
    claim = ctx.reported.claim
    if claim.category in ("tested", "done"):
        return None
    backing = ctx.backing
    # calls of the claim's own category answer for it when there are any: a transfer for
    # "routed", not the baggage update's receipt beside it
    backing = [e for e in backing if e.category == claim.category] or backing
    confirmed = [e for e in backing if e.actor == "agent" and e.judgement.confirmed]
    if claim.category == "retrieved":
        confirmed = [e for e in backing if e.output not in (None, "", [], {})]
    if not confirmed:
        return None
    last = ctx.closest(confirmed)
    # the receipts of the same act in the claim's turn (two refunds, two receipts), not a
    # charge beside the refund or an earlier turn's refund of another order
    same = [e for e in confirmed if e.call.name == last.call.name and e.turn == last.turn]
    if not _holds_the_amounts(claim.values.get("amount", ()), same, ctx):
        return None  # "The total is now $1124.44" where the receipt shows no such amount
    return ctx.reason(
        "TSC203",
        "receipt_confirmed",
        last.cited,
        f"{last.call.name} succeeded: {last.judgement.why}",
    )


def _holds_the_amounts(amounts: tuple[str, ...], calls: list[Execution], ctx: Context) -> bool:
    """Do the confirming calls hold every amount the claim states (two refunds, each in its
    own receipt)? A receipt confirms what it shows: as written ("1,234.50", "86,40", 1234.5),
    in cents or negative (a credit of -1500 cents for "$15.00"), as the sum of a list's
    entries ("Charged $290" over splits of 200 and 90), or as a share when the claim says
    each ("£45.00" each of a £135 refund); never a part of a date ("$8" is no "2024-05-08").
    An amount they do not show ("The total is now $1124.44", a `calculate()` result for
    items the write then could not use) is for review, the calls backing it at most."""
    wanted = [size for amount in amounts if (size := amount_size(amount)) is not None]
    if not wanted:
        return True
    sizes: set[float] = set()
    for call in calls:
        for part in (call.call.args, call.output):
            sizes |= _sizes(part)
            sizes |= _sums(part)
    shares = non_report_words().says_share(ctx.reported.claim.text)
    return all(_held(x, sizes, shares) for x in wanted)


def _held(size: float, sizes: set[float], shares: bool) -> bool:
    if size in sizes or round(size * 100, 2) in sizes:
        return True
    return shares and any(round(size * n, 2) in sizes for n in range(2, 51))


#: Dates and times in a text, whose digits are no amounts ("2024-05-08", "05/08/2024",
#: "08 May 2024", "10:00")
_WHEN = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?"
    r"|\d{1,2}/\d{1,2}/\d{2,4}|\d{1,2}\s+[^\W\d_]{3,}\.?\s+\d{4}|\d{1,2}:\d{2}(?::\d{2})?"
)
#: A number as a text writes it: groups of three apart by one separator ("1,234.50",
#: "1.234,50", "1 234,50", "1'234.50"), or digits with a decimal part ("86,40", "15.00")
_NUMBER = re.compile(r"-?\d{1,3}(?:[,.' ]\d{3})+(?:[.,]\d+)?(?!\d)|-?\d+(?:[.,]\d+)?")


def _sizes(value: object) -> set[float]:
    """The sizes of the numbers a JSON value holds (1500 and -1500 alike): its numbers, and
    the numbers its texts write, read with a thousands separator or a decimal comma."""
    out: set[float] = set()
    for scalar in _scalars(value):
        if isinstance(scalar, bool):
            continue
        if isinstance(scalar, int | float):
            out.add(round(abs(float(scalar)), 2))
            continue
        for match in _NUMBER.finditer(_WHEN.sub(" ", scalar)):
            out |= _readings(match.group(0))
    return out


def _readings(written: str) -> set[float]:
    """What a written number may be: the last of a dot and a comma written is the decimal
    mark when both are ("1,234.50", "1.234,50"); a lone comma before three digits may group
    thousands ("1,234") and before others is a decimal comma ("86,40"); a lone dot is a
    decimal point unless it groups ("1.234.567")."""
    text = written.replace(" ", "").replace("'", "").lstrip("-")
    candidates: list[str] = []
    if "," in text and "." in text:
        decimal = "," if text.rfind(",") > text.rfind(".") else "."
        group = "." if decimal == "," else ","
        candidates.append(text.replace(group, "").replace(decimal, "."))
    elif "," in text:
        tail = text.rpartition(",")[2]
        candidates.append(text.replace(",", "."))  # 86,40
        if len(tail) == 3:
            candidates.append(text.replace(",", ""))  # 1,234
    elif text.count(".") > 1:
        candidates.append(text.replace(".", ""))  # 1.234.567
    else:
        candidates.append(text)
    out: set[float] = set()
    for candidate in candidates:
        try:
            out.add(round(float(candidate), 2))
        except ValueError:
            continue
    return out


def _scalars(value: object) -> list[object]:
    stack, out = [value], []
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item[:500])
        elif item is not None:
            out.append(item)
    return out


def _sums(value: object) -> set[float]:
    """For every list of objects in a value, the sum of each numeric field its entries share
    (`splits: [{"amount": 200}, {"amount": 90}]` -> 290)."""
    out: set[float] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
            entries = [e for e in item if isinstance(e, dict)]
            if len(entries) < 2:
                continue
            for key in set.intersection(*(set(e) for e in entries)):
                numbers = [e[key] for e in entries]
                if all(isinstance(n, int | float) and not isinstance(n, bool) for n in numbers):
                    out.add(round(abs(sum(numbers)), 2))
    return out
