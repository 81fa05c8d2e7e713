"""What a test runner's output says: how many tests passed and failed, or that none ran.

Read from the summary lines runners print (pytest, unittest and Django, go test, jest,
vitest, cargo, mocha, rspec); an output with no summary says nothing, whatever its exit code:
a missing module or a usage error is not a failed test.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

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
_GO_OK = re.compile(r"^ok\s+\S+\s", re.M)
_JEST = re.compile(r"^Tests:\s+(?P<body>.*\btotal\b)", re.M)
# vitest: "      Tests  1 failed | 11 passed (12)", after its "Test Files" line
_VITEST = re.compile(
    r"^\s*Tests\s{2,}(?P<body>\d+ (?:failed|passed|skipped|todo)(?: \| \d+ \w+)*) \(\d+\)",
    re.M,
)
_CARGO = re.compile(r"^test result: (?:ok|FAILED)\. (\d+) passed; (\d+) failed", re.M)
_MOCHA = re.compile(r"^\s*(\d+) passing\b.*?(?:\n\s*(\d+) failing\b)?", re.M | re.S)
_RSPEC = re.compile(r"^(\d+) examples?, (\d+) failures?", re.M)
_NONE_RAN = re.compile(
    r"\bno tests ran\b|\bcollected 0 items\b|^Ran 0 tests\b|\bNo tests found\b", re.M | re.I
)


@dataclass(frozen=True, slots=True)
class TestSummary:
    passed: int
    failed: int

    @property
    def ran_none(self) -> bool:
        return self.passed == 0 and self.failed == 0


def _num(body: str, word: str) -> int:
    m = re.search(_COUNT + word, body)
    return int(m.group(1)) if m else 0


def summarize(output: Any) -> TestSummary | None:
    """The last summary a runner printed in this output, or None when there is none."""
    text = output_text(output)
    if not text:
        return None
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
    if _GO_FAIL.search(text):
        return TestSummary(len(_GO_OK.findall(text)), len(_GO_FAIL.findall(text)))
    if _GO_OK.search(text):
        return TestSummary(len(_GO_OK.findall(text)), 0)
    mocha = list(_MOCHA.finditer(text))
    if mocha:
        m = mocha[-1]
        return TestSummary(int(m.group(1)), int(m.group(2) or 0))
    if _NONE_RAN.search(text):
        return TestSummary(0, 0)
    return None


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
