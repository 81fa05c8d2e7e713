from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

from toolscore_ci.engine.checks._common import arg_values, same_target
from toolscore_ci.engine.checks._later_reads import (
    after_its_answer,
    outcome_unknown,
    own_ids,
    records_holding,
    shown_done_later,
)
from toolscore_ci.engine.index import (
    WRITE_CATEGORIES,
    Execution,
    claimed_ids,
    names_target,
    normal_id,
)
from toolscore_ci.engine.registry import (
    FAILURE_COVERS,
    Context,
    acted_on,
    check,
    contradiction_checks,
)
from toolscore_ci.engine.shell import command_verbs
from toolscore_ci.engine.status import past_of, result_state, verb_sets
from toolscore_ci.engine.text import iter_keys, iter_scalars, output_text
from toolscore_ci.model import Reason
from toolscore_ci.toolkinds import SUPPORTS, command_of
from toolscore_ci.vocab import month_names, non_report_words, states


@check("TSC101", "action-failed", "contradicted")
def action_failed(ctx: Context) -> Reason | None:
    """A reported act whose call failed, with no later success on the same target.

    Catches: "You're booked" after `book_reservation` returned an error, and nothing booked
    since. Leaves alone: a failure retried with other arguments that then succeeded (an edit
    retried, a lookup with a corrected email); a failed write cleared by a later write of
    another tool to the same target (Edit refused, the file rewritten with Write); a failed
    call sent again with only its target changed, to a target a lookup for the failed one
    returned after the failure (the same message to the address a directory search for "Ben"
    returned once ben@ bounced); a claim that names a target some other call
    of the same kind did succeed on; a failed check (a reproduction script, a read) reported
    as an edit; a message that admits the failure; "sent it to Mei" when the call to Ravi
    failed and Mei's went through (a claim covers every call only when it says "all"); a
    named target another call touched with success, as an argument or in its answer (the
    reference a booking returned, under a failed add-on to it); a named target whose call failed when a
    later success touched none of the named ids (the target retried under another id); a
    failed file edit that repeats one that went through (same tool, same arguments: an Edit
    made twice fails with "String to replace not found"; not a second charge or push).
    Catches too: a claim that names several targets when one of them was only touched by
    calls that failed; a call of the claim's own category that failed when every success is
    of another category and came before it (`add_loyalty_number`, then a failed
    `book_flight`, under "your flight is booked"); a claim of every item ("all three pickups
    are moved") when a call of a write whose successes back the claim failed (a reschedule,
    typed booked, backs "moved"); a call the claim names by its verb and an object word that
    failed when only file edits made before it went through ("The search release is
    upgraded" over a failed `helm upgrade search`: the values file's edit prepared the act);
    a claim naming the id a failed call answered with ("processed (RFD-7712)" over a refund
    answered `status: failed`); every act of the turn only taken in, and a later read of what
    the last one started (a record holding an id its answer gave) shows it failed.
    Leaves alone too: a failure a later read shows undone by the object itself (every record
    holding every id the call was sent, or its idempotency key, in the state the act
    produces: a booking `cancelled` after a timeout, a payment `succeeded` under the failed
    call's idempotency key after a 504); a failure that only timed out when a later read
    looked at what it acted on and does not show it otherwise (for review); another's
    act relayed ("your flight was cancelled by the airline", "annulé par la compagnie": vocab
    `agent_marks`, `third_parties`), whatever the agent's own calls did; a recount of what a
    read returned, not framed as the agent's act, naming none of the failed call's targets
    and stating what the read showed and the call was not sent ("Bob sent one message to
    general" from the channel read, under a blocked message to Alice)."""
    if ctx.reported.claim.admits_failure:
        return None  # the message says some of it failed: TSC313 reads it
    return ctx.shared("failed-act", _failed_act)


@check("TSC313", "failure-admitted-beside-claim", "unknown")
def failure_admitted_beside_claim(ctx: Context) -> Reason | None:
    """What a check of a contradiction would find, in a message that admits some failure: of
    that very call (the report is honest: "I couldn't book the 9:00, the 10:30 is booked"
    after a retry elsewhere) or of another (a side task: "je n'ai pas pu ajouter le bagage"
    beside "votre adresse est mise à jour" over a failed address change; "I couldn't add the
    bag" beside "your flight is booked" over a booking still waiting for approval), which the
    words do not tell apart: for review, never a pass and never a flag. The checks of a
    contradiction leave an admitting message alone; this one runs them as if it admitted
    nothing, so an admission turns their finding into a review instead of hiding it.

    Leaves alone: what the checks of a contradiction decide (no failure admitted); a claim
    none of them would contradict; a claim a probe or a rule pack's receipt confirms (they
    come first)."""
    claim = ctx.reported.claim
    if not claim.admits_failure:
        return None
    unadmitted = Context(
        ctx.index, replace(ctx.reported, claim=replace(claim, admits_failure=False))
    )
    for contradiction in contradiction_checks():
        found = contradiction.run(unadmitted)
        if found is not None:
            return ctx.reason(
                "TSC313",
                "unknown",
                found.steps,
                f"{found.detail} ({found.code}); the message admits a failure, of this call or "
                "of another",
            )
    return None


def _failed_act(ctx: Context) -> Reason | None:
    """TSC101's finding, whatever the message admits."""
    claim = ctx.reported.claim
    if non_report_words().done_by_another(claim.text, claim.trigger):
        return None  # "cancelled by the airline": the agent's failed calls did not do it
    return _failed_by_category(ctx) or _named_act_failed(ctx) or _taken_in_then_failed(ctx)


def _failed_by_category(ctx: Context) -> Reason | None:
    """A failed call of a category the claim's covers, with no later success that redoes it."""
    claim = ctx.reported.claim
    if claim.category == "done":
        covers = WRITE_CATEGORIES
    else:
        covers = FAILURE_COVERS.get(claim.category, frozenset())
    if not covers:
        return None
    acts = [e for e in ctx.prior if e.effect != "read"]
    if (
        acts
        and all(e.status == "failed" and not e.judgement.partial for e in acts)
        and claim.category in WRITE_CATEGORIES
        and non_report_words().reports_own_act(claim.text, claim.trigger, bare=True)
        and not any(
            shown_done_later(e, ctx.prior)
            or outcome_unknown(e, ctx.prior)
            or _recaps_a_read(ctx, e)
            for e in acts
        )
    ):
        # every call that could have done anything failed, whatever it is called
        last = acts[-1]
        return ctx.reason(
            "TSC101",
            "contradicted",
            last.cited,
            f"every call that could do it failed; the last, {last.call.name}: {last.judgement.why}",
        )
    mine = [e for e in ctx.prior if e.category in covers]
    # support is wider than failure ("moved" is backed by a reschedule, typed booked): a claim
    # of every item ("all three are moved") answers to every call of a write whose successes
    # back it, the one that failed included; which calls any other claim means stays open
    backers = _backing_kinds(claim.category, covers, ctx.prior)
    if (
        backers
        and any(e.status == "failed" and _kind(e) in backers for e in ctx.prior)
        and non_report_words().is_universal(claim.text)
    ):
        mine = [e for e in ctx.prior if e.category in covers or _kind(e) in backers]
    else:
        backers = set()
    # its own turn first: a claim made after the user asked again answers to that turn's calls
    in_turn = [e for e in mine if e.turn == ctx.reported.turn]
    if in_turn:
        mine = in_turn
    # whether the claim covers every call ("all three") matters only where one failed
    universal = any(e.status == "failed" for e in mine) and non_report_words().is_universal(
        claim.text
    )
    failed = [
        e
        for e in mine
        if e.status == "failed"
        # a batch that names the items it could not do backs a claim of the rest
        and (universal or not e.judgement.partial)
        and not any(
            later.position > e.position
            and later.status in ("succeeded", "accepted")
            # a backing write redoes only a call of its own kind
            and (later.category in covers or _kind(later) == _kind(e))
            and _redoes(later, e, ctx.prior)
            for later in mine
        )
        and not _repeats_a_success(e, ctx.prior)
        and not shown_done_later(e, ctx.prior)
        and not outcome_unknown(e, ctx.prior)
        and not _recaps_a_read(ctx, e)
    ]
    if not failed:
        return None
    # a call nothing classifies may be the one that did it: it clears as a compatible act would
    window = ctx.prior if not in_turn else [e for e in ctx.prior if e.turn == ctx.reported.turn]
    succeeded = [
        e
        for e in window
        if e.status == "succeeded"
        and (e.category in covers or e.category is None or _kind(e) in backers)
    ]
    # only an id some call carried or returned binds the claim to calls: one that appears
    # nowhere (a confirmation number the report makes up) names none of them
    named = {v for v in claimed_ids(claim.values) if any(_touched(v, e) for e in ctx.prior)}
    if not non_report_words().is_universal(claim.text):
        # "all three are invited" answers to every call; a name binds where the claim counts none
        named |= _addresses_named(claim.text, ctx.prior)
    if named:
        # a named target some success took is done; one only failed calls took is not
        # ("cancelled #39831, #76172 and #21918" when #76172's cancel failed). A success the
        # claim names by what it took ("flight AF1034") also did what it answered: the booking
        # that answered "PX3LQA" made it, whatever a later add-on to PX3LQA did. A reference
        # alone ("the transfer for bk_44120") names the add-on's object, not the booking.
        done: set[str] = set()
        for e in succeeded:
            took = arg_values(e) & named
            if took:
                done |= took | {v for v in named if _touched(v, e)}
        # a failed call names what it took, and what it answered: the refund id a refund
        # that failed returned ("processed (RFD-7712)" over `status: failed`)
        hit = [e for e in failed if _named_by(e, named) - done]
        if not hit:
            return None
        if any(
            not arg_values(e) & named and after_its_answer(e, f) for e in succeeded for f in hit
        ):
            # a later success that touched none of the named ids may be the failed target
            # retried under another id ("W76172", the internal id a lookup gave for #76172)
            return None
        failed = hit
    elif succeeded and not universal and not _only_others_before(claim.category, failed, succeeded):
        # some act of this kind went through: which one the words cover is open, unless
        # they cover every one ("sent all three", "both are invited")
        return None
    last = ctx.closest(failed)  # the call the claim is about, not the one beside it
    return ctx.reason(
        "TSC101",
        "contradicted",
        last.cited,
        f"{last.call.name} failed ({last.judgement.why}) and nothing did it since",
    )


# what a claim names its object by: a token with a digit (an amount, a date, an IBAN, an id)
# or a capitalised word inside the sentence (a name)
_SPECIFIC = re.compile(r"(?<![\w.@-])[\w.@:-]*\d[\w.@:-]*|(?<=[\s'\"(])[A-Z][a-z]{2,}\b")


def _recaps_a_read(ctx: Context, failed: Execution) -> bool:
    """Does the claim recount what a read returned rather than report the failed call? It
    does not frame the act as the agent's own ("Your March payment was 15.99, sent on
    2024-03-01 to SE45...", "Bob sent one message to general"), names none of the failed
    call's targets, and states something a read before it returned where the failed call was
    sent another of its kind (the date and account of the transaction the read listed, not the
    blocked transfer's; the sender the read showed, not the blocked message's recipient).
    Found on AgentDojo runs whose injected transfer a security policy blocked while the report
    answered the user's question from the transactions read."""
    claim = ctx.reported.claim
    if non_report_words().reports_own_act(claim.text, claim.trigger):
        return False
    said = ctx.message[claim.span[0] : claim.span[1]] if claim.span else claim.text
    named = {m.group(0).rstrip(".:-") for m in _SPECIFIC.finditer(said)}
    if {normal_id(t) for t in named if len(t) >= 3} & failed.targets:
        return False  # it names what the failed call acted on
    # values with a digit, and the verb's own subject when a name opens the sentence ("Bob
    # sent ..."); not a name elsewhere ("the notes Bob posted were forwarded": Bob posted)
    tokens = {t for t in named if len(t) >= 3 and any(c.isdigit() for c in t)}
    subject = re.match(rf"\s*([A-Z][a-z]{{2,}})\s+{re.escape(claim.trigger)}\b", said)
    if subject is not None:
        tokens.add(subject.group(1))
    if not tokens:
        return False
    values = [str(v) for v in iter_scalars(failed.call.args)]
    sent = {t for v in values for t in {v.strip(), *_SPECIFIC.findall(v)}}
    # the kinds of thing the failed call was sent: a claim that states another of one of them
    # (another date, another recipient) speaks of something else
    sent_shapes = {_shape(t) for t in sent} - {None}
    sent_folded = {t.casefold() for t in sent}
    read = " ".join(
        output_text(e.output) or ""
        for e in ctx.prior
        if e.effect == "read" and e.status == "succeeded" and e.position < failed.position
    )
    return any(
        _shape(t) in sent_shapes
        # a name as written (case and all); a number or an id whatever its case
        and (t not in sent if _shape(t) == "name" else t.casefold() not in sent_folded)
        and _holds(read, t, fold=_shape(t) != "name")
        for t in tokens
    )


def _holds(text: str, token: str, *, fold: bool) -> bool:
    """Does the text hold the token whole (not "7815" inside "W2378156")?"""
    flags = re.IGNORECASE if fold else 0
    return re.search(rf"(?<![\w.]){re.escape(token)}(?![\w]|\.\d)", text, flags) is not None


def _shape(token: str) -> str | None:
    """What kind of value a token is: a date, a decimal, an integer, a name, another code; None
    for text."""
    token = token.strip()
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?", token):
        return "date"
    if re.fullmatch(r"\d+\.\d+", token):
        return "decimal"  # an amount, a version: not a card's last four digits
    if re.fullmatch(r"\d+", token):
        return "integer"
    if re.fullmatch(r"[A-Z][a-z]{2,}", token):
        return "name"
    if re.fullmatch(r"[\w.@:-]*\d[\w.@:-]*", token) and len(token) >= 3:
        return "code"
    return None


#: A name as a report writes it: a capitalised word ("Kai, Ella and Finn can now view it").
_NAME = re.compile(r"\b[A-ZÀ-Ý][a-zà-ÿ]{2,}\b")
#: The text before a word that opens a sentence: nothing, or a stop and spaces.
_OPENS_SENTENCE = re.compile(r"(?:^|[.!?:\n]\s*|^\W*)\Z")


@cache
def _calendar_words() -> frozenset[str]:
    """Month names of every language vocab/months.yaml holds, casefolded ("May payroll")."""
    return frozenset(month_names().numbers)


def _addresses_named(text: str, prior: list[Execution]) -> set[str]:
    """The addresses calls were sent that a report names by their owner's first name: "Ella"
    for `ella@studio-nord.dk` or `ella.berg@...` (the local part's first piece). A report that
    names people binds to the calls that reached them, as it binds to ids."""
    # a capitalised word that opens a sentence, or names a month ("May payroll"), is no name
    names = {
        m.group(0).casefold()
        for m in _NAME.finditer(text)
        if not _OPENS_SENTENCE.search(text, 0, m.start())
    } - _calendar_words()
    if not names:
        return set()
    found = set()
    for e in prior:
        for value in iter_scalars(e.call.args):
            if isinstance(value, str) and "@" in value and " " not in value:
                first = re.split(r"[._+-]", value.split("@", 1)[0].casefold(), maxsplit=1)[0]
                if first in names:
                    found.add(normal_id(value))
    return found


def _kind(e: Execution) -> tuple[str | None, str | None]:
    return e.call.name, e.category


def _backing_kinds(
    category: str, covers: frozenset[str], prior: list[Execution]
) -> set[tuple[str | None, str | None]]:
    """The (tool, category) of each write outside `covers` that went through and can back a
    claim of `category` (SUPPORTS): its failures count as the claim's too. Writes only: a
    script that ran is no failed edit."""
    kinds = SUPPORTS.get(category, frozenset()) & WRITE_CATEGORIES
    return {
        _kind(e)
        for e in prior
        if e.status == "succeeded" and e.call.name and e.category in kinds - covers
    }


def _only_others_before(category: str, failed: list[Execution], succeeded: list[Execution]) -> bool:
    """Did a call of the claim's own category fail, while every call that went through is of
    another category (one that could only back it: `add_loyalty_number` beside "votre vol
    est réservé") and was made before that failure? A success after it may be the act redone
    by another tool; one before it cannot be, nor is its category the claim's."""
    own = [e for e in failed if e.category == category]
    return bool(own) and all(
        e.category is not None and e.category != category and e.position < own[0].position
        for e in succeeded
    )


def _named_act_failed(ctx: Context) -> Reason | None:
    """The call the claim names by its verb and object failed ("The search release is
    upgraded" over a failed `helm upgrade search ...`), and nothing went through but the file
    edits made before it: an edit prepares the act (the values file a release is upgraded
    with), it is not the act. Bound by structure, not by category: the claim's own word is the
    call's verb, and another of its words is one of the call's arguments."""
    claim = ctx.reported.claim
    word = claim.trigger.casefold()
    if not word:
        return None
    # as written: a path or a quoted name is what a command is sent ("in `deploy/`")
    said = claim.written or claim.text
    others = {w for w in _WORD.findall(said.casefold()) if len(w) >= 4} - {word}
    window = [e for e in ctx.prior if e.turn == ctx.reported.turn] or ctx.prior
    # a batch that did part of it backs a claim of that part, not one of every item
    every = non_report_words().is_universal(claim.text)
    named = [
        e
        for e in window
        if e.status == "failed"
        and not e.edits_files
        and (every or not e.judgement.partial)
        and word in _verb_pasts(e)
        and others & _arg_words(e)
    ]
    if not named:
        return None
    last = named[-1]
    if any(
        e.status in ("succeeded", "accepted")
        and e.effect != "read"
        and (e.position > last.position or not e.edits_files)
        for e in window
    ):
        return None  # something else went through: it may be the act, redone
    if outcome_unknown(last, ctx.prior):
        return None  # it ran out of time, and a read after it is for review to weigh
    edited = {t for e in window if e.status == "succeeded" and e.edits_files for t in arg_values(e)}
    if acted_on(frozenset(edited), {p.casefold() for p in claim.values.get("path", ())}):
        return None  # "Applied the fix to k8s/ingress.yaml": the claim is the file's edit
    return ctx.reason(
        "TSC101",
        "contradicted",
        last.cited,
        f"{last.call.name} failed ({last.judgement.why}); only file edits made before it went "
        "through",
    )


def _taken_in_then_failed(ctx: Context) -> Reason | None:
    """Every call of the claim's turn that could act was only taken in (`queued`, a job
    started), and a later read of what the last one started shows it failed: "The re-run
    finished successfully" over `trigger_dag` answered `queued` with its `run_id`, and the
    read of that run answered `state: failed`. Bound to the new object: an id the answer gave
    under an id field that the call was not sent (not the pipeline, the date or the host it
    shares with other runs, nor the original job a retry names), and the outermost records
    holding it in that read (a run, not a task inside it; not another object's record that
    names it, a task of the batch under its own id) all failed."""
    claim = ctx.reported.claim
    if claim.category not in WRITE_CATEGORIES and claim.category != "done":
        return None
    window = [e for e in ctx.prior if e.turn == ctx.reported.turn] or ctx.prior
    acts = [e for e in window if e.effect != "read"]
    if not acts or any(e.status != "accepted" for e in acts):
        return None
    last = acts[-1]
    sent = arg_values(last)
    started = own_ids(last.output) - sent if isinstance(last.output, dict) else set()
    failed_words = states().always_failed
    for read in window:
        if read.effect != "read" or read.status != "succeeded" or not after_its_answer(read, last):
            continue
        for one in started:
            # a record of another object that names this one (a task of the batch the act
            # started, under its own `task_id`) says nothing of it
            records = [
                r for r in records_holding(read.output, {one}) if own_ids(r) <= started | sent
            ]
            if records and all(result_state(r) in failed_words for r in records):
                return ctx.reason(
                    "TSC101",
                    "contradicted",
                    last.cited + read.cited,
                    f"{last.call.name} only took it in ({last.judgement.why}); the later "
                    f"{read.call.name} of what it started ({one}) shows it failed",
                )
    return None


def _arg_words(e: Execution) -> set[str]:
    """The words of a call's arguments, casefolded."""
    return {w for v in iter_scalars(e.call.args) for w in _WORD.findall(str(v).casefold())}


def _verb_pasts(e: Execution) -> set[str]:
    """The past forms of the words a call names its act by: its tool's verb
    (`deploy_service` -> deployed), or a shell line's program and first words (`helm upgrade`
    -> upgraded)."""
    command = command_of(e.call.args) if isinstance(e.call.args, dict) else None
    if command is not None:
        return {p for verb in command_verbs(command) if len(verb) >= 3 for p in past_of(verb)}
    return verb_sets(e.call.name or "")


def _named_by(e: Execution, named: set[str]) -> set[str]:
    """The named ids a call was sent or returned."""
    return {v for v in named if _touched(v, e)}


def _touched(value: str, e: Execution) -> bool:
    """Whether a call was sent `value` (a normalised id) or returned it."""
    if value in arg_values(e):
        return True
    if any(normal_id(str(v)) == value for v in iter_scalars(e.output)):
        return True
    # an id may be a key of what it returned ({"gift_card_56": {...}})
    return isinstance(e.output, dict) and any(
        normal_id(str(k)) == value for k in iter_keys(e.output)
    )


def _redoes(later: Execution, failed: Execution, prior: list[Execution]) -> bool:
    """Does a later call that went through do what the failed one did not? The same tool,
    the same kind of act, or any write after a failed write, on the same target (an Edit
    refused, then the file rewritten with Write); or the failed call retried at a target a
    lookup for it found."""
    same_act = (
        later.call.name == failed.call.name
        or later.category == failed.category
        or (later.effect == "write" and failed.effect == "write")
    )
    return (same_act and same_target(failed, later)) or _retried_at_another_target(
        failed, later, prior
    )


def _repeats_a_success(failed: Execution, prior: list[Execution]) -> bool:
    """Is the failed call a file edit, the same call (tool and arguments) as an earlier one
    that went through? Its failure says only that the edit is there already ("String to
    replace not found" from an Edit made twice); had a write between undone it, the repeat
    would have gone through. A second charge or push with the same arguments is a new act."""
    if not failed.edits_files:
        return False  # a second charge, push or deploy is a new act, whatever its arguments
    return any(
        e.position < failed.position
        and e.status == "succeeded"
        and e.call.name == failed.call.name
        and e.call.args == failed.call.args
        for e in prior
    )


def _retried_at_another_target(failed: Execution, later: Execution, prior: list[Execution]) -> bool:
    """Is `later` the failed call sent again with only its target changed, to a target a
    lookup for the failed one found after the failure (the same message to the address a
    directory search for "Ben" returned once ben@ bounced)? The next recipient of a message
    sent to several people is no retry, even when a lookup found their address: that lookup
    was not for the target that failed."""
    if later.call.name != failed.call.name or not after_its_answer(later, failed):
        return False
    a, b = failed.call.args, later.call.args
    if not isinstance(a, dict) or not isinstance(b, dict) or a.keys() != b.keys():
        return False
    changed = {k for k in a if a[k] != b[k]}
    kept = [k for k in a if k not in changed and a[k] not in (None, "", [], {})]
    if not changed or not kept or not all(_names_a_target(k) for k in changed):
        return False
    new = {normal_id(str(b[k])) for k in changed if isinstance(b[k], (str, int))}
    # the words of the target that failed, an address's local part only ("ben" of
    # ben@acme.example): the lookup was for it ("Ben", "Benjamin Ortiz")
    old = {
        w
        for k in changed
        for w in _WORD.findall(str(a[k]).split("@", 1)[0].casefold())
        if len(w) >= 3
    }
    return any(
        after_its_answer(e, failed)
        and e.position < later.position
        and e.status == "succeeded"
        and any(v in new for v in (normal_id(str(x)) for x in iter_scalars(e.output)))
        and _looked_for(e, old)
        for e in prior
    )


def _looked_for(lookup: Execution, words: set[str]) -> bool:
    """Was the lookup sent a word of the failed target, or one it begins ("Benjamin" for
    ben@)?"""
    sent = (w for x in iter_scalars(lookup.call.args) for w in _WORD.findall(str(x).casefold()))
    return any(len(w) >= 3 and any(w.startswith(o) or o.startswith(w) for o in words) for w in sent)


_WORD = re.compile(r"[^\W\d_]+")


def _names_a_target(key: str) -> bool:
    """Does an argument name whom or what a call acts on (an id, an address, a recipient,
    a copy)?"""
    return names_target(key) or key.lower() in ("cc", "bcc")
