"""The shared vocabulary of every stage: input records, traces, claims, evidence, results.

Data flows one way: readers yield `TraceRecord`s (an agent-trace/v1 dict plus where it came
from) and `InputIssue`s; `projection.project` turns a record into the detector's `Trace`;
the checker turns a `Trace` into a `Result`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Verdict = Literal["verified", "false_success", "unverifiable", "skipped"]
VERDICTS: tuple[Verdict, ...] = ("verified", "false_success", "unverifiable", "skipped")

Outcome = Literal[
    "contradicted",
    "unsupported",
    "unknown",
    "receipt_only",
    "receipt_confirmed",
    "probe_supported",
]
#: Worst first: a trace takes the worst outcome of its claims.
OUTCOME_ORDER: tuple[Outcome, ...] = (
    "contradicted",
    "unsupported",
    "unknown",
    "receipt_only",
    "receipt_confirmed",
    "probe_supported",
)
#: Outcomes that count as honesty errors (a claim the trace itself refutes or never backs).
HONESTY_ERRORS: frozenset[str] = frozenset({"contradicted", "unsupported"})

Severity = Literal["error", "warning"]

#: The note a result carries when its run ended with no final report (cut off at a step limit?).
NO_FINAL_REPORT = "the run ended without a final report (cut off?): nothing to check"
#: How the note of a run whose agent reports, in its structured final claims, that the work did
#: not get done begins; `reported_not_done_note` writes it whole.
REPORTED_NOT_DONE = "the agent reports it did not get the work done"
#: The p_success such a run gets when it claims nothing else: the agent's own word that it
#: failed ranks it below every run a model ranks, and its verdict stays `skipped`.
REPORTED_NOT_DONE_P = 0.1


def reported_not_done_note(claim_types: list[str]) -> str:
    return f"{REPORTED_NOT_DONE} ({', '.join(claim_types)}): nothing of it to check"


def reports_not_done(notes: list[str]) -> bool:
    return any(n.startswith(REPORTED_NOT_DONE) for n in notes)


@dataclass(frozen=True, slots=True)
class InputIssue:
    """A problem with the input, located as precisely as we can: FILE:LINE: $.path: message."""

    file: str
    line: int | None
    path: str
    message: str
    severity: Severity = "error"

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        if self.path:
            return f"{where}: {self.path}: {self.message}"
        return f"{where}: {self.message}"


@dataclass(slots=True)
class TraceRecord:
    """One trace as read from a file: an agent-trace/v1 dict and its location.

    `data` is the full record, labels included; only `projection.project` may hand it on to
    a detector, and it strips them.
    """

    data: dict[str, Any]
    file: str
    line: int
    format: str = "agent-trace/v1"
    #: Built by a format reader's `TraceBuilder`, whose output is schema-valid by construction
    #: (a property test feeds every reader arbitrary JSON to hold it to that); the pipeline
    #: validates only records read as they are.
    valid_by_construction: bool = False


@dataclass(frozen=True, slots=True)
class Step:
    i: int
    kind: str
    role: str
    ts: str | None = None
    name: str | None = None
    content: str | None = None
    args: dict[str, Any] | None = None
    ok: bool | None = None
    output: Any = None
    error: Any = None


@dataclass(frozen=True, slots=True)
class Trace:
    """The detector's view of a trace: no `ground_truth`, `meta` or `source` (of `meta`, only
    the system prompt, part of what the agent was given)."""

    trace_id: str
    task: dict[str, Any]
    steps: tuple[Step, ...]
    final_text: str | None
    final_claims: tuple[dict[str, Any], ...] | None
    #: the instructions the agent was given (`meta.system`: the system prompt), where the
    #: operator sets addresses and ids the agent may use ("escalate to billing@...")
    system: str | None = None


@dataclass(frozen=True, slots=True)
class Claim:
    """A success claim the agent made: structured or extracted from its words."""

    category: str
    text: str
    step: int | None  # the message step the claim was said in (None: final_claim text)
    span: tuple[int, int] | None = None  # character span in that text
    values: dict[str, tuple[str, ...]] = field(default_factory=dict)
    subject: dict[str, Any] = field(default_factory=dict)
    type: str | None = None  # the structured claim type, when there is one
    source: Literal["structured", "extracted"] = "extracted"
    trigger: str = ""  # the word that made it a claim, to match against what tools read
    admits_failure: bool = False  # the same message says some of the work failed
    #: The sentence as the agent wrote it. `text` is what the checks read, with code spans,
    #: quoted names and list marks blanked ("Fixed `parse()` in src/a.py" reads "Fixed in"):
    #: quoting that would drop what the claim is about. Empty when `text` is already as written.
    written: str = ""

    @property
    def quote(self) -> str:
        """The claim's words as the agent wrote them: what a person is shown."""
        return self.written or self.text

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": self.type or self.category,
            "category": self.category,
            "text": self.quote,
            "source": self.source,
            "step": self.step,
            "span": list(self.span) if self.span else None,
            "values": {k: list(v) for k, v in self.values.items()},
        }
        if self.subject:
            out["subject"] = self.subject
        return out


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a claim got its outcome, citing the steps it rests on."""

    claim: str
    outcome: Outcome
    steps: tuple[int, ...]
    detail: str
    code: str = ""  # the check that found it (engine/registry.py)
    claim_index: int | None = None  # which of the result's claims it is about

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "claim": self.claim,
            "outcome": self.outcome,
            "steps": list(self.steps),
            "detail": self.detail,
        }
        if self.code:
            out["code"] = self.code
        if self.claim_index is not None:
            out["claim_index"] = self.claim_index
        return out


@dataclass(frozen=True, slots=True)
class ExpectedFinding:
    """One way the agent's calls differ from the task's `expected_calls` (engine/expected.py).
    Task data, not a claim: reported beside the claims, in the result's `expected_calls`."""

    code: str
    check: str  # the check's name
    outcome: Outcome  # contradicted (a required call missing or wrong) or unknown
    expected_index: int | None  # which expected call it is about (None: an agent call)
    steps: tuple[int, ...]
    detail: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "check": self.check,
            "outcome": self.outcome,
            "expected_index": self.expected_index,
            "steps": list(self.steps),
            "detail": self.detail,
        }


@dataclass(frozen=True, slots=True)
class ExpectedCalls:
    """What checking a task's `expected_calls` found: the match mode, how many expected calls
    the agent's calls matched, and every difference."""

    mode: str
    expected: int
    matched: int
    findings: tuple[ExpectedFinding, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "expected": self.expected,
            "matched": self.matched,
            "findings": [f.as_dict() for f in self.findings],
        }


@dataclass(frozen=True, slots=True)
class TaskLabel:
    """What names a trace's task for a reader: the task's id and the head of its instruction
    (reports show it where a bare trace id, often a UUID, would say nothing)."""

    id: str
    instruction: str

    def as_dict(self) -> dict[str, str]:
        return {"id": self.id, "instruction": self.instruction}


#: The longest instruction head a result keeps: enough to recognise the task, while a coding
#: task's whole issue text (kilobytes) stays out of every results file.
INSTRUCTION_HEAD = 160


def task_label(task: object) -> TaskLabel | None:
    """The label of an agent-trace/v1 `task` object, or None when it has neither an id nor an
    instruction. The instruction is flattened to one line and cut at a word to its head."""
    if not isinstance(task, dict):
        return None
    task_id = task.get("id")
    instruction = task.get("instruction")
    task_id = task_id if isinstance(task_id, str) else ""
    head = ""
    if isinstance(instruction, str):
        # flattened, a text's start is the start of the whole's flattened: read in its first
        # part only when that is longer than a head (a coding task's issue runs to kilobytes)
        head = " ".join(instruction[: 4 * INSTRUCTION_HEAD].split())
        if len(head) <= INSTRUCTION_HEAD:
            head = " ".join(instruction.split())
    if len(head) > INSTRUCTION_HEAD:
        cut = head[: INSTRUCTION_HEAD - 1]
        head = (cut.rsplit(" ", 1)[0] if " " in cut[40:] else cut) + "…"
    if not task_id and not head:
        return None
    return TaskLabel(task_id, head)


@dataclass(slots=True)
class Result:
    """One trace's verdict. `source_file`/`line` say where the trace is, for annotations."""

    trace_id: str
    verdict: Verdict
    p_success: float
    claims: list[Claim]
    reasons: list[Reason]
    source_file: str
    line: int
    detector: str = "rules"
    notes: list[str] = field(default_factory=list)
    # only for a task with `expected_calls`: a result without them keeps its old shape
    expected_calls: ExpectedCalls | None = None
    # the repeats key's value (`--repeats-by`), None when repeats are not grouped
    group: str | None = None
    # the agent run's own duration from its steps' timestamps (run_time.py), None without them
    duration_s: float | None = None
    # the task's id and instruction head, for reports; None for a result read from a results
    # file written before results carried it (such a result writes the same bytes as then)
    task: TaskLabel | None = None
    # the W3C span id of the trace's root span (meta.root_span_id, from OpenTelemetry input):
    # what --otel-out parents the verdict to; None for formats without spans
    span_id: str | None = None

    @property
    def honesty_errors(self) -> int:
        return sum(1 for r in self.reasons if r.outcome in HONESTY_ERRORS)

    def as_dict(self) -> dict[str, Any]:
        out = {
            "trace_id": self.trace_id,
            "verdict": self.verdict,
            "p_success": round(self.p_success, 4),
            "claims": [c.as_dict() for c in self.claims],
            "reasons": [r.as_dict() for r in self.reasons],
            "source_file": self.source_file,
            "line": self.line,
            "detector": self.detector,
            "notes": list(self.notes),
            # only when grouped: results files of ungrouped runs keep their bytes
            **({"group": self.group} if self.group is not None else {}),
            **({"duration_s": self.duration_s} if self.duration_s is not None else {}),
        }
        if self.expected_calls is not None:
            out["expected_calls"] = self.expected_calls.as_dict()
        if self.span_id is not None:
            out["span_id"] = self.span_id
        if self.task is not None:
            out["task"] = self.task.as_dict()
        return out
