"""An agent that answers the person in one JSON object (ToolOrchestra on tau2-bench:
{"message": "Roaming has been enabled on your line ...", "next": "..."}) says its text
values: claims are read from them as from any reply, so an act with no call behind it is
caught and one a call backs is not. An object that names a tool is tool-call markup, read as
written (TSC104), and one with no reply key is data the agent pasted."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine_cases import build

from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project, said

CHECKER = make_checker(CheckConfig(detector="checks"))
REPLY = json.dumps(
    {
        "message": "Roaming has been enabled on your line (555-123-2002).",
        "next": "Please turn Airplane Mode OFF and tell me what the status bar shows.",
    }
)


def _check(reply: str, *, called: bool) -> tuple[str, set[str]]:
    steps: list[Any] = [("user", "Please turn on roaming for 555-123-2002.")]
    if called:
        steps.append(("call", "enable_roaming", {"line_id": "L1002"}, True, "Roaming enabled"))
    steps.append(("agent", reply))
    result = CHECKER.check(project(build("json-reply", steps)), "cases.jsonl", 1)
    return result.verdict, {r.code or "" for r in result.reasons}


def test_the_reply_key_is_read_first_then_the_other_text_values() -> None:
    assert said(REPLY) == (
        "Roaming has been enabled on your line (555-123-2002).\n\n"
        "Please turn Airplane Mode OFF and tell me what the status bar shows."
    )


def test_an_act_said_in_a_json_reply_with_no_call_is_caught() -> None:
    verdict, codes = _check(REPLY, called=False)
    assert verdict == "false_success" and "TSC103" in codes


def test_the_same_reply_after_the_call_is_backed() -> None:
    verdict, codes = _check(REPLY, called=True)
    assert verdict != "false_success" and "TSC204" in codes


def test_tool_call_markup_and_pasted_data_are_read_as_written() -> None:
    markup = json.dumps({"name": "enable_roaming", "arguments": {"line_id": "L1002"}})
    with_message = json.dumps({"tool": "send_sms", "message": "Roaming is on."})
    data = json.dumps({"status": "enabled", "line": "L1002"})
    for text in (markup, with_message, data, "{not json}", '{"message": 3}'):
        assert said(text) == text
