"""The trace view inside the trace page.

Interim rendering until the shared `toolscore_ci.report.trace_view` lands: the claims, the
reasons with their codes, and every step, the ones a reason cites marked, with tool arguments
and results folded. Everything escaped.
"""

from __future__ import annotations

import html
import json
from typing import Any

from toolscore_ci.model import Result, Trace
from toolscore_ci.report.inert import show_invisible


def _esc(value: object) -> str:
    return html.escape(show_invisible(str(value)), quote=True)


def _dump(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, indent=2, default=str)


def trace_panel(result: Result, trace: Trace) -> str:
    """An escaped HTML fragment of the trace and why it got its verdict."""
    cited = {step for reason in result.reasons for step in reason.steps}
    parts = [f"<h3>Task</h3><pre>{_esc(trace.task.get('instruction') or '')}</pre>"]
    if result.claims:
        items = "".join(
            f"<li><mark>{_esc(c.text)}</mark> <span class=muted>({_esc(c.category)}, "
            f"step {_esc(c.step if c.step is not None else 'final')})</span></li>"
            for c in result.claims
        )
        parts.append(f"<h3>Claims</h3><ul id=claims>{items}</ul>")
    if result.reasons:
        items = "".join(
            f"<li><b>{_esc(r.code or '-')}</b> {_esc(r.outcome)}: {_esc(r.detail)} "
            f"<span class=muted>steps {_esc(', '.join(map(str, r.steps)) or '-')}</span></li>"
            for r in result.reasons
        )
        parts.append(f"<h3>Reasons</h3><ul id=reasons>{items}</ul>")
    steps = []
    for step in trace.steps:
        head = f"#{step.i} {_esc(step.role)} {_esc(step.kind)}"
        if step.name:
            head += f" <b>{_esc(step.name)}</b>"
        if step.ok is not None:
            head += f" ok={_esc(step.ok)}"
        body = f"<pre>{_esc(step.content)}</pre>" if step.content else ""
        for label, value in (("args", step.args), ("output", step.output), ("error", step.error)):
            if value is not None:
                body += (
                    f"<details><summary>{label}</summary><pre>{_esc(_dump(value))}</pre></details>"
                )
        css = "step cited" if step.i in cited else "step"
        steps.append(f'<div class="{css}" id=step-{step.i}>{head}{body}</div>')
    parts.append("<h3>Steps</h3>" + "".join(steps))
    return "".join(parts)
