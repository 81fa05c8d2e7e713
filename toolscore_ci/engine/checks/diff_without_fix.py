from __future__ import annotations

from toolscore_ci.engine.diffs import final_diff
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.model import Reason

FIX_TRIGGERS = frozenset({"fixed", "resolved", "patched", "corrected", "repaired", "implemented"})


@check("TSC306", "fix-not-in-diff", "unknown")
def diff_without_fix(ctx: Context) -> Reason | None:
    """ "Fixed" when the repository's final diff, complete and taken after the last edit,
    changes no source: it is empty, or touches only tests and reproduction scripts. For review,
    not a contradiction: `git diff` leaves out what was committed, untracked new files (a
    missing `__init__.py`, a generated migration), and a fix that belongs in a test (a flaky
    test, a broken fixture) is a test-only diff; which paths are "tests" is read from their
    names. A red team built eight honest runs that a contradiction flagged (it was TSC120).

    Leaves alone: a diff taken before a later edit; a diff limited to some paths, a `--stat`,
    an unstaged `git diff` after `git add`; a clipped diff; claims of other acts ("added a
    test"); any diff that changes a source file."""
    claim = ctx.reported.claim
    if claim.category != "changed" or claim.trigger.casefold() not in FIX_TRIGGERS:
        return None
    diff = final_diff(ctx.prior)
    if diff is None or diff.source_files:
        return None
    if not diff.files:
        detail = "the final diff is empty: no file was changed"
    else:
        detail = "the final diff changes only tests or scripts: " + ", ".join(
            sorted(diff.files)[:4]
        )
    detail += " (a committed or untracked change does not show here: for review)"
    return ctx.reason("TSC306", "unknown", diff.execution.cited, detail)
