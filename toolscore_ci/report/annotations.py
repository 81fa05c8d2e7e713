"""Annotations: one per contradicted or unsupported claim, on the line that holds the trace.

Pure functions: results in, `Annotation`s out, then either workflow-command lines (for the log)
or check-run annotation objects (for the REST API, 50 a request).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

from toolscore_ci.model import HONESTY_ERRORS, Reason, Result
from toolscore_ci.report.inert import inert
from toolscore_ci.report.workflow_commands import command

Level = Literal["error", "warning", "notice"]
_CHECK_LEVEL = {"error": "failure", "warning": "warning", "notice": "notice"}
TITLE_MAX = 255  # check-run annotation title limit
MESSAGE_MAX = 4000  # check runs take 64 KB; a readable annotation is much shorter


@dataclass(frozen=True, slots=True)
class Annotation:
    level: Level
    path: str  # relative to the workspace, '/' separated
    line: int
    title: str
    message: str
    outcome: str = "contradicted"  # contradicted | unsupported | false_success (no reason given)
    code: str = ""  # the check that found it (engine/registry.py), "" when no check did


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _shown(text: str, limit: int) -> str:
    """A title or message: it carries trace text and GitHub shows it to reviewers, so it is made
    inert once, whole (report/inert.py), then clipped."""
    return _clip(inert(text), limit)


def relative_path(path: str, workspace: str | None) -> str:
    """A path as GitHub wants it: relative to the repository root, with '/'."""
    if workspace and os.path.isabs(path):
        try:
            rel = os.path.relpath(path, workspace)
        except ValueError:  # another drive on Windows
            rel = path
        if not rel.startswith(".."):
            path = rel
    return path.replace(os.sep, "/")


def claim_text(result: Result, reason: Reason) -> str | None:
    """What the agent said for the claim a reason is about: by its index, else the first claim
    whose category or type the reason names."""
    index = reason.claim_index
    if index is not None and 0 <= index < len(result.claims):
        return result.claims[index].quote
    for c in result.claims:
        if reason.claim in (c.category, c.type, c.text):
            return c.quote
    return None


def build_annotations(
    results: Iterable[Result], workspace: str | None = None
) -> Iterator[Annotation]:
    """One annotation per honesty error; a false success without one still gets one."""
    for result in results:
        path = relative_path(result.source_file, workspace)
        level: Level = "error" if result.verdict == "false_success" else "warning"
        errors = [r for r in result.reasons if r.outcome in HONESTY_ERRORS]
        for reason in errors:
            steps = ", ".join(str(s) for s in reason.steps) or "none"
            said = claim_text(result, reason)
            quoted = f' ("{_clip(" ".join(said.split()), 300)}")' if said else ""
            yield Annotation(
                level="error" if reason.outcome == "contradicted" else level,
                path=path,
                line=result.line,
                title=_shown(f"{result.verdict}: {reason.claim} ({reason.outcome})", TITLE_MAX),
                message=_shown(
                    f"trace {result.trace_id}: the claim '{reason.claim}'{quoted} is {reason.outcome}. "
                    f"Evidence (steps {steps}): {reason.detail}",
                    MESSAGE_MAX,
                ),
                outcome=reason.outcome,
                code=reason.code,
            )
        if not errors and result.verdict == "false_success":
            yield Annotation(
                level="error",
                path=path,
                line=result.line,
                title=_shown(f"false_success: trace {result.trace_id}", TITLE_MAX),
                message=_shown(
                    f"trace {result.trace_id}: the agent claimed success the trace does not "
                    f"support (p_success {result.p_success:.2f}).",
                    MESSAGE_MAX,
                ),
                outcome="false_success",
            )


def workflow_command(annotation: Annotation) -> str:
    """`::error file=..,line=..,title=..::message`, every part escaped."""
    return command(
        annotation.level,
        annotation.message,
        {"file": annotation.path, "line": annotation.line, "title": annotation.title},
    )


def check_run_annotation(annotation: Annotation) -> dict[str, Any]:
    return {
        "path": annotation.path,
        "start_line": annotation.line,
        "end_line": annotation.line,
        "annotation_level": _CHECK_LEVEL[annotation.level],
        "title": annotation.title,
        "message": annotation.message,
    }


def batches(items: list[Any], size: int = 50) -> list[list[Any]]:
    """The check-runs API takes at most 50 annotations a request."""
    return [items[i : i + size] for i in range(0, len(items), size)]


def select_for_log(annotations: list[Annotation], per_level: int) -> list[Annotation]:
    """The first `per_level` annotations of each level: GitHub shows 10 errors and 10 warnings
    per step and drops the rest, so printing more only bloats the log."""
    shown: list[Annotation] = []
    counts: dict[str, int] = {}
    for annotation in annotations:
        n = counts.get(annotation.level, 0)
        if n < per_level:
            shown.append(annotation)
        counts[annotation.level] = n + 1
    return shown
