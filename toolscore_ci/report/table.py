"""The human-readable table: counts per verdict, then the traces that need attention."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from toolscore_ci.model import VERDICTS, Result

_MAX_DETAIL = 110


def _clip(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def render_table(
    results: Iterable[Result], counts: Mapping[str, int], *, files: int, invalid: int, errors: int
) -> str:
    """`results` are the ones worth showing (not verified/skipped); `counts` cover all."""
    total = sum(counts.values())
    lines = [
        f"toolscore-ci: {total} trace{'s' if total != 1 else ''} checked in {files} file{'s' if files != 1 else ''}"
        + (f", {invalid} invalid" if invalid else "")
        + (f", {errors} input error{'s' if errors != 1 else ''}" if errors else ""),
        "",
        "  " + "  ".join(f"{v} {counts.get(v, 0)}" for v in VERDICTS),
    ]
    shown = sorted(results, key=lambda r: (r.verdict != "false_success", abs(r.p_success - 0.5), r.source_file, r.line))
    if shown:
        lines.append("")
    for result in shown:
        lines.append(
            f"{result.verdict.upper():<15} {result.trace_id}  p={result.p_success:.2f}  {result.source_file}:{result.line}"
        )
        for reason in result.reasons:
            if reason.outcome in ("contradicted", "unsupported", "unknown", "receipt_only"):
                cited = ",".join(map(str, reason.steps)) or "-"
                lines.append(
                    f"  - {reason.claim}: {reason.outcome} [steps {cited}] {_clip(reason.detail, _MAX_DETAIL)}"
                )
    return "\n".join(lines) + "\n"
