from __future__ import annotations

import re
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from datetime import date, datetime, timedelta
from typing import Any

from toolscore_ci.claims.values import (
    amount_tolerance,
    evidence_values,
    extract_values,
    same_kind_present,
    value_matches,
)
from toolscore_ci.engine.checks._common import amount_text, recipient_values, whole_id, zoned
from toolscore_ci.engine.index import Execution
from toolscore_ci.engine.registry import FAILURE_COVERS, Context, check
from toolscore_ci.engine.text import json_text, objects_in
from toolscore_ci.model import Claim, Reason
from toolscore_ci.toolkinds import name_words
from toolscore_ci.vocab import non_report_words

# Kinds a claim and a call's arguments can disagree on, per claim category: an amount only
# for money moved ("You saved $6594" is not a save of $6594), addresses for what reaches
# people, times and dates for what is scheduled (a date with a month's name, "June 4", "4
# juin", as a month-day: compared by month and day, the year it leaves out unsaid); ids for
# any act.
_KINDS: dict[str, tuple[str, ...]] = {
    "paid": ("amount", "id"),
    "sent": ("email", "id", "amount"),
    "routed": ("email", "id"),
    "booked": ("email", "time", "date", "monthday", "id"),
    "created": ("email", "time", "date", "monthday", "id"),
    "changed": ("time", "date", "monthday", "id"),
    "deleted": ("id",),
    "deployed": ("id",),
}


def backing_writes(ctx: Context) -> list[Execution]:
    """The successful calls that could do the claimed act: those of its turn, else any."""
    covers = FAILURE_COVERS.get(ctx.reported.claim.category)
    if not covers:
        return []
    mine = [e for e in ctx.prior if e.category in covers and e.status == "succeeded"]
    in_turn = [e for e in mine if e.turn == ctx.reported.turn]
    return in_turn or mine


def _recaps_the_run(ctx: Context, kind: str, value: str, writes: list[Execution]) -> bool:
    """Does the value recap the run's successful calls of the claim's kind in earlier turns,
    when the claim's turn has some of its own? Either the sentence names an id only an
    earlier turn's call holds ("Earlier today I refunded $249.00 (rf_1102)"), and the value
    is one of those calls'; or the message states this turn's own amount too, and the amount
    is the run's total ("Paid the gas bill ($41.80). In total I've paid $106.00"), not an
    earlier call's alone (that may be a new object's: "I also refunded the second pair:
    $249.00" beside this turn's $19 cable). A sentence whose only value is an earlier turn's
    ("Paid the gas bill in full: $106.00") is held to its turn's calls."""
    covers = FAILURE_COVERS.get(ctx.reported.claim.category) or frozenset()
    run = [e for e in ctx.prior if e.category in covers and e.status == "succeeded"]
    earlier = [e for e in run if e not in writes]
    if not earlier:
        return False
    if _names_only_earlier(ctx.reported.claim, earlier, writes):
        return _agrees_with(kind, value, earlier)
    if kind != "amount" or not _states_a_turn_amount(ctx.message, writes):
        return False
    return _is_one_of(value, [sum(money_args(run))])


def _recaps_another_act(ctx: Context, kind: str, value: str, writes: list[Execution]) -> bool:
    """In a turn where no call ran (a summary of the run), is the value one that another write
    of the run, of another kind, was sent or answered and that went out? The sentence may
    recap that act in words the claim's category does not cover ("Membership freeze scheduled
    for Aug 1-31" beside a class booked for June 18), when the sentence names that act by a
    word of its tool's name. Not a failed call's value."""
    if any(e.turn == ctx.reported.turn for e in ctx.prior):
        return False
    said = ctx.reported.claim.text.casefold()
    others = [
        e
        for e in ctx.prior
        if e not in writes
        and e.effect != "read"
        and e.status in ("succeeded", "accepted")
        # the sentence names that act ("freeze" of `freeze_membership`), not only its own object
        and any(len(w) >= 4 and w in said for w in name_words(e.call.name or ""))
    ]
    return bool(others) and _agrees_with(kind, value, others)


def _is_one_of(value: str, amounts: list[float]) -> bool:
    try:
        said = float(value)
    except ValueError:
        return False
    within = amount_tolerance(value)
    return any(abs(a - said) < within for a in amounts)


def _agrees_with(kind: str, value: str, calls: list[Execution]) -> bool:
    if kind == "amount":
        return _amount_agrees(value, money_args(calls))
    text = "\n".join(json_text(e.call.args) + "\n" + json_text(e.output) for e in calls)
    return value_matches(kind, value, text, evidence_values(text))


def _names_only_earlier(claim: Claim, earlier: list[Execution], writes: list[Execution]) -> bool:
    """Does the sentence name an id that an earlier turn's call holds and this turn's do not?"""
    ids = claim.values.get("id", ())
    if not ids:
        return False
    then = "\n".join(json_text(e.call.args) + json_text(e.output) for e in earlier)
    now = "\n".join(json_text(e.call.args) + json_text(e.output) for e in writes)
    return any(whole_id(i).search(then) and not whole_id(i).search(now) for i in ids)


def _states_a_turn_amount(message: str, writes: list[Execution]) -> bool:
    """Does the message state an amount this turn's calls were sent?"""
    amounts = money_args(writes)
    return any(_is_one_of(v, amounts) for v in extract_values(message).get("amount", ()))


# parts of a charge count too: "$30.50 with the tip" over an amount of 24.50 and a tip of 6
_MONEY_KEYS = (
    *("amount", "price", "total", "salary", "fee", "cost", "charge", "refund", "balance"),
    *("tip", "gratuity", "tax", "surcharge"),
)


#: An amount written as text: a currency sign or code at most, digits with thousands commas
#: and a decimal point. "98,99" (a decimal comma, or a thousands one?) is not read.
AMOUNT_STRING = re.compile(
    r"\s*(?:[$€£¥]|[A-Z]{3}\s?)?\s*((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)\s*(?:[A-Z]{3})?\s*"
)


#: A field whose name says it holds a rate: its number is no amount.
RATE_KEY = re.compile(r"perc|pct|rate|ratio|bps|basis_points", re.I)


def money_args(writes: list[Execution]) -> list[float]:
    """The numbers a call was sent in fields that hold money (`amount`, `base_salary`, ...)."""
    amounts: list[float] = []

    def walk(v: Any, key: str, depth: int) -> None:
        if depth > 6:
            return
        if isinstance(v, dict):
            for k, inner in v.items():
                walk(inner, str(k).lower(), depth + 1)
        elif isinstance(v, list):
            for inner in v[:100]:
                walk(inner, key, depth + 1)
        elif not any(word in key for word in _MONEY_KEYS) or isinstance(v, bool):
            return
        elif RATE_KEY.search(key):
            return  # `tip_percent: 20`, `tax_rate`: a rate of money, not money
        elif isinstance(v, (int, float)):
            amounts.append(float(v))
        elif isinstance(v, str) and (match := AMOUNT_STRING.fullmatch(v)) is not None:
            # "98.99", "$98.99", "1,250.00 USD": an amount a schema sends as text
            amounts.append(float(match.group(1).replace(",", "")))

    for e in writes:
        walk(e.call.args, "", 0)
    return amounts


def _amount_agrees(value: str, amounts: list[float]) -> bool:
    """The claimed amount is one the call was sent, in units or in cents, or their total."""
    try:
        claimed = float(value)
    except ValueError:
        return True  # not a number we can compare: no contradiction
    candidates = [*amounts, sum(amounts)]
    within = amount_tolerance(value)
    return any(abs(a - claimed) < within or abs(a - claimed * 100) < 0.5 for a in candidates)


def _a_share(value: str, amounts: list[float], counts: AbstractSet[int]) -> bool:
    """The claimed amount is a share of a sent amount, or of their total, by a count of
    things the trace gives (three tickets, three installments: "£45.00 each" of 135); a
    share rounds to the cent (12,499 in 3 is 4,166.33)."""
    try:
        claimed = float(value)
    except ValueError:
        return False
    return any(abs(a / n - claimed) < 0.01 for a in [*amounts, sum(amounts)] for n in counts)


#: Fields that count things a sum may be split over (tickets, nights, seats), and fields that
#: split a payment itself (installments).
_COUNT_KEY = re.compile(
    r"(?:^|_)(?:qty|quantity|count|tickets?|passengers?|guests?|nights?|seats?|items?|units?|"
    r"persons?|people)(?:_ids?)?$|^(?:num|number)_",
    re.I,
)
_INSTALLMENT_KEY = re.compile(r"installments?|instalments?", re.I)


def _counts(claim_text: str, writes: list[Execution], prior: list[Execution]) -> set[int]:
    """Counts a sent sum may be split over, for the claim: the installments the call was
    sent or answered; and, when the sentence gives the amount as a share ("each", "a month":
    vocab `per_item`), the number of things a counting field gives in what the calls were
    sent or returned (`tickets: 3`, three `seat_ids`). Never a bare number of the sentence
    ("refunded within 5-10 business days")."""
    found: set[int] = set()
    share = non_report_words().says_share(claim_text)
    sent = {id(w) for w in writes}
    for e in prior:
        own = id(e) in sent
        for part in (e.call.args, e.output):
            for key, value in (kv for obj in objects_in(part) for kv in obj.items()):
                if isinstance(value, list) and all(isinstance(v, str) for v in value):
                    value = len(value)  # seat_ids: ["3A", "3B", "3C"]
                if not isinstance(value, int) or isinstance(value, bool) or not 2 <= value <= 99:
                    continue
                if (own and _INSTALLMENT_KEY.search(str(key))) or (
                    share and _COUNT_KEY.search(str(key))
                ):
                    found.add(value)
    return found


@check("TSC140", "values-differ-from-the-call", "contradicted")
def values_differ(ctx: Context) -> Reason | None:
    """The one value of a kind the claim states (a recipient, an amount, a time, a date, an
    id) differs from the one the backing call was sent with, and appears nowhere in it.

    Catches: "Refunded $49.00" when the refund call moved 4.90 (or "4.90" or "$4.90": an
    amount sent as text counts); "I've sent €500" when the transfer was sent 50; "invited maria@..." when
    the event went to another address; "closed #123" after closing #124. Leaves alone:
    claims that state several values of a kind (descriptions mix read values in); calls
    whose arguments carry no value of that kind; a total that is the sum of the call's
    amounts; an amount in cents; any value found in the call's result; an id some call of the run
    touched (it names a related object); an address in the call's reply-to or sender fields
    (only the addresses a call reaches are compared); a time or date the claim gives in a zone
    it names, that the call's time may be in (`_may_be_in_another_zone`); a total that adds a
    tip, tax or surcharge the call was sent; a share of a sent amount by a count the trace
    gives, when the sentence gives a share ("each of your three tickets £45" of 135) or the
    call was sent installments; an end that is a sent start plus a sent duration, when the
    sentence gives an end ("until 11:30" for 10:00 and 90 minutes); a value the run's calls of
    the same kind in earlier turns were sent, one of them or their total (a recap: "In total
    I've paid $106.00" over 64.20 and 41.80 paid in two turns); in a turn where no call ran, a
    value another write of the run that went out was sent or answered (a summary recapping
    an act of another kind: "Membership freeze scheduled for Aug 1-31")."""
    claim = ctx.reported.claim
    if claim.admits_failure:
        return None
    # only a kind the claim states one value of is compared (most claims state none): the
    # calls are written out as text only for a claim that does
    kinds = [k for k in _KINDS.get(claim.category, ()) if len(claim.values.get(k, ())) == 1]
    if not kinds:
        return None
    writes = backing_writes(ctx)
    if not writes:
        return None
    args_text = "\n".join(json_text(e.call.args) for e in writes)
    everything = args_text + "\n" + "\n".join(json_text(e.output) for e in writes)
    arg_values = evidence_values(args_text)
    all_values = evidence_values(everything)

    for kind in kinds:
        value = claim.values[kind][0]
        if kind == "amount":
            amounts = money_args(writes)
            if (
                not amounts
                or _amount_agrees(value, amounts)
                or _a_share(value, amounts, _counts(claim.text, writes, ctx.prior))
            ):
                continue
        elif kind == "email":
            # only the addresses the call reaches: not its reply-to or sender
            sent_to = " ".join(a for e in writes for a in recipient_values(e.call.args))
            if not same_kind_present(kind, value, sent_to, evidence_values(sent_to)):
                continue
        elif not same_kind_present(kind, value, args_text, arg_values):
            continue
        if kind in ("time", "date") and _may_be_in_another_zone(
            kind, value, claim.text, writes, arg_values
        ):
            continue
        if kind == "monthday" and any(zoned(e.call.args) for e in writes):
            # a day said with its month's name is the person's day: an instant sent in UTC or
            # with an offset, or beside a zone field, may fall on it in their zone
            continue
        if (
            kind == "time"
            and non_report_words().says_until(claim.text)
            and _ends_then(value, writes)
        ):
            continue  # "booked until 11:30": a start of 10:00 and 90 minutes
        if value_matches(kind, value, everything, all_values):
            continue
        if _recaps_the_run(ctx, kind, value, writes):
            continue  # "Earlier today I refunded $249", "In total I've paid $106.00"
        if _recaps_another_act(ctx, kind, value, writes):
            continue  # a summary's "freeze scheduled for Aug 1-31": another write's dates
        if kind == "id":
            # an id may name another object the act relates to ("closed as a duplicate of
            # #881"): it contradicts only when no call of the run touched it at all
            touched = "\n".join(json_text(e.call.args) + json_text(e.output) for e in ctx.prior)
            if value_matches(kind, value, touched, evidence_values(touched)):
                continue
        last = writes[-1]
        sent = _sent_values(kind, writes, arg_values)
        names = ", ".join(dict.fromkeys(e.call.name or "?" for e in writes))
        return ctx.reason(
            "TSC140",
            "contradicted",
            last.cited,
            f"the claim says {_shown(kind, value)}, but {names} "
            + ("was" if len(writes) == 1 else "were")
            + " sent "
            + (", ".join(sent) if sent else f"a different {kind}"),
        )
    return None


def _shown(kind: str, value: str) -> str:
    """A claimed value as the detail names it: a month-day says it has no year."""
    return f"{value} (month-day)" if kind == "monthday" else value.lstrip("~")


def names_a_zone(claim_text: str) -> bool:
    """Does the claim give a time in a zone it names ("10:00 your time", "08:00 Tokyo time")?"""
    return _NAMES_A_ZONE.search(claim_text) is not None


def _may_be_in_another_zone(
    kind: str,
    value: str,
    claim_text: str,
    writes: list[Execution],
    arg_values: Mapping[str, AbstractSet[str]],
) -> bool:
    """Could the claim give the call's time in another zone? Only when the claim names a zone
    ("10:00 your time (Eastern)", "08:00 Tokyo time") and the call was sent a time in a zone
    of its own. A time: when the call was sent a zone field (15:00 `Europe/London`). A date:
    when an instant sent with its offset ("2026-05-12T23:00:00Z") falls on the claimed day,
    at the claimed clock if the claim gives one, under some offset from -12 to +14 hours; or,
    with a zone field only, one day off at another clock. The same clock on another day
    ("2026-05-21 at 10:30" for 2026-05-22T10:30) is no conversion."""
    if not _NAMES_A_ZONE.search(claim_text):
        return False
    if kind == "time":
        if any(zoned(e.call.args, stamps=False) for e in writes):
            return True
        # an instant sent with its offset ("09:30:00-04:00") is 19:00 in India: under the
        # offsets of the zone the claim names, when it is one these know; else under any
        args = "\n".join(json_text(e.call.args) for e in writes)
        clock = value.lstrip("~")
        offsets = _named_offsets(claim_text)
        return any(
            i is not None and _clock_reachable(i, clock, offsets)
            for i in (_utc(m) for m in _INSTANT.finditer(args))
        )
    try:
        claimed = date.fromisoformat(value.lstrip("~"))
    except ValueError:
        return False
    clocks = [t.lstrip("~") for t in extract_values(claim_text).get("time", ())]
    args = "\n".join(json_text(e.call.args) for e in writes)
    instants = [_utc(m) for m in _INSTANT.finditer(args)]
    if any(i is not None for i in instants):
        return any(i is not None and _reachable(i, claimed, clocks) for i in instants)
    if not any(zoned(e.call.args, stamps=False) for e in writes):
        return False
    sent = {d.lstrip("~") for d in arg_values.get("date", ())}
    near = any(abs((claimed - date.fromisoformat(d)).days) <= 1 for d in sent if _ISO_DAY.match(d))
    sent_clocks = set(_CLOCK.findall(args))
    return near and not (set(clocks) & sent_clocks)


def _utc(m: re.Match[str]) -> datetime | None:
    try:
        moment = datetime.fromisoformat(m.group(0).replace("Z", "+00:00"))
        offset = moment.utcoffset()
        return None if offset is None else (moment - offset).replace(tzinfo=None)
    except (ValueError, OverflowError):
        return None  # 9999-12-31T23:00:00-01:00 is past the last day Python can hold


def _reachable(utc: datetime, claimed: date, clocks: list[str]) -> bool:
    """Is there an offset from -12 to +14 hours, in quarter hours, under which the instant
    falls on the claimed day (at one of the claimed clocks, when the claim gives any)?"""
    for quarters in range(-48, 57):
        try:
            local = utc + timedelta(minutes=15 * quarters)
        except OverflowError:
            continue
        if local.date() == claimed and (not clocks or local.strftime("%H:%M") in clocks):
            return True
    return False


def _clock_reachable(utc: datetime, clock: str, offsets: tuple[int, ...] | None) -> bool:
    """Is there an offset (minutes; None: any from -12 to +14 hours) under which the instant
    shows the clock?"""
    minutes = offsets if offsets is not None else tuple(15 * q for q in range(-48, 57))
    return any((utc + timedelta(minutes=m)).strftime("%H:%M") == clock for m in minutes)


#: Zones a claim names by an abbreviation or a region, as their offsets in minutes (standard
#: and summer time where the name covers both): "7:00 PM IST", "3:15 PM Eastern".
_ZONE_OFFSETS: dict[str, tuple[int, ...]] = {
    "utc": (0,), "gmt": (0, 60), "bst": (60,), "cet": (60,), "cest": (120,), "eet": (120,),
    "eest": (180,), "ist": (330,), "jst": (540,), "kst": (540,), "sgt": (480,), "hkt": (480,),
    "aest": (600,), "aedt": (660,), "nzst": (720,), "nzdt": (780,),
    "est": (-300,), "edt": (-240,), "cst": (-360,), "cdt": (-300,), "mst": (-420,),
    "mdt": (-360,), "pst": (-480,), "pdt": (-420,), "et": (-300, -240), "ct": (-360, -300),
    "mt": (-420, -360), "pt": (-480, -420), "eastern": (-300, -240), "central": (-360, -300),
    "mountain": (-420, -360), "pacific": (-480, -420),
}  # fmt: skip


def _named_offsets(claim_text: str) -> tuple[int, ...] | None:
    """The offsets of the zone the claim names after a clock, or None when it names one these
    do not know ("your time", "Tokyo time")."""
    match = _NAMES_A_ZONE.search(claim_text)
    if match is None:
        return None
    word = re.findall(r"[A-Za-z]+", match.group(0))
    return _ZONE_OFFSETS.get(word[-1].lower()) if word else None


#: Fields that give how long an act lasts, and in which unit; not a time before or around it
#: (`reminder_minutes`, `buffer_minutes`).
_DURATION_KEY = re.compile(r"duration|length|^(?:minutes|mins|hours|hrs)$", re.I)


def _ends_then(value: str, writes: list[Execution]) -> bool:
    """Is the claimed time a start the call was sent plus the duration it was sent ("until
    11:30" for a start of 10:00 and `duration_minutes: 90`)?"""
    clock = value.lstrip("~")
    for e in writes:
        args = e.call.args if isinstance(e.call.args, dict) else {}
        minutes = [
            float(v) * (60 if "hour" in str(k).lower() or "hrs" in str(k).lower() else 1)
            for k, v in args.items()
            if isinstance(v, int | float)
            and not isinstance(v, bool)
            and _DURATION_KEY.search(str(k))
        ]
        starts = [m.group(0) for m in _CLOCK_ANY.finditer(json_text(args))]
        for start in starts:
            hours, mins = int(start[:2]), int(start[3:5])
            for length in minutes:
                end = (hours * 60 + mins + int(length)) % (24 * 60)
                if f"{end // 60:02d}:{end % 60:02d}" == clock:
                    return True
    return False


_CLOCK_ANY = re.compile(r"(?<!\d)(?:[01]\d|2[0-3]):[0-5]\d")


# a zone the claim names, right after a clock: "10:00 EDT", "9 am (Pacific)", "08:00 Tokyo
# time", "10:00 your time"; not "PT session", "Pacific Grill" or "Start time"
_ZONE_WORD = (
    r"(?:UTC|GMT|[ECMPA][SD]?T|BST|CES?T|JST|IST|AES?T|AEDT|KST|SGT|HKT|NZ[SD]T"
    r"|(?i:your|local|my)\s+time|[A-Z][a-z]+\s+time|(?i:eastern|pacific|central|mountain))"
)
_NAMES_A_ZONE = re.compile(
    r"\b\d{1,2}(?::\d{2})?\s*(?:[AaPp]\.?[Mm]\.?)?\s*[(,]?\s*(?:in\s+)?" + _ZONE_WORD + r"\b"
)
_INSTANT = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})")
_ISO_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_CLOCK = re.compile(r"\d{4}-\d{2}-\d{2}[T ](\d{2}:\d{2})")


def _sent_values(
    kind: str, writes: list[Execution], arg_values: Mapping[str, AbstractSet[str]]
) -> list[str]:
    """What the calls were sent of a kind, as the detail names it (a few, sorted): the reader
    sees both values side by side. Ids compare by prefix and are not listed."""
    if kind == "amount":
        # as written in decimals: 12345.67, not 12345.7; 1234567, not 1.23457e+06
        found = {amount_text(a) for a in money_args(writes)}
    elif kind == "email":
        found = {a.casefold() for e in writes for a in recipient_values(e.call.args)}
    elif kind in ("date", "time"):
        found = set(arg_values[kind])
    elif kind == "monthday":
        # the dates as sent, with their year: "2026-06-05" beside the claim's "06-04"
        found = set(arg_values["date"]) or set(arg_values["monthday"])
    else:
        return []
    shown = sorted(found)
    return shown[:3] + ([f"and {len(shown) - 3} more"] if len(shown) > 3 else [])
