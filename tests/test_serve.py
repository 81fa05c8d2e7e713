"""`toolscore-ci serve` over HTTP: a real server on 127.0.0.1, real trace files, a real
reviews file read back by the real `validate`, `bench` and `train`."""

from __future__ import annotations

import html
import json
import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote_plus, urlencode

import pytest
from files_helpers import REPO, cli
from serve_helpers import (
    Served,
    post,
    queue_ids,
    request,
    review_lines,
    serving,
    start_cli_server,
    token_of,
    validate,
    write_traces,
)

from toolscore_ci.serve.server import CONTENT_SECURITY_POLICY

OPEN = ["ex-support-unknown-tool", "ex-acme-label-wrong-order", "ex-acme-label-accepted"]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    traces = write_traces(tmp_path)
    with serving(traces, "--reviews", tmp_path / "reviews.jsonl") as s:
        yield s


def _decide(served: Served, trace_id: str, outcome: str = "failure", note: str = "n") -> int:
    form = {"id": trace_id, "outcome": outcome, "note": note}
    return post(served, "/review", form).status


# -- security ------------------------------------------------------------------------------


def test_host_allowlist_refuses_a_foreign_host_and_serves_the_loopback_names(
    served: Served,
) -> None:
    port = served.port
    for good in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", f"LOCALHOST:{port}"):
        assert request(port, "GET", "/", host=good).status == 200, good
    # DNS rebinding: the attacker's name resolved to 127.0.0.1 still arrives as Host
    for bad in (f"evil.example:{port}", "evil.example", f"127.0.0.1:{port + 1}", "127.0.0.1", ""):
        reply = request(port, "GET", "/", host=bad)
        assert reply.status == 421, bad
        assert "ex-acme" not in reply.body  # nothing of the queue leaks
    trace = "/trace?" + urlencode({"id": OPEN[0]})
    assert request(port, "GET", trace, host=f"evil.example:{port}").status == 421
    form = {"token": served.token, "id": OPEN[0], "outcome": "failure"}
    refused = request(port, "POST", "/review", host=f"evil.example:{port}", form=form,
                      headers={"Origin": f"http://evil.example:{port}"})  # fmt: skip
    assert refused.status == 421 and review_lines(served.reviews) == []


def test_post_needs_a_same_origin_origin_or_referer(served: Served) -> None:
    form = {"token": served.token, "id": OPEN[0], "outcome": "failure", "note": ""}
    port, own = served.port, served.url
    for headers in (
        {"Origin": "http://evil.example"},
        {"Origin": f"http://localhost:{port}"},  # another allowed name is another origin
        {"Origin": "null"},  # a sandboxed frame or data: page
        {"Referer": "http://evil.example/x"},
        {"Referer": f"{own}.evil.example/"},
        {},  # neither
    ):
        reply = request(port, "POST", "/review", form=form, headers=headers)
        assert reply.status == 403, headers
    assert review_lines(served.reviews) == []
    accepted = request(port, "POST", "/review", form=form, headers={"Referer": f"{own}/trace"})
    assert accepted.status == 303
    assert len(review_lines(served.reviews)) == 1
    form["outcome"] = "success"
    assert request(port, "POST", "/review", form=form, headers={"Origin": own}).status == 303
    assert len(review_lines(served.reviews)) == 2


def test_post_needs_the_servers_token(served: Served) -> None:
    port = served.port
    base = {"id": OPEN[0], "outcome": "failure"}
    for form in (base, {**base, "token": ""}, {**base, "token": served.token[:-1] + "x"}):
        reply = request(port, "POST", "/review", form=form, headers={"Origin": served.url})
        assert reply.status == 403, form
        assert "token" in reply.body
    undo = request(port, "POST", "/undo", form={"id": OPEN[0]}, headers={"Origin": served.url})
    assert undo.status == 403
    assert review_lines(served.reviews) == []
    assert _decide(served, OPEN[0]) == 303
    assert len(review_lines(served.reviews)) == 1
    # the token is in the trace page's forms, and is this server's
    page = request(port, "GET", "/trace?" + urlencode({"id": OPEN[1]})).body
    assert f'name=token value="{served.token}"' in page


def test_post_bodies_are_limited_and_must_be_forms(served: Served) -> None:
    headers = {"Origin": served.url, "Content-Type": "application/x-www-form-urlencoded"}
    big = request(served.port, "POST", "/review", body=b"x",
                  headers={**headers, "Content-Length": str(10 * 1024 * 1024)})  # fmt: skip
    assert big.status == 413
    as_json = request(served.port, "POST", "/review", body=b"{}",
                      headers={"Origin": served.url, "Content-Type": "application/json"})  # fmt: skip
    assert as_json.status == 415
    note = "x" * 5000
    too_long = post(served, "/review", {"id": OPEN[0], "outcome": "failure", "note": note})
    assert too_long.status == 400
    assert post(served, "/review", {"id": OPEN[0], "outcome": "maybe"}).status == 400
    assert post(served, "/review", {"id": "no-such-trace", "outcome": "failure"}).status == 404
    assert review_lines(served.reviews) == []


def test_every_response_carries_the_security_headers(served: Served) -> None:
    for path in ("/", "/trace?" + urlencode({"id": OPEN[0]}), "/style.css", "/nope"):
        headers = request(served.port, "GET", path).headers
        csp = headers["Content-Security-Policy"]
        assert csp == CONTENT_SECURITY_POLICY
        assert "default-src 'none'" in csp and "frame-ancestors 'none'" in csp
        assert "unsafe-inline" not in csp and "script-src" not in csp  # no script at all
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["Referrer-Policy"] == "same-origin"
    assert request(served.port, "GET", "/style.css").headers["Content-Type"].startswith("text/css")


def test_trace_text_is_escaped_in_every_page(served: Served) -> None:
    hostile = next(i for i in queue_ids(request(served.port, "GET", "/").body) if "xss" in i)
    for path in ("/", "/?verdict=all&q=xss", "/trace?" + urlencode({"id": hostile})):
        body = request(served.port, "GET", path).body
        assert "<script" not in body and "<img" not in body and '<a href="java' not in body
    page = request(served.port, "GET", "/trace?" + urlencode({"id": hostile})).body
    assert "&lt;script&gt;window.__pwned = &#x27;script&#x27;&lt;/script&gt;" in page


# -- the queue -----------------------------------------------------------------------------


def test_queue_is_the_unverifiable_traces_closest_to_half_first(served: Served) -> None:
    ids = queue_ids(request(served.port, "GET", "/").body)
    assert len(ids) == 6  # 3 acme, 1 coding, 1 support, the hostile one
    from toolscore_ci.serve.queue import _rank

    results = [served.server.app.queue.by_id[i] for i in ids]
    assert all(r.verdict == "unverifiable" for r in results)
    distances = [abs(r.p_success - 0.5) for r in results]
    assert distances == sorted(distances) and _rank(results[0]) <= _rank(results[-1])


def test_filters_by_verdict_code_file_and_search(served: Served) -> None:
    def ids(**query: str) -> list[str]:
        return queue_ids(request(served.port, "GET", "/?" + urlencode(query)).body)

    false = ids(verdict="false_success")
    assert "ex-coding-push-rejected" in false and "ex-acme-label-ok" not in false
    assert ids(verdict="all", code="TSC110") == ["ex-coding-tests-fail-claimed"]
    acme = ids(file=next(f for f in served.server.app.queue.files() if f.endswith("acme.jsonl")))
    assert sorted(acme) == [
        "ex-acme-label-accepted",
        "ex-acme-label-ok",
        "ex-acme-label-wrong-order",
    ]
    assert ids(q="order 5530") == ["ex-acme-label-wrong-order"]
    assert ids(q="SHIPPING 5521") == ["ex-acme-label-accepted"]  # words, any case
    assert ids(q="no such words") == []


def test_reviewed_traces_leave_the_queue_and_stay_findable(served: Served) -> None:
    assert (
        _decide(served, "ex-acme-label-ok", "failure", "label printed for the wrong parcel") == 303
    )
    open_ids = queue_ids(request(served.port, "GET", "/").body)
    assert "ex-acme-label-ok" not in open_ids and len(open_ids) == 5
    reviewed = request(served.port, "GET", "/?status=reviewed").body
    assert queue_ids(reviewed) == ["ex-acme-label-ok"]
    assert "failure: label printed for the wrong parcel" in reviewed
    assert queue_ids(request(served.port, "GET", "/?status=all&q=wrong+parcel").body) == [
        "ex-acme-label-ok"
    ]
    notice = request(served.port, "GET", "/?reviewed=ex-acme-label-ok").body
    assert "Recorded: ex-acme-label-ok marked failure" in notice


# -- the reviews file ----------------------------------------------------------------------


def test_decisions_are_idempotent_undo_appends_a_retraction(served: Served, tmp_path: Path) -> None:
    tid = "ex-acme-label-ok"
    assert _decide(served, tid, "failure", "wrong parcel") == 303
    assert _decide(served, tid, "failure", "wrong parcel") == 303  # a double submit
    lines = review_lines(served.reviews)
    assert len(lines) == 1
    decision = lines[0]
    original = json.loads((tmp_path / "traces" / "acme.jsonl").read_text().splitlines()[0])
    assert {k: v for k, v in decision.items() if k != "ground_truth"} == original
    truth = decision["ground_truth"]
    assert truth["outcome"] == "failure" and truth["checked_by"] == "human"
    details = truth["details"]
    assert details["success"] is False and details["note"] == "wrong parcel"
    assert details["reviewed_at"].endswith("Z") and details["source_file"].endswith("acme.jsonl")
    assert details["line"] == 1 and details["review"] == "decision"

    assert post(served, "/undo", {"id": tid}).status == 303
    assert post(served, "/undo", {"id": tid}).status == 303  # nothing left to retract
    lines = review_lines(served.reviews)
    assert len(lines) == 2
    retraction = lines[1]["ground_truth"]
    assert retraction["outcome"] == "unknown" and retraction["checked_by"] == "human"
    assert retraction["details"]["retracts"] == details["decision_id"]
    assert tid in queue_ids(request(served.port, "GET", "/").body)  # back in the queue

    assert _decide(served, tid, "failure", "wrong parcel") == 303  # a new decision, after undo
    assert _decide(served, tid, "success", "it was fine") == 303  # a changed mind
    assert len(review_lines(served.reviews)) == 4
    proc = validate(served.reviews, tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "ok: 4 traces" in proc.stdout


def test_two_servers_on_one_reviews_file_lose_nothing(tmp_path: Path) -> None:
    traces = write_traces(tmp_path)
    reviews = tmp_path / "shared.jsonl"
    a, port_a = start_cli_server(tmp_path, traces, "--reviews", reviews)
    b, port_b = start_cli_server(tmp_path, traces, "--reviews", reviews)
    try:
        tokens = {port_a: token_of(port_a, OPEN[0]), port_b: token_of(port_b, OPEN[0])}

        def send(port: int, path: str, **form: str) -> int:
            sent = {"token": tokens[port], **form}
            headers = {"Origin": f"http://127.0.0.1:{port}"}
            return request(port, "POST", path, form=sent, headers=headers).status

        ids = queue_ids(request(port_a, "GET", "/").body)
        assert len(ids) == 6
        # interleaved, concurrent: each trace decided on one server or the other at once
        threads = [
            threading.Thread(target=send, args=(port_a if n % 2 else port_b, "/review"),
                             kwargs={"id": tid, "outcome": "failure", "note": f"n{n}"})
            for n, tid in enumerate(ids)
        ]  # fmt: skip
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        lines = review_lines(reviews)
        assert sorted(line["trace_id"] for line in lines) == sorted(ids)
        # A changes a decision B made; B has not looked since. B then repeats A's new
        # decision: B re-reads the file's tail under the lock first, so nothing is appended.
        tid = ids[0]  # decided on B above
        assert send(port_a, "/undo", id=tid) == 303
        assert send(port_a, "/review", id=tid, outcome="success", note="again") == 303
        assert len(review_lines(reviews)) == 8
        assert send(port_b, "/review", id=tid, outcome="success", note="again") == 303
        assert len(review_lines(reviews)) == 8
        # B undoes what A decided: the retraction names A's decision, not B's old one
        a_decision = review_lines(reviews)[-1]["ground_truth"]["details"]["decision_id"]
        assert send(port_b, "/undo", id=tid) == 303
        assert review_lines(reviews)[-1]["ground_truth"]["details"]["retracts"] == a_decision
        # and A sees the trace back in its queue, the rest reviewed on both
        assert queue_ids(request(port_a, "GET", "/").body) == [tid]
        assert len(queue_ids(request(port_b, "GET", "/?status=reviewed").body)) == 5
    finally:
        for proc in (a, b):
            proc.terminate()
            proc.wait(10)
    proc = validate(reviews, tmp_path)
    assert proc.returncode == 0 and "ok: 9 traces" in proc.stdout, proc.stdout + proc.stderr


def test_bench_and_train_read_the_standing_decision_per_trace(tmp_path: Path) -> None:
    """Retracted decisions and retractions are not labels; a changed mind is the last one."""
    from toolscore_ci.pipeline import CheckConfig
    from toolscore_ci.serve.reviews import ReviewLog
    from toolscore_ci.training import load_examples

    source = write_traces(tmp_path) / "acme.jsonl"
    records = [json.loads(x) for x in source.read_text().splitlines()]
    log = ReviewLog(str(tmp_path / "reviews.jsonl"))
    where = (str(source), 1)
    log.decide(records[0], False, "first", where)
    log.decide(records[0], True, "changed my mind", where)  # stands: success
    log.decide(records[1], False, "wrong", where)
    log.undo(records[1], where)  # retracted: no label
    log.decide(records[2], False, "a", where)
    log.decide(records[2], True, "b", where)
    log.undo(records[2], where)  # "b" retracted: "a" stands again, a failure
    assert len(review_lines(tmp_path / "reviews.jsonl")) == 7

    proc = cli("bench", tmp_path / "reviews.jsonl", "--output", "json", "--detector", "checks",
               "--resamples", "10", cwd=tmp_path)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert (report["traces"], report["failures"], report["genuine"]) == (2, 1, 1)
    assert report["unlabelled"] == 0  # the retraction lines are not "unlabelled traces"

    labelled = load_examples([str(tmp_path / "reviews.jsonl")], CheckConfig())
    assert sorted(e.success for e in labelled.examples) == [0, 1]
    assert labelled.unlabelled == 0
    proc = cli("train", tmp_path / "reviews.jsonl", "--out", tmp_path / "model", cwd=tmp_path)
    assert proc.returncode == 2 and "1 success(es) and 1 failure(s)" in proc.stderr


def test_a_results_file_is_served_as_it_is(tmp_path: Path) -> None:
    traces = write_traces(tmp_path)
    results = tmp_path / "results.jsonl"
    proc = cli("check", traces, "--output", "jsonl", "--out", results, "--fail-on", "none",
               cwd=tmp_path)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    with serving(results, "--reviews", tmp_path / "r.jsonl") as served:
        assert len(queue_ids(request(served.port, "GET", "/").body)) == 6
        assert _decide(served, "ex-acme-label-ok") == 303
    lines = review_lines(tmp_path / "r.jsonl")
    assert len(lines) == 1 and lines[0]["trace_id"] == "ex-acme-label-ok"
    assert validate(tmp_path / "r.jsonl", tmp_path).returncode == 0


def test_default_reviews_file_is_beside_the_first_path(tmp_path: Path) -> None:
    from toolscore_ci.serve.command import default_reviews_path

    assert default_reviews_path("runs/traces") == "runs/reviews.agent-trace.jsonl"
    assert default_reviews_path("runs/traces/") == "runs/reviews.agent-trace.jsonl"
    assert default_reviews_path("runs/a.jsonl") == "runs/reviews.agent-trace.jsonl"
    assert default_reviews_path("a.jsonl") == "./reviews.agent-trace.jsonl"
    assert default_reviews_path("runs/**/*.jsonl") == "runs/reviews.agent-trace.jsonl"
    traces = write_traces(tmp_path)
    with serving(traces) as served:
        assert served.reviews == tmp_path / "reviews.agent-trace.jsonl"


def test_bad_input_is_a_clear_error_not_a_traceback(tmp_path: Path) -> None:
    missing = cli("serve", tmp_path / "nope.jsonl", "--port", "0", cwd=tmp_path)
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    assert "nope.jsonl" in missing.stderr and "no traces found" in missing.stderr
    traces = write_traces(tmp_path)
    unwritable = cli("serve", traces, "--reviews", tmp_path / "no" / "r.jsonl", "--port", "0",
                     cwd=tmp_path)  # fmt: skip
    assert unwritable.returncode == 2 and "--reviews" in unwritable.stderr
    bad_port = cli("serve", traces, "--port", "70000", cwd=tmp_path)
    assert bad_port.returncode == 2 and "port" in bad_port.stderr


def test_a_trace_file_changed_under_the_server_takes_no_decision(
    served: Served, tmp_path: Path
) -> None:
    acme = tmp_path / "traces" / "acme.jsonl"
    lines = acme.read_text().splitlines()
    acme.write_text("\n".join([lines[1], lines[0], lines[2]]) + "\n")  # line 1 is another trace
    page = request(served.port, "GET", "/trace?" + urlencode({"id": "ex-acme-label-ok"}))
    assert page.status == 200 and "can no longer be read" in page.body
    assert "mark-failure" not in page.body  # no form to send
    reply = _decide(served, "ex-acme-label-ok")
    assert reply == 409 and review_lines(served.reviews) == []


def test_a_torn_last_line_is_skipped_and_the_next_append_starts_afresh(tmp_path: Path) -> None:
    from toolscore_ci.serve.reviews import ReviewLog

    source = write_traces(tmp_path) / "acme.jsonl"
    record = json.loads(source.read_text().splitlines()[0])
    path = tmp_path / "reviews.jsonl"
    path.write_text('{"schema": "agent-trace/v1", "trace_id": "ex-acme-la')  # a crashed writer
    log = ReviewLog(str(path))
    assert log.standing_all() == {}
    decision, appended = log.decide(record, False, "late", (str(source), 1))
    assert appended and log.standing("ex-acme-label-ok") == decision
    text = path.read_text().split("\n")
    assert text[0].endswith("ex-acme-la") and json.loads(text[1])["trace_id"] == "ex-acme-label-ok"
    assert ReviewLog(str(path)).bad_lines == [1]  # read back: the torn line named, not fatal


def test_trace_pages_link_the_next_open_trace(served: Served) -> None:
    ids = queue_ids(request(served.port, "GET", "/").body)

    def next_of(trace_id: str) -> str | None:
        body = request(served.port, "GET", "/trace?" + urlencode({"id": trace_id})).body
        found = re.search(r'id=next href="/trace\?id=([^"]*)"', body)
        return unquote_plus(html.unescape(found.group(1))) if found else None

    assert [next_of(t) for t in ids[:-1]] == ids[1:]
    assert next_of(ids[-1]) == ids[0]  # the last one wraps to the first still open
    assert next_of("ex-coding-push-rejected") == ids[0]  # not in the queue: its head


def test_a_long_queue_lists_the_first_rows_and_says_so(
    served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    from toolscore_ci.serve import pages

    monkeypatch.setattr(pages, "ROW_LIMIT", 2)
    body = request(served.port, "GET", "/").body
    assert len(queue_ids(body)) == 2
    assert "6 traces match: the first 2 are listed, narrow the filters" in body
    monkeypatch.setattr(pages, "ROW_LIMIT", 500)
    assert "6 traces match</p>" in request(served.port, "GET", "/").body


def test_ctrl_c_stops_the_server_cleanly(tmp_path: Path) -> None:
    import signal

    proc, port = start_cli_server(tmp_path, write_traces(tmp_path), "--reviews", tmp_path / "r")
    assert request(port, "GET", "/").status == 200
    proc.send_signal(signal.SIGINT)
    assert proc.wait(10) == 0
    assert proc.stderr is not None and "stopped" in proc.stderr.read()


def test_a_queue_row_names_its_reason_by_that_reasons_own_code() -> None:
    """The first reason (the checks', with no code) is shown without the model's TSM001,
    which belongs to another reason."""
    from toolscore_ci.model import Reason, Result
    from toolscore_ci.serve.pages import _row

    reasons = [
        Reason("sent", "unknown", (), "nothing ran that says whether it happened"),
        Reason("model_score", "unknown", (), "classifier: 71% likely", code="TSM001"),
    ]
    result = Result("t1", "unverifiable", 0.6, [], reasons, "t.jsonl", 1)
    row = _row(result, None)
    assert "nothing ran that says whether it happened" in row
    assert "TSM001" not in row
    reasons.reverse()
    assert "TSM001 classifier: 71% likely" in _row(result, None)


def test_check_of_a_folder_holding_the_reviews_file_does_not_count_reviews_as_runs(
    tmp_path: Path,
) -> None:
    """The default reviews file sits beside the traces; `check` of that folder warns about
    each review line and checks only the traces (three decisions were four results)."""
    from toolscore_ci.serve.reviews import ReviewLog

    trace = json.loads((REPO / "examples" / "booking.jsonl").read_text().splitlines()[0])
    folder = tmp_path / "tr"
    folder.mkdir()
    (folder / "a.jsonl").write_text(json.dumps(trace) + "\n", encoding="utf-8")
    log = ReviewLog(str(folder / "reviews.agent-trace.jsonl"))
    log.decide(trace, False, "wrong room", (str(folder / "a.jsonl"), 1))
    log.undo(trace, (str(folder / "a.jsonl"), 1))
    log.decide(trace, True, "", (str(folder / "a.jsonl"), 1))
    run = cli("check", folder, "--detector", "checks", "--output", "jsonl", cwd=tmp_path)
    results = [json.loads(x) for x in run.stdout.splitlines() if '"trace_id"' in x]
    assert [r["trace_id"] for r in results] == [trace["trace_id"]], run.stderr
    assert run.stderr.count("a review decision written by toolscore-ci serve") == 3
    assert "Traceback" not in run.stderr


def test_an_undo_from_a_stale_page_leaves_a_newer_decision_standing(tmp_path: Path) -> None:
    from toolscore_ci.serve.reviews import ReviewLog

    trace = json.loads((REPO / "examples" / "booking.jsonl").read_text().splitlines()[0])
    path = str(tmp_path / "reviews.agent-trace.jsonl")
    source = ("booking.jsonl", 1)
    mine, _ = ReviewLog(path).decide(trace, False, "mine", source)
    theirs, _ = ReviewLog(path).decide(trace, True, "theirs", source)  # another server
    log = ReviewLog(path)
    assert log.undo(trace, source, mine.decision_id) is None  # the page showed mine
    assert log.standing(trace["trace_id"]).decision_id == theirs.decision_id
    assert log.undo(trace, source, theirs.decision_id) is not None
    # with theirs retracted, the last decision no retraction names stands again: mine
    assert log.standing(trace["trace_id"]).decision_id == mine.decision_id


def test_a_reviews_file_replaced_by_a_larger_one_is_read_again_from_the_start(
    tmp_path: Path,
) -> None:
    from toolscore_ci.serve.reviews import ReviewLog

    lines = (REPO / "examples" / "booking.jsonl").read_text().splitlines()
    first, second = json.loads(lines[0]), json.loads(lines[1])
    path = tmp_path / "reviews.agent-trace.jsonl"
    log = ReviewLog(str(path))
    log.decide(first, False, "", ("booking.jsonl", 1))
    # another tool rewrites the file whole, larger, as an editor would (a new inode)
    other = tmp_path / "other.jsonl"
    writer = ReviewLog(str(other))
    writer.decide(second, True, "a much longer note " * 20, ("booking.jsonl", 2))
    writer.decide(first, True, "", ("booking.jsonl", 1))
    os.replace(other, path)
    log.refresh()
    assert log.bad_lines == []
    assert log.standing(first["trace_id"]).success is True
    assert log.standing(second["trace_id"]).success is True
