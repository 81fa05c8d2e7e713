"""Every reader against its fixture: the converted trace equals the hand-written agent-trace/v1
version in what the checker reads, sniffing picks the reader by structure, and the real CLI
gives the same verdicts for both and converts every format into valid agent-trace/v1."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from toolscore_ci.formats import read_file, reader_names, sniff
from toolscore_ci.formats.jsonio import JsonValue, iter_json_values
from toolscore_ci.model import InputIssue, TraceRecord
from toolscore_ci.validate import schema_issues

FIXTURES = Path(__file__).parent / "fixtures" / "formats"
#: fixture folder -> (reader name, conversation file)
FORMATS = {
    "openai_chat": ("openai-chat", "conversation.json"),
    "openai_responses": ("openai-responses", "conversation.jsonl"),
    "anthropic": ("anthropic", "conversation.json"),
    "otel_genai": ("otel-genai", "conversation.jsonl"),
    "langsmith": ("langsmith", "conversation.jsonl"),
    "langfuse": ("langfuse", "conversation.json"),
    "claude_code": ("claude-code", "conversation.jsonl"),
    "claude_code_stream": ("claude-code", "conversation.jsonl"),  # `claude -p` stream-json
    "codex": ("codex", "conversation.jsonl"),
    "langchain": ("langchain", "conversation.json"),
    "pydantic_ai": ("pydantic-ai", "conversation.json"),
    "smolagents": ("smolagents", "conversation.json"),
    "crewai": ("crewai", "conversation.jsonl"),
    "llamaindex": ("llamaindex", "conversation.json"),
    "mistral": ("mistral", "conversation.json"),
    "autogen": ("autogen", "conversation.json"),
    "ag2": ("ag2", "conversation.json"),
    "cline": ("cline", "conversation.json"),
    "gemini": ("gemini", "conversation.json"),
    "google_adk": ("google-adk", "conversation.json"),
    "vercel_ai": ("vercel-ai", "conversation.json"),
    "atif": ("atif", "conversation.json"),
    "goose": ("goose", "conversation.jsonl"),
    "pi": ("pi", "conversation.jsonl"),  # `pi --print --mode json`
    "moatless": ("moatless", "conversation.json"),  # a SWE-bench run, hand-written (v0 shape)
}
STEP_KEYS = ("i", "kind", "role", "name", "content", "args", "ok", "output", "error")


def relevant(trace: dict[str, Any]) -> dict[str, Any]:
    """What the checker reads: everything but ids, timestamps, source and meta."""
    return {
        "instruction": trace["task"]["instruction"],
        "domain": trace["task"]["domain"],
        "final": trace["final_claim"]["text"],
        "steps": [{k: s.get(k) for k in STEP_KEYS} for s in trace["steps"]],
    }


def read_all(path: Path, fmt: str = "auto") -> tuple[list[TraceRecord], list[InputIssue]]:
    records, issues = [], []
    for item in read_file(str(path), fmt):
        (records if isinstance(item, TraceRecord) else issues).append(item)
    return records, issues  # type: ignore[return-value]


def first_value(path: Path) -> Any:
    return next(v.value for v in iter_json_values(str(path)) if isinstance(v, JsonValue))


@pytest.mark.parametrize("folder", sorted(FORMATS))
def test_converted_equals_hand_written(folder: str) -> None:
    name, conv = FORMATS[folder]
    records, issues = read_all(FIXTURES / folder / conv)
    assert [i for i in issues if i.severity == "error"] == []
    lines = (FIXTURES / folder / "expected.agent-trace.jsonl").read_text().splitlines()
    expected = [json.loads(line) for line in lines if line.strip()]
    # one run a fixture, and its subagents' runs after it (a Claude Code stream's Task)
    assert len(records) == len(expected)
    for record, twin in zip(records, expected, strict=True):
        data = record.data
        assert schema_issues(record) == []
        assert data["source"] == name and data["meta"]["format"] in (name, "openai-agents")
        assert relevant(data) == relevant(twin)


@pytest.mark.parametrize("folder", sorted(FORMATS))
def test_sniffing_is_by_structure(folder: str, tmp_path: Path) -> None:
    name, conv = FORMATS[folder]
    reader = sniff(first_value(FIXTURES / folder / conv))
    assert reader is not None and name == reader.NAME
    # A misleading file name changes nothing.
    odd = tmp_path / "agent-trace-v1.json"
    shutil.copy(FIXTURES / folder / conv, odd)
    records, _ = read_all(odd)
    assert records[0].data["source"] == name


def test_every_reader_is_registered() -> None:
    assert reader_names()[0] == "agent-trace"
    # state-probes is recognised only to be reported (a probes file met among traces)
    # harness results files have their own tests (test_formats_harness.py)
    harness = {"tau2-bench", "tau-bench", "swe-agent", "inspect", "openhands", "openhands-v1"}
    harness |= {"terminus"}  # Terminal-Bench / SkillsBench episode logs (test_formats_terminus.py)
    harness |= {"agentdojo"}  # AgentDojo task results (test_formats_agentdojo.py)
    reported = {"state-probes", "cline-ui"}  # recognised only to be reported
    expected = {"agent-trace", *reported, *harness, *(n for n, _ in FORMATS.values())}
    assert set(reader_names()) == expected
    assert reader_names()[-1] == "state-probes"


def _cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolscore_ci", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=cwd,
    )


def _verdicts(path: Path) -> list[str]:
    proc = _cli("check", str(path), "--output", "jsonl", "--fail-on", "none")
    assert proc.returncode == 0, proc.stderr
    return [json.loads(line)["verdict"] for line in proc.stdout.splitlines() if line.strip()]


@pytest.mark.parametrize("folder", sorted(FORMATS))
def test_same_verdicts_as_hand_written(folder: str) -> None:
    _, conv = FORMATS[folder]
    converted = _verdicts(FIXTURES / folder / conv)
    hand = _verdicts(FIXTURES / folder / "expected.agent-trace.jsonl")
    assert converted and converted == hand


def test_convert_writes_valid_agent_trace_for_every_format(tmp_path: Path) -> None:
    out = tmp_path / "all.jsonl"
    paths = [str(FIXTURES / folder / conv) for folder, (_, conv) in sorted(FORMATS.items())]
    proc = _cli("convert", *paths, "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    lines = out.read_text().splitlines()
    twins = [
        line
        for folder in FORMATS
        for line in (FIXTURES / folder / "expected.agent-trace.jsonl").read_text().splitlines()
        if line.strip()
    ]
    assert len(lines) == len(twins)
    sources = set()
    for n, line in enumerate(lines, 1):
        record = TraceRecord(json.loads(line), str(out), n)
        assert schema_issues(record) == []
        sources.add(record.data["source"])
    assert sources == {n for n, _ in FORMATS.values()}
    # The output reads back as the native format, unchanged.
    back, issues = read_all(out)
    assert issues == [] and [r.data for r in back] == [json.loads(x) for x in lines]


def test_forced_format_and_unknown_format() -> None:
    conv = FIXTURES / "anthropic" / "conversation.json"
    records, _ = read_all(conv, "anthropic")
    assert records[0].data["source"] == "anthropic"
    proc = _cli("convert", str(conv), "--format", "nope", "--out", "-")
    assert proc.returncode == 2 and "unknown --format 'nope'" in proc.stderr


def test_examples_folder_mixes_every_format() -> None:
    examples = Path(__file__).parent.parent / "examples" / "formats"
    proc = _cli("check", str(examples), "--output", "jsonl", "--fail-on", "none")
    assert proc.returncode == 0, proc.stderr
    results = [json.loads(x) for x in proc.stdout.splitlines() if x.strip()]
    # a Claude Code stream's Task subagent is a run of its own, after its session's
    subagents = [r for r in results if "/task-" in r["trace_id"]]
    assert [r["verdict"] for r in subagents] == ["verified"]
    results = [r for r in results if r not in subagents]
    files = {Path(r["source_file"]).name for r in results}
    assert len(results) == len(FORMATS) == len(files)  # one verdict per conversation
    verdict = {Path(r["source_file"]).name: r["verdict"] for r in results}
    # The false claims (a failed booking, failing tests) must be caught in every format; the
    # honest conversations must never be called false.
    for name in (
        "anthropic.json",
        "langsmith.jsonl",
        "claude-code.jsonl",
        "claude-code-stream.jsonl",
        "codex.jsonl",
    ):
        assert verdict[name] == "false_success", (name, verdict)
    for name in (
        "openai-chat.json",
        "openai-responses.jsonl",
        "otel-genai.jsonl",
        "langfuse.json",
        "langchain.json",
        "pydantic-ai.json",
        "smolagents.json",
        "crewai.jsonl",
        "llamaindex.json",
        "mistral.json",
        "autogen.json",
        "ag2.json",
        "cline.json",
        "gemini.json",
        "google-adk.json",
        "vercel-ai.json",
        "atif.json",
        "goose.jsonl",
        "pi.jsonl",
        "moatless.json",
    ):
        assert verdict[name] != "false_success", (name, verdict)


def test_probes_file_among_traces_is_reported_not_failed(tmp_path: Path) -> None:
    trace = {
        "schema": "agent-trace/v1",
        "trace_id": "t1",
        "source": "tests",
        "task": {"id": "t1", "domain": "other", "instruction": "hi"},
        "steps": [
            {
                "i": 0,
                "ts": "2026-01-01T00:00:00Z",
                "kind": "message",
                "role": "agent",
                "content": "Hello.",
            }
        ],
        "final_claim": {"text": "Hello."},
    }
    probe = {
        "trace_id": "t1",
        "name": "calendar.get_event",
        "args": {},
        "ok": True,
        "output": {},
        "ts": "2026-01-01T00:00:01Z",
    }
    (tmp_path / "traces.jsonl").write_text(json.dumps(trace) + "\n")
    (tmp_path / "probes.jsonl").write_text(json.dumps(probe) + "\n")
    proc = _cli("check", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert "state-probes file" in proc.stderr and "--probes" in proc.stderr
    assert "1 trace" in proc.stdout
