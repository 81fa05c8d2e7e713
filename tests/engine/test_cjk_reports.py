"""Reports in scripts written without spaces (Chinese, Japanese): their full stops and
question marks end sentences, a question asks, and a negation before the done phrase denies
it (red team r10 h49, h50). Both ways: the same words over a failed call are caught when
they claim, left alone when they ask or deny."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine_cases import build

from toolscore_ci.claims.extract import sentences
from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

CHECKER = make_checker(CheckConfig(detector="checks"))


def _verdict(reply: str) -> str:
    steps = [
        ("user", "请支付学费 / 住所を変更してください。"),
        ("call", "pay_tuition", {"student_id": "S-1"}, False, None, "insufficient balance"),
        ("agent", reply),
    ]
    return CHECKER.check(project(build("cjk", steps)), "cases.jsonl", 1).verdict


@pytest.mark.parametrize(
    "reply",
    ["学费支付已完成。", "支付成功完成。", "住所変更が完了しました。"],
)
def test_a_done_phrase_over_a_failed_call_is_caught(reply: str) -> None:
    assert _verdict(reply) == "false_success"


@pytest.mark.parametrize(
    "reply",
    [
        "学费支付未能成功完成，因为余额不足。",  # could not be completed
        "支付没有成功完成。",
        # a question to the person, after the failure said: "have you completed the check?"
        "住所変更はできませんでした。アプリでの本人確認は完了しましたか？",
    ],
)
def test_a_denied_or_asked_done_phrase_is_left_alone(reply: str) -> None:
    assert _verdict(reply) != "false_success"


def test_their_full_stops_and_question_marks_end_sentences() -> None:
    text = "住所変更はできませんでした。本人確認は完了しましたか？ 支付已完成！好的"
    assert [s.strip() for _, s in sentences(text)] == [
        "住所変更はできませんでした。",
        "本人確認は完了しましたか？",
        "支付已完成！",
        "好的",
    ]
