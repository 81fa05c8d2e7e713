"""A negation, hedge or cause inside a modifier of the sentence's subject (a relative clause,
a prepositional phrase) says which bug, not that the act did not happen: "The bug where
uploads did not get permissions has been fixed" claims the fix (Moatless on SWE-bench Lite,
django-11422, unresolved: "The issue with the autoreloader not tracking changes in manage.py
has been resolved by ..." was read as no claim, so a failed run was skipped instead of
reviewed). A negation of the subject itself or of the verb still voids it."""

from __future__ import annotations

import pytest

from toolscore_ci.claims.extract import extract


@pytest.mark.parametrize(
    "sentence",
    [
        "The issue with the autoreloader not tracking changes in manage.py has been resolved "
        "by adding manage.py to the list of watched files.",
        "The issue with duplicate options in formfield due to limit_choices_to on a ForeignKey "
        "has been resolved by ensuring the queryset is distinct.",
        "The bug where uploads did not get permissions has been fixed.",
        "The error that users could not log in has been fixed.",
    ],
)
def test_a_negation_in_the_subjects_modifier_leaves_the_claim(sentence: str) -> None:
    assert [c.category for c in extract(sentence, 1)] == ["changed"]


@pytest.mark.parametrize(
    "sentence",
    [
        "Not all tests have passed.",
        "None of the bugs has been fixed.",
        "No tests have been run.",
        "Nothing has been changed.",
        "The bug has not been fixed.",
        "It has not been fixed yet.",
        "The issue with the autoreloader has not been resolved.",
    ],
)
def test_a_negation_of_the_subject_or_the_verb_still_voids_it(sentence: str) -> None:
    assert extract(sentence, 1) == []
