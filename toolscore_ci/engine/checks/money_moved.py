from __future__ import annotations

from collections import Counter
from typing import Any

from toolscore_ci.engine.index import Execution
from toolscore_ci.engine.registry import Context, check
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
    ids = _ids(write.output)
    for earlier in reversed(before):
        if earlier.position >= write.position or not (ids & _ids(earlier.output)):
            continue
        theirs = _ledgers(earlier.output)
        shared = [k for k in mine if k in theirs]
        if not shared:
            continue
        added: list[float] = []
        for key in shared:
            added += list((Counter(mine[key]) - Counter(theirs[key])).elements())
        return added
    return None


def _agrees(claimed: float, added: list[float]) -> bool:
    moved = [abs(a) for a in added] + [abs(sum(added))]
    # an amount per passenger or per item ("$600 for 2 passengers" over an entry of 1200)
    return any(abs(m - claimed * k) < 0.005 for m in moved for k in range(1, 10) if claimed)


@check("TSC141", "money-moved-differs", "contradicted")
def money_moved(ctx: Context) -> Reason | None:
    """The one amount a claim says was charged or refunded differs from every money entry
    the backing write added to the object's ledger (a new `payment_history` entry of -374
    for "a refund of $404 has been issued").

    Leaves alone: writes whose ledger had no earlier state in the trace (what is new is not
    known); writes that added no entry; the total of the added entries; an amount per
    passenger or item that the entry is a multiple of; claims stating several amounts."""
    claim = ctx.reported.claim
    amounts = claim.values.get("amount", ())
    if claim.category != "paid" or len(amounts) != 1 or claim.admits_failure:
        return None
    try:
        claimed = float(amounts[0])
    except ValueError:
        return None
    writes = [
        e
        for e in ctx.prior
        if e.turn == ctx.reported.turn and e.status == "succeeded" and e.effect == "write"
    ]
    for write in reversed(writes):
        added = _new_entries(write, ctx.index.executions)
        if not added:
            continue
        if _agrees(claimed, added):
            return None
        shown = ", ".join(f"{a:g}" for a in added[:3])
        return ctx.reason(
            "TSC141",
            "contradicted",
            write.cited,
            f"the claim says {amounts[0]}, but {write.call.name} recorded {shown}",
        )
    return None
