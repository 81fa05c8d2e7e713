"""Findings of the fuzz suite that issue 9 already names and other parts of it are fixing.

The suite reports them as xfail (not a pass, not a red run) so this branch stays green while
the fixes land elsewhere; once a fix is merged its test passes and the entry here can go
(xfail is not strict: an entry that no longer matches is harmless, but delete it).
Each entry: a signature prefix (targets.signature) -> the issue-9 defect it is.
"""

from __future__ import annotations

KNOWN_OPEN: dict[str, str] = {
    "TypeError@codex.py:": "format sniffing: the first record's `type` is a list or an object",
    "TypeError@claude_code.py:": "format sniffing: the first record's `type` is a list or an object",
    "TypeError@__init__.py:": "format sniffing: the first record's `type` is a list or an object",
    "RecursionError@": "a value nested ~500-1,000 deep (claim subject, tool output)",
    "PropertyViolation:reader-internal-error": "a reader that fails on one record drops the rest",
    "PropertyViolation:results-line-not-utf8": "a lone surrogate in agent text (any UTF-8 writer)",
    "PropertyViolation:junit-not-utf8": "a lone surrogate in agent text (any UTF-8 writer)",
    "PropertyViolation:sarif-not-utf8": "a lone surrogate in agent text (any UTF-8 writer)",
    "PropertyViolation:comment-not-utf8": "a lone surrogate in agent text (any UTF-8 writer)",
    "PropertyViolation:annotation-not-utf8": "a lone surrogate in agent text (any UTF-8 writer)",
    "PropertyViolation:results-line-not-strict-json": "NaN/Infinity written to results.jsonl",
    "PropertyViolation:sarif-not-strict-json": "NaN/Infinity written to results.jsonl",
    "PropertyViolation:action-": "one bad trace aborts the Action's run",
    "ValueError@": "a digit string over 4,300 characters (int limit) / a URL urlsplit rejects",
}


def known(signature: str) -> str | None:
    """The issue-9 defect a finding is, when it is one being fixed elsewhere."""
    return next((why for prefix, why in KNOWN_OPEN.items() if signature.startswith(prefix)), None)
