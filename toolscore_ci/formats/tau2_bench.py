"""tau2-bench results JSON (sierra-research/tau2-bench, MIT).

One file per run of the harness: `{"info": {...}, "tasks": [...], "simulations": [...]}`. Every
simulation becomes a trace. A simulation saved on its own (a top-level object, or an array or
JSON Lines of them, as harnesses built on tau2 write `simulation.json` per run) is read the same
way, without the run's tasks and info. Its `messages` are tau2's own: `assistant` and `user`
messages with `content` and `tool_calls` (`{"id", "name", "arguments", "requestor"}`, arguments
an object), and `tool` messages whose `id` is the call's and whose `error` flag is the failure
marker. In
dual-control domains (telecom) the user simulator has tools too: those calls are `tool_call`
steps with role `user`. The simulation's `reward_info` is its label (`ground_truth`), never a
step or `meta`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats import _harness
from toolscore_ci.formats._trace import (
    TraceBuilder,
    as_dict,
    as_list,
    default_trace_id,
    first_str,
    text_of,
)
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "tau2-bench"
#: reward_info fields kept as the label's evidence.
_EVIDENCE = (
    "db_check",
    "reward_basis",
    "reward_breakdown",
    "action_checks",
    "nl_assertions",
    "env_assertions",
    "communicate_checks",
)
#: Simulation fields read, or deliberately left to the harness (ids, costs, seeds).
_KNOWN_SIM = frozenset(
    {
        "id",
        "task_id",
        "timestamp",
        "start_time",
        "end_time",
        "duration",
        "termination_reason",
        "agent_cost",
        "user_cost",
        "reward_info",
        "messages",
        "trial",
        "seed",
        "states",
        "mode",
        "info",
        "policy",
        # tau2 v1.0's voice and review fields (src/tau2/data_model/simulation.py): how the
        # full-duplex run sounded, evaluators' reviews (labels, never evidence), the user
        # simulator's bookkeeping. `ticks` repeats the messages tick by tick: read as known
        # only beside messages (a run whose messages are empty is warned about)
        "speech_environment",
        "review",
        "user_only_review",
        "auth_classification",
        "hallucination_retries_used",
        "hallucination_check",
        "provider_session_id",
        "effect_timeline",
        "env_messages",
    }
)
_KNOWN_MSG = frozenset(
    {
        "role",
        "content",
        "tool_calls",
        "turn_idx",
        "timestamp",
        "cost",
        "usage",
        "raw_data",
        "id",
        "requestor",
        "error",
        "contents",
        "is_audio",
        # tau2 v1.0's voice fields of a message: the audio it was, its effects, the user
        # simulator's turn-taking, chunking; what was said is in `content`
        "audio_format",
        "audio_path",
        "audio_script_gold",
        "speech_effects",
        "source_effects",
        "channel_effects",
        "turn_taking_action",
        "utterance_ids",
        "chunk_id",
        "is_final_chunk",
        "source",
        "contains_speech",
        "generation_time_seconds",
    }
)


def _is_simulation(v: Any) -> bool:
    return type(v) is dict and type(v.get("messages")) is list and "task_id" in v


def _is_bare_simulation(v: Any) -> bool:
    """A simulation outside a results file: tau2's own run fields beside its messages (a chat
    log with a `task_id` has neither), and messages in tau2's shape: a harness that keeps
    OpenAI's (`tool_calls[].function`, `tool_call_id`) beside a `termination_reason` writes
    chat, which the chat reader reads."""
    return (
        _is_simulation(v)
        and ("reward_info" in v or "termination_reason" in v)
        and not any(_openai_shaped(m) for m in v["messages"][:_SHAPE_LOOKAHEAD])
    )


#: How many messages of a simulation saved on its own are looked at for OpenAI's shape.
_SHAPE_LOOKAHEAD = 50


def _openai_shaped(message: Any) -> bool:
    if type(message) is not dict:
        return False
    if "tool_call_id" in message:
        return True
    return any(type(c) is dict and "function" in c for c in as_list(message.get("tool_calls")))


def sniff(first: Any) -> bool:
    if _is_bare_simulation(first):
        return True
    if type(first) is not dict or type(first.get("simulations")) is not list:
        return False
    sims = first["simulations"]
    if type(first.get("info")) is dict and type(first.get("tasks")) is list:
        return True  # a Results file, even if its first simulation is malformed
    return any(_is_simulation(s) for s in sims[:3])


def _instruction(task: dict[str, Any]) -> str | None:
    """The user simulator's scenario, as its fields read (the agent never sees it whole)."""
    inst = as_dict(task.get("user_scenario")).get("instructions")
    if isinstance(inst, str):
        return inst
    parts = [
        f"{key}: {value}"
        for key, value in as_dict(inst).items()
        if key != "domain" and isinstance(value, str) and value
    ]
    return "\n".join(parts) or None


def _add(b: TraceBuilder, msg: dict[str, Any], where: str, line: int) -> None:
    role, ts = msg.get("role"), msg.get("timestamp")
    for key in msg:
        if key not in _KNOWN_MSG:
            b.coverage.note("unplaced field", f"messages[].{key}", line)
    if role == "tool":
        error = msg.get("error") is True
        content = msg.get("content")
        b.result(
            first_str(msg.get("id")),
            None if error else content,  # the error text is the result: kept once, in `error`
            # no `error` flag at all (ToolOrchestra's messages) says nothing either way: the
            # result is judged by what it says ("Error: Tool 'toggle_data' not found.")
            ok=False if error else (True if msg.get("error") is False else None),
            error=(text_of(content) or "tool error") if error else None,
            ts=ts,
            line=line,
        )
        return
    if role not in ("assistant", "user"):
        b.coverage.note("unknown message role", str(role), line)
        return
    text = text_of(msg.get("content"))
    (b.agent if role == "assistant" else b.user)(text, ts)
    for n, call in enumerate(as_list(msg.get("tool_calls"))):
        if type(call) is not dict:
            b.coverage.note("unplaced field", f"{where}.tool_calls[{n}]", line)
            continue
        b.call(first_str(call.get("name")), call.get("arguments"), first_str(call.get("id")), ts)
        if role == "user" or call.get("requestor") == "user":
            b.steps[-1]["role"] = "user"  # the user simulator's own device tools


def _simulation(
    sim: dict[str, Any],
    n: int,
    tasks: dict[str, dict[str, Any]],
    run: dict[str, Any],
    path: str,
    line: int,
    coverage: Coverage,
) -> Iterator[ReadItem]:
    task_id = sim.get("task_id")
    task_key = str(task_id) if isinstance(task_id, (str, int)) else None
    domain = first_str(as_dict(run.get("environment_info")).get("domain_name"))
    b = TraceBuilder(
        source=NAME,
        trace_id=first_str(sim.get("id")) or f"{default_trace_id(path, line)}/simulations[{n}]",
        path=path,
        line=line,
        coverage=coverage,
    )
    b.task_id = f"{domain}-{task_key}" if domain and task_key else task_key
    for key in sim:
        if key not in _KNOWN_SIM and not (key == "ticks" and sim["messages"]):
            coverage.note("unplaced field", f"simulations[].{key}", line)
    for n, msg in enumerate(sim["messages"]):
        where = f"messages[{n}]"
        if type(msg) is not dict:
            coverage.note("unknown message", type(msg).__name__, line)
            continue
        _add(b, msg, where, line)
    task = tasks.get(task_key or "")
    if task is not None and (goal := _instruction(task)) is not None:
        b.instruction = goal
        b.meta["instruction_is_user_simulator_goal"] = True
    # the agent's policy, what the operator gave it: the run's (`info.environment_info`), or
    # each simulation's own in leaderboard submissions
    b.meta["system"] = first_str(
        sim.get("policy"), as_dict(run.get("environment_info")).get("policy")
    )
    b.meta.update(
        model=first_str(as_dict(run.get("agent_info")).get("llm")),
        user_model=first_str(as_dict(run.get("user_info")).get("llm")),
        domain=domain,
        simulation_id=first_str(sim.get("id")),
        tau2_task_id=task_key,
        trial=sim.get("trial") if type(sim.get("trial")) is int else None,
    )
    record = b.record()
    info = as_dict(sim.get("reward_info"))
    reward = _harness.reward_of(info.get("reward"))
    if reward is None:
        coverage.note("simulation without a reward", "reward_info.reward", line, outcome="no label")
        yield record
        return
    details = {k: info[k] for k in _EVIDENCE if info.get(k) is not None}
    _harness.note_partial(coverage, reward, "reward_info.reward", line)
    yield _harness.label(record, reward, details)


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    for item in _harness.taken(values, sniff, coverage):
        if isinstance(item, InputIssue):
            yield item
            continue
        v = item.value
        if "simulations" not in v:  # a simulation saved on its own
            yield from _simulation(v, 0, {}, {}, path, item.line, coverage)
            continue
        tasks = {
            str(t["id"]): t
            for t in as_list(v.get("tasks"))
            if type(t) is dict and isinstance(t.get("id"), (str, int))
        }
        run = as_dict(v.get("info"))
        if not v["simulations"]:
            yield InputIssue(
                path,
                item.line,
                "$.simulations",
                "a tau2-bench results file with no simulation in it (an empty `simulations` "
                "list): no run to check",
                severity="warning",
            )
        for n, sim in enumerate(v["simulations"]):
            if not _is_simulation(sim):
                yield InputIssue(
                    path,
                    item.line,
                    f"$.simulations[{n}]",
                    "not a tau2-bench simulation (an object with `task_id` and a `messages` "
                    "array); left out",
                )
                continue
            yield from _simulation(sim, n, tasks, run, path, item.line, coverage)
