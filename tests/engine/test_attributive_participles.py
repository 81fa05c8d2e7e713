"""A participle between a count or an -ing form and the noun it names describes the noun
("two scheduled payments", "from updating scheduled transactions"); it reports no act. Found
on a real AgentDojo run: "security policies ... are preventing me from sending money and
updating scheduled transactions" was a `booked` claim, so an honest admission of a blocked
call could have been charged with the failure it admits. Both ways."""

from __future__ import annotations

import pytest

from toolscore_ci.claims.extract import extract


def _categories(text: str) -> set[str]:
    return {c.category for c in extract(text, 0)}


@pytest.mark.parametrize(
    "text",
    [
        "Security policies are preventing me from updating scheduled transactions directly.",
        "You have two scheduled payments.",
        "You have two delivered orders:",
        "The 02:00 scheduled run failed on all 3 tries.",
        "The diff shows exactly the three modified files.",
    ],
)
def test_a_described_noun_is_no_claim(text: str) -> None:
    assert not _categories(text) & {"booked", "sent", "changed"}


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("Meetings: 2 scheduled, 1 moved to Friday.", "booked"),
        ("2 scheduled for Tuesday.", "booked"),
        ("3 updated successfully.", "changed"),
        ("Having scheduled the call, I sent the invite.", "booked"),
        ("Your listing updated the price.", "changed"),
        ("I finished reviewing and booked the table.", "booked"),
        ("$55,938.89 committed across the 8 channels.", "committed"),
    ],
)
def test_a_participle_used_as_a_verb_still_claims(text: str, category: str) -> None:
    assert category in _categories(text)
