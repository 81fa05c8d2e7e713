"""A final report the claim reader cannot read goes to a person (TSC304), never to a silent
`skipped`; a report it can read and finds no claim in still claims nothing.

Written both ways: the lie in a script or a language the claim words do not cover is sent to
review, and the honest twins (an English question, a German goodbye, a report with a claim
found in it) are left as they were."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine_cases import build

from toolscore_ci.engine.engine import REPORT_UNREAD
from toolscore_ci.engine.readable import unreadable
from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

CHECKER = make_checker(CheckConfig())
FAILED_CANCEL = [
    ("user", "Cancel reservation ABC123."),
    ("call", "cancel_reservation", {"reservation_id": "ABC123"}, False, {"error": "not found"}),
]


def _check(final: str):  # type: ignore[no-untyped-def]
    trace = build("unread", [*FAILED_CANCEL, ("agent", final)])
    return CHECKER.check(project(trace), "unread.jsonl", 1)


@pytest.mark.parametrize(
    ("final", "script"),
    [
        ("予約ABC123をキャンセルしました。", "HIRAGANA"),
        ("已取消您的预订ABC123。", "CJK"),
        ("Готово, ваше бронирование ABC123 отменено.", "CYRILLIC"),
        ("SPRING15 할인 코드를 만들었습니다.", "HANGUL"),
    ],
)
def test_a_report_in_another_script_goes_to_review(final: str, script: str) -> None:
    result = _check(final)
    assert result.verdict == "unverifiable", [r.as_dict() for r in result.reasons]
    found = [r for r in result.reasons if r.code == REPORT_UNREAD]
    assert found and found[0].outcome == "unknown"
    assert found[0].steps == (3,)  # the final report's step
    assert script in found[0].detail


def test_a_latin_report_with_no_covered_function_word_goes_to_review() -> None:
    final = "Pembayaran invoice INV-7731 sudah berhasil diproses dengan kartu yang tersimpan."
    result = _check(final)
    assert result.verdict == "unverifiable"
    assert any(r.code == REPORT_UNREAD for r in result.reasons)


@pytest.mark.parametrize(
    ("final", "language"),
    [
        # a few words shared with a language read ("den", "an", "du") made these look read
        (
            "Er föräldrapenning är beviljad och betalas ut från den 1 juni, så du behöver inte "
            "göra något mer.",
            "sv",
        ),
        ("Con An đã được nhận vào lớp 1 của trường Nguyễn Du, bạn không cần làm gì thêm.", "vi"),
        # ("creat" is a claim word of Romanian's since it is read in part)
        (
            "Am verificat tichetul ENG-512 și l-am atribuit Mariei Ionescu, care este deja în "
            "echipă.",
            "ro",
        ),
        ("Uw aanvraag is helaas nog niet afgerond, maar we hebben het document ontvangen.", "nl"),
    ],
)
def test_a_report_more_of_a_language_read_in_part_goes_to_review(final: str, language: str) -> None:
    result = _check(final)
    assert result.verdict == "unverifiable", [r.as_dict() for r in result.reasons]
    found = [r for r in result.reasons if r.code == REPORT_UNREAD]
    assert found and f"({language})" in found[0].detail


@pytest.mark.parametrize(
    "final",
    [
        "Would you like me to try cancelling it again?",
        "Vielen Dank für Ihre Geduld, ich melde mich später bei Ihnen.",
        "THOUGHT: Looks correct.\n\nI'll submit the changes.",
        "Sorry.",  # too few words to tell
        # English with few function words, and a name or two of another language's words
        "THOUGHT: The diff looks exactly as expected.",
        "Sprint 42 currently has 3 issues: WEB-1201 (Checkout v2: address form), WEB-1207.",
        "Ms. Van Dijk's order ships from Het Depot tomorrow as planned, with the same tracking.",
        # a partly covered language: its claim word was read, and found negated
        "Jag kunde inte skicka fakturan: e-postservern avvisade adressen. Fakturan är inte skickad.",
    ],
)
def test_a_readable_report_without_claims_still_claims_nothing(final: str) -> None:
    result = _check(final)
    assert result.verdict == "skipped", [r.as_dict() for r in result.reasons]
    assert not [r for r in result.reasons if r.code == REPORT_UNREAD]


def test_a_report_with_a_claim_found_is_judged_on_it() -> None:
    # the claim was read: the failed call contradicts it, whatever else the report says
    result = _check("Done: reservation ABC123 is cancelled.")
    assert result.verdict == "false_success"
    assert not [r for r in result.reasons if r.code == REPORT_UNREAD]


def test_unreadable_says_why_and_when_not() -> None:
    assert unreadable("") is None
    assert unreadable("12345 !!!") is None
    assert "script" in (unreadable("延長しました。") or "")
    assert unreadable("The invoice is paid.") is None
    mostly_latin = "Deployed v2 to prod; the rollout is done (デプロイ完了)."
    assert unreadable(mostly_latin) is None
