"""Traces for the HTML report's tests: a hostile one whose every field carries markup, and
the writing of agent-trace/v1 files."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

#: What a hostile trace puts in every field. Each would run (set document.title or a window
#: property) if the page ever interpreted trace text as markup or as a link.
SCRIPT = "<script>document.title='pwned';window.__pwned=1</script>"
IMG = '<img src=x onerror="window.__pwned=2">'
LINK = '<a href="javascript:window.__pwned=3">click</a>'
BREAKOUT = "\"'><svg onload=window.__pwned=4>"
PAYLOADS = (SCRIPT, IMG, LINK, BREAKOUT)
HOSTILE = " ".join(PAYLOADS)


def step(i: int, kind: str, role: str, **fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "i": i,
        "ts": f"2026-04-01T09:00:{i:02d}+00:00",
        "kind": kind,
        "role": role,
        "name": None,
        "content": None,
        "args": None,
        "ok": None,
        "output": None,
        "error": None,
    }
    base.update(fields)
    return base


def record(
    trace_id: str,
    steps: list[dict[str, Any]],
    final: str,
    *,
    task_id: str = "",
    instruction: str = "",
) -> dict[str, Any]:
    return {
        "schema": "agent-trace/v1",
        "trace_id": trace_id,
        "source": "toolscore-ci/tests",
        "task": {"id": task_id or trace_id, "domain": "booking", "instruction": instruction},
        "steps": steps,
        "final_claim": {"text": final},
    }


def hostile_record(trace_id: str = "hostile-1") -> dict[str, Any]:
    """A false success (a booking call that failed, then "booked") with markup, script,
    `javascript:` links and attribute break-outs in the id, task, tool name, args, output,
    error and the messages, the claim sentence included."""
    claim = f"The room {HOSTILE} is booked for Thursday 14:00."
    return record(
        trace_id + HOSTILE,
        [
            step(0, "message", "user", content=f"Book the room {HOSTILE} please."),
            step(1, "tool_call", "agent", name="createBooking", args={"roomId": HOSTILE}),
            step(
                2,
                "tool_result",
                "tool",
                name="createBooking",
                ok=False,
                output={"note": HOSTILE},
                error={"error": "ROOM_UNAVAILABLE", "detail": HOSTILE},
            ),
            step(3, "tool_call", "agent", name=f"lookup{IMG}", args={SCRIPT: LINK}),
            step(4, "tool_result", "tool", name=f"lookup{IMG}", ok=True, output=HOSTILE),
            step(5, "message", "agent", content=claim),
        ],
        claim,
        task_id=f"task {HOSTILE}",
        instruction=f"Book the room {HOSTILE}.",
    )


def write_jsonl(path: Path, records: list[dict[str, Any]]) -> Path:
    text = "".join(json.dumps(r) + "\n" for r in records)
    if path.suffix == ".gz":
        path.write_bytes(gzip.compress(text.encode()))
    else:
        path.write_text(text, encoding="utf-8")
    return path
