"""The repository's final diff, as a run shows it: the last whole-repository `git diff` taken
after the last edit, parsed only when it is complete.

A diff is complete when every line is diff syntax: an output a harness clipped in the middle
("...[3000 chars cut]...") may have lost file headers, and proves nothing about what is absent.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from toolscore_ci.engine.index import Execution
from toolscore_ci.engine.shell import command_parts
from toolscore_ci.engine.text import output_text

_GIT_DIFF = re.compile(r"\bgit\s+diff\b")
_DIFF_FILE = re.compile(r"^diff --git a/(\S+) b/(\S+)$", re.M)
_DIFF_LINE = re.compile(
    r"^(?:diff --git |index |--- |\+\+\+ |@@ |[+\- ]|\\ No newline|new file mode|"
    r"deleted file mode|similarity index|dissimilarity index|rename from|rename to|copy from|"
    r"copy to|old mode|new mode|Binary files |GIT binary patch|literal |delta |$)"
)
_STAGE = re.compile(r"\bgit\s+add\b")
# Files that check a fix rather than make one: tests, reproduction and scratch scripts.
NOT_SOURCE = re.compile(
    r"(?:^|/)(?:tests?|testing|test_?apps?)/|(?:^|/)(?:test_[^/]*|[^/]*_test\.\w+|"
    r"repro[^/]*|reproduce[^/]*|debug[^/]*|scratch[^/]*|check_[^/]*|verify_[^/]*)$",
    re.I,
)


@dataclass(frozen=True)
class FinalDiff:
    execution: Execution
    files: frozenset[str]  # paths the diff changes (both sides: a rename's old path too)
    #: the absolute directory the diff was taken in (`cd /srv/app && git diff`), when its
    #: command says; None when it does not
    root: str | None = None

    @property
    def source_files(self) -> frozenset[str]:
        return frozenset(f for f in self.files if not NOT_SOURCE.search(f))


# asked of every earlier call for each claim that reads the final diff: remembered per line,
# but not a long one (a heredoc of 100 KB held 4,096 times over)
_CACHED_LINE_CHARS = 2_000


def _whole_repo_diff(command: str | None) -> tuple[bool, bool]:
    """(is a whole-repository `git diff`, shows the index) for one command line."""
    if command is not None and len(command) > _CACHED_LINE_CHARS:
        return _whole_repo_diff_of(command)
    return _whole_repo_diff_cached(command)


@lru_cache(maxsize=4096)
def _whole_repo_diff_cached(command: str | None) -> tuple[bool, bool]:
    return _whole_repo_diff_of(command)


def _whole_repo_diff_of(command: str | None) -> tuple[bool, bool]:
    if command is not None and command.strip() == "submit":
        return True, True  # SWE-agent's submit: `git add -A && git diff --cached`, printed
    # _GIT_DIFF needs the word "diff" (the search starts at "\b": tried at every position)
    if not command or "diff" not in command or not _GIT_DIFF.search(command):
        return False, False
    for part in command_parts(command):
        # a shell's own quoting around the line (Codex: `bash -lc 'cd repo && git diff'`)
        words = [w.strip("'\"") for w in part.split()]
        if "git" in words and "diff" in words:
            rest = words[words.index("diff") + 1 :]
            # a summary (--stat, --name-only) is not the patch; a pathspec limits it
            whole = all(w in ("--cached", "--staged", "HEAD", "--no-color") for w in rest)
            return whole, bool({"--cached", "--staged", "HEAD"} & set(rest))
    return False, False


def final_diff(prior: list[Execution]) -> FinalDiff | None:
    """The run's final whole diff, if it is complete and nothing was edited after it."""
    found: tuple[Execution, bool] | None = None
    for e in prior:
        if e.status == "succeeded":
            whole, staged = _whole_repo_diff(e.command)
            if whole:
                found = (e, staged)
    if found is None:
        return None
    last, staged = found
    if any(e.position > last.position and e.edits_files for e in prior):
        return None
    if not staged and any(
        e.position <= last.position and e.command and _STAGE.search(e.command) for e in prior
    ):
        return None  # `git diff` after `git add` shows only what is still unstaged
    files = _listed_files(last)
    return None if files is None else FinalDiff(last, files, _root(last.command))


def _listed_files(e: Execution) -> frozenset[str] | None:
    """The paths a diff's output changes, both sides (a rename changes the path it leaves as
    well as the one it makes); None when the output is not a complete diff."""
    text = output_text(e.output)
    # the command may echo a marker first (mini-swe-agent's submit): the diff starts after
    start = text.find("diff --git")
    body = text[start:] if start >= 0 else text
    if start < 0 and body.strip():
        return None  # printed something, but not a diff we can read
    if any(not _DIFF_LINE.match(line) for line in body.splitlines()):
        return None  # clipped or mixed with other output: its file list may be incomplete
    return frozenset(p for pair in _DIFF_FILE.findall(body) for p in pair)


def earlier_diffs(prior: list[Execution], final: FinalDiff) -> list[FinalDiff]:
    """The whole, complete diffs taken before the final one (another repository's, in a
    workspace of several), each with the directory it was taken in."""
    out = []
    for e in prior:
        if e.position >= final.execution.position or e.status != "succeeded":
            continue
        if _whole_repo_diff(e.command)[0] and (files := _listed_files(e)):
            out.append(FinalDiff(e, files, _root(e.command)))
    return out


# `cd /srv/app && git diff`: where the diff was taken
_CD = re.compile(r"(?:^|&&|;|\n|['\"])\s*cd\s+(/[^\s;&|'\"]+)")


def _root(command: str | None) -> str | None:
    """The absolute directory a diff's command line took it in, if the line says."""
    if not command:
        return None
    at = _GIT_DIFF.search(command)
    before = command[: at.start()] if at else command
    found = _CD.findall(before)
    return found[-1].rstrip("/") if found else None
