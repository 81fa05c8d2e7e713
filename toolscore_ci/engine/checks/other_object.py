from __future__ import annotations

from toolscore_ci.engine.registry import Context, check
from toolscore_ci.model import Reason


@check("TSC303", "acted-on-another-file", "unknown")
def acted_on_another_file(ctx: Context) -> Reason | None:
    """A reported change of a file the claim names, when every call that could have made it
    acted on other files and none named no file (a shell line may have written anything):
    the evidence is for another object, so it goes to review with that call cited instead
    of passing on its receipt. Not a contradiction: the fix of an issue reported in one file
    can live in another.

    Sends to review: "lib/utils/scheduler.go is fixed" when the only write went to
    src/core/session.py. Leaves alone: a write to the named file, also by a longer or
    shorter path (`/testbed/lib/utils/scheduler.go`); a shell call that may have written
    it; a claim naming no file; a probe that finds it in place (TSC201 comes first)."""
    claim = ctx.reported.claim
    if not claim.values.get("path") or ctx.on_its_object or ctx.backing:
        return None
    elsewhere = [e for e in ctx.candidates if e.status == "succeeded"]
    if not elsewhere:
        return None
    last = elsewhere[-1]
    named = ", ".join(claim.values["path"][:3])
    acted = ", ".join(sorted(last.targets)[:3])
    return ctx.reason(
        "TSC303",
        "unknown",
        last.cited,
        f"the claim names {named}; {last.call.name} acted on {acted}, and no call that "
        "could do it touched the named file",
    )
