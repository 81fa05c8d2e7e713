"""The registry of checks: each a small named unit with a stable code, run in one precedence.

A check is a function from a `Context` (one claim and the trace's index) to a `Reason` or
None. The engine runs the checks in `PRECEDENCE` order for each claim and keeps the first
reason: contradictions first, then the evidence that nothing backs the claim, then support.
Every reason carries its check's code and the index of its claim.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import cache, cached_property
from typing import Any, TypeVar, cast

from toolscore_ci.engine.index import Execution, TraceIndex, claimed_ids, normal_id
from toolscore_ci.engine.reported import ReportedClaim
from toolscore_ci.engine.text import iter_scalars
from toolscore_ci.model import Outcome, Reason
from toolscore_ci.toolkinds import SUPPORTS

T = TypeVar("T")

#: A failure of a call of one of these categories contradicts a claim of the key's category.
#: Narrower than SUPPORTS: a failed reproduction script (ran) is not a failed edit.
FAILURE_COVERS: dict[str, frozenset[str]] = {
    "created": frozenset({"created", "booked", "saved"}),
    "booked": frozenset({"booked", "created"}),
    "saved": frozenset({"saved", "created", "changed"}),
    "changed": frozenset({"changed", "saved"}),
    "deleted": frozenset({"deleted"}),
    "sent": frozenset({"sent"}),
    "routed": frozenset({"routed"}),
    "deployed": frozenset({"deployed"}),
    "committed": frozenset({"committed"}),
    "paid": frozenset({"paid"}),
}


@dataclass(frozen=True)
class Context:
    """One claim, with the trace index it is judged against."""

    index: TraceIndex
    reported: ReportedClaim

    @cached_property
    def prior(self) -> list[Execution]:
        """The agent's calls made before the claim was said."""
        return self.index.before(self.reported.position)

    @cached_property
    def candidates(self) -> list[Execution]:
        """Prior calls that can do what the claim says: the rule pack's action for it, or a
        call whose category can."""
        category = self.reported.claim.category
        rule = self.reported.rule
        if category == "done":
            return [e for e in self.prior if e.effect in ("write", "run")]
        kinds = SUPPORTS.get(category, frozenset({category}))
        return [
            e
            for e in self.prior
            if e.acts & kinds
            or (rule is not None and e.call.name and fnmatchcase(e.call.name, rule.action))
        ]

    @cached_property
    def successes(self) -> list[Execution]:
        return [e for e in self.candidates if e.status == "succeeded"]

    @cached_property
    def on_its_object(self) -> list[Execution]:
        """The candidates that acted on an object the claim names (an id or a path it
        states, also in a structured claim's subject), or all of them when none did: a
        claim about rec_1 answers to the calls on rec_1, not to a success on another
        record. A claim naming a file that no candidate touched answers to the calls that
        name no target (a shell line may have written it), not to an edit of another file."""
        named = claimed_ids(self.reported.claim.values)
        if not named:
            return self.candidates
        on_it = [e for e in self.candidates if acted_on(e.targets, named)]
        if on_it:
            return on_it
        if not named & self._named_paths:
            return self.candidates
        return [e for e in self.candidates if not e.targets]

    def narrow_to_its_object(self, calls: list[Execution]) -> list[Execution]:
        """Of these calls, the ones on an object the claim names, when any is; else all: a
        claim naming deal_1 answers to the write on deal_1, not to the contact's update said
        in the same sentence."""
        named = claimed_ids(self.reported.claim.values)
        on_it = [e for e in calls if named and acted_on(e.targets, named)]
        return on_it or calls

    @cached_property
    def acted_on_others_only(self) -> bool:
        """The claim names an object (an id or a path, not a recipient's address), the
        candidates that name their objects acted on others, and none acted on it."""
        values = self.reported.claim.values
        named = {normal_id(v) for kind in ("id", "path") for v in values.get(kind, ())}
        targeted = [e for e in self.candidates if e.targets]
        return bool(named and targeted) and not any(acted_on(e.targets, named) for e in targeted)

    def speaks_of_its_object(self, named_in_step: set[str]) -> bool:
        """Do these values (what a probe was sent or shows) name an object the claim names?"""
        return acted_on(frozenset(named_in_step), claimed_ids(self.reported.claim.values))

    @cached_property
    def _named_paths(self) -> set[str]:
        return {normal_id(p) for p in self.reported.claim.values.get("path", ())}

    @cached_property
    def backing(self) -> list[Execution]:
        """The calls that went through and can back the claim, on its own object."""
        return [e for e in self.on_its_object if e.status == "succeeded"]

    @cached_property
    def message(self) -> str:
        """The whole message the claim was said in (the final report when no step holds it)."""
        steps, at = self.index.steps, self.reported.position
        if at < len(steps) and isinstance(steps[at].content, str):
            return steps[at].content
        return self.index.trace.final_text or self.reported.claim.text

    @cached_property
    def _shared(self) -> dict[str, Any]:
        return {}

    def shared(self, key: str, find: Callable[[Context], T]) -> T:
        """A finding two checks read, worked out once per claim: one check decides on it, the
        other sends what it leaves to review (TSC142 and TSC309, TSC141 and TSC307)."""
        if key not in self._shared:
            self._shared[key] = find(self)
        return cast("T", self._shared[key])

    def closest(self, calls: list[Execution]) -> Execution:
        """Of the calls a reason could cite, the one the claim is about: of the claim's own
        category if any ("routed" by the transfer, not the baggage update beside it), then
        sent the claim's words if any ("upgraded to business": the call sent cabin=business),
        else the latest."""
        claim = self.reported.claim
        own = [e for e in calls if e.category == claim.category] or calls
        words = {w.casefold() for w in re.findall(r"\w{4,}", claim.text)}
        sent = [e for e in own if words & {str(v).casefold() for v in iter_scalars(e.call.args)}]
        return (sent or own)[-1]

    def reason(self, code: str, outcome: Outcome, steps: tuple[int, ...], detail: str) -> Reason:
        claim = self.reported.claim
        return Reason(
            claim=claim.type or claim.category,
            outcome=outcome,
            steps=tuple(sorted(set(steps))),
            detail=detail,
            code=code,
            claim_index=self.reported.index,
        )


def acted_on(targets: frozenset[str], named: set[str]) -> bool:
    """Does a call with these targets act on something the claim names? Paths match by
    their end (`src/app/x.py` names `/testbed/src/app/x.py`)."""
    if targets & named:
        return True
    return any(t.endswith("/" + n) or n.endswith("/" + t) for t in targets for n in named)


CheckFn = Callable[[Context], Reason | None]


@dataclass(frozen=True)
class Check:
    code: str
    name: str
    outcome: Outcome  # what a finding of this check is
    run: CheckFn

    @property
    def doc(self) -> str:
        return (self.run.__doc__ or "").strip()


_CHECKS: dict[str, Check] = {}


def check(code: str, name: str, outcome: Outcome) -> Callable[[CheckFn], CheckFn]:
    """Register a check function under a stable code."""

    def register(fn: CheckFn) -> CheckFn:
        if code in _CHECKS:
            raise ValueError(f"check code {code} registered twice")
        _CHECKS[code] = Check(code, name, outcome, fn)
        return fn

    return register


#: The one precedence table: the first check that finds something decides the claim.
PRECEDENCE: tuple[str, ...] = (
    "TSC131",  # a state probe contradicts it
    "TSC130",  # the rule pack's receipt checks fail
    "TSC132",  # the end-state probe's screen says the action did not go through
    "TSC133",  # the end-state probe shows another date than the task asked for
    "TSC134",  # the end-state probe shows a setting the other way than the task asked
    "TSC135",  # the end-state page is another thing of the name the task gave
    "TSC101",  # the action it reports failed, and nothing did it since
    "TSC102",  # the action it reports is waiting for approval or the client
    "TSC105",  # the lookup it reports from failed, and nothing in its turn went through
    "TSC140",  # the value it states differs from the one the call was sent with
    "TSC141",  # the amount it states differs from what the write added to the ledger
    "TSC142",  # the value it states was asked for, and the receipt echoes another
    "TSC143",  # a later read of the object it updated shows none of the update
    "TSC144",  # the act went to an address nobody gave, not to the one the user asked for
    "TSC145",  # the write went to a record id nobody gave, not to the one a lookup returned
    "TSC110",  # the latest run of the tests it reports failed
    "TSC112",  # the latest build or type check it reports failed
    "TSC113",  # the latest run of the script it reports as fine failed
    "TSC121",  # the final diff does not touch the source file it reports changed
    "TSC103",  # an act reported in a turn where no tool ran, and nothing could have done it
    "TSC104",  # tool-call markup written into the reply instead of a call
    "TSC111",  # the test runs it rests on ran no tests
    "TSC308",  # the end-state page may be another thing of that name: for review
    "TSC311",  # the end-state page shows a failure beside a finished report: for review
    "TSC201",  # a state probe confirms it
    "TSC205",  # the rule pack's receipt checks pass
    "TSC305",  # "all tests pass" rests on a run of part of the suite: for review
    "TSC307",  # the amount agrees with the ledger only if it keeps cents: for review
    "TSC315",  # the receipt moved another amount, the claim's one the run showed: for review
    "TSC309",  # the receipt echoes the setting as a word nothing decides: for review
    "TSC310",  # the act went to an address whose ending the user wrote alone: for review
    "TSC313",  # its call failed, in a message that admits some failure: for review
    "TSC202",  # the latest run of the tests passed, after the last edit
    "TSC302",  # the calls on what it names were only taken in: for review
    "TSC316",  # one object it names only a read returned, nothing acted on it: for review
    "TSC303",  # the calls that could do it acted on other files than it names: for review
    "TSC306",  # the final diff holds no change to the source it reports fixed: for review
    "TSC317",  # the latest test run after the last edit failed under "fixed": for review
    "TSC312",  # a change claimed to a number no write was sent or returned: for review
    "TSC314",  # a time claimed that no bare clock the calls were sent or answered holds: review
    "TSC203",  # a matching action's receipt confirms it
    "TSC204",  # a matching action succeeded
)


def registered() -> dict[str, Check]:
    from toolscore_ci.engine import checks  # noqa: F401  (registers every check)

    return _CHECKS


@cache
def contradiction_checks() -> tuple[Check, ...]:
    """The checks whose finding contradicts a claim, in precedence order."""
    return tuple(c for c in in_order() if c.outcome in ("contradicted", "unsupported"))


def in_order() -> list[Check]:
    table = registered()
    missing = set(table) ^ set(PRECEDENCE)
    if missing:
        raise RuntimeError(f"checks and PRECEDENCE disagree: {sorted(missing)}")
    return [table[code] for code in PRECEDENCE]
