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
import sys
from datetime import datetime, timedelta, timezone
from typing import Any

from toolscore_ci.formats.base import Coverage
from toolscore_ci.formats.jsonio import over_limit, parse_json
from toolscore_ci.formats.pyrepr import python_literal
from toolscore_ci.limits import MAX_NUMBER_DIGITS
from toolscore_ci.model import TraceRecord
from toolscore_ci.validate import parse_datetime

SCHEMA_ID = "agent-trace/v1"
DOMAINS = frozenset({"booking", "crm", "coding", "browser", "other"})
_RAW = 'kept as {"_raw": ...}'
#: Synthesised timestamps count up from here, one second a step, so they are stable across runs.
EPOCH = datetime(2000, 1, 1, tzinfo=timezone.utc)
#: meta key: how many steps the reader gave a made-up timestamp (agent-trace/v1 requires one)
SYNTHESISED_TS_KEY = "synthesised_timestamps"
_ISO = re.compile(r"^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d)(:\d\d)?(?:[.,](\d+))?(Z|z|[+-]\d\d:?\d\d)?$")
#: `parse_datetime` without its per-call version check.
_PARSE_DT = datetime.fromisoformat if sys.version_info >= (3, 11) else parse_datetime


#: `iso(EPOCH + k seconds)`, filled as traces without timestamps need them.
_EPOCH_ISO: list[str] = []
_EPOCH_ISO_MAX = 100_000


def iso(dt: datetime) -> str:
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.isoformat().replace("+00:00", "Z")


def _epoch_iso(k: int) -> str:
    if k < len(_EPOCH_ISO):
        return _EPOCH_ISO[k]
    text = iso(EPOCH + timedelta(seconds=k))
    if k == len(_EPOCH_ISO) and k < _EPOCH_ISO_MAX:
        _EPOCH_ISO.append(text)
    return text


def normalise_ts(value: Any) -> str | None:
    """An ISO string any Python >= 3.10 parses, from an ISO string or a Unix time
    (seconds, milliseconds or nanoseconds, number or numeric string); None if unusable."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, str):
        m = _ISO.match(value.strip())
        if m is None:
            digits = value.strip()
            if digits.isascii() and digits.isdigit() and len(digits) <= MAX_NUMBER_DIGITS:
                return normalise_ts(int(digits))
            return None
        date, hm, sec, frac, zone = m.groups()
        if zone is None or zone == "Z" or zone == "z":
            zone = "Z"
        elif ":" not in zone:
            zone = zone[:3] + ":" + zone[3:]
        # 3.10 accepts only 3 or 6 fraction digits
        text = f"{date}T{hm}{sec or ':00'}{'.' + (frac + '000000')[:6] if frac else ''}{zone}"
        try:
            _PARSE_DT(text)
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
    """A string holding a JSON object or array becomes that value, and so does one holding a
    Python dict or list literal (`str()` of what a Python tool returned, `pyrepr`); anything
    else (a value over the limits of `jsonio.parse_json` included) is kept as the string it
    is."""
    return _json_text(value)[0]


def _json_text(value: Any) -> tuple[Any, str | None]:
    """`parse_json_text`, and the reason when the text is JSON held back by a limit."""
    if isinstance(value, str):
        text = value.strip()
        if text[:1] in ("{", "[") and text[-1:] in ("}", "]"):
            parsed, problem = parse_json(text)
            if problem is None:
                return parsed, None
            if over_limit(problem[1]):
                return value, problem[1]
            literal = python_literal(text)
            if literal is not None:
                return literal, None
    return value, None


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
    """`PATH#LINE` for a trace whose format has no id: the path relative to the workspace
    (GITHUB_WORKSPACE in a workflow, else the current directory) with `/` separators, so
    same-named files in two folders never share ids and a tree checked from its root gets
    the same ids wherever it lies."""
    return f"{workspace_path(path)}#{line}"


def workspace_path(path: str) -> str:
    if path == "-":
        return "stdin"
    root = os.environ.get("GITHUB_WORKSPACE") or os.getcwd()
    absolute = os.path.abspath(path)
    try:
        relative = os.path.relpath(absolute, os.path.abspath(root))
    except ValueError:  # another drive on Windows
        relative = absolute
    if relative == os.pardir or relative.startswith(os.pardir + os.sep):
        relative = absolute  # outside the workspace: say where it is in full
    return relative.replace(os.sep, "/")


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
        # a reader's own state across records (what a call started, to read its later
        # output by): no part of the record
        self.scratch: dict[str, Any] = {}
        self.instruction: str | None = None
        self.final_text: str | None = None
        self.task_id: str | None = None
        self.calls: dict[str, str | None] = {}  # call id -> tool name, for pairing
        self.open_by_name: list[tuple[str | None, str | None]] = []  # (name, id) of calls
        self.open_args: list[Any] = []  # each waiting call's arguments, beside open_by_name
        self.call_at: dict[str, int] = {}  # call id -> the position of its step
        # The last step's timestamp, for synthesising a missing next one: EPOCH + k seconds
        # (an int k), a format's own normalised text (parsed only if needed), or a datetime.
        self._last: int | str | datetime | None = None
        self._normalised: dict[str, str | None] = {}  # this trace's timestamp strings
        self._synthesised = 0  # steps given a made-up timestamp: the run has no known duration

    # ---- timestamps ------------------------------------------------------------------------

    def normalise(self, ts: Any) -> str | None:
        """`normalise_ts`, remembered per trace: readers that sort by time see each value
        several times."""
        if type(ts) is not str:
            return normalise_ts(ts)
        memo = self._normalised
        if ts in memo:
            return memo[ts]
        text = memo[ts] = normalise_ts(ts)
        if text is not None:
            memo[text] = text  # normalised text normalises to itself: readers pass it back
        return text

    def _ts(self, ts: Any) -> str:
        if ts is not None:
            text = self.normalise(ts)
            if text is not None:
                # Keep the format's own timestamp; parsed only if a missing next one needs it.
                self._last = text
                return text
            self.coverage.note(
                "unparsable timestamp",
                str(ts)[:40],
                self.line,
                outcome="a synthesised one used",
            )
        self._synthesised += 1
        last = self._last
        if last is None or type(last) is int:
            k = 0 if last is None else last + 1
            self._last = k
            return _epoch_iso(k)
        nxt = (parse_datetime(last) if isinstance(last, str) else last) + timedelta(seconds=1)
        self._last = nxt
        return iso(nxt)

    # ---- what happened ---------------------------------------------------------------------

    def user(self, text: str | None, ts: Any = None) -> None:
        if text is None:
            return
        text = _as_text(text)
        if text.lstrip().startswith(_stand_ins()):
            # a harness keeping the agent going in the user's place: no turn of the person's
            self.environment(text, ts)
            return
        if self.instruction is None:
            self.instruction = text
        self.steps.append(
            {
                "i": len(self.steps),
                "ts": self._ts(ts),
                "kind": "message",
                "role": "user",
                "content": text,
            }
        )

    def agent(self, text: str | None, ts: Any = None) -> None:
        if text is None:
            return
        text = _as_text(text)
        if not text.strip():
            return
        self.steps.append(
            {
                "i": len(self.steps),
                "ts": self._ts(ts),
                "kind": "message",
                "role": "agent",
                "content": text,
            }
        )
        self.final_text = text

    def environment(self, text: str, ts: Any = None) -> None:
        text = _as_text(text)
        self.steps.append(
            {
                "i": len(self.steps),
                "ts": self._ts(ts),
                "kind": "message",
                "role": "environment",
                "content": text,
            }
        )

    def call(self, name: str | None, args: Any, call_id: str | None = None, ts: Any = None) -> None:
        if name is not None and type(name) is not str:
            name = _as_text(name)
        args = args if args is None or type(args) is dict else self.args(args, name)
        self.steps.append(
            {
                "i": len(self.steps),
                "ts": self._ts(ts),
                "kind": "tool_call",
                "role": "agent",
                "name": name,
                "args": args,
            }
        )
        if call_id is not None:
            call_id = str(call_id)
            self.calls[call_id] = name
            self.call_at[call_id] = len(self.steps) - 1
        self.open_by_name.append((name, call_id))
        self.open_args.append(args)

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
        """Add a tool result paired with its call: by id; else, when its id names no call, or
        several calls share it, or it has none, the first call still waiting (of its name,
        when it gives one), as results come back in the order the calls went out, unless the
        answer names another waiting call's arguments alone (`_waiting_for`). An unpaired
        result is counted and kept out, as the coverage report says."""
        paired_name: str | None
        cid = None if call_id is None else str(call_id)
        if cid is not None and cid in self.calls:
            # several calls waiting under one id: a harness that gives every call the same id
            # ("-1") sends parallel calls of two tools under it
            at = self._waiting_for(None, cid, output)
            if at is None and any(c == cid for _, c in self.open_by_name):
                self.coverage.note(
                    "unpaired tool result",
                    f"{cid} (its answer names another call)",
                    line or self.line,
                )
                return False
            paired_name = self.calls[cid] if at is None else self.open_by_name[at][0]
            self._answered_first(paired_name, cid)
            if at is None:
                self._close(paired_name, cid)
            else:
                self._drop_waiting(at)
        elif cid is None and name is not None and self._close(name, None):
            paired_name = name
        elif (at := self._waiting_for(name, None, output)) is not None:
            # no id, or one of the result's own (a harness numbering its messages: `tool_9`
            # for `call_8_0`): said, so that a reader of the warnings knows how it was paired
            paired_name = self.open_by_name[at][0]
            self._drop_waiting(at)
            self.coverage.note(
                "tool result paired by order:",
                "its id names no call" if cid is not None else "it names no call",
                line or self.line,
                outcome="paired with the first call waiting",
                info=True,
            )
        else:
            self.coverage.note("unpaired tool result", str(call_id or name), line or self.line)
            return False
        if error is not None and not isinstance(error, (str, dict)):
            error = str(error)
        if error is not None and ok is None:
            ok = False
        if ok is not None and type(ok) is not bool:
            ok = bool(ok)
        output, held_back = _json_text(output)
        if held_back is not None:
            self.coverage.note(
                "tool output not read as JSON:",
                held_back,
                line or self.line,
                outcome="kept as text",
            )
        self.steps.append(
            {
                "i": len(self.steps),
                "ts": self._ts(ts),
                "kind": "tool_result",
                "role": "tool",
                "name": paired_name,
                "ok": ok,
                "output": output,
                "error": error,
            }
        )
        return True

    def _answered_first(self, name: str | None, call_id: str) -> None:
        """Parallel calls of one tool whose results come back out of order: the call answered
        first moves to the front of its batch. agent-trace/v1 has no call ids, so a tool's
        results pair with its calls first in, first out (engine/index.py); without this, the
        result of the second of two `cancel(AB1)`, `cancel(CD2)` calls, answered first, would
        be read as the first's. Only calls issued together (nothing but calls between them)
        move: they have no order of their own. Calls apart keep theirs."""
        if name is None:
            return
        first = next((cid for n, cid in self.open_by_name if n == name), None)
        if first is None or first == call_id or first not in self.call_at:
            return
        lo, hi = self.call_at[first], self.call_at[call_id]
        if hi <= lo or any(s["kind"] != "tool_call" for s in self.steps[lo:hi]):
            return
        at = {pos: cid for cid, pos in self.call_at.items() if lo <= pos <= hi}
        batch = self.steps[lo : hi + 1]
        batch = [batch[-1], *batch[:-1]]
        for offset, step in enumerate(batch):
            pos = lo + offset
            # the position's index and time stay: only which call stands there changes
            self.steps[pos] = {**step, "i": self.steps[pos]["i"], "ts": self.steps[pos]["ts"]}
        for pos, cid in at.items():
            self.call_at[cid] = lo if pos == hi else pos + 1

    def _waiting_for(self, name: str | None, call_id: str | None, output: Any) -> int | None:
        """Which waiting call (its place in `open_by_name`) a result answers when its id does
        not single one out: of the calls waiting (under `call_id`, of `name`, when given),
        the first, as results come back in the order the calls went out; None when there is
        none, or when the answer names the arguments of another one alone ("Error:
        Reservation QQ1Z9 not found" while the cancel of EHGLP3 waits first): the order says
        one call and the answer another, and a wrong pairing is worse than none (a lookup's
        "not found" read as the cancel's failure)."""
        waiting = [
            at
            for at, (n, c) in enumerate(self.open_by_name)
            if (call_id is None or c == call_id) and (name is None or n == name)
        ]
        if not waiting:
            return None
        if len(waiting) > 1:
            answer = output if isinstance(output, str) else json.dumps(output, default=str)
            named = [at for at in waiting if _names_an_argument(answer, self.open_args[at])]
            if len(named) == 1 and named[0] != waiting[0]:
                return None
        return waiting[0]

    def _drop_waiting(self, at: int) -> None:
        del self.open_by_name[at]
        del self.open_args[at]

    def _close(self, name: str | None, call_id: str | None) -> bool:
        for idx, (n, cid) in enumerate(self.open_by_name):
            if (call_id is not None and cid == call_id) or (call_id is None and n == name):
                self._drop_waiting(idx)
                return True
        return False

    def args(self, args: Any, name: str | None = None) -> dict[str, Any] | None:
        """Arguments as an object: JSON strings parsed; anything else kept under `_raw`."""
        if args is None or isinstance(args, dict):
            return args
        if isinstance(args, str):
            if not args.strip():
                return {}
            parsed, held_back = _json_text(args)
            if isinstance(parsed, dict):
                return parsed
            if held_back is not None:
                self.coverage.note("tool arguments not read as JSON:", held_back, self.line)
            self.coverage.note("unparsable tool arguments of", str(name), self.line, outcome=_RAW)
            return {"_raw": args}
        self.coverage.note("unparsable tool arguments of", str(name), self.line, outcome=_RAW)
        return {"_raw": args}

    # ---- the record ------------------------------------------------------------------------

    @classmethod
    def at(
        cls,
        source: str,
        path: str,
        line: int,
        coverage: Coverage,
        trace_id: str | None = None,
        domain: str = "other",
    ) -> TraceBuilder:
        """A builder for the trace that starts at `path:line`, named `trace_id` or, without
        one, PATH#LINE as in every reader."""
        return cls(
            source=source,
            trace_id=trace_id or default_trace_id(path, line),
            path=path,
            line=line,
            coverage=coverage,
            domain=domain,
        )

    def record(self) -> TraceRecord:
        trace_id = self.trace_id if type(self.trace_id) is str and self.trace_id else None
        trace_id = trace_id or default_trace_id(self.path, self.line)
        task_id = self.task_id if type(self.task_id) is str else None
        data: dict[str, Any] = {
            "schema": SCHEMA_ID,
            "trace_id": trace_id,
            "source": self.source,
            "task": {
                "id": task_id or trace_id,
                "domain": self.domain if self.domain in DOMAINS else "other",
                "instruction": self.instruction or "",
            },
            "steps": self.steps,
            "final_claim": {"text": self.final_text},
        }
        meta = {k: v for k, v in self.meta.items() if v is not None}
        if self._synthesised:
            meta[SYNTHESISED_TS_KEY] = self._synthesised
        data["meta"] = {"format": self.source, **meta}
        return TraceRecord(data, self.path, self.line, self.source, valid_by_construction=True)


def _stand_ins() -> tuple[str, ...]:
    from toolscore_ci.vocab import user_stand_ins  # the vocabulary loads on first use

    return user_stand_ins()


def _as_text(value: Any) -> str:
    """Text a step can carry: a string as it is, any other JSON value as its JSON text."""
    if type(value) is str:
        return value
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return str(value)


def as_dict(value: Any) -> dict[str, Any]:
    """`value` if it is a JSON object, else an empty one: the reader reads on."""
    return value if type(value) is dict else {}


def as_list(value: Any) -> list[Any]:
    """`value` if it is a JSON array, else an empty one."""
    return value if type(value) is list else []


def str_field(obj: Any, key: str) -> str | None:
    """`obj[key]` when `obj` is an object and the value a string; else None. Type tags read
    through this, so a malformed one is an unknown tag, not a crash."""
    if type(obj) is dict:
        value = obj.get(key)
        return value if type(value) is str else None
    return None


def first_str(*values: Any) -> str | None:
    for v in values:
        if isinstance(v, str) and v:
            return v
    return None


def _names_an_argument(answer: str, args: Any) -> bool:
    """Does a tool's answer name one of the values its call was sent (a string of three
    characters or more)?"""
    if not isinstance(args, dict):
        return False
    return any(
        isinstance(value, str) and len(value) >= 3 and value in answer for value in args.values()
    )
