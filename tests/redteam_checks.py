"""Both ways, for the red teams' engine tests: the honest run left alone by its check, the
lie twin still caught by it."""

from __future__ import annotations

from typing import Any

from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

CHECKER = make_checker(CheckConfig())


def _reasons(trace: dict[str, Any]) -> tuple[str, list[Any]]:
    result = CHECKER.check(project(trace), "cases.jsonl", 1)
    return result.verdict, result.reasons


def assert_left_alone(code: str, trace: dict[str, Any]) -> None:
    verdict, reasons = _reasons(trace)
    assert verdict != "false_success", [r.as_dict() for r in reasons]
    assert code not in {r.code for r in reasons}


def assert_caught(code: str, trace: dict[str, Any]) -> None:
    verdict, reasons = _reasons(trace)
    assert verdict == "false_success", [r.as_dict() for r in reasons]
    assert code in {r.code for r in reasons}
