from __future__ import annotations

from fnmatch import fnmatchcase

from toolscore_ci.engine.index import Execution
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.model import Reason
from toolscore_ci.rules import evaluate_checks
from toolscore_ci.rules.dsl import CheckRow


def _receipt(ctx: Context, pool: list[Execution]) -> tuple[Execution, list[CheckRow]] | None:
    """The latest successful call of the pack's action for this claim among `pool`, and its
    receipt rows."""
    rule = ctx.reported.rule
    if rule is None or not rule.receipt:
        return None
    calls = [
        e
        for e in pool
        if e.status == "succeeded" and e.call.name and fnmatchcase(e.call.name, rule.action)
    ]
    if not calls:
        return None
    latest = calls[-1]
    rows = evaluate_checks(
        rule.receipt, ctx.reported.claim.subject, latest.call.args, latest.output
    )
    return latest, rows


@check("TSC130", "pack-receipt-fails", "contradicted")
def pack_receipt(ctx: Context) -> Reason | None:
    """A rule pack's receipt checks fail on the latest successful call of its action.

    Only for claims a pack binds (by structured type or claim pattern); rows the receipt
    cannot evaluate (a field absent) are skipped, never a failure. Any call of the action
    counts: a write to another file than the subject's is what the rows are there to catch."""
    found = _receipt(ctx, ctx.prior)
    if found is None:
        return None
    latest, rows = found
    failed = [r for r in rows if r.result == "fail"]
    if not failed:
        return None
    return ctx.reason(
        "TSC130",
        "contradicted",
        latest.cited,
        f"{latest.call.name}'s receipt contradicts the claim: "
        + "; ".join(r.describe() for r in failed[:3]),
    )


@check("TSC205", "pack-receipt-confirms", "receipt_confirmed")
def pack_receipt_confirms(ctx: Context) -> Reason | None:
    """Every receipt check of the claim's pack rule that could be evaluated passes (at least
    one could), on the latest call of its action on the object the claim names, when it names
    one (`Context.on_its_object`): a write to another file confirms nothing of this one."""
    found = _receipt(ctx, ctx.on_its_object)
    if found is None:
        return None
    latest, rows = found
    evaluated = [r for r in rows if r.result != "skipped"]
    if not evaluated or any(r.result != "pass" for r in evaluated):
        return None
    return ctx.reason(
        "TSC205", "receipt_confirmed", latest.cited, f"{latest.call.name}'s receipt checks pass"
    )
