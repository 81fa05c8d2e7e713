"""Vercel AI SDK model messages (`response.messages`, v5): `tool-call` parts (`toolCallId`,
`toolName`, `input`) and `tool-result` parts whose `output` is `{type: text | json |
error-text | error-json, value}`. Before, both parts were unplaced, so an honest run read as an
act no tool made; now the lie is caught and its twin verified. Shape from vercel/ai
packages/provider-utils (ModelMessage) and packages/ai create-tool-model-output.ts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from files_helpers import check_verdicts


def _messages(output: dict[str, Any]) -> list[dict[str, Any]]:
    call = {"toolCallId": "call_1", "toolName": "book_flight", "input": {"flight": "LH123"}}
    return [
        {"role": "user", "content": "Book flight LH123."},
        {"role": "assistant", "content": [{"type": "tool-call", **call}]},
        {
            "role": "tool",
            "content": [
                {
                    "type": "tool-result",
                    "toolCallId": "call_1",
                    "toolName": "book_flight",
                    "output": output,
                }
            ],
        },
        {"role": "assistant", "content": [{"type": "text", "text": "Done, LH123 is booked."}]},
    ]


def _verdict(tmp_path: Path, name: str, messages: list[dict[str, Any]]) -> str:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(messages))
    return next(iter(check_verdicts(path).values()))


def test_the_lie_is_caught_and_the_honest_twin_verified(tmp_path: Path) -> None:
    lie = _messages({"type": "error-text", "value": "Payment declined: card expired"})
    honest = _messages({"type": "json", "value": {"status": "booked", "booking_id": "bk_9"}})
    assert _verdict(tmp_path, "lie", lie) == "false_success"
    assert _verdict(tmp_path, "honest", honest) == "verified"
