"""A command no exit code speaks for (a terminal pane's) failed when the shell's prompt came
back right after a line a program prints when it fails: both ways, at the level of one call's
status and of a whole Terminus run."""

from __future__ import annotations

import pytest

from toolscore_ci.engine.status import judge
from toolscore_ci.model import Step
from toolscore_ci.shell_prompt import after_prompt, is_bare_prompt

PROMPT = "root@6f2b0e8c4d13:/app# "


def _status(command: str, output: str, category: str = "built", ok: bool | None = None) -> str:
    call = Step(i=0, kind="tool_call", role="agent", name="terminal", args={"command": command})
    result = Step(i=1, kind="tool_result", role="tool", name="terminal", ok=ok, output=output)
    return judge(result, category, is_read=False, call=call).status


@pytest.mark.parametrize(
    ("command", "output"),
    [
        (
            "make",
            "cc -c main.c\nmain.c:34:9: error: too few arguments\n"
            "make: *** [Makefile:12: main.o] Error 1\n",
        ),
        (
            "cargo build",
            "   Compiling imgr v0.1.0\nerror: could not compile `imgr` due to 2 previous errors\n",
        ),
        (
            "make",
            'Traceback (most recent call last):\n  File "train.py", line 3\n'
            "ModuleNotFoundError: No module named torch\n",
        ),
        (
            "git push origin main",
            " ! [rejected]  main -> main (fetch first)\nerror: failed to push some refs to 'origin'\n"
            "hint: Updates were rejected because the remote contains work\n",
        ),
        (
            "fly deploy",
            "ERROR: No matching distribution found for tensorflow==2.9.0\n\n"
            "[notice] A new release of pip is available: 23.0 -> 24.0\n",
        ),
    ],
)
def test_a_failure_line_just_before_the_prompt_is_a_failed_command(
    command: str, output: str
) -> None:
    """Each program read by its own last words (vocab/last_lines.yaml)."""
    assert _status(command, output + PROMPT) == "failed"


@pytest.mark.parametrize(
    ("output", "why"),
    [
        # the command may still be running: no prompt came back
        ("make: *** [Makefile:12: main.o] Error 1\n", "no prompt"),
        # it logged an error and went on
        ("cc -c a.c\nERROR: cache miss for a.o\nbuilt imgr\n" + PROMPT, "went on"),
        ("main.c:3:1: warning: unused variable 'x'\n" + PROMPT, "a warning"),
        ("cc -c main.c\ncc -o imgr main.o\n" + PROMPT, "no failure line"),
    ],
)
def test_a_command_that_may_have_gone_on_is_no_failure(output: str, why: str) -> None:
    assert _status("make", output) == "succeeded", why


def test_an_exit_code_speaks_before_the_last_line() -> None:
    output = "make: *** [Makefile:12: main.o] Error 1\n" + PROMPT
    assert _status("make -k || true", output, ok=True) == "succeeded"


def test_a_test_run_is_left_to_its_runners_summary() -> None:
    # pytest stopped on a usage error: no test ran, which is no failed test run
    output = "no tests ran in 0.01s\nERROR: file or directory not found: tests/test_x.py\n" + PROMPT
    assert _status("pytest tests/test_x.py", output, category="tested") == "succeeded"


def test_a_read_that_prints_a_failure_line_is_data() -> None:
    call = Step(
        i=0, kind="tool_call", role="agent", name="terminal", args={"command": "tail -1 build.log"}
    )
    output = "make: *** [Makefile:12: main.o] Error 1\n" + PROMPT
    result = Step(i=1, kind="tool_result", role="tool", name="terminal", output=output)
    assert judge(result, "retrieved", is_read=True, call=call).status == "succeeded"


@pytest.mark.parametrize(
    ("line", "typed"),
    [
        ("root@4f2a:/app# ", ""),
        ("(venv) dev@box:~/proj$ make", "make"),
        ("$ cargo test", None),  # a saved log's line, no prompt
        ("+ git push", None),
    ],
)
def test_the_prompt(line: str, typed: str | None) -> None:
    assert after_prompt(line) == typed
    assert is_bare_prompt(line) is (typed == "")


@pytest.mark.parametrize(
    ("output", "status"),
    [
        ("FAILED tests/test_a.py::test_x\n[Command finished with exit code 1]", "failed"),
        (
            "Traceback (most recent call last):\n...\n[The command completed with exit code 2.]",
            "failed",
        ),
        ("3 passed in 0.4s\n[Command finished with exit code 0]", "succeeded"),
        ("ok\n[The command completed with exit code 0.]\n", "succeeded"),
        # quoted in the middle of what a command printed: not its closing line
        ("[Command finished with exit code 1]\nall good\n", "succeeded"),
    ],
)
def test_openhands_closing_line_gives_the_exit_code(output: str, status: str) -> None:
    """OpenHands closes a command's output with its exit code; its LLM completion logs, read
    as OpenAI chat, carry no other (found on real SWE-bench Verified runs)."""
    assert _status("python -m pytest tests/test_a.py", output, category="ran") == status


@pytest.mark.parametrize(
    "last",
    [
        "src/util.c:42:5: note: 'snprintf' output between 1 and 256 bytes",
        "src/hal.c:12:9: style: The scope of the variable 'i' can be reduced.",
        "src/a.c:3:1: warning: unused variable 'x'",
    ],
)
def test_a_compilers_note_or_a_linters_finding_is_no_failure_line(last: str) -> None:
    """readers25 h15, h17: builds that went through, whose last line was a note."""
    assert _status("make", f"cc -c src/a.c\n{last}\n{PROMPT}") == "succeeded"


@pytest.mark.parametrize(
    ("command", "output", "status"),
    [
        # a pipe's exit status is its last stage's: tail, tee, head pass the build's lines on
        ("make 2>&1 | tail -5", "make: *** [Makefile:18: tls.o] Error 1", "failed"),
        ("make 2>&1 | tee build.log", "cc -c a.c\nmake: *** [all] Error 2", "failed"),
        (
            "cargo build 2>&1 | head -20",
            "error: could not compile `ingest` due to 1 previous error",
            "failed",
        ),
        (
            "npm run build 2>&1 | tail -3",
            "webpack 5.91.0 compiled with 1 error in 7904 ms",
            "failed",
        ),
        # ... their honest twins
        ("make 2>&1 | tail -5", "cc -o app main.o\nbuilt app", "succeeded"),
        (
            "npm run build 2>&1 | tail -3",
            "webpack 5.91.0 compiled successfully in 7904 ms",
            "succeeded",
        ),
        # not a pass-through: grep's status is its own, read elsewhere
        ("make 2>&1 | wc -l", "make: *** [all] Error 2", "succeeded"),
    ],
)
def test_a_line_piped_into_a_pass_through_filter_answers_by_its_last_line(
    command: str, output: str, status: str
) -> None:
    closing = "\n[Python Interpreter: /usr/bin/python]\nroot@openhands-runtime:/repo # \n"
    for shown in (output + closing + "[Command finished with exit code 0]", output):
        ok = True if shown is output else None
        assert _status(command, shown, ok=ok) == status, shown


def test_a_redirection_is_no_target_of_make() -> None:
    from toolscore_ci.engine.shell import command_acts

    assert "built" in command_acts("make 2>&1")
    assert "built" in command_acts("make 2>&1 | tee build.log")
    assert "built" not in command_acts("make install > /dev/null")


@pytest.mark.parametrize(
    "last",
    [
        "Error count: 0",
        "Error rate: 0.00% (0/1843)",
        "Error catalog: 42 codes written to build/errors.json",
        "error.email=Enter a valid email address",
        "| ERROR   |     0 |",
        "Found 3 errors (3 fixed, 0 remaining).",
        "src/app/models.py:12:1: F401 'os' imported but unused",
        "BrokenPipeError: [Errno 32] Broken pipe",
    ],
)
def test_a_last_line_that_only_names_errors_is_no_failure(last: str) -> None:
    """readers26: successful lines whose last printed line opens with an error word."""
    assert _status("make 2>&1 | tail -3", f"done\n{last}", ok=True) == "succeeded"
    assert _status("make", f"done\n{last}\n{PROMPT}") == "succeeded"


@pytest.mark.parametrize(
    "last",
    [
        "error: 8.29e-15",
        "error: does-not-exist.csv: No such file or directory",
        "E: -74.96 Hartree",
    ],
)
def test_a_scripts_or_a_writers_last_line_is_its_data(last: str) -> None:
    """readers27: what a script prints last, or a golden file `tee` echoes, is data."""
    printed = f"result = 0.746824\n{last}"
    assert _status("python integrate.py | tee answer.txt", printed, ok=True) == "succeeded"
    assert (
        _status("python integrate.py > a.txt && cat a.txt", f"{printed}\n{PROMPT}") == "succeeded"
    )


def test_a_pipes_exit_code_zero_confirms_nothing_of_what_it_fed() -> None:
    """readers26 l13: `apt-get install x | tail -2` exits with tail's 0."""
    call = Step(
        i=0,
        kind="tool_call",
        role="agent",
        name="bash",
        args={"command": "apt-get install -y jq | tail -2"},
    )
    result = Step(
        i=1,
        kind="tool_result",
        role="tool",
        name="bash",
        output={"stdout": "E: Unable to locate package jq", "exit_code": 0},
    )
    found = judge(result, "created", is_read=False, call=call)
    assert found.status == "succeeded" and not found.confirmed
    bare = Step(
        i=0, kind="tool_call", role="agent", name="bash", args={"command": "apt-get install -y jq"}
    )
    assert judge(result, "created", is_read=False, call=bare).confirmed


def test_rusts_bracketed_error_code_is_a_failure_line() -> None:
    output = "error[E0308]: mismatched types\n"
    assert _status("cargo build 2>&1 | tail -1", output, ok=True) == "failed"
