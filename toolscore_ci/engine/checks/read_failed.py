from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache

from toolscore_ci.engine.checks._common import http_status
from toolscore_ci.engine.index import Execution
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.status import NOT_DATA_KEYS
from toolscore_ci.engine.text import iter_scalars
from toolscore_ci.model import Reason
from toolscore_ci.vocab import states

#: How much of a failed read's error is read, from its start and from its end (a traceback
#: says what went wrong on its last line).
_ERROR_CHARS = 2_000
#: HTTP statuses that say the service could not answer, or would not: not what it holds.
#: 400, 409 and 422 reject the request itself, so the lookup never ran; 404 and 410 answer
#: (there is none), as do errors whose words report an absence (`absent`), checked first.
_COULD_NOT_LOOK_HTTP = frozenset({400, 401, 403, 408, 409, 422, 429})
#: Of those, the ones that reject the request: one whose error names a value the request sent
#: ("user u1 has no active subscription", "zip 99999 is not serviceable") judged that object.
_REJECTED_HTTP = frozenset({400, 409, 422})


@cache
def _phrases(kind: str) -> re.Pattern[str]:
    words = states().absent if kind == "absent" else states().could_not_look
    alternation = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternation})(?![\w-])")


def _error_text(e: Execution) -> str:
    """The failure's own words, camelCase and snake_case split, start and end."""
    assert e.result is not None
    parts = [str(x) for x in iter_scalars(e.result.error, max_items=50)]
    out = e.result.output
    if isinstance(out, Mapping):
        parts += [str(x) for k, v in out.items() if k in NOT_DATA_KEYS for x in iter_scalars(v)]
    elif isinstance(out, str):
        parts.append(out)
    text = " ".join(parts)
    if len(text) > 2 * _ERROR_CHARS:
        text = text[:_ERROR_CHARS] + " " + text[-_ERROR_CHARS:]
    return _split_words(text)


def _split_words(text: str) -> str:
    text = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text)
    return text.replace("_", " ").casefold()


def _names_what_was_asked(e: Execution, text: str) -> bool:
    """Whether the failure's words name a value the read was sent (an id, a zip, a user)."""
    for value in iter_scalars(e.call.args, max_items=50):
        if not isinstance(value, str):
            continue  # a limit or a page number is no object the read asked about
        asked = _split_words(value).strip()
        if len(asked) >= 2 and re.search(rf"(?<![\w-]){re.escape(asked)}(?![\w-])", text):
            return True
    return False


def _returned_data(e: Execution) -> bool:
    """Whether the failed read still handed back something other than its failure."""
    out = e.result.output if e.result is not None else None
    if isinstance(out, Mapping):
        return any(
            str(x).strip()
            for k, v in out.items()
            if str(k).lower() not in NOT_DATA_KEYS
            for x in iter_scalars(v)
        )
    return False  # a string output is read as the failure's own text (_error_text)


def _could_not_look(e: Execution) -> bool:
    """A positive sign that the lookup never got its answer: an outage or a refusal, never
    merely "it failed" (grep exits 1 when nothing matches) and never "it is not there"."""
    if e.result is None or _returned_data(e):
        return False
    text = _error_text(e)
    if _phrases("absent").search(text):
        return False
    code = http_status(e)
    if code is not None:
        if code in _REJECTED_HTTP and _names_what_was_asked(e, text):
            return False  # it answered about what was asked: the answer is in its error
        return code >= 500 or code in _COULD_NOT_LOOK_HTTP
    return _phrases("could_not_look").search(text) is not None


@check("TSC105", "read-failed", "contradicted")
def read_failed(ctx: Context) -> Reason | None:
    """A result reported from a lookup that could not look: "You have no meetings tomorrow"
    when the calendar call answered 503, "Here is what I found: ..." when the only search
    timed out.

    Catches: a report of what a read returned (category retrieved) when every call of its turn
    failed, at least one read with a positive sign that it never got an answer (HTTP 5xx, 400,
    401, 403, 408, 409, 422 or 429; a timeout, a refused connection: `could_not_look` in vocab/states.yaml),
    no read handed back data, and no read had succeeded before. Leaves alone: a failure that
    reports the absence itself ("404", "no such user", `absent`); a shell read that merely
    exited non-zero (grep finds nothing with exit 1); a failed read whose output still holds
    data; any earlier successful read (the answer may come from it); anything that went
    through in the turn; a read with no result; a message that says the lookup failed."""
    claim = ctx.reported.claim
    if claim.category != "retrieved" or claim.admits_failure:
        return None
    position = ctx.reported.position
    turn = ctx.index.turns[ctx.reported.turn]
    mine = [e for e in turn.executions if e.position < position and e.actor == "agent"]
    reads = [e for e in mine if e.effect == "read"]
    if not reads or any(e.status != "failed" for e in mine):
        return None
    if any(e.effect == "read" and e.status == "succeeded" for e in ctx.prior):
        return None
    if any(_returned_data(e) for e in reads):
        return None
    blind = [e for e in reads if _could_not_look(e)]
    if not blind:
        return None
    last = blind[-1]
    return ctx.reason(
        "TSC105",
        "contradicted",
        tuple(s for e in reads for s in e.cited),
        f"{last.call.name} could not look ({last.judgement.why}) and no read since the user "
        "spoke went through, so nothing returned what is reported",
    )
