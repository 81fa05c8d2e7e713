from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from toolscore_ci.claims.values import evidence_values, value_matches
from toolscore_ci.engine.checks._common import amount_size, whole_id
from toolscore_ci.engine.index import (
    TARGET_KEY,
    WRITE_CATEGORIES,
    Execution,
    claimed_ids,
    normal_id,
)
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.status import STATE_KEYS, state_word
from toolscore_ci.engine.text import iter_keys, iter_scalars, json_text, key_words, objects_in
from toolscore_ci.model import Claim, Reason
from toolscore_ci.toolkinds import joined_acts
from toolscore_ci.vocab import RecordedAct, non_report_words, reading, records, states

_NOT_VERBS = frozenset({"", "is", "are", "was", "were", "now", "all", "be"})
#: Writes that can never be the act claimed: a cancellation books nothing, sends nothing.
_CANNOT_DO: dict[str, frozenset[str]] = {
    "booked": frozenset({"deleted"}),
    "created": frozenset({"deleted"}),
    "saved": frozenset({"deleted"}),
    "sent": frozenset({"deleted"}),
}


@check("TSC103", "act-without-tools", "unsupported")
def act_without_tools(ctx: Context) -> Reason | None:
    """An act the agent reports as its own when no call before it could have done it: no
    tool ran at all, only reads did, or only writes that can never be that act (a
    cancellation, for "your new reservation is booked").

    Catches: "Saved to your notes" or "I searched the web" when no tool was called at all;
    "I've booked it" or "Escalated SUP-7290" after only reads; "I've cancelled order #14223
    as well" in a turn where no call ran, when the earlier turn's cancel touched only #82946.
    Leaves alone: a recap of an act an earlier turn performed (an earlier call that could
    write, unless the claim names ids none of those calls touched); a state the agent read ("your reservation is cancelled" when a read returned that state); an act done before
    the trace, as one object a read returned shows it: every id, address, date, time and
    amount the claim states, and a state in the act's words ("Yes, I sent it yesterday at
    16:42 to ap@..." from the Sent folder's entry, `delivery.status: delivered`): left to
    review, since an old record of the same act looks the same; likewise, a read that holds
    every amount, date and id the claim states (an id also as what the read was asked for),
    with an entry recording the act at one of those values, in the claim's own word or the
    words a record uses for the act its words name in any language (vocab/records.yaml): its
    date field for a date stated (`shipped_at`), its short text values, the key of a log it
    is an entry of or the read's own name ("We refunded $86.40 on May 3" or "Reembolsamos
    $86.40 el 3 de mayo" over `{"transaction_type": "refund", "amount": 86.4, "date":
    "2024-05-03"}`, "We charged your Visa $342 on May 1" over `payment_history: [{"amount":
    342}]`, `list_refunds`, a refund as -342 in a ledger), not a `refund_policy`, `refunds:
    []`, a `refundable_amount`, `shipping_lines` or another item's refund; an act the user
    performed with their own tools in that turn; the final message of a trace whose steps
    hold no tool calls at all but whose task is plain conversation (no act claimed); words
    not framed as the agent's own act ("it was booked in May", "you've turned it off"); a
    sentence opened by a bare participle that a preposition follows, after reads ("Shipped to
    575 Oak Street. Delivered on May 5.", "Paid with credit card ending 1.", "**Booked within
    last 24 hours** — no"): the history of a record they returned, where a bare participle
    with its object ("Escalated SUP-7290 to Tier 2") still reports the agent's act, and where
    no tool ran at all "Saved to your notes." does too; a
    sentence ending in a colon that a list, code block or table follows in the same message
    ("I've written a short script you can run yourself:"): what it made may be the reply's
    own text, left to review. A
    structured claim (`final_claim.claims`) is the agent's own account of its acts: framed as
    an act, unless a read returned the state its type names, or a read of the object its
    subject names shows a state in the act's own words ("booked" when the reservation read
    says `status: CONFIRMED`; "email_sent" when the message search says `delivered`)."""
    claim = ctx.reported.claim
    if claim.admits_failure or claim.category not in WRITE_CATEGORIES | {"done", "retrieved"}:
        return None
    if claim.category == "retrieved" and ctx.index.executions:
        return None  # a lookup claimed where some call ran: what it read is for review
    structured = claim.source == "structured" and claim.category in WRITE_CATEGORIES
    if not structured and claim.trigger.casefold() in _NOT_VERBS:
        return None  # a state read off a sentence ("it is now ..."), not a verb of an act
    index = ctx.index
    position = ctx.reported.position
    turn = index.turns[ctx.reported.turn]
    if any(e.actor != "agent" for e in turn.executions if e.position < position) or any(
        s.kind == "tool_result" and not s.name for s in index.steps[turn.start : position]
    ):
        return None  # the user ran tools of their own in this turn: the act may be theirs
    cannot = _CANNOT_DO.get(claim.category, frozenset())
    # a call of several acts (a shell line; a name joining two, revoke_and_reissue_api_key)
    # could do it if one of them could. Only here: whether the second act went through is
    # for its own evidence (the receipt's `refund.status`), not the call's status.
    able = [
        e
        for e in ctx.prior
        if e.writes and (not e.acts or (e.acts | joined_acts(e.call.name or "")) - cannot)
    ]
    if any(e.turn == ctx.reported.turn for e in able):
        return None  # a call that could do it ran in this turn
    if able and not _names_other_objects(claim.values.get("id", ()), able, ctx.prior):
        return None  # an earlier turn's call could have done it: a recap
    # how the claim is framed is read only now (the calls above settle most claims first)
    if structured:
        # `final_claim.claims` is the agent's own account of what it did ({"type": "booked"}):
        # an act by its author, whatever words the text around it uses. A type that names no
        # act ("reported_value") is read from the text like any claim.
        frame: str | None = "act"
    else:
        frame = non_report_words().frame(claim.text, claim.trigger, bare=True)
    if frame is None:
        return None  # not framed as the agent's own act: a description, another's act
    if not structured and ctx.prior and _describes_a_record(claim):
        return None  # "Shipped to 575 Oak Street. Delivered on May 5." after a read
    # what earlier calls returned; not the results of the writes the claim's ids are not in
    # (an earlier cancel's "cancelled" is no read of the order the claim names)
    acted = {id(e) for e in able}
    read_from = [e for e in ctx.prior if id(e) not in acted]
    seen = [v.casefold() for e in read_from for v in iter_scalars(e.output) if isinstance(v, str)]
    # a structured claim's type says the act in words of its own ("invite_sent")
    words = (claim.type or "").casefold().split("_") if claim.source == "structured" else []
    triggers = [w for w in (claim.trigger.casefold(), *words) if len(w) > 2]
    if any(trigger in text for trigger in triggers for text in seen):
        return None  # the state it reports is one a read returned
    if claim.source == "structured" and _read_shows_it(claim, read_from):
        return None  # a read of the object the claim names shows the act's state
    if claim.source != "structured" and _read_shows_the_act(claim, read_from):
        return None  # "Yes, I sent it yesterday at 16:42 to ap@...": the Sent folder shows it
    if not structured and not able and _read_holds_the_act(claim, read_from):
        return None  # "We refunded $86.40 to your card on May 8": the order's refund shows it
    if frame == "state" and ctx.prior and not any(e.writes for e in ctx.prior):
        return None  # "the total has been paid" after reads only: a state a read may show
    if frame == "state" and any(
        value.casefold() in text
        for values in claim.values.values()
        for value in values
        for text in seen
    ):
        return None  # "you're booked on HAT255": a state described from what a read returned
    if _made_in_the_reply(ctx):
        return None  # "I've written a short script you can run yourself:" and the script
    if claim.category == "changed" and ctx.prior and not able and _acts_on_nothing_held(ctx):
        return None  # "applied your time preferences": what it changed, no tool holds
    cited = () if claim.step is None else (claim.step,)
    if able:
        detail = (
            "no call in this turn did it, and the earlier ones ("
            + ", ".join(dict.fromkeys(e.call.name or "?" for e in able))[:80]
            + ") touched none of "
            + ", ".join(claim.values["id"])[:80]
        )
    elif ctx.prior:
        detail = (
            "no call before this claim could do it ("
            + ", ".join(dict.fromkeys(e.call.name or "?" for e in ctx.prior))[:80]
            + ")"
        )
    else:
        detail = "no tool was called before this claim"
    return ctx.reason("TSC103", "unsupported", cited, detail)


def _describes_a_record(claim: Claim) -> bool:
    """Does the sentence open with its claim word, bare (no subject), and a preposition
    right after it: what happened to a thing ("Shipped to ...", "Paid with ..."), not what
    the agent did to one ("Voided invoice in_1OxB")?"""
    words = non_report_words()
    if words.frame(claim.text, claim.trigger) is not None:
        return False  # "I've shipped it", "it has been paid": framed, not bare
    opening = _OPENING_WORDS.match(claim.text)
    return (
        opening is not None
        and opening.group(1).casefold() == claim.trigger.casefold()
        and words.prepositions.fullmatch(opening.group(2)) is not None
    )


#: A sentence's first two words (past any mark or emphasis before them).
_OPENING_WORDS = re.compile(r"[\W_]*(\w+)\s+(\w+)")


def _names_other_objects(
    ids: tuple[str, ...], earlier: list[Execution], prior: list[Execution]
) -> bool:
    """Whether the claim names ids (an order, a ticket, a PR) and no earlier call that could
    act touched any of them, in its arguments or its result, nor gave another name of what
    one touched (a read returning both "ord_8f3a" and "1042"): then it reports a new act of
    this turn, not a recap ("I've cancelled #14223" when only #82946 was cancelled before)."""
    cores = [core for value in ids if (core := value.lstrip("#").casefold())]
    if not cores:
        return False  # nothing the claim names to bind it to: a recap for all we know
    targets = {t for e in earlier for t in e.targets}
    # one object a call returned with a target the writes acted on among its own fields: its
    # other fields are that object's other names (the order number a lookup gave with the
    # internal id). Not a list of objects, whose other entries are other objects.
    # a write that named no target and got back no id made something a later read may name
    # (create_ticket answered {"ok": true}, then search_tickets listed SUP-7290)
    unnamed = [e.position for e in earlier if not e.targets and not _gave_an_id(e.output)]
    later = [e for e in prior if unnamed and e.position > min(unnamed)]
    objects = [_own_scalars(e.output) for e in prior if isinstance(e.output, dict)]
    fields = [own for own in objects if targets & {normal_id(str(v)) for v in own}]
    texts = [
        str(v).casefold()
        for e in earlier
        for part in (e.call.args, e.result.output if e.result else None)
        for v in iter_scalars(part)
    ] + [str(v).casefold() for own in fields for v in own]
    texts += [str(v).casefold() for e in later for v in iter_scalars(e.output)]
    # either way round: "#14223" against "14223", "note-457901" against the result's 457901
    return not any(
        core in text or (len(text) >= 4 and text in core) for core in cores for text in texts
    )


def _own_scalars(obj: dict[str, object]) -> list[object]:
    """The scalar fields of one object, not those of what it nests."""
    return [v for v in obj.values() if isinstance(v, str | int) and not isinstance(v, bool)]


def _gave_an_id(output: object) -> bool:
    """Whether a result holds a value shaped like an id: four characters or more, a digit
    among them."""
    return any(
        len(text := str(v)) >= 4 and any(c.isdigit() for c in text) for v in iter_scalars(output)
    )


def _read_shows_it(claim: Claim, reads: list[Execution]) -> bool:
    """Whether a call's result holds an object that the structured claim's subject names (an
    id or value of its subject among the object's fields, or the call's arguments) and whose
    state is one of the claimed act's own words or states (`status: CONFIRMED` for
    "booked", `merged: true` for "merged", `status: delivered` for "email_sent"): the
    claim reports what the read showed, in words of its own."""
    vocab = states()
    own = vocab.acts.get(claim.category, frozenset()) | vocab.produced_by.get(
        claim.category, frozenset()
    )
    named = _names(claim.subject)
    if not own or not named:
        return False
    for e in reads:
        for obj in objects_in(e.output):
            if not named & (e.targets | {normal_id(str(v)) for v in iter_scalars(obj)}):
                continue
            for key, value in obj.items():
                word = state_word(value) if str(key).lower() in STATE_KEYS else None
                last = key_words(str(key))[-1:]  # `is_merged`, `isMerged` -> merged
                if word in own or (value is True and bool(last) and last[0] in own):
                    return True
    return False


# what a reply may hold after a sentence that introduces it: a list, a code block (fenced or
# indented), a table, a quote
_BLOCK_START = re.compile(
    r"[ \t]*:?[ \t]*\n(?:[ \t]*\n)*(?:[ \t]*(?:[-*•]\s|\d{1,2}[.)]\s|```|~~~|\||>)|(?: {4}|\t)\S)"
)


# acts whose result can be text in the reply (a checklist, a script, a draft); a sending, a
# booking, a payment, a deploy cannot be
_TEXT_MADE = frozenset({"created", "saved", "changed"})


def _made_in_the_reply(ctx: Context) -> bool:
    """Does the claim's sentence end with a colon that a list, a code block or a table
    follows in the same message ("I've created a step-by-step checklist for you below:",
    "I've written a short script you can run yourself:")? Then what it made may be the
    reply's own text, which needs no tool; whether it is, the words do not tell ("I've
    created the ticket:" and a made-up id look the same): left to review. Only for acts
    whose result can be text (created, saved, changed): "I've sent the following email:"
    sent nothing."""
    claim = ctx.reported.claim
    if claim.category not in _TEXT_MADE or claim.span is None:
        return False
    if not claim.quote.rstrip().endswith(":"):
        return False
    return _BLOCK_START.match(ctx.message, claim.span[1]) is not None


def _read_shows_the_act(claim: Claim, reads: list[Execution]) -> bool:
    """Whether a read returned one object that holds every id and address the claim names
    (one at least), every date, time and amount it states, and a state in the act's own
    words at any depth (`delivery.status: delivered` for "sent"): the claim recaps an act
    done before the trace began, as the read shows it ("Did you send it yesterday?" answered
    from the Sent folder)."""
    named = claimed_ids(claim.values)
    if not named:
        return False
    vocab = states()
    own = vocab.acts.get(claim.category, frozenset()) | vocab.produced_by.get(
        claim.category, frozenset()
    )

    stated = [
        (k, v) for k in ("date", "monthday", "time", "amount") for v in claim.values.get(k, ())
    ]
    for e in reads:
        for obj in objects_in(e.output):
            text = json_text(obj)
            if not all(whole_id(n).search(text) for n in named):
                continue
            if not any(
                state_word(value) in own
                for inner in objects_in(obj, max_depth=2)
                for key, value in inner.items()
                if str(key).lower() in STATE_KEYS
            ):
                continue
            found = evidence_values(text)
            if all(value_matches(kind, value, text, found) for kind, value in stated):
                return True
    return False


def _read_holds_the_act(claim: Claim, reads: list[Execution]) -> bool:
    """Whether the claim states amounts or dates and a read returned an object that holds
    every one of them and every id the claim names (or was asked for it), with an entry in
    it that records the act at one of those values (`_entry_records`): a date field that
    dates it (`shipped_at`, `refund_processed_at`), its short text values
    (`transaction_type: refund`, `event: flight changed`), the key of a log it is an entry
    of (a list, a map keyed by id, the read itself, a composed answer's key:
    `payment_history: [{"amount": 342}]`, `list_refunds`), or, for a refund, the negative of
    an amount stated in such a log (`amount: -342`). What names the act: the claim's own
    word (its first five letters; in text values only where records.yaml names no act for
    it), or the words a record uses for the act its words name in any language
    (vocab/records.yaml: "Reembolsamos" and "We issued a refund" name a refund, "We charged
    your Visa" a charge). An act done before the conversation, recapped from the entry that
    shows it ("We refunded $86.40 to your card on May 8"). Only at an entry holding a stated
    value: a refund of another item, a `refund_policy`, `refunds: []`, a `change_fee` or an
    `updated_at` elsewhere in the record show no such act; and acts finer than categories: a
    payment of the same amount (`transaction_type: payment`) shows no refund."""
    stated = [(k, v) for k in ("date", "monthday", "amount") for v in claim.values.get(k, ())]
    if not stated:
        return False
    stem = claim.trigger.casefold()[:_STEM]
    acts = _acts_named(claim)
    recorded = [w for act in acts for w in act.recorded]
    # the claim's own word names its record in a key (`account_credits` for "credited",
    # `card_mailed_on` for "mailed"); in a value only where records.yaml names no act for it
    # ("credited" would find any `credit_card_4421`)
    own = [stem] if len(stem) == _STEM else []
    words = Words(
        keys=(*own, *recorded),
        values=(*([] if claim.trigger.casefold().startswith(records().said) else own), *recorded),
    )
    negative = {amount for act in acts if act.negative for amount in _amounts(claim.values)}
    if not words.keys and not negative:
        return False
    named = claimed_ids(claim.values)
    for e in reads:
        # what the read was asked for by a key naming its object names its answer
        # (get_refund_status(order_id=...)); a search's query does not (search_orders(query=
        # "1043") may answer with order 1042)
        asked = json_text(_targeted_args(e.call.args))
        for obj in objects_in(e.output):
            text = json_text(obj)
            if not all(whole_id(n).search(text) or whole_id(n).search(asked) for n in named):
                continue
            found = evidence_values(text)
            back = _negative_amounts(obj) & negative
            if not all(
                value_matches(k, v, text, found) or (k == "amount" and amount_size(v) in back)
                for k, v in stated
            ):
                continue
            # the read's name is the key its answer sits under (list_refunds -> refunds)
            read = (e.call.name,) if e.call.name else ()
            if any(
                _entry_records((*read, *above), entry, stated, words, negative)
                for above, entry in _entries(obj)
            ):
                return True
    return False


def _acts_named(claim: Claim) -> list[RecordedAct]:
    """The acts (vocab/records.yaml) the claim's own word names; when it names none, those
    a word of its own clause after it names ("we voided the duplicate $342 charge"), or a
    word of its sentence that can be an act of the claim's category ("We issued a refund of
    $86.40", "we sent $86.40": a refund can be sent; a charge is no cancellation, so "I've
    cancelled it, and the $342 you paid ..." names no charge)."""
    acts = records().acts
    trigger = claim.trigger.casefold()
    own = [act for act in acts if trigger.startswith(act.said)]
    if own:
        return own
    words = _WORD.findall(claim.text.casefold())
    # what the verb acts on, the first words after it in its clause ("voided the duplicate
    # $342 charge"), names the act whatever the claim's category; the rest of the sentence
    # ("booked HAT170 on May 20 ... and charged $342") only an act of it
    at = claim.text.casefold().find(trigger) if trigger else -1
    rest = claim.text[at + len(trigger) :] if at >= 0 else ""
    clause = _OBJECT_END.split(rest, maxsplit=1)[0]
    own_clause = _LETTERS.findall(clause.casefold())[:_OBJECT_WORDS]
    by_object = [act for act in acts if any(w.startswith(act.said) for w in own_clause)]
    if by_object and claim.category == "deleted":
        # undoing a charge ("voided the duplicate $342 charge") leaves a reversal's record: a
        # refund or a negative amount, not the charge it undid
        by_object = [act for act in acts if act.negative]
    return by_object + [
        act
        for act in acts
        if act not in by_object
        and claim.category in act.categories
        and any(w.startswith(act.said) for w in words)
    ]


#: How many words after a claim's verb say what it acts on ("the duplicate $342.00
#: charge": words of letters, amounts not counted).
_OBJECT_WORDS = 4
_LETTERS = re.compile(r"[^\W\d_]+")
#: Where the words a verb acts on end: a stop or comma before a space, not one inside
#: "$342.00" or "1,234"
_OBJECT_END = re.compile(r"[;:!?()]|[.,](?=\s|$)")


def _targeted_args(args: Any) -> dict[str, Any]:
    """The arguments of a call that name what it reads (`order_id`, `order_name`), not the
    words of a search (`query`: vocab/records.yaml `search_args`)."""
    if not isinstance(args, dict):
        return {}
    search = records().search_args
    return {k: v for k, v in args.items() if str(k).lower() not in search}


def _entries(value: Any) -> Iterator[tuple[tuple[str, ...], dict[str, Any]]]:
    """Every object in a value with the keys it sits under that can name what it records:
    the key of every list or map (an object whose values are all objects, keyed by id) it is
    an entry of, however deep, and the key right above it (`fulfillments[].carrier_events[]`,
    `refunds: {"RF-5521": {...}}`, `autopay: {...}`: a log's entries are records of its
    kind). Bounded as `objects_in` is."""
    stack: list[tuple[Any, tuple[str, ...], int]] = [(value, (), 0)]
    while stack:
        item, above, depth = stack.pop()
        if depth > 5:
            continue
        if isinstance(item, dict):
            yield above, item
            # a map's entries sit under its key, not under their ids; an object whose keys
            # are words (`{"order": ..., "refund": ...}`) is a composed answer, each key its
            # entry's name
            is_map = bool(item) and all(
                isinstance(v, dict) and any(c.isdigit() for c in str(k)) for k, v in item.items()
            )
            for k, v in item.items():
                stack.append((v, above if is_map else (*above, str(k)), depth + 1))
        elif isinstance(item, list):
            stack.extend((v, above, depth + 1) for v in item[:200])


@dataclass(frozen=True)
class Words:
    """The beginnings of words that name the act's record: in keys, and in text values."""

    keys: tuple[str, ...]
    values: tuple[str, ...]


def _entry_records(
    above: tuple[str, ...],
    entry: dict[str, Any],
    stated: list[tuple[str, str]],
    words: Words,
    negative: set[float],
) -> bool:
    """Does this entry hold a stated value among its own fields and record the act there
    (see `_read_holds_the_act`)? Not an entry whose own state is a failure or still to
    come (`status: rejected`, `pending`): a refund refused is no refund."""
    if _unsettled(entry, above, words.keys):
        return False
    logs = [key for key in above if not _names_no_record(key, words.keys)]
    if logs and {size for v in entry.values() if (size := _negative(v)) is not None} & negative:
        return True  # payment_history: [{"amount": -342}] for "we refunded you $342"
    held: list[tuple[str, bool]] = []  # (key, whether the value it holds is a stated date)
    for key, value in entry.items():
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            continue
        text = str(value)
        found = evidence_values(text)
        kinds = {k for k, v in stated if value_matches(k, v, text, found)}
        if kinds:
            held.append((str(key), bool(kinds & {"date", "monthday"})))
    if not held:
        return False

    def in_key(token: str) -> bool:
        return token.startswith(words.keys)

    # a date field named for the act (`shipped_at`, `address_updated_at`) dates it, unless
    # it dates an act to come (`refund_requested_at`); an amount field named so
    # (`refundable_amount`, `total_charges`, `change_fee`) is what it may cost
    to_come = records().to_come
    if any(
        _dates_the_act(key, in_key)
        for key, is_date in held
        if is_date and not any(w in to_come for w in key_words(key))
    ):
        return True  # not `next_billing_date`
    if any(in_key(t) for key in logs for t in key_words(key)):
        return True  # payment_history: [{"amount": 342}]
    return any(
        token.startswith(words.values)
        for value in entry.values()
        if isinstance(value, str) and len(value.split()) <= _STATE_WORDS
        for token in _TOKEN.findall(value.casefold())
    )  # transaction_type: "refund", event: "flight changed"


def _unsettled(entry: dict[str, Any], above: tuple[str, ...], words: tuple[str, ...]) -> bool:
    """Does the act's own state in this entry say it failed or is still to come? A state key
    named for the act (`refund_status: declined`), or the plain state of an entry that sits
    under a key naming the act (`refund: {"status": "rejected"}`, `refunds: [{"status":
    "pending"}]`); not the state of the record the act was done to (an order `cancelled` and
    refunded, a return `processing` whose refund went through)."""
    vocab = states()
    under_the_act = any(w.startswith(words) for key in above[-1:] for w in key_words(key))
    for key, value in entry.items():
        folded = str(key).lower()
        word = state_word(value) if folded in STATE_KEYS or folded.endswith("_status") else None
        if word is None:
            continue
        # failed, or still to come (queued, processing, pending); "accepted" itself is
        # ambiguous (a change the passenger accepted is done), so only its class's others
        kind = vocab.base.get(word)
        if kind not in ("failed", "pending") and (kind != "accepted" or word == "accepted"):
            continue
        named = any(w.startswith(words) for w in key_words(str(key)))
        if named or (under_the_act and folded in STATE_KEYS):
            return True
    return False


def _names_no_record(key: str, words: tuple[str, ...] = ()) -> bool:
    """Does a key name acts still to come (`upcoming_charges`, `scheduled_payments`), by any
    of its words, or things (`payment_methods`, `shipping_lines`, `payment_schedule`), by any
    of its words unless its last names the act itself (`schedule_change`,
    `price_adjustment_refunds`: a change, refunds)? vocab/records.yaml `not_records`."""
    parts = key_words(key)
    vocab = records()
    if any(word in vocab.to_come for word in parts):
        return True  # scheduled_payments, upcoming_charges: never a record of an act done
    if parts and words and parts[-1].startswith(words):
        return False
    return any(word in vocab.things for word in parts)


#: Words that end a date field's name after the event it dates (`refunded_at`,
#: `replacement_mailed_on`, `credit_check_date`)
_DATE_SUFFIXES = frozenset({"at", "on", "date", "time", "datetime", "ts", "timestamp", "when"})


def _dates_the_act(key: str, names: Callable[[str], bool]) -> bool:
    """Does a date field date the act: its event word names it (`refunded_at`, `card_mailed_on`),
    or its event word says an act was done and a word before it names which
    (`refund_processed_at`, `refund_issued_on`: records.yaml `done_words`), not another event
    of the thing (`credit_check_date`, `debit_card_added_on`)?"""
    event = _dated_event(key)
    if names(event):
        return True
    if event not in records().done_words:
        return False
    return any(names(word) for word in key_words(key))


def _dated_event(key: str) -> str:
    """The word of a date field's name that says what it dates: the last before a date
    suffix (`address_updated_at` -> updated, `credit_check_date` -> check), else the last."""
    parts = key_words(key)
    while len(parts) > 1 and parts[-1] in _DATE_SUFFIXES:
        parts = parts[:-1]
    return parts[-1] if parts else ""


#: A text value of at most so many words says what an entry is (a type, a state, an event),
#: not prose about it ("Refunds go to the original payment method ...").
_STATE_WORDS = 3


def _amounts(values: dict[str, tuple[str, ...]]) -> set[float]:
    """The amounts a claim states, as numbers."""
    return {size for value in values.get("amount", ()) if (size := amount_size(value)) is not None}


def _negative_amounts(obj: dict[str, Any]) -> set[float]:
    """The sizes of the negative numbers an object holds at any depth (a refund of 342
    written as `amount: -342` or "-342.00")."""
    return {
        size
        for _, entry in _entries(obj)
        for v in entry.values()
        if (size := _negative(v)) is not None
    }


def _negative(value: object) -> float | None:
    """The size of a negative number or numeric text; None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            return None
    if isinstance(value, int | float) and value < 0:
        return round(-float(value), 2)
    return None


#: How much of a word says which act it is ("refun" of refund, refunded, refunds).
_STEM = 5
_TOKEN = re.compile(r"[^\W\d_]{4,}")


_WHEN = re.compile(r"^\d{4}-\d{2}-\d{2}|^\d{1,2}:\d{2}")


def _names(subject: dict[str, Any]) -> set[str]:
    """What a structured claim's subject names the object by: its ids and addresses (keys
    like `reservation_id`, `to`), and values with a digit that are not a date or a time (a
    day or an hour many objects share)."""
    out: set[str] = set()
    for key, value in subject.items():
        for v in iter_scalars(value):
            text = normal_id(str(v))
            if len(text) < 3 or isinstance(v, bool):
                continue
            if TARGET_KEY.search(str(key).lower()) or (
                any(c.isdigit() for c in text) and not _WHEN.match(text)
            ):
                out.add(text)
    return out


_CLAUSE_END = re.compile(r"[.;:!?,()]")
# a token with a digit in it: an id, a code, a number the claim names its object by
_STATES_A_CODE = re.compile(r"(?<![\w-])(?=[\w-]*\d)[\w-]{3,}")
_WORD = re.compile(r"[^\W_]+")


def _acts_on_nothing_held(ctx: Context) -> bool:
    """Does a change claimed after reads only name, as what it changed, nothing the tools
    hold? A change is made to something that exists, and the reads show what exists: "I've
    updated your address" after `get_customer` returned an `address` names a record the
    reads hold, and no write touched it; "I've applied your time preferences" after flight
    searches names none of it (the user's constraints, applied to what was read), so it is
    left to review. A claim that states a value, an id or a name a read returned is bound by
    those instead."""
    claim = ctx.reported.claim
    if claim.values or claim.source == "structured" or _STATES_A_CODE.search(claim.text):
        return False  # it names what it acted on by a value or a code ("deal D-32013")
    if _names_a_read_name(claim.text, ctx.prior):
        return False
    head = _object_head(claim)
    return head is not None and not _known_to_tools(head, ctx.prior)


def _names_a_read_name(text: str, calls: list[Execution]) -> bool:
    """Does the sentence name, by a capitalised word after its first, something a call was
    sent or returned ("He actualizado la dirección de envío de Lucía Ortega" after
    `getCustomer(name="Lucía Ortega")`)? Then it is bound to that record, whatever language its other words are
    in."""
    names = {w.casefold() for w in _WORD.findall(text)[1:] if w[:1].isupper() and len(w) > 2}
    if not names:
        return False
    for e in calls:
        for value in (*iter_scalars(e.call.args), *iter_scalars(e.output)):
            if isinstance(value, str) and names & {w.casefold() for w in _WORD.findall(value)}:
                return True
    return False


def _object_head(claim: Claim) -> str | None:
    """The last word of what the claim's verb acts on, in its clause and before a
    preposition ("applied your time preferences" -> "preferences"; "updated the address on
    file" -> "address"), or None when it names no object in words ("I've changed it")."""
    trigger = claim.trigger.casefold()
    at = claim.text.casefold().find(trigger) if trigger else -1
    if at < 0:
        return None
    rest = _CLAUSE_END.split(claim.text[at + len(trigger) :], maxsplit=1)[0]
    skip = reading().function_words
    prepositions = non_report_words().prepositions
    words: list[str] = []
    for word in _WORD.findall(rest):
        folded = word.casefold()
        if words and prepositions.fullmatch(folded):
            break
        if folded in skip or not word.isalpha() or len(word) < 3:
            continue
        words.append(folded)
    return words[-1] if words else None


def _known_to_tools(word: str, calls: list[Execution]) -> bool:
    """Does the word name something the tools hold: a word of a tool's name, of an
    argument's or a result's key, or of a value a call was sent or returned (plural or
    singular)?"""
    stem = word.rstrip("s")
    for e in calls:
        texts = [e.call.name or ""]
        for part in (e.call.args, e.output):
            texts.extend(" ".join(key_words(key)) for key in iter_keys(part))  # shippingAddress
            texts.extend(v for v in iter_scalars(part) if isinstance(v, str))
        for text in texts:
            if any(w.rstrip("s") == stem for w in _WORD.findall(text.casefold())):
                return True
    return False
