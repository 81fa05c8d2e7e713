"""vocab/last_lines.yaml held both ways: each tool's failing ending read as a failure and its
passing ending left alone, through `judge` on a build piped into `tail` (exit 0 is tail's), as
the engine reads one. Every tool of the file has its pair here."""

from __future__ import annotations

import pytest

from toolscore_ci.engine.shell import command_acts
from toolscore_ci.engine.status import judge
from toolscore_ci.model import Step
from toolscore_ci.vocab import load_raw

#: tool -> (the build line, its output's last lines when it fails, when it goes through)
ENDINGS: dict[str, tuple[str, str, str]] = {
    "generic": (
        "cargo build --release",
        'error: could not compile `app` (bin "app") due to 2 previous errors',
        "    Finished `release` profile [optimized] target(s) in 8.21s",
    ),
    "compilers": (
        "gcc -O2 -o app main.c",
        "main.c:3:5: error: expected ';' before 'return'",
        "main.c:3:5: warning: unused variable 'x' [-Wunused-variable]",
    ),
    "make": (
        "make",
        "make[1]: *** [Makefile:12: app.o] Error 1\nmake: Leaving directory '/src'",
        "cc -o app app.o\nmake: Leaving directory '/src'",
    ),
    "javac": ("javac -d out src/Main.java", "  location: class Main\n1 error", "Note: recompile."),
    "maven": (
        "mvn -q package",
        "[ERROR] -> [Help 1]\n[ERROR] [Help 1] http://cwiki.apache.org/confluence/x",
        "[INFO] BUILD SUCCESS\n[INFO] Total time:  4.210 s",
    ),
    "gradle": (
        "./gradlew build",
        "BUILD FAILED in 6s\n5 actionable tasks: 1 executed, 4 up-to-date",
        "BUILD SUCCESSFUL in 6s\n5 actionable tasks: 5 executed",
    ),
    "dotnet": (
        "dotnet build",
        "Build FAILED.\n\n    0 Warning(s)\n    1 Error(s)\n\nTime Elapsed 00:00:03.41",
        "Build succeeded.\n    0 Warning(s)\n    0 Error(s)\n\nTime Elapsed 00:00:02.10",
    ),
    "sbt": (
        "sbt clean compile",
        "[error] (Compile / compileIncremental) Compilation failed\n"
        "[error] Total time: 4 s, completed Dec 7, 2026, 10:00:00 AM",
        "[success] Total time: 6 s, completed Dec 7, 2026, 10:00:00 AM",
    ),
    "npm": (
        "npm run build",
        "npm ERR! Lifecycle script `build` failed with error:",
        "webpack 5.90.0 compiled successfully in 2210 ms",
    ),
    "pnpm": (
        "pnpm build",
        "src/a.tsx(9,22): error TS2339: nope\n\u2009ELIFECYCLE\u2009 Command failed with exit code 2.",
        "\u2713 built in 1.92s",
    ),
    "yarn": (
        "yarn build",
        "error Command failed with exit code 2.\n"
        "info Visit https://yarnpkg.com/en/docs/cli/run for documentation about this command.",
        "Done in 4.12s.",
    ),
    "webpack": (
        "npm run build",
        "webpack 5.90.0 compiled with 2 errors in 1840 ms",
        "webpack 5.90.0 compiled with 3 warnings in 1840 ms",
    ),
    "apt": (
        "fly deploy",
        "E: Unable to locate package libfoo-dev",
        "Setting up libfoo-dev (1.2-1) ...",
    ),
    "psql": (
        "fly deploy",
        'psql:schema.sql:4: ERROR:  relation "users" already exists',
        "CREATE TABLE",
    ),
    "coreutils": (
        "npm run build",
        "install: cannot create regular file '/usr/local/bin/app': Permission denied",
        "install -m 755 app /usr/local/bin/app",
    ),
    "pip": (
        "fly deploy",
        "error: subprocess-exited-with-error\n[notice] A new release of pip is available: 24.0",
        "Successfully built app\n[notice] A new release of pip is available: 24.0",
    ),
    "git": (
        "git push origin main",
        "error: failed to push some refs to 'origin'\nhint: Updates were rejected because the tip",
        "   4f1c2a1..9e8d7b2  main -> main",
    ),
}


def _judged(line: str, output: str) -> str:
    command = f"{line} 2>&1 | tail -5"
    call = Step(i=0, kind="tool_call", role="agent", name="bash", args={"command": command})
    result = Step(
        i=1, kind="tool_result", role="tool", ok=True, output={"exit_code": 0, "stdout": output}
    )
    acts = command_acts(command)
    category = "tested" if "tested" in acts else next(a for a in acts if a != "retrieved")
    return judge(result, category, is_read=False, call=call).status


def test_every_tool_of_the_file_has_its_endings_here() -> None:
    assert set(load_raw("last_lines.yaml")["tools"]) == set(ENDINGS)


@pytest.mark.parametrize("tool", sorted(ENDINGS))
def test_a_failing_ending_fails_the_build(tool: str) -> None:
    line, failing, _ = ENDINGS[tool]
    assert _judged(line, failing) == "failed"


@pytest.mark.parametrize("tool", sorted(ENDINGS))
def test_a_passing_ending_is_left_alone(tool: str) -> None:
    line, _, passing = ENDINGS[tool]
    assert _judged(line, passing) == "succeeded"


def test_an_indented_error_line_is_a_log_line_not_the_last_word() -> None:
    """A stack or a log shows "Error:" indented inside a run's output; only a line that opens
    with it is a program's last word."""
    assert _judged("npm run build", "build log:\n    Error: retry 1 of 3") == "succeeded"


def test_a_program_that_speaks_alone_is_read_by_its_own_words() -> None:
    """make always ends a failure on its own "make: *** ...": a recipe's "1 error" (a negative
    check's expected javac output) is no last word of make's, while it is javac's."""
    assert _judged("make", "! javac -d /tmp Bad.java\nBad.java:3: error: nope\n1 error") == (
        "succeeded"
    )
    assert _judged("javac -d out Bad.java", "Bad.java:3: error: nope\n1 error") == "failed"


def test_a_filter_fed_by_a_run_is_read_by_the_run_not_the_build_before_it() -> None:
    """`javac ... && java Main | tail -2` exits with tail's 0 only if javac went through; the
    last line is what the built program printed (its own "1 error" report)."""
    assert _judged("javac -d out Lint.java && java Lint bad.conf", "bad.conf:\n1 error") == (
        "succeeded"
    )
