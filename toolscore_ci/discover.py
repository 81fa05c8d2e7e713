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
- An OpenHands V1 conversation persists one event a file (`events/event-NNNNN-<id>.json`):
  however they were found, such files are one trace source, their folder, read in index
  order; the conversation's `base_state.json` beside that folder is its settings, not a
  trace, and is left out.
- Braces expand as minimatch (and so `@actions/glob`) expand them, before any matching:
  `{a,b}`, nested `{a,{b,c}}`, ranges `{1..3}` / `{a..c}`; a brace with no comma and no range,
  or one never closed, is literal text. A pattern that matches nothing is a warning naming it.
"""

from __future__ import annotations

import fnmatch
import glob
import os
import stat
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from toolscore_ci.formats.openhands_v1 import EVENT_FILE
from toolscore_ci.model import InputIssue

#: The OpenHands V1 SDK's lock beside a conversation's event files: part of that conversation,
#: read as one trace, so not a file the walk left out.
EVENT_LOCK = ".eventlog.lock"
#: More alternatives than this from one pattern is a mistake (`{1..100000}`), not a file list.
MAX_BRACE_EXPANSIONS = 10_000


class BraceError(ValueError):
    """A pattern whose braces expand to more than MAX_BRACE_EXPANSIONS patterns."""


#: `.traj` (SWE-agent) and `.eval` (Inspect) are harness logs, read by their own readers.
TRACE_SUFFIXES = (
    ".jsonl",
    ".ndjson",
    ".json",
    ".jsonl.gz",
    ".ndjson.gz",
    ".json.gz",
    ".traj",
    ".eval",
)


@dataclass
class WalkLeftOut:
    """What one directory walk passed over by name."""

    directory: str  # as shown to the user
    skipped: list[str]  # files without a trace suffix
    hidden: list[str]  # hidden folders, not searched


@dataclass
class Discovery:
    files: list[str] = field(default_factory=list)
    # Warnings: paths that matched nothing, left the workspace, or are not regular files.
    problems: list[str] = field(default_factory=list)
    # Input errors: directories that could not be listed (some traces may be missing).
    errors: list[InputIssue] = field(default_factory=list)
    matched: dict[str, int] = field(default_factory=dict)  # pattern -> files it matched
    # What each directory walk passed over by name (files without a trace suffix, hidden
    # folders), in walk order; `left_out` says it.
    walked: list[WalkLeftOut] = field(default_factory=list)
    # Messages name paths relative to this (the Action's workspace): no machine paths in a
    # job summary or PR comment.
    shown_from: str | None = None

    @property
    def left_out(self) -> list[str]:
        """One line a walked directory: what it passed over and nothing else selected after
        all (a pattern may name a file a walk passed over; a hidden folder may be named), so a
        run never leaves a file out unmentioned. Each path is named once: `traces/**` matches
        `traces` and `traces/a`, and the second walk's files were the first's."""
        chosen = set(self.files)
        named: set[str] = set()
        lines = []
        for walk in self.walked:
            skipped = [p for p in walk.skipped if p not in chosen and p not in named]
            hidden = [
                h
                for h in walk.hidden
                if h not in named and not any(f.startswith(h + os.sep) for f in self.files)
            ]
            named.update(skipped)
            named.update(hidden)
            if skipped or hidden:
                lines.append(_left_out(walk.directory, skipped, hidden, self))
        return lines

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
    skipped: list[str] = []  # files not read: no trace suffix
    hidden: list[str] = []  # folders not searched
    for root, dirs, files in os.walk(directory, onerror=lambda e: _cannot_list(directory, e, out)):
        hidden.extend(os.path.join(root, d) for d in sorted(dirs) if d.startswith("."))
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        events = any(EVENT_FILE.match(n) for n in files)
        for name in sorted(files):
            if not is_trace_file(name):
                if not (events and name == EVENT_LOCK):
                    skipped.append(os.path.join(root, name))
                continue
            path = os.path.join(root, name)
            if not is_inside(os.path.realpath(path), boundary):
                out.problems.append(f"{out.show(path)}: links to outside the workspace; ignored")
            elif _keep_file(path, out):
                found.append(path)
    if skipped or hidden:
        out.walked.append(WalkLeftOut(out.show(directory), skipped, hidden))
    return found


#: How many kinds and names a left-out line shows before "...".
_SHOWN = 3


def _left_out(directory: str, skipped: list[str], hidden: list[str], out: Discovery) -> str:
    """One line: what the walk of `directory` did not read, counted by kind, a few named."""
    parts = []
    if skipped:
        kinds = Counter(_kind(p) for p in skipped)
        by_kind = ", ".join(f"{n} {k}" for k, n in kinds.most_common(_SHOWN))
        by_kind += ", ..." if len(kinds) > _SHOWN else ""
        names = ", ".join(out.show(p) for p in skipped[:_SHOWN])
        names += ", ..." if len(skipped) > _SHOWN else ""
        files = "file" if len(skipped) == 1 else "files"
        parts.append(
            f"{len(skipped)} {files} not read, not trace files by name ({by_kind}: {names})"
        )
    if hidden:
        names = ", ".join(out.show(p) for p in hidden[:_SHOWN])
        names += ", ..." if len(hidden) > _SHOWN else ""
        folders = "folder" if len(hidden) == 1 else "folders"
        parts.append(f"{len(hidden)} hidden {folders} not searched ({names})")
    return f"{directory}: " + "; ".join(parts) + "; name a file to read it anyway"


def _kind(path: str) -> str:
    """A file's kind by name: its last suffix (`.md`), or "no suffix"."""
    suffix = os.path.splitext(os.path.basename(path).lstrip("."))[1].lower()
    return suffix or "no suffix"


def group_event_logs(files: list[str]) -> list[str]:
    """`files` with each OpenHands V1 conversation's event files replaced, where the first
    of them stood, by their folder (one trace), and its `base_state.json` left out."""
    grouped: list[str] = []
    folders: set[str] = set()
    for path in files:
        if path != "-" and EVENT_FILE.match(os.path.basename(path)):
            folder = os.path.dirname(path) or os.curdir
            if folder not in folders:
                folders.add(folder)
                grouped.append(folder)
        else:
            grouped.append(path)
    if not folders:
        return files
    states = {os.path.join(os.path.dirname(f), "base_state.json") for f in folders}
    return [p for p in grouped if p not in states]


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
        elif path != "-" and not os.path.lexists(path) and is_pattern(path):
            files = _cli_pattern(path, root, out)
            out.matched[path] = len(files)
            if not files:
                out.problems.append(f"{path}: the pattern matched no files")
        else:
            files = [path] if path == "-" or _keep_file(path, out) else []
            out.matched[path] = len(files)
        for f in files:
            if f not in seen:
                seen.add(f)
                out.files.append(f)
    out.files = group_event_logs(out.files)
    return out


def _cli_pattern(pattern: str, root: str, out: Discovery) -> list[str]:
    """A quoted glob on the CLI (the shell left it alone), matched as the Action matches its
    `traces` input; relative to the current directory. What it matches is the user's choice
    (like a file named), but a matched directory's walk keeps to the workspace."""
    try:
        expanded = expand_braces(pattern)
    except BraceError as exc:
        out.problems.append(f"{pattern}: {exc}; the pattern was not used")
        return []
    return _match(expanded, root, pattern, out, out, check_listable=False, bounded=False, base="")


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
        # what an exclude pattern meets (an unreadable directory, a FIFO) is not reported
        found = Discovery(shown_from=root) if exclude else out
        try:
            expanded = expand_braces(pattern)
        except BraceError as exc:
            out.problems.append(f"{pattern}: {exc}; the pattern was not used")
            if not exclude:
                out.matched[raw.strip()] = 0
            continue
        matches = _match(expanded, root, pattern, out, found, check_listable=not exclude)
        if exclude:
            for m in matches:
                selected.pop(m, None)
        else:
            for m in matches:
                selected.setdefault(m, None)
            out.matched[raw.strip()] = len(matches)
    out.files = group_event_logs(list(selected))
    return out


def _unescape(pattern: str) -> str:
    """What a brace-expanded pattern means to glob: `\\{`, `\\}` and `\\,` are plain text."""
    return pattern.replace("\\{", "{").replace("\\}", "}").replace("\\,", ",")


def _match(
    expanded: list[str],
    root: str,
    pattern: str,
    out: Discovery,
    found: Discovery,
    *,
    check_listable: bool,
    bounded: bool = True,
    base: str | None = None,
) -> list[str]:
    """The files the brace-expanded patterns match, once each, sorted; directories matched
    yield the trace files under them. `bounded`: matches must stay inside `root`."""
    hits: set[str] = set()
    for one in expanded:
        one = _unescape(one)
        full = one if os.path.isabs(one) else os.path.join(root if base is None else base, one)
        if check_listable and _has_magic(full):
            static, rest = _static_base(full)
            if os.path.isdir(static):
                _check_listable(static, rest, out)
        hits.update(glob.glob(full, recursive=True))
    matches: dict[str, None] = {}  # ordered, and a set for the check
    for m in sorted(hits):
        if bounded and not is_inside(os.path.realpath(m), root):
            found.problems.append(f"{pattern}: {out.show(m)} is outside the workspace; ignored")
            continue
        if os.path.isdir(m):
            real = os.path.realpath(m)
            boundary = root if is_inside(real, root) else real  # as a directory named (CLI)
            matches.update(dict.fromkeys(x for x in _walk(m, boundary, found) if x not in matches))
        elif m not in matches and _keep_file(m, found):
            matches[m] = None
    return list(matches)


def is_pattern(path: str) -> bool:
    """A CLI path that asks to be matched: glob characters, or braces that expand."""
    if _has_magic(path):
        return True
    try:
        return expand_braces(path) != [path]
    except BraceError:
        return True


# -- braces ------------------------------------------------------------------------------------
# minimatch hands every pattern to brace-expansion first; these are its rules, kept to what a
# file pattern needs: a `\\` escapes the next character; `{` opens a set only with a matching
# `}` and a top-level comma or a `..` range inside; anything else is literal.


def _closing(text: str, start: int) -> int:
    """Index of the `}` that closes the `{` at `start`, or -1 when it is never closed."""
    depth = 0
    i = start
    while i < len(text):
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return -1


def _top_level_split(body: str) -> list[str]:
    """`a,{b,c},d` -> [`a`, `{b,c}`, `d`]: commas inside nested braces do not split."""
    parts, depth, last, i = [], 0, 0, 0
    while i < len(body):
        c = body[i]
        if c == "\\":
            i += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(body[last:i])
            last = i + 1
        i += 1
    parts.append(body[last:])
    return parts


def _sequence(body: str) -> list[str] | None:
    """`1..3`, `01..10..3`, `a..e..2`: the items, as brace-expansion writes them; None when
    `body` is not a range."""
    pieces = body.split("..")
    if len(pieces) not in (2, 3):
        return None
    step_text = pieces[2] if len(pieces) == 3 else "1"
    try:
        step = abs(int(step_text)) or 1
    except ValueError:
        return None
    first, last = pieces[0], pieces[1]
    numeric = all(_is_int(p) for p in (first, last))
    if numeric:
        a, b = int(first), int(last)
        width = max(len(first), len(last)) if any(_padded(p) for p in (first, last)) else 0
        span = range(a, b + 1, step) if a <= b else range(a, b - 1, -step)
        if len(span) > MAX_BRACE_EXPANSIONS:
            raise BraceError(f"{{{body}}} expands to {len(span):,} patterns")
        return [_pad(n, width) for n in span]
    if len(first) == 1 and len(last) == 1:
        a, b = ord(first), ord(last)
        span = range(a, b + 1, step) if a <= b else range(a, b - 1, -step)
        return [chr(n) for n in span]
    return None


def _is_int(text: str) -> bool:
    return text.lstrip("-").isdigit()


def _padded(text: str) -> bool:
    digits = text.lstrip("-")
    return len(digits) > 1 and digits.startswith("0")


def _pad(n: int, width: int) -> str:
    if not width:
        return str(n)
    sign = "-" if n < 0 else ""
    return sign + str(abs(n)).zfill(width - len(sign))


def expand_braces(pattern: str) -> list[str]:
    """Every pattern `pattern` stands for, in brace-expansion's order (left alternative
    first); `[pattern]` itself when it holds no set. Raises BraceError past
    MAX_BRACE_EXPANSIONS."""
    out = _expand(pattern)
    if len(out) > MAX_BRACE_EXPANSIONS:
        raise BraceError(f"expands to {len(out):,} patterns")
    return out


def _expand(pattern: str) -> list[str]:
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if c != "{":
            i += 1
            continue
        end = _closing(pattern, i)
        if end < 0:
            i += 1  # never closed: this brace is literal, a later one may still open a set
            continue
        body = pattern[i + 1 : end]
        alternatives = _top_level_split(body)
        items: list[str] | None
        if len(alternatives) > 1:
            items = [x for alt in alternatives for x in _expand(alt)]
        else:
            items = _sequence(body)
        if items is None:
            # `{a}`: literal, but a set inside it (`{a,{b,c}}` aside) still expands
            inner = _expand(body)
            items = ["{" + x + "}" for x in inner]
        head = pattern[:i]
        tails = _expand(pattern[end + 1 :])
        if len(items) * len(tails) > MAX_BRACE_EXPANSIONS:
            raise BraceError(f"expands to more than {MAX_BRACE_EXPANSIONS:,} patterns")
        return [head + item + tail for item in items for tail in tails]
    return [pattern]
