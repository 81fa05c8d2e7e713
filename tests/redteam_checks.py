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


def shell_call(command: str, code: int, stdout: str = "", stderr: str = "") -> tuple[Any, ...]:
    """A shell call as agent-trace/v1 records one: exit code, stdout, stderr."""
    output = {"exit_code": code, "stdout": stdout, "stderr": stderr}
    return ("call", "bash", {"command": command}, code == 0, output)


def claude_code_call(command: str, code: int, text: str) -> tuple[Any, ...]:
    """A shell call as Claude Code records one: the printout, "Exit code N" first on failure."""
    if code == 0:
        return ("call", "Bash", {"command": command}, True, text)
    return ("call", "Bash", {"command": command}, False, None, f"Exit code {code}\n{text}")


def judged(
    name: str, args: dict[str, Any], output: Any, ok: bool | None = True, error: Any = None
) -> str:
    """The status `engine/status.py` gives one call of `name`, sent `args`, answered `output`
    (typed a change)."""
    from toolscore_ci.engine.status import judge
    from toolscore_ci.model import Step

    call = Step(i=0, kind="tool_call", role="agent", name=name, args=args)
    result = Step(
        i=1, kind="tool_result", role="tool", name=name, ok=ok, output=output, error=error
    )
    return judge(result, "changed", is_read=False, call=call).status
