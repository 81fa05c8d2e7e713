from __future__ import annotations

import itertools
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from toolscore_ci.claims.values import (
    AMOUNT,
    amount_tolerance,
    evidence_values,
    extract_kinds,
    extract_values,
    is_free_text,
    monthdays_in,
    time_readings,
    value_matches,
)
from toolscore_ci.engine.checks._common import ZONED_TIME, zoned
from toolscore_ci.engine.checks.values_differ import (
    AMOUNT_STRING,
    RATE_KEY,
    backing_writes,
    money_args,
)
from toolscore_ci.engine.index import Execution, names_target
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.status import STATE_KEYS, result_state, state_word
from toolscore_ci.engine.text import iter_scalars, json_text, key_words, objects_in
from toolscore_ci.model import Reason
from toolscore_ci.vocab import non_report_words, setting_values, states

# Kinds a receipt can echo back differently from the request, per claim category. No ids:
# a receipt names new objects (a refund id, an event id) that no request carried.
_KINDS: dict[str, tuple[str, ...]] = {
    "paid": ("amount",),
    "sent": ("email",),
    "routed": ("email",),
    "booked": ("email", "time", "date", "monthday"),
    "created": ("email", "time", "date", "monthday"),
    "changed": ("time", "date", "monthday"),
}


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    number = float(value)
    return number if math.isfinite(number) else None


def _numbers(value: Any, depth: int = 0) -> list[float]:
    """Every finite number in a JSON value (bounded), to see whether the claimed amount is
    anywhere in the receipt."""
    if depth > 6:
        return []
    if isinstance(value, dict):
        return [n for v in value.values() for n in _numbers(v, depth + 1)]
    if isinstance(value, list):
        return [n for v in value[:100] for n in _numbers(v, depth + 1)]
    number = _number(value)
    return [] if number is None else [number]


def _same_amount(a: float, claimed: float, within: float = 0.005) -> bool:
    a = abs(a)  # a ledger shows a refund as -18
    return abs(a - claimed) < within or abs(a - claimed * 100) < 0.5  # in units or in cents


def _amount_echo_differs(claimed: str, args: dict[str, Any], out: dict[str, Any]) -> str | None:
    """The field the request sent the claimed amount in, when the receipt echoes that field
    with another amount and holds the claimed one nowhere."""
    try:
        value = float(claimed)
    except ValueError:
        return None
    within = amount_tolerance(claimed)  # "$1.2 million" is any of 1.15 to 1.25 million
    numbers = _numbers(out)
    if any(_same_amount(n, value, within) for n in numbers):
        return None
    if _converted(args, out):
        return None  # the receipt gives the amount in another currency than it was sent in
    for key, sent in args.items():
        number, echoed = _number(sent), _number(out.get(key))
        if number is None or echoed is None or not _same_amount(number, value, within):
            continue
        if any(_same_amount(abs(echoed) - abs(n), value, within) for n in numbers if n != echoed):
            continue  # the claimed amount and a fee, a tax or a discount the receipt lists
        return f"{key} {echoed:g}"
    return None


def _converted(args: dict[str, Any], out: dict[str, Any]) -> bool:
    """Whether a currency field the request sent is echoed as another currency."""
    return any(
        "currency" in str(key).casefold()
        and isinstance(sent, str)
        and isinstance(out.get(key), str)
        and sent.casefold() != str(out.get(key)).casefold()
        for key, sent in args.items()
    )


#: A one-word setting a request and its receipt both carry ("commenter", "economy"). Four
#: letters at least: a shorter one is a code that may stand for the other word (deu, German).
_SETTING = re.compile(r"[A-Za-z][A-Za-z_-]{3,19}")


@dataclass(frozen=True)
class _WordEcho:
    """A setting the request sent that the receipt echoes as another word."""

    key: str
    asked: str
    echoed: str
    #: two values of one family (settings.yaml), or a state field: it decides by itself
    decided: bool
    #: one word is the other with a qualifier (economy, basic_economy): the same value unless
    #: the receipt shows the field as it stood before the call (`_unchanged`)
    qualified: bool = False


def _word_echo_differs(
    sentence: str, args: dict[str, Any], out: dict[str, Any], category: str | None
) -> _WordEcho | None:
    """A one-word setting the claim repeats from the request ("commenter access") that the
    receipt echoes in the same field as another word ("role": "editor"), the claim naming
    the receipt's word nowhere and the receipt holding the asked word in no other field
    ({"plan": "basic", "scheduled_plan": "premium"}). Two forms of one word (canceled,
    basic_economy) or two spellings of one value (settings.yaml: "annual" and "year") never
    differ, nor does a state field whose word says how the call went ("status": "success"
    or "closed" for a request that set "status": "resolved")."""
    words = {w.casefold() for w in re.findall(r"[\w-]+", sentence)}
    # a receipt holding the word anywhere backs it
    held = {v.casefold() for v in iter_scalars(out) if isinstance(v, str)}
    vocab = states()
    for key, sent in args.items():
        echoed = out.get(key)
        if not isinstance(sent, str) or not isinstance(echoed, str):
            continue
        if not (_SETTING.fullmatch(sent) and _SETTING.fullmatch(echoed)):
            continue
        if key.lower() in STATE_KEYS and vocab.status_of(state_word(echoed) or "", category):
            continue  # the outcome of the call, in the field the request set
        asked, got = sent.casefold(), echoed.casefold()
        if asked in held:
            continue
        qualified = _qualified(asked, got)
        if not qualified and (asked in got or got in asked or asked[:5] == got[:5]):
            continue  # a spelling of the same word: canceled, cancelled
        same = setting_values().same_value(asked, got)
        if same:
            continue  # one value in the service's spelling: "year" for "annual"
        if same is False and _multiplied(key, out):
            same = None  # "month" with interval_count 3 may be "quarterly": for review
        if asked in words and got not in words:
            decided = same is False or key.lower() in STATE_KEYS
            return _WordEcho(key, sent, echoed, decided and not qualified, qualified)
    return None


_WORD_PARTS = re.compile(r"[_\-\s]+")


def _qualified(asked: str, got: str) -> bool:
    """Is one word the other with whole words added (economy, basic_economy; pro,
    pro-annual), not another spelling of it (canceled, cancelled)?"""
    if asked == got:
        return False
    return asked in _WORD_PARTS.split(got) or got in _WORD_PARTS.split(asked)


#: Words of a receipt's key that give a field's value before the call (`previous_tier`)
_EARLIER = frozenset({"previous", "prev", "old", "before", "prior", "original", "from", "was"})


def _scalar(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return None
    return str(value).casefold()


def _unchanged(ctx: Context, call: Execution, word: _WordEcho) -> bool:
    """Whether a result before the call showed the object the call acted on with the
    receipt's word in the same field: the receipt shows the field as it stood, not as asked
    (`cabin: basic_economy` read for reservation FQ8APE, then echoed by the update that was
    sent `cabin: economy` for it). The object is the call's when it holds each target the call
    named that the receipt also holds, with the same value (the customer's account is not the
    line the receipt names); a result of a call that was itself sent the asked word (a quote
    of the change) shows what the change would give, not the state before it; the latest result
    showing the object speaks, and a change of the object that went through after it leaves it
    stale; a result after the call showing the object as asked (under any key, or beside its id
    in a text answer) shows the change took; and a
    receipt that gives the field's earlier value itself (`previous_tier`, `cabin_before`)
    shows the change."""
    args = call.call.args if isinstance(call.call.args, dict) else {}
    out = call.output if isinstance(call.output, dict) else {}
    receipt_keys = {str(k).casefold() for k in out}
    targets = {
        str(k).casefold(): value
        for k, v in args.items()
        if k != word.key and names_target(str(k)) and (value := _scalar(v)) is not None
    }
    # the targets the receipt names the object by: those the object read must hold
    named = {k: v for k, v in targets.items() if k in receipt_keys} or targets
    if not named:
        return False
    key, echoed, asked = word.key.casefold(), word.echoed.casefold(), word.asked.casefold()
    field_words = set(key_words(key))
    if any(
        field_words < set(words) and set(words) - field_words <= _EARLIER
        for words in (key_words(str(k)) for k in out)
    ):
        return False  # the receipt gives the field's earlier value itself (`previous_tier`)
    state = None  # the field as the latest result showing the object before the call had it
    for e in ctx.index.executions:
        if e.position >= call.position:
            break
        args_of = e.call.args if isinstance(e.call.args, dict) else {}
        changed_it = e.status == "succeeded" and e.writes and e.effect != "read"
        if changed_it and any(_scalar(args_of.get(k)) == v for k, v in named.items()):
            state = None  # a change of the object since: what was read no longer stands
        if asked in {_scalar(v) for v in args_of.values()}:
            continue  # a quote or preview of the change asked for: not the state before it
        shown = _shown(e.output, key, named)
        state = shown if shown is not None else state
    if state != echoed:
        return False
    # a result after the call showing the object as asked: the change took
    later = (e for e in ctx.prior if e.position > call.position)
    return not any(_shows_as_asked(e.output, set(named.values()), asked) for e in later)


def _shows_as_asked(output: Any, ids: set[str], asked: str) -> bool:
    """Does a result show the object (one of its target values) with the asked word, under any
    key (`cabin_class: economy`, a user's listing of the reservation) or, in a text answer,
    beside its id ("R9XK2P ... cabin: economy")? The word stands alone: "basic_economy" does
    not show "economy"."""
    word = re.compile(rf"(?<![\w-]){re.escape(asked)}(?![\w-])")
    if isinstance(output, str):
        text = output.casefold()
        return any(i in text for i in ids) and word.search(text) is not None
    for obj in objects_in(output):
        values = {_scalar(v) for v in obj.values()}
        if values & ids and any(v is not None and word.fullmatch(v) for v in values):
            return True
    return False


def _shown(output: Any, key: str, named: dict[str, str]) -> str | None:
    """The field `key` of the last object in `output` that holds each of `named` as given."""
    found = None
    for obj in objects_in(output):
        fields = {str(k).casefold(): v for k, v in obj.items()}
        value = fields.get(key)
        if isinstance(value, str) and all(_scalar(fields.get(k)) == v for k, v in named.items()):
            found = value.casefold()
    return found


def _readings(kind: str, text: str) -> frozenset[str]:
    """The values of a kind a field's text holds, read as the claim's are (a bare "15:00" is a
    time there, as it is in the report; a month-day from an ISO date or a month's name)."""
    if kind == "monthday":
        return monthdays_in(text)
    return frozenset(v.lstrip("~") for v in extract_kinds(text, {kind}).get(kind, ()))


def _said(kind: str, stated: tuple[str, ...]) -> frozenset[str]:
    """Every value the claim states of a kind, as a receipt may write it ("~07:30": 07:30 or
    19:30)."""
    if kind == "time":
        return frozenset(r for v in stated for r in time_readings(v))
    return frozenset(stated)


def _structured(value: Any, depth: int = 0) -> Any:
    """The receipt without its free text: a note or a message ("19:30 unavailable; next
    available slot booked") may name the value asked for and refused. A field holding only a
    value says what the call did, and outranks it."""
    if depth > 6:
        return None
    if isinstance(value, dict):
        return {k: _structured(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [_structured(v, depth + 1) for v in value[:100]]
    if isinstance(value, str) and is_free_text(value):
        return None
    return value


def _value_echo_differs(
    kind: str,
    claimed: str,
    stated: tuple[str, ...],
    args: dict[str, Any],
    out: dict[str, Any],
    *,
    zone_said: bool = False,
) -> str | None:
    """The same for an address, a time or a date: the field the request sent the claimed
    value in, echoed by the receipt with another value of the kind, which the claim does not
    also state ("moved from June 3 to June 5" over a receipt of the 5th states it), while no
    field of the receipt that holds only a value holds the claimed one. A free-text note that
    repeats the value asked for does not back it: the field says what was done."""
    if kind in ("time", "date", "monthday") and (
        zoned(args, stamps=False, named=not zone_said)
        or zoned(out, stamps=False, named=not zone_said)
    ):
        # times given with a zone field or value: the receipt's may be in another. A time that
        # names UTC or GMT is compared when the claim names it too ("02:00 UTC" over "03:00 UTC")
        return None
    said = _said(kind, stated)
    for key, sent in args.items():
        echoed = out.get(key)
        if not isinstance(sent, str) or not isinstance(echoed, str):
            continue
        if claimed.lstrip("~") not in _readings(kind, sent):
            continue
        if kind in ("time", "date", "monthday") and (
            ZONED_TIME.search(echoed) or (kind == "monthday" and ZONED_TIME.search(sent))
        ):
            # a time in UTC or with an offset: the claim may give it, and its day, in local time
            continue
        shown = _readings(kind, echoed)
        if not shown or shown & said:
            continue  # no value of the kind, or one the claim states too
        plain = _structured(out)
        whole = json_text(plain)
        if value_matches(kind, claimed, whole, evidence_values(whole)):
            return None
        if any(
            claimed.lstrip("~") in _readings(kind, v)
            for v in iter_scalars(plain)
            if isinstance(v, str)
        ):
            return None
        return f"{key} {echoed}"
    return None


@check("TSC142", "receipt-differs-from-the-claim", "contradicted")
def receipt_differs(ctx: Context) -> Reason | None:
    """The one value of a kind the claim states (an amount, an address, a time, a date) is
    the one the backing call was sent, but the call's receipt echoes that same field with
    another value and holds the claimed one nowhere: the request said 18, what happened
    was 210. A one-word setting counts when the two words are two values of one family
    (vocab/settings.yaml: the "editor" role for "commenter"; "year" for "annual" is one
    value), in a state field (states are few and the call's own outcome is left alone), or
    when an earlier result showed the receipt's word as another value of the setting (the
    role the person had, in that field; a list of options holding both words). Any other
    word may be the service's spelling of the same value: TSC309's, for review.

    Catches: "I've issued the 18 EUR refund" when `refund_charge(amount=18)` answered
    `{"amount": 210}`; "scheduled for 15:00" when `create_event(start="15:00")` answered
    `{"start": "14:00"}`; "arrivée le 4 juin" when a call sent `check_in: 2026-06-04`
    answered `check_in: 2026-06-05` (a month-day, compared without the year it leaves out); "booked at 7:30 pm" when the receipt's `time` is 21:00 and its note says
    "19:30 unavailable" (a field holding only a value outranks free text, which may name the
    value asked for and refused); "commenter access" when the receipt keeps the "editor" role
    a lookup showed before. Leaves alone: a receipt that holds the claimed value in any field
    of a value alone (`{"requested": 18, "amount": 210}`, a `previous_check_in`); a claim
    that also states the receipt's value; a receipt without that field, or with no value of
    that kind in it (a UTC time the claim may have said in local time); several amounts in
    the claim (several dates or times are each held to their own field); fields the request
    did not send the claimed value in; ids (a receipt names new objects); a claim another
    backing call was asked for and shows (two events asked for 15:00, one booked then, the
    other moved to 16:00)."""
    found = ctx.shared("receipt-finding", _receipt_finding)
    if found is None:
        moved = ctx.shared("moved-finding", _moved_finding)
        if moved is None or not moved.decided:
            return None
        return ctx.reason("TSC142", "contradicted", moved.call.cited, _moved_detail(moved))
    if not found.decided:
        return None
    name = found.call.call.name
    if found.asked:
        detail = f"the claim says {found.said}, {name} was asked for it, but its receipt shows"
    else:  # a settled state the claim says, not one the call was sent
        detail = f"the claim says {found.said}, but {name}'s receipt shows"
    return ctx.reason("TSC142", "contradicted", found.call.cited, f"{detail} {found.shown}"[:300])


@check("TSC309", "receipt-word-unclear", "unknown")
def receipt_word_unclear(ctx: Context) -> Reason | None:
    """The receipt echoes the one-word setting the claim repeats from the request as another
    word that no family of settings.yaml holds with it, in a field that is no state field,
    and that no earlier result showed as another value of the setting ("urgent" as "p1", a
    stage label as its internal id): the same value in the service's spelling, or another
    one; nothing in the trace says which. For review, never a flag.

    Leaves alone: what TSC142 decides (other kinds of value; two values of one family; a
    state field; a word an earlier result showed as another value); one value in two
    spellings ("annual" and "year")."""
    found = ctx.shared("receipt-finding", _receipt_finding)
    if found is None or found.decided:
        return None
    return ctx.reason(
        "TSC309",
        "unknown",
        found.call.cited,
        f"the claim says {found.said}, {found.call.call.name} was asked for it, and its receipt "
        f"shows {found.shown}: another word for it, or another setting"[:300],
    )


@dataclass(frozen=True)
class _Finding:
    """What the claim says against what the backing call's receipt shows."""

    said: str
    shown: str  # "amount 210", "role editor", "the state rejected"
    call: Execution
    decided: bool  # enough for a flag (TSC142); else for review (TSC309)
    asked: bool = True  # the call was sent what the claim says (not a state the claim names)


def _receipt_finding(ctx: Context) -> _Finding | None:
    """What the claim said and what the latest backing call's receipt shows instead, if it
    shows another value."""
    claim = ctx.reported.claim
    if claim.admits_failure:
        return None
    writes = backing_writes(ctx)
    if claim.category == "done":  # "Done": whatever write of its turn went through
        writes = [e for e in ctx.successes if e.turn == ctx.reported.turn]
    if not writes:
        return None
    last = writes[-1]  # the latest call that did it is what stands
    args, out = last.call.args, last.output
    if not isinstance(args, dict) or not isinstance(out, dict):
        return None
    value = _differing_value(
        claim.category, claim.values, args, out, zone_said=_ZONE_SAID.search(claim.text) is not None
    )
    state = _state_differs(claim.text, out) if value is None else None
    if value is not None:
        found = _Finding(*value, last, decided=True)
    elif state is not None:
        found = _Finding(state[0], f"the state {state[1]}", last, decided=True, asked=False)
    else:
        word = _word_echo_differs(claim.text, args, out, last.category)
        if word is None:
            return None
        if word.qualified:
            if not _unchanged(ctx, last, word):
                return None  # a qualified form of the asked word: the same value
            decided = True
        else:
            decided = word.decided or _held_before(ctx, last, word)
        found = _Finding(word.asked, f"{word.key} {word.echoed}", last, decided)
    if any(_asked_and_echoed(found.said, e) for e in writes[:-1]):
        return None  # another call was asked for it and shows it: the claim may be about that one
    return found


def _multiplied(key: str, out: dict[str, Any]) -> bool:
    """Whether the receipt gives the field a multiplier beside it (Stripe's `interval:
    "month"` with `interval_count: 3`): the word alone is not the value."""
    return any(
        str(k).startswith(f"{key}_")
        and isinstance(v, int | float)
        and not isinstance(v, bool)
        and v != 1
        for k, v in out.items()
    )


def _state_differs(sentence: str, out: dict[str, Any]) -> tuple[str, str] | None:
    """(the word, the state shown): the one word of a family of settled states the claim says
    ("approved") where the receipt's state field shows another value of that family
    ("status": "rejected"): the call did the other act. Not when the sentence also says the
    receipt's value."""
    shown = result_state(out)
    if shown is None:
        return None
    values = setting_values()
    said = {w.casefold() for w in re.findall(r"[\w-]+", sentence)}
    verdicts = {w: values.same_value(w, shown) for w in said}
    if any(verdicts.values()):
        return None  # the sentence says the receipt's own value too
    other = [w for w, same in verdicts.items() if same is False]
    if len(other) != 1:
        return None
    return other[0], shown


def _held_before(ctx: Context, call: Execution, word: _WordEcho) -> bool:
    """Whether a result before the call showed the receipt's word as another value of the
    setting: in the same field (the role the person had: the change did not take), or in a
    list that also holds the asked word (the options offered: two values). A word said in
    passing ("I can't push") shows nothing."""
    echoed, asked = word.echoed.casefold(), word.asked.casefold()
    key = word.key.casefold()
    for e in ctx.index.executions:
        if e.position >= call.position:
            break
        for obj in objects_in(e.output):
            for k, v in obj.items():
                if isinstance(v, str) and str(k).casefold() == key and v.casefold() == echoed:
                    return True
                if isinstance(v, list):
                    options = {x.casefold() for x in v if isinstance(x, str)}
                    if echoed in options and asked in options:
                        return True
    return False


def _asked_and_echoed(said: str, e: Execution) -> bool:
    """Whether a call was sent the value and its receipt shows it (the design sync's 15:00,
    when the 1:1 asked for 15:00 next was booked at 16:00)."""
    value = said.casefold()
    return value in json_text(e.call.args).casefold() and value in json_text(e.output).casefold()


#: A claim that names the zone its time is in, as a receipt's value may ("at 02:00 UTC").
_ZONE_SAID = re.compile(r"\b(?:UTC|GMT)\b")


def _differing_value(
    category: str,
    values: Mapping[str, tuple[str, ...]],
    args: dict[str, Any],
    out: dict[str, Any],
    *,
    zone_said: bool = False,
) -> tuple[str, str] | None:
    """(what the claim said, what the receipt shows) for the first kind that differs."""
    for kind in _KINDS.get(category, ()):
        stated = values.get(kind, ())
        if kind == "amount":
            if len(stated) != 1:
                continue
            echoed = _amount_echo_differs(stated[0], args, out)
            if echoed is not None:
                return stated[0], echoed
            continue
        # several values of a kind are each held to the field the request sent it in ("arrivée
        # le 4 juin et départ le 6 juin": the check-in's 4th and the check-out's 6th)
        for value in stated[:_MOST_VALUES]:
            echoed = _value_echo_differs(kind, value, stated, args, out, zone_said=zone_said)
            if echoed is not None:
                return value.lstrip("~"), echoed
    return None


#: A claim stating more values of a kind than this is a list (a schedule, an itinerary) more
#: than a report of one act: only its first ones are compared.
_MOST_VALUES = 4


# ---- the amount a receipt of the claim's own act says it moved ---------------------------


@check("TSC315", "amount-moved-unclear", "unknown")
def amount_moved_unclear(ctx: Context) -> Reason | None:
    """The receipt of the claimed payment or refund, sent no amount, says it moved another
    amount than the one the claim states, and the claimed amount is one the run showed
    elsewhere: a read (the order's total, the item's price) or the user's words. The sentence
    may name that amount ("your $120 order has been partially refunded"), or report it as
    moved when the receipt moved less (an item's price refunded less a return fee); the
    words do not tell which. For review, never a flag.

    Leaves alone: what TSC142 decides (an amount the run showed nowhere, which the claim can
    only have got wrong); a receipt holding the claimed amount anywhere."""
    moved = ctx.shared("moved-finding", _moved_finding)
    if moved is None or moved.decided:
        return None
    return ctx.reason(
        "TSC315",
        "unknown",
        moved.call.cited,
        f"{_moved_detail(moved)}; {moved.said} is an amount the run showed before"
        " (a total, a price): the sentence may name it, not what moved",
    )


@dataclass(frozen=True)
class _Moved:
    """The amount the claim says moved against what the act's receipts say they moved."""

    said: str
    shown: str  # "amount 102.4", "refunded_amount 102.4 and amount 20"
    call: Execution
    decided: bool  # the claimed amount shows nowhere in the run: TSC142; else TSC315


def _moved_detail(moved: _Moved) -> str:
    name = moved.call.call.name
    return f"the claim says {moved.said} moved, but {name}'s receipt shows {moved.shown}"[:300]


def _moved_finding(ctx: Context) -> _Moved | None:
    """The one amount a claim of a payment or a refund states, against the amount the
    receipts of its own act (calls sent no amount: a refund of an order by its id) say they
    moved, in a field for it (`amount`, `refunded_amount`, `amount_charged`): when it is none
    of them, nor their total, and appears nowhere in the receipts.

    Left alone: a call sent an amount (TSC140 and the echo above compare it); a receipt
    with no such field, or with several (a charge's `amount` beside its cumulative
    `amount_refunded`: which one this act moved is unsaid); a claimed amount any receipt holds
    in any field (`order_total: 120` beside `refunded_amount: 102.4`), or that is the sum of
    two to four of a receipt's numbers (the item, its tax and its shipping) or the difference
    of two (the amount less a restocking charge), or an amount with a rate the call or the
    receipt gives added or taken off ($64 with `tip_percent: 20` is $76.80); a share ("$40 each"); a receipt in another currency than the claim's (a
    conversion; "$" against anything but USD too); an amount another payment of the run
    moved or was sent (a recap)."""
    claim = ctx.reported.claim
    if claim.admits_failure or claim.category != "paid":
        return None
    stated = claim.values.get("amount", ())
    if len(stated) != 1:
        return None
    try:
        claimed = float(stated[0])
    except ValueError:
        return None
    if non_report_words().says_share(claim.text):
        return None
    writes = backing_writes(ctx)
    if not writes or money_args(writes):
        return None
    fields: list[tuple[Execution, str, float]] = []
    for e in writes:
        out = e.output
        if not isinstance(out, dict):
            return None
        found = [
            (str(k), n) for k, v in out.items() if _moves(str(k)) and (n := _money(v)) is not None
        ]
        if len(found) != 1:
            return None  # no field for what moved, or several: which one this act moved is unsaid
        fields.append((e, *found[0]))
    within = amount_tolerance(stated[0])
    for e in writes:
        # the numbers a receipt holds, and its amounts written as text ("$102.40")
        numbers = _numbers(e.output) + [
            n for v in iter_scalars(e.output) if isinstance(v, str) and (n := _money(v)) is not None
        ]
        if any(_same_amount(n, claimed, within) for n in numbers):
            return None
        if _combines_to(numbers, claimed, within):
            return None  # the amount and a fee, a tax, shipping, a restocking charge
        rates = _rates(e.call.args) + _rates(e.output)
        if any(
            _same_amount(n * (1 + sign * r / 100), claimed, within)
            for n in numbers[:_MAX_PARTS]
            for r in rates
            for sign in (1, -1)
        ):
            return None  # $64 with a 20% tip; an amount less a 10% discount
    total = sum(abs(n) for _, _, n in fields)
    if _same_amount(total, claimed, within):
        return None  # two refunds of one claim: their total
    if claimed.is_integer() and "." not in stated[0] and _rounds_to(total, claimed):
        return None  # "$102" for 102.40: a figure said without its cents
    if not _same_currency(claim.text, writes):
        return None
    others = [
        e for e in ctx.prior if e.category == "paid" and e.status == "succeeded" and e not in writes
    ]
    if any(_same_amount(n, claimed, within) for n in money_args(others)) or any(
        _same_amount(n, claimed, within) for e in others for n in _numbers(e.output)
    ):
        return None  # a recap of another payment of the run
    shown = " and ".join(f"{k} {n:g}" for _, k, n in fields)
    return _Moved(stated[0], shown, fields[-1][0], not _shown_before(ctx, claimed, within))


#: A receipt's numbers read for sums: the first this many (a refund's parts are few).
_MAX_PARTS = 16


def _combines_to(numbers: list[float], claimed: float, within: float) -> bool:
    """Is the claimed amount the sum of two to four of a receipt's numbers (an item, its tax
    and its shipping refunded in three fields), or the difference of two (an amount less a
    restocking fee)?"""
    values = [abs(n) for n in numbers[:_MAX_PARTS]]
    if any(_same_amount(abs(a - b), claimed, within) for a, b in itertools.combinations(values, 2)):
        return True
    return any(
        _same_amount(sum(parts), claimed, within)
        for size in (2, 3, 4)
        for parts in itertools.combinations(values, size)
    )


def _rates(value: Any) -> list[float]:
    """The numbers of a call's or a receipt's top-level fields that hold a rate in percent
    (`tip_percent: 20`, `discount_pct`)."""
    if not isinstance(value, Mapping):
        return []
    return [
        float(v)
        for k, v in value.items()
        if isinstance(v, (int, float)) and not isinstance(v, bool) and RATE_KEY.search(str(k))
    ]


def _rounds_to(moved: float, claimed: float) -> bool:
    """Is the amount moved, in units or in cents, the claimed whole figure with its cents
    left out?"""
    return any(abs(m - claimed) < 1 for m in (moved, moved / 100))


def _key_words(key: str) -> list[str]:
    """A field's name as words: "amountRefunded" and "amount_refunded" are amount, refunded."""
    return re.findall(r"[a-z]+", re.sub(r"(?<=[a-z])(?=[A-Z])", "_", key).lower())


def _moves(key: str) -> bool:
    """Is a receipt's field the money its act moved: "amount", or the amount with the act's
    word (vocab/states.yaml `acts` of `paid`, or its stem: "refund", "charge"), or that word
    alone ("refunded": 102.4)? Not a total, a balance, a price, or an amount due."""
    words = [w for w in _key_words(key) if w not in _MINOR_UNITS]  # `amount_cents`: in cents
    act = _PAID_WORDS
    return bool(words) and len(words) <= 2 and all(w == "amount" or w in act for w in words)


#: Words of a money key that say it keeps the amount in minor units (`amount_cents`,
#: `refund_amount_minor`): compared as cents (`_same_amount`).
_MINOR_UNITS = frozenset({"cents", "minor", "units"})


def _stems(words: frozenset[str]) -> frozenset[str]:
    """The act words and their stems: "refunded" and "refund", "charged" and "charge"."""
    out = set(words)
    for word in words:
        if word.endswith("ed"):
            out.update({word[:-1], word[:-2]})
    return frozenset(out)


_PAID_WORDS = _stems(states().acts.get("paid", frozenset()))


def _money(value: Any) -> float | None:
    """A number, or an amount written as text ("102.40", "$102.40")."""
    number = _number(value)
    if number is not None:
        return number
    if isinstance(value, str) and (match := AMOUNT_STRING.fullmatch(value)) is not None:
        return float(match.group(1).replace(",", ""))
    return None


#: A currency sign or word as the claim writes it, as the codes it may stand for.
_CURRENCY_OF = {
    "$": frozenset({"usd"}),
    "dollars": frozenset({"usd"}),
    "€": frozenset({"eur"}),
    "euro": frozenset({"eur"}),
    "euros": frozenset({"eur"}),
    "£": frozenset({"gbp"}),
    "pounds": frozenset({"gbp"}),
    "¥": frozenset({"jpy", "cny"}),
}


def _same_currency(sentence: str, writes: list[Execution]) -> bool:
    """Does every currency the calls were sent or the receipts name agree with the claim's
    amount? "$" stands for USD only: against CAD it may be either, so they do not agree."""
    match = AMOUNT.search(sentence)
    if match is None:
        return False
    mark = (match.group("cur1") or match.group("cur2") or "").strip().casefold()
    codes = _CURRENCY_OF.get(mark, frozenset({mark}))
    named = {
        str(v).strip().casefold()
        for e in writes
        for part in (e.call.args, e.output)
        for obj in objects_in(part)
        for k, v in obj.items()
        if "currency" in str(k).casefold() and isinstance(v, str)
    }
    return named <= codes


def _shown_before(ctx: Context, claimed: float, within: float) -> bool:
    """Did the run show the claimed amount before the claim: in a call's result (an order's
    total, a price) or in what the user wrote?"""
    for e in ctx.index.before(ctx.reported.position, actor=None):
        if any(_same_amount(n, claimed, within) for n in _numbers(e.output)):
            return True
        text = json_text(e.output)
        if any(_close(v, claimed, within) for v in extract_values(text).get("amount", ())):
            return True
    said = " ".join(t.user_text for t in ctx.index.turns)
    return any(_close(v, claimed, within) for v in extract_values(said).get("amount", ()))


def _close(value: str, claimed: float, within: float) -> bool:
    try:
        return abs(float(value) - claimed) < within
    except ValueError:
        return False
