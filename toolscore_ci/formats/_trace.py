"""The one place every non-native reader builds an agent-trace/v1 record.

`TraceBuilder` owns what must be the same in every format: step numbering, timestamps
(normalised, or synthesised monotonically from a fixed epoch when a format has none), pairing
tool results with their calls (by call id, else by name for legacy formats), JSON-string
arguments and outputs, the first user message as the instruction and the last agent text as the
final claim. Readers only say what happened, in order.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from datetime import datetime, timedelta, timezone
from typing import Any

from toolscore_ci.formats.base import Coverage
from toolscore_ci.model import TraceRecord
from toolscore_ci.validate import parse_datetime

SCHEMA_ID = "agent-trace/v1"
_RAW = 'kept as {"_raw": ...}'
#: Synthesised timestamps count up from here, one second a step, so they are stable across runs.
EPOCH = datetime(2000, 1, 1, tzinfo=timezone.utc)
_ISO = re.compile(
    r"^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d(?::\d\d)?)(?:[.,](\d+))?(Z|z|[+-]\d\d:?\d\d)?$"
)


def iso(dt: datetime) -> str:
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.isoformat().replace("+00:00", "Z")


def normalise_ts(value: Any) -> str | None:
    """An ISO string any Python >= 3.10 parses, from an ISO string or a Unix time
    (seconds, milliseconds or nanoseconds, number or numeric string); None if unusable."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, str):
        m = _ISO.match(value.strip())
        if m is None:
            if value.strip().isdigit():
                return normalise_ts(int(value.strip()))
            return None
        date, clock, frac, zone = m.groups()
        if len(clock) == 5:
            clock += ":00"
        text = f"{date}T{clock}"
        if frac:
            text += "." + (frac + "000000")[:6]  # 3.10 accepts only 3 or 6 digits
        if zone in (None, "Z", "z"):
            text += "Z"
        else:
            text += zone if ":" in zone else zone[:3] + ":" + zone[3:]
        try:
            parse_datetime(text)
        except ValueError:
            return None
        return text
    if isinstance(value, (int, float)):
        seconds = float(value)
        if seconds > 1e17:  # nanoseconds
            seconds /= 1e9
        elif seconds > 1e14:  # microseconds
            seconds /= 1e6
        elif seconds > 1e11:  # milliseconds
            seconds /= 1e3
        try:
            return iso(datetime.fromtimestamp(seconds, tz=timezone.utc))
        except (OverflowError, OSError, ValueError):
            return None
    return None


def parse_json_text(value: Any) -> Any:
    """A string holding a JSON object or array becomes that value; anything else is kept."""
    if isinstance(value, str):
        text = value.strip()
        if text[:1] in ("{", "[") and text[-1:] in ("}", "]"):
            try:
                return json.loads(text)
            except (ValueError, RecursionError):
                return value
    return value


def text_of(content: Any) -> str | None:
    """The text of a message content: a string, or the text parts of a list of parts."""
    if content is None:
        return None
    if isinstance(content, str):
        return content
    if isinstance(content, dict):
        for key in ("text", "content", "value"):
            if isinstance(content.get(key), str):
                return str(content[key])
        return None
    if isinstance(content, list):
        texts = [t for t in (text_of(p) for p in content) if t]
        return "\n".join(texts) if texts else None
    return None


def default_trace_id(path: str, line: int) -> str:
    base = "stdin" if path == "-" else os.path.basename(path)
    return f"{base}:{line}"


class TraceBuilder:
    """Accumulates one conversation's steps; `record()` returns the agent-trace/v1 record."""

    def __init__(
        self,
        *,
        source: str,
        trace_id: str,
        path: str,
        line: int,
        coverage: Coverage,
        domain: str = "other",
    ) -> None:
        self.source = source
        self.trace_id = trace_id
        self.path = path
        self.line = line
        self.coverage = coverage
        self.domain = domain
        self.steps: list[dict[str, Any]] = []
        self.meta: dict[str, Any] = {}
        self.instruction: str | None = None
        self.final_text: str | None = None
        self.task_id: str | None = None
        self.calls: dict[str, str | None] = {}  # call id -> tool name, for pairing
        self.open_by_name: list[tuple[str | None, str | None]] = []  # (name, id) of calls
        self._last: datetime | None = None

    # ---- timestamps ------------------------------------------------------------------------

    def _ts(self, ts: Any) -> str:
        text = normalise_ts(ts)
        if text is None:
            if ts is not None:
                self.coverage.note(
                    "unparsable timestamp",
                    str(ts)[:40],
                    self.line,
                    outcome="a synthesised one used",
                )
            nxt = EPOCH if self._last is None else self._last + timedelta(seconds=1)
            self._last = nxt
            return iso(nxt)
        # Keep the format's own timestamp; remember it for synthesising any missing next one.
        self._last = parse_datetime(text)
        return text

    def _step(self, kind: str, role: str, ts: Any, **fields: Any) -> dict[str, Any]:
        step: dict[str, Any] = {
            "i": len(self.steps),
            "ts": self._ts(ts),
            "kind": kind,
            "role": role,
        }
        step.update(fields)
        self.steps.append(step)
        return step

    # ---- what happened ---------------------------------------------------------------------

    def user(self, text: str | None, ts: Any = None) -> None:
        if text is None:
            return
        if self.instruction is None:
            self.instruction = text
        self._step("message", "user", ts, content=text)

    def agent(self, text: str | None, ts: Any = None) -> None:
        if text is None or not text.strip():
            return
        self._step("message", "agent", ts, content=text)
        self.final_text = text

    def environment(self, text: str, ts: Any = None) -> None:
        self._step("message", "environment", ts, content=text)

    def call(self, name: str | None, args: Any, call_id: str | None = None, ts: Any = None) -> None:
        self._step("tool_call", "agent", ts, name=name, args=self.args(args, name))
        if call_id is not None:
            self.calls[str(call_id)] = name
        self.open_by_name.append((name, None if call_id is None else str(call_id)))

    def result(
        self,
        call_id: str | None,
        output: Any,
        *,
        ok: bool | None = None,
        error: Any = None,
        ts: Any = None,
        name: str | None = None,
        line: int | None = None,
    ) -> bool:
        """Add a tool result paired with its call (by id, else by name for legacy formats).
        An unpaired result is counted and kept out, as the coverage report says."""
        paired_name: str | None
        if call_id is not None and str(call_id) in self.calls:
            paired_name = self.calls[str(call_id)]
            self._close(paired_name, str(call_id))
        elif call_id is None and name is not None and self._close(name, None):
            paired_name = name
        else:
            self.coverage.note("unpaired tool result", str(call_id or name), line or self.line)
            return False
        if error is not None and not isinstance(error, (str, dict)):
            error = str(error)
        if error is not None and ok is None:
            ok = False
        self._step(
            "tool_result",
            "tool",
            ts,
            name=paired_name,
            ok=ok,
            output=parse_json_text(output),
            error=error,
        )
        return True

    def _close(self, name: str | None, call_id: str | None) -> bool:
        for idx, (n, cid) in enumerate(self.open_by_name):
            if (call_id is not None and cid == call_id) or (call_id is None and n == name):
                del self.open_by_name[idx]
                return True
        return False

    def args(self, args: Any, name: str | None = None) -> dict[str, Any] | None:
        """Arguments as an object: JSON strings parsed; anything else kept under `_raw`."""
        if args is None or isinstance(args, dict):
            return args
        if isinstance(args, str):
            if not args.strip():
                return {}
            parsed = parse_json_text(args)
            if isinstance(parsed, dict):
                return parsed
            self.coverage.note("unparsable tool arguments of", str(name), self.line, outcome=_RAW)
            return {"_raw": args}
        self.coverage.note("unparsable tool arguments of", str(name), self.line, outcome=_RAW)
        return {"_raw": args}

    # ---- the record ------------------------------------------------------------------------

    def record(self) -> TraceRecord:
        data: dict[str, Any] = {
            "schema": SCHEMA_ID,
            "trace_id": self.trace_id,
            "source": self.source,
            "task": {
                "id": self.task_id or self.trace_id,
                "domain": self.domain,
                "instruction": self.instruction or "",
            },
            "steps": self.steps,
            "final_claim": {"text": self.final_text},
        }
        meta = {k: v for k, v in self.meta.items() if v is not None}
        data["meta"] = {"format": self.source, **meta}
        return TraceRecord(data, self.path, self.line, self.source)


def first_str(*values: Any) -> str | None:
    for v in values:
        if isinstance(v, str) and v:
            return v
    return None


def count_unknown(coverage: Coverage, what: str, keys: Iterable[str], line: int) -> None:
    for key in keys:
        coverage.note(what, key, line)
