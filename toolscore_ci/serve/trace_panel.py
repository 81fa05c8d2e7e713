"""The trace view inside the trace page: the shared `report.trace_view` rendering (claims
marked where said, reasons with their codes and the steps they cite), and below it every step
of the trace, folded: a reviewer deciding success or failure reads the whole run, not only
the steps a reason cites, which is all `trace_html` shows.
"""

from __future__ import annotations

from toolscore_ci.model import Result, Trace
from toolscore_ci.report.trace_view import step_html, trace_html


def trace_panel(result: Result, trace: Trace | None, label: str = "") -> str:
    """An escaped HTML fragment of the trace, why it got its verdict, and all its steps;
    `label` is shown beside the verdict (the standing review)."""
    view = trace_html(result, trace, label=label)
    if trace is None or not trace.steps:
        return view
    steps = "".join(step_html(step) for step in trace.steps)
    return (
        f"{view}<details class=all-steps id=all-steps><summary>All {len(trace.steps)} steps "
        f"of the run</summary>{steps}</details>"
    )
