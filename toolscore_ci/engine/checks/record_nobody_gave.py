from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolscore_ci.claims.values import extract_kinds
from toolscore_ci.engine.checks._common import WENT_OUT, said_with, writes_that_went_out
from toolscore_ci.engine.index import Execution, normal_id
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.text import iter_scalars, objects_in
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
    text = value.strip()
    ids = extract_kinds(value, _ID).get("id", ())
    return normal_id(value) if len(ids) == 1 and ids[0] == text else None


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


def _shape(value: str) -> str:
    """Letters and digits as one class: `rec_898d8ab8` and `rec_b922e539` share a shape."""
    return "".join("x" if c.isalnum() else c for c in value)


def _given_text(ctx: Context, before: int) -> str:
    """Everything the run was given or had answered before position `before`: the
    instruction, the system prompt, every message, every result and error, and the arguments of calls that went
    through (a lookup by that id answered it). Casefolded."""
    trace = ctx.index.trace
    parts = [str(trace.task.get("instruction") or ""), (trace.system or "")[:_MAX_TEXT]]
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


#: (the read, one object of its result, the string under the key) per id key
_Looked = dict[str, list[tuple[Execution, dict[str, Any], str]]]


def _looked_up(ctx: Context, keys: set[str], before: int) -> _Looked:
    """What the successful reads before position `before` returned under each of `keys`, each
    result walked once."""
    out: _Looked = {}
    for e in ctx.prior:
        if e.position >= before or e.effect != "read" or e.status != "succeeded":
            continue
        for record in objects_in(e.output, max_depth=8, max_items=_MAX_RECORDS):
            for key in keys.intersection(record):
                value = record[key]
                if isinstance(value, str):
                    out.setdefault(key, []).append((e, record, value))
    return out


def _named_record(
    looked: _Looked, write: Execution, key: str, used: str, said: str
) -> tuple[Execution, str, str] | None:
    """The earlier read whose result holds, under the same key, another id of the same shape
    in a record one of whose fields the claim names: (the read, its id, the name)."""
    shape = _shape(used)
    for e, record, value in looked.get(key, ()):
        # the cheap tests first: most records hold the same id under the key
        if e.position >= write.position or _shape(normal_id(value)) != shape:
            continue
        other = _as_id(value)
        if other is None or other == used:
            continue
        for field in list(record.values())[:_MAX_FIELDS]:
            if (
                isinstance(field, str)
                and len(field.strip()) >= _MIN_NAME
                and field.strip().casefold() in said
                and _as_id(field) is None
            ):
                return e, other, field.strip()
    return None


def _said_record_holds(read: Execution, key: str, used: str, said: str) -> bool:
    """Does the lookup's answer hold the id used, under the key, in a record one of whose other
    fields the user's messages or the report say (the card's `last4` "8812")?"""
    for record in objects_in(read.output, max_depth=8, max_items=_MAX_RECORDS):
        value = record.get(key)
        if not isinstance(value, str) or normal_id(value) != used:
            continue
        for field in list(record.values())[:_MAX_FIELDS]:
            if field is value or not isinstance(field, str | int) or isinstance(field, bool):
                continue
            text = str(field).strip().casefold()
            if len(text) >= _MIN_NAME and text in said:
                return True
    return False


@check("TSC145", "act-on-a-record-nobody-gave", "contradicted")
def record_nobody_gave(ctx: Context) -> Reason | None:
    """The claim names whom or what it acted on, a lookup returned that one's record with its
    id, and the write the claim reports went to another id of the same key and shape that no
    message, result or answered call ever held (the agent made it up, or took it from nowhere
    in the run): "Bollit Geno's fields are updated" when `search_contacts` returned Bollit
    Geno as `record_id: rec_898d8ab8` and `update_contact` was sent `record_id: rec_b922e539`.

    Leaves alone: a write to the id the lookup returned, or to any id a message or result
    held (the user's, a later search's, a create's answer), or that the lookup itself returned
    (answered after the write was sent, in parallel); a value that is not one whole
    identifier (dates, amounts, times: "checkin 2026-05-12" after a read of 2026-05-11 is the
    change asked for); ids of another key or shape (an idempotency key); a lookup whose record
    the claim does not name; a read that failed; failed writes; admitted failures."""
    writes = writes_that_went_out(ctx)
    if not writes:
        return None
    ids_of = {w.position: list(_id_args(w.call.args)) for w in writes}
    keys = {key for ids in ids_of.values() for key, _ in ids}
    if not keys:
        return None
    looked = _looked_up(ctx, keys, max(w.position for w in writes))
    said = " ".join(said_with(ctx)).casefold()
    for write in writes:
        given: str | None = None  # read only when a lookup names another id for the key
        for key, used in ids_of[write.position]:
            found = _named_record(looked, write, key, used, said)
            if found is None:
                continue
            if given is None:
                given = _given_text(ctx, write.position)
            read, other, name = found
            if used in given or _said_record_holds(read, key, used, said):
                # the lookup that named the other one returned this one too, in a record the
                # user or the report names ("ending 8812": its answer may come after the write
                # was sent, calls in parallel); not another person's record
                continue
            return ctx.reason(
                "TSC145",
                "contradicted",
                (*read.cited, *write.cited),
                f"{read.call.name or 'a lookup'} returned {name} as {key} {other}, but "
                f"{write.call.name or 'the write'} was sent {key} {used}, which no message or "
                "tool result gave",
            )
    return None
