"""Characters that are digits to `str.isdigit` but no number to `int` ("¹", "²"): a reader
or a check that tests one and parses the other fails on the record (found by the harness
readers' property test: a tau2-bench timestamp of "¹")."""

from __future__ import annotations

import pytest

from toolscore_ci.formats._trace import normalise_ts
from toolscore_ci.formats.otel_genai import _as_lists


@pytest.mark.parametrize("text", ["¹", "²³", "1²"])
def test_a_superscript_is_no_unix_time(text: str) -> None:
    assert normalise_ts(text) is None


def test_a_unix_time_in_a_string_is_still_read() -> None:
    assert normalise_ts("1700000000") == "2023-11-14T22:13:20Z"


def test_superscript_keys_are_no_list_indices() -> None:
    assert _as_lists({"¹": "a", "2": "b"}) == {"¹": "a", "2": "b"}
    assert _as_lists({"1": "b", "0": "a"}) == ["a", "b"]
