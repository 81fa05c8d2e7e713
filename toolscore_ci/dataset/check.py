"""Validate a labelled file: the schema, the labels, their counts, and label leakage.

Leakage is a label that a detector could read. What a detector reads is exactly what
`projection.project(record)` returns (trace id, task, steps, final report); every string in it
is walked, with the JSON path it came from in the record. A record's labels are its
`ground_truth` (the outcome word and every string under `details`) and the label fields of its
`meta` (LABEL_FIELDS). A label is looked for in two ways:

- *distinctive* labels (several words, or joined with `_`/`-`, or long: "error_hidden", "the
  write failed and ...") anywhere in the view, dict keys included, case-insensitively;
- *plain words* ("success", "failure", "honest", "clean") only as whole words of the
  identifiers (trace id, task id): such words are ordinary in messages and tool outputs
  ("success": false), where finding one proves nothing, but an id that spells the label
  hands it to any detector.

A label that is also a state word tools return (toolscore_ci/vocab/states.yaml: a kind named
"pending_approval" beside a result whose status is pending_approval), or a word of the
schema's own vocabulary (a step kind such as "state_probe", a role, a task domain), is a plain
word: the tool's or the format's own word is evidence, not a leak.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from toolscore_ci.model import InputIssue, TraceRecord
from toolscore_ci.projection import project

#: The meta fields that carry a label (the rest of meta is provenance: domain, style, lang).
LABEL_FIELDS = ("kind", "subkind", "situation", "expected", "label", "injection")
OUTCOMES = ("success", "failure", "unknown")
#: A label this long is distinctive even when it is one word.
DISTINCTIVE_LENGTH = 16
_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class Leak:
    file: str
    line: int
    path: str  # where the detector sees it: a JSON path into the record
    label: str  # where the label lives: $.ground_truth.outcome, $.meta.kind, ...
    value: str

    def __str__(self) -> str:
        return (
            f"{self.file}:{self.line}: {self.path}: label leakage: {self.label} "
            f"({self.value!r}) is visible to detectors here"
        )


@dataclass
class Report:
    """What validating some files found."""

    records: int = 0
    errors: list[InputIssue] = field(default_factory=list)
    warnings: list[InputIssue] = field(default_factory=list)
    leaks: list[Leak] = field(default_factory=list)
    outcomes: Counter[str] = field(default_factory=Counter)
    kinds: Counter[tuple[str, str]] = field(default_factory=Counter)  # (kind, outcome)
    ids: Counter[str] = field(default_factory=Counter)


def labels_of(data: dict[str, Any]) -> list[tuple[str, str]]:
    """(where, value) for every label a record carries."""
    out: list[tuple[str, str]] = []
    truth = data.get("ground_truth") or {}
    if isinstance(truth.get("outcome"), str):
        out.append(("$.ground_truth.outcome", truth["outcome"]))
    for path, value in _strings(truth.get("details"), "$.ground_truth.details"):
        out.append((path, value))
    meta = data.get("meta") or {}
    if isinstance(meta, dict):
        for key in LABEL_FIELDS:
            if isinstance(meta.get(key), str):
                out.append((f"$.meta.{key}", meta[key]))
    return [(where, value) for where, value in out if value.strip()]


def _strings(value: Any, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, f"{path}.{key}")
    elif isinstance(value, (list, tuple)):
        for n, item in enumerate(value):
            yield from _strings(item, f"{path}[{n}]")


def view(data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(JSON path in the record, string) for every string a detector sees, keys included:
    walked over the projected Trace, not the record, so nothing projection drops counts."""
    trace = project(data)
    yield "$.trace_id", trace.trace_id
    yield from _keyed(trace.task, "$.task")
    for n, step in enumerate(trace.steps):
        for f in dataclasses.fields(step):
            yield from _keyed(getattr(step, f.name), f"$.steps[{n}].{f.name}")
    if trace.final_text is not None:
        yield "$.final_claim.text", trace.final_text
    yield from _keyed(list(trace.final_claims or ()), "$.final_claim.claims")


def _keyed(value: Any, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield f"{path}.{key}", str(key)
            yield from _keyed(item, f"{path}.{key}")
    elif isinstance(value, (list, tuple)):
        for n, item in enumerate(value):
            yield from _keyed(item, f"{path}[{n}]")


def _schema_words(node: Any) -> Iterator[str]:
    """Every enum and const value of the agent-trace/v1 schema."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "enum" and isinstance(value, list):
                yield from (str(v).lower() for v in value)
            elif key == "const":
                yield str(value).lower()
            else:
                yield from _schema_words(value)
    elif isinstance(node, list):
        for value in node:
            yield from _schema_words(value)


def plain_words() -> frozenset[str]:
    """Words a trace uses of itself: tools' state words and the schema's vocabulary."""
    from toolscore_ci.validate import load_schema
    from toolscore_ci.vocab import load_raw

    raw = load_raw("states.yaml")
    words: set[str] = set()
    for key, value in raw.items():
        if isinstance(value, list):
            words.update(str(v).lower() for v in value)
        elif isinstance(value, dict) and key != "version":
            for items in value.values():
                words.update(str(v).lower() for v in items or ())
    words.update(_schema_words(load_schema()))
    return frozenset(words)


def distinctive(value: str, plain: frozenset[str]) -> bool:
    """Could this label turn up in a trace only by being copied there?"""
    low = value.strip().lower()
    if low in plain or low in OUTCOMES:
        return False
    return bool(re.search(r"[\s_\-]", low)) or len(low) >= DISTINCTIVE_LENGTH


def leaks(record: TraceRecord, plain: frozenset[str]) -> list[Leak]:
    """The labels of one record that its projection shows, each at the first place seen."""
    labels = labels_of(record.data)
    if not labels:
        return []
    seen = list(view(record.data))
    identifiers = {
        path: set(_WORD.findall(text.lower()))
        for path, text in seen
        if path in ("$.trace_id", "$.task.id")
    }
    found: list[Leak] = []
    for where, value in labels:
        low = value.strip().lower()
        if distinctive(value, plain):
            hit = next((path for path, text in seen if low in text.lower()), None)
        else:
            hit = next((p for p, words in identifiers.items() if low in words), None)
        if hit is not None:
            found.append(Leak(record.file, record.line, hit, where, value))
    return found


def validate(records: Iterable[TraceRecord | InputIssue]) -> Report:
    """Validate what a reader yields: schema issues come in as InputIssues; each valid record
    is held to carrying an outcome and to leaking none of its labels."""
    report = Report()
    plain = plain_words()
    for item in records:
        if isinstance(item, InputIssue):
            (report.errors if item.severity == "error" else report.warnings).append(item)
            continue
        report.records += 1
        data = item.data
        truth = data.get("ground_truth")
        outcome = truth.get("outcome") if isinstance(truth, dict) else None
        if outcome is None:
            report.errors.append(
                InputIssue(
                    item.file,
                    item.line,
                    "$.ground_truth",
                    "no label: a labelled record needs ground_truth.outcome",
                )
            )
            continue
        meta = data.get("meta") if isinstance(data.get("meta"), dict) else {}
        kind = str(meta.get("kind") or (truth.get("details") or {}).get("injection") or "-")
        if isinstance(meta.get("subkind"), str):
            kind = f"{kind}/{meta['subkind']}"
        report.outcomes[outcome] += 1
        report.kinds[(kind, outcome)] += 1
        report.ids[str(data.get("trace_id"))] += 1
        report.leaks.extend(leaks(item, plain))
    return report


def render(report: Report) -> str:
    """The counts, as a table for a terminal."""
    lines = [
        f"{report.records} labelled record{'s' if report.records != 1 else ''}: "
        + ", ".join(f"{report.outcomes[o]} {o}" for o in OUTCOMES if report.outcomes[o])
    ]
    if report.kinds:
        names = sorted({k for k, _ in report.kinds})
        width = max(12, *(len(n) for n in names))
        lines.append(f"  {'kind':<{width}}  {'success':>7}  {'failure':>7}  {'unknown':>7}")
        for name in names:
            row = "  ".join(f"{report.kinds[(name, o)]:>7}" for o in OUTCOMES)
            lines.append(f"  {name:<{width}}  {row}")
    dupes = sorted(i for i, n in report.ids.items() if n > 1)
    if dupes:
        lines.append(
            f"warning: {len(dupes)} trace ids occur more than once: {', '.join(dupes[:5])}"
        )
    lines.append(f"schema errors: {len(report.errors)}; label leaks: {len(report.leaks)}")
    return "\n".join(lines) + "\n"
