"""Findings of the fuzz suite that issue 9 already names and other parts of it are fixing.

The suite reports them as xfail (not a pass, not a red run) so this branch stays green while
the fixes land elsewhere; once a fix is merged its test passes and the entry here can go
(xfail is not strict: an entry that no longer matches is harmless, but delete it).
Each entry: a signature prefix (targets.signature) -> the issue-9 defect it is.
"""

from __future__ import annotations

KNOWN_OPEN: dict[str, str] = {}  # all of issue 9's findings are fixed: none is expected


def known(signature: str) -> str | None:
    """The issue-9 defect a finding is, when it is one being fixed elsewhere."""
    return next((why for prefix, why in KNOWN_OPEN.items() if signature.startswith(prefix)), None)
