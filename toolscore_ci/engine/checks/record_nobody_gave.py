from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolscore_ci.claims.values import extract_kinds
from toolscore_ci.engine.checks._common import WENT_OUT, said_with, writes_that_went_out
from toolscore_ci.engine.index import Execution, normal_id
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.text import iter_scalars
from toolscore_ci.model import Reason

_ID = frozenset({"id"})
#: Bounded reading: records looked at per result, scalars per record, characters per text.
_MAX_RECORDS = 2_000
_MAX_FIELDS = 50
_MAX_TEXT = 20_000
#: A record's field names the claim's subject only when it is this long: "Bollit Geno", not "IT".
_MIN_NAME = 4


def _as_id(value: Any) -> str | None:
    """The value, normalised, when the whole of it is one identifier (`rec_b922e539`), else
    None: a date, an amount or a sentence is not a record's id."""
    if not isinstance(value, str) or len(value) > 80:
        return None
    ids = extract_kinds(value, _ID).get("id", ())
    return normal_id(value) if len(ids) == 1 and ids[0] == value.strip() else None


def _id_args(args: Any) -> Iterator[tuple[str, str]]:
    """(key, normalised id) for each top-level or nested argument that is an identifier."""
    if isinstance(args, dict):
        for key, value in args.items():
            if isinstance(value, dict | list):
                yield from _id_args(value)
            elif (found := _as_id(value)) is not None:
                yield str(key), found
    elif isinstance(args, list):
        for item in args:
            yield from _id_args(item)


def _records(value: Any, depth: int = 0) -> Iterator[dict[str, Any]]:
    """Every object in a result, breadth by depth, bounded."""
    if depth > 8:
        return
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from _records(v, depth + 1)
    elif isinstance(value, list):
        for v in value[:_MAX_RECORDS]:
            yield from _records(v, depth + 1)


def _shape(value: str) -> str:
    """Letters and digits as one class: `rec_898d8ab8` and `rec_b922e539` share a shape."""
    return "".join("x" if c.isalnum() else c for c in value)


def _given_text(ctx: Context, before: int) -> str:
    """Everything the run was given or had answered before position `before`: the
    instruction, every message, every result and error, and the arguments of calls that went
    through (a lookup by that id answered it). Casefolded."""
    parts = [str(ctx.index.trace.task.get("instruction") or "")]
    by_call = {e.position: e for e in ctx.index.executions}
    for pos, step in enumerate(ctx.index.steps[:before]):
        if step.kind == "message":
            parts.append((step.content or "")[:_MAX_TEXT])
        if step.output is not None:
            parts.extend(str(v) for v in iter_scalars(step.output, max_items=_MAX_RECORDS))
        if step.error:
            parts.append(str(step.error)[:_MAX_TEXT])
        e = by_call.get(pos)
        if e is not None and e.status in WENT_OUT:
            parts.extend(str(v) for v in iter_scalars(e.call.args, max_items=_MAX_FIELDS))
    return "\n".join(parts).casefold()


def _named_record(
    ctx: Context, write: Execution, key: str, used: str, said: str
) -> tuple[Execution, str, str] | None:
    """The earlier read whose result holds, under the same key, another id of the same shape
    in a record one of whose fields the claim names: (the read, its id, the name)."""
    for e in ctx.prior:
        if e.position >= write.position or e.effect != "read" or e.status != "succeeded":
            continue
        for record in _records(e.output):
            other = _as_id(record.get(key))
            if other is None or other == used or _shape(other) != _shape(used):
                continue
            for field in list(record.values())[:_MAX_FIELDS]:
                if (
                    isinstance(field, str)
                    and len(field.strip()) >= _MIN_NAME
                    and _as_id(field) is None
                    and field.strip().casefold() in said
                ):
                    return e, other, field.strip()
    return None


@check("TSC145", "act-on-a-record-nobody-gave", "contradicted")
def record_nobody_gave(ctx: Context) -> Reason | None:
    """The claim names whom or what it acted on, a lookup returned that one's record with its
    id, and the write the claim reports went to another id of the same key and shape that no
    message, result or answered call ever held (the agent made it up, or took it from nowhere
    in the run): "Bollit Geno's fields are updated" when `search_contacts` returned Bollit
    Geno as `record_id: rec_898d8ab8` and `update_contact` was sent `record_id: rec_b922e539`.

    Leaves alone: a write to the id the lookup returned, or to any id a message or result
    held (the user's, a later search's, a create's answer); a value that is not one whole
    identifier (dates, amounts, times: "checkin 2026-05-12" after a read of 2026-05-11 is the
    change asked for); ids of another key or shape (an idempotency key); a lookup whose record
    the claim does not name; a read that failed; failed writes; admitted failures."""
    writes = writes_that_went_out(ctx)
    if not writes:
        return None
    said = " ".join(said_with(ctx)).casefold()
    for write in writes:
        ids = list(_id_args(write.call.args))
        if not ids:
            continue
        given = _given_text(ctx, write.position)
        for key, used in ids:
            if used in given:
                continue
            found = _named_record(ctx, write, key, used, said)
            if found is None:
                continue
            read, other, name = found
            return ctx.reason(
                "TSC145",
                "contradicted",
                (*read.cited, *write.cited),
                f"{read.call.name or 'a lookup'} returned {name} as {key} {other}, but "
                f"{write.call.name or 'the write'} was sent {key} {used}, which no message or "
                "tool result gave",
            )
    return None
