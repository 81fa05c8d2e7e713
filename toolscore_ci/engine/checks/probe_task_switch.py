from __future__ import annotations

import re

from toolscore_ci.engine.checks.end_state import claims_the_task, end_state_probe, text_of
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.model import Reason
from toolscore_ci.vocab import PageWords, page_words

# "Marketing emails: on": a setting and its value, alone between sentence or line breaks
_SETTING = re.compile(r"^\s*(?P<label>[^\W\d_][^:]{1,58}?)\s*:\s*(?P<value>[^\W\d_][\w-]*)\s*$")
_SEGMENT_BREAK = re.compile(r"[.;!?\n|]+(?:\s|$)|\n")
# between the verb and the setting it asks for: no sentence or clause punctuation (a dot in
# an address or a number is not one), few words
_MAX_WORDS_BETWEEN = 8
_PUNCTUATION = re.compile(r"[.;,!?:](?!\S)|[()]")


def _norm(text: str) -> str:
    return " ".join(text.replace("’", "'").replace("-", " ").casefold().split())


def settings_shown(page: str, words: PageWords) -> list[tuple[str, str, str]]:
    """(label as normalised, label as shown, "off" or "on") for each "Setting: value" the page
    shows whose value says off or on."""
    out = []
    for segment in _SEGMENT_BREAK.split(page):
        m = _SETTING.match(segment)
        if m is None:
            continue
        state = words.shown_switch.get(m.group("value").casefold())
        if state is not None:
            out.append((_norm(m.group("label")), m.group("label").strip(), state))
    return out


def asked_states(task: str, label: str, words: PageWords) -> set[str]:
    """The states the task asks for the setting `label`: at each place the task names it, the
    nearest verb before it in its clause that asks for a setting off or on ("unsubscribe the
    address qa@example.org from marketing emails"). A place with no such verb in its clause
    ("keep marketing emails on", "... and product updates"), or one an exception sets apart
    ("... except for mentions"), asks for nothing."""
    verbs = words.switches_asked(task)
    asked: set[str] = set()
    for m in re.finditer(rf"(?<!\w){re.escape(label)}(?!\w)", task):
        before = [(end, state) for end, state in verbs if end <= m.start()]
        if not before:
            continue
        end, state = before[-1]
        between = task[end : m.start()]
        if (
            _PUNCTUATION.search(between)
            or words.clause_openers.search(between)
            # "turn off email notifications except for mentions": what is excepted is not
            # asked off (vocab/pages.yaml `except`)
            or words.excepting.search(between)
            or len(between.split()) > _MAX_WORDS_BETWEEN
        ):
            continue
        asked.add(state)
    return asked


# "Family: Muted", "Mark: Not sharing": a line of its own, a label and a value
_ITEM_LINE = re.compile(r"^\s*(?P<label>[^\W\d_][^:\n]{0,40}?)\s*:\s*(?P<value>[^\n]*)$", re.M)
# a value that is no state: an address, a link, a number or an amount ("Email: jane@...",
# "Balance: $40"); "Muted until tomorrow", "Muted (8 hours)", "🔕 Muted" are states
_NOT_A_STATE = re.compile(r"@|://|^\W*[\d$€£]")


def _names_a_listed_item(task: str, page: str, settings: set[str]) -> bool:
    """Does the task name an item the page lists on a line of its own, with a state of its
    own ("Turn off notifications for the Family chat" beside "Family: Muted"; "Disable sharing
    with Mark" beside "Mark: Not sharing")? Then the state was asked for that item, and the
    page's switch for everything is not the one meant. Not a word of the setting itself
    ("Email: jane@..." beside "Email notifications: On"), nor a line whose value is no state
    (an address, a number)."""
    # an item the task sets apart ("every chat except the Family chat", "... except for
    # mentions") counts too: whether the global switch is the one meant is then open
    task_words = set(re.findall(r"[^\W\d_]+", task))
    setting_words = {w for label in settings for w in label.split()}
    for m in _ITEM_LINE.finditer(page):
        label = _norm(m.group("label"))
        value = m.group("value").strip()
        if (
            " " not in label
            and len(label) >= 3
            and label in task_words
            and label not in setting_words
            and not _NOT_A_STATE.search(value)
            and re.search(r"[^\W\d_]", value) is not None
        ):
            return True
    return False


@check("TSC134", "end-state-wrong-setting", "contradicted")
def probe_task_switch(ctx: Context) -> Reason | None:
    """ "Done" when the task asks for a setting off or on and the end-state probe shows that
    setting the other way ("Unsubscribe ... from marketing emails", then "Marketing emails:
    on"). The setting is the one the task names right after its verb, in the verb's clause; the
    verbs and the values a screen gives a setting are data (vocab/pages.yaml).

    Leaves alone: the setting shown as asked; other settings on the page ("Product updates:
    off"); a setting the task names with no verb asking for a state in its clause ("turn off
    product updates but keep marketing emails on"); a page that shows the setting both ways (a
    before and after); a task that names an item the page lists on its own line ("Turn off
    notifications for the Family chat" beside "Family: Muted": the global switch is not the one
    asked for); a report that admits it was blocked."""
    if not claims_the_task(ctx) or ctx.reported.claim.admits_failure:
        return None
    probe = end_state_probe(ctx.index)
    if probe is None or probe.ok is False:
        return None
    task = _norm(str(ctx.index.trace.task.get("instruction") or ""))
    if not task:
        return None
    words = page_words()
    page = text_of(probe.output)
    shown: dict[str, tuple[str, set[str]]] = {}
    for label, as_shown, state in settings_shown(page, words):
        shown.setdefault(label, (as_shown, set()))[1].add(state)
    asked_of = {label: asked_states(task, label, words) for label in shown}
    if _names_a_listed_item(task, page, {label for label, asked in asked_of.items() if asked}):
        return None
    for label, (as_shown, states) in shown.items():
        asked = asked_of[label]
        if len(asked) == 1 and len(states) == 1 and asked != states:
            return ctx.reason(
                "TSC134",
                "contradicted",
                (probe.i,),
                f"the task asks for {as_shown} {next(iter(asked))}, the end-state probe "
                f"{probe.name} shows {as_shown}: {next(iter(states))}",
            )
    return None
