"""The one function that builds what a detector may see. Labels (`ground_truth`), run metadata
(`meta`) and provenance (`source`) never leave this module, save `meta.system`: the system
prompt the agent was given is part of the run (it sets the addresses and ids the agent may
use), not a label, and it is handed on as text only."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from toolscore_ci.model import Step, Trace
from toolscore_ci.vocab import json_reply_keys

HIDDEN_FIELDS = ("ground_truth", "meta", "source")
#: Step's fields in order: `project` passes them by position
_STEP_FIELDS = ("i", "kind", "role", "ts", "name", "content", "args", "ok", "output", "error")
assert Step.__match_args__ == _STEP_FIELDS, "Step's fields changed: update project()"


def _step_maker() -> Callable[..., Step]:
    """`Step(*fields)` without the frozen dataclass's `__init__`, which sets each field through
    `object.__setattr__` (a lookup by name a field): a new Step with each slot set by its own
    descriptor, half the cost, and nothing else differs (Step has no `__post_init__`). Real
    traces have thousands of steps. Plain `Step` if its fields are not all slots."""
    slots = [Step.__dict__.get(name) for name in _STEP_FIELDS]
    if not all(type(slot).__name__ == "member_descriptor" for slot in slots):
        return Step
    s0, s1, s2, s3, s4, s5, s6, s7, s8, s9 = (slot.__set__ for slot in slots)  # type: ignore[union-attr]
    new = object.__new__

    def make(
        i: int,
        kind: str,
        role: str,
        ts: Any,
        name: Any,
        content: Any,
        args: Any,
        ok: Any,
        output: Any,
        error: Any,
    ) -> Step:
        step = new(Step)
        s0(step, i)
        s1(step, kind)
        s2(step, role)
        s3(step, ts)
        s4(step, name)
        s5(step, content)
        s6(step, args)
        s7(step, ok)
        s8(step, output)
        s9(step, error)
        return step

    return make


_step = _step_maker()

#: A reasoning model's thinking written into its reply, as Qwen3 and DeepSeek-R1 chat
#: templates leave it when the harness does not split it out: a block that opens the message
#: (`<think>...</think>`, to its end if never closed), or, where the template put the opening
#: tag in the prompt, everything up to a closing tag alone on its line. A tag quoted anywhere
#: else (`` `</think>` `` in a coding reply) is the reply's own text.
_THINKING = re.compile(r"\A\s*<(think|thinking|reasoning)>.*?(?:</\1>|\Z)", re.S | re.I)
_THINKING_END = re.compile(r"^[ \t]*</(?:think|thinking|reasoning)>[ \t]*$", re.M | re.I)


def said(text: Any) -> Any:
    """What an agent's message says to the person: without the model's thinking, which
    nobody was told (readers of structured formats drop thinking parts for the same reason),
    and, for a reply written as one JSON object, its text values (`_json_reply`)."""
    if not isinstance(text, str):
        return text
    # a brace first (past blanks) before any copy: this runs on every agent message
    if text[:1] == "{" or (text[:1].isspace() and text.lstrip()[:1] == "{"):
        text = _json_reply(text)
    if "<" not in text:
        return text
    lowered = text.casefold()
    if "think>" not in lowered and "reasoning>" not in lowered:
        return text
    opened = _THINKING.match(text)
    if opened is not None:
        return text[opened.end() :].lstrip()
    if "<think>" in lowered or "<thinking>" in lowered or "<reasoning>" in lowered:
        return text  # an opening tag that does not open the message is quoted, not thinking
    closed = _THINKING_END.search(text)
    return text if closed is None else text[closed.end() :].lstrip()


def _json_reply(text: str) -> str:
    """A reply that is one JSON object holding text under a reply key (ToolOrchestra's
    {"message": "Roaming has been enabled ...", "next": "..."}): its text values, the reply
    key's first, each a paragraph, as the person reads them. Anything else as written: an
    object that names a tool is tool-call markup (TSC104 reads it), and one with no reply key
    is data the agent pasted."""
    stripped = text.strip()
    if not stripped.endswith("}"):
        return text
    try:
        obj = json.loads(stripped)
    except ValueError:
        return text
    if not isinstance(obj, dict):
        return text
    reply_keys, call_keys = json_reply_keys()
    if any(key in call_keys for key in obj):
        return text
    first = next((k for k in obj if k in reply_keys and isinstance(obj[k], str)), None)
    if first is None:
        return text
    rest = [v for k, v in obj.items() if k != first and isinstance(v, str) and v.strip()]
    return "\n\n".join([obj[first], *rest])


def project(data: dict[str, Any]) -> Trace:
    """Build the detector's `Trace` from a schema-valid agent-trace/v1 dict."""
    # by position (_STEP_FIELDS), into a list first: keywords and a generator cost a third
    # more per step, and real traces have thousands of steps
    steps = tuple(
        [
            _step(
                int(s["i"]),
                s["kind"],
                s["role"],
                s.get("ts"),
                s.get("name"),
                said(s.get("content")) if s["role"] == "agent" else s.get("content"),
                s.get("args"),
                s.get("ok"),
                s.get("output"),
                s.get("error"),
            )
            for s in data["steps"]
        ]
    )
    final = data.get("final_claim") or {}
    claims = final.get("claims")
    meta = data.get("meta")
    system = meta.get("system") if isinstance(meta, dict) else None
    return Trace(
        trace_id=data["trace_id"],
        task=dict(data.get("task") or {}),
        steps=steps,
        final_text=said(final.get("text")),
        final_claims=tuple(claims) if claims else None,
        system=system if isinstance(system, str) else None,
    )
