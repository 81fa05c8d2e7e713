"""Every reader's output is schema-valid whatever JSON it is fed.

The pipeline does not re-validate records a reader built (`valid_by_construction`), so this
holds the readers to it: each fixture is mutated at random places with arbitrary JSON values
(wrong types, nulls, nested junk), and every record that comes out must pass the full JSON
Schema and the ordering rule, read the same way the CLI reads it.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolscore_ci.formats import read_file, sniff
from toolscore_ci.model import InputIssue, TraceRecord
from toolscore_ci.validate import _validator, fast_valid, schema_issues

FIXTURES = Path(__file__).parent / "fixtures" / "formats"
FOLDERS = sorted(p.name for p in FIXTURES.iterdir() if p.is_dir())

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**40), 2**40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["", "2025-01-01T00:00:00Z", "1700000000", "{", "[1]", '{"a":1}', "x" * 40]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)


def _fixture_values(folder: str) -> tuple[list[Any], bool]:
    """The fixture's JSON values, and whether it is one document (else JSON Lines)."""
    path = next(p for p in sorted((FIXTURES / folder).iterdir()) if p.stem == "conversation")
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        return [json.loads(text)], True
    return [json.loads(line) for line in text.splitlines() if line.strip()], False


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a node inside `value` (the root excluded)."""
    found: list[tuple[Any, ...]] = []
    children = (
        list(value.items())
        if isinstance(value, dict)
        else list(enumerate(value))
        if isinstance(value, list)
        else []
    )
    for key, child in children:
        found.append((*path, key))
        found.extend(_places(child, (*path, key)))
    return found


def _replace(root: Any, where: tuple[Any, ...], new: Any) -> None:
    node = root
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = new


def _records(path: Path, folder: str) -> list[TraceRecord]:
    """Read as the fixture's own format (forced: a mutated file may no longer sniff as it).
    A reader that crashed is reported as an issue by `read_file`: here that fails the test."""
    reader = sniff(_fixture_values(folder)[0][0])
    assert reader is not None, folder
    items = list(read_file(str(path), reader.NAME))
    # `read_file`'s boundary words an unexpected exception in a reader as "the NAME reader
    # failed on this record (...)"; "internal error" is the pipeline's
    crashes = [
        i.message
        for i in items
        if isinstance(i, InputIssue)
        and ("internal error" in i.message or "reader failed on this record" in i.message)
    ]
    assert crashes == [], crashes
    return [r for r in items if isinstance(r, TraceRecord)]


@pytest.mark.parametrize("folder", FOLDERS)
@settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "60")),  # more locally: FUZZ_EXAMPLES=2000
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 2**32 - 1), replacements=st.lists(JSON, min_size=1, max_size=4))
def test_reader_output_is_valid_whatever_the_input(
    folder: str, seed: int, replacements: list[Any], tmp_path: Path
) -> None:
    values, one_document = _fixture_values(folder)
    rng = random.Random(seed)
    for new in replacements:
        index = rng.randrange(len(values))
        places = _places(values[index])
        if places:
            _replace(values[index], rng.choice(places), new)
        else:
            values[index] = new
    path = tmp_path / ("mutated.json" if one_document else "mutated.jsonl")
    if one_document:
        path.write_text(json.dumps(values[0]), encoding="utf-8")
    else:
        path.write_text("".join(json.dumps(v) + "\n" for v in values), encoding="utf-8")

    for record in _records(path, folder):
        assert record.valid_by_construction
        errors = [e.message for e in _validator().iter_errors(record.data)]
        assert errors == [], (folder, errors, record.data)
        assert fast_valid(record.data)
        assert schema_issues(record) == []


@pytest.mark.parametrize("folder", FOLDERS)
def test_unmutated_fixture_records_are_marked_and_valid(folder: str) -> None:
    """The mark is set on what readers build, and only there (native records are checked)."""
    path = next(p for p in (FIXTURES / folder).iterdir() if p.stem == "conversation")
    records = _records(path, folder)
    assert records
    for record in records:
        assert record.valid_by_construction and schema_issues(record) == []
    native = FIXTURES / folder / "expected.agent-trace.jsonl"
    assert all(
        not r.valid_by_construction for r in read_file(str(native)) if isinstance(r, TraceRecord)
    )


def test_a_reader_defect_is_a_located_error_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The last line of defence behind the property above: a reader that raises becomes a
    loud issue naming the file, the record's line and the reader, and reading resumes at the
    next record (so each record it fails on is its own issue)."""
    from toolscore_ci.formats import codex

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(codex, "_item", broken)
    path = FIXTURES / "codex" / "conversation.jsonl"
    items = list(read_file(str(path)))
    issues = [i for i in items if isinstance(i, InputIssue)]
    assert issues and len({i.line for i in issues}) == len(issues)
    for issue in issues:
        assert issue.severity == "error" and issue.file == str(path) and issue.line is not None
        assert "the codex reader failed on this record" in issue.message
        assert "boom" in issue.message
