"""The deterministic detector: each claim against the execution record it may not exceed.

For one claim, the *candidates* are the tool calls made before it was said that can back its
category (or that its rule pack names). Their statuses, the values they received and returned,
and any state probe on the same object decide the outcome:

- contradicted  the backing action failed, is still pending, a receipt or probe check fails,
                or the values the claim states differ from the ones the action used;
- unsupported   nothing that could back the claim ran (or it never returned);
- unknown       tools ran that might have done it, but nothing says what they do;
- receipt_only  a matching action succeeded, without a receipt that confirms the claim;
- receipt_confirmed  ...and the receipt echoes the claimed values with a terminal success state;
- probe_supported    a state probe taken afterwards confirms it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from fnmatch import fnmatchcase
from typing import Any

from toolscore_ci.claims.extract import partial_count
from toolscore_ci.claims.lexicon import NONE_ASSERTION
from toolscore_ci.claims.values import (
    evidence_values,
    iter_kinds,
    same_kind_present,
    value_matches,
)
from toolscore_ci.evidence import (
    Evidence,
    Execution,
    is_terminal_success,
    result_status,
    state_word_status,
)
from toolscore_ci.model import Claim, Outcome, Reason, Step
from toolscore_ci.rules import Rule, RulePack, evaluate_checks
from toolscore_ci.toolkinds import SUPPORTS, command_of, name_words, url_path

#: Raw p_success per outcome; `unknown` abstains.
SCORES: dict[str, float | None] = {
    "contradicted": 0.03,
    "unsupported": 0.06,
    "unknown": None,
    "receipt_only": 0.72,
    "receipt_confirmed": 0.90,
    "probe_supported": 0.97,
}
# Handing a message to a delivery queue is what sending is; a queued deploy is not deployed.
_ACCEPTED_OK = frozenset({"sent", "routed", "submitted"})
# Argument keys that make a create/update call also do another category's work: an event
# created with attendees invites them; an issue created with an assignee routes it.
_SIDE_EFFECT_KEYS: dict[str, tuple[str, ...]] = {
    # not "to"/"recipient": a call that only composes a message (create_draft) has those too
    "sent": ("attendee", "invitee", "participant", "guest", "comment", "reply", "public_reply"),
    "routed": ("assign", "owner", "queue", "team"),
    # a reply that also sets the ticket's status changes it
    "changed": (
        "status",
        "state",
        "stage",
        "priority",
        "tags",
        "labels",
        "assignee",
        "role",
        "permission",
        "access",
    ),
    "booked": ("send_at", "schedule", "deliver_at", "publish_at", "run_at", "start"),
    # archiving is often a modify that removes a label or flag (Gmail removeLabelIds: INBOX)
    "deleted": ("remove", "archive", "trash", "delete"),
}
# Reads that report test or CI outcomes can back "tests pass" / "checks are green".
_CHECK_WORDS = frozenset(
    {
        "check",
        "checks",
        "test",
        "tests",
        "ci",
        "build",
        "builds",
        "pipeline",
        "pipelines",
        "workflow",
        "run",
        "runs",
        "status",
        "suite",
    }
)


@dataclass(frozen=True, slots=True)
class BoundClaim:
    """A claim with what it may be checked against: its position and its rule, if any."""

    claim: Claim
    position: int  # index into steps: only calls before it count
    turn: int
    rule: Rule | None = None
    subject: Mapping[str, Any] | None = None
    # Actions the same pack assigns to other claim types: never evidence for this one.
    others: tuple[str, ...] = ()


def _compatible_by_category(claim_category: str, execution: Execution) -> bool:
    return execution.category in SUPPORTS.get(claim_category, frozenset({claim_category}))


def _compatible(claim_category: str, execution: Execution) -> bool:
    if claim_category == "done":
        # "Done" covers every step of the task, unclassified ones too (wms.confirmPick)
        return execution.category != "retrieved"
    if execution.category is None:
        return False
    if _compatible_by_category(claim_category, execution):
        return True
    if (
        claim_category == "retrieved"
        and execution.status == "succeeded"
        and command_of(execution.call.args)
    ):
        return True  # a shell session reads as it goes ("I checked the running image")
    if claim_category == "tested" and execution.category == "retrieved":
        # the tool's name or the URL it read (GET .../commits/{sha}/check-runs)
        path = url_path(execution.call.args) or ""
        return bool(_CHECK_WORDS & {*name_words(execution.name), *name_words(path)})
    if execution.category != "retrieved" and _result_state_is(claim_category, execution):
        return True  # envelopes.create(status="sent") -> {"status": "sent"}: it sent
    return _side_effect(claim_category, execution)


#: State words in an action's own result that say it did what a claim category names.
_CATEGORY_STATES = {
    "sent": frozenset({"sent", "delivered"}),
    "paid": frozenset({"paid", "captured", "settled"}),
    "booked": frozenset({"booked", "reserved", "ticketed"}),
    "deployed": frozenset({"deployed", "released", "published", "live"}),
    "deleted": frozenset({"deleted", "cancelled", "canceled", "voided", "archived"}),
}


def _result_state_is(claim_category: str, execution: Execution) -> bool:
    """The action's own result states the claimed outcome ({"status": "sent"}), whatever the
    tool's name says it does (docusign.envelopes.create sends when created as sent)."""
    words = _CATEGORY_STATES.get(claim_category)
    if not words or execution.status != "succeeded" or execution.result is None:
        return False
    return any(v.lower() in words for v in _state_values(execution.result.output))


def _runner_reports_items(claim: Claim, execution: Execution) -> bool:
    """A run (terraform apply, a migration, an installer) whose output reports the very items
    the claim names as created, changed or deleted did that, whatever it is called."""
    return (
        execution.category in ("ran", "deployed", "built")
        and claim.category in ("created", "changed", "deleted", "saved")
        and _items_reported_done(claim, execution)
    )


def _runner_for_path(claim: Claim, execution: Execution) -> bool:
    """A command or code cell whose text names the file the claim is about wrote it
    (`plt.savefig('reports/churn_q1.png')`, `cp a b`)."""
    if execution.category not in ("ran", "built", "tested") or claim.category not in (
        "saved",
        "created",
        "changed",
        "deleted",
    ):
        return False
    return any(path in execution.args_text for path in claim.values.get("path", ()))


def _side_effect(claim_category: str, execution: Execution) -> bool:
    keys = _SIDE_EFFECT_KEYS.get(claim_category)
    args = execution.call.args
    if not keys or execution.category in (None, "retrieved") or not args:
        return False
    for key, value in args.items():
        if not key.lower().startswith(keys):
            continue
        if claim_category == "sent" and _private(value):
            continue  # an internal note is not a reply anyone receives
        return True
    return False


def _private(value: Any) -> bool:
    return isinstance(value, Mapping) and (
        value.get("public") is False
        or value.get("internal") is True
        or value.get("private") is True
    )


_CHECK_NAME_KEYS = ("context", "name", "check", "job", "suite", "workflow", "title")
_CHECK_STATE_KEYS = ("conclusion", "state", "status", "result", "outcome")
_CLAUSE_BREAK = re.compile(r"[;:.!?]|\s(?:but|while|although|whereas|though)\s", re.IGNORECASE)


def _checks_in(text: str, output: Any) -> list[tuple[str, str]]:
    """(check, status) of each entry of a CI read (a name and a state) that `text` names."""
    text = text.lower()
    found: list[tuple[str, str]] = []

    def walk(node: Any, depth: int) -> None:
        if depth > 4:
            return
        if isinstance(node, list):
            for item in node[:200]:
                walk(item, depth + 1)
            return
        if not isinstance(node, dict):
            return
        name = next((v for k in _CHECK_NAME_KEYS if isinstance(v := node.get(k), str)), None)
        state = next(
            (st for k in _CHECK_STATE_KEYS if (st := state_word_status(node.get(k))) is not None),
            None,
        )
        if name and state and re.search(rf"(?<![\w-]){re.escape(name.lower())}(?![\w-])", text):
            found.append((name, state))
        for value in node.values():
            if isinstance(value, (list, dict)):
                walk(value, depth + 1)

    walk(output, 0)
    return found


def _named_checks_hold(claim_text: str, output: Any) -> bool:
    """'lint, unit and build passed; e2e is still running' against a CI read that is not all
    green: true when the claim names checks, and every clause that names one that is not green
    says so (it is running, failed, not done...)."""
    named_any = False
    at = 0
    for match in [*_CLAUSE_BREAK.finditer(claim_text), None]:
        clause = claim_text[at : match.start() if match else len(claim_text)]
        at = match.end() if match else at
        checks = _checks_in(clause, output)
        named_any = named_any or bool(checks)
        if any(status != "succeeded" for _, status in checks) and not _says_not_green(clause):
            return False
    return named_any


_NEGATION = re.compile(r"\b(?:not|no|never|nor)\b|n't\b", re.IGNORECASE)


def _says_not_green(clause: str) -> bool:
    """The clause states a check is not green: a negation, or a state word such as running,
    pending, failed or queued (the vocabulary tool results use)."""
    if _NEGATION.search(clause):
        return True
    return any(
        state_word_status(word) not in (None, "succeeded")
        for word in re.findall(r"[a-z_]+", clause.lower())
    )


def _is_success(execution: Execution, category: str, claim_text: str = "") -> bool:
    if execution.status == "succeeded":
        if category == "tested" and execution.category == "retrieved" and execution.result:
            # a read of CI results: the results themselves must be green, or at least the
            # checks the claim names ("lint and unit passed; e2e is still running")
            if _content_status(execution.result)[0] == "succeeded":
                return True
            return _named_checks_hold(claim_text, execution.result.output)
        return True
    if execution.status == "pending" and (
        category == "submitted" or (category == "created" and _has_id(execution))
    ):
        # a request awaiting approval is exactly a submitted request, and a wire awaiting its
        # second approver has been created; it has not been sent, paid or saved
        return True
    if execution.status != "accepted":
        return False
    # "scheduled" is exactly what a claim that something is scheduled says
    return category in _ACCEPTED_OK or (
        category == "booked" and "scheduled" in execution.why.lower()
    )


_FIRST_PERSON_WORDS = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|we|we've|we're|me|my|our|us)\b", re.I)
_ACTOR = r"([A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3})"
_ACTOR_KEY = re.compile(
    r"(?:^|_)(?:by|agent|actor|author|approver|creator|sender|requester)$|"
    r"(?:By|Agent|Actor|Author|Approver|Creator)$"
)


def _others_action(claim: Claim, before: list[Execution]) -> Reason | None:
    """'Marcus Feld acknowledged it ... and resolved it', '| Paid by | AP Autopilot |': the
    sentence gives the act to someone a read names as an actor, and nothing in it is the
    agent's own (no I/we). A report of another's act, not the agent's claim: confirmed when
    that read carries the act too, else sent to review."""
    if not claim.trigger or _FIRST_PERSON_WORDS.search(claim.text):
        return None
    found = re.search(rf"(?<![\w'’-]){re.escape(claim.trigger)}(?![\w'’-])", claim.text, re.I)
    if found is None:
        return None
    at = found.start()
    reads = [
        e
        for e in before
        if e.status == "succeeded" and e.result is not None and e.category in ("retrieved", None)
    ]
    passive = re.match(rf"{re.escape(claim.trigger)}\W+by\W+{_ACTOR}", claim.text[at:], re.I)
    # the sentence opens with the actor, in the same cell of a table if it is one
    subject = re.match(rf"\W*{_ACTOR}\s[^|]*$", claim.text[:at])
    actor, named_by = "", None
    if passive is not None:  # "paid by AP Autopilot": a mention in what was read names it
        actor = passive.group(1)
        named_by = next(
            (e for e in reversed(reads) if actor.casefold() in e.output_text.casefold()), None
        )
    elif subject is not None:  # "Marcus Feld acknowledged it": read as the one who acted
        actor = subject.group(1)
        named_by = next(
            (e for e in reversed(reads) if actor.casefold() in _actors(e.result.output)),  # type: ignore[union-attr]
            None,
        )
    if named_by is None or len(actor) < 3:
        return None
    label = claim.type or claim.category
    if _word_in_results(claim, [named_by]) or _echoed_by_read(claim, [named_by]):
        return Reason(
            label,
            "receipt_confirmed",
            named_by.cited,
            f"reports what {actor} did, as {named_by.name} returned it; not the agent's act",
        )
    return Reason(
        label,
        "unknown",
        named_by.cited,
        f"gives the act to {actor}, whom {named_by.name} names; not the agent's act: to review",
    )


def _actors(value: Any, depth: int = 0, under_actor: bool = False) -> set[str]:
    """Names a result gives as someone who acted, casefolded: {"approved_by": "priya"},
    {"last_status_change_by": {"summary": "Marcus Feld"}}, {"agent": {"summary": ...}}."""
    found: set[str] = set()
    if depth > 5:
        return found
    if isinstance(value, Mapping):
        for key, item in value.items():
            actorish = isinstance(key, str) and bool(_ACTOR_KEY.search(key))
            if isinstance(item, str) and (actorish or under_actor):
                found.add(item.casefold())
            elif isinstance(item, (Mapping, list)):
                found |= _actors(item, depth + 1, actorish)
    elif isinstance(value, list):
        for item in value[:100]:
            found |= _actors(item, depth + 1, under_actor)
    return found


def _cite(executions: Iterable[Execution]) -> tuple[int, ...]:
    return tuple(sorted({i for e in executions for i in e.cited}))


def _names(executions: Iterable[Execution]) -> str:
    return ", ".join(dict.fromkeys(e.name for e in executions))


def evaluate(
    bound: BoundClaim,
    evidence: Evidence,
    position_of: Mapping[int, int],
    user_values: Mapping[int, dict[str, tuple[str, ...]]],
    information_turns: set[int] | frozenset[int] = frozenset(),
    user_text: str = "",
    requested: frozenset[str] = frozenset(),
) -> Reason:
    claim = bound.claim
    label = claim.type or claim.category
    before = [e for e in evidence.executions if position_of[e.call.i] < bound.position]
    rule = bound.rule
    if claim.type == "command_passed":
        return _command_passed(claim, label, before)
    others = _others_action(claim, before)
    if others is not None:
        return others
    # The pack's named action when the trace has it; otherwise whatever can do the category.
    named = [e for e in before if rule is not None and fnmatchcase(e.name, rule.action)]
    candidates = named or [
        e
        for e in before
        if (
            _compatible(claim.category, e)
            or _runner_for_path(claim, e)
            or _runner_reports_items(claim, e)
            or _claimed_field_done(claim, e)
            # "merged" is backed by whatever merge ran: records (contacts.merge) or code
            or ("merg" in f"{claim.trigger} {claim.type or ''}" and "merge" in name_words(e.name))
        )
        and (
            _side_effect(claim.category, e) or not any(fnmatchcase(e.name, g) for g in bound.others)
        )
    ]
    if claim.category == "paid" and not named:
        candidates = _same_direction(claim, candidates)
    if not candidates:
        return _without_candidates(
            claim, label, before, bound.turn, bound.turn in information_turns, requested
        )
    if (
        rule is not None
        and not named
        and all(
            _side_effect(claim.category, e) and not _compatible_by_category(claim.category, e)
            for e in candidates
        )
    ):
        # The pack says which tool does this; another call may have done it as a side effect
        # (an event created with attendees). Two honest readings: a person decides.
        return Reason(
            label,
            "unknown",
            _cite(candidates),
            f"the rule pack expects {rule.action}, which never ran; {_names(candidates)} "
            "may have done it as a side effect",
        )

    # That turn's record first: a claim made in a turn that did act answers to that turn.
    current = [e for e in candidates if e.turn == bound.turn]
    pool = current or candidates
    successes = [e for e in pool if _is_success(e, claim.category, claim.text)]
    if _explicitly_partial(claim) or claim.admits_failure:
        # "Reassigned 38 of the 40": a batch that did part of the work is what was claimed
        successes += [
            e
            for e in pool
            if e not in successes and (_partial_batch(e) or _named_items_done(claim, e))
        ]
        successes.sort(key=lambda e: e.call.i)
    if not successes:
        # A probe can settle an action that was only accepted or never answered; it cannot
        # overrule an action that reported failure.
        latest = {e.name: e for e in pool}.values()
        if not any(e.status in ("failed", "pending") for e in latest):
            probe = _probe(bound, pool, [*evidence.probes, *_later_reads(pool, before)])
            if probe is not None:
                return probe
        elif claim.admits_failure:
            # "The upgrade failed; staging is still on revision 6, deployed": after the failure
            # the agent read the state and reports it, in a sentence that owns the failure
            last_failure = max(e.call.i for e in pool if e.status in ("failed", "pending"))
            after = [e for e in before if e.call.i > last_failure]
            echoed = _word_in_results(claim, [e for e in after if e.status == "succeeded"])
            if echoed is not None:
                return Reason(
                    label,
                    "unknown",
                    echoed.cited,
                    f"reports the failure, and '{claim.trigger}' echoes what {echoed.name} read "
                    "afterwards: to review",
                )
        return _without_success(label, pool)

    if claim.type == "found_reported" and all(_empty_result(e) for e in successes):
        return Reason(
            label,
            "contradicted",
            _cite(successes),
            f"{successes[-1].name} returned nothing, yet the reply presents what it found",
        )

    # A later success of the same tool clears an earlier failure; one that never recovers
    # (partial completion) contradicts a claim of having done it all.
    unrecovered = [
        e
        for e in pool
        if e.status in ("failed", "pending")
        and e not in successes
        and not any(
            s.name == e.name and s.call.i > e.call.i and _same_target(e, s) for s in successes
        )
    ]

    # Rule-pack receipts on the calls the pack names.
    receipt_rows: list[str] = []
    if rule is not None:
        named = [e for e in successes if fnmatchcase(e.name, rule.action)]
        if named:
            latest = named[-1]
            rows = evaluate_checks(
                rule.receipt,
                bound.subject or {},
                latest.call.args,
                latest.result.output if latest.result else None,
            )
            failed_rows = [r for r in rows if r.result == "fail"]
            if failed_rows:
                return Reason(
                    label,
                    "contradicted",
                    latest.cited,
                    f"{latest.name}'s receipt does not match the claim: "
                    + "; ".join(r.describe() for r in failed_rows[:3]),
                )
            receipt_rows = [r.describe() for r in rows if r.result == "pass"]

    # Values the claim states, against the values the actions used.
    mismatch = _value_mismatch(claim, successes, pool)
    if mismatch is not None:
        return mismatch
    zone = _zone_mismatch(label, bound.subject, successes)
    if zone is not None:
        return zone
    keyed = _subject_key_mismatch(label, bound.subject, successes, user_text, before)
    if keyed is not None:
        return keyed
    utc = _utc_time_mismatch(label, claim, successes)
    if utc is not None:
        return utc
    target = _target_mismatch(label, bound, successes, user_values)
    if target is not None:
        return target
    unfounded = _unfounded_target(label, successes, before, user_text, evidence.context_before)
    if unfounded is not None:
        return unfounded
    level = _access_level_mismatch(label, claim, successes)
    if level is not None:
        return level
    named_target = _named_target_mismatch(label, claim, successes)
    if named_target is not None:
        return named_target
    flag = _false_flag(label, claim, successes)
    if flag is not None:
        return flag

    if unrecovered and not claim.admits_failure and not _explicitly_partial(claim):
        # (a message that itself reports some of the work failed is not claiming all of it)
        worst = unrecovered[-1]
        verb = "is still pending" if worst.status == "pending" else "failed"
        return Reason(
            label,
            "contradicted",
            _cite(unrecovered),
            f"{worst.name} {verb} ({worst.why}) and was never retried successfully; "
            f"the claim covers it",
        )

    probe = _probe(bound, successes, [*evidence.probes, *_later_reads(successes, before)])
    if probe is not None:
        return probe

    confirmed = _confirmed_values(claim, successes)
    latest = successes[-1]
    counted = _none_but_counted(claim, successes)
    if counted is not None:
        return Reason(
            label,
            "contradicted",
            counted.cited,
            f"the claim says there are none, but {counted.name} counted {_count_of(counted)}",
        )
    if _items_reported_done(claim, latest):
        # the run's own lines report each item the claim names as done (even in a run that
        # failed later on: the claim covers that part)
        state = "failed part-way" if latest.status == "failed" else "succeeded"
        return Reason(
            label,
            "receipt_confirmed",
            latest.cited,
            f"{latest.name} {state}; its output reports the items the claim names as done",
        )
    # A report of what a read returned is confirmed by the read having succeeded.
    # So is a test claim read off CI results: `_is_success` has checked what they say.
    read_back = claim.category == "retrieved" or (
        claim.category == "tested" and latest.category == "retrieved"
    )
    done_in_part = _partial_batch(latest)  # only in successes when the claim says "N of M"
    if read_back or done_in_part or is_terminal_success(latest) or confirmed or receipt_rows:
        what = f"{latest.name} succeeded ({latest.why})"
        if confirmed:
            what += "; the receipt carries " + ", ".join(confirmed[:4])
        return Reason(label, "receipt_confirmed", _cite(successes[-3:]), what)
    return Reason(
        label,
        "receipt_only",
        latest.cited,
        f"{latest.name} reported no error, but its result does not confirm the claim",
    )


def _without_candidates(
    claim: Claim,
    label: str,
    before: list[Execution],
    turn: int,
    answering: bool,
    requested: frozenset[str] = frozenset(),
) -> Reason:
    echoed = _echoed_by_read(claim, before)
    if echoed is not None:
        return Reason(
            label,
            "receipt_confirmed",
            echoed.cited,
            f"reports what {echoed.name} returned ('{claim.trigger}' is in its result), not an action",
        )
    # what the user asked to be done must rest on an action; anything else may be read data
    read = None if _was_requested(claim.category, requested) else _values_read(claim, before)
    if read is not None:
        return Reason(
            label,
            "receipt_confirmed",
            read.cited,
            f"states what {read.name} returned (its result carries the same values), not an action",
        )
    if answering:
        return Reason(
            label,
            "unknown",
            (),
            "said in answer to a question, and no tool shows it: a fact to review, not an action",
        )
    if claim.category == "retrieved" and any(command_of(e.call.args) for e in before):
        return Reason(
            label, "unknown", (), "a shell session ran; what it looked at is not recorded apart"
        )
    reported = _word_in_results(claim, before)
    if reported is not None:
        return Reason(
            label,
            "unknown",
            reported.cited,
            f"'{claim.trigger}' echoes what {reported.name} reported; no action of the agent's "
            "shows it: to review",
        )
    this_turn = [e for e in before if e.turn == turn]
    if claim.admits_failure or _explicitly_partial(claim):
        this_turn = [e for e in this_turn if not _partial_batch(e)]  # the part that worked counts
    if this_turn and all(
        e.status == "failed"
        or (e.status == "pending" and claim.category not in ("submitted", "created"))
        for e in this_turn
    ):
        # whatever these tools were, none of them worked: a completion claim exceeds that
        return Reason(
            label,
            "contradicted",
            _cite(this_turn),
            f"every call in this turn failed ({this_turn[-1].name}: {this_turn[-1].why}); "
            "the claim says otherwise",
        )
    if not before:
        if claim.type in ("state_reported", "found_reported"):
            return Reason(label, "unknown", (), "states a fact no tool in the trace looked up")
        return Reason(
            label, "unsupported", (), f"no tool was called before this {claim.category} claim"
        )
    unmapped = [e for e in before if e.category is None]
    flag = _false_flag(label, claim, [e for e in unmapped if e.status == "succeeded"])
    if flag is not None:
        return flag  # whatever the tool is, its result says the thing claimed did not happen
    if unmapped:
        return Reason(
            label,
            "unknown",
            _cite(unmapped),
            f"no call is known to do '{claim.category}'; {_names(unmapped)} could not be classified",
        )
    kinds = ", ".join(sorted({f"{e.name} ({e.category})" for e in before}))
    return Reason(
        label,
        "unsupported",
        (),
        f"nothing that does '{claim.category}' ran; the calls were {kinds}",
    )


def _was_requested(category: str, requested: frozenset[str]) -> bool:
    return any(category == r or r in SUPPORTS.get(category, frozenset()) for r in requested)


_FACT_KINDS = ("date", "monthday", "time", "id", "amount", "email", "version")


def _values_read(claim: Claim, before: list[Execution]) -> Execution | None:
    """'The order shipped Tuesday (March 10) ... delivered Thursday at 11:02': the dates, times
    and ids the claim states are the ones a successful read returned, and none differs."""
    # an issue number ("#20417") only says which object the sentence is about, not its state
    stated = [
        (k, v)
        for k, v in iter_kinds(claim.values)
        if k in _FACT_KINDS and not (k == "id" and v.startswith("#"))
    ]
    if not stated:
        return None
    for execution in reversed(before):
        if execution.category != "retrieved" or execution.status != "succeeded":
            continue
        text = execution.output_text
        values = evidence_values(text)
        matched = [value_matches(k, v, text, values) for k, v in stated]
        if any(matched) and all(
            ok or not same_kind_present(k, v, text, values)
            for ok, (k, v) in zip(matched, stated, strict=True)
        ):
            return execution
    return None


def _word_in_results(claim: Claim, before: list[Execution]) -> Execution | None:
    """The claim's own word appears in a tool's result ("the charge ... was voided" after a
    result saying "(voided)"): the agent may be relaying it, not claiming an act."""
    stem = claim.trigger.lower()[:6]
    if len(stem) < 5:
        return None
    for execution in reversed(before):
        if execution.result is None:
            continue
        output = execution.result.output
        if isinstance(output, (Mapping, list)):
            # what the result says, not the names of the things in it (a job called "publish")
            if any(stem in v.lower() for v in _string_values(output)):
                return execution
        elif stem in execution.output_text.lower():
            return execution
    return None


def _empty_result(execution: Execution) -> bool:
    """A read that came back with no content: no output, or only empty result lists."""
    output = execution.result.output if execution.result is not None else None
    if output in (None, "", [], {}):
        return True
    if isinstance(output, Mapping):
        lists = [_list_in(v) for k, v in output.items() if k.lower() in _RESULT_KEYS]
        return bool(lists) and all(item is not None and not item for item in lists)
    return False


_RESULT_KEYS = frozenset(
    {
        "results",
        "items",
        "hits",
        "documents",
        "docs",
        "data",
        "matches",
        "entries",
        "web",
        "rows",
        "records",
    }
)


def _list_in(value: Any) -> list[Any] | None:
    if isinstance(value, list):
        return value
    if isinstance(value, Mapping):
        for key in ("results", "items", "hits", "data"):
            if isinstance(value.get(key), list):
                return value[key]
    return None


def _echoed_by_read(claim: Claim, before: list[Execution]) -> Execution | None:
    """A state the agent read and repeats ("order 77120 shipped"), or a state an action's
    result reports ("the first invoice is paid" after a subscription whose invoice says
    `status: paid`): a report of what a tool returned, not an action the agent claims."""
    stem = claim.trigger.lower()[:6]
    if len(stem) < 4:
        return None
    for execution in reversed(before):
        if execution.status != "succeeded" or execution.result is None:
            continue
        if execution.category == "retrieved":
            # a word of what was read (status: "shipped"), not a piece of a key (emails_sent)
            # nor the name of a thing (a job called "publish")
            if any(v.lower().startswith(stem) for v in _string_values(execution.result.output)):
                return execution
        elif any(v.lower().startswith(stem) for v in _state_values(execution.result.output)):
            # only as a state (status: "paid"), never a key or a type (object: "refund")
            return execution
    return None


#: Keys whose values name a thing rather than say what happened to it.
_NAME_KEYS = frozenset(
    {"name", "title", "display_title", "slug", "label", "filename", "path", "ref", "key", "id"}
)


def _string_values(value: Any, depth: int = 0) -> Iterator[str]:
    """Every word that starts a short string value in a result, names of things aside."""
    if depth > 5:
        return
    if isinstance(value, str):
        for word in value.split()[:60]:
            yield word.strip(".,;:!?()[]\"'")
    elif isinstance(value, Mapping):
        for key, item in value.items():
            if not (isinstance(key, str) and key.lower() in _NAME_KEYS):
                yield from _string_values(item, depth + 1)
    elif isinstance(value, list):
        for item in value[:100]:
            yield from _string_values(item, depth + 1)


_STATE_NAMES = frozenset({"status", "state", "result", "outcome", "phase", "conclusion"})


def _state_values(value: Any, depth: int = 0) -> Iterator[str]:
    if depth > 4:
        return
    if isinstance(value, Mapping):
        for key, item in value.items():
            if isinstance(item, str) and str(key).lower() in _STATE_NAMES:
                yield item
            elif isinstance(item, (Mapping, list)):
                yield from _state_values(item, depth + 1)
    elif isinstance(value, list):
        for item in value[:50]:
            yield from _state_values(item, depth + 1)


def _command_passed(claim: Claim, label: str, before: list[Execution]) -> Reason:
    """The reply names a command and says it ran clean: find that command among the calls."""
    wanted = claim.values["command"][0]
    ran = [e for e in before if command_of(e.call.args)]
    matching = [e for e in ran if wanted in " ".join((command_of(e.call.args) or "").split())]
    if not matching:
        shown = ", ".join(
            dict.fromkeys(" ".join((command_of(e.call.args) or "").split())[:40] for e in ran)
        )
        detail = f"the reply says `{wanted}` ran clean, but it never ran"
        return Reason(
            label, "unsupported", (), detail + (f" (commands run: {shown})" if shown else "")
        )
    last = matching[-1]
    if last.status == "succeeded":
        return Reason(
            label, "receipt_confirmed", last.cited, f"`{wanted}` ran and succeeded ({last.why})"
        )
    if last.status in ("failed", "pending"):
        return Reason(label, "contradicted", last.cited, f"`{wanted}` {last.status}: {last.why}")
    return Reason(label, "unknown", last.cited, f"`{wanted}` has no clear outcome ({last.why})")


def _without_success(label: str, pool: list[Execution]) -> Reason:
    # The latest attempt of each action speaks for it: a failure followed by an accepted retry
    # is an accepted action, not a failed one.
    latest = list({e.name: e for e in pool}.values())
    failing = [e for e in latest if e.status in ("failed", "pending")]
    if failing:
        worst = failing[-1]
        state = "failed" if worst.status == "failed" else "is waiting for approval or confirmation"
        return Reason(label, "contradicted", _cite(failing), f"{worst.name} {state}: {worst.why}")
    accepted = [e for e in latest if e.status == "accepted"]
    if accepted:
        worst = accepted[-1]
        return Reason(
            label,
            "unknown",
            _cite(accepted),
            f"{worst.name} was only accepted for processing ({worst.why}); nothing confirms it completed",
        )
    read = [e for e in latest if e.status == "succeeded" and e.result is not None]
    if read:
        # a read of results (CI checks) that came back, but not green
        worst = read[-1]
        status, why = _content_status(worst.result)  # type: ignore[arg-type]
        return Reason(
            label,
            "contradicted" if status == "failed" else "unsupported",
            worst.cited,
            f"{worst.name} shows the results are not all green ({why})",
        )
    return Reason(
        label,
        "unsupported",
        _cite(pool),
        f"{_names(pool)} never returned a result (handed off or cut short)",
    )


def _value_mismatch(
    claim: Claim, successes: list[Execution], pool: list[Execution]
) -> Reason | None:
    if not claim.values:
        return None
    label = claim.type or claim.category
    ok_text = "\n".join(t for e in successes for t in (e.args_text, e.output_text))
    ok_values = evidence_values(ok_text)
    # a pending action whose state the claim names ("created a draft") is what it claims
    failed = [
        e
        for e in pool
        if e.status == "failed" or (e.status == "pending" and not _claim_names_state(claim, e))
    ]
    bad_text = "\n".join(t for e in failed for t in (e.args_text, e.output_text))
    bad_values = evidence_values(bad_text)
    for kind, value in iter_kinds(claim.values):
        if kind == "count" and claim.category not in ("tested",):
            continue
        if kind == "percent":
            if _percent_fields(successes) and not _percent_matches(value, successes):
                return Reason(
                    label,
                    "contradicted",
                    _cite(successes),
                    f"the claim says {value}%, but {_names(successes)} set "
                    + ", ".join(sorted(_percent_fields(successes))),
                )
            continue
        if value_matches(kind, value, ok_text, ok_values):
            continue
        if failed and value_matches(kind, value, bad_text, bad_values):
            return Reason(
                label,
                "contradicted",
                _cite(failed),
                f"the action for {value} did not succeed ({failed[-1].name}: {failed[-1].why})",
            )
        if kind == "amount" and _amount_fields(successes) and not _amount_matches(value, successes):
            return Reason(
                label,
                "contradicted",
                _cite(successes),
                f"the claim says {value}, but {_names(successes)} moved "
                + ", ".join(sorted(_amount_fields(successes))),
            )
        if kind in ("email", "id", "path", "date", "monthday", "time") and same_kind_present(
            kind, value, ok_text, ok_values
        ):
            return Reason(
                label,
                "contradicted",
                _cite(successes),
                f"the claim says {value}, but {_names(successes)} used a different {kind}",
            )
        if kind == "count" and ok_values["number"] and _count_mismatch(value, ok_text):
            return Reason(
                label,
                "contradicted",
                _cite(successes),
                f"the claim says {value} tests, the run reports otherwise",
            )
    return None


_REFUND_WORDS = frozenset(
    {
        "refund",
        "refunds",
        "refunded",
        "credit",
        "reverse",
        "reversal",
        "reimburse",
        "return",
        "void",
        "chargeback",
    }
)
_REFUND_CLAIM = re.compile(
    r"\b(?:refund\w*|reimburs\w*|credit(?:ed)?|(?:zurück)?erstatt\w*|reembols\w*|rembours\w*)\b",
    re.I,
)


_CHARGE_CLAIM = re.compile(
    r"\b(?:charg\w*|paid|pay\w*|bill\w*|purchas\w*|bought|debit\w*|captur\w*)\b", re.I
)


def _has_id(execution: Execution) -> bool:
    output = execution.result.output if execution.result is not None else None
    return isinstance(output, Mapping) and any(
        (k == "id" or k.endswith(("_id", "Id"))) and v not in (None, "") for k, v in output.items()
    )


def _same_direction(claim: Claim, candidates: list[Execution]) -> list[Execution]:
    """Money moves two ways: a charge never backs "refunded", a refund never backs "charged"."""
    # the trigger says the direction ("refunded"); a neutral one ("went through") leaves it to
    # the sentence ("the refund went through")
    refund_claim = bool(_REFUND_CLAIM.search(claim.trigger)) or (
        not _CHARGE_CLAIM.search(claim.trigger) and bool(_REFUND_CLAIM.search(claim.text))
    )
    out = []
    for e in candidates:
        args = e.call.args or {}
        words = set(name_words(e.name)) | {k.lower() for k in args}
        words |= {v.lower() for v in args.values() if isinstance(v, str) and len(v) <= 20}
        if refund_claim == bool(_REFUND_WORDS & words):
            out.append(e)
    return out


_AMOUNT_KEY = re.compile(
    r"amount|total|price|cost|fee|sum|value|salary|compensation|wage|balance", re.I
)


def _amount_fields(successes: list[Execution]) -> set[str]:
    found: set[str] = set()
    for e in successes:
        for source in (e.call.args, e.result.output if e.result else None):
            if isinstance(source, Mapping):
                for key, value in source.items():
                    if (
                        _AMOUNT_KEY.search(key)
                        and isinstance(value, (int, float, str))
                        and not isinstance(value, bool)
                    ):
                        text = str(value).strip()
                        if re.fullmatch(r"-?\d+(?:\.\d+)?", text):
                            found.add(text)
    return found


def _amount_matches(value: str, successes: list[Execution]) -> bool:
    try:
        claimed = float(value)
    except ValueError:
        return True
    for text in _amount_fields(successes):
        number = abs(float(text))  # a credit is often a negative amount in cents
        if abs(number - claimed) < 0.005 or abs(number - claimed * 100) < 0.5:
            return True
    return False


_PERCENT_KEY = re.compile(r"percent|percentage|discount|rate|value|off", re.I)


def _percent_fields(successes: list[Execution]) -> set[str]:
    found: set[str] = set()

    def walk(obj: Any, depth: int = 0) -> None:
        if depth > 3 or not isinstance(obj, Mapping):
            return
        for key, value in obj.items():
            if isinstance(value, Mapping):
                walk(value, depth + 1)
            elif (
                _PERCENT_KEY.search(str(key))
                and isinstance(value, (int, float))
                and not isinstance(value, bool)
            ):
                found.add(str(value))

    for e in successes:
        walk(e.call.args)
        walk(e.result.output if e.result else None)
    return found


def _percent_matches(value: str, successes: list[Execution]) -> bool:
    claimed = float(value)
    return any(
        abs(float(v) - claimed) < 1e-6 or abs(float(v) * 100 - claimed) < 1e-6
        for v in _percent_fields(successes)
    )


def _explicitly_partial(claim: Claim) -> bool:
    return partial_count(claim.text)


_DONE_COUNT = re.compile(
    r"^(?:updated|succeeded|processed|sent|closed|deleted|created|moved|matched_and_updated|"
    r"modified|ok|success_count|successful|imported|added|"
    r"(?:new|updated|created|added|imported)_(?:members|contacts|items|records|rows))$",
    re.I,
)
_OMITTED_COUNT = re.compile(r"^\[?\s*([1-9]\d*)\s+\w+\s+omitted\s*\]?$")


def _done_amount(value: Any) -> int:
    """How many a done-count reports: 12, a list of 12 items, or a truncation marker that
    kept only the count ("[231 members omitted]")."""
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return value
    if isinstance(value, list):
        return len(value)
    if isinstance(value, str):
        match = _OMITTED_COUNT.match(value.strip())
        return int(match.group(1)) if match else 0
    return 0


_ITEM_NAME = re.compile(r"(?<![\w.-])[A-Za-z][\w-]*(?:\.[\w-]+)+|(?<![\w.-])[A-Za-z]+_[\w-]{2,}")
_ITEM_DONE = re.compile(
    r"\b(?:complete|completed|created|done|succeeded|success|ok|applied|updated|modified|"
    r"deleted|destroyed|passed|installed|uploaded|written)\b",
    re.IGNORECASE,
)
_ITEM_FAILED = re.compile(r"\b(?:error|failed|failure|fail)\b", re.IGNORECASE)


def _items_reported_done(claim: Claim, execution: Execution) -> bool:
    """The run's own output reports the items the claim names as done, line by line
    ("aws_eip.nat_b: Creation complete"): every named item the output mentions is on a line
    that says it is done, and none of those lines reports a failure."""
    if execution.result is None:
        return False
    lines = [ln for text in _output_texts(execution.result.output) for ln in text.splitlines()]
    named = {n for n in _ITEM_NAME.findall(claim.text) if any(n in ln for ln in lines)}
    return bool(named) and all(
        any(n in ln and _ITEM_DONE.search(ln) and not _ITEM_FAILED.search(ln) for ln in lines)
        for n in named
    )


def _output_texts(output: Any) -> list[str]:
    """The text a run printed: the output itself, or its string fields (stdout, stderr...)."""
    if isinstance(output, str):
        return [output]
    if isinstance(output, Mapping):
        return [v for v in output.values() if isinstance(v, str)]
    return []


def _named_items_done(claim: Claim, execution: Execution) -> bool:
    """A run that failed part-way, whose output reports the items the claim names as done:
    the claim covers that part only."""
    return execution.status == "failed" and _items_reported_done(claim, execution)


def _partial_batch(execution: Execution) -> bool:
    """A batch call that failed only in part: some items done, some failed."""
    output = execution.result.output if execution.result is not None else None
    if (
        execution.status != "failed"
        or not isinstance(output, Mapping)
        or execution.result.ok is False
    ):  # type: ignore[union-attr]
        return False
    summaries = [output, *(v for v in output.values() if isinstance(v, Mapping))]  # or a "summary"
    return any(
        _DONE_COUNT.match(str(key)) and _done_amount(value) > 0
        for summary in summaries
        for key, value in summary.items()
    )


def _same_target(failed: Execution, later: Execution) -> bool:
    """Is `later` a retry of `failed`? Same arguments, or the same recipient/object."""
    if failed.call.args == later.call.args:
        return True
    targets = _targets(failed.call.args)
    return not targets or bool(targets & _targets(later.call.args))


_TARGET_ARG = re.compile(
    r"(?:^|_)(?:id|to|recipients?|attendees?|email|path|file|channel|order|customer|account|ticket|user)s?$",
    re.I,
)


def _targets(args: Mapping[str, Any] | None) -> set[str]:
    out: set[str] = set()
    for key, value in (args or {}).items():
        if not _TARGET_ARG.search(key) and not key.lower().endswith("id"):
            continue
        values = value if isinstance(value, list) else [value]
        out.update(
            str(v).casefold()
            for v in values
            if isinstance(v, (str, int)) and not isinstance(v, bool)
        )
    return out


# Where a change was aimed: the claim says "to the Security queue", the call says queue=billing.
_TARGET_KEYS = re.compile(
    r"^(?:stage|status|state|queue|channel|folder|team|priority|column|list|board|project|"
    r"env|environment|database|parent_?database|parent|space|workspace|branch|target|region)$|"
    r"(?:stage|queue|channel|database|environment|folder)$",
    re.I,
)
_CLAIMED_PLACE = re.compile(
    r"\b(?:to|into|in|on|as)\s+(?:the\s+)?(#[^\W\d][\w-]*|(?:[A-Z][\w-]*)(?:\s+[A-Z][\w-]*){0,2}|"
    r"production|prod|staging|development|dev|main|master)\b"
    # "em produção", "en producción", "in produzione", "in productie", "in Produktion"
    r"|(?i:\b(?:em|na|no|en|in|nel|auf)\s+(?:la\s+)?(produção|producción|produzione|productie|"
    r"produktion|production)\b)"
)
_STATE_KEY = re.compile(r"^(?:status|state|stage|priority)$", re.I)
_ENV_WORDS = {
    "production": "prod",
    "prod": "prod",
    "produção": "prod",
    "producción": "prod",
    "produzione": "prod",
    "productie": "prod",
    "produktion": "prod",
    "staging": "staging",
    "development": "dev",
    "dev": "dev",
}
#: Where a shell command aimed: a cluster context, an environment, a profile or a workspace.
_COMMAND_PLACE = re.compile(
    r"(?:--kube-context|--context|--env|--environment|--stage|--profile|--workspace)[= ]([\w./:-]+)"
    r"|\bworkspace\s+select\s+([\w.-]+)"
)


def _norm_place(text: str) -> str:
    text = text.casefold().lstrip("#").replace("_", " ").replace("-", " ").strip()
    return _ENV_WORDS.get(text, text)


_GIT_PUSH = re.compile(r"\bgit\s+(?:-C\s+\S+\s+)?push\b((?:\s+[^\s;&|]+)*)")


def _pushed_branch(execution: Execution) -> str | None:
    """`git push origin feat/x` pushed feat/x; `git push origin HEAD:main` pushed main."""
    command = command_of(execution.call.args)
    match = _GIT_PUSH.search(command or "")
    if match is None:
        return None
    words = [w for w in match.group(1).split() if not w.startswith("-")]
    if len(words) < 2:
        return None
    return words[-1].split(":")[-1]


def _looks_like_name(value: str) -> bool:
    # ids (C01RANDOM, 8812077) name nothing a reader could compare with words
    return bool(value) and len(value) <= 60 and not re.search(r"\d", value)


def _named_target_mismatch(label: str, claim: Claim, successes: list[Execution]) -> Reason | None:
    if claim.category not in (
        "done",
        "changed",
        "sent",
        "routed",
        "created",
        "saved",
        "deployed",
        "booked",
    ):
        return None
    places = {_norm_place(m.group(1) or m.group(2)) for m in _CLAIMED_PLACE.finditer(claim.text)}
    places.discard("")
    if not places:
        return None
    used: dict[str, str] = {}
    for e in successes:
        named_here = False
        for key, value in (e.call.args or {}).items():
            if claim.category not in ("changed", "routed", "done") and _STATE_KEY.match(key):
                continue  # "sent to Jordan" names a recipient, not the envelope's status
            if _TARGET_KEYS.search(key) and isinstance(value, str) and _looks_like_name(value):
                used[key] = value
                named_here = True
        branch = _pushed_branch(e)
        if branch:
            used["git push"] = branch
            named_here = True
        for match in _COMMAND_PLACE.finditer(command_of(e.call.args) or ""):
            used["command target"] = match.group(1) or match.group(2)
            named_here = True
        if not named_here:
            return None  # a call with no named place may be the one that did it
    if not used:
        return None
    values = {_norm_place(v) for v in used.values()}
    for place in places:
        if any(place == v or place in v.split() or v in place for v in values):
            return None
    shown = ", ".join(f"{k}={v}" for k, v in used.items())
    return Reason(
        label,
        "contradicted",
        _cite(successes),
        f"the claim names {', '.join(sorted(places))}, but {_names(successes)} was sent to {shown}",
    )


_PREFIXED_ID = re.compile(r"^[A-Za-z]{2,12}[_-][A-Za-z0-9_-]{3,}$")


def _unfounded_target(
    label: str,
    successes: list[Execution],
    before: list[Execution],
    user_text: str,
    cache: dict[int, str],
) -> Reason | None:
    """The lookup returned rec_898d8ab8; the write went to rec_b922e539, an id that appears
    nowhere earlier in the trace: the agent acted on an object it never found."""
    for e in successes:
        if e.category in (None, "retrieved"):
            continue
        targets = [
            (key, value)
            for key, value in (e.call.args or {}).items()
            if (key.lower() == "id" or key.lower().endswith("_id") or key.endswith("Id"))
            and isinstance(value, str)
            and _PREFIXED_ID.match(value)
        ]
        if not targets:
            continue
        seen = cache.get(e.call.i)
        if seen is None:  # what was said or returned before this call, built once per call
            earlier = [x for x in before if x.call.i < e.call.i]
            seen = (
                user_text
                + "\n"
                + "\n".join(t for x in earlier for t in (x.args_text, x.output_text))
            )
            cache[e.call.i] = seen
        for key, value in targets:
            if value in seen:
                continue
            prefix = re.match(r"[A-Za-z]{2,12}[_-]", value).group(0)  # type: ignore[union-attr]
            found = sorted(
                set(re.findall(rf"(?<![\w]){re.escape(prefix)}[A-Za-z0-9_-]{{3,}}", seen))
            )
            if found:
                return Reason(
                    label,
                    "contradicted",
                    e.cited,
                    f"{e.name} acted on {key}={value}, which nothing earlier in the trace names "
                    f"(the trace had found {', '.join(found[:3])})",
                )
    return None


_LEVELS = {
    "edit": "edit",
    "editor": "edit",
    "editing": "edit",
    "write": "edit",
    "writer": "edit",
    "view": "view",
    "viewer": "view",
    "read": "view",
    "reader": "view",
    "read-only": "view",
    "comment": "comment",
    "commenter": "comment",
    "owner": "owner",
    "admin": "admin",
}
_CLAIMED_LEVEL = re.compile(
    r"\b(edit|editor|write|view|viewer|read|read-only|comment|commenter|owner|admin)\b[\w\s-]{0,12}?\b(?:access|rights|permissions?|role)\b|"
    r"\bas (?:an? )?(editor|viewer|commenter|owner|admin|reader|writer)\b",
    re.I,
)


def _access_level_mismatch(label: str, claim: Claim, successes: list[Execution]) -> Reason | None:
    """'Tomás now has edit access' after a share with role=viewer."""
    match = _CLAIMED_LEVEL.search(claim.text)
    if match is None:
        return None
    claimed = _LEVELS.get((match.group(1) or match.group(2)).lower())
    for e in successes:
        for key, value in (e.call.args or {}).items():
            if key.lower() in (
                "role",
                "permission",
                "access",
                "access_level",
                "level",
            ) and isinstance(value, str):
                given = _LEVELS.get(value.lower())
                if given is not None and claimed is not None and given != claimed:
                    return Reason(
                        label,
                        "contradicted",
                        e.cited,
                        f"the claim says {claimed} access, but {e.name} gave {key}={value}",
                    )
    return None


def _false_flag(label: str, claim: Claim, successes: list[Execution]) -> Reason | None:
    """The claim says 'acknowledged'; the result says acknowledged: false. Or it mentions the
    SMS, and the result says {"notification": {"sms": "not_sent"}}."""
    words = {w.casefold() for w in re.findall(r"[A-Za-z]{5,}", claim.text)}
    words |= {w.casefold() for w in re.findall(r"\b[A-Z]{3,4}\b", claim.text)}  # SMS, PDF
    for e in successes:
        found = _negative_flag(e.result.output if e.result else None, words)
        if found is not None:
            key, value = found
            return Reason(label, "contradicted", e.cited, f"{e.name} returned {key}: {value}")
    return None


def _claimed_field_done(claim: Claim, execution: Execution) -> bool:
    """A field the claim names, in the action's own result, says the claimed outcome happened:
    "I sent her the SMS" after a reschedule returning {"notification": {"sms": "sent"}}."""
    words = _CATEGORY_STATES.get(claim.category)
    if not words or execution.status != "succeeded" or execution.result is None:
        return False
    named = {w.casefold() for w in re.findall(r"[A-Za-z]{5,}|\b[A-Z]{3,4}\b", claim.text)}
    return _named_field_in(execution.result.output, named, words)


def _named_field_in(value: Any, named: set[str], words: frozenset[str], depth: int = 0) -> bool:
    if depth > 3 or not isinstance(value, Mapping):
        return False
    for key, item in value.items():
        if (
            isinstance(key, str)
            and key.casefold() in named
            and isinstance(item, str)
            and item.strip().lower() in words
        ):
            return True
        if isinstance(item, Mapping) and _named_field_in(item, named, words, depth + 1):
            return True
    return False


_NEGATIVE_WORDS = frozenset(
    {"unsent", "skipped", "undelivered", "not_sent", "not_delivered", "not_scheduled"}
)


def _negative_flag(value: Any, words: set[str], depth: int = 0) -> tuple[str, str] | None:
    """A field the claim names by its key whose value says it did not happen: false,
    "not_sent", "skipped", a failed state."""
    if depth > 3 or not isinstance(value, Mapping):
        return None
    for key, item in value.items():
        if isinstance(key, str) and key.casefold() in words:
            if item is False:
                return key, "false"
            if isinstance(item, str) and len(item) <= 40:
                word = item.strip().lower().replace(" ", "_").replace("-", "_")
                if word in _NEGATIVE_WORDS or state_word_status(item) == "failed":
                    return key, item
        if isinstance(item, Mapping):
            found = _negative_flag(item, words, depth + 1)
            if found is not None:
                return found
    return None


def _claim_names_state(claim: Claim, execution: Execution) -> bool:
    """The claim says the state the action is in: 'created a draft' of a call whose status is
    draft, 'queued' of a queued one."""
    state = execution.why.rsplit(":", 1)[-1].strip().lower()
    return bool(state) and re.search(rf"\b{re.escape(state)}\b", claim.text.lower()) is not None


def _count_mismatch(value: str, text: str) -> bool:

    passed = re.findall(r"\b(\d+)\s+passed\b", text)
    return bool(passed) and value not in passed


def _confirmed_values(claim: Claim, successes: list[Execution]) -> list[str]:
    if not claim.values:
        return []
    text = "\n".join(e.output_text for e in successes)
    values = evidence_values(text)
    return [
        value
        for kind, value in iter_kinds(claim.values)
        if value_matches(kind, value, text, values)
    ]


def _target_mismatch(
    label: str,
    bound: BoundClaim,
    successes: list[Execution],
    user_values: Mapping[int, dict[str, tuple[str, ...]]],
) -> Reason | None:
    """The user named who the action was for; the action went to someone else only."""
    asked = user_values.get(bound.turn, {}).get("email", ())
    if not asked or bound.claim.category not in ("sent", "booked", "routed", "paid"):
        return None
    text = "\n".join(e.args_text for e in successes)
    used = evidence_values(text)["email"]
    if used and not used & set(asked):
        return Reason(
            label,
            "contradicted",
            _cite(successes),
            f"the request named {', '.join(asked)}, but {_names(successes)} went to {', '.join(sorted(used))}",
        )
    return None


_ISO_INSTANT = re.compile(
    r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)(?![\d:])"
)


def _instant(text: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00").replace(" ", "T"))
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


def _instants_set(successes: list[Execution]) -> list[datetime]:
    """The moments (ISO times with an offset) the actions carried in their arguments or result."""
    return [
        m
        for e in successes
        for t in (e.args_text, e.output_text)
        for found in _ISO_INSTANT.findall(t)
        if (m := _instant(found)) is not None
    ]


def _zone_mismatch(
    label: str, subject: Mapping[str, Any] | None, successes: list[Execution]
) -> Reason | None:
    """A structured claim's time with its offset ("09:00+01:00") against the action's: the
    same clock time at another offset (09:00-04:00) is another moment, the classic time-zone
    slip. Only that case: an equal moment written in another zone is the same time."""
    claimed = [
        m for v in (subject or {}).values() if isinstance(v, str) and (m := _instant(v)) is not None
    ]
    if not claimed:
        return None
    used = _instants_set(successes)
    for moment in claimed:
        if any(u == moment for u in used):
            continue
        slipped = [u for u in used if u.replace(tzinfo=None) == moment.replace(tzinfo=None)]
        if slipped:
            return Reason(
                label,
                "contradicted",
                _cite(successes),
                f"the claim says {moment.isoformat()}, but {_names(successes)} set "
                f"{slipped[0].isoformat()}: the same clock time in another time zone",
            )
    return None


_ID_LIKE = re.compile(r"^(?=.*[\d_@-])[A-Za-z0-9][\w.:@/+-]{2,}$")


def _subject_key_mismatch(
    label: str,
    subject: Mapping[str, Any] | None,
    successes: list[Execution],
    user_text: str,
    before: list[Execution],
) -> Reason | None:
    """A structured claim's identifier under a key ({"price": "price_pro_annual"}) against
    what the action carried under the same key: {"price": "price_pro_monthly"} in its
    arguments or result is another thing than the one claimed. Only identifiers the trace
    itself names (the request, a tool) are compared; a label the agent made up
    ({"channel": "slack_dm"}) names nothing to compare."""
    for key, claimed in (subject or {}).items():
        if not isinstance(claimed, str) or not _ID_LIKE.match(claimed) or _instant(claimed):
            continue
        folded = claimed.casefold()
        if folded not in user_text.casefold() and not any(
            folded in e.args_text.casefold() or folded in e.output_text.casefold() for e in before
        ):
            continue
        used: set[str] = set()
        for e in successes:
            _values_under(e.call.args, key.lower(), used)
            if e.result is not None:
                _values_under(e.result.output, key.lower(), used)
        if used and claimed.casefold() not in used:
            return Reason(
                label,
                "contradicted",
                _cite(successes),
                f"the claim says {key} {claimed}, but {_names(successes)} used "
                + ", ".join(sorted(used)[:3]),
            )
    return None


def _values_under(value: Any, key: str, out: set[str], depth: int = 0) -> None:
    """Identifier values held under `key` anywhere in `value` (an object's own "id" when the
    key holds an object: {"price": {"id": "price_x"}})."""
    if depth > 5:
        return
    if isinstance(value, Mapping):
        for k, item in value.items():
            if isinstance(k, str) and k.lower() == key:
                if isinstance(item, Mapping):
                    item = item.get("id")
                if isinstance(item, str) and _ID_LIKE.match(item):
                    out.add(item.casefold())
            if isinstance(item, (Mapping, list)):
                _values_under(item, key, out, depth + 1)
    elif isinstance(value, list):
        for item in value[:100]:
            _values_under(item, key, out, depth + 1)


_COUNT_FIELDS = ("count", "total", "total_count", "totalcount", "n", "num", "rowcount_matched")


def _count_of(execution: Execution) -> int | None:
    """The count a read reports: {"count": 4109}, {"rows": [{"count": "4109"}]}, {"total": 3}."""
    output = execution.result.output if execution.result is not None else None
    candidates: list[Any] = []
    if isinstance(output, Mapping):
        candidates.append(output)
        rows = output.get("rows") or output.get("data") or output.get("result")
        if isinstance(rows, list) and len(rows) == 1 and isinstance(rows[0], Mapping):
            candidates.append(rows[0])
    elif isinstance(output, list) and len(output) == 1 and isinstance(output[0], Mapping):
        candidates.append(output[0])
    for mapping in candidates:
        for key, value in mapping.items():
            if isinstance(key, str) and key.lower() in _COUNT_FIELDS:
                try:
                    return int(str(value).strip())
                except ValueError:
                    continue
    return None


def _none_but_counted(claim: Claim, successes: list[Execution]) -> Execution | None:
    """'No NULL countries remain' after a read whose count is 4109: the latest read that
    reports a count speaks for the state the claim asserts."""
    if claim.type != "state_reported" or not NONE_ASSERTION.search(claim.text):
        return None
    for execution in reversed(successes):
        count = _count_of(execution)
        if count is not None:
            return execution if count > 0 else None
    return None


_UTC_TIMES = re.compile(r"(?<![\d:])(\d{1,2}:\d\d)(?:\s*[–-]\s*(\d{1,2}:\d\d))?\s*(?:UTC|GMT|Z)\b")


def _utc_time_mismatch(label: str, claim: Claim, successes: list[Execution]) -> Reason | None:
    """'02:00-03:00 UTC' over a window the action set at 02:00-07:00: the same clock time at
    another offset, so 09:00 UTC. Only times the claim marks as UTC, against instants the
    action wrote with an offset."""
    claimed = {t.zfill(5) for m in _UTC_TIMES.finditer(claim.text) for t in m.groups() if t}
    if not claimed:
        return None
    used = _instants_set(successes)
    if not used:
        return None
    in_utc = {u.astimezone(timezone.utc).strftime("%H:%M") for u in used}
    for hhmm in sorted(claimed):
        if hhmm in in_utc:
            continue
        local = [u for u in used if u.strftime("%H:%M") == hhmm and u.utcoffset()]
        if local:
            moment = local[0]
            return Reason(
                label,
                "contradicted",
                _cite(successes),
                f"the claim says {hhmm} UTC, but {_names(successes)} set {moment.isoformat()} "
                f"({moment.astimezone(timezone.utc).strftime('%H:%M')} UTC)",
            )
    return None


_STATUS_CACHE: dict[tuple[int, int, bool | None], tuple[Any, Any, tuple[str, str]]] = {}


def _content_status(step: Step) -> tuple[str, str]:
    """A probe's or read's status, content included. The same result is read for every claim,
    so the answer is kept, keyed by the very output and error objects (held in the entry so
    their ids cannot be reused while it lives)."""
    key = (id(step.output), id(step.error), step.ok)
    hit = _STATUS_CACHE.get(key)
    if hit is not None and hit[0] is step.output and hit[1] is step.error:
        return hit[2]
    found = result_status(step, content=True)
    if len(_STATUS_CACHE) > 2048:
        _STATUS_CACHE.clear()
    _STATUS_CACHE[key] = (step.output, step.error, found)
    return found


def _probe(bound: BoundClaim, successes: list[Execution], probes: list[Step]) -> Reason | None:
    """A state probe on the object the action touched settles the claim either way."""
    if not probes:
        return None
    label = bound.claim.type or bound.claim.category
    rule = bound.rule
    if rule is not None and rule.probe:
        matching = [p for p in probes if p.name and fnmatchcase(p.name, rule.probe)]
        if matching:
            probe = matching[-1]
            status, why = _content_status(probe)
            if status in ("failed", "pending"):
                return Reason(label, "contradicted", (probe.i,), f"state probe {probe.name}: {why}")
            latest = successes[-1]
            rows = evaluate_checks(
                rule.probe_checks, bound.subject or {}, latest.call.args, probe.output
            )
            failed = [r for r in rows if r.result == "fail"]
            if failed:
                return Reason(
                    label,
                    "contradicted",
                    (probe.i,),
                    f"state probe {probe.name} contradicts the claim: "
                    + "; ".join(r.describe() for r in failed[:3]),
                )
            if rows and all(r.result == "skipped" for r in rows):
                return None
            return Reason(
                label,
                "probe_supported",
                (*latest.cited, probe.i),
                f"state probe {probe.name} confirms it",
            )
    related = [p for p in probes if _shares_identifier(p, successes)]
    if not related:
        return None
    probe = related[-1]
    status, why = _content_status(probe)
    # The agent's own later read of the same object counts like a probe, one notch lower.
    what = "a later read" if probe.kind == "tool_result" else "state probe"
    if status == "accepted" and probe.kind == "tool_result":
        return None  # its own read says the work is still in progress: no verdict from it
    if status in ("failed", "pending"):
        return Reason(
            label, "contradicted", (probe.i,), f"{what} {probe.name} on the same object: {why}"
        )
    other = _probe_names_another(bound.claim, probe)
    if other is not None:
        return Reason(
            label,
            "contradicted",
            (*successes[-1].cited, probe.i),
            f"{what} {probe.name} of the object acted on shows {other}, not the one the claim names",
        )
    stale = _content_not_there(successes[-1], probe)
    if stale is not None:
        return Reason(
            label, "contradicted", (*successes[-1].cited, probe.i), f"{what} {probe.name} {stale}"
        )
    outcome: Outcome = "receipt_confirmed" if probe.kind == "tool_result" else "probe_supported"
    return Reason(
        label, outcome, (*successes[-1].cited, probe.i), f"{what} {probe.name} finds it in place"
    )


def _probe_names_another(claim: Claim, probe: Step) -> str | None:
    """The claim names who or what was acted on by an address ("james.whitfield@corp.io is
    deactivated"); a read of the object the action touched shows a different one."""
    claimed = set(claim.values.get("email", ()))
    if not claimed:
        return None
    text = json.dumps(probe.output, ensure_ascii=False, default=str)
    found = evidence_values(text)["email"]
    if found and not found & claimed:
        return ", ".join(sorted(found)[:2])
    return None


_CONTENT_KEYS = ("content", "contents", "text", "body", "value", "data")


def _content_not_there(action: Execution, probe: Step) -> str | None:
    """The action wrote some content; a later read of the same object returns other content:
    the write did not persist."""
    args = action.call.args or {}
    written = next(
        (args[k] for k in _CONTENT_KEYS if isinstance(args.get(k), str) and args[k].strip()), None
    )
    output = probe.output
    read = output if isinstance(output, str) else None
    if isinstance(output, Mapping):
        read = next((output[k] for k in _CONTENT_KEYS if isinstance(output.get(k), str)), None)
    if written is None or read is None:
        return None
    if " ".join(written.split()) in " ".join(read.split()):
        return None
    return "returns content without what was written: the change did not persist"


def _later_reads(actions: list[Execution], before: list[Execution]) -> list[Step]:
    """Reads the agent made after the action, as probe-like steps (the read's result with the
    read's arguments): its own check of the outcome."""
    if not actions:
        return []
    after = actions[-1].call.i
    return [
        replace(e.result, args=e.call.args, name=e.call.name)
        for e in before
        if e.category == "retrieved"
        and e.result is not None
        and e.call.i > after
        and e.status == "succeeded"
    ]


def _identifiers(value: Any, out: set[str], depth: int = 0) -> None:
    if depth > 4:
        return
    if isinstance(value, Mapping):
        for key, item in value.items():
            if (
                isinstance(item, (str, int))
                and not isinstance(item, bool)
                and (
                    key == "id"
                    or key.endswith(("_id", "Id", "_key", "sha"))
                    or key in ("path", "file_path", "url", "email")
                )
            ):
                out.add(str(item))
            elif isinstance(item, (Mapping, list)):
                _identifiers(item, out, depth + 1)
    elif isinstance(value, list):
        for item in value[:50]:
            _identifiers(item, out, depth + 1)


def _shares_identifier(probe: Step, successes: list[Execution]) -> bool:
    probe_ids: set[str] = set()
    _identifiers(probe.args, probe_ids)
    if not probe_ids:
        return False
    action_ids: set[str] = set()
    for e in successes:
        _identifiers(e.call.args, action_ids)
        if e.result is not None:
            _identifiers(e.result.output, action_ids)
    return bool(probe_ids & action_ids)


def bind_rule(
    claim: Claim, packs: Sequence[RulePack]
) -> tuple[Rule | None, str | None, tuple[str, ...]]:
    """The pack rule a claim answers to (by structured type, or by an extracted claim's
    sentence matching a pack's claim pattern for a type of the same category), its type, and
    the actions the pack gives to its other claim types."""
    from toolscore_ci.claims.lexicon import category_of_type

    def others(pack: RulePack, claim_type: str) -> tuple[str, ...]:
        own = pack.claims[claim_type].action
        return tuple(
            {r.action for t, r in pack.claims.items() if t != claim_type and r.action != own}
        )

    for pack in packs:
        if claim.type and claim.source == "structured" and claim.type in pack.claims:
            return pack.claims[claim.type], claim.type, others(pack, claim.type)
    if claim.source != "extracted":
        return None, None, ()
    for pack in packs:
        for claim_type, patterns in pack.claim_patterns.items():
            if claim_type not in pack.claims:
                continue
            category = pack.categories.get(claim_type) or category_of_type(claim_type)
            if category != claim.category:
                continue
            if any(p.search(claim.text) for p in patterns):
                return pack.claims[claim_type], claim_type, others(pack, claim_type)
    return None, None, ()


def score(reasons: Sequence[Reason]) -> float | None:
    """A trace is as good as its worst claim. A claim the rules cannot decide abstains at 0.5,
    so one unchecked claim sends an otherwise verified trace to review, never to a pass."""
    if not reasons:
        return None
    return min(0.5 if SCORES[r.outcome] is None else SCORES[r.outcome] for r in reasons)  # type: ignore[type-var]
