"""The human-readable table: counts per verdict, then the traces that need attention, each with
the claims that failed, the steps they cite and why."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from toolscore_ci.model import VERDICTS, Result

_MAX_DETAIL = 160
_MAX_CLAIM = 90
#: Outcomes worth a line under a trace: the ones that made it fail or left it unverified.
_SHOWN_OUTCOMES = ("contradicted", "unsupported", "unknown", "receipt_only")
_MARK = {"contradicted": "x", "unsupported": "x", "unknown": "?", "receipt_only": "~"}
_LABEL = {
    "false_success": "FALSE SUCCESS",
    "unverifiable": "UNVERIFIABLE",
    "verified": "VERIFIED",
    "skipped": "SKIPPED",
}


def _safe(text: object, width: int) -> str:
    """Trace text on one line, control characters (newlines, ANSI escapes) made visible, so an
    untrusted trace cannot forge lines or drive the terminal; clipped to `width`."""
    raw = " ".join(str(text).split())
    out = "".join(ch if ch.isprintable() else f"\\x{ord(ch):02x}" for ch in raw)
    return out if len(out) <= width else out[: width - 1] + "…"


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


class TableBuffer:
    """Keeps what the table will show without holding every result: the first `limit`
    false successes and the first `limit` unverifiable traces, in input order."""

    def __init__(self, limit: int = 100) -> None:
        self.limit = limit
        self.kept: dict[str, list[Result]] = {"false_success": [], "unverifiable": []}
        self.dropped = 0

    def add(self, result: Result) -> None:
        bucket = self.kept.get(result.verdict)
        if bucket is None:
            return
        if len(bucket) < self.limit:
            bucket.append(result)
        else:
            self.dropped += 1

    def shown(self) -> list[Result]:
        return [*self.kept["false_success"], *self.kept["unverifiable"]]


def render_table(
    results: Iterable[Result],
    counts: Mapping[str, int],
    *,
    files: int,
    invalid: int,
    errors: int,
    not_shown: int = 0,
    gate: str | None = None,
) -> str:
    """`results` are the ones worth showing (false_success and unverifiable; others are
    ignored); `counts` cover every trace. False successes come first, then input order.
    `gate`: the gate's decision and thresholds, said under the header when given."""
    total = sum(counts.values())
    head = f"toolscore-ci: {_plural(total, 'trace')} checked in {_plural(files, 'file')}"
    if invalid:
        head += f", {invalid:,} invalid"
    if errors:
        head += f", {_plural(errors, 'input error')} (see stderr)"
    lines = [head, *([gate] if gate else []), ""]
    width = max(len(v) for v in VERDICTS)
    for verdict in ("false_success", "unverifiable", "verified", "skipped"):
        n = counts.get(verdict, 0)
        share = f"{100 * n / total:5.1f}%" if total else "     -"
        lines.append(f"  {verdict:<{width}}  {n:>7,}  {share}")
    shown = [r for r in results if r.verdict in ("false_success", "unverifiable")]
    shown.sort(key=lambda r: r.verdict != "false_success")  # stable: input order within each
    for result in shown:
        lines.append("")
        lines.append(
            f"{_LABEL[result.verdict]}  {_safe(result.trace_id, 80)}  "
            f"p={result.p_success:.2f}  {_safe(result.source_file, 200)}:{result.line}"
        )
        reasons = [r for r in result.reasons if r.outcome in _SHOWN_OUTCOMES]
        for reason in reasons or result.reasons[:3]:
            cited = ", ".join(map(str, reason.steps)) if reason.steps else "none"
            mark = _MARK.get(reason.outcome, "-")
            lines.append(
                f"  {mark} {reason.outcome:<13} {_safe(reason.claim, _MAX_CLAIM)!r}"
                f"  [steps: {cited}]"
            )
            if reason.detail:
                lines.append(f"      {_safe(reason.detail, _MAX_DETAIL)}")
        # expected calls are not claims: their findings get lines of their own, by code
        for finding in result.expected_calls.findings if result.expected_calls else ():
            cited = ", ".join(map(str, finding.steps)) if finding.steps else "none"
            lines.append(
                f"  {_MARK.get(finding.outcome, '-')} {finding.outcome:<13} "
                f"expected call ({finding.code} {finding.check})  [steps: {cited}]"
            )
            lines.append(f"      {_safe(finding.detail, _MAX_DETAIL)}")
        if not result.reasons:
            lines.append("  - no reason recorded")
    if not_shown:
        lines.append("")
        lines.append(f"... and {_plural(not_shown, 'more trace')} not shown (use --output jsonl)")
    return "\n".join(lines) + "\n"
