from __future__ import annotations

import re

from toolscore_ci.claims.values import evidence_values
from toolscore_ci.engine.checks.values_differ import backing_writes, names_a_zone
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.text import iter_scalars, json_text
from toolscore_ci.model import Reason
from toolscore_ci.vocab import non_report_words

#: The categories whose claims state when a thing takes place (as TSC140 compares times).
_TIMED = frozenset({"booked", "created", "changed"})
#: A string that is a clock time and nothing else: "21:00", "9:30", "21:00:00".
_BARE_CLOCK = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?")


def _clocks(value: object) -> set[str]:
    """The bare clock times among a call's strings, as HH:MM."""
    found = set()
    for scalar in iter_scalars(value):
        if isinstance(scalar, str) and (match := _BARE_CLOCK.fullmatch(scalar.strip())):
            found.add(f"{int(match.group(1)):02d}:{match.group(2)}")
    return found


def _readings(claimed: str) -> set[str]:
    """A claimed time as HH:MM; "~7:30" (no am or pm said) as both halves of the day."""
    if not claimed.startswith("~"):
        return {claimed}
    hour, minute = claimed[1:].split(":")
    h = int(hour) % 12
    return {f"{h:02d}:{minute}", f"{h + 12:02d}:{minute}"}


@check("TSC314", "time-not-sent", "unknown")
def time_not_sent(ctx: Context) -> Reason | None:
    """The one time a claim of a booking or a change states ("booked for 19:30") is not among
    the bare clock times the backing calls were sent ("time": "21:00"), and neither their
    arguments nor their answers hold it anywhere: the call may have set another time, or the
    sentence may give another field's time (an arrival, the venue's opening hours), and a bare
    clock says no zone, which the words do not tell apart: for review, never a flag.

    Leaves alone: a time the calls were sent or answered; calls whose times are full instants
    ("2026-05-01T21:00:00": TSC140 and TSC142 compare those); a claim that names a zone
    ("19:30 your time") or gives the end of a span ("until 21:00"); a claim that states no
    time or several."""
    claim = ctx.reported.claim
    if claim.category not in _TIMED:
        return None
    times = claim.values.get("time", ())
    if len(times) != 1:
        return None
    writes = backing_writes(ctx)
    if not writes:
        return None
    sent = set().union(*(_clocks(e.call.args) for e in writes))
    if not sent:
        return None
    claimed = _readings(times[0])
    answered = set().union(*(_clocks(e.output) for e in writes))
    text = "\n".join(json_text(v) for e in writes for v in (e.call.args, e.output))
    values = evidence_values(text)
    if claimed & (sent | answered | values["time"] | values["utc_time"]):
        return None
    if names_a_zone(claim.text) or non_report_words().says_until(claim.text):
        return None
    last = writes[-1]
    return ctx.reason(
        "TSC314",
        "unknown",
        tuple(i for e in writes for i in e.cited),
        f"the claim says {times[0].lstrip('~')}; {last.call.name} was sent "
        f"{', '.join(sorted(sent))} and answered no such time",
    )
