"""A task's gold tool calls (`task.expected_calls`) against the calls the agent made.

Expected calls are task data (what the task requires be called), not labels: unlike
`ground_truth` they reach the detector. They are not claims either: each difference is an
`ExpectedFinding`, reported beside the claims in the result's `expected_calls`, and decides the
verdict only as `decide` says (docs/engine.md, "Expected calls").

The match modes are agentevals' `trajectory_match_mode` (LangChain agentevals,
`create_trajectory_match_evaluator`): `strict` the same calls in the same order, `unordered`
the same calls in any order, `subset` the agent calls only expected tools (missing allowed),
`superset` the agent makes at least the expected calls (extra allowed). Arguments match as
Toolscore's argument match and agentevals' `tool_args_match_mode="subset"` do: every key the
expected call gives must be present with an equal value; a key it leaves out is not checked.

The checks are a registry of their own (not the claim checks' precedence: they judge no claim),
each a function with a stable code and a docstring.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Literal

from toolscore_ci.engine.index import Effect, TraceIndex, effect_of
from toolscore_ci.model import ExpectedCalls, ExpectedFinding, Outcome
from toolscore_ci.toolkinds import categorize

Mode = Literal["strict", "unordered", "subset", "superset"]
MODES: tuple[Mode, ...] = ("strict", "unordered", "subset", "superset")
#: agentevals' default mode.
DEFAULT_MODE: Mode = "strict"
#: The modes in which every expected call is required (a missing or wrong one contradicts).
REQUIRED: frozenset[str] = frozenset({"strict", "unordered", "superset"})
#: The modes in which a call the task did not expect is a finding.
NO_EXTRAS: frozenset[str] = frozenset({"strict", "unordered", "subset"})


@dataclass(frozen=True)
class Call:
    """One agent call, by its position in the trace's steps."""

    step: int
    name: str
    args: Mapping[str, Any]
    effect: Effect  # as the index judged it (a rule pack's tool_categories first)


@dataclass
class Pairing:
    """Which agent call each expected call was paired with, and how well it matched."""

    mode: Mode
    expected: list[dict[str, Any]]
    calls: list[Call]
    exact: dict[int, int]  # expected index -> call index, name and arguments match
    named: dict[int, int]  # expected index -> call index, name matches, arguments do not

    @property
    def used(self) -> set[int]:
        return set(self.exact.values()) | set(self.named.values())


ExpectedFn = Callable[[Pairing], list[ExpectedFinding]]


@dataclass(frozen=True)
class ExpectedCheck:
    code: str
    name: str
    outcome: Outcome
    run: ExpectedFn

    @property
    def doc(self) -> str:
        return (self.run.__doc__ or "").strip()


_CHECKS: dict[str, ExpectedCheck] = {}


def expected_check(code: str, name: str, outcome: Outcome) -> Callable[[ExpectedFn], ExpectedFn]:
    """Register an expected-calls check under a stable code."""

    def register(fn: ExpectedFn) -> ExpectedFn:
        if code in _CHECKS:
            raise ValueError(f"check code {code} registered twice")
        _CHECKS[code] = ExpectedCheck(code, name, outcome, fn)
        return fn

    return register


def registered() -> dict[str, ExpectedCheck]:
    return _CHECKS


def _finding(
    code: str, index: int | None, steps: tuple[int, ...], detail: str, *, read: bool = False
) -> ExpectedFinding:
    """A finding with its check's outcome; about a read, `unknown` whatever the check: a
    lookup skipped or made differently is no act the report claims (tau2 runs that reached the
    right end state skip gold lookups), so it sends the trace to review, never flags it."""
    check = _CHECKS[code]
    outcome: Outcome = "unknown" if read else check.outcome
    return ExpectedFinding(code, check.name, outcome, index, tuple(sorted(steps)), detail)


def _reads(expected: Mapping[str, Any]) -> bool:
    """Is this expected call a read, by its tool's name and arguments (no call to ask)?"""
    return effect_of(categorize(expected["name"], expected.get("args"))) == "read"


def _label(call: Mapping[str, Any]) -> str:
    args = call.get("args")
    return f"{call['name']}({_short(args)})" if args else str(call["name"])


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."


def args_match(expected: Mapping[str, Any] | None, actual: Mapping[str, Any]) -> bool:
    """Every key the expected call gives is in the call, with an equal value."""
    return all(k in actual and actual[k] == v for k, v in (expected or {}).items())


@expected_check("TSC150", "expected-call-missing", "contradicted")
def missing(p: Pairing) -> list[ExpectedFinding]:
    """An expected call the agent never made (no call of that tool at all), in a mode that
    requires every expected call (strict, unordered, superset); a missing read only sends the
    trace to review. Leaves alone: subset mode, where calls may be missing; a call of that tool
    with other arguments (that is wrong-arguments)."""
    if p.mode not in REQUIRED:
        return []
    paired = set(p.exact) | set(p.named)
    return [
        _finding(
            "TSC150",
            i,
            (),
            f"the task expects a call {_label(e)}; the agent made none",
            read=_reads(e),
        )
        for i, e in enumerate(p.expected)
        if i not in paired
    ]


@expected_check("TSC152", "expected-call-wrong-arguments", "contradicted")
def wrong_arguments(p: Pairing) -> list[ExpectedFinding]:
    """An expected call the agent made with arguments that differ from the expected ones (a key
    the expected call gives, absent or with another value), in a mode that requires it; a read
    made so only sends the trace to review.
    Leaves alone: keys the expected call does not give; a matching call of the tool elsewhere."""
    if p.mode not in REQUIRED:
        return []
    out = []
    for i, c in sorted(p.named.items()):
        want, call = p.expected[i].get("args") or {}, p.calls[c]
        differ = sorted(k for k, v in want.items() if k not in call.args or call.args[k] != v)
        shown = ", ".join(
            f"{k}: expected {_short(want[k])}, got "
            + (_short(call.args[k]) if k in call.args else "nothing")
            for k in differ
        )
        out.append(
            _finding(
                "TSC152",
                i,
                (call.step,),
                f"{call.name} at step {call.step}: {shown}",
                read=call.effect == "read",
            )
        )
    return out


@expected_check("TSC151", "unexpected-call", "unknown")
def unexpected(p: Pairing) -> list[ExpectedFinding]:
    """A call the task did not expect (no expected call left for it, by name and arguments), in
    a mode that allows no extras (strict, unordered, subset). An extra call does not show that
    what the agent claims did not happen, so it sends the trace to review, never flags it.
    Leaves alone: superset mode; calls paired with an expected call."""
    if p.mode not in NO_EXTRAS:
        return []
    used = p.used
    return [
        _finding(
            "TSC151", None, (c.step,), f"{c.name} at step {c.step} is not among the expected calls"
        )
        for k, c in enumerate(p.calls)
        if k not in used
    ]


@expected_check("TSC153", "expected-calls-out-of-order", "unknown")
def out_of_order(p: Pairing) -> list[ExpectedFinding]:
    """In strict mode, the expected calls the agent made, made in another order than expected
    (the first pair out of order is named). Sends the trace to review: the calls happened.
    Leaves alone: the other modes; expected calls in order with others between (those are
    unexpected calls, not an order)."""
    if p.mode != "strict":
        return []
    pairs = sorted({**p.named, **p.exact}.items())
    for (i, a), (j, b) in pairwise(pairs):
        if p.calls[b].step < p.calls[a].step:
            first, second = p.calls[a], p.calls[b]
            return [
                _finding(
                    "TSC153",
                    j,
                    (first.step, second.step),
                    f"expected {_label(p.expected[i])} before {_label(p.expected[j])}; the agent "
                    f"called {second.name} at step {second.step}, before {first.name} at step "
                    f"{first.step}",
                )
            ]
    return []


def _exact_pairs(expected: list[dict[str, Any]], calls: list[Call]) -> dict[int, int]:
    """As many expected calls as can be, each paired with its own call of the same name and
    matching arguments: a maximum bipartite matching (augmenting paths), so a loose expected
    call (no args) never takes the one call a stricter one needed. Earlier calls are tried
    first."""
    fits = [
        [
            k
            for k, c in enumerate(calls)
            if c.name == e["name"] and args_match(e.get("args"), c.args)
        ]
        for e in expected
    ]
    owner: dict[int, int] = {}  # call index -> expected index

    def place(i: int, seen: set[int]) -> bool:
        for k in fits[i]:
            if k in seen:
                continue
            seen.add(k)
            if k not in owner or place(owner[k], seen):
                owner[k] = i
                return True
        return False

    for i in range(len(expected)):
        place(i, set())
    return {i: k for k, i in owner.items()}


def _pair(mode: Mode, expected: list[dict[str, Any]], calls: list[Call]) -> Pairing:
    """Each call used once: exact matches (name and arguments) first, then, in the modes that
    require the calls, a remaining call of the same name (its arguments are wrong)."""
    exact = _exact_pairs(expected, calls)
    free = [k for k in range(len(calls)) if k not in set(exact.values())]
    named: dict[int, int] = {}
    if mode in REQUIRED:
        for i, e in enumerate(expected):
            if i in exact:
                continue
            k = next((k for k in free if calls[k].name == e["name"]), None)
            if k is not None:
                named[i] = k
                free.remove(k)
    return Pairing(mode, expected, calls, exact, named)


def check_expected(index: TraceIndex) -> ExpectedCalls | None:
    """The task's expected calls against the agent's calls, in trace order (whatever each
    returned: a call made is a call made; whether it worked is the claim checks' question).
    None when the task has no `expected_calls`."""
    task = index.trace.task
    expected = task.get("expected_calls")
    if expected is None:
        return None
    mode: Mode = task.get("expected_calls_match") or DEFAULT_MODE
    calls = [
        Call(e.call.i, e.call.name or "", e.call.args or {}, e.effect)
        for e in index.executions
        if e.actor == "agent"
    ]
    pairing = _pair(mode, list(expected), calls)
    findings = [f for c in _CHECKS.values() for f in c.run(pairing)]
    findings.sort(key=lambda f: (f.steps[:1] or (-1,), f.expected_index or 0, f.code))
    return ExpectedCalls(mode, len(expected), len(pairing.exact), tuple(findings))


#: p_success a finding's outcome caps a claimed trace at (the engine's SCORES; unknown: 0.5).
CAPS: dict[str, float] = {"contradicted": 0.03, "unknown": 0.5}


def cap(found: ExpectedCalls | None) -> float | None:
    """The most p_success a trace that claims something can have, given its expected calls:
    a missing or wrong required call is evidence the claimed work did not happen as the task
    required (0.03, false_success); an extra or reordered call sends it to review (0.5)."""
    if found is None or not found.findings:
        return None
    return min(CAPS[f.outcome] for f in found.findings)
