from __future__ import annotations

from toolscore_ci.engine.diffs import NOT_SOURCE, final_diff
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.model import Reason

_EDIT_CATEGORIES = frozenset({"changed", "saved", "created"})


def _same_file(claimed: str, changed: str) -> bool:
    claimed = claimed.strip("`'\"").lstrip("./")
    if not claimed:
        return False
    if changed == claimed or changed.endswith("/" + claimed):
        return True
    # the path as the diff prints it, with git's `a/` or `b/` side in front
    return claimed[:2] in ("a/", "b/") and changed == claimed[2:]


@check("TSC121", "named-file-not-in-diff", "contradicted")
def named_file_not_in_diff(ctx: Context) -> Reason | None:
    """A final report that it changed a named source file the repository's final diff,
    complete and taken after the last edit, does not touch ("Modified `sphinx/domains/
    python.py`" when the submitted diff holds only `setup.py`).

    Leaves alone: files named in earlier narration; a renamed file's old path; a path quoted
    as the diff prints it (`a/src/x.py`); test and scratch files (agents often revert those);
    a bare file name with no directory (often the agent's own script, deleted before the
    diff); a clipped, path-limited or stale diff; names that are not paths."""
    claim = ctx.reported.claim
    if ctx.reported.where != "final" or claim.category not in _EDIT_CATEGORIES:
        return None
    # a path inside the repository's tree (a directory and a file); a bare name may be the
    # agent's own script, made and deleted before the diff
    named = [p for p in claim.values.get("path", ()) if "/" in p.strip("/") and "." in p]
    named = [p for p in named if not NOT_SOURCE.search(p.strip("`'\"").lstrip("./"))]
    if not named:
        return None
    diff = final_diff(ctx.prior)
    if diff is None:
        return None
    missing = [p for p in named if not any(_same_file(p, f) for f in diff.files)]
    if not missing:
        return None
    return ctx.reason(
        "TSC121",
        "contradicted",
        diff.execution.cited,
        f"the final diff does not touch {missing[0]}"
        + (
            f" (it changes {', '.join(sorted(diff.files)[:3])})" if diff.files else " (it is empty)"
        ),
    )
