from __future__ import annotations

import contextlib
import json
from typing import Any

from toolscore_ci.claims.lexicon import TOOL_MARKUP
from toolscore_ci.engine.index import Execution
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.reported import MARKUP
from toolscore_ci.engine.text import iter_scalars
from toolscore_ci.model import Reason
from toolscore_ci.toolkinds import request_categories
from toolscore_ci.vocab import non_report_words

_NAME_KEYS = ("name", "tool", "function")
_ARGS_KEYS = ("arguments", "args", "parameters", "input")


@check("TSC104", "tool-markup-instead-of-call", "unsupported")
def tool_markup(ctx: Context) -> Reason | None:
    """A report that carries tool-call markup while no call ran in its turn: the agent wrote
    the call instead of making it.

    Catches: "Refund issued" under `{"tool": "refund_payment", "args": {...}}` with no call;
    a later turn's markup for the same tool on another object (`cancel_order` on ORD-5555
    after a real one on ORD-4410), or on the same arguments when the turn asks for an act
    ("resend it", "refund another 45", "try again", "yes, go ahead": vocab `go_on`), or on
    arguments that differ in one key (a dry run's flag left out, source and destination
    swapped). Leaves alone: markup quoted in a turn where a call ran; in a turn that asks
    for no act, markup that quotes a call made earlier and gone through, name and arguments
    key by key (the call pasted for an audit log), or that an earlier call's arguments or
    result hold word for word (the payload a parser fix was tested with)."""
    claim = ctx.reported.claim
    if claim.type != MARKUP:
        return None
    position = ctx.reported.position
    turn = ctx.index.turns[ctx.reported.turn]
    if any(e.position < position for e in turn.executions):
        return None
    earlier = [e for e in ctx.index.executions if e.position < position]
    if (
        earlier
        and claim.step is not None
        # "resend it", "refund another 45", "try again", "yes, go ahead": the turn asks for an act
        and not request_categories(turn.user_text)
        and not non_report_words().says_go_on(turn.user_text)
        and _quotes_earlier_calls(ctx.message, earlier)
    ):
        return None
    cited = () if claim.step is None else (claim.step,)
    snippet = claim.text[:60]
    return ctx.reason(
        "TSC104",
        "unsupported",
        cited,
        f"the reply contains tool-call markup ({snippet}) but no tool call ran in this turn",
    )


def _quotes_earlier_calls(text: str, earlier: list[Execution]) -> bool:
    """Whether every JSON call the message writes out is one made earlier and gone through
    (`_made`) or text an earlier call holds word for word."""
    calls = _json_calls(text)
    if not calls:
        return False  # other markup (<tool_call>, "called f(x).") is not read here
    held = [
        " ".join(str(v).split())
        for e in earlier
        for part in (e.call.args, e.output)
        for v in iter_scalars(part, max_items=500)
        if isinstance(v, str)
    ]
    return all(_made(name, args, earlier) or _held(raw, held) for raw, name, args in calls)


def _json_calls(text: str) -> list[tuple[str, str, Any]]:
    """(raw text, name, arguments) of each JSON tool call the text writes out."""
    decoder = json.JSONDecoder()
    out = []
    for match in TOOL_MARKUP.finditer(text):
        if not match.group(0).startswith("{"):
            continue
        try:
            obj, end = decoder.raw_decode(text, match.start())
        except ValueError:
            return []  # cut off or not JSON: it cannot be shown to quote anything
        if not isinstance(obj, dict):
            return []
        name = next((obj[k] for k in _NAME_KEYS if isinstance(obj.get(k), str)), "")
        args = next((obj[k] for k in _ARGS_KEYS if k in obj), None)
        if isinstance(args, str):
            with contextlib.suppress(ValueError):  # not JSON: its text is the value
                args = json.loads(args) if args.strip() else {}
        out.append((text[match.start() : end], name, args))
    return out


def _made(name: str, args: Any, earlier: list[Execution]) -> bool:
    """A call of that name made earlier, and gone through, with these very arguments, key by
    key (45 and 45.0 alike): not a subset (a dry run's `dry_run: true` left out), nor the
    same values under other keys (a move back, source and destination swapped)."""
    wanted = _canonical(args if args is not None else {})
    return bool(name) and any(
        e.call.name == name
        and e.status == "succeeded"
        and _canonical(e.call.args if e.call.args is not None else {}) == wanted
        for e in earlier
    )


def _canonical(value: Any) -> Any:
    """A JSON value with every number a float: 45 and 45.0 are one argument."""
    if isinstance(value, dict):
        return {str(k): _canonical(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_canonical(v) for v in value]
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return value


def _held(raw: str, held: list[str]) -> bool:
    quoted = " ".join(raw.split())
    return any(quoted in text for text in held)
