"""What a tool call does, inferred from its structure: the tool's name split into words, the
shape of its arguments, and for shells the command it ran.

This is the generic layer that keeps unfamiliar tools from being blind spots: `mail.send`,
`mcp__gmail__send_message`, `sendEmail` and a tool called `notify` with `{"to", "body"}` all
send. The answer is a *category* of action, the same vocabulary claims use; `None` means the
call could be anything, which later makes a claim `unknown` instead of a guess.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping
from fnmatch import fnmatchcase
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

from toolscore_ci.engine.shell import EDITOR_COMMANDS, command_acts, primary_act
from toolscore_ci.vocab import tool_words

#: The categories of calls that change something (the rest read, or run code).
WRITE_CATEGORIES = frozenset(
    {
        "created",
        "booked",
        "saved",
        "changed",
        "deleted",
        "sent",
        "routed",
        "deployed",
        "committed",
        "paid",
        "submitted",
    }
)

#: Which tool categories can back a claim of each category.
SUPPORTS: dict[str, frozenset[str]] = {
    "retrieved": frozenset({"retrieved", "ran", "tested"}),
    # creating a comment, post or message is creating it
    "created": frozenset({"created", "booked", "saved", "committed", "sent", "paid"}),
    "booked": frozenset({"booked", "created"}),
    "saved": frozenset({"saved", "created", "changed", "committed"}),
    # "updated", "changed": any write can be the change
    "changed": frozenset(
        {"changed", "saved", "routed", "booked", "deleted", "paid", "deployed", "committed", "ran"}
    ),
    "deleted": frozenset({"deleted"}),
    "sent": frozenset({"sent", "routed"}),
    "routed": frozenset({"routed", "changed", "sent"}),
    "ran": frozenset({"ran", "tested", "built", "deployed"}),
    "tested": frozenset({"tested"}),
    "built": frozenset({"built", "tested", "ran"}),
    "deployed": frozenset({"deployed"}),
    "committed": frozenset({"committed"}),
    "paid": frozenset({"paid"}),
    # "sent the request": any action that was attempted and taken in
    "submitted": WRITE_CATEGORIES - {"committed"} | {"ran"},
}

# Verbs in tool names -> category, and nouns that imply an action (email, refund), read
# second, so `read_email` reads and `email.send` sends: vocab/tools.yaml, every language's.
_VERBS, _NOUNS = tool_words()
_SPECIFIC = frozenset({"paid", "booked", "sent"})
_SHELL_NAMES = frozenset(
    {"bash", "shell", "terminal", "sh", "powershell", "cmd", "command", "exec"}
)
# A generic "run" whose name says what it runs.
_RUN_REFINED = {
    "test": "tested",
    "tests": "tested",
    "pytest": "tested",
    "spec": "tested",
    "specs": "tested",
    "build": "built",
    "lint": "built",
    "deploy": "deployed",
    "deployment": "deployed",
    "pipeline": "deployed",
    "migration": "changed",
}

_SEGMENTS = re.compile(r"__|[./:]")
_WORDS = re.compile(r"[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def name_segments(name: str) -> list[list[str]]:
    """`mcp__gmail__sendEmail` -> [["mcp"], ["gmail"], ["send", "email"]]."""
    out = []
    for segment in _SEGMENTS.split(name):
        words = [w.lower() for w in _WORDS.split(segment) if w]
        if words:
            out.append(words)
    return out


@lru_cache(maxsize=4096)
def name_words(name: str) -> tuple[str, ...]:
    return tuple(w for seg in name_segments(name) for w in seg)


_REQUEST_WORD = re.compile(r"[a-z]+")


def request_categories(text: str) -> set[str]:
    """Action categories a request names by its verbs ("book", "send", "refund", "deploy")."""
    return {
        _VERBS[w]
        for w in _REQUEST_WORD.findall(text.lower())
        if w in _VERBS and _VERBS[w] not in ("retrieved", "ran")
    }


#: Words that join two operations in one name (get_or_create, search_and_replace).
_JOINERS = frozenset({"or", "and", "then"})
#: Of these, the ones that say the call does both (revoke_and_reissue; get_or_create does one).
_BOTH = frozenset({"and", "then"})


@lru_cache(maxsize=4096)
def joined_acts(name: str) -> frozenset[str]:
    """Every act of a name that joins operations the call does both of
    (`revoke_and_reissue_api_key`: deleted and created; `save_then_send`: saved and sent);
    empty for a name of one act. Reads are left out: `search_and_replace` replaces."""
    segments = name_segments(name)
    if not segments:
        return frozenset()
    op = segments[-1]
    acts = {
        category
        for k in range(1, len(op) - 1)
        if op[k] in _BOTH
        for word in (op[k - 1], op[k + 1])
        if (category := _VERBS.get(word)) not in (None, "retrieved")
    }
    return frozenset(acts) if len(acts) > 1 else frozenset()


#: Acts written as one word that two words also write (check_in): they read like the joined form.
_ONE_WORD_COMPOUNDS = frozenset({"checkin", "checkout"})
#: Beside an act written as two words (check_in, clock_out), the nouns that make the name a look
#: at it: `clock_in_history`, `checkin_status`, `check_in_eligibility` read.
_LOOK_NOUNS = frozenset(
    {"history", "records", "record", "status", "eligibility", "preview", "summary", "report"}
    | {"options", "availability"}
)


def _looks_at(rest: list[str]) -> bool:
    """Do the other words of a name with an act make it a look at that act? A read verb or a
    look noun, and no other verb that acts (`update_clock_in_record` writes)."""
    acting = any(_VERBS.get(w) not in (None, "retrieved") for w in rest)
    return not acting and any(_VERBS.get(w) == "retrieved" or w in _LOOK_NOUNS for w in rest)


#: A multi-agent framework's handoff, which moves the conversation to another agent and acts on
#: nothing (LangGraph's `transfer_to_billing` and `transfer_back_to_supervisor`, AutoGen
#: Swarm's `transfer_to_<agent>`, ADK's `transfer_to_agent`, OpenAI Agents SDK's
#: `transfer_to_<agent>`, CrewAI's coworker tools): a look, never a backer of a claimed act.
#: Named for an agent (`_agent`, `_assistant`, `_supervisor`, ...); not a handoff to people
#: (`transfer_to_human_agents` routes the customer's case) nor a transfer of money
#: (`transfer_to_savings`).
_HANDOFF = re.compile(
    r"^(?:transfer_(?:back_)?to|handoff_to|hand_off_to)_(?!(?:\w+_)?(?:human|live|person|operator)_)"
    r"(?:\w+_)?"
    r"(?:agent|assistant|supervisor|worker|expert|specialist|planner|researcher|bot|triage)$"
    r"|^(?:delegate_work|ask_question)_to_coworker$"
)


@lru_cache(maxsize=4096)
def _from_name(name: str) -> str | None:
    segments = name_segments(name)
    if not segments:
        return None
    if _HANDOFF.match("_".join(w for seg in segments for w in seg)):
        return "retrieved"
    words = [w for seg in segments for w in seg]
    # The operation is usually the last segment (github.issues.create, mcp__x__send_email);
    # within it the verb comes first in snake/camel case (send_email, createTicket).
    ordered = segments[-1] + [w for seg in reversed(segments[:-1]) for w in seg]
    # stripe.refunds.create, issues.create: a plural resource names the same action
    ordered = [
        w[:-1] if w.endswith("s") and w[:-1] in _NOUNS and w not in _NOUNS else w for w in ordered
    ]
    found = None
    for n in (3, 2):
        for idx in range(len(ordered) - n + 1):
            joined = "_".join(ordered[idx : idx + n])
            if joined in _VERBS:
                found = _VERBS[joined]
                if _looks_at(ordered[:idx] + ordered[idx + n :]):
                    return "retrieved"  # get_clock_in_records: a look at the act, not the act
                break
        if found:
            break
    if found is None:
        verb = next((w for w in ordered if w in _VERBS), None)
        found = None if verb is None else _VERBS[verb]
        if (
            found not in (None, "retrieved")
            and verb in _ONE_WORD_COMPOUNDS
            and _looks_at([w for w in ordered if w != verb])
        ):
            return "retrieved"  # checkin_lookup, checkin_status

    if found is None:
        noun = next((_NOUNS[w] for w in ordered if w in _NOUNS), None)
        return None if noun is None else _NOUN_ONLY + noun
    if found == "retrieved":
        # get_or_create_contact, search_and_replace: a read joined to a write does the write
        # (Cursor's search_replace, find_replace: a read beside "replace", no joiner)
        op = segments[-1]
        joined_to = (_VERBS.get(op[k + 1]) for k in range(len(op) - 1) if op[k] in _JOINERS)
        found = next((c for c in joined_to if c not in (None, "retrieved")), found)
        if found == "retrieved" and len(op) == 2 and _VERBS.get(op[0]) == "retrieved":
            # only "replace": get_refund, get_schedule, find_book read a refund, a schedule
            found = _VERBS.get(op[1], found) if op[1] == "replace" else found
    if found == "ran":
        # "run_tests" says what it runs; "run_flow" or "invoke" could do anything
        refined = next((_RUN_REFINED[w] for w in words if w in _RUN_REFINED), None)
        if refined is None and not _SHELL_NAMES & set(words):
            return None
        return refined or "ran"
    if found == "created":
        # "create" is generic: create_refund pays, createEvent books, create_message sends
        specific = next(
            (_NOUNS[w] for w in ordered if w in _NOUNS and _NOUNS[w] in _SPECIFIC), None
        )
        return specific or found
    return found


# ---- shell commands ------------------------------------------------------------------------


def command_category(command: str) -> str | None:
    """The category of a shell command line: the most consequential thing it does, read from
    its structure (toolscore_ci/engine/shell.py)."""
    return primary_act(command_acts(command)) if command.strip() else None


def command_of(args: Mapping[str, Any] | None) -> str | None:
    """The shell command in a call's arguments, whatever the tool calls the field."""
    if not args:
        return None
    for key in ("command", "cmd", "script", "commandLine", "command_line", "shell_command", "code"):
        value = args.get(key)
        if isinstance(value, str) and value.strip():
            return value
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            # ["bash", "-lc", "pytest -q"] as Codex writes it
            return (
                value[-1]
                if value[0] in ("bash", "sh", "zsh") and len(value) >= 3
                else shlex.join(value)
            )
    return None


#: A sub-command word: one lower-case word or snake_case words, no spaces ("view",
#: "str_replace", "undo_edit"), as multi-command tools take it (SWE-agent's and OpenHands'
#: str_replace_editor, Anthropic's text editor and memory tools, Goose's text editor,
#: manage_booking(action="details")).
_SUB_COMMAND = re.compile(r"[a-z]+(?:_[a-z]+)*")
#: The arguments that hold one.
_SUB_COMMAND_KEYS = ("command", "action", "operation", "op")
#: Sub-commands that only look, though no verb says so: a booking's `status` or `details`.
#: Each is also a field a setter is told to set (update_ticket(action="status")): they read
#: only under a name that says no act.
#: `describe` sets a description under update_pull_request, `quote` posts a quote under a
#: post tool.
_READ_SUB_COMMANDS = frozenset(
    {"status", "info", "details", "detail", "verify", "describe", "quote"}
)
#: Sub-commands that never act, whatever the name says. Not `preview` (netlify(op="preview")
#: deploys a preview) nor `estimate` (gitlab_issue(action="estimate", duration="3h") sets
#: one): a second reader's honest runs, flagged when these read. Those are the name's.
_LOOK_ONLY_SUB_COMMANDS = frozenset({"help", "simulate", "dry_run", "dryrun"})


def sub_command_category(args: Mapping[str, Any] | None, by_name: str | None) -> str | None:
    """The category a tool's sub-command argument names when it is one word of a known verb:
    an editor's `view` reads, its `create` creates, `str_replace` and `undo_edit` change;
    manage_booking(action="cancel") cancels and (action="details") reads. The tool's name
    says only that it can do any of them. A word that only looks for want of a verb
    (`status`, `details`) reads only where the name (`by_name`, its category) says no act:
    update_ticket(action="status", status="solved") sets a status. A word that never acts
    (`dry_run`, `simulate`) reads under any name: delete_records(command="dry_run")."""
    if not args:
        return None
    value = next((v for k in _SUB_COMMAND_KEYS if isinstance(v := args.get(k), str)), None)
    if value is None or _SUB_COMMAND.fullmatch(value) is None:
        return None
    if value in _LOOK_ONLY_SUB_COMMANDS:
        return "retrieved"
    if value in _READ_SUB_COMMANDS:
        named_act = by_name is not None and not by_name.startswith(_NOUN_ONLY)
        return None if named_act else "retrieved"
    # an editor's insert adds lines to a file that exists: an edit, not a new record
    found = "changed" if value == "insert" else _from_name(value)
    return None if found is None or found.startswith(_NOUN_ONLY) else found


#: An editor's commands: said alone in `command`, they are the editor's, not a shell line
#: (Goose's developer__text_editor(command="view"), whose name says no act; Goose's `write`
#: writes a whole file).
EDITOR_SUB_COMMANDS = frozenset(EDITOR_COMMANDS) | {"write"}


def editor_command(name: str | None, by_name: str | None, args: Mapping[str, Any] | None) -> bool:
    """Is this call an editor's sub-command on a tool whose name (`by_name`, its category)
    says no act? Such a name says no shell either: a shell's name is a "ran" one."""
    return (
        bool(name) and by_name is None and bool(args) and args.get("command") in EDITOR_SUB_COMMANDS
    )


def _from_args(args: Mapping[str, Any]) -> str | None:
    keys = {k.lower() for k in args}
    if keys & {"to", "recipient", "recipients", "cc", "channel", "chat_id", "phone"} and keys & {
        "body",
        "text",
        "message",
        "content",
        "subject",
        "html",
    }:
        return "sent"
    if keys & {"old_string", "new_string", "old_str", "new_str", "patch", "diff", "edits"}:
        return "changed"
    if keys & {"path", "file_path", "filename", "file"} and keys & {
        "content",
        "contents",
        "text",
        "data",
    }:
        return "saved"
    for key in ("operation", "action", "op", "verb", "mode"):
        value = args.get(key)
        if isinstance(value, str) and value.lower() in _VERBS:
            return _VERBS[value.lower()]  # execute_action(action="update") updates
    if "amount" in keys and keys & {
        "currency",
        "payment_id",
        "charge_id",
        "card",
        "customer",
        "order_id",
    }:
        return "paid"
    method = args.get("method")
    if isinstance(method, str) and keys & {"url", "endpoint", "path"}:
        return {
            "GET": "retrieved",
            "HEAD": "retrieved",
            "POST": "created",
            "PUT": "changed",
            "PATCH": "changed",
            "DELETE": "deleted",
        }.get(method.upper())
    statement = next(
        (v for k in ("query", "sql", "statement", "q") if isinstance(v := args.get(k), str)), None
    )
    if statement is not None:
        written = _statement_category(statement)
        if written is not None:
            return written
    if keys & {"query", "q", "search", "search_query", "url", "urls", "sql", "statement"}:
        return "retrieved"
    return None


_STATEMENT = re.compile(
    r"^\s*(?:--[^\n]*\n\s*)*(mutation|insert|update|upsert|merge|delete|drop|truncate|alter|create)\b",
    re.I,
)


def _statement_category(statement: str) -> str | None:
    """A GraphQL mutation or a writing SQL statement is a write, whatever the tool is called."""
    match = _STATEMENT.match(statement)
    if match is None:
        return None
    word = match.group(1).lower()
    return {
        "insert": "created",
        "create": "created",
        "delete": "deleted",
        "drop": "deleted",
        "truncate": "deleted",
    }.get(word, "changed")


def categorize(
    name: str | None,
    args: Mapping[str, Any] | None,
    overrides: Mapping[str, str] | None = None,
) -> str | None:
    """The category of one tool call, or None when neither its name nor its arguments say.

    Order: a rule pack's explicit `tool_categories` glob; a shell command's own meaning; the
    verb in the tool's name; the shape of its arguments.
    """
    if name and overrides:
        for glob, category in overrides.items():
            if fnmatchcase(name, glob):
                return category
    if args:
        statement = next(
            (v for k in ("query", "sql", "statement") if isinstance(v := args.get(k), str)), None
        )
        written = _statement_category(statement) if statement else None
        if written is not None:
            return written  # run_sql("UPDATE ...") writes, whatever the tool is called
    http = _http_category(args) if args else None
    if http is not None:
        return http  # an HTTP client's method and URL say what it did, whatever it is called
    command = command_of(args)
    words = name_words(name) if name else ()
    by_name = _from_name(name) if name else None
    if (
        command is not None
        and (by_name in (None, "ran") or "shell" in words or "bash" in words)
        and not editor_command(name, by_name, args)
    ):
        return command_category(command)
    sub = sub_command_category(args, by_name)
    if sub is not None:
        return sub  # str_replace_editor(command="view") reads, whatever the tool is called
    if by_name is not None and by_name.startswith(_NOUN_ONLY):
        # A name with a thing but no verb (calendar.freebusy, crm_contacts): the thing hints
        # at an action, but arguments shaped like a query say the call reads.
        if args and _query_shaped(args):
            return "retrieved"
        return by_name[len(_NOUN_ONLY) :]
    if (
        by_name == "retrieved"
        and args
        and {k.lower() for k in args} & _DESTINATION_KEYS
        and not _QUERY_VERBS & set(words)
    ):
        return "saved"  # load_partition(destination=...): "load" here writes into a table
    if by_name == "deployed" and "merge" in words and not _GIT_CONTEXT & set(words):
        return "changed"  # contacts.merge, merge_records: records merged, nothing shipped
    if by_name is not None:
        return by_name
    return _from_args(args) if args else None


#: Words that put a merge in version control (merge_pr, pulls.merge, merge_request).
_GIT_CONTEXT = frozenset(
    {
        "pr",
        "pull",
        "pulls",
        "branch",
        "branches",
        "request",
        "requests",
        "mr",
        "git",
        "github",
        "gitlab",
        "bitbucket",
        "repo",
        "repos",
        "commit",
        "commits",
    }
)


#: Verbs that only ever look: search_flights(destination=...) searches, it does not load.
_QUERY_VERBS = frozenset(
    {"search", "find", "get", "list", "lookup", "query", "check", "show", "view"}
)

#: Arguments that name where data is written: a read verb with one of these moves data in.
_DESTINATION_KEYS = frozenset(
    {"destination", "destination_table", "target_table", "write_disposition", "dest", "sink"}
)


_HTTP_READS = frozenset({"GET", "HEAD", "OPTIONS"})
_HTTP_WRITES = {"POST": "created", "PUT": "changed", "PATCH": "changed", "DELETE": "deleted"}


def url_path(args: Mapping[str, Any] | None) -> str | None:
    """The path of the URL a call requested (`url`, `endpoint`, `uri`), if any."""
    if not args:
        return None
    for key in ("url", "endpoint", "uri", "path"):
        value = args.get(key)
        if isinstance(value, str) and ("/" in value):
            return urlsplit(value).path if "://" in value else value.split("?", 1)[0]
    return None


def _http_category(args: Mapping[str, Any]) -> str | None:
    """{"method": "GET", "url": ...} reads; a write is named by the verb or resource its URL
    ends in (POST /chat.postMessage sends, POST /v1/refunds pays, PUT /pulls/1/merge deploys,
    POST /search reads), else by its method."""
    method = args.get("method")
    if not isinstance(method, str) or method.upper() not in _HTTP_READS | _HTTP_WRITES.keys():
        return None
    path = url_path(args)
    if path is None:
        return None
    method = method.upper()
    if method in _HTTP_READS:
        return "retrieved"
    if method == "DELETE":
        return "deleted"
    # the last segment that is not an id names the action or the collection; earlier ones
    # are owners and names (repos/acme/release-tools/...), not what was done
    last = next((w for w in reversed(path.split("/")) if w and not any(c.isdigit() for c in w)), "")
    by_path = _from_name(last) if last else None
    if by_path is not None:
        by_path = by_path.removeprefix(_NOUN_ONLY)
        if by_path not in ("ran", "submitted"):  # POST /search reads
            return by_path
    return _HTTP_WRITES[method]


#: Marks a category `_from_name` took from a noun alone.
_NOUN_ONLY = "noun:"
#: Arguments only a lookup takes: a search, a filter, a window to look in, paging.
_QUERY_KEYS = frozenset(
    {
        "q",
        "query",
        "search",
        "filter",
        "filters",
        "where",
        "since",
        "until",
        "from",
        "time_min",
        "time_max",
        "timemin",
        "timemax",
        "date_from",
        "start_date",
        "limit",
        "page",
        "page_size",
        "per_page",
        "cursor",
        "fields",
        "sort",
        "order_by",
    }
)
#: Arguments that carry something to write.
_PAYLOAD_KEYS = frozenset(
    {
        "body",
        "text",
        "message",
        "content",
        "contents",
        "data",
        "subject",
        "html",
        "title",
        "summary",
        "description",
        "amount",
        "patch",
        "diff",
        "value",
        "values",
        "note",
        "notes",
        "status",
        "location",
    }
)


def _query_shaped(args: Mapping[str, Any]) -> bool:
    keys = {k.lower() for k in args}
    return bool(keys & _QUERY_KEYS) and not keys & _PAYLOAD_KEYS
