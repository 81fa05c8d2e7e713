"""`check --otel-out FILE`: every result as an OpenTelemetry `gen_ai.evaluation.result` log
record in OTLP/JSON (report/otel.py), through the real CLI. The document is checked against the
OTLP/JSON logs shape (resourceLogs / scopeLogs / logRecords, attributes as key + AnyValue) and,
where opentelemetry-proto is installed, parsed into the protocol's own LogsData message."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from files_helpers import EXAMPLES, REPO, cli, run_action

OTEL_TRACE = REPO / "tests" / "fixtures" / "formats" / "otel_genai" / "conversation.jsonl"
OTEL_TRACE_ID = "5b8efff798038103d269b633813fc60c"  # the traceId of its spans
OTEL_ROOT_SPAN_ID = "00000000000000aa"  # its root span: invoke_agent, no parent

_ANY = {
    "type": "object",
    "minProperties": 1,
    "maxProperties": 1,
    "properties": {
        "stringValue": {"type": "string"},
        "boolValue": {"type": "boolean"},
        "intValue": {"type": "string", "pattern": "^-?[0-9]+$"},
        "doubleValue": {"type": "number"},
        "arrayValue": {"type": "object"},
        "kvlistValue": {"type": "object"},
        "bytesValue": {"type": "string"},
    },
    "additionalProperties": False,
}
_KV = {
    "type": "array",
    "items": {
        "type": "object",
        "required": ["key", "value"],
        "additionalProperties": False,
        "properties": {"key": {"type": "string", "minLength": 1}, "value": _ANY},
    },
}
_NANOS = {"type": "string", "pattern": "^[0-9]+$"}
#: The OTLP/JSON logs document (opentelemetry-proto logs.proto, in the OTLP JSON encoding:
#: lowerCamelCase field names, 64-bit integers as strings, trace and span ids as hex).
OTLP_LOGS = {
    "type": "object",
    "required": ["resourceLogs"],
    "additionalProperties": False,
    "properties": {
        "resourceLogs": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["resource", "scopeLogs"],
                "additionalProperties": False,
                "properties": {
                    "resource": {
                        "type": "object",
                        "additionalProperties": False,
                        "properties": {"attributes": _KV},
                    },
                    "schemaUrl": {"type": "string"},
                    "scopeLogs": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["scope", "logRecords"],
                            "additionalProperties": False,
                            "properties": {
                                "scope": {
                                    "type": "object",
                                    "additionalProperties": False,
                                    "properties": {
                                        "name": {"type": "string"},
                                        "version": {"type": "string"},
                                    },
                                },
                                "schemaUrl": {"type": "string"},
                                "logRecords": {
                                    "type": "array",
                                    "items": {
                                        "type": "object",
                                        "required": ["timeUnixNano", "eventName", "attributes"],
                                        "additionalProperties": False,
                                        "properties": {
                                            "timeUnixNano": _NANOS,
                                            "observedTimeUnixNano": _NANOS,
                                            "severityNumber": {
                                                "type": "integer",
                                                "minimum": 1,
                                                "maximum": 24,
                                            },
                                            "severityText": {"type": "string"},
                                            "body": _ANY,
                                            "attributes": _KV,
                                            "traceId": {
                                                "type": "string",
                                                "pattern": "^[0-9a-f]{32}$",
                                            },
                                            "spanId": {
                                                "type": "string",
                                                "pattern": "^[0-9a-f]{16}$",
                                            },
                                            "flags": {"type": "integer"},
                                            "eventName": {"type": "string"},
                                        },
                                    },
                                },
                            },
                        },
                    },
                },
            },
        }
    },
}


def run(tmp_path: Path, *inputs: Path, extra: tuple[str, ...] = ()) -> tuple[Any, dict[str, Any]]:
    out = tmp_path / "verdicts.otlp.json"
    proc = cli(
        "check", *inputs, "--detector", "checks", "--output", "jsonl", "--otel-out", out, *extra,
        cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode in (0, 1), proc.stderr
    results = [json.loads(line) for line in proc.stdout.splitlines()]
    return results, json.loads(out.read_text(encoding="utf-8"))


def records(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return [r for rl in doc["resourceLogs"] for sl in rl["scopeLogs"] for r in sl["logRecords"]]


def attrs(record: dict[str, Any]) -> dict[str, Any]:
    return {a["key"]: next(iter(a["value"].values())) for a in record["attributes"]}


def test_one_evaluation_event_per_result_in_the_otlp_logs_shape(tmp_path: Path) -> None:
    results, doc = run(tmp_path, EXAMPLES)
    jsonschema.validate(doc, OTLP_LOGS)
    recs = records(doc)
    assert len(recs) == len(results) == 12
    for result, rec in zip(results, recs, strict=True):
        a = attrs(rec)
        assert rec["eventName"] == a["event.name"] == "gen_ai.evaluation.result"
        assert a["gen_ai.evaluation.name"] == "toolscore-ci.success_claims"
        assert a["gen_ai.evaluation.score.label"] == result["verdict"]
        assert a["toolscore.trace_id"] == result["trace_id"]
        if result["verdict"] == "skipped":
            assert "gen_ai.evaluation.score.value" not in a  # nothing claimed: no score
        else:
            assert a["gen_ai.evaluation.score.value"] == result["p_success"]
        for reason in result["reasons"]:
            assert reason["detail"][:60] in a["gen_ai.evaluation.explanation"]
        # these traces' ids are not W3C trace ids: the record says which trace by attribute only
        assert "traceId" not in rec and "spanId" not in rec
    verdicts = {r["verdict"] for r in results}
    assert {"false_success", "verified"} <= verdicts


def test_the_shape_check_rejects_what_a_collector_would(tmp_path: Path) -> None:
    # the structural schema is not vacuous: a raw attribute value, a base64-looking trace id,
    # a numeric timestamp are each refused
    _results, doc = run(tmp_path, EXAMPLES)
    for spoil in (
        lambda r: r["attributes"].append({"key": "x", "value": 1}),
        lambda r: r.__setitem__("traceId", "W47/95gDgQPSabYzgT/GDA=="),
        lambda r: r.__setitem__("timeUnixNano", 1700000000000000000),
        lambda r: r["attributes"][0]["value"].__setitem__("intValue", "1"),  # two AnyValues
    ):
        bad = copy.deepcopy(doc)
        spoil(records(bad)[0])
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, OTLP_LOGS)


def test_an_otel_trace_is_keyed_to_its_trace_id(tmp_path: Path) -> None:
    results, doc = run(tmp_path, OTEL_TRACE)
    (result,) = results
    (rec,) = records(doc)
    assert result["trace_id"] == OTEL_TRACE_ID
    assert rec["traceId"] == OTEL_TRACE_ID
    # parented to the root span (the agent's run, invoke_agent), which the verdict judges
    assert rec["spanId"] == OTEL_ROOT_SPAN_ID
    assert result["span_id"] == OTEL_ROOT_SPAN_ID
    assert rec["severityText"] == "WARN" and attrs(rec)["gen_ai.evaluation.score.label"] == (
        "false_success"
    )


def test_the_document_parses_as_the_protocols_logs_data(tmp_path: Path) -> None:
    json_format = pytest.importorskip(
        "google.protobuf.json_format", reason="opentelemetry-proto is not installed"
    )
    logs_pb2 = pytest.importorskip(
        "opentelemetry.proto.logs.v1.logs_pb2", reason="opentelemetry-proto is not installed"
    )
    _results, doc = run(tmp_path, EXAMPLES, OTEL_TRACE)
    # OTLP/JSON writes ids as hex where the proto3 JSON mapping expects base64: decode them
    # as a collector does, then let the protocol's own parser refuse any unknown field
    ids, spans = [], []
    for rec in records(doc):
        if "traceId" in rec:
            ids.append(bytes.fromhex(rec.pop("traceId")))
        if "spanId" in rec:
            spans.append(bytes.fromhex(rec.pop("spanId")))
    data = json_format.Parse(json.dumps(doc), logs_pb2.LogsData())
    parsed = data.resource_logs[0].scope_logs[0].log_records
    assert len(parsed) == 13 and ids == [bytes.fromhex(OTEL_TRACE_ID)]
    assert spans == [bytes.fromhex(OTEL_ROOT_SPAN_ID)]
    assert {r.event_name for r in parsed} == {"gen_ai.evaluation.result"}
    assert all(r.time_unix_nano > 0 for r in parsed)


def test_expected_call_findings_are_in_the_explanation(tmp_path: Path) -> None:
    trace = json.loads(EXAMPLES.read_text(encoding="utf-8").splitlines()[0])
    trace["task"]["expected_calls"] = [{"name": "calendar.delete_event"}]
    trace["task"]["expected_calls_match"] = "superset"  # its two calls are extras, allowed
    path = tmp_path / "gold.jsonl"
    path.write_text(json.dumps(trace) + "\n", encoding="utf-8")
    (result,), doc = run(tmp_path, path)
    a = attrs(records(doc)[0])
    assert (
        "TSC150 contradicted: the task expects a call calendar.delete_event"
        in (a["gen_ai.evaluation.explanation"])
    )
    assert a["toolscore.expected_calls.findings"] == "1"
    assert result["verdict"] == "false_success"


def test_written_whole_or_not_at_all(tmp_path: Path) -> None:
    out = tmp_path / "verdicts.otlp.json"
    out.write_text("previous run\n", encoding="utf-8")
    # a usage error after the file was opened (an unwritable --out) leaves the old file alone
    proc = cli(
        "check", EXAMPLES, "--otel-out", out, "--output", "jsonl", "--out", tmp_path / "no" / "x",
        cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert out.read_text(encoding="utf-8") == "previous run\n"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    # a missing directory is a usage error naming the option
    proc = cli("check", EXAMPLES, "--otel-out", tmp_path / "missing" / "o.json", cwd=tmp_path)
    assert proc.returncode == 2 and "--otel-out" in proc.stderr and "Traceback" not in proc.stderr
    # no trace at all: still a valid document, with no records
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    proc = cli("check", empty, "--otel-out", out, "--no-fail-on-empty", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(out.read_text(encoding="utf-8"))
    jsonschema.validate(doc, OTLP_LOGS)
    assert records(doc) == []


def test_the_action_writes_the_same_records_with_otel_file(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "traces").mkdir(parents=True)
    (ws / "traces" / "examples.jsonl").write_bytes(EXAMPLES.read_bytes())
    action = run_action(
        ws, tmp_path / "run", fail_on="none", detector="checks", otel_file="out/verdicts.json"
    )
    assert action.rc == 0, action.stdout
    doc = json.loads((ws / "out" / "verdicts.json").read_text(encoding="utf-8"))
    jsonschema.validate(doc, OTLP_LOGS)
    results, cli_doc = run(tmp_path, EXAMPLES)
    labels = [attrs(r)["gen_ai.evaluation.score.label"] for r in records(doc)]
    assert labels == [attrs(r)["gen_ai.evaluation.score.label"] for r in records(cli_doc)]
    assert labels == [r["verdict"] for r in results]
    # without the input, no file
    run_action(ws, tmp_path / "run2", fail_on="none")
    assert sorted(p.name for p in (ws / "out").iterdir()) == ["verdicts.json"]


def test_cli_docs_list_the_option() -> None:
    for page in ("docs/cli.md", "README.md"):
        text = (REPO / page).read_text(encoding="utf-8")
        assert re.search(r"--otel-out", text), page


@pytest.mark.parametrize(
    ("meta", "expected"),
    [
        ({"root_span_id": "00000000000000aa"}, "00000000000000aa"),
        ({"root_span_id": "0000000000000000"}, None),  # the invalid all-zero id
        ({"root_span_id": "00AA"}, None),
        ({"root_span_id": 170}, None),
        ({}, None),
        ("not a mapping", None),
    ],
)
def test_only_a_w3c_root_span_id_is_kept(meta: object, expected: str | None) -> None:
    from toolscore_ci.formats.otel_genai import root_span_of

    assert root_span_of({"meta": meta}) == expected
