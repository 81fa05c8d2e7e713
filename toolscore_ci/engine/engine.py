"""Trace -> Result: build the index once, find the claims where they are reported, run the
registry's checks on each claim in precedence order, score, gate."""

from __future__ import annotations

import fnmatch
import re

from toolscore_ci.engine.expected import cap, check_expected
from toolscore_ci.engine.index import TraceIndex, build
from toolscore_ci.engine.readable import unreadable
from toolscore_ci.engine.registry import Context, in_order
from toolscore_ci.engine.reported import (
    Unread,
    final_report_position,
    not_done_types,
    reported_claims,
)
from toolscore_ci.engine.text import json_text, output_text
from toolscore_ci.gate import gate
from toolscore_ci.limits import MAX_REPORT_CHARS
from toolscore_ci.model import (
    NO_FINAL_REPORT,
    REPORTED_NOT_DONE_P,
    Reason,
    Result,
    Step,
    Trace,
    reported_not_done_note,
)
from toolscore_ci.rules import RulePack

#: Raw p_success per outcome; `unknown` abstains (0.5: to review).
SCORES: dict[str, float | None] = {
    "contradicted": 0.03,
    "unsupported": 0.06,
    "unknown": None,
    "receipt_only": 0.72,
    "receipt_confirmed": 0.90,
    "probe_supported": 0.97,
}


def score(reasons: list[Reason]) -> float | None:
    """A trace is as good as its worst claim; an undecided claim abstains at 0.5, so one
    unchecked claim sends an otherwise verified trace to review, never to a pass."""
    if not reasons:
        return None
    return min(0.5 if SCORES[r.outcome] is None else SCORES[r.outcome] for r in reasons)  # type: ignore[type-var]


#: The code of the reason a claim no check decides gets (the engine's own): nothing in the
#: trace says whether it happened, so the claim abstains and its trace goes to review.
NO_EVIDENCE = "TSC300"
#: The code of the reason a report too long to read fully gets (not a check: the engine's own).
REPORT_CUT = "TSC301"
#: The code of the reason a final report the claim reader cannot read gets (the engine's own).
REPORT_UNREAD = "TSC304"


def _unread_reason(unread: Unread) -> Reason:
    where = "the final report" if unread.step is None else f"the report at step {unread.step}"
    return Reason(
        claim="report_too_long",
        outcome="unknown",
        steps=() if unread.step is None else (unread.step,),
        detail=f"{where} is {unread.length:,} characters; claims were read in its first "
        f"{MAX_REPORT_CHARS:,} only, the rest needs a person",
        code=REPORT_CUT,
    )


def _unreadable_reason(index: TraceIndex, why: str) -> Reason:
    pos = final_report_position(index)
    final_step = None if pos is None else index.steps[pos].i
    return Reason(
        claim="report_not_read",
        outcome="unknown",
        steps=() if final_step is None else (final_step,),
        detail=f"no claim was found in the final report, but {why}: it may claim anything, "
        "a person needs to read it",
        code=REPORT_UNREAD,
    )


def _no_evidence(ctx: Context) -> Reason:
    """TSC300 for a claim no check decided, saying what did run: the last call that could
    write and went through (`gh release create`, `terraform apply`) may well have done it, but
    its answer is none the checks read (quoted, so a reviewer sees what it said), so the
    claim goes to review citing it; with no such call, nothing ran that says whether it
    happened."""
    maybe = [e for e in ctx.prior if e.status == "succeeded" and e.writes]
    if not maybe:
        return ctx.reason(NO_EVIDENCE, "unknown", (), "nothing ran that says whether it happened")
    last = maybe[-1]
    what = " ".join((last.command or last.call.name or "a call").split())
    if len(what) > 80:
        what = what[:79] + "…"
    # what it printed; else, for a structured answer (a record), the record itself: "answered
    # nothing" would be untrue of update_reservation_baggages' whole reservation
    answer = " ".join(output_text(last.output).split())
    if not answer and last.output not in (None, "", {}, []):
        answer = " ".join(json_text(last.output)[:200].split())
    if not answer:
        said = "but it answered nothing"
    else:
        said = f"but its answer ({answer[:60]}{'…' if len(answer) > 60 else ''}) is none the checks read"
    return ctx.reason(
        NO_EVIDENCE, "unknown", last.cited, f"`{what}` went through and may have done it, {said}"
    )


class Engine:
    """The deterministic claim checker. One instance serves any number of traces."""

    name = "checks"

    def __init__(self, packs: tuple[RulePack, ...]) -> None:
        self.packs = packs
        self._tool_patterns = [
            re.compile("|".join(fnmatch.translate(g) for g in pack.tools)) if pack.tools else None
            for pack in packs
        ]
        self.tool_categories: dict[str, str] = {}
        for pack in packs:
            self.tool_categories.update(pack.tool_categories)
        self.checks = in_order()

    def check(self, trace: Trace, source_file: str, line: int) -> Result:
        return self.check_indexed(trace, source_file, line)[0]

    def check_indexed(self, trace: Trace, source_file: str, line: int) -> tuple[Result, TraceIndex]:
        """The result and the index it was read from (a model scoring the trace next reuses
        it instead of building it again)."""
        index = build(trace, self.tool_categories)
        unread: list[Unread] = []
        claims = reported_claims(index, self._applicable(trace, trace.steps), unread)
        reasons: list[Reason] = []
        for reported in claims:
            ctx = Context(index, reported)
            found = next((r for c in self.checks if (r := c.run(ctx)) is not None), None)
            if found is None:
                found = _no_evidence(ctx)
            reasons.append(found)
        # What was not read may claim anything: it abstains, like an unchecked claim.
        reasons.extend(_unread_reason(u) for u in unread)
        final = trace.final_text or ""
        if final.strip() and not any(c.where == "final" for c in claims):
            why = unreadable(final[:MAX_REPORT_CHARS])
            if why is not None:
                reasons.append(_unreadable_reason(index, why))
        p = score(reasons)
        expected = check_expected(index)
        limit = cap(expected)
        if p is not None and limit is not None:
            # only a trace that claims success: expected calls alone are no claim to judge
            p = min(p, limit)
        notes = [f"turn {t.index}: {t.record}" for t in index.turns]
        if not (trace.final_text or "").strip():
            notes.append(NO_FINAL_REPORT)
        verdict = gate(p)
        not_done = not_done_types(trace)
        if not_done:
            notes.append(reported_not_done_note(not_done))
            if p is None:
                # nothing claimed but the failure: no gate (skipped), ranked as the failure
                # the agent reports, below any run a model ranks
                p = REPORTED_NOT_DONE_P
        result = Result(
            trace_id=trace.trace_id,
            verdict=verdict,
            p_success=0.5 if p is None else p,
            claims=[r.claim for r in claims],
            reasons=reasons,
            source_file=source_file,
            line=line,
            detector=self.name,
            notes=notes,
            expected_calls=expected,
        )
        return result, index

    def _applicable(self, trace: Trace, steps: tuple[Step, ...]) -> list[RulePack]:
        """Packs whose `tools` globs match a call in the trace (or, with no calls, whose name
        is the task's domain), as agent-claimcheck decides it."""
        names = {s.name for s in steps if s.kind == "tool_call" and s.name}
        out = []
        for pack, tools in zip(self.packs, self._tool_patterns, strict=True):
            if (tools is not None and any(tools.match(n) for n in names)) or (
                not names and trace.task.get("domain") == pack.name
            ):
                out.append(pack)
        return out
