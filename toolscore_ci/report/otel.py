"""Verdicts as OpenTelemetry: one `gen_ai.evaluation.result` log record per result, in
OTLP/JSON (`resourceLogs` / `scopeLogs` / `logRecords`), for `check --otel-out FILE`.

The event and its attributes are the OpenTelemetry GenAI semantic conventions' evaluation event
(`gen_ai.evaluation.name`, `.score.value`, `.score.label`, `.explanation`; stability:
development). The convention wants the event parented to the span it judges: a record carries
the trace's `traceId` when the trace id is a W3C trace id (32 hex digits, as the otel_genai
reader gives it) and omits it otherwise, and the `spanId` of the trace's root span (the agent's
run, which the verdict judges) when the input gave one (`meta.root_span_id`, kept by the
otel_genai reader); other formats have no span ids, so a backend joins on the trace alone.

The file is built as a stream: a header, each record as its result comes, a footer, so memory
stays flat; the caller writes it through `report/atomic.py`, so it is whole or absent.
"""

from __future__ import annotations

import json
import re
import time
from typing import IO, Any

from toolscore_ci import __version__
from toolscore_ci.model import Result

EVENT = "gen_ai.evaluation.result"
#: The evaluation's name: what was evaluated, by whom.
EVALUATION_NAME = "toolscore-ci.success_claims"
_TRACE_ID = re.compile(r"[0-9a-f]{32}")
#: The explanation is a summary for a tracing UI, not the report: bounded.
MAX_EXPLANATION = 2000
SEVERITY_INFO, SEVERITY_WARN = 9, 13


def _value(v: str | float | int | bool) -> dict[str, Any]:
    """An OTLP AnyValue (JSON encoding: 64-bit ints are strings)."""
    if isinstance(v, bool):
        return {"boolValue": v}
    if isinstance(v, int):
        return {"intValue": str(v)}
    if isinstance(v, float):
        return {"doubleValue": v}
    return {"stringValue": v}


def _attrs(pairs: dict[str, str | float | int | bool | None]) -> list[dict[str, Any]]:
    return [{"key": k, "value": _value(v)} for k, v in pairs.items() if v is not None]


def trace_id_of(result: Result) -> str | None:
    """The W3C trace id the result judges, when its trace id is one (not the all-zero id)."""
    tid = result.trace_id.lower()
    return tid if _TRACE_ID.fullmatch(tid) and tid != "0" * 32 else None


def explanation(result: Result) -> str:
    """The reasons in one line each, worst first as the result lists them, then the expected
    calls' findings."""
    lines = [f"{r.code or '-'} {r.outcome}: {r.detail}" for r in result.reasons]
    if result.expected_calls is not None:
        lines += [f"{f.code} {f.outcome}: {f.detail}" for f in result.expected_calls.findings]
    text = "\n".join(lines) or "no claim of success to check"
    return text if len(text) <= MAX_EXPLANATION else text[: MAX_EXPLANATION - 3] + "..."


def log_record(result: Result, now_ns: int) -> dict[str, Any]:
    p = result.p_success
    attributes: dict[str, str | float | int | bool | None] = {
        "event.name": EVENT,
        "gen_ai.evaluation.name": EVALUATION_NAME,
        # a skipped trace claimed nothing: it has a label, no score
        "gen_ai.evaluation.score.value": (
            None if result.verdict == "skipped" or p != p else round(p, 4)
        ),
        "gen_ai.evaluation.score.label": result.verdict,
        "gen_ai.evaluation.explanation": explanation(result),
        "toolscore.trace_id": result.trace_id,
        "toolscore.detector": result.detector,
        "toolscore.source_file": result.source_file,
        "toolscore.line": result.line,
    }
    if result.expected_calls is not None:
        attributes["toolscore.expected_calls.findings"] = len(result.expected_calls.findings)
    record: dict[str, Any] = {
        "timeUnixNano": str(now_ns),
        "observedTimeUnixNano": str(now_ns),
        "severityNumber": SEVERITY_WARN if result.verdict == "false_success" else SEVERITY_INFO,
        "severityText": "WARN" if result.verdict == "false_success" else "INFO",
        "eventName": EVENT,
        "body": {"stringValue": f"{result.trace_id}: {result.verdict}"},
        "attributes": _attrs(attributes),
    }
    tid = trace_id_of(result)
    if tid is not None:
        record["traceId"] = tid
        if result.span_id is not None:
            record["spanId"] = result.span_id
    return record


class OtelWriter:
    """Writes one OTLP/JSON logs document to `out`, a record at a time."""

    def __init__(self, out: IO[str], now_ns: int | None = None) -> None:
        self.out = out
        self.now_ns = time.time_ns() if now_ns is None else now_ns
        self.count = 0
        resource = {"attributes": _attrs({"service.name": "toolscore-ci"})}
        scope = {"name": "toolscore-ci", "version": __version__}
        out.write(
            '{"resourceLogs": [{"resource": '
            + json.dumps(resource)
            + ', "scopeLogs": [{"scope": '
            + json.dumps(scope)
            + ', "logRecords": ['
        )

    def add(self, result: Result) -> None:
        line = json.dumps(log_record(result, self.now_ns), ensure_ascii=False, allow_nan=False)
        self.out.write(("," if self.count else "") + "\n" + line)
        self.count += 1

    def close(self) -> None:
        self.out.write("\n" * bool(self.count) + "]}]}]}\n")
