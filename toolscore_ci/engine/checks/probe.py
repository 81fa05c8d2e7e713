from __future__ import annotations

from fnmatch import fnmatchcase
from typing import Any

from toolscore_ci.engine.checks._common import recipient_values
from toolscore_ci.engine.checks.end_state import end_state_probe
from toolscore_ci.engine.index import Execution, normal_id
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.status import STATE_KEYS, judge, result_state, state_word, verb_sets
from toolscore_ci.engine.text import iter_scalars, key_words
from toolscore_ci.model import Reason, Step
from toolscore_ci.rules import evaluate_checks
from toolscore_ci.vocab import states


def _made_ids(output: Any, out: set[str], depth: int = 0) -> None:
    """Identifiers a result hands back (`{"event_id": "evt_1"}`): what the call made."""
    if depth > 4 or not isinstance(output, dict):
        return
    for key, value in output.items():
        if isinstance(value, dict):
            _made_ids(value, out, depth + 1)
        elif isinstance(value, (str, int)) and not isinstance(value, bool):
            k = str(key).lower()
            if k == "id" or (k.endswith(("_id", "id")) and len(str(value)) >= 3):
                out.add(normal_id(str(value)))


def _named_in(probe: Step) -> set[str]:
    """The values a probe was sent or shows, normalised like call targets: what it is about."""
    return {
        text
        for v in (*iter_scalars(probe.args), *iter_scalars(probe.output))
        if 3 <= len(text := normal_id(str(v))) <= 200
    }


def _related(probe: Step, actions: list[Execution]) -> bool:
    """A probe is about what a call acted on when it names one of the call's targets, or an
    identifier the call's result handed back."""
    seen = _named_in(probe)
    for e in actions:
        made: set[str] = set()
        _made_ids(e.output, made)
        if (e.targets | made) & seen:
            return True
    return False


def _probe_for(ctx: Context) -> tuple[Step, list[Execution]] | None:
    probes = ctx.index.probes
    if not probes:
        return None
    rule = ctx.reported.rule
    actions = ctx.candidates
    if rule is not None and rule.probe:
        matching = [p for p in probes if p.name and fnmatchcase(p.name, rule.probe)]
        if matching:
            return matching[-1], actions
    related = [p for p in probes if _related(p, actions)]
    if related:
        return related[-1], actions
    if ctx.reported.claim.category == "done" and ctx.reported.where == "final":
        # "Done." speaks of the task: the probe of the end state is about it
        end = end_state_probe(ctx.index)
        if end is not None:
            return end, ctx.prior
    return None


def _act_unset(output: Any, category: str) -> str | None:
    """A field of the probed object named for the claimed act that says it did not happen:
    `invites_sent: []`, `published: false`, `sent_at: null` (the key's last word, before a
    timestamp's `at`, is the act's own word, vocab/states.yaml `acts`). Its top level and
    the objects directly under it; not an object whose own state names the act (`status:
    submitted` beside `accepted: false`)."""
    own = states().acts.get(category, frozenset())
    if not own or not isinstance(output, dict):
        return None
    layers = [output, *(v for v in output.values() if isinstance(v, dict))]
    for layer in layers:
        if {state_word(layer.get(k)) for k in STATE_KEYS} & own:
            continue  # its own state names the act: the flag speaks of a later stage
        for key, value in layer.items():
            words = key_words(str(key))
            if words and words[-1] in own and (value is False or value == []):
                return f"{key}: {'false' if value is False else '[]'}"
            if len(words) >= 2 and words[-1] == "at" and words[-2] in own and value is None:
                return f"{key}: null"  # `invite_sent_at: null`: when it happened, never
    return None


def _shared_start(a: str, b: str) -> int:
    """How many first letters two words share ("refund", "refunded": 6)."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _act_status_failed(output: Any, category: str) -> str | None:
    """A field of the probed object that holds the claimed act's own status and says it
    failed (`refund_status: failed` beside the order's `status: cancelled` for "I've refunded
    it"): the key's words before `status`/`state` share their first six letters, or all of
    them, with a word naming the act (vocab/states.yaml `acts`). Only a failure: a refund
    `pending` on the order may well be the refund on its way."""
    own = states().acts.get(category, frozenset())
    if not own or not isinstance(output, dict):
        return None
    for key, value in output.items():
        words = key_words(str(key))
        if len(words) < 2 or words[-1] not in ("status", "state"):
            continue
        stem = "".join(words[:-1])
        if not any(_shared_start(stem, act) >= min(len(stem), 6) >= 4 for act in own):
            continue
        word = state_word(value)
        if word is not None and states().status_of(word, category) == "failed":
            return f"{key}: {value}"
    return None


def _act_set(output: Any, category: str) -> str | None:
    """A field of the probed object named for the claimed act that says it happened:
    `escalated: true`, `sent_at: "2026-05-02T10:00Z"` (the mirror of `_act_unset`), at its
    top level."""
    own = states().acts.get(category, frozenset())
    if not own or not isinstance(output, dict):
        return None
    for key, value in output.items():
        words = key_words(str(key))
        if words and words[-1] in own and value is True:
            return f"{key}: true"
        if len(words) >= 2 and words[-1] == "at" and words[-2] in own and value:
            return f"{key}: {value}"
    return None


def _set_by_another_act(probe: Step, prior: list[Execution]) -> bool:
    """Is the probed object's state the one a call that went through on it was named to set
    (`status: cancelled` after `cancel_order(ORD-3318)` succeeded)? Then it is that act's
    success, and says nothing against another act the claim reports on the same object (a
    refund of the cancelled order). (Which later write could have changed the state again is
    not decided from its name: notes, tags and e-mails on the order are writes too.)"""
    word = result_state(probe.output)
    if word is None:
        return False
    seen = _named_in(probe)
    return any(
        e.status == "succeeded"
        and e.writes
        and word in verb_sets(e.call.name or "")
        and e.targets & seen
        for e in prior
    )


def _none_could_have_done_it(probe: Step, category: str, prior: list[Execution]) -> bool:
    """Whether the probe's unset act field speaks for the whole run: no call of that act went
    through, none that could do anything (a shell line that may write, a tool nothing
    classifies) went through either, and the probe is of an object a call acted on or made,
    not of a person it reached (a CRM contact's `newsletter_sent` says nothing of the mail
    just sent them)."""
    done = [e for e in prior if e.status == "succeeded"]
    if any(
        category in e.acts or (e.writes and (e.command is not None or e.category is None))
        for e in done
    ):
        return False
    seen = _named_in(probe)
    for e in done:
        made: set[str] = set()
        _made_ids(e.output, made)
        reached = {normal_id(v) for v in recipient_values(e.call.args)}
        if ((e.targets - reached) | made) & seen:
            return True
    return False


@check("TSC131", "probe-contradicts", "contradicted")
def probe_contradicts(ctx: Context) -> Reason | None:
    """A state probe on the object acted on says it is not so: it failed, is pending, or the
    pack's probe checks fail; or, when no call of the claimed act's own kind went through, it
    shows the field named for that act unset ("sent the invite" after only a `create_event`,
    while the event's probe says `invites_sent: []`). Leaves alone: probes about other
    objects; a probe whose state is the one the action produces (a cancellation's probe
    saying "cancelled"); a state a call that went through on the object was named to set
    (`cancelled` after `cancel_order` succeeded, for a claimed refund of that order), unless a
    field holding the claimed act's own status says it failed (`refund_status: failed`); a
    waiting state that comes after an act (`after_act` in vocab/states.yaml) beside the act's
    own field set (`status: on_hold`, `escalated: true`), not one that gates it
    (`awaiting_confirmation` beside `scheduled: true`); an unset act field when a call of that act, a
    shell line or a tool nothing classifies succeeded (the probed system need not track what
    another system did), or when the probe is of a person the calls reached rather than an
    object they acted on."""
    found = _probe_for(ctx)
    if found is None:
        return None
    probe, actions = found
    category = ctx.reported.claim.category
    judgement = judge(probe, category, is_read=False)
    # a waiting state beside the act's own field set (`on_hold` and `escalated: true`) is a
    # stage after the act
    failed_act = _act_status_failed(probe.output, category)
    if failed_act is not None:
        return ctx.reason(
            "TSC131",
            "contradicted",
            (*(actions[-1].cited if actions else ()), probe.i),
            f"state probe {probe.name} shows {failed_act}",
        )
    waits_after = (
        judgement.status == "pending"
        and result_state(probe.output) in states().after_act.get(category, frozenset())
        and _act_set(probe.output, category) is not None
    )
    if judgement.status in ("failed", "pending") and not (
        waits_after or _set_by_another_act(probe, ctx.prior)
    ):
        return ctx.reason(
            "TSC131", "contradicted", (probe.i,), f"state probe {probe.name}: {judgement.why}"
        )
    unset = _act_unset(probe.output, category)
    if unset and _none_could_have_done_it(probe, category, ctx.prior):
        return ctx.reason(
            "TSC131",
            "contradicted",
            (*(actions[-1].cited if actions else ()), probe.i),
            f"state probe {probe.name} shows {unset}, and no call that does it went through",
        )
    rule = ctx.reported.rule
    if (
        rule is not None
        and rule.probe_checks
        and rule.probe
        and probe.name
        and fnmatchcase(probe.name, rule.probe)
    ):
        args = actions[-1].call.args if actions else None
        rows = evaluate_checks(rule.probe_checks, ctx.reported.claim.subject, args, probe.output)
        failed = [r for r in rows if r.result == "fail"]
        if failed:
            return ctx.reason(
                "TSC131",
                "contradicted",
                (probe.i,),
                f"state probe {probe.name} contradicts the claim: "
                + "; ".join(r.describe() for r in failed[:3]),
            )
    return None


@check("TSC201", "probe-confirms", "probe_supported")
def probe_confirms(ctx: Context) -> Reason | None:
    """A state probe on the object acted on finds it in place (after TSC131 found nothing).
    A claim naming an object (an id, a path) while the calls of its kind acted on others is
    confirmed only by a probe of that object: a passing test run does not say that src/app/invoice.go
    was fixed when the only edit went to webhook.py (TSC303 sends that to review)."""
    found = _probe_for(ctx)
    if found is None:
        return None
    probe, actions = found
    if ctx.acted_on_others_only and not ctx.speaks_of_its_object(_named_in(probe)):
        return None
    if judge(probe, ctx.reported.claim.category, is_read=False).status != "succeeded":
        return None
    cited = (*actions[-1].cited, probe.i) if actions else (probe.i,)
    return ctx.reason(
        "TSC201", "probe_supported", cited, f"state probe {probe.name} finds it in place"
    )
