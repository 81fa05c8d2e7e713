"""What the reads after a call show of the object it acted on: the record that holds the
ids it was sent (or its request's own key, or the id it created), and the state that record
is in. TSC101 reads them to tell a failure that stands from one a later read shows undone,
from a timeout whose outcome is for review, and from a job only taken in that a read shows
failed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

from toolscore_ci.claims.values import is_free_text
from toolscore_ci.engine.checks._common import http_status
from toolscore_ci.engine.index import Execution, normal_id
from toolscore_ci.engine.shell import command_verbs
from toolscore_ci.engine.status import (
    class_words,
    http_code,
    result_state,
    says_already,
    verb_sets,
)
from toolscore_ci.engine.text import iter_scalars
from toolscore_ci.toolkinds import command_of
from toolscore_ci.vocab import states

#: A word of letters.
_WORD = re.compile(r"[^\W\d_]+")


def own_ids(record: dict[str, Any]) -> set[str]:
    """The ids a record holds under its id fields."""
    return {normal_id(str(v)) for k, v in record.items() if _ID_FIELD.search(str(k)) and id_like(v)}


#: A field that holds a record's own id (`run_id`, `jobId`, `id`).
_ID_FIELD = re.compile(r"(?:^|_)id$|[a-z]Id$")


def _object_words(e: Execution) -> set[str]:
    """The words of a call's arguments of four letters or more, but for a shell line's
    program and sub-commands, and its ids: what it acted on or looked at."""
    command = command_of(e.call.args) if isinstance(e.call.args, dict) else None
    verbs = command_verbs(command) if command is not None else frozenset()
    ids = {normal_id(str(v)) for v in iter_scalars(e.call.args) if id_like(v)}
    # not a note's words ("cancel: the sofa arrived damaged" shares "sofa" with any search);
    # a shell line's are its own (a command of three words is no note)
    named = {
        w
        for v in iter_scalars(e.call.args)
        if v == command or not (isinstance(v, str) and is_free_text(v))
        for w in _WORD.findall(str(v).casefold())
    }
    return {w for w in named if len(w) >= 4 and w not in verbs} | ids


def shown_done_later(failed: Execution, prior: list[Execution]) -> bool:
    """Did a read made after the failed call answered return the record it acted on, every
    record of it in that read, in the state the call's act produces? The object is as the
    claim says, whatever the call answered: a timeout, "YA_CANCELADA", a 504 whose payment
    went through. Bound to the object, not to a value it shares with others: for an act that
    puts an object into a state (a cancel, an update: `settles_state`) the record must hold
    every id the call was sent (the reservation, not only the customer who has others) and
    be in that state (`cancelled`, not `confirmed`); for one that makes something (a payment,
    a booking) it must hold the key the request named itself by (`idempotency_key`), since
    another payment of the customer and amount may be an older one (unless its failure said the
    object already is so: `invoice_already_paid`, then a read of that invoice). An event log that holds
    the object in another state too (a `cancel_requested` row beside a `shipped` one) shows
    nothing settled."""
    category = failed.category
    if category is None:
        return False
    done = _done_states(failed)
    # an act that makes something answers to its request's own key; unless its failure said
    # the object already is so ("invoice_already_paid"): then the object it named is the one
    keys = _object_keys(
        failed,
        request_only=category not in states().settles_state and not says_already(failed.result),
    )
    if not keys:
        return False
    for e in prior:
        if e.effect != "read" or e.status != "succeeded" or not after_its_answer(e, failed):
            continue
        records = list(records_holding(e.output, keys))
        if records and all(result_state(r) in done and (http_code(r) or 0) < 400 for r in records):
            return True  # (a request log's `completed` beside `response_code: 402` is no payment)
    return False


def outcome_unknown(failed: Execution, prior: list[Execution]) -> bool:
    """Did the call only run out of time (`timed out`, a 504: vocab `timed_out`), and a read
    ran after it? A timeout says the outcome is unknown, not that the act failed (`kubectl
    scale --timeout` gives up waiting for the pods, the scale stands); the agent looked, and
    what it saw is for review, whatever shape the read's answer has (a shell table). The read
    must look at what the call acted on (a word of its arguments that is no program or
    sub-command: the deployment, the release, the image), not at anything else."""
    if failed.result is None:
        return False
    about = _object_words(failed)
    reads = [
        e
        for e in prior
        if e.effect == "read"
        and e.status == "succeeded"
        and after_its_answer(e, failed)
        and about & _object_words(e)
    ]
    if not reads:
        return False  # no read after it looked at what it acted on
    ids = _object_keys(failed)
    done = _done_states(failed)
    for read in reads:
        records = list(records_holding(read.output, ids)) if ids else []
        states_shown = [result_state(r) for r in records]
        if states_shown and all(w is not None and w not in done for w in states_shown):
            return False  # the read shows the object as the act would not leave it
    if http_status(failed, nested=True) in (504, 408):
        return True
    text = " ".join(
        str(x) for x in iter_scalars([failed.result.error, failed.result.output], max_items=50)
    )
    return _timed_out_words().search(text.casefold()) is not None


@cache
def _timed_out_words() -> re.Pattern[str]:
    words = sorted(states().timed_out, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, words)) + r")(?![\w-])")


def _object_keys(failed: Execution, *, request_only: bool = False) -> set[str]:
    """The values that name what the call acted on: the key the request named itself by
    (`idempotency_key`) when it sent one, else every id it was sent; with `request_only`,
    that key or nothing."""
    args = failed.call.args if isinstance(failed.call.args, dict) else {}
    request = {normal_id(str(v)) for k, v in args.items() if _REQUEST_KEY.search(str(k)) and v}
    if request or request_only:
        return request
    return {normal_id(str(v)) for v in args.values() if id_like(v)}


def _done_states(failed: Execution) -> set[str]:
    """The states a record is left in by the failed call's act, had it gone through: the
    act's own (`cancelled` for a cancel, vocab `produced_by`, the past of its verb), and for
    an act that makes something any word of success."""
    vocab = states()
    category = failed.category or ""
    done = set(vocab.produced_by.get(category, ())) | verb_sets(failed.call.name or "")
    if category not in vocab.settles_state:
        done |= class_words("succeeded")
        done |= vocab.acts.get(category, frozenset())
    return done


#: A request's own name for itself, sent so a retry is not done twice (Stripe's
#: `idempotency_key`, a client's request or reference id).
_REQUEST_KEY = re.compile(r"idempoten|request_?id|client_?ref|dedup", re.I)


def id_like(value: object) -> bool:
    """A value that names one object: a string of 4 or more characters with a digit."""
    return isinstance(value, str) and len(value) >= 4 and any(c.isdigit() for c in value)


def records_holding(output: object, keys: set[str]) -> Iterator[dict[str, Any]]:
    """The outermost records in `output` whose own fields hold every one of `keys`."""
    if isinstance(output, list):
        for item in output[:500]:
            yield from records_holding(item, keys)
    elif isinstance(output, dict):
        own = {normal_id(str(v)) for v in output.values() if isinstance(v, (str, int))}
        if keys <= own:
            yield output
            return
        for value in output.values():
            yield from records_holding(value, keys)


def after_its_answer(later: Execution, failed: Execution) -> bool:
    """Was `later` called after `failed` was answered? Only then can it be a retry of it; a
    call issued in the same parallel batch is a sibling, whatever order the answers came in."""
    seen = failed.result.i if failed.result is not None else failed.call.i
    return later.call.i > seen
