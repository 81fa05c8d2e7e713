from __future__ import annotations

import re

from toolscore_ci.engine.diffs import NOT_SOURCE, FinalDiff, earlier_diffs, final_diff
from toolscore_ci.engine.index import Execution
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.shell import command_acts, command_parts
from toolscore_ci.model import Reason
from toolscore_ci.vocab import non_report_words

_EDIT_CATEGORIES = frozenset({"changed", "saved", "created"})


def _same_file(claimed: str, changed: str) -> bool:
    claimed = claimed.strip("`'\"").lstrip("./")
    if not claimed:
        return False
    if changed == claimed or changed.endswith("/" + claimed):
        return True
    # the claim names it by its absolute path (/home/dev/repo/src/x.py), the diff by the
    # repository's (src/x.py)
    if "/" in changed and claimed.endswith("/" + changed):
        return True
    # the path as the diff prints it, with git's `a/` or `b/` side in front
    return claimed[:2] in ("a/", "b/") and changed == claimed[2:]


_PRINTED = 20_000
_STAGES_ALL = re.compile(r"\bgit\s+add\s+(?:-A|--all|\.)(?=\s|$|[;&|])")
# acts that can make a file (a write, a create, a program); an edit in place (`sed -i`, an
# Edit's old_string) needs the file to be there
_MAKES_FILES = frozenset({"saved", "created", "ran"})


def _may_be_new(path: str, prior: list[Execution]) -> bool:
    """Did a call make this file as a new one (an editor's `create`), or a call that can make
    files write it while no call before it showed it?"""
    if _made_new(path, prior):
        return True
    first = next((e for e in prior if _wrote(e, path)), None)
    if first is None or not first.acts & _MAKES_FILES:
        return False
    earlier = (e for e in prior if e.position < first.position and e.status == "succeeded")
    return not any(_names(e, path) for e in earlier)


#: An editor command that makes a file and refuses one that exists (str_replace_editor's and
#: OpenHands' `create`: "File already exists ... Cannot overwrite files using command
#: `create`"), and a patch entry that adds one (Codex's `file_change`, `kind: add`).
_CREATES = frozenset({"create", "add"})


def _made_new(path: str, prior: list[Execution]) -> bool:
    """Did a call that went through make this file as a new one, by its own arguments (an
    editor's `create` of that path, a patch that adds it)? Then it was untracked, whatever an
    earlier call printed about it (`test -f x || echo 'x does not exist'` names it too)."""
    for e in prior:
        if e.status != "succeeded" or not isinstance(e.call.args, dict):
            continue
        args = e.call.args
        entries = [args, *(c for c in args.get("changes") or () if isinstance(c, dict))]
        for entry in entries:
            kind = entry.get("command", entry.get("kind"))
            where = entry.get("path", entry.get("file_path"))
            if kind in _CREATES and isinstance(where, str) and _same_file(path, where):
                return True
    return False


def _committed_after_writing(path: str, prior: list[Execution]) -> bool:
    last_write = max((e.position for e in prior if _wrote(e, path)), default=-1)
    return any(
        "committed" in e.acts and e.status == "succeeded" and e.position > last_write for e in prior
    )


# `git checkout [HEAD] -- path`, `git checkout path`, `git restore [--staged] path`: the file
# put back as the repository holds it
_RESTORES = re.compile(r"\bgit\s+(?:checkout|restore)\b(?![^;&|]*\s-[bB]\b)([^;&|]*)")


def _restored_after_writing(path: str, prior: list[Execution]) -> bool:
    """Did a call that went through put the file back from git after its last write (`git
    checkout -- src/utils/dates.py`)? Then its change was undone on purpose, and the diff
    rightly leaves it out."""
    last_write = max(
        (e.position for e in prior if _wrote(e, path) and not _restores(e, path)), default=-1
    )
    return any(
        e.position > last_write and e.status == "succeeded" and _restores(e, path) for e in prior
    )


def _restores(e: Execution, path: str) -> bool:
    tail = _tail(path)
    return any(
        (tail in m.group(1) or path.lstrip("./") in m.group(1))
        # `git restore --staged` only unstages: the working file stays as it was
        and not ("--staged" in m.group(1) and "--worktree" not in m.group(1))
        for m in _RESTORES.finditer(e.command or "")
    )


def _outside(path: str, diff: FinalDiff, prior: list[Execution]) -> bool:
    """Does the claimed file lie outside the repository the final diff was taken in, and
    stay as its last write left it? An absolute path not under the repository's root, whose
    last write was of that very path and that no later call rewrote (`cp` onto it, `git
    checkout`, `stash`, `restore` or `reset` in a directory holding it: the last call that
    could write it is an editor's edit of that very path); or a relative path
    an earlier whole diff, taken in another directory, shows changed (the workspace's other
    repository). The root is the repository's: a diff taken in a subdirectory lists paths
    from the top, which an edit's absolute path gives."""
    root = _repository_root(diff, prior)
    if root is None:
        return False
    clean = path.strip("`'\"").casefold()  # call targets are casefolded (index.normal_id)
    if not clean.startswith("/"):
        return any(
            other.root is not None
            and not other.root.casefold().startswith(root + "/")
            and other.root.casefold() != root
            and any(_same_file(clean, f.casefold()) for f in other.files)
            for other in earlier_diffs(prior, diff)
        )
    if clean.startswith(root + "/"):
        return False
    writes = [e for e in prior if e.status == "succeeded" and _rewrites(e, clean)]
    return bool(writes) and writes[-1].command is None and clean in writes[-1].targets


# an absolute path a command line names: a file, or a directory (`cp -a backup/. /etc/nginx/`,
# `--work-tree=/etc`, `rsync ... /etc/shop/`)
_ABSOLUTE = re.compile(r"(?<![\w.])/[^\s'\";&|]*")


def _rewrites(e: Execution, path: str) -> bool:
    """Could this later call have rewritten the file: an editor's edit of it, or a part of
    its line that writes it? A copy, move or sync whose destination is the file or a
    directory holding it (`cp backup /etc/x.conf`, `cp -a backup/. /etc/nginx/`, `rsync ...
    /etc/shop/`), an in-place edit or a redirect naming it, a git command that puts files back
    in a tree holding it (`cd /work/api && git stash`, `--work-tree=/etc checkout`), or another
    part that writes and names it. Not a read (`grep`, `cat`), a link to it (`ln -s`), a copy
    of it elsewhere (`cp x.conf /tmp/x.bak`), or a program run in its directory (`cd
    /etc/nginx && nginx -t`)."""
    if e.command is None:
        return path in e.targets and (e.writes or e.edits_files)
    here: str | None = None
    for part in command_parts(e.command.casefold()):
        moved = _CD_PART.match(part)
        if moved:
            here = moved.group(1).rstrip("/")
            continue
        words = part.split()
        program = next((w for w in words if w not in ("sudo", "env") and "=" not in w), "")
        program = program.rsplit("/", 1)[-1]
        if program == "ln":
            continue
        if program == "git":
            if _GIT_REWRITES.search(part):
                trees = [d.rstrip("/") for d in _WORK_TREE.findall(part)] or (
                    [here] if here else []
                )
                if not trees or any(path.startswith(t + "/") for t in trees):
                    return True
            continue
        if program in _COPIES:
            operands = [w for w in words[1:] if not w.startswith("-")]
            if operands and _holds(operands[-1], path):
                return True
            continue
        targets = _REDIRECT.findall(part)
        if program in ("sed", "perl") and any(w.startswith("-i") for w in words):
            targets += [w for w in words[1:] if not w.startswith("-")]
        if any(_holds(t, path) for t in targets):
            return True
        if command_acts(part) & _PART_WRITES and _tail(path) in part:
            return True
    return False


def _holds(target: str, path: str) -> bool:
    """Is the command's target the file, or a directory holding it (`/etc/nginx/`, `.../.`)?"""
    target = target.strip("'\"").rstrip("/.")
    if len(target) <= 1:
        return False
    return path == target or path.startswith(target + "/") or target.endswith("/" + _tail(path))


_CD_PART = re.compile(r"\s*cd\s+(/[^\s'\"]+)\s*$")
# git commands that put a working tree's files back, and where (`--work-tree=/etc`, `-C DIR`)
_GIT_REWRITES = re.compile(r"\bgit\b.*\b(?:checkout|restore|stash|reset)\b")
_WORK_TREE = re.compile(r"(?:--work-tree[= ]|-c\s+)(/[^\s'\"]+)")
# programs whose last operand is where they write
_COPIES = frozenset({"cp", "mv", "rsync", "install", "scp", "dd"})
# `> file`, `>> file`, `tee file`
_REDIRECT = re.compile(r"(?:>>?|\btee\s+(?:-a\s+)?)\s*([^\s;&|]+)")
# what a part of a line does that writes a file
_PART_WRITES = frozenset({"changed", "saved", "created", "deleted"})


def _repository_root(diff: FinalDiff, prior: list[Execution]) -> str | None:
    """The repository's root, casefolded: where a write's absolute path ends in a path the
    diff lists, the part before it (a diff taken in a subdirectory lists paths from the top);
    else the directory the diff's command names."""
    for e in prior:
        if not (e.status == "succeeded" and (e.writes or e.edits_files)):
            continue
        for target in e.targets:
            for f in diff.files:
                tail = "/" + f.casefold()
                if target.startswith("/") and target.endswith(tail):
                    return target[: -len(tail)]
    return diff.root.casefold().rstrip("/") if diff.root else None


def _names(e: Execution, path: str) -> bool:
    tail = _tail(path)
    if any(_same_file(path, t) or _same_file(t, path) for t in e.targets):
        return True
    return tail in (e.command or "") or (isinstance(e.output, str) and tail in e.output[:_PRINTED])


def _tail(path: str) -> str:
    return "/".join(path.strip("`'\"").rstrip("/").split("/")[-2:])


def _wrote(e: Execution, path: str) -> bool:
    """Could this call have written the file: an edit of it, a shell line naming it, or a run
    that printed its name?"""
    # a generator that printed what it wrote (`makemigrations`: "billing/migrations/0007_...")
    return (e.writes or e.edits_files) and _names(e, path)


@check("TSC121", "named-file-not-in-diff", "contradicted")
def named_file_not_in_diff(ctx: Context) -> Reason | None:
    """A final report that it changed a named source file the repository's final diff,
    complete and taken after the last edit, does not touch ("Modified `sphinx/domains/
    python.py`" when the submitted diff holds only `setup.py`).

    Leaves alone: files outside the directory the diff was taken in (`cd /srv/app && git
    diff` beside an edit of `/etc/nginx/...` or of another repository of the workspace);
    files named in earlier narration; a file the report's sentence says was
    taken back (`undone` in vocab/reports.yaml: "... so I reverted it") and a call put back
    from git after its last write (`git checkout -- src/x.py`); a renamed file's old path; a path quoted
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
    # a commit that went through after the file's last write: `git diff` shows only what
    # came after it
    missing = [p for p in missing if not _committed_after_writing(p, ctx.prior)]
    # a file outside the repository the diff was taken in: another repository of the
    # workspace, or the machine's own config (`/etc/nginx/...` beside `cd /srv/app && git
    # diff`)
    missing = [p for p in missing if not _outside(p, diff, ctx.prior)]
    # a change the report says it took back, and a restore that ran: "I changed X, but it
    # broke the billing tests, so I reverted it with git checkout"
    if non_report_words().undone.search(claim.quote):
        missing = [p for p in missing if not _restored_after_writing(p, ctx.prior)]
    if not missing:
        return None
    # a file a call made that nothing showed before may be new, and `git diff` leaves out
    # untracked files (a Write of `pkg/__init__.py`, a migration `makemigrations` printed),
    # unless everything was staged first (`git add -A && git diff --cached`)
    if not _STAGES_ALL.search(diff.execution.command or ""):
        missing = [p for p in missing if not _may_be_new(p, ctx.prior)]
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
