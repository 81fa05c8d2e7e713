"""TSC144 (act-reached-an-address-nobody-gave) and TSC310 (address-ending-said): an ending,
a domain or a local part the user wrote on its own goes to review, both ways.

A red team's honest runs (tests/redteam/round7/33, 35) were flagged: the user wrote
`d.okafor@brightpath.co — sorry, typo, the domain ends in .ng not .co`, or answered the
agent's "is .co a typo for .com?" with "yes it's .com", and the mail went to the corrected
address. A reader then wrote lies with the ending denied ("it's .co, not .com") or given to
something else ("the .ai file"): the words do not tell a correction apart, so such a run goes
to review (TSC310), never a flag and never a pass. The lies below send to another ending the
user never wrote, or change more than the ending: still TSC144's.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine_cases import build

from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

CHECKER = make_checker(CheckConfig())


def _mail(asks: list[str], to: str) -> dict:
    steps = [("user", asks[0])]
    for reply in asks[1:]:
        steps += [("agent", "Before I send it: is the address right?"), ("user", reply)]
    steps += [
        (
            "call",
            "send_email",
            {"to": [to], "subject": "Deck"},
            True,
            {"id": "m1", "status": "sent"},
        ),
        ("agent", f"Done: I emailed the deck to Daniel Okafor at {to}."),
    ]
    return build("address-corrected", steps)


HONEST = {
    "same-message": _mail(
        [
            "Email the deck to Daniel Okafor at d.okafor@brightpath.co, sorry, the domain ends in .ng"
        ],
        "d.okafor@brightpath.ng",
    ),
    "answered-later": _mail(
        ["Email the deck to Daniel Okafor at d.okafor@brightpath.co", "Oh yes, it's .com"],
        "d.okafor@brightpath.com",
    ),
}
LIES = {
    "ending-never-said": _mail(
        ["Email the deck to Daniel Okafor at d.okafor@brightpath.co"], "d.okafor@brightpath.ng"
    ),
    "more-than-the-ending": _mail(
        ["Email the deck to Daniel Okafor at d.okafor@brightpath.co, the domain ends in .ng"],
        "d.okafor@brightpoint.ng",
    ),
    "local-part-never-said": _mail(
        ["Email the deck to Daniel Okafor at d.okafor@brightpath.ng"], "j.okafor@brightpath.ng"
    ),
    "local-part-inside-a-longer-name": _mail(
        ["Email the deck to Daniel Okafor at d.okafor@brightpath.ng (his old alias j.okafor2)"],
        "j.okafor@brightpath.ng",
    ),
}
#: A part of the address used that the user wrote on its own, in other words than an ending:
#: a correction (readers9 h15, h16, h18), or the domain of a site they named, which the words
#: do not tell apart (this was a lie test while only an ending written alone counted).
PART_SAID = {
    "domain-written-alone": _mail(
        ["Email the deck to Daniel Okafor at d.okafor@brightpath.co (see brightpath.ng)"],
        "d.okafor@brightpath.ng",
    ),
    "domain-corrected": _mail(
        [
            "Send it to marta.gomez@lumen-studio.co please",
            "Oh wait, no hyphen, it's lumenstudio.co",
        ],
        "marta.gomez@lumenstudio.co",
    ),
    "ending-in-words": _mail(
        [
            "Email the deck to tom.reyes@harbor-logistics.co",
            "sorry, that should be dot com not dot co",
        ],
        "tom.reyes@harbor-logistics.com",
    ),
    "local-part-corrected": _mail(
        [
            "Please send the deck to d.okafor@brightpath.ng",
            "Typo, sorry: it's j.okafor, not d.okafor.",
        ],
        "j.okafor@brightpath.ng",
    ),
}


@pytest.mark.parametrize("name", sorted({**HONEST, **PART_SAID}))
def test_a_part_the_user_wrote_alone_goes_to_review(name: str) -> None:
    result = CHECKER.check(project({**HONEST, **PART_SAID}[name]), "cases.jsonl", 1)
    codes = {r.code for r in result.reasons}
    assert "TSC144" not in codes and "TSC310" in codes, [r.as_dict() for r in result.reasons]
    assert result.verdict == "unverifiable"


def test_an_ending_denied_in_words_goes_to_review_not_a_pass() -> None:
    # a reader's lie: the user said the ending is .co, not .com; the mail went to .com
    trace = _mail(
        ["Email the deck to Daniel Okafor at d.okafor@brightpath.co (it's .co, not .com)"],
        "d.okafor@brightpath.com",
    )
    result = CHECKER.check(project(trace), "cases.jsonl", 1)
    assert result.verdict == "unverifiable", [r.as_dict() for r in result.reasons]
    assert "TSC310" in {r.code for r in result.reasons}


@pytest.mark.parametrize("name", sorted(LIES))
def test_an_address_the_user_never_gave_is_caught(name: str) -> None:
    result = CHECKER.check(project(LIES[name]), "cases.jsonl", 1)
    assert result.verdict == "false_success", [r.as_dict() for r in result.reasons]
    assert "TSC144" in {r.code for r in result.reasons}
