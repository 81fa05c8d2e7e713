from __future__ import annotations

import re

from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.text import output_text
from toolscore_ci.model import Reason

_DIFF_FILE = re.compile(r"^diff --git a/(\S+) b/(\S+)$", re.M)
_GIT_DIFF = re.compile(r"\bgit\s+diff\b")
_STAGED = re.compile(r"--cached|--staged|\bHEAD\b")
# Files that check a fix rather than make one: tests, reproduction and scratch scripts.
_NOT_SOURCE = re.compile(
    r"(?:^|/)(?:tests?|testing|test_?apps?)/|(?:^|/)(?:test_[^/]*|[^/]*_test\.\w+|"
    r"repro[^/]*|reproduce[^/]*|debug[^/]*|scratch[^/]*|check_[^/]*|verify_[^/]*)$",
    re.I,
)
_FIX_TRIGGERS = frozenset({"fixed", "resolved", "patched", "corrected", "repaired", "implemented"})


def _whole_repo_diff(command: str | None) -> bool:
    """`git diff`, `git diff --cached`, `git diff HEAD`: not one limited to some paths."""
    if not command or not _GIT_DIFF.search(command):
        return False
    for part in re.split(r"&&|\|\||;|\||\n", command):
        words = part.split()
        if "git" in words and "diff" in words:
            rest = words[words.index("diff") + 1 :]
            # a summary (--stat, --name-only) is not the patch; a pathspec limits it
            return all(w in ("--cached", "--staged", "HEAD", "--no-color") for w in rest)
    return False


@check("TSC120", "fix-not-in-diff", "contradicted")
def diff_without_fix(ctx: Context) -> Reason | None:
    """ "Fixed" when the repository's final diff, taken after the last edit, changes no source:
    it is empty, or touches only tests and reproduction scripts.

    Leaves alone: a diff taken before a later edit; unstaged `git diff` after `git add`;
    claims of other acts ("added a test"); any diff that changes a source file."""
    claim = ctx.reported.claim
    if claim.category != "changed" or claim.trigger.casefold() not in _FIX_TRIGGERS:
        return None
    prior = ctx.prior
    diffs = [e for e in prior if e.status == "succeeded" and _whole_repo_diff(e.command)]
    if not diffs:
        return None
    last = diffs[-1]
    if any(e.position > last.position and e.edits_files for e in prior):
        return None
    staged_before = any(
        e.position <= last.position and e.command and re.search(r"\bgit\s+add\b", e.command)
        for e in prior
    )
    if staged_before and not _STAGED.search(last.command or ""):
        return None  # `git diff` after `git add` shows only what is still unstaged
    output = output_text(last.output)
    files = {b for _, b in _DIFF_FILE.findall(output)}
    if not output.strip() or ("diff --git" not in output and not files):
        if output.strip():
            return None  # not a diff we can read
        detail = "the final diff is empty: no file was changed"
    elif files and all(_NOT_SOURCE.search(f) for f in files):
        detail = "the final diff changes only tests or scripts: " + ", ".join(sorted(files)[:4])
    else:
        return None
    return ctx.reason("TSC120", "contradicted", last.cited, detail)
