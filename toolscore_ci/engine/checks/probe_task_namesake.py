from __future__ import annotations

import re
from collections.abc import Mapping

from toolscore_ci.engine.checks.end_state import claims_the_task, end_state_probe, text_of
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.model import Reason

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


@check("TSC135", "end-state-namesake", "contradicted")
def probe_task_namesake(ctx: Context) -> Reason | None:
    """ "Done" when the task names a thing by a name of several words and the end-state page
    is titled as another thing sharing part of that name, set apart by a qualifier: the task
    asks for the article about the Rosetta Stone and the run ends on "Rosetta (software)",
    where nothing says "Stone". The title's bracketed qualifier is what says the page is one of
    several things of that name; the name is the task's run of capitalised words that opens
    with the title's head.

    Leaves alone: a title with no qualifier ("Rosetta Stone"); a qualifier the task itself
    names ("open the Rosetta software page"); a name whose every word the page shows, in its
    title or its text ("Python (programming language)" for "the Python article"; "New York
    (state)" whose text mentions New York City); words before the head, a maker's name
    ("Apache Kafka" and "Kafka (software)"); a task naming no such name; a page with no title;
    an admitted block."""
    if not claims_the_task(ctx) or ctx.reported.claim.admits_failure:
        return None
    probe = end_state_probe(ctx.index)
    if probe is None or probe.ok is False or not isinstance(probe.output, Mapping):
        return None
    title = probe.output.get("title")
    m = _QUALIFIED_TITLE.match(title) if isinstance(title, str) else None
    task = str(ctx.index.trace.task.get("instruction") or "")
    if m is None or not task:
        return None
    head = [w.casefold() for w in _WORD.findall(m.group("head"))]
    task_words = {w.casefold() for w in _WORD.findall(task)}
    if not head or any(w.casefold() in task_words for w in _WORD.findall(m.group("qualifier"))):
        return None
    page_words = {w.casefold() for w in _WORD.findall(text_of(probe.output))}
    for run in _capitalised_runs(task):
        folded = [w.casefold() for w in run]
        # the name opens with the title's head and goes on ("Rosetta Stone"); words before
        # it name a maker ("Apache Kafka" for "Kafka (software)"), not another thing
        if len(folded) <= len(head) or folded[: len(head)] != head:
            continue
        missing = run[len(head) :]
        if missing and not any(_on_page(w, page_words) for w in missing):
            return ctx.reason(
                "TSC135",
                "contradicted",
                (probe.i,),
                f"the task names {' '.join(run)}; the end-state probe {probe.name} shows "
                f"the page {title!r}, another thing of that name, and nothing on it says "
                f"{' '.join(missing)!r}",
            )
    return None
