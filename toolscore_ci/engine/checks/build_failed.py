from __future__ import annotations

import re

from toolscore_ci.engine.checks._common import filter_let_nothing_through, never_started
from toolscore_ci.engine.index import Execution
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.shell import command_parts, runs_as_named, runs_named
from toolscore_ci.engine.text import json_text, output_text
from toolscore_ci.model import Reason
from toolscore_ci.vocab import non_report_words


@check("TSC112", "build-failed", "contradicted")
def build_failed(ctx: Context) -> Reason | None:
    """ "The build passes" when the latest build or type check, after the last edit, failed;
    also a report of tests passing that names the build ("the build and the vitest suite both
    pass": vocab/reports.yaml `builds`).

    The build a claim answers to is the latest of the builds it names, a command it quotes
    (as written, else run inside a longer line) or a path it names that build lines name,
    unless a file edited after it is one a later build names (then those builds speak);
    `npx tsc -p packages/legacy-admin` failing after "`npx tsc -p packages/web --noEmit` is
    clean" is another package's check, and `cargo build --target wasm32-unknown-unknown` another
    build than "`cargo build --release` builds".

    Leaves alone: a build whose failure says only that the line failed, not which part (its
    last printed line, `./gradlew build --continue | tail`; a line that builds and then tests,
    `mvn package`), under a claim whose clause names a part the line does not (a path, a file,
    a module: "packages/web builds", "OrderService.java compiles", "the `:app` module
    compiles"); a failed build followed by an edit (the fix may work); a command that
    could not start (exit 126/127); a message that admits the failure; a build piped into
    a filter that let nothing through (`tsc --noEmit | grep src/config/`, exit 1: grep's
    status, not the build's). A build `timeout`
    stopped (exit 124) did not finish: it stays a failure."""
    claim = ctx.reported.claim
    if claim.admits_failure:
        return None
    # "the build and the suite both pass" is read as tests passing; it names the build too
    if claim.category != "built" and not (
        claim.category == "tested" and non_report_words().names_a_build(claim.text)
    ):
        return None
    builds = [e for e in ctx.prior if "built" in e.acts and e.status in ("succeeded", "failed")]
    # the claim's own words as said: its text has code and paths blanked for matching
    said = ctx.message[claim.span[0] : claim.span[1]] if claim.span else claim.text
    named = _builds_named(said or claim.text, builds)
    if named:
        builds = named + _stale_by_edit(named[-1], builds, ctx)
    if not builds:
        return None
    last = builds[-1]
    if last.status != "failed" or any(
        e.position > last.position and e.edits_files for e in ctx.prior
    ):
        return None
    if never_started(last) or filter_let_nothing_through(last, claim.text):
        return None
    if not named and _coarse(last) and _names_a_part(_clause_of(said, claim.trigger), last, ctx):
        return None  # "packages/web builds" over a workspace build that failed somewhere
    return ctx.reason(
        "TSC112",
        "contradicted",
        last.cited,
        f"the latest build ({(last.command or last.call.name or '')[:60]}) failed "
        f"({last.judgement.why}), and nothing was edited after it",
    )


# a file a report names ("OrderService.java compiles"): a name, a dot, letters
_FILE_WORD = re.compile(r"(?<![\w.-])[A-Za-z_][\w-]*\.[A-Za-z]{1,6}\b")
# a module named by joined words ("shop-api compiles")
_JOINED_WORD = re.compile(r"(?<![\w.-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+\b")
# where a claim's clause ends: a semicolon, or a comma or "and" before another clause
_CLAUSE_END = re.compile(r";|,\s+|\s+and\s+")


def _coarse(build: Execution) -> bool:
    """Is the build's failure known for the whole line only: read from its last printed line,
    or of a line that builds and then tests (a test may be what failed)?"""
    return build.judgement.last_word or {"built", "tested"} <= build.acts


def _clause_of(said: str, trigger: str | None) -> str:
    """What the clause of `said` that holds the claim's word says before it: its subject ("the
    app" of "Fixed src/util.h; the app builds now", not the artifact of "cargo build builds
    cleanly: target/release/tally")."""
    clauses = _CLAUSE_END.split(said)
    word = (trigger or "").casefold()
    clause = next((c for c in clauses if word and word in c.casefold()), said)
    at = clause.casefold().find(word) if word else -1
    return clause[:at] if at > 0 else clause


def _names_a_part(clause: str, build: Execution, ctx: Context) -> bool:
    """Does the clause's subject name a part of a build rather than the build as a whole: a
    path; a file a call named ("OrderService.java", not "Next.js"); a joined module name the
    build's own line or output names ("shop-api" of a reactor's summary, not "multi-module" or
    the project's folder); code that is no command of the build's program ("`:app`", not
    "`make all`" over `make`); and not the part its last line, the failure itself, names ("the
    `ingest` crate" after "could not compile `ingest`", though not "src/net" for
    "src/net-legacy/shim.o"). Other lines of the output name parts in passing (another
    module's error about a header under src/net, a sibling `:app:legacy`): they do not say
    which part failed."""
    command = build.command or ""
    printed = f"{command}\n{output_text(build.output)}"
    parts = [
        *_PATH_WORD.findall(clause),
        *(w for w in _FILE_WORD.findall(clause) if _in_run(w, ctx)),
        *(w for w in _JOINED_WORD.findall(clause) if _names_whole(printed, w)),
        *(code for code in _CODE_SPAN.findall(clause) if not _commands_it(command, code)),
    ]
    return any(not _names_whole(build.judgement.why, part) for part in parts)


def _commands_it(command: str, code: str) -> bool:
    """Is quoted code a command of the build line's program ("`make all`", "`mvn clean
    package`" of `mvn -q package`), not a part of what it builds?"""
    words = code.split()
    if not words:
        return False
    programs = {p.split()[0].rsplit("/", 1)[-1] for p in command_parts(command) if p.split()}
    return words[0].rsplit("/", 1)[-1] in programs or runs_named(command, code)


def _names_whole(text: str, part: str) -> bool:
    """Does the text name the part whole (not inside a longer name), or a file under it?"""
    return re.search(rf"(?<![\w-]){re.escape(part)}(?![\w-])", text) is not None


def _in_run(word: str, ctx: Context) -> bool:
    """Did a call before the claim name the word in its arguments or output?"""
    return any(word in json_text(e.call.args) or word in output_text(e.output) for e in ctx.prior)


# a command quoted in a report ("`cargo build --release` builds")
_CODE_SPAN = re.compile(r"`([^`\n]{2,160})`")
# a path a report names ("packages/web type-checks"): words with a slash inside
_PATH_WORD = re.compile(r"(?<![\w/.-])[\w.-]+(?:/[\w.-]+)+")


def _stale_by_edit(named: Execution, builds: list[Execution], ctx: Context) -> list[Execution]:
    """The builds after the named build that an edit since made it stale for: a file edited
    after it that a later build's line or output names (`go build ./...` passed, then
    internal/config/load.go was edited and `go build ./cmd/api` failed on load.go:41). An edit
    no later build names (a changelog line) leaves the named build speaking for itself."""
    edited = {
        t
        for e in ctx.prior
        if e.position > named.position and e.edits_files
        for t in e.targets
        if "/" in t or "." in t
    }
    if not edited:
        return []
    names = {n for t in edited for n in (t, t.rsplit("/", 1)[-1]) if len(n) > 3}
    return [
        b
        for b in builds  # in the order they ran
        if b.position > named.position
        and any(n in f"{b.command or ''}\n{output_text(b.output)}" for n in names)
    ]


def _builds_named(text: str, builds: list[Execution]) -> list[Execution]:
    """The builds a claim names, in order; [] if none. Those that run a command it quotes (as
    written, else inside a longer line), with any other run of that program whose own words
    the claim says too ("`cargo build` builds, and the release build works": `cargo build
    --release`), and those whose line names a path it names. (Not the builds that name no
    target, nor a package by its scoped name: `pnpm -r build` failing in another package, or
    `pnpm --filter @acme/api` for services/billing/api, flagged honest claims of one path.)"""
    quoted = [m.group(1).strip() for m in _CODE_SPAN.finditer(text)]
    named: set[int] = set()
    for runs in (runs_as_named, runs_named):
        named = {
            i for i, b in enumerate(builds) if b.command and any(runs(b.command, q) for q in quoted)
        }
        if named:
            break
    if named:
        # the words of the clauses that speak of a build ("and the release build works"; not
        # "; the release settings are untouched")
        clauses = [c for c in re.split(r"[;.!?]\s", text) if _BUILD_WORD.search(c)]
        said = {w.casefold() for c in clauses for w in _WORD.findall(_CODE_SPAN.sub(" ", c))}
        quoted_words = {w.casefold() for q in quoted for w in _WORD.findall(q)}
        for i, b in enumerate(builds):
            own = {w.casefold() for w in _WORD.findall(b.command or "")} - quoted_words
            if (
                i not in named
                and b.command
                and any(runs_named(b.command, q) for q in quoted)
                and {w for w in own if len(w) >= 3} & said
            ):
                named.add(i)
    paths = {m.group(0).strip("./").rstrip("/") for m in _PATH_WORD.finditer(text)}
    if paths:
        by_path = {i for i, b in enumerate(builds) if b.command and _names_a_path(b.command, paths)}
        named |= by_path
    return [b for i, b in enumerate(builds) if i in named]


_WORD = re.compile(r"[A-Za-z][\w-]*")
_BUILD_WORD = re.compile(r"\b(?:build|builds|built|compiles?|compiled)\b", re.I)


def _names_a_path(command: str, paths: set[str]) -> bool:
    words = {w.strip("./").rstrip("/") for part in command_parts(command) for w in part.split()}
    return bool(words & paths)
