"""Generic trace features for the classifier: what ran, what failed and when, what the reports
say, and what the checks found. Nothing here names a domain, a tool or a benchmark: a feature
is a count or a fraction over the trace's structure, or a hashed word n-gram of the agent's
own reports.

The features are read from the projected `Trace` (labels never reach this module), its index,
and the engine's `Result` for it.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import re
import zlib
from collections.abc import Callable, Iterable

from toolscore_ci.claims.values import extract_kinds
from toolscore_ci.engine.index import Execution, TraceIndex
from toolscore_ci.engine.reported import turn_ends
from toolscore_ci.engine.testruns import edited_since, summarized_runs
from toolscore_ci.engine.text import output_text, scalars
from toolscore_ci.model import Result

#: Hashed n-grams go into this many weight buckets (a power of two). Fewer buckets collide
#: more; more make the artifact bigger for little gain on a few thousand training traces.
HASH_BUCKETS = 1 << 15
#: Each n-gram gets an id of this many bits; its weight bucket is the id's low bits
#: (`bucket_of`). A few thousand traces hit every one of 2^15 buckets, so what the model saw in
#: training is remembered per id (2^21 of them, a 256 KiB bitmap): a text it never saw is told
#: apart from one it knows even when every weight bucket was hit.
NGRAM_IDS = 1 << 21
#: Value kinds that are facts the agent could only have from a tool (ids, amounts, dates).
FACT_KINDS = ("amount", "id", "date", "monthday", "time", "email", "count", "percent")
#: A word of the texts hashed into n-grams (`ngram_buckets`, which cuts them by `_words`).
_WORD = re.compile(r"[a-z]+|\d+")
#: Bounded reading: a report or a result this long is read in its first part only.
_MAX_TEXT = 20_000
#: What these features are: an artifact records the version it was trained on, and a model
#: trained on other features is refused rather than fed inputs it never saw. Raise it whenever
#: a feature's meaning changes (2: user messages read to _MAX_USER_TEXT, asked to _MAX_ASKED_TEXT;
#: 3: how a run ends, `_coding_features`: the last test run, edits after it, the last diff's size,
#: repeated calls; 4: how much the agent wrote and the tools returned, `agent_text_chars`,
#: `agent_text_mean_chars`, `tool_output_chars`).
FEATURES_VERSION = 4
_MAX_SCALARS = 5_000
_MAX_OUTPUT = 2_000
#: Of each user message, the part read: what a person asks fits in it, and a harness that sends
#: tool observations as user messages (mini-swe-agent) would otherwise be read whole.
_MAX_USER_TEXT = 2_000
#: Of the instruction and the user's messages together, the part whose values count as asked.
_MAX_ASKED_TEXT = 8_000


#: Each measure's family. The classifier trains one model per family, and one over every
#: measure and the words, and stacks them by their held-out scores (classifier.train): a family
#: that does not transfer to sources a fold never saw is weighed down as a whole, instead of
#: each of its measures adding noise to the others.
FAMILIES: dict[str, tuple[str, ...]] = {
    "size": (
        "steps",
        "calls",
        "user_messages",
        "agent_messages",
        "turns",
        "turns_without_tools",
        "read_calls",
        "write_calls",
        "run_calls",
        "unclassified_calls",
        "distinct_tools",
        "calls_per_user_message",
    ),
    "failures": (
        "failed_calls",
        "failed_fraction",
        "failed_unrecovered",
        "last_call_failed",
        "first_call_failed",
        "same_tool_repeats",
        "repeated_calls",
        "pending_calls",
        "handed_off_calls",
        "no_result_fraction",
    ),
    "writing": (
        "agent_text_chars",
        "agent_text_mean_chars",
        "tool_output_chars",
        "final_report_chars",
        "no_final_report",
        "final_is_question",
    ),
    "facts": ("final_facts", "final_facts_unbacked", "asked_facts", "asked_facts_in_writes"),
    "run end": (
        "last_tests_passed",
        "last_tests_failed",
        "no_tests_ran",
        "edited_after_last_tests",
        "final_diff_files",
        "final_diff_lines",
    ),
    # the checks' own findings: counts by outcome and claim category, the verdict
    "checks": ("claims", "outcome:", "claim:", "verdict:"),
}
_FAMILY_OF = {name: family for family, names in FAMILIES.items() for name in names}


def family_of(measure: str) -> str:
    """The family of a measure (a name, or the prefix before its colon)."""
    head = measure.split(":", 1)[0] + ":" if ":" in measure else measure
    family = _FAMILY_OF.get(head)
    if family is None:
        raise KeyError(f"measure {measure!r} has no family in FAMILIES")
    return family


def _log(n: float) -> float:
    return math.log1p(max(n, 0.0))


def _frac(part: float, whole: float) -> float:
    return part / whole if whole else 0.0


def dense_features(index: TraceIndex, result: Result) -> dict[str, float]:
    """Named numeric features of one trace (before scaling)."""
    trace = index.trace
    steps = index.steps
    execs = [e for e in index.executions if e.actor == "agent"]
    n_calls = len(execs)
    statuses = [e.status for e in execs]
    failed = [e for e in execs if e.status == "failed"]
    names_ok_after: set[str] = set()
    unrecovered = 0
    # a failure with no later success of the same tool: not retried into success
    for e in reversed(execs):
        name = e.call.name or ""
        if e.status == "failed" and name not in names_ok_after:
            unrecovered += 1
        if e.status in ("succeeded", "accepted"):
            names_ok_after.add(name)
    retries = sum(
        1 for a, b in itertools.pairwise(execs) if a.call.name and a.call.name == b.call.name
    )
    user_msgs = [s for s in steps if s.kind == "message" and s.role == "user"]
    agent_msgs = [s for s in steps if s.kind == "message" and s.role == "agent"]
    final = (trace.final_text or "")[:_MAX_TEXT]
    # how much the agent wrote, in all and a message: a coding agent that struggles writes
    # more (SWE-bench runs, fewer characters: AUROC 0.72 over all runs, 0.72 within a repository)
    agent_chars = [len(s.content or "") for s in agent_msgs]
    out: dict[str, float] = {
        "agent_text_chars": _log(sum(agent_chars)),
        "agent_text_mean_chars": _log(_frac(sum(agent_chars), len(agent_chars))),
        "tool_output_chars": _log(sum(len(output_text(e.output)) for e in execs)),
        "steps": _log(len(steps)),
        "calls": _log(n_calls),
        "user_messages": _log(len(user_msgs)),
        "agent_messages": _log(len(agent_msgs)),
        "calls_per_user_message": _log(_frac(n_calls, max(len(user_msgs), 1))),
        "failed_calls": _log(len(failed)),
        "failed_fraction": _frac(len(failed), n_calls),
        "failed_unrecovered": _log(unrecovered),
        "last_call_failed": float(bool(execs) and execs[-1].status == "failed"),
        "first_call_failed": float(bool(execs) and execs[0].status == "failed"),
        "same_tool_repeats": _log(retries),
        "pending_calls": _log(statuses.count("pending")),
        "handed_off_calls": _log(statuses.count("handed_off")),
        "no_result_fraction": _frac(statuses.count("no_result"), n_calls),
        "write_calls": _log(sum(1 for e in execs if e.effect == "write")),
        "read_calls": _log(sum(1 for e in execs if e.effect == "read")),
        "run_calls": _log(sum(1 for e in execs if e.effect == "run")),
        "unclassified_calls": _log(sum(1 for e in execs if e.category is None)),
        "distinct_tools": _log(len({e.call.name for e in execs})),
        "final_report_chars": _log(len(final)),
        "no_final_report": float(not final.strip()),
        "final_is_question": float(final.rstrip().endswith("?")),
        "turns": _log(len(index.turns)),
        "turns_without_tools": _frac(
            sum(1 for t in index.turns if not t.executions), len(index.turns)
        ),
    }
    out.update(_fact_features(index, final))
    out.update(_coding_features(execs))
    # the checks' own outcomes
    for reason in result.reasons:
        key = f"outcome:{reason.outcome}"
        out[key] = out.get(key, 0.0) + 1.0
    for claim in result.claims:
        key = f"claim:{claim.category}"
        out[key] = out.get(key, 0.0) + 1.0
    out["claims"] = float(len(result.claims))
    for key in [k for k in out if k.startswith(("outcome:", "claim:"))]:
        out[key] = _log(out[key])
    out["claims"] = _log(out["claims"])
    out[f"verdict:{result.verdict}"] = 1.0
    return out


#: A unified diff's file header and its changed lines (not the `---`/`+++` file lines).
_DIFF_HEADER = re.compile(r"^diff --git a/\S+ b/(\S+)$", re.M)
_DIFF_CHANGE = re.compile(r"^[+-](?![+-]{2} )", re.M)


def _coding_features(execs: list[Execution]) -> dict[str, float]:
    """How a run that edits and tests ends: what its last test run said (a runner's summary,
    engine/testruns.py), whether anything was edited after it, and the size of the last diff
    a call printed (0 for a run that runs no test and prints no diff); and how many calls
    repeat an earlier one exactly (the same tool with the same arguments)."""
    runs = summarized_runs(execs)
    last = runs[-1] if runs else None
    # a call the run already made, with the same arguments: a retry, or a look at the same
    # thing again
    seen: set[tuple[str, str]] = set()
    repeated = 0
    for e in execs:
        key = (e.call.name or "", e.command or json.dumps(e.call.args, sort_keys=True, default=str))
        repeated += key in seen
        seen.add(key)
    files = changed = 0
    for e in reversed(execs):
        text = output_text(e.output) if e.status == "succeeded" else ""
        if "diff --git" in text:
            files = len(set(_DIFF_HEADER.findall(text)))
            changed = len(_DIFF_CHANGE.findall(text))
            break
    return {
        "last_tests_passed": float(
            last is not None and last[1].failed == 0 and not last[1].ran_none
        ),
        "last_tests_failed": float(last is not None and last[1].failed > 0),
        "no_tests_ran": float(last is None or last[1].ran_none),
        "edited_after_last_tests": float(last is not None and edited_since(execs, last[0])),
        "final_diff_files": _log(files),
        "final_diff_lines": _log(changed),
        "repeated_calls": _log(repeated),
    }


def _fact_features(index: TraceIndex, final: str) -> dict[str, float]:
    """How much of the final report's facts no tool gave, and how much of what the user
    asked for reached a write."""
    facts = _facts(final)
    # what the tools gave is read only when the report states a fact (most state none)
    seen = _tool_text(index) if facts else ""
    unbacked = sum(1 for v in facts if v not in seen)
    asked = _asked_facts(
        str(index.trace.task.get("instruction") or "")[:_MAX_TEXT],
        " ".join(
            (s.content or "")[:_MAX_USER_TEXT]
            for s in index.steps
            if s.kind == "message" and s.role == "user"
        ),
    )
    written = (
        " ".join(
            map(
                str,
                [
                    x
                    for e in index.executions
                    if e.actor == "agent" and e.effect == "write"
                    for x in scalars(e.call.args, max_items=200)
                ],
            )
        ).casefold()
        if asked  # nothing asked, nothing to look for in the writes
        else ""
    )
    reached = sum(1 for v in asked if v in written)
    return {
        "final_facts": _log(len(facts)),
        "final_facts_unbacked": _frac(unbacked, len(facts)),
        "asked_facts": _log(len(asked)),
        "asked_facts_in_writes": _frac(reached, len(asked)),
    }


def _facts(text: str) -> set[str]:
    # only the fact kinds: reading paths and versions too would be thrown away
    values = extract_kinds(text[:_MAX_TEXT], frozenset(FACT_KINDS)) if text else {}
    return {v.casefold().lstrip("~") for k in FACT_KINDS for v in values.get(k, ())}


def _asked_facts(instruction: str, users: str) -> set[str]:
    """`_facts` of what was asked: the instruction and the user's messages, joined by a space
    and cut at _MAX_ASKED_TEXT. Read as two texts where no value can lie across the join
    (`_apart`): the facts are then those of the instruction and those of the rest, and the
    instruction's are remembered (a benchmark gives one task to many runs: tau2's 776 dev
    dialogues have 191 instructions, 40% of what they ask)."""
    text = (instruction + " " + users)[:_MAX_ASKED_TEXT]
    if len(instruction) >= len(text) - 1:
        return set(_instruction_facts(text))  # the instruction alone (or all but the join)
    rest = text[len(instruction) + 1 :]
    # an instruction seen once is read with the rest: one read costs less than two
    if not instruction or not _seen_before(instruction) or not _apart(instruction, rest):
        return _facts(text)
    return _instruction_facts(instruction) | _facts(rest)


@functools.lru_cache(maxsize=256)
def _instruction_facts(text: str) -> frozenset[str]:
    return frozenset(_facts(text))


#: The hashes of the instructions `_asked_facts` has read (a collision only splits a text
#: that need not be), up to this many.
_SEEN: set[int] = set()
_MAX_SEEN = 4096


def _seen_before(instruction: str) -> bool:
    key = hash(instruction)
    if key in _SEEN:
        return True
    if len(_SEEN) >= _MAX_SEEN:
        _SEEN.clear()
    _SEEN.add(key)
    return False


#: How many characters that are not white space `_apart` reads on each side of the join.
_APART_SOLID = 24
#: Up to that many, from the start of a text (with the white space between them).
_SOLID_HEAD = re.compile(rf"(?:\s*\S){{1,{_APART_SOLID}}}")
#: A digit of any script (as `\d` in the value patterns).
_ANY_DIGIT = re.compile(r"\d")
#: How far an aside in parentheses reaches (`values._ASIDES`: up to 200 characters inside).
_ASIDE_REACH = 202


def _apart(left: str, right: str) -> bool:
    """Whether `_facts(left + " " + right)` is `_facts(left) | _facts(right)`: no value, and
    nothing blanked before values are read, lies across the join.

    A value of every fact kind holds a digit (an email "@", but no white space, like the
    paths, ids and emails scrubbed before the other kinds are read). A value across the join
    holds the text between the join and its digit, and there a value has only white space
    and a few short words: a month, "of", "integration tests", "signed up on", "p.m. until"
    (at most 17 characters that are not white space). So with no digit among the last
    _APART_SOLID such characters of `left` and the first _APART_SOLID of `right`, none
    does. What is blanked before dates are read is a record's own date (a digit again) or an
    aside in parentheses, which reaches across the join only with a "(" near the end of
    `left` and a ")" near the start of `right`. The join is a space: to the patterns'
    lookbehinds and lookaheads (one character: a word character, a digit, "@", "/", ".",
    "-", ":"; or a word boundary) a space and the end of a text read alike, and a time's look
    back for the start of a range (40 characters) would need a digit on the other side."""
    if "(" in left[-_ASIDE_REACH:] and ")" in right[:_ASIDE_REACH]:
        return False
    near_end = _SOLID_HEAD.match(left[::-1])
    near_start = _SOLID_HEAD.match(right)
    return not (
        (near_end is not None and _ANY_DIGIT.search(near_end.group()) is not None)
        or (near_start is not None and _ANY_DIGIT.search(near_start.group()) is not None)
    )


def _tool_text(index: TraceIndex) -> str:
    """Every string and number the calls were given and the tools returned, casefolded, up
    to _MAX_SCALARS of them."""
    parts: list[str] = []
    budget = _MAX_SCALARS
    for e in index.executions:
        for value in (e.call.args, e.output, None if e.result is None else e.result.error):
            found = scalars(value, max_items=200)
            if len(found) >= budget:
                parts.extend(map(str, found[:budget]))
                return " ".join(parts).casefold()
            parts.extend(map(str, found))
            budget -= len(found)
    return " ".join(parts).casefold()


def text_buckets(index: TraceIndex) -> dict[int, float]:
    """The hashed n-grams of the trace's words, by where they were said: the agent's reports,
    every user message and the last two on their own (how the person reacted at the end), the
    tools' names, and what the tools returned (the first part of each). Measured on real
    tau2-bench dialogues held out by agent model, each block adds to the ranking (AUROC 0.62
    with reports alone, 0.76 with all; `toolscore-ci bench --loso`)."""
    users = [
        (s.content or "")[:_MAX_USER_TEXT]
        for s in index.steps
        if s.kind == "message" and s.role == "user"
    ]
    outputs = [
        " ".join(map(str, scalars(e.output, max_items=50)))[:_MAX_OUTPUT] for e in index.executions
    ]
    # the last two user messages are cut into words once, for both blocks
    user_words = {text: _words(text) for text in users}
    out: dict[int, float] = {}
    out.update(ngram_buckets(report_texts(index), "r:"))
    out.update(ngram_buckets(users, "u:", user_words.__getitem__))
    out.update(ngram_buckets(users[-2:], "l:", user_words.__getitem__))
    out.update(ngram_buckets([s.name or "" for s in index.steps if s.kind == "tool_call"], "t:"))
    out.update(ngram_buckets(outputs, "o:"))
    return out


def report_texts(index: TraceIndex) -> list[str]:
    """The agent's reports: messages that end a turn, and the final report."""
    ends = turn_ends(index)
    texts = [
        (s.content or "")[:_MAX_TEXT]
        for pos, s in enumerate(index.steps)
        if s.kind == "message" and s.role == "agent" and ends[pos] and s.content
    ]
    final = (index.trace.final_text or "")[:_MAX_TEXT]
    if final and (not texts or texts[-1] != final):
        texts.append(final)
    return texts


def bucket_of(ngram_id: int) -> int:
    """The weight bucket of an n-gram id."""
    return ngram_id & (HASH_BUCKETS - 1)


def ngram_buckets(
    texts: Iterable[str], prefix: str, words_of: Callable[[str], list[bytes]] | None = None
) -> dict[int, float]:
    """Word unigrams and bigrams hashed to n-gram ids (NGRAM_IDS), presence only,
    L2-normalised (a long report does not outweigh a short one). crc32, not hash(): stable
    across runs. A word is a run of letters a-z of the casefolded text (`_WORD`), or "0" for
    a run of digits. `words_of`: the texts' words (`_words`) when the caller has them."""
    words_of = words_of or _words
    mask = NGRAM_IDS - 1
    crc32 = zlib.crc32
    start = crc32(prefix.encode())
    buckets: set[int] = set()
    add = buckets.add
    done: set[str] = set()
    # crc32 chains, crc32(b, crc32(a)) == crc32(a + b): "prefix word" is hashed from the
    # prefix's crc, and "prefix prev word" from the crc of "prefix prev " (the same ids as
    # hashing the strings, no strings built). That crc of each word, worked out once per call:
    # texts repeat their words.
    after: dict[bytes, int] = {}
    get = after.get
    for text in texts:
        if text in done:
            continue  # a repeated text (the same tool output again) adds no new n-gram
        done.add(text)
        words = words_of(text)
        if not words:
            continue
        # a word's unigram is added where the word is first seen, the only add of it that can
        # change the set; then each word's bigram with the one before. The ids and their order
        # (the set's iteration order, which the scoring reads) are those of adding both at
        # every word, in the order of the words.
        word = words[0]
        previous = get(word)
        if previous is None:
            crc = crc32(word, start)
            add(crc & mask)
            previous = after[word] = crc32(b" ", crc)
        for word in itertools.islice(words, 1, None):
            spaced = get(word)
            if spaced is None:
                crc = crc32(word, start)
                add(crc & mask)
                spaced = after[word] = crc32(b" ", crc)
            add(crc32(word, previous) & mask)
            previous = spaced
    if not buckets:
        return {}
    weight = 1.0 / math.sqrt(len(buckets))
    return dict.fromkeys(buckets, weight)


#: A digit that is not ASCII (`\d` is any script's): `_words` reads those with a regex.
_WIDE_DIGIT = re.compile(r"[^\D0-9]")
_DIGITS = re.compile(r"\d+")
#: Bytes of an ASCII text: a-z kept, a digit to "0", anything else to a space.
_WORD_BYTES = bytes(c if 97 <= c <= 122 else 48 if 48 <= c <= 57 else 32 for c in range(256))


def _words(text: str) -> list[bytes]:
    """What `_WORD.findall(text.casefold())` finds, as the bytes hashed: each run of digits as
    b"0". Cut by `bytes.split` instead of a regex, which cost more than the hashing: a word is a
    run of a-z, so once every other character is a space (one `translate`; a character beyond
    ASCII is encoded as "?", never a letter a-z) and each run of digits is a "0" set apart by
    spaces, the words are what lies between spaces."""
    folded = text.casefold()
    if not folded.isascii() and _WIDE_DIGIT.search(folded) is not None:
        folded = _DIGITS.sub("0", folded)  # digits of other scripts: one "0" for each run
    data = folded.encode("ascii", "replace").translate(_WORD_BYTES)
    if b"0" not in data:
        return data.split()
    # a run of digits to one " 0 ": cut at every digit, the pieces between two digits of one
    # run are empty, and a " 0 " goes between the others (one pass, where halving the runs
    # took several); a run at either end is put back on its own
    pieces = data.split(b"0")
    body = b" 0 ".join(filter(None, pieces))
    if not body:
        return [b"0"]  # nothing but digits
    if not pieces[0]:
        body = b"0 " + body
    if not pieces[-1]:
        body += b" 0"
    return body.split()
