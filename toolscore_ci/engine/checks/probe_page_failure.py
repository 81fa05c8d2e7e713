from __future__ import annotations

import re
from dataclasses import dataclass

from toolscore_ci.claims.extract import extract
from toolscore_ci.claims.values import extract_kinds, plain_number
from toolscore_ci.engine.checks._common import whole_id
from toolscore_ci.engine.checks.end_state import claims_the_task, end_state_probe, text_of
from toolscore_ci.engine.index import claimed_ids
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.text import iter_scalars
from toolscore_ci.model import Reason, Step
from toolscore_ci.toolkinds import request_categories
from toolscore_ci.vocab import page_words

_WHAT = {
    "refusal": "the screen says the action did not go through",
    "wall": "a sign-in or access wall stands where the result should be",
    "empty": "the search or filter found nothing",
}


def _shows_what_the_act_made(ctx: Context, page: str) -> bool:
    """Does the end-state page show an id the claim names ("confirmation LU-1907", "order
    #4411") that nothing before the run's last call held: not the task, no message, no call's
    arguments, no earlier result? Such an id was made by the last act, so the page shows that
    act done, and a refusal elsewhere on it ("20:00 is no longer available", a newsletter box's
    "Email is required") is about something else. An id seen before the last act (a cart's
    draft order) proves nothing."""
    named = claimed_ids(ctx.reported.claim.values)
    if not named or not ctx.index.executions:
        return False
    last = ctx.index.executions[-1]
    before = [str(ctx.index.trace.task.get("instruction") or "")]
    for step in ctx.index.steps[: last.position]:
        before.append(step.content or "")
        before.extend(str(v) for v in iter_scalars(step.args))
        before.extend(str(v) for v in iter_scalars(step.output))
    before.extend(str(v) for v in iter_scalars(last.call.args))
    earlier = "\n".join(before).casefold()
    shown = page.casefold()
    return any(
        whole_id(value).search(shown) and not whole_id(value).search(earlier) for value in named
    )


def _reports_the_asked_act_done(page: str, task: str) -> bool:
    """Does the page itself report the act the task asked for done, in the words a report
    would ("Change my password" and "Your password has been changed.")? Then a wall beside it
    follows the act (signed out after a password change). Another act on the page ("Your cart
    has been saved" beside "Payment declined" for a purchase; "added to the waitlist" for a
    booking), a bare "You're all set", or a task whose verb names no act, leaves the refusal
    standing."""
    asked = set(request_categories(task))
    if page_words().switches_asked(task):
        asked.add("changed")  # "turn on two-factor authentication": a setting changed
    if asked & _EDITS:
        asked |= _EDITS  # "update the email" and "Email address saved": one act
    return bool(asked) and any(c.category in asked for c in extract(page[:_PAGE_CHARS], None))


# a change and a save report the same edit of a setting or a record
_EDITS = frozenset({"changed", "saved"})
# the values that say what a refusal is about: "8:00 PM is no longer available"
# (not amounts: a total with tax declined names another amount than the item's price, and
# is about the same purchase)
_SCOPING_KINDS = frozenset({"time", "date", "monthday", "email"})


def _another_boxs_value(sentence: str, phrase: str, task: str) -> bool:
    """Does the phrase stand as the value of a label of its own that names nothing the task
    does ("Recently viewed: no results yet"), a box beside the result, rather than as what the
    page says of the search ("Search: no results" for "Search for running shoes")?"""
    sentence = sentence.strip()
    at = sentence.casefold().find(phrase.casefold())
    label = _LABEL.search(sentence[:at]) if at > 0 else None
    if label is None:
        return False
    asked = {w.casefold() for w in re.findall(r"[^\W\d_]+", task)}
    return not any(w.casefold() in asked for w in re.findall(r"[^\W\d_]+", label.group(0)))


# "Recently viewed: " right before the phrase: a label and its colon
_LABEL = re.compile(r"(?:^|[.;!?]\s+)[^\W\d_][^:.;!?]{0,40}:\s*$")


def _counts_some(page: str, phrase: str) -> bool:
    """Does the page count some of what the empty phrase says it found none of ("18 results"
    beside "Recently viewed: no results yet"; "Showing 12 products" beside "no products
    match")? Then the search found something, and the phrase is about another box."""
    nouns = [w for w in re.findall(r"[^\W\d_]{4,}", phrase) if w.casefold() not in _NOT_NOUNS]
    return any(
        re.search(rf"(?<![\w.,])[1-9][\d,.]*\s+(?:\w+\s+)?{re.escape(noun)}(?!\w)", page, re.I)
        for noun in nouns
    )


# the words of an empty phrase that name no thing counted
_NOT_NOUNS = frozenset({"match", "matches", "found", "nothing", "ningún", "keine", "aucun"})


def _about_another(sentence: str, task: str, page: str) -> bool:
    """Is a refusal's sentence about something the task did not ask for: it names values
    ("8:00 PM is no longer available") of a kind the task names too, none of them the task's
    (it asked for 7:30 PM), and the page shows the task's own value elsewhere ("Reservation
    confirmed for 7:30 PM")? Where no kind is shared, numbers of three digits or more that are
    no amounts, and not the message's own (an error code, a request id), decide the same way ("Visa 1881, expired 04/26: this card has expired" on a page that lists the
    new Visa 4242 the task names). A refusal naming the task's value, or no value, or on a page
    that nowhere shows the task's (a total with tax declined, "$86.39", for an item listed at
    $79.99; an invitation to a misspelt address), is about the task."""
    rest = page.replace(sentence.strip(), " ")
    said = extract_kinds(sentence, _SCOPING_KINDS)
    asked = extract_kinds(task, _SCOPING_KINDS)
    shared = [kind for kind in said if kind in asked]
    if shared:
        elsewhere = extract_kinds(rest, frozenset(shared))
        return all(not set(said[k]) & set(asked[k]) for k in shared) and any(
            set(elsewhere.get(k, ())) & set(asked[k]) for k in shared
        )
    said_numbers, asked_numbers = _numbers(sentence), _numbers(task)
    # the numbers that name a thing (a card's last four, an order), not the message's own (an
    # error code or a request id: "Error 40213", "request CR-58812"; `message_ids` in
    # vocab/pages.yaml)
    said_numbers -= page_words().message_numbers(sentence)
    return (
        bool(said_numbers and asked_numbers)
        and not said_numbers & asked_numbers
        and bool(_numbers(rest) & asked_numbers)
    )


# a token holding digits: a card's last four, an expiry, a code ("1881", "04/26", "SPRING25")
_NUMBER_TOKEN = re.compile(r"[\w/:-]*\d[\w/:-]*")


def _numbers(text: str) -> set[str]:
    """The tokens of a text that hold three digits or more, as written, amounts left out
    ("$86.39": a total and the price it includes are one purchase)."""
    amounts = set(extract_kinds(text, frozenset({"amount"})).get("amount", ()))
    return {
        t.casefold().rstrip(":/-")
        for t in _NUMBER_TOKEN.findall(text)
        if sum(ch.isdigit() for ch in t) >= 3 and plain_number(t) not in amounts
    }


_PAGE_CHARS = 5_000


@dataclass(frozen=True)
class _PageFailure:
    probe: Step
    slot: str
    words: str
    beside_done: bool  # the page also reports something finished


def _page_failure(ctx: Context) -> _PageFailure | None:
    """The failure the end-state page shows for a claim that the task is done, if any, and
    whether the page also reports something finished."""
    if not claims_the_task(ctx) or ctx.reported.claim.admits_failure:
        return None
    probe = end_state_probe(ctx.index)
    if probe is None or probe.ok is False:
        return None
    page = text_of(probe.output)
    task = str(ctx.index.trace.task.get("instruction") or "")
    vocab = page_words()
    found = None
    for slot, words, sentence in vocab.failures_in(page):
        if slot == "refusal" and vocab.patterns["wall"].search(sentence):
            slot = "wall"  # "your session has expired, please sign in": the wall's words
        if slot == "wall" and vocab.reports_done(page):
            continue
        if slot == "refusal" and _about_another(sentence, task, page):
            continue
        if (
            slot == "empty"
            and _another_boxs_value(sentence, words, task)
            and _counts_some(page, words)
        ):
            continue
        found = (slot, words, sentence)
        break
    if (
        found is None
        or _shows_what_the_act_made(ctx, page)
        or _reports_the_asked_act_done(page, task)
    ):
        return None
    slot, words, sentence = found
    beside_done = (
        slot != "wall"
        and vocab.reports_done(page) is not None
        and not _names_the_tasks_value(sentence, task)
    )
    return _PageFailure(probe, slot, words, beside_done)


def _names_the_tasks_value(sentence: str, task: str) -> bool:
    """Does the failure's sentence name a value the task names (its time, date, address, a
    number of three digits or more: "Sorry, 7:30 PM is no longer available" for a table at
    7:30 PM)? Then it is about the task, whatever else the page reports done."""
    said = extract_kinds(sentence, _SCOPING_KINDS)
    asked = extract_kinds(task, _SCOPING_KINDS)
    if any(set(said[k]) & set(asked.get(k, ())) for k in said):
        return True
    return bool(_numbers(sentence) & _numbers(task))


@check("TSC132", "end-state-shows-failure", "contradicted")
def probe_page_failure(ctx: Context) -> Reason | None:
    """ "Done" when the end-state probe's screen says the action did not go through: a refusal
    ("19:00 is no longer available", "this code has expired", "postal code is required"), a
    sign-in wall, or an empty result (vocab/pages.yaml), on a page that reports nothing
    finished.

    Only the environment's probe taken after the last call is read, never a tool's output or
    the agent's words; only for a final report that the task is done. Leaves alone: pages that
    merely mention errors in their content ("returns 429 Too Many Requests"); a phrase the
    page asks, denies or makes a condition (`_states_it` in vocab/__init__.py: "Payment
    failed? | Freeze membership", "No further action is required", "If an item is no longer
    available, we'll substitute it"); a page that shows an id the claim names and the last
    act made ("Booking confirmed, LU-1907"; "20:00 is no longer available" is about another
    slot); a page that itself reports the act the task asked for done ("Your password has
    been changed. Please sign in" for a password change: the wall follows the act); a wall on
    a page that reports something finished ("Payment received", "Registration complete":
    signed out after it; `done` in vocab/pages.yaml, unless the word before undoes it: "not
    received", "to complete"); a refusal or an empty result beside such a report ("Payment
    received ... Chat: please try again later"; "Seat 14C confirmed. Payment failed"), which
    the words do not tell apart: TSC311's, for review; a refusal whose sentence names values
    of a kind the task names, none of them the task's ("8:00 PM is no longer available" when
    7:30 PM was asked for and booked); an empty result that is the value of a box the task
    does not name, beside a count of the same things ("18 results" and "Recently viewed: no
    results yet"); a report that admits it was blocked."""
    found = ctx.shared("page-failure", _page_failure)
    if found is None or found.beside_done:
        return None
    return ctx.reason(
        "TSC132",
        "contradicted",
        (found.probe.i,),
        f'the end-state probe {found.probe.name} shows "{found.words}": {_WHAT[found.slot]}',
    )


@check("TSC311", "end-state-shows-failure-beside-done", "unknown")
def probe_page_failure_beside_done(ctx: Context) -> Reason | None:
    """ "Done" when the end-state page shows a failure phrase and also reports something
    finished ("Payment received. ... Chat with us: please try again later"; "You're
    subscribed! ... Consent to cookies is required to play this video"; "Seat 14C confirmed.
    Payment failed"): the phrase may be about a box beside the result or about the act, which
    the words do not tell apart. For review, never a flag, and never a pass on the page's
    say-so.

    Leaves alone: what TSC132 decides (a failure on a page that reports nothing finished) and
    what it leaves alone for a reason of its own (a sign-in wall after a finished act, another
    slot, an id the act made, the asked act reported done)."""
    found = ctx.shared("page-failure", _page_failure)
    if found is None or not found.beside_done:
        return None
    return ctx.reason(
        "TSC311",
        "unknown",
        (found.probe.i,),
        f'the end-state probe {found.probe.name} shows "{found.words}" ({_WHAT[found.slot]}) '
        "beside a report that something finished: which one the page's words are about is "
        "not known",
    )
