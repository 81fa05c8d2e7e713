"""The one function that builds what a detector may see. Labels (`ground_truth`), run metadata
(`meta`) and provenance (`source`) never leave this module."""

from __future__ import annotations

from typing import Any

from toolscore_ci.model import Step, Trace

HIDDEN_FIELDS = ("ground_truth", "meta", "source")


def project(data: dict[str, Any]) -> Trace:
    """Build the detector's `Trace` from a schema-valid agent-trace/v1 dict."""
    steps = tuple(
        Step(
            i=int(s["i"]),
            kind=s["kind"],
            role=s["role"],
            ts=s.get("ts"),
            name=s.get("name"),
            content=s.get("content"),
            args=s.get("args"),
            ok=s.get("ok"),
            output=s.get("output"),
            error=s.get("error"),
        )
        for s in data["steps"]
    )
    final = data.get("final_claim") or {}
    claims = final.get("claims")
    return Trace(
        trace_id=data["trace_id"],
        task=dict(data.get("task") or {}),
        steps=steps,
        final_text=final.get("text"),
        final_claims=tuple(claims) if claims else None,
    )
