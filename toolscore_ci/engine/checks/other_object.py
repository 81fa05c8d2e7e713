from __future__ import annotations

from toolscore_ci.engine.index import Execution
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.text import output_text
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
    it, as a program run that printed the file's path does (`python3 calc.py`: "Result saved
    to /root/report.json"); a claim naming no file; a probe that finds it in place (TSC201
    comes first)."""
    claim = ctx.reported.claim
    if not claim.values.get("path") or ctx.on_its_object or ctx.backing:
        return None
    elsewhere = [e for e in ctx.candidates if e.status == "succeeded"]
    if not elsewhere:
        return None
    paths = claim.values["path"]
    if any(_printed_a_path(e, paths) for e in ctx.prior):
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


def _printed_a_path(run: Execution, paths: tuple[str, ...]) -> bool:
    """Did a program the agent ran, and that went through, print one of the paths? What it
    wrote is known only from what it printed."""
    if run.status != "succeeded" or "ran" not in run.acts or not run.command:
        return False
    text = output_text(run.output) or ""
    return any(len(path) > 3 and path in text for path in paths)
