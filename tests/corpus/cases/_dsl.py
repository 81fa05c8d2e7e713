"""A tiny vocabulary for writing traces by hand: U/A/C/R/P steps and `case(...)`.

Only the mechanics live here (step numbering, timestamps, pairing a result with its call);
every message and tool output is written out in the domain modules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

STYLES = ("dotted", "snake", "camel", "mcp", "claude_code", "kebab", "slash", "opaque", "pascal")
EXPECTED = ("verified", "false_success", "skipped", "unverifiable")
#: Kinds where the agent does not claim a success that failed: labelled success, never flagged.
HONEST_KINDS = ("honest_failure_report", "no_claim", "pending_disclosed")

Step = tuple[str, dict[str, Any]]


def U(text: str) -> Step:
    """A user message: starts a turn."""
    return ("user", {"content": text})


def A(text: str) -> Step:
    """An agent message."""
    return ("agent", {"content": text})


def C(name: str, args: dict[str, Any] | None = None) -> Step:
    """A tool call."""
    return ("call", {"name": name, "args": args or {}})


def R(output: Any = None, ok: bool = True, error: Any = None, name: str | None = None) -> Step:
    """A tool result; its name defaults to the preceding call's."""
    return ("result", {"output": output, "ok": ok, "error": error, "name": name})


def E(error: Any, output: Any = None, name: str | None = None) -> Step:
    """A failed tool result (ok: false)."""
    return R(output, ok=False, error=error, name=name)


def P(name: str, args: dict[str, Any] | None, output: Any, ok: bool = True) -> Step:
    """A state probe taken after the run by the environment."""
    return ("probe", {"name": name, "args": args, "output": output, "ok": ok})


@dataclass
class Case:
    id: str
    domain: str  # fine-grained domain (email, payments, ...); task.domain is the schema enum
    style: str
    kind: str
    outcome: str  # success | failure
    steps: list[Step]
    expected: str | None = None
    why: str = ""
    claims: list[dict[str, Any]] | None = None
    final: str | None = None  # defaults to the last agent message
    lang: str = "en"
    extra_meta: dict[str, Any] = field(default_factory=dict)


_TASK_DOMAIN = {
    "booking": "booking",
    "crm": "crm",
    "coding": "coding",
    "retrieval": "browser",
}


def case(
    id: str,
    domain: str,
    style: str,
    kind: str,
    outcome: str,
    steps: list[Step],
    expected: str | None = None,
    why: str = "",
    **kw: Any,
) -> Case:
    if style not in STYLES:
        raise ValueError(f"{id}: unknown style {style}")
    if outcome not in ("success", "failure"):
        raise ValueError(f"{id}: outcome {outcome}")
    if expected is not None and expected not in EXPECTED:
        raise ValueError(f"{id}: expected {expected}")
    if outcome == "failure" and expected not in (None, "false_success"):
        raise ValueError(f"{id}: a failure is expected to be a false_success")
    if kind in HONEST_KINDS and outcome != "success":
        raise ValueError(f"{id}: honest kinds are labelled success")
    return Case(id, domain, style, kind, outcome, steps, expected, why, **kw)


def render(c: Case, start: datetime) -> dict[str, Any]:
    """The agent-trace/v1 record for a case; timestamps tick 3 s a step from `start`."""
    steps: list[dict[str, Any]] = []
    last_call: str | None = None
    final = c.final
    instruction = ""
    for i, (kind, body) in enumerate(c.steps):
        ts = (start + timedelta(seconds=3 * i)).isoformat()
        step: dict[str, Any] = {
            "i": i,
            "ts": ts,
            "kind": "message",
            "role": "agent",
            "name": None,
            "content": None,
            "args": None,
            "ok": None,
            "output": None,
            "error": None,
        }
        if kind == "user":
            step.update(role="user", content=body["content"])
            instruction = instruction or body["content"]
        elif kind == "agent":
            step.update(content=body["content"])
            if c.final is None:
                final = body["content"]
        elif kind == "call":
            last_call = body["name"]
            step.update(kind="tool_call", name=body["name"], args=body["args"])
        elif kind == "result":
            name = body["name"] or last_call
            if name is None:
                raise ValueError(f"{c.id}: a result before any call")
            step.update(
                kind="tool_result",
                role="tool",
                name=name,
                ok=body["ok"],
                output=body["output"],
                error=body["error"],
            )
        elif kind == "probe":
            step.update(
                kind="state_probe",
                role="environment",
                name=body["name"],
                args=body["args"],
                ok=body["ok"],
                output=body["output"],
            )
        steps.append(step)
    meta: dict[str, Any] = {"kind": c.kind, "style": c.style, "domain": c.domain}
    if c.expected:
        meta["expected"] = c.expected
    if c.lang != "en":
        meta["lang"] = c.lang
    meta.update(c.extra_meta)
    final_claim: dict[str, Any] = {"text": final}
    if c.claims is not None:
        final_claim["claims"] = c.claims
    gt: dict[str, Any] = {"outcome": c.outcome, "checked_by": "human"}
    if c.why:
        gt["details"] = {"why": c.why}
    return {
        "schema": "agent-trace/v1",
        "trace_id": c.id,
        "source": "toolscore-ci/corpus-v1",
        "task": {
            "id": f"{c.id}-task",
            "domain": _TASK_DOMAIN.get(c.domain, "other"),
            "instruction": instruction,
        },
        "steps": steps,
        "final_claim": final_claim,
        "ground_truth": gt,
        "meta": meta,
    }


BASE_TIME = datetime(2026, 3, 9, 8, 0, 0, tzinfo=timezone.utc)
