from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

from toolscore_ci.claims.extract import sentences
from toolscore_ci.engine.checks._common import amount_text
from toolscore_ci.engine.index import Execution
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.text import iter_scalars
from toolscore_ci.model import Reason
from toolscore_ci.vocab import non_report_words

# a clause ends at a comma, a semicolon or a colon: "Since the gift cards covered it, no
# additional payment was required from your Mastercard" denies the Mastercard's charge only
_CLAUSE_END = re.compile(r"[,;:]")
# an entry's money: an amount, a charge or a price (a refund's entry is no charge)
_CHARGE_KEYS = ("amount", "charge", "price", "total")
# a payment method's descriptive words in its record: "mastercard", "credit_card" (as
# "creditcard"), "gift card"; shorter ones ("usd") say nothing of which method
_MIN_WORD = 4


@check("TSC146", "charge-denied", "contradicted")
def charge_denied(ctx: Context) -> Reason | None:
    """The report says a payment method was not charged ("no additional payment was required
    from your Mastercard", "your card ending 6437 was not charged"), while the one write of
    the turn added a charge on that very method to the object's ledger: a new
    `payment_history` entry of 2628 on credit_card_2198526, which the user's profile, read
    earlier, lists as their Mastercard.

    The denial is a sentence of the message the claim is in; the finding is reported once,
    on the message's claim said last before it (or its first). Leaves alone: a denial naming
    no payment method ("the bags are free of charge": which charge it denies is not known),
    or one naming a method the new entries were not made on (the gift cards paid, "your
    Mastercard was not charged"); a turn with more than one write (the bags were free, the
    cabin change was charged); a ledger with no earlier state in the trace (what is new is
    not known), or whose new entries are refunds; a sentence that is a question or opens
    with a condition or a plan ("If you add insurance, your card will not be charged")."""
    found = ctx.shared("charge-denied", _denied_charges)
    if found is None:
        return None
    host, sentence, cited, write, entries = found
    if host != ctx.reported.index:
        return None
    amounts = ", ".join(f"{amount_text(a)} on {m}" for m, a in entries[:3])
    return ctx.reason(
        "TSC146",
        "contradicted",
        cited,
        f'the report says "{sentence.strip()[:160]}", but {write.call.name} recorded a new '
        f"charge of {amounts}",
    )


def _denied_charges(
    ctx: Context,
) -> tuple[int, str, tuple[int, ...], Execution, list[tuple[str, float]]] | None:
    """(the index of the claim that hosts the finding, the denying sentence, the steps it
    rests on, the write, its new charges as (method id, amount)) for the first denial in the claim's message that a
    charge of the turn contradicts; None when there is none."""
    message = ctx.message
    words = non_report_words()
    if words.no_charge.search(message) is None:
        return None
    turn = ctx.reported.said_turn if ctx.reported.said_turn is not None else ctx.reported.turn
    writes = [
        e for e in ctx.prior if e.turn == turn and e.status == "succeeded" and e.effect == "write"
    ]
    if len(writes) != 1:
        return None
    write = writes[0]
    charges = _new_charges(write, ctx.index.executions)
    if not charges:
        return None
    for start, sentence in sentences(message):
        denial = words.no_charge.search(sentence)
        if denial is None or "?" in sentence or words.opens.match(sentence):
            continue
        clause = _clause_around(sentence, denial.start(), denial.end())
        if words.opens.match(clause):
            continue
        named, cited = [], list(write.cited)
        for method, amount in charges:
            record, read = _method_record(ctx, method)
            if _names_method(clause, method, record):
                named.append((method, amount))
                cited += read.cited if read is not None else ()
        if named:
            return _host(ctx, start), sentence, tuple(cited), write, named
    return None


def _clause_around(sentence: str, start: int, end: int) -> str:
    """The part of the sentence between the punctuation before and after a span."""
    opening = max((m.end() for m in _CLAUSE_END.finditer(sentence, 0, start)), default=0)
    closing = _CLAUSE_END.search(sentence, end)
    return sentence[opening : closing.start() if closing else len(sentence)]


def _host(ctx: Context, at: int) -> int:
    """The index of the claim of the same message said last before `at`, else its first."""
    here = [r for r in ctx.message_claims if r.position == ctx.reported.position]
    before = [r for r in here if r.claim.span is not None and r.claim.span[0] <= at]
    chosen = before[-1] if before else (here[0] if here else ctx.reported)
    return chosen.index


def _entries(output: Any) -> dict[str, list[dict[str, Any]]]:
    """The ledgers of a result: top-level lists whose every entry holds an amount."""
    out: dict[str, list[dict[str, Any]]] = {}
    if isinstance(output, dict):
        for key, value in output.items():
            if (
                isinstance(value, list)
                and value
                and all(isinstance(v, dict) and _charge(v) is not None for v in value[:500])
            ):
                out[str(key)] = value[:500]
    return out


def _charge(entry: dict[str, Any]) -> float | None:
    for key, value in entry.items():
        k = str(key).lower()
        if "refund" in k:
            return None
        if any(w in k for w in _CHARGE_KEYS) and isinstance(value, (int, float)):
            return None if isinstance(value, bool) else float(value)
    return None


def _object_ids(output: Any) -> set[str]:
    if not isinstance(output, dict):
        return set()
    return {
        str(v)
        for k, v in output.items()
        if str(k).lower().endswith("id") and isinstance(v, (str, int)) and not isinstance(v, bool)
    }


def _new_charges(write: Execution, executions: list[Execution]) -> list[tuple[str, float]]:
    """(method id, amount) of each positive entry the write's result adds to a ledger, against
    the latest earlier result for the same object; none when no earlier state is known."""
    mine = _entries(write.output)
    if not mine:
        return []
    ids = _object_ids(write.output)
    for earlier in reversed(executions):
        if earlier.position >= write.position or not (ids & _object_ids(earlier.output)):
            continue
        theirs = _entries(earlier.output)
        shared = [k for k in mine if "refund" not in k.lower() and k in theirs]
        if not shared:
            continue
        out: list[tuple[str, float]] = []
        for key in shared:
            old = Counter(_frozen(e) for e in theirs[key])
            new = Counter(_frozen(e) for e in mine[key])
            if old - new:
                continue  # an entry went away: a list rewritten, not a ledger
            for frozen in (new - old).elements():
                entry = json.loads(frozen)
                amount = _charge(entry)
                method = _method_id(entry)
                if amount is not None and amount > 0 and method:
                    out.append((method, amount))
        return out
    return []


def _frozen(entry: dict[str, Any]) -> str:
    return json.dumps(entry, sort_keys=True, default=str)


def _method_id(entry: dict[str, Any]) -> str | None:
    """The id of the payment method an entry was made on (`payment_id`, `method_id`)."""
    for key, value in entry.items():
        if str(key).lower().endswith("id") and isinstance(value, str) and value:
            return value
    return None


def _method_record(ctx: Context, method: str) -> tuple[Any, Execution | None]:
    """What an earlier result says of the method, and the call that returned it: the value
    the method is keyed by in a mapping (`payment_methods: {"credit_card_2198526": {"brand":
    "mastercard", ...}}`), or the record whose id field holds it."""
    for execution in reversed(ctx.prior):
        found = _find_record(execution.output, method, 0)
        if found is not None:
            return found, execution
    return None, None


def _find_record(value: Any, method: str, depth: int) -> Any:
    """The record of the method in a result; a ledger entry made on it (which holds its id
    beside an amount) says nothing of what the method is."""
    if depth > 6:
        return None
    if isinstance(value, dict):
        if isinstance(value.get(method), dict):
            return value[method]
        if _charge(value) is None and any(
            str(k).lower().endswith("id") and v == method for k, v in value.items()
        ):
            return value
        children: Iterator[Any] = iter(value.values())
    elif isinstance(value, list):
        children = iter(value[:200])
    else:
        return None
    for child in children:
        found = _find_record(child, method, depth + 1)
        if found is not None:
            return found
    return None


def _squeezed(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.casefold())


def _names_method(clause: str, method: str, record: Any) -> bool:
    """Does the clause name the method: its kind from its id ("credit_card_2198526" is a
    credit card), a descriptive word of its record ("mastercard" for "your Master Card"), or
    its last digits as a number of their own ("ending in 6437")?"""
    said = _squeezed(clause)
    kind = _squeezed(re.sub(r"\d+$", "", method))
    words = {kind} if len(kind) >= _MIN_WORD and kind.isalpha() else set()
    digits: set[str] = set()
    for value in iter_scalars(record) if record is not None else ():
        text = str(value)
        if text.isdigit() and 3 <= len(text) <= 5:
            digits.add(text)
        elif len(_squeezed(text)) >= _MIN_WORD and _squeezed(text).isalpha():
            words.add(_squeezed(text))
    if any(w in said for w in words):
        return True
    return any(re.search(rf"(?<!\d){d}(?!\d)", clause) for d in digits)
