"""Turn the paths and globs a user gave into trace files, in a stable order.

Two entry points: `expand_paths` for the CLI (files, directories, `-`), and `expand_globs` for
the Action (multiline globs with `!` excludes, relative to a workspace they may not leave).
"""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable
from dataclasses import dataclass, field

TRACE_SUFFIXES = (".jsonl", ".ndjson", ".json", ".jsonl.gz", ".ndjson.gz", ".json.gz")


@dataclass
class Discovery:
    files: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # paths that matched nothing, or escaped
    matched: dict[str, int] = field(default_factory=dict)  # pattern -> files it matched


def is_trace_file(name: str) -> bool:
    return name.lower().endswith(TRACE_SUFFIXES)


def _walk(directory: str, problems: list[str] | None = None) -> list[str]:
    """Every trace file under `directory`, sorted, hidden directories skipped; a subdirectory
    that cannot be listed is reported in `problems`, not silently passed over."""

    def unreadable(exc: OSError) -> None:
        if problems is not None:
            problems.append(f"{exc.filename}: cannot list: {exc.strerror or exc}")

    found = []
    for root, dirs, files in os.walk(directory, onerror=unreadable):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found.extend(os.path.join(root, f) for f in sorted(files) if is_trace_file(f))
    return found


def expand_paths(paths: Iterable[str]) -> Discovery:
    """Files stay as given (even with an unusual suffix), directories yield every trace file
    under them, sorted; a missing path is kept so the reader reports it with its name."""
    out = Discovery()
    seen: set[str] = set()
    for path in paths:
        if path != "-" and os.path.isdir(path):
            files = _walk(path, out.problems)
            out.matched[path] = len(files)
            if not files:
                out.problems.append(
                    f"{path}: directory holds no trace files ({', '.join(TRACE_SUFFIXES)})"
                )
        else:
            files = [path]
            out.matched[path] = 1
        for f in files:
            if f not in seen:
                seen.add(f)
                out.files.append(f)
    return out


def expand_globs(patterns: Iterable[str], workspace: str) -> Discovery:
    """Multiline globs (`**` recursive, `!pattern` excludes, applied in order) under
    `workspace`. A pattern reaching outside the workspace is refused."""
    out = Discovery()
    root = os.path.realpath(workspace)
    selected: dict[str, None] = {}
    for raw in patterns:
        pattern = raw.strip()
        if not pattern or pattern.startswith("#"):
            continue
        exclude = pattern.startswith("!")
        if exclude:
            pattern = pattern[1:].strip()
        full = pattern if os.path.isabs(pattern) else os.path.join(root, pattern)
        matches = []
        for m in sorted(glob.glob(full, recursive=True)):
            real = os.path.realpath(m)
            if real != root and not real.startswith(root + os.sep):
                out.problems.append(f"{pattern}: {m} is outside the workspace; ignored")
                continue
            if os.path.isdir(m):
                matches.extend(_walk(m, out.problems))
            else:
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
