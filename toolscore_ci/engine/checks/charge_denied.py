from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from toolscore_ci.claims.extract import sentences
from toolscore_ci.claims.values import extract_kinds, plain_number
from toolscore_ci.engine.checks._common import amount_text
from toolscore_ci.engine.index import Execution, normal_id
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.model import Reason
from toolscore_ci.vocab import non_report_words


@dataclass(frozen=True)
class Method:
    """A payment method a result described: its id, the words its record calls it by (its
    kind from the id, "creditcard"; "mastercard" from `brand`), its digits ("9363"), and the
    call whose result said so."""

    id: str
    names: frozenset[str]
    digits: frozenset[str]
    read: Execution


@dataclass(frozen=True)
class Charge:
    method: str
    amount: float
    write: Execution
    earlier: Execution  # the result holding the ledger's state before the write


@check("TSC146", "charge-denied", "contradicted")
def charge_denied(ctx: Context) -> Reason | None:
    """The report says a payment method was not charged ("no additional payment was required
    from your master card", "Your Mastercard ending 9363 was not charged."), while the one
    write of the turn added a charge on that very method to the object's ledger: a new
    `payment_history` entry of 2628 on credit_card_2198526, which the profile read earlier
    lists as the Mastercard.

    The denial must be bound to one method by the sentence's shape alone: the method is the
    whole subject before it ("Your Mastercard was not charged.") or the object after it ("no
    additional payment was required from your master card."), and nothing else follows in
    its clause; the words name exactly one of the methods the trace describes. The finding is
    reported once, on the message's claim said last before the denial (or its first).

    Leaves alone: a denial with more to it ("was not charged twice", "for the return flight",
    "a change fee", "because the gift card covered it", "beyond the $50 fee"); a sentence or a
    message that states an amount charged (the report accounts for the charge); a denial
    naming no method, a pronoun, or words that fit several methods ("your other credit card"
    beside two credit cards; a miles account linked to the Mastercard); a charge on another
    method than the one named; a turn with more than one write; a ledger whose earlier state
    the trace does not show for the object the write was sent; entries that say more than a
    method and an amount (`type: refund`, `status: voided`); a question, or a sentence that
    opens with a condition or a plan."""
    found = ctx.shared("charge-denied", _denied_charge)
    if found is None:
        return None
    host, sentence, charge, method = found
    if host != ctx.reported.index:
        return None
    cited = (*charge.write.cited, *charge.earlier.cited, *method.read.cited)
    return ctx.reason(
        "TSC146",
        "contradicted",
        cited,
        f'the report says "{sentence.strip()[:160]}", but {charge.write.call.name} added a '
        f"charge of {amount_text(charge.amount)} on {charge.method} to the ledger "
        f"(not in it at step {_at(charge.earlier)}), the method the sentence names "
        f"(described at step {_at(method.read)})",
    )


def _at(call: Execution) -> int:
    return call.result.i if call.result is not None else call.call.i


def _denied_charge(ctx: Context) -> tuple[int, str, Charge, Method] | None:
    """(the claim that hosts the finding, the denying sentence, the charge, the method) for
    the first denial in the claim's message that a charge of the turn contradicts."""
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
    methods = _methods(ctx.prior)
    charges = _new_charges(writes[0], ctx.index.executions, methods)
    if not charges:
        return None
    if _stated(message) & {c.amount for c in charges}:
        return None  # the report states the charge somewhere: it accounts for it
    for start, sentence in sentences(message):
        if "?" in sentence or words.opens.match(sentence) or _stated(sentence):
            continue  # an amount beside a denial limits it ("beyond the $50 fee")
        text = _APPOSITION.sub(r" \1", sentence)
        for denial in words.no_charge.finditer(text):
            named = _bound_method(text, denial, methods)
            charged = [c for c in charges if named is not None and c.method == named.id]
            if named is not None and charged:
                return _host(ctx, start), sentence, charged[0], named
    return None


def _stated(text: str) -> set[float]:
    out = set()
    for amount in extract_kinds(text, frozenset({"amount"})).get("amount", ()):
        try:
            out.add(float(plain_number(amount)))
        except ValueError:
            continue
    return out


# an aside that gives the method's digits: "Mastercard, ending in 9363, was ..."
_APPOSITION = re.compile(r",\s*([^,.;:]{0,24}?\d{3,5})\s*,")


@cache
def _shapes() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The subject before a denial (an article or possessive, the method's name, and an
    auxiliary the vocabulary's phrase may leave out: "Ihre Mastercard wurde nicht belastet"),
    and the object after one (a preposition, an article, the name, the end), from the
    languages' words in vocab/reports.yaml."""
    langs = non_report_words().languages.values()
    articles = _alternation(w for lang in langs for w in lang["articles"])
    prepositions = _alternation(w for lang in langs for w in lang["prepositions"])
    auxiliaries = _alternation(
        w for lang in langs for w in (*lang["auxiliaries"], *lang["perfect"]) if " " not in w
    )
    name = r"(?P<name>[^\W_][\w -]{0,40}?)"
    subject = re.compile(rf"^\s*(?:{articles})\s+{name}(?:\s+(?:{auxiliaries}))?\s*$", re.I)
    obj = re.compile(rf"^\s*(?:{prepositions})\s+(?:{articles})\s+{name}\s*[.!]?\s*$", re.I)
    return subject, obj


def _alternation(words: Iterable[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


_CLAUSE_END = re.compile(r"[,;:—–]|\s-\s")


def _bound_method(text: str, denial: re.Match[str], methods: list[Method]) -> Method | None:
    """The one method the denial is bound to by the sentence's shape, or None: the whole
    subject before it with nothing after it in its clause, or the whole object after it with
    nothing before it in its clause but a connective."""
    opening = max((m.end() for m in _CLAUSE_END.finditer(text, 0, denial.start())), default=0)
    closing = _CLAUSE_END.search(text, denial.end())
    before = text[opening : denial.start()]
    after = text[denial.end() : closing.start() if closing else len(text)]
    subject_shape, object_shape = _shapes()
    subject, obj = subject_shape.match(before), object_shape.match(after)
    if subject is not None and not after.strip(" .!"):
        name = subject.group("name")
    elif obj is not None and not before.strip():
        name = obj.group("name")
    else:
        return None
    matches = [m for m in methods if _names(name, m)]
    return matches[0] if len(matches) == 1 else None


def _names(name: str, method: Method) -> bool:
    """Do these words name the method: by its digits ("card ending in 9363": digits name
    one method, whatever words stand beside them), else by its kind or brand, alone or
    together ("Visa credit card")?"""
    tokens = re.findall(r"\w+", name.casefold())
    digits = {t for t in tokens if t.isdigit()}
    if digits:
        return digits <= method.digits
    rest = "".join(tokens)
    return rest in method.names or any(
        rest == a + b for a in method.names for b in method.names if a != b
    )


def _host(ctx: Context, at: int) -> int:
    """The index of the claim of the same message said last before `at`, else its first."""
    here = [r for r in ctx.message_claims if r.position == ctx.reported.position]
    before = [r for r in here if r.claim.span is not None and r.claim.span[0] <= at]
    chosen = before[-1] if before else (here[0] if here else ctx.reported)
    return chosen.index


def _methods(calls: list[Execution]) -> list[Method]:
    """The payment methods the results describe: records keyed by their id in a mapping
    (`payment_methods: {"credit_card_2198526": {"brand": "mastercard", ...}}`)."""
    out: dict[str, Method] = {}
    for call in calls:
        for method_id, record in _keyed_records(call.output, 0):
            if method_id not in out:
                out[method_id] = _method(method_id, record, call)
    return list(out.values())


def _keyed_records(value: Any, depth: int) -> list[tuple[str, dict[str, Any]]]:
    if depth > 5 or not isinstance(value, (dict, list)):
        return []
    found: list[tuple[str, dict[str, Any]]] = []
    children = value.values() if isinstance(value, dict) else value[:200]
    if isinstance(value, dict):
        for key, record in value.items():
            # a record keyed by its id: the key holds a digit, or the record repeats it
            if isinstance(record, dict) and (
                any(ch.isdigit() for ch in str(key)) or key in record.values()
            ):
                found.append((str(key), record))
    for child in children:
        found += _keyed_records(child, depth + 1)
    return found


def _method(method_id: str, record: dict[str, Any], read: Execution) -> Method:
    names = {_squeezed(re.sub(r"[\W_]*\d+$", "", method_id))}
    digits: set[str] = set()
    for key, value in record.items():
        if isinstance(value, str) and value != method_id:
            if value.isdigit():
                digits.add(value)
            elif _squeezed(value).isalpha():
                names.add(_squeezed(value))
        elif isinstance(value, int) and not isinstance(value, bool) and "four" in str(key):
            digits.add(str(value))
    return Method(method_id, frozenset(n for n in names if len(n) >= 3), frozenset(digits), read)


def _squeezed(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.casefold())


def _new_charges(
    write: Execution, executions: list[Execution], methods: list[Method]
) -> list[Charge]:
    """The plain charges (a method and a positive amount, nothing more) the write's result
    adds to a ledger of the object it was sent, against the latest earlier result for that
    object; none when no earlier state is known."""
    known = {m.id for m in methods}
    mine = _ledgers(write.output)
    ids = {i for i in _object_ids(write.output) if normal_id(i) in write.targets}
    if not mine or not ids:
        return []
    for earlier in reversed(executions):
        if earlier.position >= write.position or not (ids & _object_ids(earlier.output)):
            continue
        theirs = _ledgers(earlier.output)
        shared = [k for k in mine if k in theirs]
        if not shared:
            continue
        out: list[Charge] = []
        for key in shared:
            old = Counter(_frozen(e) for e in theirs[key])
            new = Counter(_frozen(e) for e in mine[key])
            if old - new:
                continue  # an entry went away: a list rewritten, not a ledger
            for frozen in (new - old).elements():
                plain = _plain_charge(json.loads(frozen), known)
                if plain is not None:
                    out.append(Charge(plain[0], plain[1], write, earlier))
        return out
    return []


def _ledgers(output: Any) -> dict[str, list[dict[str, Any]]]:
    """The top-level lists of a result whose every entry is a dict holding a number."""
    out: dict[str, list[dict[str, Any]]] = {}
    if isinstance(output, dict):
        for key, value in output.items():
            if (
                isinstance(value, list)
                and value
                and all(isinstance(v, dict) and _number_of(v) is not None for v in value[:500])
            ):
                out[str(key)] = value[:500]
    return out


def _number_of(entry: dict[str, Any]) -> float | None:
    numbers = [v for v in entry.values() if isinstance(v, (int, float)) and not isinstance(v, bool)]
    return float(numbers[0]) if len(numbers) == 1 else None


def _plain_charge(entry: dict[str, Any], known: set[str]) -> tuple[str, float] | None:
    """(method, amount) for an entry that holds a known method's id and one positive number,
    and nothing else but ids, dates and a currency code: an entry with words in it
    (`type: refund`, `status: voided`, `unit: miles`) is not known to be a charge."""
    method = None
    for value in entry.values():
        if isinstance(value, str):
            if value in known and method is None:
                method = value
            elif not re.fullmatch(r"[A-Z]{3}|.*\d.*", value):
                return None
    amount = _number_of(entry)
    if method is None or amount is None or amount <= 0:
        return None
    return method, amount


def _object_ids(output: Any) -> set[str]:
    if not isinstance(output, dict):
        return set()
    return {
        str(v)
        for k, v in output.items()
        if str(k).lower().endswith("id") and isinstance(v, (str, int)) and not isinstance(v, bool)
    }


def _frozen(entry: dict[str, Any]) -> str:
    return json.dumps(entry, sort_keys=True, default=str)
