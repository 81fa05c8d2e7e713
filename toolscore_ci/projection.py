"""The one function that builds what a detector may see. Labels (`ground_truth`), run metadata
(`meta`) and provenance (`source`) never leave this module, save `meta.system`: the system
prompt the agent was given is part of the run (it sets the addresses and ids the agent may
use), not a label, and it is handed on as text only."""

from __future__ import annotations

from typing import Any

from toolscore_ci.model import Step, Trace

HIDDEN_FIELDS = ("ground_truth", "meta", "source")
#: Step's fields in order: `project` passes them by position
_STEP_FIELDS = ("i", "kind", "role", "ts", "name", "content", "args", "ok", "output", "error")
assert Step.__match_args__ == _STEP_FIELDS, "Step's fields changed: update project()"


def project(data: dict[str, Any]) -> Trace:
    """Build the detector's `Trace` from a schema-valid agent-trace/v1 dict."""
    # by position (_STEP_FIELDS), into a list first: keywords and a generator cost a third
    # more per step, and real traces have thousands of steps
    steps = tuple(
        [
            Step(
                int(s["i"]),
                s["kind"],
                s["role"],
                s.get("ts"),
                s.get("name"),
                s.get("content"),
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
        final_text=final.get("text"),
        final_claims=tuple(claims) if claims else None,
        system=system if isinstance(system, str) else None,
    )
