"""Turn the paths and globs a user gave into trace files, in a stable order.

Two entry points: `expand_paths` for the CLI (files, directories, `-`), and `expand_globs` for
the Action (multiline globs with `!` excludes, relative to a workspace they may not leave).

The rules (docs/cli.md, "Which files are read"):
- Only regular files are read. A FIFO, a device or a socket, named or found, is skipped with a
  warning and never opened (opening a FIFO blocks until a writer comes; /dev/zero never ends).
- Every file found by walking a directory or matching a pattern is resolved (symlinks
  followed) and must stay inside the boundary: the workspace, or, for a directory the user
  named outside it, that directory. A link leading out is skipped with a warning, unread.
- A file named explicitly on the CLI is read wherever it is: the user chose it.
- A directory that cannot be listed is an input error (the run exits 2), never a warning a
  gate could pass with.
"""

from __future__ import annotations

import fnmatch
import glob
import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass, field

from toolscore_ci.model import InputIssue

TRACE_SUFFIXES = (".jsonl", ".ndjson", ".json", ".jsonl.gz", ".ndjson.gz", ".json.gz")


@dataclass
class Discovery:
    files: list[str] = field(default_factory=list)
    # Warnings: paths that matched nothing, left the workspace, or are not regular files.
    problems: list[str] = field(default_factory=list)
    # Input errors: directories that could not be listed (some traces may be missing).
    errors: list[InputIssue] = field(default_factory=list)
    matched: dict[str, int] = field(default_factory=dict)  # pattern -> files it matched
    # Messages name paths relative to this (the Action's workspace): no machine paths in a
    # job summary or PR comment.
    shown_from: str | None = None

    def show(self, path: str) -> str:
        if self.shown_from and path.startswith(self.shown_from.rstrip(os.sep) + os.sep):
            return os.path.relpath(path, self.shown_from)
        return path


def is_trace_file(name: str) -> bool:
    return name.lower().endswith(TRACE_SUFFIXES)


def is_inside(real_path: str, real_root: str) -> bool:
    """Both already resolved with `os.path.realpath`."""
    return real_path == real_root or real_path.startswith(real_root.rstrip(os.sep) + os.sep)


_SPECIAL_KINDS = (
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _special_kind(path: str) -> str | None:
    """What `path` is when it is neither a regular file nor a directory; None otherwise.
    `stat` never opens the file, so asking cannot block. A path that cannot be stat'ed is
    left to the reader, which reports it by name."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    for test, kind in _SPECIAL_KINDS:
        if test(mode):
            return kind
    return None


def _keep_file(path: str, out: Discovery) -> bool:
    kind = _special_kind(path)
    if kind is not None:
        out.problems.append(f"{out.show(path)}: {kind}, not a regular file; skipped (never opened)")
        return False
    return True


def _cannot_list(directory: str, exc: OSError, out: Discovery) -> None:
    out.errors.append(
        InputIssue(
            out.show(str(exc.filename or directory)),
            None,
            "",
            f"cannot list this directory: {exc.strerror or exc}; its traces were not read",
        )
    )


def _walk(directory: str, boundary: str, out: Discovery) -> list[str]:
    """Every trace file under `directory`, sorted, hidden directories skipped. Symlinked
    directories are not descended; a file whose real path leaves `boundary` is skipped."""

    found = []
    for root, dirs, files in os.walk(directory, onerror=lambda e: _cannot_list(directory, e, out)):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if not is_trace_file(name):
                continue
            path = os.path.join(root, name)
            if not is_inside(os.path.realpath(path), boundary):
                out.problems.append(f"{out.show(path)}: links to outside the workspace; ignored")
            elif _keep_file(path, out):
                found.append(path)
    return found


def expand_paths(paths: Iterable[str], workspace: str | None = None) -> Discovery:
    """Files stay as given (even with an unusual suffix, even outside the workspace),
    directories yield every trace file under them, sorted; a missing path is kept so the
    reader reports it with its name. `workspace` (default: the current directory) bounds
    what a directory walk may reach through symlinks."""
    out = Discovery()
    root = os.path.realpath(workspace or os.getcwd())
    seen: set[str] = set()
    for path in paths:
        if path != "-" and os.path.isdir(path):
            real = os.path.realpath(path)
            # a directory named outside the workspace is the user's choice; its walk stays in it
            files = _walk(path, root if is_inside(real, root) else real, out)
            out.matched[path] = len(files)
            if not files:
                out.problems.append(
                    f"{path}: directory holds no trace files ({', '.join(TRACE_SUFFIXES)})"
                )
        else:
            files = [path] if path == "-" or _keep_file(path, out) else []
            out.matched[path] = len(files)
        for f in files:
            if f not in seen:
                seen.add(f)
                out.files.append(f)
    return out


def _check_listable(directory: str, parts: list[str], out: Discovery) -> None:
    """Report the directories a glob would have had to list but could not: `glob` passes
    over them in silence, which would drop their traces unseen. `parts` are the pattern's
    components below `directory`, the file name last; only branches it can match are tried."""
    if len(parts) <= 1 or parts[0] == "**":
        if parts and parts[0] == "**":
            for _root, dirs, _files in os.walk(
                directory, onerror=lambda e: _cannot_list(directory, e, out)
            ):
                dirs[:] = [d for d in dirs if not d.startswith(".")]
            return
        try:
            with os.scandir(directory):
                return
        except OSError as exc:
            _cannot_list(directory, exc, out)
            return
    try:
        with os.scandir(directory) as entries:
            subdirs = [
                e.path
                for e in entries
                if e.is_dir() and not e.name.startswith(".") and fnmatch.fnmatch(e.name, parts[0])
            ]
    except OSError as exc:
        _cannot_list(directory, exc, out)
        return
    for sub in sorted(subdirs):
        _check_listable(sub, parts[1:], out)


def _has_magic(text: str) -> bool:
    return any(c in text for c in "*?[")


def _static_base(pattern: str) -> tuple[str, list[str]]:
    """`a/b/*/c.jsonl` -> (`a/b`, [`*`, `c.jsonl`]): the part glob need not search, and the rest."""
    parts = pattern.split("/")
    n = 0
    while n < len(parts) - 1 and not _has_magic(parts[n]):
        n += 1
    return "/".join(parts[:n]) or ("/" if pattern.startswith("/") else "."), parts[n:]


def expand_globs(patterns: Iterable[str], workspace: str) -> Discovery:
    """Multiline globs (`**` recursive, `!pattern` excludes, applied in order) under
    `workspace`. A pattern reaching outside the workspace is refused, and so is a file a
    matched directory links to outside it."""
    root = os.path.realpath(workspace)
    out = Discovery(shown_from=root)
    selected: dict[str, None] = {}
    for raw in patterns:
        pattern = raw.strip()
        if not pattern or pattern.startswith("#"):
            continue
        exclude = pattern.startswith("!")
        if exclude:
            pattern = pattern[1:].strip()
        full = pattern if os.path.isabs(pattern) else os.path.join(root, pattern)
        # what an exclude pattern meets (an unreadable directory, a FIFO) is not reported
        found = Discovery(shown_from=root) if exclude else out
        matches = []
        if not exclude and _has_magic(full):
            base, rest = _static_base(full)
            if os.path.isdir(base):
                _check_listable(base, rest, out)
        for m in sorted(glob.glob(full, recursive=True)):
            if not is_inside(os.path.realpath(m), root):
                found.problems.append(f"{pattern}: {out.show(m)} is outside the workspace; ignored")
                continue
            if os.path.isdir(m):
                matches.extend(_walk(m, root, found))
            elif _keep_file(m, found):
                matches.append(m)
        if exclude:
            for m in matches:
                selected.pop(m, None)
        else:
            for m in matches:
                selected.setdefault(m, None)
            out.matched[raw.strip()] = len(matches)
    out.files = list(selected)
    return out
