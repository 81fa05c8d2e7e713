from __future__ import annotations

from collections import Counter
from typing import Any

from toolscore_ci.claims.values import amount_tolerance, extract_values
from toolscore_ci.engine.checks._common import amount_text, whole_id
from toolscore_ci.engine.index import Execution, normal_id
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.text import iter_scalars
from toolscore_ci.model import Reason

_MONEY_KEYS = ("amount", "price", "total", "charge", "refund")


def _money(entry: Any) -> float | None:
    if not isinstance(entry, dict):
        return None
    for key, value in entry.items():
        k = str(key).lower()
        if any(w in k for w in _MONEY_KEYS) and isinstance(value, (int, float)):
            return None if isinstance(value, bool) else float(value)
    return None


def _ledgers(output: Any) -> dict[str, list[float]]:
    """Top-level lists of money entries in a result, by key ("payment_history": [...])."""
    out: dict[str, list[float]] = {}
    if isinstance(output, dict):
        for key, value in output.items():
            if isinstance(value, list) and value:
                amounts = [_money(v) for v in value[:500]]
                if all(a is not None for a in amounts):
                    out[str(key)] = [a for a in amounts if a is not None]
    return out


def _ids(output: Any) -> set[str]:
    if not isinstance(output, dict):
        return set()
    return {
        str(v)
        for k, v in output.items()
        if str(k).lower().endswith("id") and isinstance(v, (str, int)) and not isinstance(v, bool)
    }


def _new_entries(write: Execution, before: list[Execution]) -> list[float] | None:
    """The money entries a write's result adds to the object's ledger, against the latest
    earlier result for the same object; None when no earlier state is known."""
    mine = _ledgers(write.output)
    if not mine:
        return None
    # the object is the one the call named (reservation_id), not every id its record
    # carries: the user's id is on each of their reservations
    ids = {i for i in _ids(write.output) if normal_id(i) in write.targets} or _ids(write.output)
    for earlier in reversed(before):
        if earlier.position >= write.position or not (ids & _ids(earlier.output)):
            continue
        theirs = _ledgers(earlier.output)
        shared = [k for k in mine if k in theirs]
        if not shared:
            continue
        added: list[float] = []
        for key in shared:
            if Counter(theirs[key]) - Counter(mine[key]):
                # an entry went away: a list rewritten (the flights and their prices after a
                # change), not a ledger, which only ever grows
                continue
            added += list((Counter(mine[key]) - Counter(theirs[key])).elements())
        return added
    return None


def _in_minor_units(output: Any) -> bool:
    """Does the record keep money as Stripe does: a `currency` field beside whole-number
    amounts (12990 for 129.90 usd)?"""
    if not isinstance(output, dict) or not isinstance(output.get("currency"), str):
        return False
    amounts = [a for entries in _ledgers(output).values() for a in entries]
    return bool(amounts) and all(float(a).is_integer() for a in amounts)


def _names_cents(output: Any) -> bool:
    """Does a ledger entry's money key say it keeps cents (`amount_cents`, `amountMinor`)?"""
    if not isinstance(output, dict):
        return False
    return any(
        isinstance(entry, dict)
        and any(("cents" in str(k).lower() or "minor" in str(k).lower()) for k in entry)
        for value in output.values()
        if isinstance(value, list)
        for entry in value[:50]
    )


def _ledger_totals(write: Execution) -> list[float]:
    """The sum of each ledger after a write: what was paid in all ("Total paid: $1,698")."""
    return [sum(amounts) for amounts in _ledgers(write.output).values()]


def _equal(moved: float, claimed: float, within: float = 0.005) -> bool:
    return abs(abs(moved) - claimed) < within


def _disagreement(ctx: Context) -> tuple[str, str, list[tuple[Execution, list[float]]]] | None:
    """("differs" or "units", the one amount a `paid` claim states, the entries the backing
    writes added to their ledgers) when no entry, sum or total agrees with it: "units" when
    one would if the ledger kept cents and nothing says whether it does (whole numbers, no
    `currency`, no amount sent: 6490 for "$64.90"); None when they agree or there is nothing
    to compare. The backing writes are those on the object the
    sentence names ("Reservation JG7FMM: $6,594 refunded" answers to the write on JG7FMM,
    whenever it ran), else those of the turn the claim was said in (for a final report, its
    message's turn, not the user's closing reply) when its calls changed one object; an amount
    any write of the run recorded agrees (a recap of an earlier turn's refund)."""
    claim = ctx.reported.claim
    amounts = claim.values.get("amount", ())
    if claim.category != "paid" or len(amounts) != 1 or claim.admits_failure:
        return None
    if len(set(extract_values(claim.text).get("amount", ()))) > 1:
        return None  # "the new total is $408, and $498 was refunded": which moved is unsure
    try:
        claimed = float(amounts[0])
    except ValueError:
        return None
    succeeded = [e for e in ctx.prior if e.status == "succeeded" and e.effect == "write"]
    turn = ctx.reported.said_turn if ctx.reported.said_turn is not None else ctx.reported.turn
    writes = [e for e in succeeded if _named_in(claim.text, e)]
    if not writes:
        writes = [e for e in succeeded if e.turn == turn]
        changed = {
            e.targets for e in ctx.prior if e.turn == turn and e.status == "succeeded" and e.writes
        }
        if len(changed) > 1:
            return None  # calls changed several orders, and the sentence names none of them
    added_by_write = _added(writes, ctx)
    if not added_by_write:
        return None
    # a ledger kept in cents shows as such where the call was sent the amount in cents
    # (refund_charge(amount=6490) for "$64.90") or the record keeps minor units beside its
    # currency; a bare 1200 beside "$12" is a slip of units
    cents = any(
        _equal(float(v), claimed * 100)
        for w in writes
        for v in iter_scalars(w.call.args)
        if isinstance(v, (int, float)) and not isinstance(v, bool)
    ) or any(_in_minor_units(w.output) or _names_cents(w.output) for w in writes)
    within = amount_tolerance(amounts[0])  # "$1.2 million" is any of 1.15 to 1.25 million
    if _agrees(claimed, added_by_write, cents, within):
        return None
    # a recap of an earlier turn's refund in the same report: any write of the run whose
    # entry is the amount leaves the claim alone
    everything = _added(succeeded, ctx) if len(writes) < len(succeeded) else added_by_write
    if everything is not added_by_write and _agrees(claimed, everything, cents, within):
        return None
    # a ledger holding any amount with cents (49.99) keeps major units
    whole = all(
        float(a).is_integer()
        for w, _ in everything
        for entries in _ledgers(w.output).values()
        for a in entries
    )
    if not cents and whole and _agrees(claimed, everything, True, within):
        return "units", amounts[0], added_by_write
    return "differs", amounts[0], added_by_write


def _added(writes: list[Execution], ctx: Context) -> list[tuple[Execution, list[float]]]:
    return [(w, added) for w in writes if (added := _new_entries(w, ctx.index.executions))]


def _agrees(
    claimed: float,
    added_by_write: list[tuple[Execution, list[float]]],
    cents: bool,
    within: float = 0.005,
) -> bool:
    everything = [a for _, added in added_by_write for a in added]
    sums = [*everything, sum(everything)]
    for write, added in added_by_write:
        sums += [sum(added), *_ledger_totals(write)]
    # k > 1: an amount per passenger or per item ("$600 for 2 passengers" over 1200); a
    # ledger kept in cents (6490 for "$64.90"), where the call was sent cents
    return any(_equal(m, claimed * k, within * k) for m in sums for k in range(1, 10)) or (
        cents and any(abs(abs(m) - claimed * 100) < 0.5 for m in sums)
    )


def _named_in(text: str, write: Execution) -> bool:
    """Does the sentence name the object the write acted on (its reservation or order id)?"""
    return any(len(t) >= 4 and whole_id(t).search(text) is not None for t in write.targets)


@check("TSC141", "money-moved-differs", "contradicted")
def money_moved(ctx: Context) -> Reason | None:
    """The one amount a claim says was charged or refunded differs from every money entry
    the backing writes added to the object's ledger (a new `payment_history` entry of -374
    for "a refund of $404 has been issued"); which writes back it: `_disagreement`.

    Leaves alone: writes whose ledger had no earlier state in the trace (what is new is not
    known); lists that lost an entry (flights and their prices rewritten: not a ledger);
    writes that added no entry; the total of a write's entries, of all the turn's writes
    ("$259 for these changes" over a bag fee of 50 and a fare difference of 209), or of the
    whole ledger after them ("Total paid: $1,698"); an amount per passenger or item that an
    entry is a multiple of; a ledger kept in cents, where the call was sent the amount in cents
    or the record keeps whole-number amounts beside its `currency`, or the entry's key says so
    (`amount_cents`); with none of these, an amount a hundredth of the entry is TSC307's, for
    review; a sentence stating several
    amounts; a turn whose calls changed several objects when the sentence names none ("A
    refund of $0.60 has been issued" in a report on three orders: which order is not known)."""
    found = ctx.shared("ledger-disagreement", _disagreement)
    if found is None or found[0] != "differs":
        return None
    _, stated, added_by_write = found
    cited, recorded = _recorded(added_by_write)
    return ctx.reason("TSC141", "contradicted", cited, f"the claim says {stated}, but {recorded}")


@check("TSC307", "money-units-unclear", "unknown")
def money_units_unclear(ctx: Context) -> Reason | None:
    """The one amount a claim says was charged or refunded is a hundredth of what the backing
    writes added to the ledger, and nothing says whether the ledger keeps cents: whole-number
    entries, no `currency` beside them, no amount sent in the call ("a refund of $64.90" over
    an entry of -6490). Cents would make the report true, dollars a hundredfold slip: for
    review, never a flag.

    Leaves alone: the cases TSC141 decides (an amount no reading of the ledger agrees with is
    TSC141's; a ledger known to keep cents agrees)."""
    found = ctx.shared("ledger-disagreement", _disagreement)
    if found is None or found[0] != "units":
        return None
    _, stated, added_by_write = found
    cited, recorded = _recorded(added_by_write)
    return ctx.reason(
        "TSC307",
        "unknown",
        cited,
        f"the claim says {stated}, and {recorded}: the same amount if the ledger keeps cents, "
        "which nothing in the trace says",
    )


def _recorded(added_by_write: list[tuple[Execution, list[float]]]) -> tuple[tuple[int, ...], str]:
    """The steps of the backing writes, and "NAMES recorded ENTRIES" for a reason."""
    entries = [a for _, added in added_by_write for a in added]
    names = ", ".join(dict.fromkeys(str(w.call.name) for w, _ in added_by_write))
    cited = tuple(i for w, _ in added_by_write for i in w.cited)
    return cited, f"{names} recorded " + ", ".join(amount_text(a) for a in entries[:4])
