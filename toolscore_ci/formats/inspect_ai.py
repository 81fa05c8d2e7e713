"""Inspect eval logs (UKGovernmentBEIS/inspect_ai, MIT): the `.json` log and the `.eval` archive.

A `.json` log is one document, `{"version", "status", "eval": {...}, "results", "samples": [...]}`;
an `.eval` log is a zip of `header.json` and one `samples/<id>_epoch_<n>.json` per sample
(`iter_archive` turns each member into a one-sample document, so both read the same). Every
sample (one epoch of one dataset item) becomes a trace, read from its `messages`: `system` ->
`meta.system`; `user` -> a user message; `assistant` -> its text (reasoning parts dropped) and
its `tool_calls` (`{"id", "function": name, "arguments": {...}}`); `tool` -> the result of
`tool_call_id`, failed when `error` (`{"type", "message"}`) is set. The sample's `scores` are
its label (`ground_truth`) and never a step or `meta`: the first scorer's value decides,
success for `"C"` (CORRECT), `true` or 1, failure for `"I"`, `"N"`, `"P"`, `false` or a
number below 1; any other value leaves the trace unlabelled.
"""

from __future__ import annotations

import math
import zipfile
import zlib
from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats import _harness
from toolscore_ci.formats._trace import (
    TraceBuilder,
    as_dict,
    as_list,
    default_trace_id,
    first_str,
    text_of,
)
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue, parse_json
from toolscore_ci.model import InputIssue

NAME = "inspect"
#: Set by `iter_archive` on the documents it builds: the archive member a sample came from.
MEMBER = "_toolscore_archive_member"
_SUCCESS = frozenset({"C"})
_FAILURE = frozenset({"I", "N", "P"})
_KNOWN_MSG = frozenset(
    {"id", "role", "content", "source", "metadata", "tool_calls", "model", "tool_call_id"}
    | {"function", "error", "internal"}
)
ZIP_MAGIC = b"PK\x03\x04"


def sniff(first: Any) -> bool:
    return (
        type(first) is dict
        and type(first.get("eval")) is dict
        and (type(first.get("samples")) is list or "version" in first)
        and ("task" in first["eval"] or "model" in first["eval"])
    )


def is_archive(path: str) -> bool:
    if path == "-":
        return False
    try:
        with open(path, "rb") as fh:
            return fh.read(4) == ZIP_MAGIC
    except OSError:
        return False


def iter_archive(path: str, max_line_bytes: int) -> Iterator[JsonValue | InputIssue]:
    """One `{"eval": header.eval, "samples": [sample]}` document per sample member of an
    `.eval` archive, each member held to the per-value size limit."""

    def load(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> Any:
        if info.file_size > max_line_bytes:
            return InputIssue(
                path, None, f"{info.filename}: $", f"over {max_line_bytes} bytes; left out"
            )
        try:
            with zf.open(info) as fh:
                data = fh.read(max_line_bytes + 1)
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError) as exc:
            return InputIssue(path, None, f"{info.filename}: $", f"cannot be unpacked: {exc}")
        value, problem = parse_json(data)
        if problem is not None:
            return InputIssue(path, None, f"{info.filename}: {problem[0]}", problem[1])
        return value

    try:
        zf = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as exc:
        yield InputIssue(path, None, "", f"cannot read the Inspect .eval archive: {exc}")
        return
    with zf:
        names = {i.filename: i for i in zf.infolist()}
        header: Any = {}
        if "header.json" in names:
            header = load(zf, names["header.json"])
            if isinstance(header, InputIssue):
                yield header
                header = {}
        else:
            yield InputIssue(path, None, "", "an .eval archive without header.json", "warning")
        members = sorted(n for n in names if n.startswith("samples/") and n.endswith(".json"))
        if not members:
            yield InputIssue(path, None, "", "an .eval archive with no samples", "warning")
        for name in members:
            sample = load(zf, names[name])
            if isinstance(sample, InputIssue):
                yield sample
                continue
            doc = {"eval": as_dict(as_dict(header).get("eval")), "samples": [sample], MEMBER: name}
            doc["eval"].setdefault("task", None)  # a header-less archive still sniffs
            yield JsonValue(doc, 1)


def _outcome(value: Any) -> str | None:
    if value is True or (type(value) is str and value in _SUCCESS):
        return "success"
    if value is False or (type(value) is str and value in _FAILURE):
        return "failure"
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return "success" if abs(float(value) - 1.0) < 1e-6 else "failure"
    return None


def _add(b: TraceBuilder, msg: dict[str, Any], line: int) -> None:
    role = msg.get("role")
    for key in msg:
        if key not in _KNOWN_MSG:
            b.coverage.note("unplaced field", f"messages[].{key}", line)
    text = text_of(msg.get("content"))
    if role == "system":
        b.meta.setdefault("system", text)
    elif role == "user":
        b.user(text)
    elif role == "assistant":
        b.agent(text)
        for call in as_list(msg.get("tool_calls")):
            if type(call) is not dict:
                b.coverage.note("unplaced field", "tool_calls[]", line)
                continue
            b.call(
                first_str(call.get("function")), call.get("arguments"), first_str(call.get("id"))
            )
    elif role == "tool":
        error = msg.get("error")
        message = first_str(as_dict(error).get("message")) if error is not None else None
        b.result(
            first_str(msg.get("tool_call_id")),
            None if error is not None else msg.get("content"),
            ok=error is None,
            error=(message or text or "tool error") if error is not None else None,
            name=first_str(msg.get("function")),
            line=line,
        )
    else:
        b.coverage.note("unknown message role", str(role), line)


def _sample(
    doc: dict[str, Any], sample: dict[str, Any], where: str, path: str, line: int, cov: Coverage
) -> Iterator[ReadItem]:
    spec = as_dict(doc.get("eval"))
    sid, epoch = sample.get("id"), sample.get("epoch")
    key = str(sid) if isinstance(sid, (str, int)) and not isinstance(sid, bool) else None
    run = first_str(spec.get("run_id"), spec.get("eval_id"), spec.get("task_id"))
    tid = "/".join(x for x in (run, key, f"epoch-{epoch}" if type(epoch) is int else None) if x)
    b = TraceBuilder(
        source=NAME,
        trace_id=tid if key else f"{default_trace_id(path, line)}/{where}",
        path=path,
        line=line,
        coverage=cov,
    )
    b.task_id = key
    for n, msg in enumerate(sample["messages"]):
        if type(msg) is not dict:
            yield InputIssue(path, line, f"{where}.messages[{n}]", "not a chat message; left out")
            continue
        _add(b, msg, line)
    b.meta.update(
        model=first_str(spec.get("model")),
        task=first_str(spec.get("task")),
        sample_id=key,
        epoch=epoch if type(epoch) is int else None,
    )
    record = b.record()
    scores = as_dict(sample.get("scores"))
    if not scores:
        # reads "sample without 'scores' seen once; no label": the field is the detail
        cov.note("sample without", "scores", line, outcome="no label")
        yield record
        return
    scorer, score = next(iter(scores.items()))
    outcome = _outcome(as_dict(score).get("value"))
    if outcome is None:
        cov.note("score value not read as a verdict", scorer, line, outcome="no label")
        yield record
        return
    record.data["ground_truth"] = {
        "outcome": outcome,
        "checked_by": "state_probe",
        "details": {"scorer": scorer, "scores": scores, "target": sample.get("target")},
    }
    yield record


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    for item in _harness.taken(values, sniff, coverage):
        if isinstance(item, InputIssue):
            yield item
            continue
        doc = item.value
        member = doc.get(MEMBER) if type(doc.get(MEMBER)) is str else None
        for n, sample in enumerate(as_list(doc.get("samples"))):
            where = f"{member}: $" if member else f"$.samples[{n}]"
            if type(sample) is not dict or type(sample.get("messages")) is not list:
                yield InputIssue(
                    path,
                    item.line if member is None else None,
                    where,
                    "not an Inspect sample (an object with a `messages` array); left out",
                )
                continue
            yield from _sample(doc, sample, where, path, item.line, coverage)
