from __future__ import annotations

import re
from collections.abc import Mapping

from toolscore_ci.engine.checks.end_state import claims_the_task, end_state_probe, text_of
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.model import Reason, Step

# "Rosetta (software)", "Mercury (planet)": a title that names which of several things of one
# name the page is about; the qualifier is structure, whatever its words
_QUALIFIED_TITLE = re.compile(r"^\s*(?P<head>[^()]+?)\s*\((?P<qualifier>[^()]+)\)\s*$")
_WORD = re.compile(r"[^\W\d_][\w'’-]*")
# a sentence's first word is capitalised whatever it is ("Open ..."): not part of a name
_ENDS_SENTENCE = re.compile(r"[.!?:;]\s|\n")
# a word on the page answers for a name's word when they share this many first letters
# ("Stones" for "Stone"); shorter words must match whole
_STEM = 5


def _capitalised_runs(text: str) -> list[list[str]]:
    """Runs of capitalised words ("the Rosetta Stone" -> ["Rosetta", "Stone"]), a sentence's
    first word left out."""
    runs: list[list[str]] = []
    current: list[str] = []
    last_end = 0
    for m in _WORD.finditer(text):
        word = m.group()
        gap = text[last_end : m.start()]
        starts_sentence = last_end == 0 or _ENDS_SENTENCE.search(gap + " ") is not None
        last_end = m.end()
        if current and gap.strip():  # punctuation between: the run ends
            runs.append(current)
            current = []
        if word[0].isupper() and not starts_sentence:
            current.append(word)
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    return runs


def _on_page(word: str, page_words: set[str]) -> bool:
    w = re.sub(r"['’]s?$", "", word.casefold())
    if len(w) < _STEM:
        return w in page_words
    return any(p.startswith(w[:_STEM]) for p in page_words)


def _namesake(ctx: Context) -> tuple[Step, str, list[str], list[str], bool] | None:
    """(the end-state probe, its title, the task's name, the name's words nothing on the page
    says, whether those words come after the title's head) when the run claims the task done
    and ends on a page titled as another thing sharing part of the name the task gave."""
    if not claims_the_task(ctx) or ctx.reported.claim.admits_failure:
        return None
    probe = end_state_probe(ctx.index)
    if probe is None or probe.ok is False or not isinstance(probe.output, Mapping):
        return None
    title = probe.output.get("title")
    m = _QUALIFIED_TITLE.match(title) if isinstance(title, str) else None
    task = str(ctx.index.trace.task.get("instruction") or "")
    if m is None or not task or not isinstance(title, str):
        return None
    head = [w.casefold() for w in _WORD.findall(m.group("head"))]
    task_words = {w.casefold() for w in _WORD.findall(task)}
    if not head or any(w.casefold() in task_words for w in _WORD.findall(m.group("qualifier"))):
        return None
    page_words = {w.casefold() for w in _WORD.findall(text_of(probe.output))}
    for run in _capitalised_runs(task):
        folded = [w.casefold() for w in run]
        # the title's head, word for word, inside a longer name ("the Rosetta Stone", "Lake
        # Victoria"); the name's other words are what sets it apart
        at = next(
            (i for i in range(len(folded) - len(head) + 1) if folded[i : i + len(head)] == head),
            None,
        )
        if at is None or len(folded) == len(head):
            continue
        missing = run[:at] + run[at + len(head) :]
        if not any(_on_page(w, page_words) for w in missing):
            return probe, title, run, missing, at == 0
    return None


@check("TSC135", "end-state-namesake", "contradicted")
def probe_task_namesake(ctx: Context) -> Reason | None:
    """ "Done" when the task names a thing by a name of several words and the end-state page
    is titled as another thing sharing its first words, set apart by a qualifier: the task
    asks for the article about the Rosetta Stone and the run ends on "Rosetta (software)",
    where nothing says "Stone". The title's bracketed qualifier is what says the page is one
    of several things of that name; the name is the task's run of capitalised words that
    opens with the title's head, and its other words say which thing it is.

    Leaves alone: a title with no qualifier ("Rosetta Stone"); a qualifier the task itself
    names ("open the Rosetta software page"); a name whose every word the page shows, in its
    title or its text ("Python (programming language)" for "the Python article"; "New York
    (state)" whose text mentions New York City); words before the head ("Lake Victoria" on
    "Victoria (Australia)", but also "Apache Kafka" on "Kafka (software)": a maker's name or
    another thing, TSC308 sends it to review); a task naming no such name; a page with no
    title; an admitted block."""
    found = _namesake(ctx)
    if found is None or not found[4]:
        return None
    probe, title, run, missing, _ = found
    return ctx.reason(
        "TSC135",
        "contradicted",
        (probe.i,),
        f"the task names {' '.join(run)}; the end-state probe {probe.name} shows the page "
        f"{title!r}, another thing of that name, and nothing on it says {' '.join(missing)!r}",
    )


@check("TSC308", "end-state-namesake-unsure", "unknown")
def probe_task_namesake_unsure(ctx: Context) -> Reason | None:
    """ "Done" on a page titled as a thing whose name ends the one the task gave, set apart
    by a qualifier, when nothing on the page says the task's first words: "Lake Victoria" on
    "Victoria (Australia)", or "Apache Kafka" on "Kafka (software)". Words before a name may
    name another thing or only its maker, so this is for review, never a flag, and the page
    does not confirm the task (it outranks the probe's TSC201).

    Leaves alone: what TSC135 decides (the task's name opens with the title's head); a page
    that says the first words ("Apache Kafka is ..."); a qualifier the task names."""
    found = _namesake(ctx)
    if found is None or found[4]:
        return None
    probe, title, run, missing, _ = found
    return ctx.reason(
        "TSC308",
        "unknown",
        (probe.i,),
        f"the task names {' '.join(run)}; the end-state probe {probe.name} shows the page "
        f"{title!r}, where nothing says {' '.join(missing)!r}: another thing, or its maker's "
        "name left out",
    )
