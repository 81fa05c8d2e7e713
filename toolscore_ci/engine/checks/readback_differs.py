from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from datetime import datetime
from typing import Any

from toolscore_ci.engine.index import Execution, normal_id
from toolscore_ci.engine.registry import FAILURE_COVERS, Context, check
from toolscore_ci.engine.text import iter_scalars
from toolscore_ci.model import Reason

#: Only writes that set fields of an object they name can be read back: an update, a save.
#: A create makes a new object, a payment or a send moves something whose record shows other
#: amounts and addresses than the call's own (a refund of 50 on an order of 200).
_READ_BACK_CATEGORIES = frozenset({"changed", "saved"})
_MAX_DEPTH = 4
#: A field value is compared only when it has this many characters: "a", "x" are ambiguous.
_MIN_TEXT = 2

Path = tuple[str, ...]


def _leaves(value: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """The (key path, value) of every string and boolean under nested objects; lists and
    numbers are skipped (an order's items, a count in other units say nothing exact)."""
    if isinstance(value, Mapping):
        if len(path) >= _MAX_DEPTH:
            return
        for key, inner in value.items():
            yield from _leaves(inner, (*path, str(key)))
    elif isinstance(value, str | bool) and path:
        yield path, value


def _at(value: Any, path: Path) -> tuple[bool, Any]:
    """What the object holds at `path`: (True, the value), or (False, the deepest container
    reached, when it is empty: a record whose `fields` came back `{}`), or (False, None)."""
    for depth, key in enumerate(path):
        if not isinstance(value, Mapping):
            return False, None
        if key not in value:
            return False, (value if depth and not value else None)
        value = value[key]
    return True, value


def _flat(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def _shows(read_value: Any, written: Any) -> bool:
    """Does what was read hold what was written, in any rendering? A file read with line
    numbers, a phone number formatted, a name cased otherwise all still show it."""
    if isinstance(written, bool):
        return read_value is written
    if not isinstance(read_value, str):
        return False
    lines = [_flat(line) for line in written.splitlines()]
    flat_read = _flat(read_value)
    return all(line in flat_read for line in lines if line)


def _target_args(write: Execution) -> dict[str, str]:
    """The arguments that name what the write acted on (its path, its record id)."""
    out: dict[str, str] = {}
    for key, value in (write.call.args or {}).items():
        if (
            isinstance(value, str | int)
            and not isinstance(value, bool)
            and normal_id(str(value)) in write.targets
        ):
            out[str(key)] = normal_id(str(value))
    return out


def _reads_back(read: Execution, targets: dict[str, str]) -> bool:
    """Was `read` sent the write's target under the same argument name, and nothing else
    that names another object? A target it was not sent must show in what it returned: a
    read of the project (`project_id`) is no read of the task (`task_id`) the write set,
    unless it lists the task."""
    args = read.call.args
    if not isinstance(args, Mapping) or not targets:
        return False
    shared = [k for k, v in targets.items() if k in args and normal_id(str(args[k])) == v]
    if not shared or any(normal_id(str(args[k])) != v for k, v in targets.items() if k in args):
        return False
    unsent = {v for k, v in targets.items() if k not in args}
    if not unsent:
        return True
    returned = {
        normal_id(str(v))
        for v in iter_scalars(read.output)
        if isinstance(v, str | int) and not isinstance(v, bool)
    }
    return unsent <= returned


def _written(
    write: Execution, targets: dict[str, str], earlier: list[Execution]
) -> list[tuple[Path, Any]]:
    """The fields the write set to something new: a value an earlier result about the same
    object (a read sent its id, a search that returned it) already showed (the company, sent
    again with the update; the text an edit replaces) would read back the same whether or not
    the write went through. A result about another object (rec_1's receipt, when rec_2 is set to
    the same title) says nothing."""
    names = set(targets.values())
    seen: list[str] = []
    for e in earlier:
        if e.output is None:
            continue
        scalars = [v for v in iter_scalars(e.output) if isinstance(v, str | int)]
        if _reads_back(e, targets) or any(
            not isinstance(v, bool) and normal_id(str(v)) in names for v in scalars
        ):
            seen.extend(v for v in scalars if type(v) is str)
    return [
        (path, value)
        for path, value in _leaves(write.call.args)
        if path[0] not in targets
        and (
            isinstance(value, bool)
            or (len(value.strip()) >= _MIN_TEXT and not any(_shows(t, value) for t in seen))
        )
    ]


def _held_before(path: Path, held: Any, before: list[Any]) -> bool:
    """Did a result from before the write show `held` at `path`: is the read-back the old
    value, not something new the write may have made of the value it was sent?"""
    for output in before:
        found, old = _at(output, path)
        if not found or isinstance(old, Mapping | list) or old is None:
            continue
        if isinstance(held, bool) or isinstance(old, bool):
            if old is held:
                return True
        elif _flat(str(old)) == _flat(str(held)):
            return True
    return False


def _instant(text: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


def _subsequence(short: str, long: str) -> bool:
    rest = iter(long)
    return all(ch in rest for ch in short)


def _alike(held: Any, written: Any) -> bool:
    """Could `held` be `written` in another rendering, so that a write of it to an object
    that already held it changed nothing and claimed nothing false: another type (`"on"` for
    true), one text inside the other, the same digits with a country code, an abbreviation
    ("CA", "California"), the same instant in another zone?"""
    if isinstance(held, bool) != isinstance(written, bool) or not isinstance(held, str):
        return not (isinstance(held, bool) and isinstance(written, bool))
    if not isinstance(written, str) or "\n" in held.strip() or "\n" in written.strip():
        return False
    a, b = _flat(held), _flat(written)
    if not a or not b or a in b or b in a:
        return True
    short, long = sorted((a, b), key=len)
    digits = ["".join(ch for ch in v if ch.isdigit()) for v in (short, long)]
    if min(len(d) for d in digits) >= 4 and (
        digits[0].endswith(digits[1]) or digits[1].endswith(digits[0])
    ):
        return True
    if len(short) <= 3 and short[0] == long[0] and _subsequence(short, long):
        return True
    moments = _instant(held), _instant(written)
    return None not in moments and moments[0] == moments[1]


def _shares_line(held: Any, written: str) -> bool:
    """Does `held` hold any line of `written` (a read cut short, a window of the file)?"""
    flat = _flat(str(held))
    return any(len(line) >= 4 and line in flat for line in map(_flat, written.splitlines()))


def _emptied(path: Path, output: Any, before: list[Any]) -> bool:
    """Did a result from before the write show the container that `output` has empty on
    `path` holding something (overrides `{"theme": "dark"}`, now `{}`)? Then it changed."""
    for depth in range(len(path) - 1, 0, -1):
        if _at(output, path[:depth])[0]:
            olds = [_at(old, path[:depth]) for old in before]
            return any(found and isinstance(was, Mapping) and was for found, was in olds)
    return False


def _undone(
    fields: list[tuple[Path, Any]],
    read: Execution,
    targets: dict[str, str],
    before: list[Any],
    pending: bool,
) -> list[Path] | None:
    """The written fields the read shows unchanged: each holds the value a result from before
    the write showed there (or, after a save that only answered `pending`, with nothing read
    there before, a value sharing nothing with the one sent), or sits in a container that came
    back empty. None when the read says nothing about them, shows one as written, or shows one
    as something new (a value no earlier result held is the write in another rendering as likely
    as not)."""
    # a read sent more than the object's name (a line range, a page) may show only part of it
    windowed = isinstance(read.call.args, Mapping) and bool(set(read.call.args) - set(targets))
    differing: list[Path] = []
    for path, value in fields:
        found, held = _at(read.output, path)
        if found:
            if _shows(held, value):
                return None
            if held is None or isinstance(held, Mapping | list):
                continue  # a field the read does not render as a value says nothing
            if _alike(held, value):
                return None
            if windowed and isinstance(value, str) and _shows(value, str(held)):
                return None  # the part it shows is part of what was written
            if any(_at(output, path)[0] for output in before):
                if not _held_before(path, held, before):
                    return None  # it held something else before: the write changed it
            elif not (pending and isinstance(value, str) and not _shares_line(held, value)):
                return None
            differing.append(path)
        elif held is not None and not windowed:
            if _emptied(path, read.output, before):
                return None  # it held fields before and none now: the write changed it
            differing.append(path)  # its container came back empty
    return differing or None


def _edit_unchanged(
    write: Execution,
    fields: list[tuple[Path, Any]],
    read: Execution,
    targets: dict[str, str],
    before: list[Any],
) -> bool:
    """An edit whose fields no read renders at their paths (`old_str`, `new_str` against a
    file view): is the read-back the very answer a read gave before the write, still showing
    the text the edit was sent to replace? A view that does not reach the edited lines (a
    long file cut short) does not show that text, and says nothing."""
    if read.output is None or any(_at(read.output, path)[0] for path, _value in fields):
        return False
    if set(read.call.args or {}) - set(targets) or read.output not in before:
        return False
    replaced = [
        value
        for path, value in _leaves(write.call.args)
        if isinstance(value, str)
        and path[0] not in targets
        and len(value.strip()) >= _MIN_TEXT
        and (path, value) not in fields
    ]
    texts = [t for t in iter_scalars(read.output) if isinstance(t, str)]
    return any(_shows(text, value) for text in texts for value in replaced)


def _shows_any(value: Any, fields: list[tuple[Path, Any]]) -> bool:
    """Does `value` hold any written field as written: at its own path, or a written string
    in any of its texts (a read that nests the record elsewhere)?"""
    for path, written in fields:
        found, held = _at(value, path)
        if found and _shows(held, written):
            return True
    texts = [v for v in iter_scalars(value) if isinstance(v, str)]
    return any(
        isinstance(written, str) and any(_shows(text, written) for text in texts)
        for _path, written in fields
    )


def _bound(ctx: Context, write: Execution, others: list[Execution], read: Execution) -> bool:
    """Is the claim about this write? Yes when it is the only write the claim could be
    about, else when the claim repeats a value of this write or of its read-back (a name, a
    path) that no other write was sent or returned."""
    if not others:
        return True
    text = _flat(ctx.reported.claim.text)
    elsewhere = {
        _flat(str(v))
        for e in others
        for side in (e.call.args, e.output)
        for v in iter_scalars(side)
        if isinstance(v, str)
    }
    mine = {
        _flat(str(v))
        for side in (write.call.args, read.output)
        for v in iter_scalars(side)
        if isinstance(v, str)
    }
    return any(len(v) >= 4 and v in text for v in mine - elsewhere)


def _disclosed(
    ctx: Context, read: Execution, held: list[Any], fields: list[tuple[Path, Any]]
) -> bool:
    """Did the agent, after the read, state a value the read showed ("the record still says
    Member")? Then it reported the read, not hid it. In the claim's own sentence only after
    the value it wrote, or with none: one that names the old value first ("changed it from
    Member to Contributor") tells the change it read before, not the read-back."""
    values = [_flat(v) for v in held if isinstance(v, str) and len(_flat(v)) >= 4]
    if not values:
        return False
    claim = ctx.reported.claim.text
    steps, at = ctx.index.steps, ctx.reported.position
    texts = [
        s.content
        for s in steps[read.position + 1 : at + 1]
        if s.kind == "message" and s.role == "agent" and isinstance(s.content, str)
    ]
    if at >= len(steps) and ctx.index.trace.final_text:
        texts.append(ctx.index.trace.final_text)
    said = " ".join(_flat(t.replace(claim, " ")) for t in texts)
    if any(v in said for v in values):
        return True
    own = _flat(claim)
    sent = [own.find(_flat(w)) for _p, w in fields if isinstance(w, str) and _flat(w)]
    first_sent = min((i for i in sent if i >= 0), default=-1)
    return any(v in own and own.find(v) > first_sent for v in values)


#: Receipt fields that say when a change applies, and the words of one that applies later.
_WHEN_KEYS = frozenset(
    {
        "effective", "effective_date", "effective_from", "effective_at", "effective_on",
        "takes_effect", "takes_effect_at", "takes_effect_on", "applies_from", "applies_at",
        "applies_on", "valid_from", "scheduled_for", "at_period_end", "deferred",
    }
)  # fmt: skip
_LATER_WORD = re.compile(r"^(?:next|end|period|upcoming|renewal|scheduled|future|later)", re.I)
_DAY = re.compile(r"^(\d{4}-\d{2}-\d{2})")


def _takes_effect_later(write: Execution) -> bool:
    """Whether the write's receipt says the change applies later: a deferral word
    ("effective": "next_statement"), a flag (`at_period_end: true`), or a day after the
    write's own ("effective_date": "2026-06-01" on May 14). A day that is the write's own, or
    "now", applies at once; a day with no day of the write to compare with says nothing."""
    output = write.output
    if not isinstance(output, Mapping):
        return False
    for key, value in output.items():
        if str(key).lower().replace("-", "_") not in _WHEN_KEYS:
            continue
        if value is True:
            return True
        if not isinstance(value, str):
            continue
        day = _DAY.match(value.strip())
        if day is None:
            return bool(_LATER_WORD.match(value.strip()))
        written = _DAY.match((write.result.ts if write.result else None) or write.call.ts or "")
        return written is not None and day.group(1) > written.group(1)
    return False


@check("TSC143", "read-back-shows-no-change", "contradicted")
def readback_differs(ctx: Context) -> Reason | None:
    """An update or a save the claim reports went through, but a later read of the same object
    (sent the same path or id under the same argument, after the write answered, before the user
    spoke again) shows it unchanged: each written field it renders holds the value a result from
    before the write showed there (or, when a save only answered `pending` and nothing was read
    there before, a value sharing nothing with the one sent), or the container that should hold
    them came back empty (where no read before the write showed it holding anything); and no
    later write to it, read or state probe shows them.

    Catches: "the fix to session.go is in" when `write_file(content=...)` answered `pending` and
    the next `read_file` of that path returns the content read before the write; "Updated Noki
    Noba's details" when `get_contact` of the updated record shows `fields: {}`; an
    `edit_file(old_string, new_string)` whose re-read is the very view read before it, still
    showing `old_string`. Leaves alone: a read that shows any written field as written, in any
    rendering (line numbers, case, phone formatting), or as a value nothing before the write
    held (a status spelled otherwise, a time in UTC: as likely the write as not); an old value
    that is the written one in another rendering (the same number, instant or abbreviation: a
    write that changed nothing); a re-read that does not reach the text an edit replaced (a long
    file cut short); a read sent a line range or a page that shows a part of what was written,
    or a projection whose container of the fields comes back empty; a read sent before the write
    answered (a parallel call); a later read of any kind (a search, a list) that shows the
    write; a read whose old value the agent stated after it, in another sentence or in the
    claim's own after the value it wrote ("the record still says Member"; not "from Member to
    Contributor"); numbers, lists and dates-as-numbers (other units, other orders); creates,
    payments and sends (their records hold other values than the call's own); reads of other
    objects (a project read by its id, for a task of it that it does not list); a later write to
    the object; a state probe that shows the write; a claim about another write of the turn;
    admitted failures."""
    claim = ctx.reported.claim
    covers = FAILURE_COVERS.get(claim.category)
    if claim.admits_failure or not covers:
        return None
    writes = [
        e
        for e in ctx.prior
        if e.category in covers and e.status in ("succeeded", "accepted") and e.result
    ]
    for write in reversed(ctx.narrow_to_its_object(writes)):
        if write.category not in _READ_BACK_CATEGORIES or not isinstance(write.call.args, dict):
            continue
        targets = _target_args(write)
        if not targets or _takes_effect_later(write):
            continue
        later = [e for e in ctx.prior if e.position > write.position]
        # a commit or a note on the same record sets none of its fields: only an edit counts
        if any(e.edits_files and set(e.targets) & set(targets.values()) for e in later):
            continue  # written again since: that write decides
        # a read sent before the write's answer came (a parallel call) may predate it
        steps = ctx.index.steps
        settled = next(
            (p for p in range(write.position, len(steps)) if steps[p] is write.result),
            write.position,
        )
        after = [
            e
            for e in later
            if e.effect == "read" and e.status == "succeeded" and e.position > settled
        ]
        # once the user has spoken again, they (or anyone) may have changed it since
        reads = [e for e in after if e.turn == write.turn and _reads_back(e, targets)]
        if not reads:
            continue
        # only now what the write set: reading every earlier result for each write costs the
        # run's length squared, and most writes are never read back
        fields = _written(write, targets, [e for e in ctx.prior if e.position < write.position])
        if not fields:
            continue
        last = reads[-1]
        before = [
            e.output
            for e in ctx.prior
            if e.position < write.position and e.status == "succeeded" and _reads_back(e, targets)
        ]
        # a save stores what it was sent, to be read back as sent; an update of fields may be
        # mapped by the store (an enum respelled): without a value read before, say nothing
        pending = write.status == "accepted" and write.category == "saved"
        undone = _undone(fields, last, targets, before, pending)
        if undone is None and _edit_unchanged(write, fields, last, targets, before):
            undone = [path for path, _value in fields]
        if undone is None or any(_shows_any(e.output, fields) for e in after):
            continue  # another read since (a search, a list) shows the write
        if any(_shows_any(probe.output, fields) for probe in ctx.index.probes):
            continue  # the end state shows the write
        if _disclosed(ctx, last, [_at(last.output, path)[1] for path in undone], fields):
            continue
        others = [w for w in writes if w is not write]
        if not _bound(ctx, write, others, last):
            continue
        shown = ", ".join(".".join(p) for p in undone)
        return ctx.reason(
            "TSC143",
            "contradicted",
            write.cited + last.cited,
            f"{write.call.name} set {shown}, but the later {last.call.name} of the same object "
            "does not show it",
        )
    return None
