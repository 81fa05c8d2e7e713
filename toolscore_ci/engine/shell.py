"""What a shell command line does, read from its structure: each pipeline part's program and
subcommand, its redirections and heredocs; never a word found anywhere in the line.

`alembic upgrade head` runs alembic (it is not the `head` command); `cat <<'EOF' > f.py`
writes f.py; `cd /repo && python -m pytest tests/a.py` runs tests.
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass
from functools import cache, lru_cache

# The order says which act of a multi-part line speaks for it: the most consequential.
RANK = (
    "deployed",
    "committed",
    "deleted",
    "changed",
    "saved",
    "sent",
    "created",
    "tested",
    "built",
    "ran",
    "retrieved",
)
_HEREDOC = re.compile(r"<<-?\s*(['\"]?)(\w+)\1[^\n]*\n.*?\n\s*\2\s*(?:\n|$)", re.S)
# The parts are stripped after the split, so the whitespace around a separator need not be
# matched: without it the pattern starts with one of a few characters, which `re` scans for
# quickly (a leading `\s*` is tried at every position of a long heredoc).
_SEPARATORS = re.compile(r"&&|\|\||;|\||\n")
_READERS = frozenset(
    [
        "cat",
        "ls",
        "grep",
        "egrep",
        "fgrep",
        "rg",
        "ag",
        "find",
        "head",
        "tail",
        "less",
        "more",
        "wc",
        "nl",
        "awk",
        "gawk",
        "echo",
        "printf",
        "pwd",
        "which",
        "type",
        "diff",
        "tree",
        "file",
        "stat",
        "du",
        "df",
        "sort",
        "uniq",
        "cut",
        "tr",
        "od",
        "xxd",
        "hexdump",
        "jq",
        "yq",
        "true",
        "false",
        "test",
        "[",
        "basename",
        "dirname",
        "realpath",
        "readlink",
        "locate",
        "whereis",
        "ps",
        "env",
        "printenv",
        "date",
        "id",
        "whoami",
        "uname",
        "sed",
    ]
)
_TEST_RUNNERS = frozenset(
    [
        "pytest",
        "py.test",
        "tox",
        "nox",
        "jest",
        "vitest",
        "mocha",
        "ava",
        "rspec",
        "phpunit",
        "ctest",
        "runtests",
        "runtests.py",
        "run_tests",
        "run_tests.py",
        "run-tests",
        "run-tests.sh",
        "test.sh",
        "run_tests.sh",
    ]
)
_TEST_SUBCOMMAND = frozenset(
    [
        "go",
        "cargo",
        "npm",
        "pnpm",
        "yarn",
        "bun",
        "deno",
        "dotnet",
        "mix",
        "swift",
        "gradle",
        "gradlew",
        "mvn",
        "bazel",
        "dart",
        "flutter",
        "make",
        "dbt",
    ]
)
_BUILDERS = frozenset(
    [
        "make",
        "tsc",
        "ruff",
        "eslint",
        "mypy",
        "flake8",
        "pylint",
        "javac",
        "gcc",
        "g++",
        "clang",
        "cc",
        "rustc",
        "cmake",
        "ninja",
    ]
)
#: The targets of `make` that build (what a plain `make` does); any other may do anything.
_MAKE_BUILDS = frozenset(["all", "build", "compile", "lint", "typecheck", "bundle", "dist"])
_INTERPRETERS = re.compile(r"^(?:python[\d.]*|pypy[\d.]*|node|ruby|perl|php|bash|sh|zsh|Rscript)$")
_DEPLOYERS = {
    ("kubectl", "apply"),
    ("kubectl", "rollout"),
    ("kubectl", "set"),
    ("helm", "upgrade"),
    ("helm", "install"),
    ("terraform", "apply"),
    ("pulumi", "up"),
    ("fly", "deploy"),
    ("netlify", "deploy"),
    ("npm", "publish"),
    ("twine", "upload"),
    ("cargo", "publish"),
    ("docker", "push"),
}
_GIT = {
    "push": "deployed",
    "merge": "deployed",
    "commit": "committed",
    "rm": "deleted",
    "apply": "changed",
    "am": "changed",
    "checkout": "changed",
    "restore": "changed",
    "reset": "changed",
    "stash": "changed",
    "cherry-pick": "changed",
    "revert": "changed",
    "mv": "changed",
    "add": "saved",
}
# `git tag` and `git branch` list refs, unless they are given a name: then they make one
# (`git tag -a v2.3.0 -m ...`, `git branch hotfix`), or delete or move the one named. The
# options that say which, per subcommand (`-a` annotates a tag, but lists every branch).
_GIT_REF_OPTIONS = {
    "tag": {
        "deleted": frozenset({"-d", "--delete"}),
        "changed": frozenset(),
        "retrieved": frozenset(
            {"-l", "--list", "-n", "-v", "--verify", "--contains", "--no-contains"}
            | {"--points-at", "--merged", "--no-merged", "--sort", "--format", "--column"}
        ),
    },
    "branch": {
        "deleted": frozenset({"-d", "-D", "--delete"}),
        "changed": frozenset({"-m", "-M", "-c", "-C", "--move", "--copy", "-u"})
        | frozenset({"--set-upstream-to", "--unset-upstream", "--edit-description"}),
        "retrieved": frozenset(
            {"-l", "--list", "-a", "--all", "-r", "--remotes", "-v", "-vv", "--verbose"}
            | {"--contains", "--no-contains", "--points-at", "--merged", "--no-merged"}
            | {"--show-current", "--sort", "--format", "--column"}
        ),
    },
}
_READ_SUBCOMMANDS = frozenset(
    [
        "get",
        "list",
        "ls",
        "describe",
        "show",
        "status",
        "history",
        "logs",
        "log",
        "view",
        "inspect",
        "top",
        "ps",
        "diff",
    ]
)
_WRITE_SUBCOMMANDS = frozenset(
    ["apply", "set", "delete", "create", "update", "patch", "edit", "rm"]
)
#: Subcommands that remove what they name (`kubectl delete`, `helm uninstall`, `terraform
#: destroy`, `gh release delete`): the first of these or of the read subcommands decides.
_DELETE_SUBCOMMANDS = frozenset(["delete", "uninstall", "destroy"])


def _subcommand(positional: list[str]) -> str | None:
    """The first word among a command's first three positional ones that says whether it reads
    or deletes (`kubectl --context prod delete ...`: `prod` is an option's value)."""
    return next(
        (p for p in positional[:3] if p in _READ_SUBCOMMANDS or p in _DELETE_SUBCOMMANDS), None
    )


_REDIRECT = re.compile(r"^[1]?>>?(.*)$")
_HEREDOC_MARK = re.compile(r"<<-?\s*(['\"]?)\w+\1")


def _writes_by_redirect(tokens: list[str]) -> bool:
    """An unquoted `> file` / `>> file` (not `2>&1`, not `/dev/null`)."""
    for i, tok in enumerate(tokens):
        # what _REDIRECT needs at the start: most tokens are words, not redirections
        m = _REDIRECT.match(tok) if tok.startswith((">", "1>")) else None
        if m is None:
            continue
        target = m.group(1) or (tokens[i + 1] if i + 1 < len(tokens) else "")
        if target and not target.startswith("&") and target != "/dev/null":
            return True
    return False


# A shell word: runs of unquoted text, 'single-quoted' and "double-quoted" pieces, glued.
_WORD = re.compile(r"""(?:[^\s'"\\]+|\\.|'[^']*'|"(?:\\.|[^"\\])*")+|['"].*""", re.S)
_QUOTED = re.compile(r"""'([^']*)'|"((?:\\.|[^"\\])*)"|\\(.)""", re.S)


def _unquote(word: str) -> str:
    if "'" not in word and '"' not in word and "\\" not in word:
        return word  # nothing quoted or escaped: most words of a command
    return _QUOTED.sub(lambda m: next(g for g in m.groups() if g is not None), word)


def _part_tokens(part: str) -> list[str]:
    """The words of one part of a line, a heredoc's mark left out (its body is the file's)."""
    return _tokens(_HEREDOC_MARK.sub(" ", part) if "<<" in part else part.strip())


def _tokens(part: str) -> list[str]:
    """The words of one command, quotes removed, as the shell splits them (shlex's answer,
    at a fraction of its cost: agents' commands run to thousands of characters)."""
    return [_unquote(w) for w in _WORD.findall(part)]


@dataclass(frozen=True, slots=True)
class _Wrapper:
    """A program that runs another command line (vocab/commands.yaml `wrappers`)."""

    words: tuple[str, ...]  # its subcommand words after the program's own
    valued: frozenset[str]  # options that take the next word as their value
    operands: int  # the words after its options that are its own (a service, a container)
    until: str | None  # the inner command starts after this word only
    scripts: bool  # the inner word may name a project script (`hatch run test`)


@dataclass(frozen=True, slots=True)
class _PackageManager:
    """A package manager's commands that run scripts and programs (vocab `package_managers`)."""

    valued: frozenset[str]
    run: frozenset[str]
    exec: frozenset[str]
    workspace: frozenset[str]
    bins: bool


@dataclass(frozen=True, slots=True)
class _Commands:
    wrappers: dict[str, tuple[_Wrapper, ...]]  # program -> its wrapping forms, longest first
    managers: dict[str, _PackageManager]
    script_name: str
    script_joiners: tuple[str, ...]
    whole_scripts: frozenset[str]
    test_tasks: dict[str, frozenset[str]]
    build_tasks: dict[str, frozenset[str]]
    test_skips: dict[str, tuple[frozenset[str], frozenset[str]]]  # tool -> (exclude, skip)
    test_commands: frozenset[tuple[str, ...]]
    build_commands: frozenset[tuple[str, ...]]
    build_scripts: frozenset[str]
    filter_runners: frozenset[str]  # runners whose positional arguments pick tests
    filter_subcommands: frozenset[str]
    filter_valued: frozenset[str]
    filter_roots: frozenset[str]
    answer_programs: frozenset[str]  # programs whose exit 1 is an answer (grep: no match)
    answer_commands: dict[tuple[str, ...], frozenset[str]]  # ... only under these options
    no_op_options: frozenset[str]  # `--dry-run`: the part only shows what it would do


@cache
def _commands() -> _Commands:
    # imported here: the vocabulary package imports the claim reader, which needs no shell
    from toolscore_ci.vocab import load_raw

    raw = load_raw("commands.yaml")
    wrappers: dict[str, list[_Wrapper]] = {}
    for entry in raw["wrappers"]:
        program, *words = entry["command"].split()
        wrappers.setdefault(program, []).append(
            _Wrapper(
                tuple(words),
                frozenset(entry.get("valued", ())),
                int(entry.get("operands", 0)),
                entry.get("until"),
                bool(entry.get("scripts", False)),
            )
        )
    managers = {
        name: _PackageManager(
            frozenset(m["valued"]),
            frozenset(m["run"]),
            frozenset(m["exec"]),
            frozenset(m["workspace"]),
            bool(m["bins"]),
        )
        for name, m in raw["package_managers"].items()
    }
    scripts = raw["test_scripts"]
    return _Commands(
        {p: tuple(sorted(ws, key=lambda w: -len(w.words))) for p, ws in wrappers.items()},
        managers,
        scripts["name"],
        tuple(scripts["joiners"]),
        frozenset(scripts["whole"]),
        {tool: frozenset(tasks) for tool, tasks in raw["test_tasks"].items()},
        {tool: frozenset(tasks) for tool, tasks in raw["build_tasks"].items()},
        {
            tool: (frozenset(options["exclude"]), frozenset(options["skip"]))
            for tool, options in raw["test_skips"].items()
        },
        frozenset(tuple(c.split()) for c in raw["test_commands"]),
        frozenset(tuple(c.split()) for c in raw["build_commands"]),
        frozenset(raw["build_scripts"]),
        frozenset(raw["test_filters"]["runners"]),
        frozenset(raw["test_filters"]["subcommands"]),
        frozenset(raw["test_filters"]["valued"]),
        frozenset(raw["test_filters"]["roots"]),
        frozenset(raw["answer_exits"]["programs"]),
        {
            tuple(c["command"].split()): frozenset(c["options"])
            for c in raw["answer_exits"]["commands"]
        },
        frozenset(raw["no_op_options"]),
    )


def _past_options(tokens: list[str], i: int, valued: frozenset[str]) -> int:
    """The index of the first word at or after `i` that is no option nor an option's value
    (`--`, which ends the options, is such a word)."""
    while i < len(tokens) and tokens[i].startswith("-") and tokens[i] != "--":
        i += 2 if tokens[i] in valued else 1
    return i


def _past_wrapper(form: _Wrapper, tokens: list[str], i: int) -> int | None:
    """Where the inner command of `tokens[i:]` starts, when the program at `i` wraps it in
    `form`; None when the words are not that form's or leave no inner command."""
    j = i + 1
    for word in form.words:
        j = _past_options(tokens, j, form.valued)
        if j >= len(tokens) or tokens[j] != word:
            return None
        j += 1
    if form.until is not None:
        j = tokens.index(form.until, j) + 1 if form.until in tokens[j:] else len(tokens)
    else:
        for _ in range(form.operands):
            j = _past_options(tokens, j, form.valued) + 1
        j = _past_options(tokens, j, form.valued)
        if j < len(tokens) and tokens[j] == "--":
            j += 1
    return j if j < len(tokens) else None


def is_test_script_name(word: str) -> bool:
    """Does this name a project script that runs tests (`test`, `test:unit`, `test-ci`)?"""
    c = _commands()
    return word == c.script_name or (
        word.startswith(c.script_name)
        and word[len(c.script_name) : len(c.script_name) + 1] in c.script_joiners
        and len(word) > len(c.script_name) + 1
    )


def _manager_command(name: str, pm: _PackageManager, tokens: list[str], i: int) -> int | None:
    """Where a package manager's line at `i` runs another program (`pnpm exec jest`, `yarn
    jest`, `yarn workspace web vitest`): that program's index, else None (it runs its own
    command or a script, read as the manager's: `npm run test:unit`, `pnpm --filter web
    test`)."""
    j = _past_options(tokens, i + 1, pm.valued)
    if j >= len(tokens):
        return None
    command = tokens[j]
    if command in pm.exec:
        j = _past_options(tokens, j + 1, pm.valued)
        j += 1 if j < len(tokens) and tokens[j] == "--" else 0
        return j if j < len(tokens) else None
    if command in pm.workspace and j + 2 < len(tokens):
        # `yarn workspace @acme/web test`: the manager again, in that package
        inner = _manager_command(name, pm, tokens, j + 1)
        return inner
    if pm.bins and _is_known_program(command):
        return j  # yarn jest, pnpm vitest run, pnpm tsc --noEmit: the installed program
    return None


def _is_known_program(word: str) -> bool:
    """A program the line's reading knows by name, as a package manager may run it."""
    return word in _TEST_RUNNERS or word in _BUILDERS


def _script_of(tokens: list[str], i: int) -> tuple[str, list[str]] | None:
    """The manager and its command when the package manager at `i` runs one of its own commands
    or a script: `pnpm --filter web test` -> ("pnpm", ["test"]), `npm run test:unit` ->
    ("npm", ["test:unit"]), `yarn workspace web test:ci` -> ("yarn", ["test:ci"])."""
    name = tokens[i].rsplit("/", 1)[-1]
    pm = _commands().managers[name]
    j = _past_options(tokens, i + 1, pm.valued)
    if j < len(tokens) and tokens[j] in pm.workspace and j + 2 < len(tokens):
        j = _past_options(tokens, j + 2, pm.valued)
    if j < len(tokens) and tokens[j] in pm.run:
        j = _past_options(tokens, j + 1, pm.valued)
    return name, tokens[j:]


def _inner_start(tokens: list[str]) -> int:
    """The index of the word that names the program a part runs: past `X=1` assignments and
    every wrapper (vocab/commands.yaml: `sudo`, `timeout 30`, `bundle exec`, `uv run`,
    `docker compose run --rm app`, `pnpm exec`), len(tokens) when there is none. A wrapper
    with nothing after it is the program (`env` prints the environment)."""
    wrappers = _commands().wrappers
    managers = _commands().managers
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if "=" in tok and not tok.startswith("-") and tok.split("=", 1)[0].isidentifier():
            i += 1
            continue
        name = tok.rsplit("/", 1)[-1]
        inner: int | None = None
        for form in wrappers.get(name, ()):
            inner = _past_wrapper(form, tokens, i)
            if inner is not None:
                if form.scripts and is_test_script_name(tokens[inner]):
                    return i  # `hatch run test`: a script, read as the wrapper's (below)
                break
        if inner is None and name in managers:
            inner = _manager_command(name, managers[name], tokens, i)
        if inner is None:
            return i
        i = inner
    return i


def _program(tokens: list[str]) -> tuple[str, list[str]]:
    """The program a part runs and its arguments, past `sudo`, `env X=1`, `timeout 30` and
    every other wrapper (`_inner_start`). A package manager's script or own command is the
    manager's, its global options dropped (`pnpm --filter web test` -> pnpm, ["test"]); so is
    a wrapper's script (`hatch run test` -> hatch, ["test"])."""
    i = _inner_start(tokens)
    if i >= len(tokens):
        return "", []
    name = tokens[i].rsplit("/", 1)[-1]
    if name in _commands().managers:
        return _script_of(tokens, i)
    for form in _commands().wrappers.get(name, ()):
        inner = _past_wrapper(form, tokens, i)
        if inner is not None and form.scripts:
            return name, tokens[inner:]
    return name, tokens[i + 1 :]


_SHELLS = frozenset({"bash", "sh", "zsh", "dash"})
# SWE-agent's tools, which its trajectories record as shell commands (SWE-agent/SWE-agent,
# tools/): what each does to the repository. `submit` stages everything and prints the patch.
_SWE_AGENT_TOOLS = {
    "submit": "retrieved",
    "open": "retrieved",
    "goto": "retrieved",
    "scroll_up": "retrieved",
    "scroll_down": "retrieved",
    "search_dir": "retrieved",
    "search_file": "retrieved",
    "find_file": "retrieved",
    "filemap": "retrieved",
    "create": "saved",
    "edit": "changed",
}
# the ones that take no argument: with one, the word is some other program
_BARE_SWE_AGENT_TOOLS = frozenset({"submit", "scroll_up", "scroll_down"})
# `str_replace_editor view|create|str_replace|insert|undo_edit PATH ...`
#: An editor's sub-commands and what each does when run as a program (SWE-agent's
#: str_replace_editor); toolkinds reads the same words in a tool's `command` argument.
EDITOR_COMMANDS = {
    "view": "retrieved",
    "create": "saved",
    "str_replace": "changed",
    "insert": "changed",
    "undo_edit": "changed",
}
# SWE-agent 0.x's `edit 10:12` takes the new lines up to `end_of_edit`: text, not commands
_EDIT_BODY = re.compile(r"^(edit\s+\d+:\d+)\s*\n.*?^end_of_edit\s*$", re.M | re.S)


# `git switch -c NAME`, `git checkout -b NAME`: the options that make the branch they name
_NEW_BRANCH = frozenset({"-c", "-C", "--create", "--force-create", "-b", "-B", "--orphan"})


def _git_ref_act(sub: str, args: list[str]) -> str:
    """What `git tag ...` / `git branch ...` does: a listing reads; a name makes a ref."""
    rest = args[1:]
    options = {a.split("=", 1)[0] for a in rest if a.startswith("-")}
    options |= {a[:2] for a in options if not a.startswith("--")}  # -n5: -n with its count
    for act in ("deleted", "changed", "retrieved"):
        if options & _GIT_REF_OPTIONS[sub][act]:
            return act
    return "created" if any(not a.startswith("-") for a in rest) else "retrieved"


def _inline_script(args: list[str]) -> str | None:
    """The script of `bash -c SCRIPT` / `bash -lc SCRIPT`, if that is how the shell runs."""
    for i, arg in enumerate(args[:-1]):
        if arg.startswith("-") and not arg.startswith("--") and "c" in arg:
            return args[i + 1]
    return None


def _is_test_script(name: str) -> bool:
    base = name.rsplit("/", 1)[-1]
    return base in _TEST_RUNNERS or (base == "test" and "/" in name)


def _runs_tests(program: str, args: list[str], positional: list[str]) -> bool:
    """A test run named by the words after its program (vocab/commands.yaml): a project's test
    script run by its package manager or script runner (`npm run test:unit`, `yarn test:ci`,
    `hatch run test`), a build tool's test task among its tasks (`mvn clean verify`,
    `./gradlew :app:check`, unless the line leaves the tests out: `-x test`, `-DskipTests`), a
    runner that is a program's command (`cargo nextest run`)."""
    c = _commands()
    if not positional:
        return False
    if (program in c.managers or program in c.wrappers) and is_test_script_name(positional[0]):
        return True
    tasks = c.test_tasks.get(program)
    if tasks is not None:
        excluded = _left_out_tasks(program, args)
        if excluded is None or excluded & tasks:
            return False  # the tests are skipped, or a task that runs them is excluded
        if any(_is_task(p.rsplit(":", 1)[-1], tasks) for p in positional if p not in excluded):
            return True
    return _is_command(program, positional, c.test_commands)


def _is_command(program: str, positional: list[str], commands: frozenset[tuple[str, ...]]) -> bool:
    """Is the line one of `commands`, a program and the words after it (`cargo nextest run`)?"""
    return any(
        (program, *positional[: len(words) - 1]) == words
        for words in _by_program(commands).get(program, ())
    )


@cache
def _by_program(
    commands: frozenset[tuple[str, ...]],
) -> dict[str, tuple[tuple[str, ...], ...]]:
    """`commands` by their program: a line is compared only with its own program's (every part
    of a coding run's lines went through all of them, a quarter of a million comparisons)."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for words in commands:
        if words:  # no words: no line is that command
            out.setdefault(words[0], []).append(words)
    return {program: tuple(of) for program, of in out.items()}


def _is_task(name: str, tasks: frozenset[str]) -> bool:
    """Is `name` one of `tasks`, or matched by one written as a glob (`test*UnitTest`)?"""
    return name in tasks or any("*" in t and fnmatch.fnmatchcase(name, t) for t in tasks)


def _builds(program: str, positional: list[str]) -> bool:
    """A build named by the words after its program (`cargo build`, `go vet`), a build tool's
    build task among its tasks (`mvn clean package`, `./gradlew :app:build`), or a project's
    build script run by its package manager (`npm run build`, `yarn build:prod`): vocab
    `build_commands`, `build_tasks`, `build_scripts`."""
    c = _commands()
    if not positional:
        return False
    tasks = c.build_tasks.get(program)
    if tasks is not None:
        return any(_is_task(p.rsplit(":", 1)[-1], tasks) for p in positional)
    if program in c.managers:
        script = positional[0]
        base = next((script.split(j, 1)[0] for j in c.script_joiners if j in script), script)
        return script in c.build_scripts or base in c.build_scripts
    return _is_command(program, positional, c.build_commands)


def _left_out_tasks(program: str, args: list[str]) -> frozenset[str] | None:
    """The tasks a build tool's line excludes by name (`-x test`, `--exclude-task=check`, a
    project's `:app:test` read as `test`), or None when an option skips every test."""
    exclude, skip = _commands().test_skips.get(program, (frozenset(), frozenset()))
    left_out: set[str] = set()
    for i, arg in enumerate(args):
        if arg in skip:
            return None
        option, equals, value = arg.partition("=")
        if option in exclude:
            task = value if equals else (args[i + 1] if i + 1 < len(args) else "")
            left_out.add(task.rsplit(":", 1)[-1])
    return frozenset(left_out)


def picked_tests(command: str) -> str | None:
    """The part of the suite a test line picks by what it names (vocab/commands.yaml
    `test_filters`, `test_scripts`), as "only X": a project's test script of a part (`npm run
    test:unit`, not `test:ci`), what a test script is given (`npm test -- src/invoice`), or a
    runner's positional arguments (`jest src/invoice`, `rspec spec/models/user_spec.rb`), past
    any wrapper. None when it names no part, or only the folders of the whole suite."""
    c = _commands()
    for part in _SEPARATORS.split(_without_bodies(command)):
        tokens = _part_tokens(part)
        program, args = _program(tokens)
        if (program in c.managers or program in c.wrappers) and args:
            script = args[0]
            if not is_test_script_name(script):
                continue
            qualifier = script[len(c.script_name) + 1 :]
            if qualifier and qualifier not in c.whole_scripts:
                return f"only {script[:60]}"
            args = args[1:]  # what the script is given goes to the runner it runs
        elif program in c.filter_runners:
            args = args[1:] if args[:1] and args[0] in c.filter_subcommands else args
        else:
            continue
        at = 0
        while at < len(args):
            arg = args[at]
            at += 1
            if _REDIRECTION.match(arg):
                break  # `2>&1`, `> out.txt`: the shell's, not the runner's
            if arg.startswith("-"):
                at += 1 if arg in c.filter_valued else 0
                continue
            if arg.rstrip("/") not in c.filter_roots and arg not in c.filter_roots:
                return f"only {arg[:60]}"
    return None


# a redirection word: `>`, `>>`, `2>&1`, `2>/dev/null`, `<`, `&>`
_REDIRECTION = re.compile(r"^(?:\d*>|<|&>)")


def _acts_of(part: str) -> frozenset[str]:
    if len(part) > 2_000:
        return frozenset(_part_acts(part))  # not a long part (a heredoc) held in the cache
    return _acts_of_cached(part)


@lru_cache(maxsize=4096)  # a part recurs more often than its line: "cd /testbed", "ls -la"
def _acts_of_cached(part: str) -> frozenset[str]:
    return frozenset(_part_acts(part))


#: An option's value that turns it off: `--dry-run=false`, `kubectl apply --dry-run=none`.
_OFF_VALUES = frozenset({"none", "false", "0", "no", "off"})


def _no_op(args: list[str]) -> bool:
    """Does an option make the part only show what it would do (`--dry-run`,
    `--dry-run=client`; not `--dry-run=none` or `--dry-run=false`, which switch it off)?"""
    no_op = _commands().no_op_options
    for arg in args:
        if arg.startswith("-"):
            name, _, value = arg.partition("=")
            if name in no_op and value.casefold() not in _OFF_VALUES:
                return True
    return False


def _part_acts(part: str) -> set[str]:
    # a heredoc's mark needs its "<<": without one the part stays as it is
    tokens = _part_tokens(part)
    program, args = _program(tokens)
    start = _inner_start(tokens)
    acts: set[str] = set()
    # no ">" in the part: no token can be a redirection (most commands have none)
    if ">" in part and _writes_by_redirect(tokens):
        acts.add("saved")
    if not program or program == "cd":
        return acts
    if ">" in part or "<" in part:
        args = _without_redirections(args)  # `make 2>&1`: no target of make's
    if _no_op(args):
        return acts | {"retrieved"}  # `npm publish --dry-run`: it showed what it would do
    positional = [a for a in args if not a.startswith("-")]
    sub = positional[0] if positional else ""
    if (program in _BARE_SWE_AGENT_TOOLS and not args) or (
        program in _SWE_AGENT_TOOLS and program not in _BARE_SWE_AGENT_TOOLS and args
    ):
        acts.add(_SWE_AGENT_TOOLS[program])
    elif program == "str_replace_editor" and sub in EDITOR_COMMANDS:
        acts.add(EDITOR_COMMANDS[sub])
    elif (
        program in _TEST_RUNNERS
        or _is_test_script(tokens[start] if start < len(tokens) else "")
        or (program in _TEST_SUBCOMMAND and sub in ("test", "t", "verify"))
        or _runs_tests(program, args, positional)
    ):
        acts.add("tested")
        if _builds(program, positional):
            acts.add("built")  # `mvn package`, `./gradlew build`: compiled, then tested
    elif program in _SHELLS and (script := _inline_script(args)) is not None:
        acts |= command_acts(script)  # bash -lc 'pytest -q': what the inner line does
    elif _INTERPRETERS.match(program):
        if (
            (len(args) >= 2 and args[0] == "-m" and args[1] in ("pytest", "unittest", "tox"))
            or (program == "node" and "--test" in args)  # node's built-in runner
            or (sub and (_is_test_script(sub) or (sub.endswith("manage.py") and "test" in args)))
        ):
            acts.add("tested")
        else:
            acts.add("ran")  # a script or `-c` code: it may write anything
    elif program == "git":
        if sub in _GIT_REF_OPTIONS:
            acts.add(_git_ref_act(sub, args))
        elif sub in ("switch", "checkout") and _NEW_BRANCH & set(args[1:]):
            acts.add("created")  # git switch -c release/2.3, git checkout -b hotfix: a branch
        else:
            acts.add(_GIT.get(sub, "retrieved"))
    elif program in ("npm", "yarn", "pnpm") and sub == "version" and len(positional) > 1:
        # `npm version patch` writes the version and, in a git repository, commits and tags it
        # (not with --no-git-tag-version)
        acts.add("changed")
        if "--no-git-tag-version" not in args:
            acts.add("committed")
    elif (program, sub) in _DEPLOYERS:
        acts.add("deployed")
    elif (
        program in ("sed", "perl") and any(a.startswith("-i") or a == "-pi" for a in args)
    ) or program in ("patch",):
        acts.add("changed")
    elif program in ("mv", "cp", "mkdir", "touch", "tee", "install", "ln", "chmod"):
        acts.add("saved")
    elif program in ("rm", "rmdir", "unlink"):
        acts.add("deleted")
    elif program in ("curl", "wget", "http"):
        upper = " ".join(args)
        if re.search(r"-X\s*DELETE", upper):
            acts.add("deleted")
        elif re.search(r"-X\s*(?:POST|PUT|PATCH)|(?:^|\s)(?:-d|--data\S*|-F|--form)\b", upper):
            acts.add("changed")
        else:
            acts.add("retrieved")
    elif program in ("sendmail", "mail", "mutt"):
        acts.add("sent")
    elif program == "make" and any(t not in _MAKE_BUILDS for t in positional if "=" not in t):
        acts.add("ran")  # make release, make deploy: a Makefile target may do anything
    elif program in _BUILDERS or _builds(program, positional):
        acts.add("built")
    elif program in _READERS:
        acts.add("retrieved")
    elif sub == "test":
        acts.add("tested")  # a tool's own test subcommand: helm test web, dbt test
    elif _subcommand(positional) in _DELETE_SUBCOMMANDS:
        acts.add("deleted")  # kubectl -n jobs delete -f old/, helm uninstall web, gh release delete
    elif _READ_SUBCOMMANDS & set(positional[:3]) and not _WRITE_SUBCOMMANDS & set(positional[:3]):
        acts.add("retrieved")  # kubectl --context prod get pods, gh pr view 12
    else:
        acts.add("ran")
    return acts


# a whole line that hands one quoted script to a shell: `bash -lc 'mix test 2>&1 | tail'`
_SHELL_SCRIPT_LINE = re.compile(
    r"(?:\S*/)?(?:bash|sh|zsh|dash)\s+(?:-[a-zA-Z]+\s+)*-[a-zA-Z]*c[a-zA-Z]*\s+"
    r"(?:'(?P<single>[^']*)'|\"(?P<double>(?:[^\"\\]|\\.)*)\")\s*",
    re.S,
)


def _without_bodies(command: str) -> str:
    """The command line, stripped, with each heredoc's body and SWE-agent edit's text left out
    (their lines are a file's, not commands); a line that only hands a quoted script to a
    shell is that script, so its separators split it (`bash -lc 'pytest | tail'` would
    otherwise be cut inside the quotes)."""
    text = command.strip()
    if text[:1] in "/bdsz" and (whole := _SHELL_SCRIPT_LINE.fullmatch(text)) is not None:
        single, double = whole.group("single"), whole.group("double")
        inner = single if single is not None else re.sub(r"\\(.)", r"\1", double or "")
        return _without_bodies(inner)
    # each pattern needs its literal ("<<", "end_of_edit"): without it the text stays as it is
    if "<<" in text:
        text = _HEREDOC.sub(lambda m: m.group(0).split("\n", 1)[0] + "\n", text)
    if "end_of_edit" in text:
        text = _EDIT_BODY.sub(lambda m: m.group(1), text)
    return text


def command_parts(command: str) -> list[str]:
    """The parts of a command line between its separators (`&&`, `||`, `;`, `|`, a newline),
    unstripped."""
    return _SEPARATORS.split(command)


def runs_named(line: str, named: str) -> bool:
    """Does a command line run what a report names in code ("`cargo test` passes", "`TestX`
    passes")? Its words stand, one after another, in one part of the line (`cd app && cargo
    test --lib`; `go test -run TestX ./pkg/`), not inside another word (`pip install
    pytest-cov` does not run `pytest`)."""
    words = _tokens(named)
    if not words:
        return False
    n = len(words)
    for part in _SEPARATORS.split(_without_bodies(line)):
        tokens = _part_tokens(part)
        if any(tokens[i : i + n] == words for i in range(len(tokens) - n + 1)):
            return True
    return False


def runs_as_named(line: str, named: str) -> bool:
    """Does a part of the line run the named command as written, no word added or left out
    but its redirections (`cargo build --release 2>&1 | tail -5` runs `cargo build --release`;
    `cargo build --release --target wasm32-unknown-unknown` builds something else)?"""
    words = _tokens(named)
    if not words:
        return False
    for part in _SEPARATORS.split(_without_bodies(line)):
        if _without_redirections(_part_tokens(part)) == words:
            return True
    return False


_BARE_REDIRECTION = re.compile(r"^(?:\d*(?:>>?|<)|&>>?)$")


def _without_redirections(tokens: list[str]) -> list[str]:
    """The words of a part but its redirections (`2>&1`, `>out.log`, `> out.log`)."""
    out: list[str] = []
    skip = False
    for token in tokens:
        if skip:
            skip = False
        elif _BARE_REDIRECTION.match(token):
            skip = True  # the operator takes the next word as its file
        elif not _REDIRECTION.match(token):
            out.append(token)
    return out


@lru_cache(maxsize=4096)
def command_acts(command: str) -> frozenset[str]:
    """Every act a command line performs: {"changed", "tested"} for `sed -i ... && pytest`."""
    acts: set[str] = set()
    for part in _SEPARATORS.split(_without_bodies(command)):
        part = part.strip()
        if part:
            acts |= _acts_of(part)
    return frozenset(acts)


@lru_cache(maxsize=4096)
def command_verbs(command: str) -> frozenset[str]:
    """The words a command line names its acts by: each part's program and its first two
    words that are no option (`helm upgrade search ...` -> helm, upgrade, search), past any
    wrapper and into an inline script (`bash -lc 'helm upgrade ...'`)."""
    verbs: set[str] = set()
    for part in _SEPARATORS.split(_without_bodies(command)):
        tokens = _part_tokens(part)
        program, args = _program(tokens)
        if not program:
            continue
        if program in _SHELLS and (script := _inline_script(args)) is not None:
            verbs |= command_verbs(script)
            continue
        verbs.add(program)
        # two: an option's value may come first (`kubectl --context prod apply`)
        verbs.update([a for a in args if not a.startswith("-")][:2])
    return frozenset(verbs)


#: The acts that may change files a test or build run reads (engine/index.py `edits_files`).
_TREE_EDITS = frozenset({"changed", "saved", "deleted", "ran"})


@lru_cache(maxsize=4096)
def edits_working_tree(command: str) -> bool:
    """Could this command line change the files in the working tree? Any part that edits,
    writes, deletes or runs a script; not `git add`, which stages what is there (mini-swe-
    agent's `echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached`
    leaves the tests' last run as fresh as it was)."""
    for part in _SEPARATORS.split(_without_bodies(command)):
        part = part.strip()
        if not part or not _acts_of(part) & _TREE_EDITS:
            continue
        program, args = _program(_tokens(part))
        positional = [a for a in args if not a.startswith("-")]
        if program == "git" and positional[:1] == ["add"] and ">" not in part:
            continue
        return True
    return False


@lru_cache(maxsize=1024)
def exit_one_answers(command: str) -> tuple[str, bool] | None:
    """The program of a line's last part when its exit status 1 is an answer, not an error
    (`grep` matched no line, `diff` found the files differ, `git diff --exit-code` found
    changes: vocab/commands.yaml `answer_exits`), and whether other parts came before it;
    None for any other line. A line's exit status is its last part's, so under such a part a
    1 says nothing of how the parts before it went."""
    parts = [p for p in _SEPARATORS.split(_without_bodies(command)) if p.strip()]
    if not parts:
        return None
    program, args = _program(_tokens(parts[-1]))
    table = _commands()
    if program not in table.answer_programs:
        positional = tuple(a for a in args if not a.startswith("-"))
        options = table.answer_commands.get((program, *positional[:1]))
        if options is None or not options & set(args):
            return None
    return program, len(parts) > 1


# the last stage of a line, when a pipe feeds it: `tsc --noEmit 2>&1 | grep src/` -> "grep src/"
_LAST_STAGE = re.compile(r"(?<![|>])\|&?(?!\|)\s*([^|;&\n]*?)\s*$")  # `|`, and bash's `|&`


@lru_cache(maxsize=4096)
def piped_into(command: str) -> str | None:
    """The program a line's last stage runs when a pipe feeds that stage (`pytest | tail -3`
    -> tail), else None: the line's exit status is that program's, not what it was fed."""
    text = _without_bodies(command)
    program, args = _program(_tokens(text))
    if program in _SHELLS and (script := _inline_script(args)) is not None:
        return piped_into(script)  # bash -lc 'tsc | grep src/': the inner line
    m = _LAST_STAGE.search(text)
    if m is None:
        return None
    return _program(_tokens(m.group(1)))[0] or None


@lru_cache(maxsize=1024)
def ending_parts(command: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """The programs whose output a line may end with, each with what its part does: the stage
    a pipe feeds the last stage from (`make 2>&1 | tail -3` -> make; `javac A.java && java
    Main | tail -2` -> java: the filter's exit 0 says javac went through), else every part
    (`make && ./app`: the chain stops where a part fails, whose output is then the last)."""
    parts = [p.lstrip("&") for p in command_parts(_without_bodies(command)) if p.strip()]
    if len(parts) >= 2 and piped_into(command) is not None:
        parts = parts[-2:-1]
    out = []
    for part in parts:
        program = _program(_tokens(part))[0]
        if program:
            out.append((program, _acts_of(part)))
    return tuple(out)


@lru_cache(maxsize=256)  # a few sets of acts recur across every call of a run
def primary_act(acts: frozenset[str]) -> str | None:
    return next((a for a in RANK if a in acts), None)
