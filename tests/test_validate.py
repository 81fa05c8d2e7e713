"""validate.py: the hand-written fast path agrees exactly with jsonschema on the published
schema, and the 3.10 date-time emulation agrees with Python 3.11+'s `fromisoformat`."""

from __future__ import annotations

import copy
import json
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolscore_ci.model import TraceRecord
from toolscore_ci.validate import (
    _validator,
    fast_valid,
    fromisoformat_311,
    load_schema,
    parse_datetime,
    schema_issues,
)

FIXTURES = Path(__file__).parent / "fixtures" / "claimcheck"


def schema_ok(obj: Any) -> bool:
    return next(iter(_validator().iter_errors(obj)), None) is None


# ---- near-valid traces ---------------------------------------------------------------------

TIMESTAMPS = [
    "2026-04-01T09:00:04+00:00",
    "2024-01-01T00:00:00Z",
    "2024-01-01T00:00:00.123456789Z",
    "20240101T000000",
    "2024-01-01",
    "2024-W01-1T10:00",
    "2024-01-01 12:00:00-05:30",
]
BAD_TIMESTAMPS = ["2024-13-01T00:00:00", "not a date", "", "2024-01-01T25:00", "2024-01-01T"]
WEIRD: list[Any] = [
    None, True, False, 0, 1, -1, 1.0, 2.0, 1.5, -0.0, 10**30, float("inf"),
    "", "x", "agent-trace/v1", "agent-trace/v2", "booking", "other", "message", "state_probe",
    "agent", "environment", "success", "human", "none", "strict", "superset",
    *TIMESTAMPS[:2], *BAD_TIMESTAMPS[:2],
    [], {}, [1], {"a": 1}, {"type": "x"}, ["booking"],
]  # fmt: skip
KEYS = [
    "schema", "trace_id", "source", "task", "steps", "final_claim", "ground_truth", "meta",
    "id", "domain", "instruction", "i", "ts", "kind", "role", "name", "content", "args", "ok",
    "output", "error", "text", "claims", "type", "subject", "outcome", "checked_by", "details",
    "expected_calls", "expected_calls_match", "extra", "",
]  # fmt: skip

leaf = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 3), st.floats(allow_nan=False), st.text(max_size=4)
)
json_value = st.recursive(
    leaf,
    lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=3), c, max_size=3),
    max_leaves=5,
)
obj = st.dictionaries(st.text(max_size=4), json_value, max_size=3)


@st.composite
def valid_trace(draw: st.DrawFn) -> dict[str, Any]:
    n = draw(st.integers(0, 3)) if draw(st.booleans()) else 1
    steps = []
    for i in range(n):
        step: dict[str, Any] = {
            "i": i * draw(st.sampled_from([1, 1.0])),
            "ts": draw(st.sampled_from(TIMESTAMPS)),
            "kind": draw(st.sampled_from(["message", "tool_call", "tool_result", "state_probe"])),
            "role": draw(st.sampled_from(["user", "agent", "tool", "environment"])),
        }
        optional = {
            "name": st.none() | st.text(max_size=5),
            "content": st.none() | st.text(max_size=5),
            "args": st.none() | obj,
            "ok": st.none() | st.booleans(),
            "output": json_value,
            "error": st.none() | st.text(max_size=5) | obj,
        }
        for key, strategy in optional.items():
            if draw(st.booleans()):
                step[key] = draw(strategy)
        steps.append(step)
    claims = draw(
        st.lists(
            st.fixed_dictionaries({"type": st.text(max_size=5)}, optional={"subject": obj}),
            max_size=2,
        )
    )
    final: dict[str, Any] = {"text": draw(st.none() | st.text(max_size=8))}
    if draw(st.booleans()):
        final["claims"] = claims
    trace: dict[str, Any] = {
        "schema": "agent-trace/v1",
        "trace_id": draw(st.text(min_size=1, max_size=5)),
        "source": draw(st.text(min_size=1, max_size=5)),
        "task": {
            "id": draw(st.text(max_size=3)),
            "domain": draw(st.sampled_from(["booking", "crm", "coding", "browser", "other"])),
            "instruction": draw(st.text(max_size=5)),
        },
        "steps": steps,
        "final_claim": final,
    }
    if draw(st.booleans()):
        gt: dict[str, Any] = {
            "outcome": draw(st.sampled_from(["success", "failure", "unknown"])),
            "checked_by": draw(st.sampled_from(["state_probe", "human", "none"])),
        }
        if draw(st.booleans()):
            gt["details"] = draw(obj)
        trace["ground_truth"] = gt
    if draw(st.booleans()):
        trace["meta"] = draw(obj)
    return trace


_ENUMS = ["booking", "message", "agent", "success", "human", ["booking"], {"a": 1}, 1, None]
#: Boundary values per key: type confusions the JSON model allows and the fast path must see.
CANDIDATES: dict[str, list[Any]] = {
    "i": [True, False, 1.0, 1.5, -1, -0.0, 0, "1", None, 10**30, float("inf")],
    "trace_id": ["", "x", 1, None, True, []],
    "source": ["", "x", 1, None, {}],
    "schema": ["agent-trace/v2", "", None, ["agent-trace/v1"]],
    "ts": [*TIMESTAMPS, *BAD_TIMESTAMPS, 1, None, True],
    "kind": _ENUMS,
    "role": _ENUMS,
    "domain": _ENUMS,
    "outcome": _ENUMS,
    "checked_by": _ENUMS,
    "ok": [1, 0, "true", None, True, []],
    "name": [1, None, True, "", {}],
    "content": [1, None, [], ""],
    "text": [1, None, [], ""],
    "id": [1, None, ""],
    "instruction": [1, None, ""],
    "type": [1, None, "", {}],
    "args": [None, [], "x", {}],
    "error": [None, "x", {}, [], 1, False],
    "subject": [None, [], {}],
    "details": [None, [], {}],
    "meta": [None, [], {}],
    "claims": [None, {}, [], [{}], [{"type": "x", "extra": 1}]],
    "steps": [None, {}, [], [{}], [1]],
    "task": [None, [], {}],
    "final_claim": [None, [], {}, {"claims": []}],
    "ground_truth": [None, [], {}, {"outcome": "success"}],
}

PAIRS = [(key, value) for key, values in CANDIDATES.items() for value in values]

FREE_FORM = {"output", "args", "meta", "subject", "details", "error"}


def _slots(node: Any, out: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """The (container, key) pairs the schema constrains: free-form values (`output`, `args`,
    `meta`, ...) are slots themselves but not searched inside, so mutations land where the
    fast path can get them wrong."""
    if isinstance(node, dict):
        for key, value in node.items():
            out.append((node, key))
            if key not in FREE_FORM:
                _slots(value, out)
    elif isinstance(node, list):
        for idx, value in enumerate(node):
            out.append((node, idx))
            _slots(value, out)
    return out


@st.composite
def near_valid_trace(draw: st.DrawFn) -> dict[str, Any]:
    trace = copy.deepcopy(draw(valid_trace()))
    # First a targeted replacement: a (key, boundary value) pair, at one slot holding that key.
    key, value = draw(st.sampled_from(PAIRS))
    matching = [(c, k) for c, k in _slots(trace, []) if k == key]
    if matching:
        container, slot = draw(st.sampled_from(matching))
        container[slot] = copy.deepcopy(value)
    for _ in range(draw(st.integers(0, 2))):
        slots = _slots(trace, [])
        containers = [trace] + [c[k] for c, k in slots if isinstance(c[k], (dict, list))]
        op = draw(st.sampled_from(["replace", "replace", "delete", "add"]))
        if op == "replace" and slots:
            container, key = draw(st.sampled_from(slots))
            pool = CANDIDATES.get(key, WEIRD) if isinstance(key, str) else WEIRD
            container[key] = copy.deepcopy(draw(st.sampled_from(pool) | st.sampled_from(WEIRD)))
        elif op == "delete" and slots:
            container, key = draw(st.sampled_from(slots))
            del container[key]
        else:
            container = draw(st.sampled_from(containers))
            value = copy.deepcopy(draw(st.sampled_from(WEIRD)))
            if isinstance(container, dict):
                container[draw(st.sampled_from(KEYS))] = value
            else:
                container.append(value)
    return trace


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(near_valid_trace())
def test_fast_path_agrees_with_jsonschema(trace: dict[str, Any]) -> None:
    assert fast_valid(trace) == schema_ok(trace)


@settings(max_examples=100, deadline=None)
@given(valid_trace())
def test_generated_valid_traces_are_valid(trace: dict[str, Any]) -> None:
    # Guards the generator: the property above is only strong if most inputs start valid.
    assert schema_ok(trace)
    assert fast_valid(trace)


def _full() -> dict[str, Any]:
    """A valid trace with every optional field present, so every key has a slot."""
    step = {
        "i": 0, "ts": TIMESTAMPS[0], "kind": "tool_call", "role": "agent", "name": "x",
        "content": None, "args": {}, "ok": True, "output": None, "error": None,
    }  # fmt: skip
    return {
        "schema": "agent-trace/v1",
        "trace_id": "t",
        "source": "s",
        "task": {
            "id": "1",
            "domain": "other",
            "instruction": "do",
            # the extension fields (engine/expected.py): an expected call with and without args
            "expected_calls": [{"name": "x", "args": {"a": 1}}, {"name": "y"}],
            "expected_calls_match": "unordered",
        },
        "steps": [step, {**step, "i": 1}],
        "final_claim": {"text": "done", "claims": [{"type": "x", "subject": {}}]},
        "ground_truth": {"outcome": "success", "checked_by": "human", "details": {}},
        "meta": {},
    }


def test_full_trace_is_valid() -> None:
    assert schema_ok(_full()) and fast_valid(_full())


@pytest.mark.parametrize(("key", "value"), PAIRS, ids=[f"{k}={v!r}" for k, v in PAIRS])
def test_every_single_boundary_replacement_agrees(key: str, value: Any) -> None:
    # Exhaustive for one replacement: each boundary value at each slot holding the key, and
    # the key removed there too.
    for index in range(len([k for _, k in _slots(_full(), []) if k == key])):
        for delete in (False, True):
            trace = _full()
            container, slot = [(c, k) for c, k in _slots(trace, []) if k == key][index]
            if delete:
                del container[slot]
            else:
                container[slot] = copy.deepcopy(value)
            assert fast_valid(trace) == schema_ok(trace), (key, value, delete)


def _base() -> dict[str, Any]:
    return json.loads((FIXTURES / "examples-traces.jsonl").read_text().splitlines()[0])


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("steps", 0, "i"), True),  # a boolean is not an integer
        (("steps", 0, "i"), 1.0),  # an integral float is
        (("steps", 0, "i"), 1.5),
        (("steps", 0, "i"), -1),
        (("steps", 0, "ok"), 1),
        (("steps", 0, "ts"), "2024-01-01T00:00:00Z"),
        (("steps", 0, "ts"), "2024-02-30T00:00:00"),
        (("steps", 0, "ts"), 1700000000),
        (("steps", 0, "kind"), ["message"]),  # unhashable where an enum is expected
        (("steps", 0, "role"), {"agent": 1}),
        (("task", "domain"), ["booking"]),
        (("schema",), "agent-trace/v2"),
        (("trace_id",), ""),
        (("final_claim", "claims"), [{"type": 1}]),
        (("final_claim", "claims"), [{"type": "x", "subject": []}]),
        (("ground_truth",), {"outcome": ["success"], "checked_by": "human"}),
        (("meta",), []),
        (("task", "expected_calls"), [{"name": "x", "args": {"to": "a"}}]),
        (("task", "expected_calls"), [{"name": ""}]),
        (("task", "expected_calls"), [{"args": {}}]),
        (("task", "expected_calls"), [{"name": "x", "args": []}]),
        (("task", "expected_calls"), [{"name": "x", "why": "y"}]),
        (("task", "expected_calls"), {"name": "x"}),
        (("task", "expected_calls_match"), "fuzzy"),
        (("task", "expected_calls_match"), ["strict"]),
        (("task", "expected_calls_match"), "subset"),
    ],
)
def test_fast_path_edge_cases(path: tuple[Any, ...], value: Any) -> None:
    trace = _base()
    node = trace
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    assert fast_valid(trace) == schema_ok(trace)


def test_schema_is_agent_claimchecks_byte_for_byte() -> None:
    schema = load_schema()
    assert schema["$id"].endswith("agent-claimcheck/blob/main/schemas/agent-trace-v1.json")
    assert schema["additionalProperties"] is False


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("*traces*.jsonl")))
def test_every_claimcheck_file_is_valid_here(name: str) -> None:
    lines = (FIXTURES / name).read_text(encoding="utf-8").splitlines()
    lines += (FIXTURES / "train-sample.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) > 10
    for n, line in enumerate(lines, 1):
        record = TraceRecord(json.loads(line), name, n)
        assert fast_valid(record.data), f"{name}:{n}"
        assert schema_issues(record) == []


def test_errors_are_located() -> None:
    trace = _base()
    trace["steps"][1]["ok"] = "yes"
    trace["steps"][2]["i"] = 0
    issues = schema_issues(TraceRecord(trace, "f.jsonl", 7))
    assert [(i.file, i.line, i.path) for i in issues] == [("f.jsonl", 7, "$.steps[1].ok")]
    assert "'yes' is not of type" in issues[0].message
    trace["steps"][1]["ok"] = True
    issues = schema_issues(TraceRecord(trace, "f.jsonl", 7))
    assert [str(i) for i in issues] == ["f.jsonl:7: $.steps[2].i: i must be strictly increasing"]


def test_expected_calls_are_an_optional_extension() -> None:
    # a trace without them stays valid (every fixture above has none); one with them is valid,
    # and a malformed one is an error at its JSON path
    trace = _base()
    assert "expected_calls" not in trace["task"] and fast_valid(trace)
    trace["task"]["expected_calls"] = [{"name": "calendar.create_event", "args": {"x": 1}}]
    trace["task"]["expected_calls_match"] = "superset"
    assert fast_valid(trace) and schema_issues(TraceRecord(trace, "f.jsonl", 3)) == []
    trace["task"]["expected_calls"].append({"args": {}})
    issues = schema_issues(TraceRecord(trace, "f.jsonl", 3))
    assert [(i.file, i.line, i.path) for i in issues] == [
        ("f.jsonl", 3, "$.task.expected_calls[1]")
    ]
    assert "'name' is a required property" in issues[0].message


def test_ordering_rule_matches_agent_claimcheck() -> None:
    # agent-claimcheck only compares int indices; an integral float is schema-valid and skipped.
    trace = _base()
    trace["steps"][1]["i"] = 0.0
    assert schema_issues(TraceRecord(trace, "f", 1)) == []


# ---- date-time: Python 3.11+ semantics everywhere -----------------------------------------

ISO_ALPHABET = "0123456789-:T .,+ZzW\u0661é"


def _accepts(fn: Any, text: str) -> Any:
    try:
        return fn(text)
    except ValueError:
        return "invalid"


needs_311 = pytest.mark.skipif(sys.version_info < (3, 11), reason="compares with 3.11+ parser")


@needs_311
@settings(max_examples=3000, deadline=None)
@given(
    st.one_of(
        st.text(ISO_ALPHABET, max_size=40),
        st.builds(
            lambda base, cut, ins: base[:cut] + ins + base[cut + 1 :],
            st.sampled_from(TIMESTAMPS + BAD_TIMESTAMPS + ["2024-01-01T12:00:00.5+05:30:15"]),
            st.integers(0, 30),
            st.text(ISO_ALPHABET, max_size=3),
        ),
    )
)
def test_datetime_emulation_matches_python_311(text: str) -> None:
    real = _accepts(datetime.fromisoformat, text)
    emulated = _accepts(fromisoformat_311, text)
    assert emulated == real
    if real != "invalid":
        assert emulated.tzinfo == real.tzinfo


@needs_311
@pytest.mark.parametrize(
    "text",
    [
        "2024-01-01T12:00:00.Z",
        "2024-01-01T12:00:00.",
        "2024-01-01 00:+00:00",
        "20240101\u066100000Z",
        "2024-01-01T00:00:00\u0661Z",
        "2024-02-2912123-00:00.1",
        "0112123",
        "2024-W01",
        "0001-W1",  # a one-digit week (found by hypothesis)
        "2024W1-1",
        "2024-01-01T12:00:00+01:60",
        "2024-01-01T24:00:00",
    ],
)
def test_datetime_emulation_quirks(text: str) -> None:
    assert _accepts(fromisoformat_311, text) == _accepts(datetime.fromisoformat, text)


def test_parse_datetime_takes_what_agent_claimcheck_takes() -> None:
    for text in ("2024-01-01T00:00:00Z", "2024-01-01T00:00:00.123456789+00:00", "20240101T0000"):
        assert parse_datetime(text).year == 2024
    with pytest.raises(ValueError):
        parse_datetime("2024-13-01")
