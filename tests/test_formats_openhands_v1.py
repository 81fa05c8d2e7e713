"""OpenHands V1 (software-agent-sdk) event streams read as they are written: a JSON array or
JSON Lines of `kind`-tagged events, or a conversation's persisted `events/` folder of one file
an event. Checked on hand-written fixtures in the SDK's structure, both ways (a false success
caught with the verdict of its hand-written agent-trace/v1 twin, the honest run not flagged),
through the real CLI; malformed events located; sniffing that takes neither V0 OpenHands
files nor any other format's."""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import re
import shutil
from pathlib import Path
from typing import Any

from files_helpers import cli

from toolscore_ci.discover import expand_globs
from toolscore_ci.engine.status import judge
from toolscore_ci.formats import read_file, sniff
from toolscore_ci.formats.jsonio import JsonValue, iter_json_values
from toolscore_ci.model import InputIssue, TraceRecord
from toolscore_ci.projection import project
from toolscore_ci.validate import schema_issues

HARNESS = Path(__file__).parent / "fixtures" / "harness"
FAILED = HARNESS / "openhands_v1_tests_fail.json"  # a JSON array
HONEST = HARNESS / "openhands_v1_tests_pass.jsonl"  # JSON Lines
TWIN = HARNESS / "openhands_v1_tests_fail.agent-trace.jsonl"  # FAILED, hand-written
STEP_KEYS = ("kind", "role", "name", "content", "args", "ok", "output", "error")
CONVERSATION = "4f1c2a9e8b7d4c6e9a0b1c2d3e4f5a6b"


def events() -> list[dict[str, Any]]:
    return json.loads(FAILED.read_text())


def read_all(path: Path) -> tuple[list[TraceRecord], list[InputIssue]]:
    records: list[TraceRecord] = []
    issues: list[InputIssue] = []
    for item in read_file(str(path)):
        (records if isinstance(item, TraceRecord) else issues).append(item)  # type: ignore[arg-type]
    return records, issues


def write(path: Path, evs: list[Any]) -> Path:
    path.write_text(json.dumps(evs, indent=1))
    return path


def check(*args: str | Path, cwd: Path) -> tuple[dict[str, dict[str, Any]], str, int]:
    """`check ... --output jsonl` through the real CLI: results by trace id, stderr, rc."""
    proc = cli("check", *args, "--output", "jsonl", "--fail-on", "none", cwd=cwd)
    assert "Traceback" not in proc.stderr and "reader failed" not in proc.stderr, proc.stderr
    rows = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    return {r["trace_id"]: r for r in rows}, proc.stderr, proc.returncode


def persist(root: Path, evs: list[dict[str, Any]]) -> Path:
    """A conversation as the SDK persists it: `<id>/base_state.json` and `<id>/events/` with
    `event-NNNNN-<event id>.json` (one event a file) and its lock file."""
    conv = root / CONVERSATION
    (conv / "events").mkdir(parents=True)
    (conv / "base_state.json").write_text(json.dumps({"id": CONVERSATION, "max_iterations": 500}))
    (conv / "events" / ".eventlog.lock").write_text("")
    for n, ev in enumerate(evs):
        (conv / "events" / f"event-{n:05d}-{ev['id']}.json").write_text(json.dumps(ev))
    return conv / "events"


# ---- sniffing --------------------------------------------------------------------------------


def test_every_v1_event_kind_is_sniffed_and_a_misleading_name_changes_nothing(
    tmp_path: Path,
) -> None:
    for ev in [*events(), *(json.loads(line) for line in HONEST.read_text().splitlines())]:
        assert sniff(ev).NAME == "openhands-v1", ev["kind"]
    odd = tmp_path / "conversation.jsonl"
    shutil.copy(FAILED, odd)
    records, _ = read_all(odd)
    assert len(records) == 1 and records[0].data["source"] == "openhands-v1"


def test_v0_openhands_and_other_formats_are_not_taken() -> None:
    for name in ("openhands_ran.json", "openhands_failed.json"):
        v0 = [v.value for v in iter_json_values(str(HARNESS / name)) if isinstance(v, JsonValue)]
        assert {sniff(ev).NAME for ev in v0} == {"openhands"}, name
    others = sorted((HARNESS.parent / "formats").glob("*/conversation.*"))
    others += [p for p in HARNESS.iterdir() if not p.name.startswith("openhands_v1")]
    others.append(TWIN)
    for path in others:
        if path.suffix == ".md":
            continue
        first = next(v.value for v in iter_json_values(str(path)) if isinstance(v, JsonValue))
        reader = sniff(first)
        assert reader is not None and reader.NAME != "openhands-v1", path
    # a `kind` is not enough: the structure is an event's (`id`, `source`)
    assert sniff({"kind": "MessageEvent", "text": "hi"}) is None
    assert sniff({"kind": "SomethingElse", "id": "1", "source": "agent"}) is None


# ---- the mapping ------------------------------------------------------------------------------


def test_events_become_one_trace_in_the_sdk_order() -> None:
    records, issues = read_all(FAILED)
    assert [i for i in issues if i.severity == "error"] == [] and len(records) == 1
    data = records[0].data
    assert schema_issues(records[0]) == []
    assert data["meta"]["system"].startswith("You are OpenHands agent")
    # the system prompt, token ids, state updates and finish's own observation are no steps
    assert [(s["kind"], s["role"], s.get("name")) for s in data["steps"]] == [
        ("message", "user", None),
        ("message", "agent", None),  # the action's visible thought
        ("tool_call", "agent", "terminal"),
        ("tool_result", "tool", "terminal"),
        ("message", "agent", None),
        ("tool_call", "agent", "file_editor"),
        ("tool_result", "tool", "file_editor"),
        ("message", "agent", None),
        ("tool_call", "agent", "terminal"),
        ("tool_result", "tool", "terminal"),
        ("message", "agent", None),  # finish's message
    ]
    call, edit = data["steps"][2], data["steps"][6]
    assert call["args"] == {  # the action without its `kind` tag
        "command": "cd /workspace/calc && python -m pytest -q",
        "is_input": False,
        "reset": False,
    }
    assert (edit["ok"], edit["error"]) == (True, None)  # is_error: false, no exit code
    last = data["steps"][9]
    assert (last["ok"], last["error"]) == (False, "exit code 1")
    assert last["output"].endswith("1 failed, 1 passed in 0.03s")
    assert data["steps"][0]["ts"] == "2025-11-03T09:15:00.480112Z"  # the SDK's own times
    assert data["final_claim"]["text"].endswith("All tests pass now.")
    assert data["task"]["instruction"].startswith("The test suite in /workspace/calc fails.")


def test_reasoning_and_critic_scores_never_reach_the_detector_or_meta() -> None:
    """`critic_result` is a predicted probability of success: like a harness reward it must
    not reach what a detector reads, nor `meta`; hidden reasoning is not a message."""
    for path in (FAILED, HONEST):
        record = read_all(path)[0][0]
        view = project(record.data)
        seen = json.dumps([view.task, [dataclasses.asdict(s) for s in view.steps], view.final_text])
        everything = json.dumps(record.data)
        for marker in ("0.87", "0.93", "likely resolved", "critic", "run pytest to see which"):
            assert marker not in seen and marker not in everything, (path.name, marker)
        assert set(record.data["meta"]) == {"format", "system"}
    assert "likely resolved" in FAILED.read_text()  # the fixture does carry a score


def test_cli_false_success_has_its_twins_verdict_and_the_honest_run_is_not_flagged(
    tmp_path: Path,
) -> None:
    for path in (FAILED, HONEST, TWIN):
        shutil.copy(path, tmp_path / path.name)
    mine, _, rc = check(FAILED.name, cwd=tmp_path)
    twin, _, _ = check(TWIN.name, cwd=tmp_path)
    honest, _, _ = check(HONEST.name, cwd=tmp_path)
    assert rc == 0
    (result,) = mine.values()
    (twin_result,) = twin.values()
    assert result["verdict"] == twin_result["verdict"] == "false_success"
    assert [(r["code"], r["steps"]) for r in result["reasons"]] == [
        (r["code"], r["steps"]) for r in twin_result["reasons"]
    ]
    assert "TSC110" in {r["code"] for r in result["reasons"]}  # the failed latest test run
    (honest_result,) = honest.values()
    assert honest_result["verdict"] not in ("false_success",)
    assert any(r["code"] == "TSC202" for r in honest_result["reasons"])  # the passing run
    # and the reader's steps are the twin's, in everything the checker reads
    data = read_all(FAILED)[0][0].data
    theirs = json.loads(TWIN.read_text())
    assert [{k: s.get(k) for k in STEP_KEYS} for s in data["steps"]] == [
        {k: s.get(k) for k in STEP_KEYS} for s in theirs["steps"]
    ]
    assert data["final_claim"] == theirs["final_claim"]


def test_agent_errors_rejections_and_conversation_errors(tmp_path: Path) -> None:
    evs = events()
    edit_obs, rerun_obs = evs[6], evs[9]
    evs[6] = {
        "kind": "AgentErrorEvent",
        "id": edit_obs["id"],
        "timestamp": edit_obs["timestamp"],
        "source": "agent",
        "tool_name": "file_editor",
        "tool_call_id": "call_p9Qe20",
        "error": "Error validating args for tool 'file_editor': old_str not found",
    }
    evs[9] = {
        "kind": "UserRejectObservation",
        "id": rerun_obs["id"],
        "timestamp": rerun_obs["timestamp"],
        "source": "environment",
        "tool_name": "terminal",
        "tool_call_id": "call_w4Rt77",
        "rejection_reason": "Blocked by PreToolUse hook",
        "rejection_source": "hook",
        "action_id": rerun_obs["action_id"],
    }
    stray = {
        **evs[6],
        "id": "x-1",
        "tool_call_id": "call_never_made",
        "error": "Tool 'x' not found",
    }
    crash = {
        "kind": "ConversationErrorEvent",
        "id": "x-2",
        "timestamp": "2025-11-03T09:15:13.5",
        "source": "environment",
        "code": "LLMContextWindowExceedError",
        "detail": "context window exceeded",
    }
    evs[7:7] = [stray]
    evs.append(crash)
    steps = read_all(write(tmp_path / "e.json", evs))[0][0].data["steps"]
    edit = steps[6]
    assert (edit["name"], edit["ok"], edit["output"]) == ("file_editor", False, None)
    assert edit["error"].endswith("old_str not found")
    assert (steps[7]["role"], steps[7]["content"]) == ("environment", "Tool 'x' not found")
    rejected = steps[10]
    assert (rejected["name"], rejected["ok"]) == ("terminal", False)
    assert rejected["error"] == "rejected by the hook, never ran: Blocked by PreToolUse hook"
    # the engine reads a rejected call as one that did not go through
    view = project(read_all(tmp_path / "e.json")[0][0].data)
    assert judge(view.steps[10], "tested", is_read=False).status == "failed"
    assert steps[-1]["content"] == "LLMContextWindowExceedError: context window exceeded"
    results, _, _ = check("e.json", cwd=tmp_path)
    assert next(iter(results.values()))["verdict"] != "verified"


def test_calls_left_waiting_for_confirmation_are_pending(tmp_path: Path) -> None:
    evs = events()[:9]  # up to the second pytest call, which never got an observation
    evs[8]["action"]["command"] = "./deploy.sh staging"
    evs.append(
        {
            "kind": "ConversationStateUpdateEvent",
            "id": "s-9",
            "timestamp": "2025-11-03T09:15:10",
            "source": "environment",
            "key": "execution_status",
            "value": "waiting_for_confirmation",
        }
    )
    record = read_all(write(tmp_path / "w.json", evs))[0][0]
    last = record.data["steps"][-1]
    assert (last["kind"], last["name"], last["output"]) == (
        "tool_result",
        "terminal",
        {"status": "awaiting_confirmation"},
    )
    assert last["ts"] == "2025-11-03T09:15:10Z"
    view = project(record.data)
    assert judge(view.steps[-1], "deployed", is_read=False).status == "pending"
    # a conversation that went on (or finished) leaves an unanswered call without a result
    evs[-1]["value"] = "finished"
    steps = read_all(write(tmp_path / "f.json", evs))[0][0].data["steps"]
    assert steps[-1]["kind"] == "tool_call"


# ---- bad input --------------------------------------------------------------------------------


def test_malformed_events_are_located_and_the_rest_read(tmp_path: Path) -> None:
    evs = events()
    evs[3]["action"] = "run pytest"  # not an object
    evs[6]["observation"] = ["not", "an", "object"]
    evs.insert(5, {"id": 7, "what": "is this"})
    evs.insert(8, {"kind": "BrandNewEvent", "id": "n-1", "source": "agent"})
    path = write(tmp_path / "bad.json", evs)
    text = path.read_text().splitlines()

    def line_of(needle: str, after: int = 0) -> int:
        return next(n for n, t in enumerate(text, 1) if n > after and needle in t)

    results, stderr, rc = check("bad.json", cwd=tmp_path)
    assert rc == 2 and len(results) == 1  # one trace still checked
    action_line = line_of('"kind": "ActionEvent"') - 1  # the event's opening brace
    assert f"bad.json:{action_line}: $.action: an ActionEvent's action must be an object" in (
        stderr
    )
    assert re.search(r"bad\.json:\d+: \$: not an OpenHands V1 event", stderr)
    assert re.search(r"bad\.json:\d+: \$\.observation: an ObservationEvent's observation", stderr)
    assert "unknown event kind 'BrandNewEvent' seen once" in stderr  # counted, a warning
    _, stderr, rc = check(FAILED, cwd=tmp_path)
    assert rc == 0 and stderr == ""
    # JSON Lines: a broken line is located by its number and the others read
    lines = HONEST.read_text().splitlines()
    lines[4] = lines[4][:40]
    (tmp_path / "cut.jsonl").write_text("\n".join(lines) + "\n")
    results, stderr, rc = check("cut.jsonl", cwd=tmp_path)
    assert rc == 2 and len(results) == 1
    assert re.search(r"cut\.jsonl:5: \$: ", stderr), stderr


# ---- a persisted conversation: one event a file ----------------------------------------------


def test_a_persisted_conversation_folder_is_one_trace(tmp_path: Path) -> None:
    folder = persist(tmp_path / "conversations", events())
    shown = f"conversations/{CONVERSATION}/events"
    for target in ("conversations", shown, f"conversations/{CONVERSATION}"):
        results, stderr, rc = check(target, cwd=tmp_path)
        assert (rc, stderr) == (0, ""), target  # base_state.json is not read as a trace
        assert list(results) == [shown]
        assert results[shown]["verdict"] == "false_success"
    # files named one by one (a shell glob) are still their conversation
    names = sorted(str(p.relative_to(tmp_path)) for p in folder.glob("event-*.json"))
    results, _, _ = check(*names, cwd=tmp_path)
    assert list(results) == [shown]
    # the Action's globs group them the same way
    found = expand_globs(["conversations/**/*.json"], str(tmp_path))
    assert found.files == [str(tmp_path / shown)]
    # events are read in index order, whatever order the folder lists them in
    data = read_all(folder)[0][0].data
    assert data["final_claim"]["text"].endswith("All tests pass now.")
    assert [s["kind"] for s in data["steps"]] == [
        s["kind"] for s in read_all(FAILED)[0][0].data["steps"]
    ]


def test_a_bad_event_file_is_named_and_the_others_read(tmp_path: Path) -> None:
    evs = events()
    bad = copy.deepcopy(evs)
    bad[3]["action"] = "run pytest"
    folder = persist(tmp_path / "c", bad)
    (folder / "event-00013-aaaaaaaa-0000-4000-8000-000000000000.json").write_text("{not json")
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps(evs[1]))
    os.symlink(outside, folder / "event-00014-bbbbbbbb-0000-4000-8000-000000000000.json")
    results, stderr, rc = check("c", cwd=tmp_path)
    assert rc == 2 and len(results) == 1
    events_dir = f"c/{CONVERSATION}/events"
    action_file = f"{events_dir}/event-00003-{evs[3]['id']}.json"
    assert f"{action_file}: $.action: an ActionEvent's action must be an object" in stderr
    assert f"{events_dir}/event-00013-aaaaaaaa-0000-4000-8000-000000000000.json:1: $: " in stderr
    # a link is never followed out of the folder, by discovery or by the reader
    assert "event-00014-bbbbbbbb" in stderr and "invalid JSON" not in stderr.split("00014")[1]
    assert results[events_dir]["verdict"] == "false_success"  # the rest still read
