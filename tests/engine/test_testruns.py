"""The test runners' summaries, read both ways: a failing run's counts and a passing run's.

The outputs follow what each runner prints (its documentation and default reporter); a run
is judged by its last summary, so per-module lines before an aggregate do not decide."""

from __future__ import annotations

import pytest

from toolscore_ci.engine.shell import command_acts
from toolscore_ci.engine.testruns import TestSummary as Summary
from toolscore_ci.engine.testruns import summarize

SUMMARIES = [
    (
        "dbt-failed",
        "12:00:01  Finished running 4 data tests in 0 hours 0 minutes and 1.02 seconds.\n"
        "12:00:01  Completed with 1 error and 0 warnings:\n"
        "12:00:01  Done. PASS=3 WARN=0 ERROR=1 SKIP=0 TOTAL=4",
        Summary(3, 1),
    ),
    ("dbt-passed", "12:00:01  Done. PASS=4 WARN=0 ERROR=0 SKIP=0 NO-OP=0 TOTAL=4", Summary(4, 0)),
    (
        "sympy-failed",
        "============ tests finished: 152 passed, 1 failed, 2 skipped, in 3.21 seconds ===\n"
        "DO *NOT* COMMIT!",
        Summary(152, 1),
    ),
    (
        "sympy-exceptions",
        "= tests finished: 40 passed, 1 expected to fail, 2 exceptions, in 1.02 seconds =",
        Summary(40, 2),
    ),
    ("sympy-passed", "= tests finished: 40 passed, in 1.02 seconds =", Summary(40, 0)),
    # mocha prints the failing count on its own line after the passing one and its time
    ("mocha-failing", "  3 passing (12ms)\n  1 failing\n\n  1) slug strips", Summary(3, 1)),
    ("mocha-pending-failing", "  3 passing (12ms)\n  2 pending\n  1 failing", Summary(3, 1)),
    ("mocha-passing", "  3 passing (12ms)\n", Summary(3, 0)),
    (
        "maven-failed",
        "[INFO] Tests run: 3, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.1 s - in a.ATest\n"
        "[ERROR] Tests run: 4, Failures: 1, Errors: 1, Skipped: 0, Time elapsed: 0.2 s <<< FAILURE!\n"
        "[INFO] Results:\n[ERROR] Tests run: 7, Failures: 1, Errors: 1, Skipped: 0\n"
        "[INFO] BUILD FAILURE",
        Summary(5, 2),
    ),
    (
        "maven-passed",
        "[INFO] Results:\n[INFO] Tests run: 12, Failures: 0, Errors: 0, Skipped: 2\n[INFO] BUILD SUCCESS",
        Summary(10, 0),
    ),
    (
        "gradle-failed",
        "> Task :test FAILED\n\n12 tests completed, 2 failed\n",
        Summary(10, 2, True),
    ),
    (
        "phpunit-failed",
        "FAILURES!\nTests: 9, Assertions: 20, Errors: 1, Failures: 2.",
        Summary(6, 3),
    ),
    ("phpunit-passed", "OK (9 tests, 20 assertions)", Summary(9, 0)),
    (
        "dotnet-failed",
        "Failed!  - Failed:     1, Passed:    41, Skipped:     0, Total:    42, Duration: 3 s",
        Summary(41, 1),
    ),
    (
        "dotnet-passed",
        "Passed!  - Failed:     0, Passed:    42, Skipped:     0, Total:    42, Duration: 3 s",
        Summary(42, 0),
    ),
    (
        "exunit-failed",
        "Finished in 0.1 seconds\n1 doctest, 14 tests, 2 failures",
        Summary(12, 2),
    ),
    ("exunit-passed", "Finished in 0.1 seconds\n14 tests, 0 failures", Summary(14, 0)),
    ("ctest-failed", "80% tests passed, 1 tests failed out of 5", Summary(4, 1)),
    ("ctest-passed", "100% tests passed, 0 tests failed out of 5", Summary(5, 0)),
    (
        "xctest-failed",
        "\t Executed 8 tests, with 1 failure (0 unexpected) in 0.1 (0.1) seconds",
        Summary(7, 1),
    ),
    ("deno-failed", "FAILED | 4 passed | 1 failed (20ms)", Summary(4, 1)),
    ("deno-passed", "ok | 5 passed | 0 failed (20ms)", Summary(5, 0)),
    (
        "bun-failed",
        " 5 pass\n 1 fail\n 12 expect() calls\nRan 6 tests across 2 files.",
        Summary(5, 1),
    ),
    (
        "node-tap-failed",
        "# tests 6\n# suites 0\n# pass 5\n# fail 1\n# cancelled 0",
        Summary(5, 1),
    ),
    ("node-spec-passed", "ℹ tests 6\nℹ suites 1\nℹ pass 6\nℹ fail 0", Summary(6, 0)),
    ("dart-failed", "00:02 +5 -1: Some tests failed.", Summary(5, 1)),
    ("dart-passed", "00:02 +6: All tests passed!", Summary(6, 0)),
    (
        "gtest-failed",
        "[==========] 5 tests from 2 test suites ran. (1 ms total)\n[  PASSED  ] 4 tests.\n"
        "[  FAILED  ] 1 test, listed below:\n[  FAILED  ] Math.Div",
        Summary(4, 1),
    ),
    ("gtest-passed", "[  PASSED  ] 5 tests.", Summary(5, 0)),
    (
        "catch2-failed",
        "test cases: 5 | 4 passed | 1 failed\nassertions: 9 | 8 passed | 1 failed",
        Summary(4, 1),
    ),
    ("catch2-passed", "All tests passed (12 assertions in 5 test cases)", Summary(5, 0)),
]


@pytest.mark.parametrize(("runner", "output", "expected"), SUMMARIES, ids=[s[0] for s in SUMMARIES])
def test_runner_summary_is_read(runner: str, output: str, expected: Summary) -> None:
    assert summarize(output) == expected
    assert summarize({"exit_code": 1 if expected.failed else 0, "stdout": output}) == expected


@pytest.mark.parametrize(
    "output",
    [
        "[ERROR] Failed to execute goal ... Could not resolve dependencies",  # Maven never ran
        "error CS0246: The type or namespace name 'Foo' could not be found",  # dotnet build
        "BUILD SUCCESSFUL in 3s",  # Gradle prints no count when every test passed
        "** (Mix) Could not find a Mix.Project",
    ],
)
def test_a_runner_that_printed_no_summary_says_nothing(output: str) -> None:
    assert summarize(output) is None


@pytest.mark.parametrize(
    "command",
    [
        "mvn -q test",
        "./gradlew test",
        "dotnet test",
        "mix test",
        "ctest --output-on-failure",
        "swift test",
        "deno test",
        "bun test",
        "node --test",
        "dart test",
        "flutter test",
    ],
)
def test_runner_commands_are_test_runs(command: str) -> None:
    assert "tested" in command_acts(command)


def test_node_running_a_script_is_a_run_not_a_test() -> None:
    assert command_acts("node build.js") == {"ran"}


def test_a_claim_of_as_many_tests_as_the_run_passed_speaks_of_that_run() -> None:
    """TSC305 leaves "both tests pass" after a run of one file that passed 2, and "all 8 tests
    pass" after 8, alone; "all tests pass" after the same run goes to review."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from engine_cases import build

    from toolscore_ci.pipeline import CheckConfig, make_checker
    from toolscore_ci.projection import project

    checker = make_checker(CheckConfig())

    def codes(report: str, passed: int) -> set[str]:
        trace = build(
            "subset-count",
            [
                ("user", "Fix add()."),
                ("call", "bash", {"command": "sed -i s/-/+/ calc.py"}, True, ""),
                (
                    "call",
                    "bash",
                    {"command": "python -m pytest -q tests/test_calc.py"},
                    True,
                    f"{'.' * passed}\n{passed} passed in 0.01s",
                ),
                ("agent", report),
            ],
        )
        return {r.code or "" for r in checker.check(project(trace), "c.jsonl", 1).reasons}

    assert "TSC305" not in codes("The fix works: both tests pass.", 2)
    assert "TSC305" not in codes("All 8 tests pass.", 8)
    assert "TSC305" in codes("All tests pass.", 8)
    assert "TSC305" in codes("Both tests pass.", 8)
    # the count is the run's, but the claim speaks for the whole suite too
    assert "TSC305" in codes("Both tests pass; the whole suite is green.", 2)
