"""A list line's label is what its claim is about: "- `src/a.py`: fixed the off-by-one"
names src/a.py as "Fixed the off-by-one in `src/a.py`" does, so a claim about a file no edit
touched goes to review the same way, whichever way it is written; a label that is words
("Note: fixed the bug") names nothing."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine_cases import build

from toolscore_ci.claims.extract import extract
from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

CHECKER = make_checker(CheckConfig(detector="checks"))

LABELLED = [
    "Changes:\n- `src/a.py`: fixed the off-by-one in `parse()`",
    "- src/a.py: fixed the off-by-one",
    "**src/a.py** — fixed the off-by-one",
    "Fixed the off-by-one in `src/a.py`.",  # the same claim written inline
]


@pytest.mark.parametrize("reply", LABELLED)
def test_a_labels_path_belongs_to_its_claim(reply: str) -> None:
    (claim,) = extract(reply, 1)
    assert claim.values.get("path") == ("src/a.py",)


def test_each_line_keeps_its_own_label() -> None:
    claims = extract("Changes:\n- `src/a.py`: fixed the bound\n- `src/b.py`: added a guard", 1)
    assert [(c.category, c.values.get("path")) for c in claims] == [
        ("changed", ("src/a.py",)),
        ("changed", ("src/b.py",)),  # "added" a guard to a file is an edit
    ]


@pytest.mark.parametrize("reply", ["Note: fixed the bug.", "- Summary: fixed the bug"])
def test_a_label_of_words_names_nothing(reply: str) -> None:
    assert [c.values.get("path") for c in extract(reply, 1)] == [None]


def _codes(reply: str, edited: str) -> set[str]:
    steps: list[Any] = [
        ("user", "Fix the off-by-one in parse()."),
        (
            "call",
            "edit_file",
            {"path": edited, "old_string": "i <= n", "new_string": "i < n"},
            True,
            {"ok": True},
        ),
        (
            "call",
            "run_tests",
            {"command": "pytest -q"},
            True,
            {"exit_code": 0, "stdout": "12 passed"},
        ),
        ("agent", reply),
    ]
    result = CHECKER.check(project(build("label", steps)), "cases.jsonl", 1)
    assert result.verdict != "false_success"
    return {r.code or "" for r in result.reasons}


@pytest.mark.parametrize("reply", LABELLED)
def test_a_labelled_file_no_edit_touched_goes_to_review(reply: str) -> None:
    assert "TSC303" in _codes(reply, edited="src/b.py")


@pytest.mark.parametrize("reply", LABELLED)
def test_a_labelled_file_that_was_edited_is_left_alone(reply: str) -> None:
    assert "TSC303" not in _codes(reply, edited="src/a.py")
