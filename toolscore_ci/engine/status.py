"""(call, result) -> status: the one place a tool result's outcome is read.

Structure decides: `ok`, `error`, exit and HTTP codes, `success: false`, error objects and
state fields, judged against the action the call performs (a cancellation that answers
"cancelled" succeeded). A read's content is data, not its status: for reads only the signals
that the read itself failed count. Test-runner summaries count for test runs only.
"""

from __future__ import annotations

import itertools
import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Literal

from toolscore_ci.engine.shell import ending_parts, exit_one_answers, piped_into
from toolscore_ci.engine.testruns import summarize
from toolscore_ci.engine.text import iter_scalars, output_text
from toolscore_ci.model import Step
from toolscore_ci.shell_prompt import is_bare_prompt
from toolscore_ci.toolkinds import command_of
from toolscore_ci.vocab import benign_error_notes, last_words, states

Status = Literal["succeeded", "accepted", "failed", "pending", "handed_off", "no_result"]

# the state field, also as tools named in Spanish, Portuguese, French and Italian call it:
# languages whose words for a disclosed wait vocab/reports.yaml holds (`waiting`), so that a
# report that says the act waits is read as saying so ("in attesa dell'approvazione" over
# `stato: pending_approval`, red team 12's h06)
STATE_KEYS = ("status", "state", "outcome", "conclusion", "phase", "result")
STATE_KEYS += ("estado", "statut", "stato")
_EXIT_KEYS = ("exit_code", "exitcode", "returncode", "return_code", "exit_status", "rc")
_HTTP_KEYS = (
    "status_code",
    "statuscode",
    "http_status",
    "httpstatus",
    "response_code",
    "responsecode",
)
# the error field, also as tools named in German, French, Italian and Portuguese call it
_ERROR_KEYS = ("error", "errors", "error_message", "exception", "fault")
_ERROR_KEYS += ("fehler", "erreur", "errore", "erro")
# A batch that reports items it could not do: the batch did not do what was asked of it.
_FAILED_ITEMS = (
    "failed",
    "failures",
    "failed_items",
    "failed_count",
    "not_processed",
    "skipped_items",
)
#: Keys a result nests its answer under.
WRAPPERS = ("result", "data", "response", "body", "payload")
_ID_KEY = re.compile(r"(?:^|_)(?:id|uuid|key|number|ref|reference|confirmation|sha|url)$")
# A tool's own error string ("Error: reservation not found"): its first word says so.
# an error word that opens a message: "Error: ...", "ERROR 2026-05-14 ...", "Error executing
# tool ...", "Exception (...)"; not one that names a thing ("Exception added: ...")
_ERROR_TEXT = re.compile(
    r"^\s*(?:traceback\b|(?:error|exception|fatal)\b(?=\s*(?:$|[:(\[!#\d-]|"
    r"(?:while|executing|occurred|in|calling|running|code|when|during|from)\b)))",
    re.I,
)
# Lines that only frame an error: stack frames, "Caused by", the hint a framework appends
# (LangGraph's ToolNode: "Error: ...\n Please fix your mistakes.")
_FRAMING = re.compile(
    r"^\s*(?:at\s|File\s\"|\.\.\.\s*\d+\s+more|Caused by\b|Traceback\b|Please\s+(?:fix|try)\b|"
    r"For\s+(?:more|further)\s+information\b|Request\s+ID\b|\^+\s*$)",
    re.I,
)
# a later line at a log level that is no error: the run went on past the errors it logged
_GOOD_LEVEL = re.compile(r"^\s*\[?(?:INFO|NOTICE|SUCCESS|OK|DONE)\b\]?", re.I)


def _error_text(output: str, is_read: bool) -> bool:
    """Whether a text result is an error message: it opens with an error word, and is that
    line alone or with only the lines that frame an error (stack frames, a framework's "Please
    fix your mistakes."); or, for a call that acts, with any lines at all unless a later one
    is logged at a level that is no error ("INFO 4210 added": the run went on past the rows
    it skipped). A read's other text is data (a log file that opens with "ERROR ..."). A note
    a tool prints at the error level after work that went through (vocab/tool_errors.yaml
    `notes`: pip's resolver note) is read past."""
    text = output.lstrip()
    for note in benign_error_notes():
        if text.startswith(note):
            text = text.partition("\n")[2].lstrip()
            break
    if not _ERROR_TEXT.match(text):
        return False
    lines = [line for line in text.splitlines() if line.strip()]
    rest = lines[1:]
    if all(_FRAMING.match(line) for line in rest):
        return True
    if is_read:
        return False
    return not any(_GOOD_LEVEL.match(line) for line in rest)


_MAX_INT_DIGITS = 12


@dataclass(frozen=True, slots=True)
class Judgement:
    status: Status
    why: str
    #: the receipt positively says it is done (an id, a success state, exit 0, a 2xx)
    confirmed: bool = False
    #: a batch that did some of its items and names the ones it could not do
    partial: bool = False
    #: succeeded as the waiting state the call is named for (`create_draft` -> `draft`): the
    #: thing it made waits on a later act (sending the draft)
    made_waiting: bool = False
    #: failed by the last line a build, deploy or commit printed, where its exit status does
    #: not speak for it (`_ended_on_failure`)
    last_word: bool = False
    #: the result's key whose state word decided the status (`status` of {"status": "pending"}),
    #: None when something else did
    state_key: str | None = None


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        text = value.strip()
        return int(text) if len(text) <= _MAX_INT_DIGITS else None
    return None


def _short(value: Any, limit: int = 120) -> str:
    text = " ".join(str(value).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def standing_state(judgement: Judgement, output: Any, earlier: Any) -> bool:
    """Did a read of the same object, before the call, show the very state that decided the
    call's status? Then the state is the object's own, standing before the call ("pending" of
    an order that `modify_pending_order_address` changes), not what the call left waiting."""
    key = judgement.state_key
    if key is None or not isinstance(output, Mapping) or not isinstance(earlier, Mapping):
        return False
    now = state_word(_lower_keys(output).get(key))
    return now is not None and now == state_word(_lower_keys(earlier).get(key))


def _lower_keys(obj: Mapping[str, Any]) -> dict[str, Any]:
    return {str(k).lower().replace("-", "_"): v for k, v in obj.items()}


@cache
def class_words(cls: str) -> frozenset[str]:
    """The state words of one status class (vocab/states.yaml: `succeeded`, `failed`, ...)."""
    return frozenset(w for w, c in states().base.items() if c == cls)


def _says_no_error(value: Any, keys: Mapping[str, Any]) -> bool:
    """An error field that says there is none ("none", "Aucune erreur.", "-", "0", 0, an
    object of empty fields `{code: 0, message: ""}`: vocab/states.yaml `no_error`), when
    nothing else in the result says it failed (a `message` "Transfer rejected" beside
    `error: "None"` is the failure, said elsewhere)."""
    if not _empty_error(value):
        return False
    said = " ".join(
        str(keys.get(k) or "") for k in ("message", "detail", "details", "reason", "msg")
    ).casefold()
    failed = class_words("failed")
    return not any(w in failed for w in re.findall(r"[^\W\d_]+", said))


def _empty_error(value: Any, depth: int = 0) -> bool:
    if isinstance(value, bool) or value is None:
        return value is not True
    if isinstance(value, (int, float)):
        return value == 0
    if isinstance(value, str):
        text = value.strip().strip(".!-–— ").casefold()
        return text in ("", "0") or text in states().no_error
    if isinstance(value, Mapping) and depth < 2:
        return all(_empty_error(v, depth + 1) for v in value.values())
    return False


def _unaccented(text: str) -> str:
    """The text with its letters' accents taken off ("résilié" -> "resilie")."""
    if text.isascii():
        return text
    # German's umlauts as its ASCII names write them ("gelöscht" beside `kontakt_loeschen`)
    text = text.translate(_UMLAUTS)
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


_UMLAUTS = str.maketrans(
    {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"}
)


def _named_for(word: str, name: str | None) -> bool:
    """Is a call named for the state it answered, in a language whose participles the
    English verbs do not give (`spesenabrechnung_ablehnen` answered `abgelehnt`,
    `rechazar_pago` `rechazado`): the state word and a word of the name share a stem of five
    letters or more (German's `ge` taken out of the participle: ab-ge-lehnt, ablehnen)?"""
    if not name or len(word) < 5:
        return False
    word = _unaccented(word)  # résilié beside resilier_abonnement: names are written in ASCII
    stems = {word[:5], word.replace("ge", "", 1)[:5]}
    parts = re.split(r"[^a-z]+", _unaccented(snake_key(name.rsplit(".", 1)[-1]).casefold()))
    # another form of the word (ablehnen beside abgelehnt), not the word itself: a name that
    # holds the state as is names what it acts on ("retry_declined_payment")
    return any(len(p) >= 5 and p != word and p[:5] in stems for p in parts)


def state_word(value: Any) -> str | None:
    if isinstance(value, str) and 0 < len(value) <= 40:
        return value.strip().lower().replace(" ", "_").replace("-", "_")
    return None


#: Fields of a result that say how the call went, not what it returned.
NOT_DATA_KEYS: frozenset[str] = frozenset(
    {*_EXIT_KEYS, *_HTTP_KEYS, *_ERROR_KEYS, "status", "code", "ok", "success", "is_error"}
    | {"message", "detail", "details", "reason", "stderr", "traceback"}
)


def http_code(obj: Mapping[str, Any]) -> int | None:
    """The HTTP status a result object carries (100-599), in its first field that has one."""
    keys = _lower_keys(obj)
    for key in (*_HTTP_KEYS, "status", "code"):
        code = _int(keys.get(key))
        if code is not None and 100 <= code <= 599:
            return code
    return None


def _exit_field(keys: Mapping[str, Any]) -> tuple[str, int] | None:
    """The first exit-code field of a result object's (lower-cased) keys, and its code."""
    for key in _EXIT_KEYS:
        code = _int(keys.get(key))
        if code is not None:
            return key, code
    return None


def exit_code(obj: Any) -> int | None:
    """The exit code a result object carries, in its first field that has one."""
    found = _exit_field(_lower_keys(obj)) if isinstance(obj, Mapping) else None
    return None if found is None else found[1]


def _mapping(obj: Mapping[str, Any], category: str | None, is_read: bool) -> Judgement | None:
    keys = _lower_keys(obj)
    if (exit_field := _exit_field(keys)) is not None:
        key, code = exit_field
        if code != 0:
            return Judgement("failed", f"{key} {code}")
        return Judgement("succeeded", f"{key} 0", confirmed=True)
    for key in (*_HTTP_KEYS, "status", "code"):
        code = _int(keys.get(key))
        if code is not None and 100 <= code <= 599:
            if code >= 400:
                return Judgement("failed", f"HTTP {code}")
            if code == 202:
                return Judgement("accepted", "HTTP 202 accepted")
            if 200 <= code < 300:
                return Judgement("succeeded", f"HTTP {code}", confirmed=True)
    for key in ("success", "ok", "succeeded"):
        if keys.get(key) is False:
            return Judgement("failed", f"{key}: false")
    for key in ("is_error", "iserror"):
        if keys.get(key) is True:
            return Judgement("failed", f"{key}: true")
    for key in _ERROR_KEYS:
        value = keys.get(key)
        if value not in (None, "", [], {}, False) and not _says_no_error(value, keys):
            return Judgement("failed", f"{key}: {_short(value)}")
    if is_read:
        return None  # the rest of a read's answer is what it read, not how the read went
    for key in ("failed", "partial"):
        if keys.get(key) is True:
            return Judgement("failed", f"{key}: true")
    for key in _FAILED_ITEMS:
        value = keys.get(key)
        count = len(value) if isinstance(value, list) else _int(value)
        if count:
            return Judgement(
                "failed", f"{key}: {count} item(s) ({_short(value, 80)})", partial=True
            )
    vocab = states()
    own = vocab.acts.get(category or "", frozenset())
    # {"stored": false} from a save: the flag named for the act says it did not happen
    flag = next((key for key, value in keys.items() if value is False and key in own), None)
    if flag is not None and not _flag_is_another_stage(keys, category, own):
        return Judgement("failed", f"{flag}: false")
    for key in STATE_KEYS:
        value = keys.get(key)
        if isinstance(value, Mapping):  # {"status": {"state": "DONE"}}
            inner = _lower_keys(value)
            value = next((inner[k] for k in STATE_KEYS if k in inner), None)
        word = state_word(value)
        if word is None:
            continue
        cls = vocab.status_of(word, category)
        if cls is None and category != "created" and isinstance(value, str) and " " not in value:
            # a made object's own state (a wire `pending_second_approval`) is what it waits
            # for next, not the creation's outcome
            cls = _compound_status(word, category)
        if cls == "succeeded":
            return Judgement("succeeded", f"{key}: {value}", confirmed=True)
        if cls is not None:
            return Judgement(cls, f"{key}: {value}", state_key=key)  # type: ignore[arg-type]
    for key in WRAPPERS:
        inner = keys.get(key)
        if isinstance(inner, Mapping):
            found = _mapping(inner, category, is_read)
            if found is not None:
                return found
    return None


def _compound_status(word: str, category: str | None) -> str | None:
    """The status of an identifier-like state the vocabulary does not list, from the state
    words it is made of (`refund_pending`, `PAYMENT_FAILED`, `refund_completed`), when they
    agree; None when none is a state word or they disagree (`cancelled_pending_refund`). Free
    text is not read so ("pending (item modified)" is an order's state in words)."""
    parts = [p for p in word.split("_") if p]
    if len(parts) < 2 or not all(p.isalpha() for p in parts):
        return None
    vocab = states()
    found = {cls for p in parts if (cls := vocab.status_of(p, category)) is not None}
    return found.pop() if len(found) == 1 else None


def _flag_is_another_stage(
    keys: Mapping[str, Any], category: str | None, own: frozenset[str]
) -> bool:
    """Does the result's state say the act's false flag speaks of another stage? A state
    naming the act itself ({"status": "submitted", "accepted": false}), one that says the act
    was taken in ({"status": "initiated", "credited": false}), is what the act produces
    ({"status": "queued", "delivered": false} from a send) or says the call went through
    ({"status": "succeeded", "refunded": false} from a charge). A state of the object itself
    ({"status": "active", "cancelled": false} from a cancel) is no such thing."""
    vocab = states()
    if {state_word(keys.get(key)) for key in STATE_KEYS} & own:
        return True
    produced = vocab.produced_by.get(category or "", frozenset())
    return any(
        vocab.base.get(w) == "accepted" or w in produced or w in vocab.call_succeeded
        for key in ("status", "state")
        if (w := state_word(keys.get(key))) is not None
    )


def snake_key(key: str) -> str:
    """`ticketId` -> `ticket_id`, so camelCase ids read like snake_case ones."""
    return _CAMEL.sub("_", key).lower()


_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def made_ids(output: Mapping[str, Any]) -> list[str]:
    """The identifiers a result carries (ids, numbers, refs), at its top level and in its
    wrappers (`data`, `result`, ...)."""
    out: list[str] = []
    for key, value in output.items():
        scalar = isinstance(value, (str, int)) and not isinstance(value, bool)
        if scalar and str(value).strip() and _ID_KEY.search(snake_key(str(key))):
            out.append(str(value))
    for key in WRAPPERS:
        if isinstance(output.get(key), Mapping):
            out.extend(made_ids(output[key]))
    return out


def has_identifier(output: Any) -> bool:
    """Does a result carry an identifier of what it made (an id, a number, a url)?"""
    if isinstance(output, Mapping):
        for key, value in output.items():
            if value in (None, "", False) or isinstance(value, (Mapping, list)):
                continue
            if _ID_KEY.search(snake_key(str(key))):
                return True
        for key in WRAPPERS:
            if isinstance(output.get(key), Mapping) and has_identifier(output[key]):
                return True
    return False


def judge(
    result: Step | None, category: str | None, *, is_read: bool, call: Step | None = None
) -> Judgement:
    """The status of one call, from its result step (None: the call never returned), judged
    against what the call asked for. A waiting state the call is named for is its success
    (`create_draft` answered `draft`: `_named_state`). A failure state in the result's own
    state field that the call asked for is its success (`respond_to_event(response:
    "declined")` answered `declined`, `block_card` answered `blocked`); an error saying the
    state the call's verb sets already holds, for the object it named, leaves it done
    ("reservation CL-2291 is already cancelled" from `cancel_reservation(CL-2291)`). Hard
    signals (`ok: false`, an `error` field, HTTP >= 400, an exit code) are never overridden
    by a state word."""
    found = _judge(result, category, is_read=is_read)
    if found.status == "succeeded" and not is_read and call is not None and result is not None:
        refused = _items_refused(result.output, call)
        if refused is not None:
            return refused
    if found.status == "pending" and not is_read and call is not None and result is not None:
        named = _named_state(result, call)
        if named is not None:
            return Judgement(
                "succeeded", f"{named}: the state the call is named for", made_waiting=True
            )
    if found.partial and call is not None and result is not None:
        held = _items_already_so(result.output, call)
        if held is not None:
            return Judgement("succeeded", f"the items it skipped were already so ({held})")
    if found.status == "succeeded" and not is_read and call is not None and result is not None:
        last_word = _ended_on_failure(call, result, category)
        if last_word is not None:
            return Judgement(
                "failed", f"the last line it printed is a failure: {last_word}", last_word=True
            )
        if found.confirmed and _filters_exit(call, result):
            # `apt-get install x | tail -2` exits with tail's 0: no word on the install
            return replace(found, confirmed=False, why=f"{found.why} (its pipe's last filter's)")
    if found.status == "failed" and call is not None and result is not None:
        answered = _exit_one_answered(call, result)
        if answered is not None:
            return answered
    if found.status != "failed" or is_read or call is None or result is None:
        return found
    vocab = states()
    verb_states = verb_sets(call.name or "")
    word = result_state(result.output)
    decided_by_state = found.why.split(": ", 1)[0] in STATE_KEYS
    if decided_by_state and word is not None and _asked_for(word, call, result, verb_states):
        return Judgement("succeeded", f"{word}: the state the call asked for", confirmed=True)
    said = _already(result, call, verb_states) if category in vocab.settles_state else None
    if said is not None:
        return Judgement("succeeded", f"{said}: the state the call sets holds")
    command = command_of(call.args)
    if category == "deleted" and command is not None and _rest_were_gone(result):
        return Judgement("succeeded", "it deleted what it found; the rest were not there")
    if (
        command is not None
        and _DETAILED_EXIT.match(_REDIRECTS.sub(" ", command).replace("\n", " && "))
        and _exit_code_of(result) == 2
        and _PLAN_LINE.search(output_text(result.output) or "")
    ):
        return Judgement("succeeded", "exit code 2 under -detailed-exitcode: changes present")
    return found


# a line a program printed when it failed, at its start (an indented "Error:" is a log line
# inside a run's output, jest's console.error): an error or fatal line, a traceback, npm's
# "npm ERR!", an exception, terraform's boxed "│ Error:", a compiler's "file.go:41:6: ...",
# kubectl's 'The Deployment "api" is invalid', git's " ! [rejected]"; under a 1 that may be
# the last part's answer, it says an earlier part failed. Not one a tool marks as ignored on
# the next line (ansible's "...ignoring").
_FAILURE_LINE = re.compile(
    r"^(?:[│|] *)?(?:(?:error|fatal|traceback)\b|npm err(?:!|or\b)|\w*(?:Error|Exception):)"
    r"|^[\w./-]+\.\w+:\d+:\d+: (?!.*\bwarning\b)"  # a compiler's file:line:col
    r"|^[\w./-]+\.\w+\(\d+,\d+\): error\b"  # tsc
    r"|^psql:.*\bERROR:|^(?:denied|unauthorized): |^FAILURE: "
    r"|^make(?:\[\d+\])?: \*\*\*|^upload failed: "
    r"|^(?:cp|mv|install|mkdir|tee|chmod|chown|ln|touch|rm): .*: Permission denied$"
    r"|^The \w+ \"[^\"\n]*\" is invalid"
    r"|^ *! \[(?:remote )?rejected\]",
    re.I | re.M,
)
_IGNORED_NEXT = re.compile(r"\n\s*\.\.\.ignoring\b")


def _printed_failure(text: str) -> bool:
    """Does the output hold a line a program printed when it failed (`_FAILURE_LINE`)?"""
    for match in _FAILURE_LINE.finditer(text):
        line_end = text.find("\n", match.end())
        if line_end < 0 or not _IGNORED_NEXT.match(text, line_end):
            return True
    return False


def _filters_exit(call: Step, result: Step) -> bool:
    """Is the exit code 0 a result gives its line's last stage's, a filter that passes lines
    through (`| tail`, `| tee log`), not the program's it was fed?"""
    command = command_of(call.args)
    return (
        command is not None and piped_into(command) in _PASS_THROUGH and _exit_code_of(result) == 0
    )


#: What a line does for its last printed line to be its last word: a build, a deploy or push,
#: a commit. A script's or a writer's last line is its data (an error bar "error: 8.29e-15",
#: a golden file's expected "error: ..." echoed by `tee`, "Found 3 errors in app.log" as the
#: answer), whatever it looks like.
_ACTS_WITH_A_LAST_WORD = frozenset({"built", "deployed", "committed"})
#: OpenHands' line after a command's output: which interpreter the runtime uses
_HARNESS_LINE = re.compile(r"^\[Python Interpreter: [^\]\n]*\]$")
#: Filters that pass what they are fed through: a line piped into one exits with its status
_PASS_THROUGH = frozenset({"tail", "head", "tee", "cat", "less", "more"})


def _ended_on_failure(call: Step, result: Step, category: str | None) -> str | None:
    """A build, deploy or commit whose exit status does not speak for it, whose output ends
    with a line the program that printed it prints when it fails (vocab/last_lines.yaml, by
    program): `make: *** [all] Error 2`, `error: could not compile`, git's `error: failed to
    push`, Maven's closing `[ERROR] [Help 1]`. A program that fails says so last and stops;
    one that logs an error and goes on prints more after it. The program is the one whose
    output the line may end with (`ending_parts`), which must build, deploy or commit. Two
    such lines: one a terminal pane shows, with no exit code, once the shell's prompt came
    back (without it the command may still be running, and its last line is not its last
    word); and one piped into a filter that passes lines through (`make 2>&1 | tail -8`, `|
    tee build.log`, `| head`: a program's own failure line is no line of a build that went
    through), whose exit status is the filter's. A script's or a writer's last line is its
    data ("error: 8.29e-15"), whatever it looks like; a test run is left to its runner's
    summary (a runner that stopped on a usage error ran no test), unless the line also builds
    (`mvn package`, `./gradlew build`: a failed one did not build)."""
    command = command_of(call.args)
    if command is None:
        return None
    # what the result says first: most lines have an exit status and pipe into no filter
    # (no "|" in the line, no pipe), and then no program's output need be parsed
    pane = result.ok is None and _exit_code_of(result) is None and isinstance(result.output, str)
    if not pane and (
        result.ok is False or "|" not in command or piped_into(command) not in _PASS_THROUGH
    ):
        return None
    programs = frozenset(
        program
        for program, acts in ending_parts(command)
        if _ACTS_WITH_A_LAST_WORD & acts and (category != "tested" or "built" in acts)
    )
    if not programs:
        return None
    lines = [line for line in output_text(result.output).splitlines() if line.strip()]
    if pane and (len(lines) < 2 or not is_bare_prompt(lines[-1])):
        return None
    words = last_words(programs)
    # what comes after the command's own last line: the prompt come back, a harness's closing
    # lines (OpenHands' interpreter and exit-code lines), notes a program adds after its error
    while lines and (
        is_bare_prompt(lines[-1])
        or _CLOSING_EXIT.search(lines[-1])
        or _HARNESS_LINE.match(lines[-1])
        or words.afterword.match(lines[-1])
    ):
        lines.pop()
    if not lines or not words.failure.match(lines[-1]):
        return None
    return _short(lines[-1].strip())


def _exit_one_answered(call: Step, result: Step) -> Judgement | None:
    """A line that exited 1 where the 1 is its last part's answer (vocab/commands.yaml
    `answer_exits`: grep matched nothing, diff found a difference): alone, the part answered
    (`grep -rn TODO src/` found none); after other parts, how they went is not known, neither
    failed nor done (`git commit ... && git push && git status --porcelain | grep -v '^??'`,
    the receipts printed; `go run . > out.txt; diff -u golden out.txt`). Not when the output
    shows a failure (an error line, a runner's failed tests): then a part before it failed."""
    command = command_of(call.args)
    if command is None or _exit_code_of(result) != 1:
        return None
    answered = exit_one_answers(command)
    if answered is None:
        return None
    text = output_text(result.output) or (result.error if isinstance(result.error, str) else "")
    text = re.sub(r"^\s*exit code \d+\b\n?", "", text, flags=re.I)
    if _printed_failure(text) or ((run := summarize(result.output)) and run.failed):
        return None
    program, after_others = answered
    if after_others and not text.strip():
        # nothing printed: the answer may be the evidence the parts before it failed (`git push
        # 2>/dev/null; test -n "$(git ls-remote ...)"`), and a filter that let no line through
        # looked for something the checks that read the claim judge (checks/_common.py)
        return None
    if not after_others:
        return Judgement("succeeded", f"exit 1 is {program}'s answer (no match, or a difference)")
    return Judgement(
        "no_result",
        f"exit 1 may be {program}'s answer (no match, or a difference): how the parts before it "
        "went is not known",
    )


# `terraform plan -detailed-exitcode` (and OpenTofu's) exits 2 when the plan went through and
# shows changes: its own documented success, not an error (0: no changes, 1: an error). Only
# when the plan is the line's one command (a `cd` first at most: anything after it did not
# run, anything before it may be what exited 2) and printed its plan.
_DETAILED_EXIT = re.compile(
    r"\s*(?:cd\s+\S+\s*&&\s*)?(?:terraform|tofu)\b[^|;&<>]*\bplan\b[^|;&<>]*-detailed-exitcode"
    r"[^|;&<>]*$"
)
# output redirections say nothing of which command ran: `2>&1`, `>plan.txt`, `2>/dev/null`
_REDIRECTS = re.compile(r"\d?>>?&?\s*\S+")
_PLAN_LINE = re.compile(r"^\s*Plan: \d+ to add, \d+ to change, \d+ to destroy", re.M)


#: Counts of a batch's items the service refused (`{"submitted": 2, "rejected": 1}`).
_REFUSED_ITEMS = ("rejected", "refused", "rejected_count")
#: ... beside a count of the items done: `{"submitted": 2, "rejected": 1}`.
_DONE_ITEMS = (
    "submitted", "imported", "processed", "succeeded", "accepted", "created", "updated",
    "sent", "loaded", "inserted", "completed", "approved", "uploaded", "published", "synced",
    "delivered", "charged", "received",
)  # fmt: skip


def _items_refused(output: Any, call: Step) -> Judgement | None:
    """A batch that counts items it refused ("rejected": 1) did not do all it was sent: a
    partial, like a count of failed items. Not when refusing is the act the call was sent for
    (`reject_comments` answered "rejected": 5; "action": "decline")."""
    if not isinstance(output, Mapping):
        return None
    keys = _lower_keys(output)
    refused = next(((k, n) for k in _REFUSED_ITEMS if (n := _int(keys.get(k)))), None)
    # a refused count is a batch's only beside a count of the items it did: a lone
    # `{"rejected": 4}` from `send_back_expense_reports` is the act, `{"declined": 2}` from a
    # reminder run the guests it skipped
    if refused is None or not any(_int(keys.get(k)) for k in _DONE_ITEMS):
        return None
    key, count = refused
    word = key.split("_", 1)[0]
    if word in verb_sets(call.name or "") or word in _asked_in_args(call):
        return None
    return Judgement("failed", f"{key}: {count} item(s)", partial=True)


def _exit_code_of(result: Step) -> int | None:
    """The exit code a result gives, in a field, as Claude Code's "Exit code N" line (in its
    output, or in its error when the output is empty) or as OpenHands' closing line."""
    code = exit_code(result.output) if isinstance(result.output, Mapping) else None
    if code is None:
        text = output_text(result.output) or (result.error if isinstance(result.error, str) else "")
        m = re.match(r"\s*exit code (\d+)\b", text, re.I)
        code = int(m.group(1)) if m else trailing_exit_code(text)
    return code


# OpenHands closes a command's output with its exit code: "[Command finished with exit code
# 1]" (0.x), "[The command completed with exit code 1.]" (later), whatever reader reads it (its
# LLM completion logs are OpenAI chat)
_CLOSING_EXIT = re.compile(
    r"\[(?:Command finished|The command completed) with exit code (\d{1,3})\.?\]\s*$"
)


def trailing_exit_code(text: str) -> int | None:
    """The exit code a harness's closing line of a command's output states, else None."""
    m = _CLOSING_EXIT.search(text[-80:]) if text else None
    return int(m.group(1)) if m else None


_EXIT_LINE = re.compile(r"^exit code \d+$", re.I)


@cache
def _phrases(kind: str) -> re.Pattern[str]:
    words = states().absent if kind == "absent" else states().could_not_look
    alternation = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternation})(?![\w-])")


def _rest_were_gone(result: Step) -> bool:
    """Did a delete command that exited non-zero print, line by line, the objects it deleted
    and, for every other line, that the object was not there (`kubectl delete -f old/`:
    `cronjob.batch "cleanup-v1" deleted`, then `Error from server (NotFound): ... services
    "cleanup-v1" not found`)? What a deletion sets then holds for every object it was sent,
    and it reached the place they live: it found the others there. A delete that found none
    (a wrong namespace answers NotFound for all), or that names any other error (Forbidden),
    stays a failure."""
    text = " \n".join(t for t in (output_text(result.output), output_text(result.error)) if t)
    gone = states().produced_by.get("deleted", frozenset())
    deleted = 0
    for line in (ln.strip() for ln in text.splitlines()):
        words = re.findall(r"[a-z]+", line.lower())
        if not words or _EXIT_LINE.match(line):
            continue
        if "error" not in words and (
            words[-1] in gone or (words[0] in gone and line[:1].isupper())
        ):
            deleted += 1
            continue
        spoken = _CAMEL.sub(" ", line).replace("_", " ").casefold()
        if not _phrases("absent").search(spoken) or _phrases("could_not_look").search(spoken):
            return False
    return deleted > 0


# the words of a waiting state that say it waits, not what it is ("pending_approval")
_WAITING_PARTS = frozenset({"pending", "awaiting", "waiting", "needs", "requires", "required"})


def _named_state(result: Step, call: Step) -> str | None:
    """A waiting state in the result's own state field that the call is named for, which is
    then what it was asked to produce: `create_draft` answered `draft`, `hold_seat` `on_hold`.
    A state that says it waits (`pending_review`, `refund_pending`) is never read so: the
    words that say so may name the call's own act (`refund_payment` answered
    `refund_pending` is still waiting)."""
    word = result_state(result.output)
    if word is None:
        return None
    name = snake_key((call.name or "").rsplit(".", 1)[-1])
    name_words = {w for w in re.split(r"[^a-z]+", name) if len(w) >= 4}
    parts = {w for w in word.split("_") if len(w) >= 4}
    if parts & _WAITING_PARTS:
        # "refund_pending" from refund_payment, "payment_pending" from process_payment: the
        # state says the act itself waits, whatever the name holds
        return None
    return word if parts & name_words or word in verb_sets(call.name or "") else None


def _items_already_so(output: Any, call: Step) -> str | None:
    """The reason a batch gave for every item it skipped, when each says the item already is
    as the call's verb would leave it (`bulk_unsubscribe` skipping c@x.org as "not
    subscribed" or "already unsubscribed"): those items need nothing done. None when any
    skipped item gives another reason ("invalid email", "not found") or none."""
    if not isinstance(output, Mapping):
        return None
    keys = _lower_keys(output)
    items = next((keys[k] for k in _FAILED_ITEMS if isinstance(keys.get(k), list)), None)
    if not items:
        return None
    name = snake_key((call.name or "").rsplit(".", 1)[-1])
    sets = set().union(*(verb_sets(w) for w in re.split(r"[^a-z]+", name) if len(w) >= 3))
    reasons = []
    for item in items:
        text = item if isinstance(item, str) else None
        if isinstance(item, Mapping):
            inner = _lower_keys(item)
            text = next(
                (
                    v
                    for k in ("reason", "message", "error", "status")
                    if isinstance(v := inner.get(k), str)
                ),
                None,
            )
        if text is None:
            return None
        words = re.split(r"[^a-z]+", _CAMEL.sub(" ", text).lower())
        said = {f"un{b}" for a, b in itertools.pairwise(words) if a == "not"}
        said |= {b for a, b in itertools.pairwise(words) if a in states().already}
        if not said & sets:
            return None
        reasons.append(text)
    return "; ".join(dict.fromkeys(reasons))


def result_state(output: Any) -> str | None:
    """The state word of a result's own state field ({"status": "declined"})."""
    if not isinstance(output, Mapping):
        return None
    keys = _lower_keys(output)
    return next((w for k in STATE_KEYS if (w := state_word(keys.get(k))) is not None), None)


_VERB_VALUE = re.compile(r"[a-z]{3,20}")


def _asked_for(word: str, call: Step, result: Step, verb_states: set[str]) -> bool:
    """Did the call ask for the failure state it answered in its state field? By the verb it
    is named for, the name's other form of the word (`spesenabrechnung_ablehnen` answered
    `abgelehnt`), or an argument: a state under an asking key or its other form ("antwort":
    "ablehnen" answered `abgelehnt`), a verb under an acting key. A word that says the call
    broke never counts (`always_failed`), except one that also names a state an object is put
    in, sent as is under any key or asked by an acting key's verb (`askable_failures`:
    "status": "unavailable", "action": "abort"), unless another field of the answer uses the
    word for what went wrong ("detail": "backend unavailable; no change saved")."""
    vocab = states()
    if word in vocab.always_failed:
        return (
            word in vocab.askable_failures
            and (word in _asked_in_args(call) or word in _sent_values(call))
            and not _said_elsewhere(word, result)
        )
    if word in verb_states or _named_for(word, call.name) or word in _asked_in_args(call):
        return True
    if word in _sent_values(call):
        return True  # `set_door_mode(mode="fail_secure")` answered `fail_secure`
    # the sent word's other form (`antwort: ablehnen` answered `abgelehnt`), never a state that
    # says the act failed in a word of its own (`decision: approve` answered `approval_failed`)
    failed, parts = class_words("failed"), word.split("_")
    if len(parts) > 1 and any(part in failed for part in parts):
        return False
    return any(_named_for(word, sent) for sent in _sent_states(call))


#: Argument keys that name a state the object had or a condition, not one to set:
#: `previous_status`, `last_state`, `from_state`, `old_status`, `filter`, `if_status`.
_NOT_ASKING = re.compile(
    r"(?:^|_)(?:previous|prev|prior|last|from|old|was|if|when|filter|where|only|reason|cause"
    r"|original|before|expected)(?:_|$)"
)


def _sent_values(call: Step) -> set[str]:
    """The string arguments of a call, as state words, under any key that may name the state to
    set (`availability: "unavailable"`, `mode: "fail_secure"`), not one naming a past state or
    a condition (`previous_status: "refused"`)."""
    args = call.args if isinstance(call.args, Mapping) else {}
    sent = {
        w
        for k, v in args.items()
        if not _NOT_ASKING.match(snake_key(str(k))) and (w := state_word(v)) is not None
    }
    # "Not available" asks for what a service calls `unavailable` (or `non_available`)
    return sent | {
        f"{prefix}{w[4:]}" for w in sent if w.startswith("not_") for prefix in ("un", "non_")
    }


def _said_elsewhere(word: str, result: Step) -> bool:
    """Does another text field of the result use the answered state word ("detail":
    "scheduling backend unavailable; no change saved", "message": "invalid request: ...")?
    Then the word describes what went wrong with the call, not the state it set."""
    output = result.output
    if not isinstance(output, Mapping):
        return False
    failed = class_words("failed") - {word}
    for key, value in output.items():
        if str(key).casefold() in STATE_KEYS or not isinstance(value, str):
            continue
        text = value.casefold()
        if state_word(value) == word or word not in text:
            continue
        # "backend unavailable; no change saved", "token refused: expired", "invalid request":
        # the word beside another failure, or said of the request itself; not a note that
        # repeats the state set ("Dr. Okafor is now unavailable on Friday")
        if _NOT_DONE.search(text) or set(_words(text)) & failed:
            return True
        if re.search(rf"\b{re.escape(word)}\s+(?:{_REQUEST_PARTS})\b", text):
            return True
    return False


#: Words that say a call changed nothing: "no change saved", "not saved", "could not".
_NOT_DONE = re.compile(
    r"\b(?:no changes?(?: (?:saved|made|applied))?|not (?:saved|applied|changed|updated)"
    r"|could not|couldn't|cannot|can't|unable to)\b"
)
#: What a request is made of: "invalid request", "refused token", "invalid parameter".
_REQUEST_PARTS = "request|token|input|parameter|argument|value|credentials|payload|field"


def _sent_states(call: Step) -> set[str]:
    """The states a call's arguments name under the keys that ask for one (vocab
    `asking_keys`: "response": "declined", "state": "blocked")."""
    args = _lower_keys(call.args) if isinstance(call.args, Mapping) else {}
    return {w for k in states().asking_keys if (w := state_word(args.get(k))) is not None}


def _asked_in_args(call: Step) -> set[str]:
    """The states a call's arguments ask for: under the keys that name one ("response":
    "declined", "state": "blocked"; vocab `asking_keys`), and a verb the state is the past
    of under a key that names the act (`acting_keys`: "action": "reject" asks for
    `rejected`; "on_conflict": "reject" names what happens if something else does)."""
    vocab = states()
    args = _lower_keys(call.args) if isinstance(call.args, Mapping) else {}
    asked = _sent_states(call)
    for key in vocab.acting_keys:
        value = args.get(key)
        if isinstance(value, str) and _VERB_VALUE.fullmatch(value.strip().lower()):
            asked |= past_of(value.strip().lower())
    return asked


def verb_sets(name: str) -> set[str]:
    """The states the verb a tool is named for sets: `decline_invite` -> declined,
    `cancel_order` -> cancelled, `apply_promo_code` -> applied (the verb is the first word
    after any namespace: `calendar.decline_invite`)."""
    words = [w for w in re.split(r"[^a-z]+", snake_key(name.rsplit(".", 1)[-1])) if w]
    if not words or len(words[0]) < 3:
        return set()
    return past_of(words[0])


def past_of(verb: str) -> set[str]:
    """The forms a verb's past may take (decline -> declined, cancel -> cancelled, apply ->
    applied); the impossible ones among them match no state word."""
    out = {verb + "d", verb + "ed", verb + verb[-1] + "ed"}
    if verb.endswith("y"):
        out.add(verb[:-1] + "ied")
    return out


_ALREADY_TEXT = 600
# an id in an error ("ORD-1", "CL-2291", "#88213"): letters and digits together
_ERROR_ID = re.compile(r"#?\b(?=[\w-]*[a-z])(?=[\w-]*\d)[\w-]{3,}\b", re.I)


def _own_words(value: Any) -> Any:
    """A result's or error's fields that say how the call went (vocab: NOT_DATA_KEYS), also
    of an object written as JSON text; anything else as it is."""
    if isinstance(value, str) and value.lstrip().startswith("{"):
        try:
            value = json.loads(value)
        except ValueError:
            return value
    if isinstance(value, Mapping):
        return {k: v for k, v in value.items() if str(k).lower() in NOT_DATA_KEYS}
    return value


def _words(text: str) -> list[str]:
    """The lower-case words of a text, camelCase and snake_case split."""
    return re.split(r"[^a-z]+", _unaccented(_CAMEL.sub(" ", text).lower()))


def says_already(result: Step | None) -> bool:
    """Does a failed call's error or answer say its object already is so (vocab `already`:
    "invoice_already_paid")?"""
    if result is None:
        return False
    text = " ".join(str(x) for x in iter_scalars([result.error, result.output]))
    return any(w in states().already for w in _words(text))


def _already(result: Step, call: Step, verb_states: set[str]) -> str | None:
    """ "already cancelled" in a failed call's error or answer (the fields that say how the
    call went, not the ones it returns beside them, like the escalation id an
    `already_escalated` gives), where the state is the one the call's verb sets and every id
    the text names is one the call was sent: the words that say so, else None. An error about
    another object ("already applied to order ORD-1" from a call on ORD-2), or another state
    ("already closed" from an update), stays a failure."""
    vocab = states()
    parts = [_own_words(result.error), _own_words(result.output)]
    text = " ".join(str(x) for x in parts if x not in (None, "", {}))
    text = text[:_ALREADY_TEXT]
    words = _words(text)
    said = None
    for i, word in enumerate(words[:-1]):
        if word in vocab.already:
            rest = [w for w in words[i + 1 : i + 4] if w not in vocab.already_auxiliaries]
            if rest and (rest[0] in verb_states or _named_for(rest[0], call.name)):
                said = f"{word} {rest[0]}"
                break
    if said is None:
        return None
    sent = {
        str(v).strip().lstrip("#").casefold()
        for v in (call.args or {}).values()
        if isinstance(v, (str, int)) and not isinstance(v, bool)
    }
    named = {m.group(0).lstrip("#").casefold() for m in _ERROR_ID.finditer(text)}
    return said if named <= sent else None


def _judge(result: Step | None, category: str | None, *, is_read: bool) -> Judgement:
    # a result that records nothing (no output, no flag, no error) is no result: a reader
    # answers a call so with what it cannot bind to it (a batch's shared terminal output)
    if result is None or (result.output is None and result.ok is None and result.error is None):
        return Judgement("no_result", "no result recorded for this call")
    if result.ok is False:
        detail = result.error if result.error not in (None, "", {}) else result.output
        return Judgement("failed", f"ok=false: {_short(detail)}" if detail else "ok=false")
    if result.error not in (None, "", {}, []):
        return Judgement("failed", f"error: {_short(result.error)}")
    output = result.output
    if category == "tested":
        # a runner's own summary says how the run went ("2 failed"), whatever its exit code
        summary = summarize(output)
        if summary is not None and summary.failed:
            return Judgement("failed", f"{summary.failed} failed, {summary.passed} passed")
    if isinstance(output, Mapping):
        found = _mapping(output, category, is_read)
        if found is not None:
            return found
        return _NO_SIGNAL_CONFIRMED if has_identifier(output) else _NO_SIGNAL
    if isinstance(output, str) and result.ok is None:
        code = trailing_exit_code(output)
        if code is not None and code != 0:
            return Judgement("failed", f"exit code {code}")
        if code == 0:
            return Judgement("succeeded", "exit code 0", confirmed=True)
    if isinstance(output, str) and result.ok is not True and _error_text(output, is_read):
        return Judgement("failed", _short(output))
    return _OK_TRUE if result.ok else _NO_SIGNAL


# the judgements most calls get, made once (a Judgement is frozen: shared, it is never changed)
_OK_TRUE = Judgement("succeeded", "ok=true")
_NO_SIGNAL = Judgement("succeeded", "no failure signal")
_NO_SIGNAL_CONFIRMED = Judgement("succeeded", "no failure signal", confirmed=True)
