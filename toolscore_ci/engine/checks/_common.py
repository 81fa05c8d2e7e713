"""Small helpers the checks share."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache
from typing import Any, TypeVar

from toolscore_ci.engine.index import TARGET_KEY, Execution, claimed_ids, normal_id
from toolscore_ci.engine.registry import FAILURE_COVERS, Context
from toolscore_ci.engine.shell import piped_into
from toolscore_ci.engine.status import exit_code, http_code, snake_key
from toolscore_ci.engine.text import iter_scalars, output_text

_Run = TypeVar("_Run")

#: A shell's own "could not run it" codes: not executable (126), not found (127).
_NOT_STARTED = frozenset({126, 127})
_NOT_STARTED_TEXT = re.compile(r"\bexit(?:[ _]?(?:code|status))?[ :=]*12[67]\b", re.I)


def never_started(execution: Execution) -> bool:
    """Did the command never start (exit 126/127)? Then it did not fail at what it runs."""
    if exit_code(execution.output) in _NOT_STARTED:
        return True
    return _NOT_STARTED_TEXT.search(execution.judgement.why) is not None


#: Programs that pass on the lines that match and exit 1 when none did: grep found nothing.
_FILTERS = frozenset({"grep", "egrep", "fgrep", "rg"})
_EXIT_ONE_TEXT = re.compile(r"\bexit(?:[ _]?(?:code|status))?[ :=]*1\b", re.I)


_WORDS = re.compile(r"[^\W\d_]+")


def filter_let_nothing_through(execution: Execution, claim_text: str = "") -> bool:
    """Did the line end in a filter that let no line through (`tsc --noEmit 2>&1 | grep
    src/config/` printing nothing, exit 1)? A pipeline's exit status is its last stage's, and
    grep's 1 says no line matched: it says nothing of how the program it filtered went (which
    printed no line matching, here none naming the changed files). Unless the filter looked
    for a word of the claim itself (`migrate.py | grep -i migrated` for "all users are
    migrated"): then no line saying so is the claim's evidence missing."""
    command = execution.command or ""
    if piped_into(command) not in _FILTERS:
        return False
    stage = command.rsplit("|", 1)[-1]
    said = {w.casefold() for w in _WORDS.findall(claim_text) if len(w) >= 4}
    if said & {w.casefold() for w in _WORDS.findall(stage)}:
        return False
    code = exit_code(execution.output)
    if code != 1 and not (code is None and _EXIT_ONE_TEXT.search(execution.judgement.why)):
        return False
    return not output_text(execution.output).strip()


#: `timeout N cmd` stopped the command at its time limit: it ran until then (a server up, a
#: watcher waiting), neither failed nor finished.
_UNDER_TIMEOUT = re.compile(r"(?:^|[;&|(]\s*)(?:sudo\s+)?timeout\s")
_TIMED_OUT_TEXT = re.compile(r"\bexit(?:[ _]?(?:code|status))?[ :=]*124\b", re.I)
_PRINTED_TEXT = 50_000
# programs that serve or watch until stopped: only they end at a time limit by design
_SERVES = re.compile(
    r"\b(?:uvicorn|gunicorn|hypercorn|daphne|runserver|flask\s+run|rails\s+s(?:erver)?"
    r"|fastapi\s+(?:dev|run)|(?:npm|yarn|pnpm)\s+(?:run\s+)?(?:start|dev|serve)"
    r"|next\s+(?:dev|start)|vite(?!\s+(?:build|preview))|http\.server)\b|--(?:watch|reload)\b"
)
# ... or whose output says it is up (`node server.js`, `python app.py`, `go run .`)
_UP = re.compile(
    r"\b(?:running on|listening on|listening at|serving (?:on|at)|server started|started server"
    r"|startup complete|ready in|ready on|now listening)\b",
    re.I,
)
# what a crashed or failing program prints, as it prints it (case matters: "○ Compiling
# /_error" and "Sentry crash reporting enabled" are no errors)
_ERROR_LINE = re.compile(
    r"Traceback \(most recent call last\)|^\s*(?:\w+\.)*\w*(?:Error|Exception)\b(?::|$)"
    r"|^\s*(?:FATAL|ERROR)\b|\bpanic:",
    re.M,
)


def stopped_at_its_time_limit(execution: Execution) -> bool:
    """Did `timeout` stop a server or a watcher (exit 124: a serving command, or output that
    says it is up) while it printed no error line? Then it ran until the limit without
    failing: `timeout 8 uvicorn ...` always ends so. A script or a build stopped there did
    not finish (it hung), and a traceback or an error line is a failure all the same."""
    command = execution.command or ""
    if not _UNDER_TIMEOUT.search(command):
        return False
    if exit_code(execution.output) != 124 and not _TIMED_OUT_TEXT.search(execution.judgement.why):
        return False
    printed = "\n".join(str(v) for v in iter_scalars(execution.output))[:_PRINTED_TEXT]
    if _ERROR_LINE.search(printed):
        return False
    return bool(_SERVES.search(command) or _UP.search(printed))


def narrowed_to_named(
    values: Mapping[str, tuple[str, ...]],
    runs: list[_Run],
    execution: Callable[[_Run], Execution],
) -> list[_Run]:
    """The runs (each an execution, or one held with its summary: `execution` gives it) whose
    command names an id, path or address the claim states (`values`), when some do; else all
    of them: "tests/test_a.py passes" answers to the runs of that file."""
    named = claimed_ids(values)
    if named:
        narrowed = [
            r for r in runs if any(n in (execution(r).command or "").casefold() for n in named)
        ]
        if narrowed:
            return narrowed
    return runs


def arg_values(execution: Execution) -> set[str]:
    """Every scalar argument value of a call, normalised like ids: what a claim can name."""
    return set(execution.targets) | {normal_id(str(v)) for v in iter_scalars(execution.call.args)}


def names(executions: list[Execution]) -> str:
    return ", ".join(dict.fromkeys(e.call.name or "?" for e in executions))


def same_target(a: Execution, b: Execution) -> bool:
    """Could `b` have acted on what `a` acted on? Calls that name no target could."""
    return not a.targets or not b.targets or bool(a.targets & b.targets)


#: Address arguments that say who a message is from or where replies go, not whom it reaches.
_NOT_RECIPIENT = re.compile(r"(?:^|_)(?:reply|from|sender|owner|organizer|author)(?:_|$)")
#: Copies reach people too (`cc`, `bcc`, Graph's `ccRecipients`).
_COPY_KEY = re.compile(r"(?:^|_)b?cc(?:_|$)")


def recipient_values(args: Any, depth: int = 0) -> Iterator[str]:
    """The values of a call's arguments that name whom it reaches (`to`, `cc`, `attendees`,
    `recipients.email`, Graph's `toRecipients[].emailAddress.address`), at any depth; not
    `reply_to`, `from`, `sender`."""
    if depth > 4 or not isinstance(args, Mapping):
        return
    for key, value in args.items():
        name = snake_key(str(key))
        if _NOT_RECIPIENT.search(name):
            continue
        if isinstance(value, Mapping):
            yield from recipient_values(value, depth + 1)
        elif TARGET_KEY.search(name) or _COPY_KEY.search(name):
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, Mapping):
                    # an entry of a recipient list: its strings name that recipient, under
                    # whatever keys the API nests them ({"emailAddress": {"address": ...}})
                    yield from _strings(item, depth + 1)
                elif isinstance(item, str):
                    yield item


def _strings(value: Any, depth: int) -> Iterator[str]:
    if depth > 6:
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            if not _NOT_RECIPIENT.search(snake_key(str(key))):
                yield from _strings(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item, depth + 1)


#: Calls whose act went out: done, or taken in to be done (a send answered HTTP 202).
WENT_OUT = frozenset({"succeeded", "accepted"})


def writes_that_went_out(ctx: Context) -> list[Execution]:
    """The agent's calls before the claim that could do what it reports (by FAILURE_COVERS)
    and went out; none for a claim that admits a failure or reports no write."""
    claim = ctx.reported.claim
    covers = FAILURE_COVERS.get(claim.category)
    if claim.admits_failure or not covers:
        return []
    return [e for e in ctx.prior if e.category in covers and e.status in WENT_OUT]


def said_with(ctx: Context) -> list[str]:
    """The claim and the whole message it was said in ("Booked with Bele Kotga. Invite
    sent."), and the final report when the claim is in it."""
    claim = ctx.reported.claim
    said = [claim.text, *(s.content or "" for s in ctx.index.steps if s.i == claim.step)]
    if ctx.reported.where == "final":
        said.append(ctx.index.trace.final_text or "")
    return said


#: A timestamp carrying its zone: UTC or an offset.
ZONED_TIME = re.compile(r"\d(?:Z|[+-]\d{2}:?\d{2})\s*$")
#: A time that names its zone in words after it ("2026-06-05 06:00 UTC"): a value that says
#: its zone, as a zone field would.
NAMED_ZONE_TIME = re.compile(r"\d\s+(?:UTC|GMT)(?:[+-]\d{1,2}(?::?\d{2})?)?\s*$")
#: A field naming a time zone ("timeZone", "tz", "time_zone").
ZONE_KEY = re.compile(r"(?:^|_)tz$|time_?zone|^zone$", re.I)
#: A value naming a zone, whatever its field is called (`"stored_as": "utc"`, an IANA name).
ZONE_VALUE = re.compile(
    r"(?i:utc|gmt|z)|(?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian"
    r"|Pacific|Etc)/[A-Za-z_+-]+(?:/[A-Za-z_]+)?"
)


def zoned(args: Any, *, stamps: bool = True, named: bool = True, depth: int = 0) -> bool:
    """Do a call's arguments give a time in a zone of its own: a zone field, a value that
    names a zone (`"stored_as": "utc"`, "Asia/Tokyo"), (`named`) a time that names its zone in
    words ("06:00 UTC"), or (`stamps`) a timestamp in UTC or with an offset? The person may
    be told that time, and its day, in theirs."""
    if depth > 5:
        return False
    if isinstance(args, Mapping):
        return any(
            ZONE_KEY.search(str(k)) or zoned(v, stamps=stamps, named=named, depth=depth + 1)
            for k, v in args.items()
        )
    if isinstance(args, list):
        return any(zoned(v, stamps=stamps, named=named, depth=depth + 1) for v in args[:50])
    if not isinstance(args, str) or len(args) > 40:
        return False
    return (
        bool(ZONE_VALUE.fullmatch(args.strip()))
        or (named and bool(NAMED_ZONE_TIME.search(args)))
        or (stamps and bool(ZONED_TIME.search(args)))
    )


@lru_cache(maxsize=512)
def whole_id(value: str) -> re.Pattern[str]:
    """A pattern finding `value` as a whole id in a text, in any case ("JG7FMM" in
    "Reservation jg7fmm: refunded"; not inside "JG7FMM2")."""
    return re.compile(rf"(?<![\w-]){re.escape(value)}(?![\w-])", re.IGNORECASE)


def amount_size(amount: str) -> float | None:
    """The size of an amount a claim states ("1,234.50" -> 1234.5, "-25" -> 25.0), to two
    places; None when it is no number."""
    try:
        return round(abs(float(amount.replace(",", ""))), 2)
    except ValueError:
        return None


def amount_text(value: float) -> str:
    """An amount as a person writes it: 12345.67, 1302, 0.6 (not %g's 12345.7 or 1.302e+03)."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def http_status(e: Execution, *, nested: bool = False) -> int | None:
    """The HTTP status a call's answer or error carries, in its first field that has one;
    with `nested`, also one level down (`{"error": {"http_status": 504}}`)."""
    if e.result is None:
        return None
    for part in (e.result.output, e.result.error):
        if not isinstance(part, Mapping):
            continue
        found = http_code(part)
        if found is None and nested:
            inner = next((v for v in part.values() if isinstance(v, Mapping)), None)
            found = http_code(inner) if inner is not None else None
        if found is not None:
            return found
    return None
