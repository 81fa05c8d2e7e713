"""What a test runner's output says: how many tests passed and failed, or that none ran.

Read from the summary lines runners print (pytest, unittest and Django, go test, jest,
vitest, cargo, mocha, rspec; Maven Surefire, Gradle, PHPUnit, dotnet test, ExUnit, CTest,
XCTest, Deno, bun, node:test, Dart, GoogleTest, Catch2); an output with no summary says
nothing, whatever its exit code: a missing module or a usage error is not a failed test. One
exception: pytest killed before its summary (a `timeout`) had already marked a failure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from toolscore_ci.engine.shell import picked_tests
from toolscore_ci.engine.text import output_text

if TYPE_CHECKING:  # index.py imports status.py, which imports this module
    from toolscore_ci.engine.index import Execution

_COUNT = r"(\d+)\s+"
# "==== 2 failed, 10 passed in 1.2s ====", or without the rules under -q; a run that ran no
# test prints only its warnings ("=== 7 warnings in 0.00s ===")
_PYTEST_TAIL = re.compile(
    r"^(?:=+ )?(?P<body>(?:\d+ (?:passed|failed|errors?|skipped|xfailed|xpassed|deselected|"
    r"warnings?|rerun)|no tests ran)(?:, \d+ \w+)*) in [\d.]+s\b",
    re.M,
)
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_UNITTEST_RAN = re.compile(r"^Ran (\d+) tests? in ", re.M)
_UNITTEST_FAILED = re.compile(r"^FAILED \((?P<body>[^)]*)\)", re.M)
_UNITTEST_OK = re.compile(r"^OK(?: \([^)]*\))?\s*$", re.M)
_GO_FAIL = re.compile(r"^(?:--- FAIL:|FAIL\s+\S+)", re.M)
_GO_OK = re.compile(r"^ok\s+[^\s|]+\s", re.M)  # "ok  \tpkg\t0.1s", not deno's "ok | 5 passed"
# a package whose `-run` pattern matched no test: "ok  \tpkg\t0.003s [no tests to run]"
_GO_NONE_RUN = re.compile(r"^ok\s+[^\s|]+\s.*\[no tests to run\]", re.M)
_JEST = re.compile(r"^Tests:\s+(?P<body>.*\btotal\b)", re.M)
# vitest: "      Tests  1 failed | 11 passed (12)", after its "Test Files" line
_VITEST = re.compile(
    r"^\s*Tests\s{2,}(?P<body>\d+ (?:failed|passed|skipped|todo)(?: \| \d+ \w+)*) \(\d+\)",
    re.M,
)
_CARGO = re.compile(r"^test result: (?:ok|FAILED)\. (\d+) passed; (\d+) failed", re.M)
# "  3 passing (12ms)", then "  1 pending" and "  1 failing" on lines of their own
_MOCHA = re.compile(
    r"^\s*(\d+) passing\b[^\n]*(?:\n\s*\d+ pending\b[^\n]*)?(?:\n\s*(\d+) failing\b)?", re.M
)
# dbt test / dbt build: "Done. PASS=3 WARN=0 ERROR=1 SKIP=0 TOTAL=4" (a failing test counts
# under ERROR, or FAIL where the version prints it)
_DBT = re.compile(r"^\s*(?:\S+\s+)?Done\. PASS=(\d+)(?P<body>(?: [A-Z-]+=\d+)*)", re.M)
# SymPy's bin/test: "tests finished: 152 passed, 1 failed, 2 skipped, in 3.21 seconds"
_SYMPY = re.compile(r"tests finished: (?P<body>(?:\d+ [\w ]+?, )*)in [\d.]+ seconds", re.M)
_RSPEC = re.compile(r"^(\d+) examples?, (\d+) failures?", re.M)
# Maven Surefire: a line a test class, then the run's total, last
_SUREFIRE = re.compile(
    r"Tests run: (\d+), Failures: (\d+), Errors: (\d+)(?:, Skipped: (\d+))?", re.M
)
_GRADLE = re.compile(r"^(\d+) tests? completed, (\d+) failed", re.M)  # printed on failure only
_PHPUNIT_BAD = re.compile(r"^Tests: (\d+), Assertions: \d+(?P<body>(?:, \w+: \d+)*)\.", re.M)
_PHPUNIT_OK = re.compile(r"^OK \((\d+) tests?, \d+ assertions?\)", re.M)
# dotnet test: "Failed!  - Failed:     1, Passed:     4, Skipped:     0, Total:     5"
_DOTNET = re.compile(r"^(?:Passed|Failed)!\s+- Failed:\s+(\d+), Passed:\s+(\d+)", re.M)
# ExUnit: "1 doctest, 5 tests, 1 failure"
_EXUNIT = re.compile(
    r"^(?:\d+ doctests?, )?(?:\d+ propert(?:y|ies), )?(\d+) tests?, (\d+) failures?", re.M
)
_CTEST = re.compile(r"^\d+% tests passed, (\d+) tests? failed out of (\d+)", re.M)
_XCTEST = re.compile(r"^\s*Executed (\d+) tests?, with (\d+) failures?", re.M)
_DENO = re.compile(r"^(?:ok|FAILED) \| (\d+) passed(?: \([^)]*\))? \| (\d+) failed", re.M)
# bun test: " 5 pass" / " 1 fail" lines, then "Ran 6 tests across 2 files."
_BUN = re.compile(r"^\s*(\d+) pass\s*\n\s*(\d+) fail\s*$", re.M)
# node --test (TAP or the spec reporter): "# pass 5" / "ℹ pass 5", then "fail"
_NODE = re.compile(r"^(?:#|ℹ) pass (\d+)\s*\n(?:#|ℹ) fail (\d+)", re.M)
# dart test: "00:02 +5 -1: Some tests failed." / "00:02 +5: All tests passed!"
_DART = re.compile(
    r"^\d+:\d+ \+(\d+)(?: ~\d+)?(?: -(\d+))?: (?:All tests passed!|Some tests failed\.)", re.M
)
# GoogleTest: "[  PASSED  ] 4 tests." and, when some failed, "[  FAILED  ] 1 test, listed below:"
_GTEST_PASSED = re.compile(r"^\[  PASSED  \] (\d+) tests?\.", re.M)
_GTEST_FAILED = re.compile(r"^\[  FAILED  \] (\d+) tests?, listed below", re.M)
# Catch2: "test cases: 5 | 4 passed | 1 failed" / "All tests passed (12 assertions in 5 test cases)"
_CATCH2_BAD = re.compile(r"^test cases:\s+(\d+) \|\s+(\d+) passed \|\s+(\d+) failed", re.M)
_CATCH2_OK = re.compile(r"^All tests passed \(\d+ assertions? in (\d+) test cases?\)", re.M)
# pytest's progress lines, which a run killed before its summary (`timeout 60 pytest`, a
# harness's time limit) leaves behind: "tests/test_api.py ..F.  [ 40%]", or under -q
# "..F..  [ 40%]" (the percentage required there: a bare row of dots and letters is no proof)
_PYTEST_PROGRESS = re.compile(
    r"^(?:\S+\.py(?:::\S+)? +(?P<marks>[.FEsxX]+) *(?:\[ *\d{1,3}%\])?"
    r"|(?P<quiet>[.FEsxX]+) +\[ *\d{1,3}%\]) *$",
    re.M,
)
# Bazel's closing line: "Executed 14 out of 14 tests: 13 tests pass and 1 fails locally."
# (also "14 tests pass." alone; counts of targets, which are what it runs)
_BAZEL = re.compile(
    r"^Executed \d+ out of \d+ tests?: (?:(\d+) tests? pass(?:es)?)?(?:(?: and )?(\d+) fails?)?",
    re.M,
)
_NONE_RAN = re.compile(
    r"\bno tests ran\b|\bcollected 0 items\b|^Ran 0 tests\b|\bNo tests found\b", re.M | re.I
)


@dataclass(frozen=True, slots=True)
class TestSummary:
    passed: int
    failed: int
    #: the runner prints its count only when tests fail (Gradle): a rerun that went through
    #: without one passed
    quiet_when_passing: bool = False

    @property
    def ran_none(self) -> bool:
        return self.passed == 0 and self.failed == 0


def _num(body: str, word: str) -> int:
    m = re.search(_COUNT + word, body)
    return int(m.group(1)) if m else 0


#: Outputs up to this long are remembered by `summarize`: a run's output is read again for
#: every claim after it (and by the classifier), and a dozen runners' patterns read all of it.
_CACHED_OUTPUT_CHARS = 16_384


def summarize(output: Any) -> TestSummary | None:
    """The last summary a runner printed in this output, or None when there is none."""
    text = output_text(output)
    if not text:
        return None
    if len(text) <= _CACHED_OUTPUT_CHARS:
        return _summarized(text)
    return _summary_of(text)


@lru_cache(maxsize=256)
def _summarized(text: str) -> TestSummary | None:
    return _summary_of(text)


def _summary_of(text: str) -> TestSummary | None:
    if "\x1b[" in text:
        text = _ANSI.sub("", text)
    tail = list(_PYTEST_TAIL.finditer(text))
    if tail:
        body = tail[-1].group("body")
        failed = _num(body, "failed") + _num(body, "errors?")
        return TestSummary(_num(body, "passed"), failed)
    ran = list(_UNITTEST_RAN.finditer(text))
    if ran:
        total = int(ran[-1].group(1))
        bad = list(_UNITTEST_FAILED.finditer(text, ran[-1].end()))
        if bad:
            body = bad[-1].group("body")
            failed = sum(int(n) for n in re.findall(r"(?:failures|errors)=(\d+)", body))
            return TestSummary(max(total - failed, 0), failed)
        if _UNITTEST_OK.search(text, ran[-1].end()):
            return TestSummary(total, 0)
    dbt = list(_DBT.finditer(text))
    if dbt:
        body = dbt[-1].group("body")
        bad = sum(int(n) for n in re.findall(r"\b(?:ERROR|FAIL)=(\d+)", body))
        return TestSummary(int(dbt[-1].group(1)), bad)
    sympy = list(_SYMPY.finditer(text))
    if sympy:
        body = sympy[-1].group("body")
        return TestSummary(_num(body, "passed"), _num(body, "failed") + _num(body, "exceptions?"))
    jest = list(_JEST.finditer(text))
    if jest:
        body = jest[-1].group("body")
        return TestSummary(_num(body, "passed"), _num(body, "failed"))
    vitest = list(_VITEST.finditer(text))
    if vitest:
        body = vitest[-1].group("body")
        return TestSummary(_num(body, "passed"), _num(body, "failed"))
    cargo = list(_CARGO.finditer(text))
    if cargo:
        return TestSummary(sum(int(m.group(1)) for m in cargo), sum(int(m.group(2)) for m in cargo))
    rspec = list(_RSPEC.finditer(text))
    if rspec:
        total, failed = int(rspec[-1].group(1)), int(rspec[-1].group(2))
        return TestSummary(total - failed, failed)
    if _GO_FAIL.search(text) or _GO_OK.search(text):
        # a package that ran no test passed none (`go test -run TestX` naming no test there)
        ran = len(_GO_OK.findall(text)) - len(_GO_NONE_RUN.findall(text))
        return TestSummary(ran, len(_GO_FAIL.findall(text)))
    mocha = list(_MOCHA.finditer(text))
    if mocha:
        m = mocha[-1]
        return TestSummary(int(m.group(1)), int(m.group(2) or 0))
    return _other_runners(text)


def _other_runners(text: str) -> TestSummary | None:
    """The summaries of runners outside Python and JavaScript's usual ones, each the last one
    printed (an aggregate follows the per-module lines)."""
    if m := _last(_SUREFIRE, text):
        failed = int(m.group(2)) + int(m.group(3))
        return TestSummary(int(m.group(1)) - failed - int(m.group(4) or 0), failed)
    if m := _last(_GRADLE, text):
        return TestSummary(int(m.group(1)) - int(m.group(2)), int(m.group(2)), True)
    if m := _last(_PHPUNIT_BAD, text):
        body = m.group("body")
        failed = sum(int(n) for n in re.findall(r"(?:Failures|Errors): (\d+)", body))
        return TestSummary(max(int(m.group(1)) - failed, 0), failed)
    if m := _last(_PHPUNIT_OK, text):
        return TestSummary(int(m.group(1)), 0)
    if m := _last(_DOTNET, text):
        return TestSummary(int(m.group(2)), int(m.group(1)))
    if m := _last(_EXUNIT, text):
        return TestSummary(int(m.group(1)) - int(m.group(2)), int(m.group(2)))
    if m := _last(_CTEST, text):
        return TestSummary(int(m.group(2)) - int(m.group(1)), int(m.group(1)))
    if m := _last(_XCTEST, text):
        return TestSummary(int(m.group(1)) - int(m.group(2)), int(m.group(2)))
    for pattern in (_DENO, _BUN, _NODE):
        if m := _last(pattern, text):
            return TestSummary(int(m.group(1)), int(m.group(2)))
    if m := _last(_BAZEL, text):
        return TestSummary(int(m.group(1) or 0), int(m.group(2) or 0))
    if m := _last(_DART, text):
        return TestSummary(int(m.group(1)), int(m.group(2) or 0))
    if m := _last(_GTEST_PASSED, text):
        bad = _last(_GTEST_FAILED, text)
        return TestSummary(int(m.group(1)), int(bad.group(1)) if bad else 0)
    if m := _last(_CATCH2_BAD, text):
        return TestSummary(int(m.group(2)), int(m.group(3)))
    if m := _last(_CATCH2_OK, text):
        return TestSummary(int(m.group(1)), 0)
    if killed := _progress_only(text):
        return killed
    if _NONE_RAN.search(text):
        return TestSummary(0, 0)
    return None


def _progress_only(text: str) -> TestSummary | None:
    """A pytest run that printed progress but no summary (killed first): a failure it had
    already marked (F, E) is a failed run; a run that marked none says nothing, since the
    tests it never reached may fail."""
    marks = "".join(m.group("marks") or m.group("quiet") for m in _PYTEST_PROGRESS.finditer(text))
    failed = marks.count("F") + marks.count("E")
    return TestSummary(marks.count("."), failed) if failed else None


def _last(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    matches = list(pattern.finditer(text))
    return matches[-1] if matches else None


def summarized_runs(executions: Iterable[Execution]) -> list[tuple[Execution, TestSummary]]:
    """The test runs among these calls that printed a runner's summary, in order, each with it:
    what the test checks and the classifier's run-end features both read."""
    runs = []
    for e in executions:
        if "tested" in e.acts and e.status != "no_result":
            summary = summarize(e.output)
            if summary is not None:
                runs.append((e, summary))
    return runs


def edited_since(executions: Iterable[Execution], run: Execution) -> bool:
    """Did any of these calls edit files after the test run `run` (its result is stale)?"""
    return any(
        e.position > run.position and e.edits_files and "tested" not in e.acts for e in executions
    )


_DESELECTED = re.compile(r"\b(\d+) deselected\b")
# runner options that pick tests by name: pytest -k, go -run, jest -t, mocha --grep, ...
_SELECTORS = frozenset(
    {"-k", "-run", "-t", "--testNamePattern", "--grep", "-g", "--filter", "--tests", "-Dtest"}
    # jest's and vitest's path pattern and shard, RSpec's example by name
    | {"--testPathPattern", "--shard", "--example"}
)
#: Options that only force a run or say more about it: a rerun with them runs what the first
#: run did (Gradle's `--rerun-tasks`, `--info`; not `-x`, `--tests`, `--dry-run`).
RERUN_OPTIONS = frozenset(
    {
        "--rerun",
        "--rerun-tasks",
        "--no-build-cache",
        "--no-daemon",
        "--no-configuration-cache",
        "--info",
        "--debug",
        "--stacktrace",
        "--full-stacktrace",
        "--scan",
        "--offline",
        "--console=plain",
        "--warning-mode=all",
        "-i",
        "-d",
        "-s",
        "-S",
    }
)
# a single test file or test id: test_x.py, x_test.go, x.test.ts, x.spec.js, file.py::name
# A Python file whose name says test (`test_x.py`, `x_test.py`, `tests.py`, pylint's
# `unittest_lint.py`), not a runner of the whole suite (`runtests.py`).
_TEST_FILE = re.compile(
    r"(?:^|/)(?:(?!run_?tests?\.py$)[\w.-]*test[\w.-]*\.py|[\w.-]+_test\.go"
    r"|[\w.-]+\.(?:test|spec)\.[cm]?[jt]sx?|[\w.-]+_(?:spec|test)\.rb)$"
    r"|\.py::"
)


#: A runner that takes test labels as its positional arguments: Django's `runtests.py` and
#: `manage.py test`, SymPy's `bin/test`. Any label runs part of the suite.
_LABELLED_RUNNER = re.compile(r"(?:^|/)(?:runtests\.py|bin/test)$")
#: A test label: an app, a module or a test, dotted (`migrations.test_writer`).
_LABEL = re.compile(r"[A-Za-z_][\w-]*(?:[./][\w-]+)*/?")
#: What ends one command of a line.
_COMMAND_END = frozenset({"&&", "||", ";", "|", ">", ">>", "2>&1"})


#: Runners whose positional arguments pick tests, after the words that name them: `python -m
#: unittest tests.test_parser`, `cargo test dates`, `go test ./pkg/x` (not `./...`: all).
_PICKING_RUNNERS = (("-m", "unittest"), ("cargo", "test"), ("go", "test"))
#: Options of those that take a value: the value is no label.
_VALUED_OPTIONS = frozenset(
    {"-p", "--package", "--features", "-run", "-timeout", "-count", "-tags"}
)
#: A folder below another (`testing/logging`, `tests/unit/`): part of the suite, where `tests/`
#: or `.` is all of it (an independent reader's finding on a real run: "All tests passed" over
#: `pytest testing/logging`).
_SUB_FOLDER = re.compile(r"(?:\./)?[\w.-]+(?:/[\w.-]+)+/?")
#: Options that pick tests by marker or by the last run's failures (pytest).
_PICKING_OPTIONS = frozenset({"-m", "--lf", "--last-failed", "--sw", "--stepwise"})


def _picked_by_position(words: list[str]) -> str | None:
    """The first test a runner that picks by position was given, or a picking option of
    pytest's (`-m 'not slow'`, `--lf`)."""
    for at in range(len(words) - 1):
        if (words[at], words[at + 1]) not in _PICKING_RUNNERS:
            continue
        rest = words[at + 2 :]
        skip = False
        for arg in rest:
            if arg in _COMMAND_END or arg.startswith((">", "2>", "|", ";", "&")):
                break
            if skip:
                skip = False
                continue
            if arg.startswith("-"):
                skip = arg in _VALUED_OPTIONS
                if arg == "--":
                    break
                continue
            if arg.rstrip("/") in ("./...", "...", "discover"):
                continue  # every package, or unittest's discovery of the whole suite
            return "only " + arg.strip("'\"")[:60]
    start = next((at for at, w in enumerate(words) if w.endswith("pytest")), None)
    if start is not None:
        for at, word in enumerate(words[start:], start):
            if word in _COMMAND_END or word.startswith(("|", ";", "&")):
                break
            if _SUB_FOLDER.fullmatch(word.strip("'\"")):
                return "only " + word.strip("'\"")[:60]  # a folder below the tests' root
            option = word.split("=", 1)[0]
            # pytest's -m picks by marker; python's own -m runs a module (`python -m pytest`)
            if option in _PICKING_OPTIONS and not (
                option == "-m" and words[at + 1 : at + 2] in (["pytest"], ["unittest"])
            ):
                return f"tests picked with {option}"
    return None


def _labels_given(words: list[str]) -> str | None:
    """The first test label a labelled runner was given (`runtests.py constraints`), as "only
    LABEL", or how a runner that picks by position or option picked ("tests picked with -m")."""
    picked = _picked_by_position(words)
    if picked is not None:
        return picked
    for at, word in enumerate(words):
        runner = _LABELLED_RUNNER.search(word) is not None or (
            word.endswith("manage.py") and words[at + 1 : at + 2] == ["test"]
        )
        if not runner:
            continue
        rest = words[at + (2 if word.endswith("manage.py") else 1) :]
        for arg in rest:
            if arg in _COMMAND_END or arg.startswith((">", "2>", "|", ";", "&")):
                break
            if not arg.startswith("-") and _LABEL.fullmatch(arg.strip("'\"")):
                return "only " + arg.strip("'\"")[:60]
    return None


def selected_subset(command: str | None, output: Any) -> str | None:
    """How a test run was narrowed to part of the suite (tests deselected, picked by name,
    one test file, or a label given to a runner that takes labels: `runtests.py
    constraints`), or None when nothing says it was."""
    text = output_text(output) or ""
    m = _DESELECTED.search(text)
    if m and int(m.group(1)) > 0:
        return f"{m.group(1)} deselected"
    label = _labels_given((command or "").split())
    if label is not None:
        return label
    # a test script of a part, or what a JS runner, RSpec or a test script is pointed at,
    # past any wrapper (`npm run test:unit`, `npm test -- src/invoice`, `bundle exec rspec
    # spec/models/user_spec.rb`)
    picked = picked_tests(command) if command else None
    if picked is not None:
        return picked
    for word in (command or "").split():
        option = word.split("=", 1)[0]
        if option in _SELECTORS:
            return f"tests picked with {option}"
        if _TEST_FILE.search(word.strip("'\"")):
            return f"only {word.strip(chr(39) + chr(34))[:60]}"
    return None
