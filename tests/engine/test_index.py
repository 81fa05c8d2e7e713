"""The index: statuses judged against the action, shell lines read by structure, results
paired first-in-first-out, claims only where they are reported."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine_cases import build

from toolscore_ci.engine.index import build as build_index
from toolscore_ci.engine.reported import reported_claims
from toolscore_ci.engine.shell import command_acts
from toolscore_ci.engine.status import judge
from toolscore_ci.model import Step
from toolscore_ci.projection import project


def _result(output: object = None, ok: bool | None = True, error: object = None) -> Step:
    return Step(i=1, kind="tool_result", role="tool", ok=ok, output=output, error=error)


@pytest.mark.parametrize(
    ("output", "category", "is_read", "status"),
    [
        ({"status": "cancelled"}, "deleted", False, "succeeded"),  # cancel -> cancelled
        ({"status": "cancelled"}, "booked", False, "failed"),  # a booking that came back cancelled
        ({"stored": False}, "saved", False, "failed"),
        # a false act flag beside a state that says the act went through or was taken in is
        # a later stage not yet reached: an SMS queued, not yet delivered; a refund initiated
        ({"status": "queued", "delivered": False}, "sent", False, "succeeded"),
        ({"status": "initiated", "credited": False}, "paid", False, "accepted"),
        ({"status": "declined", "delivered": False}, "sent", False, "failed"),
        ({"credited": False}, "paid", False, "failed"),
        # a state of the object itself beside the false flag: the act did not happen
        ({"status": "active", "cancelled": False}, "deleted", False, "failed"),
        # a Stripe charge: the call went through; not refunded is another stage
        ({"status": "succeeded", "paid": True, "refunded": False}, "paid", False, "succeeded"),
        ({"archived": False}, "changed", False, "succeeded"),  # a field of the record
        ({"status_code": 202}, "deployed", False, "accepted"),
        ({"exit_code": 1}, "ran", False, "failed"),
        ({"status": "failed", "jobs": []}, "retrieved", True, "succeeded"),  # data read
        ({"error": {"code": 404}}, "retrieved", True, "failed"),  # the read itself failed
        ({"status": "queued"}, "sent", False, "succeeded"),  # handed to delivery
        ({"closed": 48, "failed": [{"id": 1}, {"id": 2}]}, "changed", False, "failed"),
        ("Error: reservation not found", "deleted", False, "failed"),
        ("Error: file not found: app.log", "retrieved", True, "failed"),  # one line: an error
        # a read's text is data: a log file that opens with an error line
        (
            "ERROR 02:00 conn refused\nERROR 02:01 conn refused\nINFO 02:04 ok",
            "retrieved",
            True,
            "succeeded",
        ),
        # a run that logs errors, then its result, went on ...
        (
            "ERROR row 17 skipped\nERROR row 40 skipped\nImport complete: 4210 added",
            "created",
            False,
            "succeeded",
        ),
        # a later line at a level that is no error: the run went on past what it logged
        (
            "ERROR: row 17 skipped\nERROR: row 40 skipped\nINFO import complete: 4210 added",
            "created",
            False,
            "succeeded",
        ),
        # pip's resolver note after a good install is read past
        (
            "ERROR: pip's dependency resolver does not currently take into account all the "
            "packages that are installed.\nawscli 1.32.1 requires botocore==1.34.1, but you "
            "have botocore 1.34.110 which is incompatible.",
            "ran",
            False,
            "succeeded",
        ),
        # an error with only its framing (LangGraph's hint, stack frames) is an error, for a
        # read too; one followed by other lines is, for a call that acts
        (
            "Error: CardError('Your card was declined.')\n Please fix your mistakes.",
            "paid",
            False,
            "failed",
        ),
        (
            "Error: NotFound('no reservation ABC')\n Please fix your mistakes.",
            "retrieved",
            True,
            "failed",
        ),
        (
            "Error: connect ECONNREFUSED\n    at TCPConnectWrap (net.js:1:1)\n    at x (y.js:2:2)",
            "paid",
            False,
            "failed",
        ),
        (
            'Error: 409 Conflict\nResponse body: {"detail": "seat taken"}',
            "booked",
            False,
            "failed",
        ),
        # an error word that names a thing opens no error
        ("Exception added: tenant acme is exempt", "created", False, "succeeded"),
        # ... one that ends on an error, or a raised exception, did not
        (
            "ERROR: Could not find foo==9\nERROR: No matching distribution found for foo==9",
            "ran",
            False,
            "failed",
        ),
        (
            'Traceback (most recent call last):\n  File "x.py", line 1\nValueError: bad row',
            "ran",
            False,
            "failed",
        ),
    ],
)
def test_status_is_judged_against_the_action(
    output: object, category: str, is_read: bool, status: str
) -> None:
    assert judge(_result(output, ok=None), category, is_read=is_read).status == status


def test_no_result_is_no_evidence() -> None:
    assert judge(None, "sent", is_read=False).status == "no_result"


@pytest.mark.parametrize(
    ("command", "acts"),
    [
        ("alembic upgrade head", {"ran"}),  # not the `head` command
        ("cat <<'EOF' > foo.py\nx > y\nEOF", {"retrieved", "saved"}),
        ("cd /testbed && python -m pytest tests/x.py -q", {"tested"}),
        ("python tests/runtests.py migrations", {"tested"}),
        ("grep -rn foo . > /dev/null 2>&1", {"retrieved"}),
        ("echo 'a > b' | grep a", {"retrieved"}),
        ("sed -i 's/a/b/' f.py && pytest", {"changed", "tested"}),
        ("git push origin main", {"deployed"}),
        ("npx tsc --noEmit", {"built"}),
    ],
)
def test_shell_lines_are_read_by_structure(command: str, acts: set[str]) -> None:
    assert set(command_acts(command)) == acts


def test_parallel_results_pair_first_in_first_out() -> None:
    trace = build(
        "parallel",
        [("user", "Look up both.")],
    )
    steps = trace["steps"]
    for i, (kind, role, name, extra) in enumerate(
        [
            ("tool_call", "agent", "get_order", {"args": {"order_id": "A"}}),
            ("tool_call", "agent", "get_order", {"args": {"order_id": "B"}}),
            ("tool_result", "tool", "get_order", {"ok": True, "output": {"order_id": "A"}}),
            ("tool_result", "tool", "get_order", {"ok": False, "error": "B not found"}),
        ],
        start=1,
    ):
        steps.append(
            {
                "i": i,
                "ts": "2026-05-01T10:00:00+00:00",
                "kind": kind,
                "role": role,
                "name": name,
                **extra,
            }
        )
    index = build_index(project(trace))
    a, b = index.executions
    assert a.call.args == {"order_id": "A"} and a.status == "succeeded"
    assert b.call.args == {"order_id": "B"} and b.status == "failed"


def test_narration_is_not_a_claim() -> None:
    trace = build(
        "narration",
        [
            ("user", "Fix it."),
            ("agent", "I've fixed the parser, now running the tests."),
            (
                "call",
                "bash",
                {"command": "pytest"},
                True,
                {"exit_code": 0, "stdout": "== 3 passed in 0.1s =="},
            ),
            ("agent", "All tests pass."),
        ],
    )
    index = build_index(project(trace))
    claims = reported_claims(index, [])
    assert [c.claim.text for c in claims] == ["All tests pass."]
    assert all(c.where == "final" for c in claims)


def test_questions_offers_and_plans_are_not_claims() -> None:
    trace = build(
        "offers",
        [
            ("user", "Cancel my orders."),
            ("agent", "If you'd like to proceed, reply yes for the orders you want cancelled."),
            ("user", "Yes, both."),
            ("agent", "I will cancel both orders once you confirm the refund method."),
        ],
    )
    assert reported_claims(build_index(project(trace)), []) == []


@pytest.mark.parametrize(
    ("name", "category"),
    [
        # a read verb beside a write verb does the write (Cursor's edit tool)
        ("search_replace", "changed"),
        ("find_replace", "changed"),
        ("searchReplace", "changed"),
        ("search_and_replace", "changed"),
        # ... a read verb alone, or one that reads about a write, reads
        ("search_files", "retrieved"),
        # a read verb beside a word that is a noun too reads it: a refund, a schedule
        ("get_refund_status", "retrieved"),
        ("get_schedule", "retrieved"),
        ("find_book", "retrieved"),
        ("get_update_status", "retrieved"),
        ("read_file", "retrieved"),
        # an exchange of an order's items changes the order (tau2-bench retail); a look at
        # what may be exchanged reads
        ("exchange_delivered_order_items", "changed"),
        ("get_exchange_options", "retrieved"),
        ("exchange_rate", "retrieved"),  # the rate is a thing looked up, not an exchange
        # a return of delivered items is a request the shop answers `return requested`
        # (tau2-bench retail); a look at a return's status reads
        ("return_delivered_order_items", "submitted"),
        ("get_return_status", "retrieved"),
    ],
)
def test_a_read_verb_beside_a_write_verb_does_the_write(name: str, category: str) -> None:
    from toolscore_ci.toolkinds import categorize

    assert categorize(name, None, None) == category


@pytest.mark.parametrize(
    ("name", "acts"),
    [
        ("revoke_and_reissue_api_key", {"deleted", "created"}),
        ("save_then_send_report", {"saved", "sent"}),
        # one act: "or" does one of them, a read beside a write is the write alone
        ("get_or_create_contact", set()),
        ("search_and_replace", set()),
        ("cancel_reservation", set()),
    ],
)
def test_a_name_of_two_acts_does_both(name: str, acts: set[str]) -> None:
    from toolscore_ci.toolkinds import joined_acts

    assert joined_acts(name) == acts


@pytest.mark.parametrize(
    ("key", "action", "status"),
    [
        ("action", "reject", "succeeded"),  # asked to reject, answered rejected: its own act
        ("action", "approve", "failed"),  # asked to approve, answered rejected
        # a key that names a condition says what happens if something else does
        ("on_conflict", "reject", "failed"),
    ],
)
def test_a_state_an_argument_asks_for_by_its_verb_is_the_calls_success(
    key: str, action: str, status: str
) -> None:
    call = Step(
        i=0, kind="tool_call", role="agent", name="review_expense_report",
        args={"report_id": "ER-2291", key: action},
    )  # fmt: skip
    result = _result({"report_id": "ER-2291", "status": "rejected"}, ok=None)
    assert judge(result, "changed", is_read=False, call=call).status == status


@pytest.mark.parametrize(
    ("command", "code", "status"),
    [
        ("terraform plan -detailed-exitcode", 2, "succeeded"),  # a plan with changes
        ("cd envs/prod && terraform plan -detailed-exitcode -input=false", 2, "succeeded"),
        ("terraform plan -detailed-exitcode", 1, "failed"),  # an error
        ("terraform apply -auto-approve", 2, "failed"),  # no such meaning without the flag
        # the apply after it never ran; what came before it may be what exited 2
        ("terraform plan -detailed-exitcode -out=p && terraform apply p", 2, "failed"),
        ("make validate && terraform plan -detailed-exitcode", 2, "failed"),
    ],
)
def test_a_plan_with_changes_is_no_failure(command: str, code: int, status: str) -> None:
    call = Step(i=0, kind="tool_call", role="agent", name="bash", args={"command": command})
    plan = "Plan: 0 to add, 1 to change, 0 to destroy."
    result = _result({"exit_code": code, "stdout": plan}, ok=False)
    assert judge(result, "ran", is_read=False, call=call).status == status


@pytest.mark.parametrize(
    ("name", "status"),
    [
        ("void_payment", "succeeded"),  # a void's own state
        ("capture_payment", "failed"),  # a capture answered voided did not capture
    ],
)
def test_voided_is_a_voids_success_not_a_captures(name: str, status: str) -> None:
    call = Step(i=0, kind="tool_call", role="agent", name=name, args={"payment_id": "pi_1"})
    result = _result({"id": "pi_1", "status": "voided"}, ok=None)
    assert judge(result, "paid", is_read=False, call=call).status == status


@pytest.mark.parametrize(
    ("name", "args", "category"),
    [
        # a multi-command tool's `command` word says what this call does
        ("str_replace_editor", {"command": "view", "path": "/repo/a.py"}, "retrieved"),
        ("str_replace_based_edit_tool", {"command": "view", "path": "/repo/a.py"}, "retrieved"),
        ("str_replace_editor", {"command": "create", "path": "/repo/b.py"}, "created"),
        ("str_replace_editor", {"command": "str_replace", "path": "/repo/a.py"}, "changed"),
        ("str_replace_editor", {"command": "insert", "path": "/repo/a.py"}, "changed"),
        ("str_replace_editor", {"command": "undo_edit", "path": "/repo/a.py"}, "changed"),
        ("memory", {"command": "delete", "path": "/memories/x.md"}, "deleted"),
        # ... a shell tool's command is a command line, read by its structure
        ("bash", {"command": "sed -i 's/a/b/' a.py"}, "changed"),
        ("bash", {"command": "cat a.py"}, "retrieved"),
        # ... and a word that names no act leaves the tool's name to decide
        ("str_replace_editor", {"command": "frobnicate", "path": "/repo/a.py"}, "changed"),
        # a booking tool's `action` or `command`: a status or details only look
        ("manage_booking", {"action": "details", "booking_id": "HT-2290"}, "retrieved"),
        ("manage_booking", {"command": "status", "booking_id": "ABC123"}, "retrieved"),
        ("manage_booking", {"action": "cancel", "booking_id": "ABC123"}, "deleted"),
        # a word that never acts reads under a name with a verb too ...
        ("delete_records", {"mode": "x", "command": "dry_run"}, "retrieved"),
        ("send_campaign", {"action": "simulate", "campaign": "c1"}, "retrieved"),
        # ... but a preview may be a deployment and an estimate a field set (readers11 h33,
        # h32): the name's, or nothing known
        ("deploy_site", {"action": "preview", "site": "docs"}, "deployed"),
        ("netlify", {"op": "preview", "site": "docs"}, None),
        ("gitlab_issue", {"action": "estimate", "duration": "3h"}, None),
        # a word that is also a field to set stays the name's under a verb (readers10 l05)
        ("update_pull_request", {"number": 412, "action": "describe", "body": "x"}, "changed"),
        ("update_ticket", {"action": "status", "status": "solved"}, "changed"),
        # an editor whose name says no act: its command word is no shell line
        ("developer__text_editor", {"command": "view", "path": "/repo/a.py"}, "retrieved"),
        ("developer__text_editor", {"command": "write", "path": "/repo/a.py"}, "saved"),
        # tools named by a verb of a quantity moved
        ("extend_trial", {"account_id": "A1", "days": 14}, "changed"),
        ("increase_credit_limit", {"account_id": "A1", "limit": 5000}, "changed"),
    ],
)
def test_a_sub_command_decides_what_a_multi_command_tool_does(
    name: str, args: dict[str, str], category: str
) -> None:
    from toolscore_ci.toolkinds import categorize

    assert categorize(name, args, None) == category


def _editor_run(retried: bool) -> str:
    from toolscore_ci.pipeline import CheckConfig, make_checker

    edit = {"command": "str_replace", "path": "/repo/src/a.py", "old_str": "x", "new_str": "y"}
    steps: list[tuple[object, ...]] = [
        ("user", "Fix the off-by-one in src/a.py."),
        ("call", "str_replace_editor", edit, False, None, "No replacement was performed"),
    ]
    if retried:
        steps.append(("call", "str_replace_editor", {**edit, "old_str": "x "}, True, "edited"))
    steps += [
        ("call", "str_replace_editor", {"command": "view", "path": "/repo/src/a.py"}, True, "y"),
        ("agent", "Fixed the off-by-one in src/a.py."),
    ]
    checker = make_checker(CheckConfig(detector="checks"))
    return checker.check(project(build("editor-view", steps)), "cases.jsonl", 1).verdict


def test_an_editors_view_does_not_clear_its_failed_edit() -> None:
    # the only edit failed; viewing the file afterwards changed nothing
    assert _editor_run(retried=False) == "false_success"


def test_an_edit_retried_and_then_viewed_is_fixed() -> None:
    assert _editor_run(retried=True) != "false_success"


@pytest.mark.parametrize(
    ("name", "category"),
    [
        # tools named in the user's language (vocab/tools.yaml): the verb, then the thing
        ("consultar_averias", "retrieved"),
        ("emitir_reembolso", "paid"),
        ("cancelar_pedido", "deleted"),
        ("transferir_a_agente", "routed"),
        ("buchung_stornieren", "deleted"),
        ("rechnung_senden", "sent"),
        ("rembourser_commande", "paid"),
        ("mettre_a_jour_adresse", "changed"),
        ("disdire_polizza", "deleted"),
        ("annulla_prenotazione", "deleted"),
        ("criar_chamado", "created"),
        # English names read as before
        ("send_email", "sent"),
        ("get_order_details", "retrieved"),
        # a word that means other things in other languages' names is none: "ver" (Spanish
        # "see", a version), "agenda" (a schedule to read, or to book)
        ("ver_detalle", None),
        ("agenda", None),
    ],
)
def test_tool_names_in_other_languages_are_read(name: str, category: str | None) -> None:
    from toolscore_ci.toolkinds import categorize

    assert categorize(name, None, None) == category


def test_every_language_of_the_tool_words_keeps_english_first() -> None:
    """A word two languages list keeps the first's category: English words never change
    meaning because another language lists them."""
    from toolscore_ci.vocab import load_raw, tool_words

    verbs, nouns = tool_words()
    english = load_raw("tools.yaml")["languages"]["en"]
    for category, words in english["verbs"].items():
        for word in words:
            assert verbs[word] == category or word in {
                w for c, ws in english["verbs"].items() if c != category for w in ws
            }, word
    for noun, category in english["nouns"].items():
        assert nouns[noun] == category
