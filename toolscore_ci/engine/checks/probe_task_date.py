from __future__ import annotations

import re
from datetime import date

from toolscore_ci.engine.checks.end_state import claims_the_task, end_state_probe, text_of
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.model import Reason
from toolscore_ci.vocab import month_names

_MONTHS = month_names().numbers
_MONTH = "|".join(sorted(map(re.escape, _MONTHS), key=len, reverse=True))
_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
# a day may be written as an ordinal: "14th May 2026", "May 14th, 2026"
_ORDINAL = r"(?:st|nd|rd|th)?"
_DAY_MONTH_YEAR = re.compile(
    rf"(?<!\d)(\d{{1,2}}){_ORDINAL}\.?\s+(?:of\s+)?({_MONTH})\.?,?\s+(\d{{4}})(?!\d)", re.I
)
_MONTH_DAY_YEAR = re.compile(rf"\b({_MONTH})\.?\s+(\d{{1,2}}){_ORDINAL},?\s+(\d{{4}})(?!\d)", re.I)


# "Sep 20", "20 September" with no year after them: the page's own year, unsaid
_NO_YEAR = r"(?!\.?,?\s+\d{4})(?!\d|\.\d)"
_DAY_MONTH = re.compile(
    rf"(?<![\d.])(\d{{1,2}}){_ORDINAL}\.?\s+(?:of\s+)?({_MONTH})\b{_NO_YEAR}", re.I
)
_MONTH_DAY = re.compile(rf"\b({_MONTH})\.?\s+(\d{{1,2}}){_ORDINAL}\b{_NO_YEAR}", re.I)


def days_without_year(text: str) -> set[tuple[int, int]]:
    """(month, day) of the dates a text writes with no year ("Scheduled for May 1")."""
    out = {(_MONTHS[m.lower()], int(d)) for d, m in _DAY_MONTH.findall(text)}
    return out | {(_MONTHS[m.lower()], int(d)) for m, d in _MONTH_DAY.findall(text)}


# 20.09.2026, 20/09/2026, 09/20/2026: which number is the day the page does not say
_NUMERIC = re.compile(r"(?<![\d./-])(\d{1,2})([./-])(\d{1,2})\2(\d{4})(?![\d/-])(?!\.\d)")


def numeric_dates(text: str) -> set[date]:
    """Dates written in numbers with their year, read both ways round where either could be
    the day (05/06/2026 is 5 June or May 6): only to see that a page shows a date, never to
    say which one it shows."""
    out: set[date] = set()
    for a, _, b, y in _NUMERIC.findall(text):
        for d, m in ((int(a), int(b)), (int(b), int(a))):
            try:
                out.add(date(int(y), m, d))
            except ValueError:
                continue
    return out


def full_dates(text: str) -> set[date]:
    """Dates written with their year: 2026-09-20, 20 September 2026, Sep 20, 2026."""
    out: set[date] = set()
    candidates = [(int(y), int(m), int(d)) for y, m, d in _ISO.findall(text)]
    candidates += [
        (int(y), _MONTHS[m.lower()], int(d)) for d, m, y in _DAY_MONTH_YEAR.findall(text)
    ]
    candidates += [
        (int(y), _MONTHS[m.lower()], int(d)) for m, d, y in _MONTH_DAY_YEAR.findall(text)
    ]
    for y, m, d in candidates:
        try:
            out.add(date(y, m, d))
        except ValueError:
            continue
    return out


@check("TSC133", "end-state-wrong-date", "contradicted")
def probe_task_date(ctx: Context) -> Reason | None:
    """ "Done" when the task names a full date and the end-state probe shows a different one
    of the same day and month and none that the task named (2025-09-20 for "20 September
    2026"). Leaves alone: probes that show the task's date (also written in numbers, 20.09.2026
    or 09/20/2026, beside an older date), or no full date at all; probes that show the task's
    day and month with no year ("Scheduled for May 1" beside an archived "May 1, 2025"); tasks
    that name none; other days (a rebooking to another day is not a typo'd year)."""
    if not claims_the_task(ctx):
        return None
    probe = end_state_probe(ctx.index)
    if probe is None:
        return None
    asked = full_dates(str(ctx.index.trace.task.get("instruction") or ""))
    if not asked:
        return None
    page = text_of(probe.output)
    shown = full_dates(page)
    if not shown or (shown | numeric_dates(page)) & asked:
        return None  # the task's date is on the page, in words or in numbers (20.09.2026)
    near = sorted(d for d in shown if any((d.month, d.day) == (a.month, a.day) for a in asked))
    if not near or days_without_year(page) & {(a.month, a.day) for a in asked}:
        return None  # also "Scheduled for May 1", no year: the page may well mean the task's
    return ctx.reason(
        "TSC133",
        "contradicted",
        (probe.i,),
        f"the task asks for {min(asked).isoformat()}, the end-state probe {probe.name} "
        f"shows {near[0].isoformat()}",
    )
