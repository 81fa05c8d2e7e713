"""The shared trace view (report/trace_view.py): a trace read back through the format readers,
claims highlighted exactly where they were said, and every trace string inert."""

from __future__ import annotations

import dataclasses
import glob
import html
import json
from html.parser import HTMLParser
from pathlib import Path

import pytest
from html_report_helpers import HOSTILE, PAYLOADS, hostile_record, record, step, write_jsonl

from toolscore_ci.model import Claim, Reason, Result
from toolscore_ci.pipeline import CheckConfig, run
from toolscore_ci.report.trace_view import (
    STYLESHEET,
    load_trace,
    load_traces,
    trace_html,
    trace_title,
)

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

#: Every tag and attribute the view may emit: nothing that runs, loads or links.
ALLOWED_TAGS = {
    "article", "div", "h3", "h4", "span", "code", "p", "ul", "ol", "li", "mark", "details",
    "summary", "pre", "b",
}  # fmt: skip
ALLOWED_ATTRS = {"class", "data-verdict", "data-codes", "title", "value"}


class _Markup(HTMLParser):
    """The tags and attributes a browser would build from a fragment, and its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str | None]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs.extend(attrs)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(fragment: str) -> _Markup:
    parser = _Markup()
    parser.feed(fragment)
    parser.close()
    return parser


def check_file(path: Path) -> list[Result]:
    return [r for r in run([str(path)], CheckConfig()) if isinstance(r, Result)]


def test_claim_span_is_highlighted_exactly(tmp_path: Path) -> None:
    message = "I looked at the calendar first. The room is booked for Thursday 14:00. Bye!"
    path = write_jsonl(
        tmp_path / "t.jsonl",
        [
            record(
                "r1",
                [
                    step(0, "message", "user", content="Book the room for Thursday."),
                    step(1, "tool_call", "agent", name="createBooking", args={"room": "A"}),
                    step(2, "tool_result", "tool", name="createBooking", ok=False, error="409"),
                    step(3, "message", "agent", content=message),
                ],
                message,
            )
        ],
    )
    [result] = check_file(path)
    assert result.verdict == "false_success"
    claim = result.claims[0]
    assert claim.step == 3 and claim.span is not None
    trace = load_trace(str(path), result.line)
    fragment = trace_html(result, trace)
    start, end = claim.span
    assert message[start:end] == "The room is booked for Thursday 14:00."
    assert (
        'I looked at the calendar first. <mark class="claim" title="claim 1">'
        "The room is booked for Thursday 14:00.</mark> Bye!"
    ) in fragment
    # the reason with its code and outcome, and the steps it cites, the call's args folded
    assert '<span class="code">TSC101</span>' in fragment
    assert "contradicted" in fragment
    assert (
        '<span class="label">arguments</span> <code>{&quot;room&quot;: &quot;A&quot;}</code>'
        in fragment
    )
    assert "#1</span> tool_call" in fragment
    assert "#2</span> tool_result" in fragment and "ok=false" in fragment


def test_span_over_markup_is_marked_and_escaped() -> None:
    """A span is a character range of the raw text: markup inside it is marked as text."""
    body = "ok <b>so</b> done & dusted"
    result = Result("x", "unverifiable", 0.5, [Claim("done", "x", 0, (3, 12))], [], "f", 1)
    trace = _trace("x", [step(0, "message", "agent", content=body)], body)
    fragment = trace_html(result, trace)
    assert (
        '>ok <mark class="claim" title="claim 1">&lt;b&gt;so&lt;/b&gt;</mark> done &amp; dusted<'
        in fragment
    )


def _trace(trace_id: str, steps: list[dict[str, object]], final: str):  # type: ignore[no-untyped-def]
    from toolscore_ci.projection import project

    return project(record(trace_id, steps, final))  # type: ignore[arg-type]


def test_hostile_trace_is_inert_text_in_every_field(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "hostile.jsonl", [hostile_record()])
    [result] = check_file(path)
    assert result.verdict == "false_success"
    # cite the hostile tool's steps too, and carry hostile text in a note and a claim type
    result.reasons.append(Reason("lookup" + HOSTILE, "unknown", (3, 4), HOSTILE, code="X<b>1"))
    result.notes.append(HOSTILE)
    result.claims.append(Claim("done", HOSTILE, None, None, type=HOSTILE))
    trace = load_trace(str(path), result.line)
    assert trace is not None
    fragment = trace_html(result, trace)
    markup = parse(fragment)
    assert set(markup.tags) <= ALLOWED_TAGS, set(markup.tags) - ALLOWED_TAGS
    assert {name for name, _ in markup.attrs} <= ALLOWED_ATTRS
    for name, value in markup.attrs:  # no trace text in an attribute but data-codes (escaped)
        if name != "data-codes":
            assert "pwned" not in (value or "") and "<" not in (value or ""), (name, value)
    shown = "".join(markup.text)
    for payload in PAYLOADS:  # each one is there, as the characters it is
        assert payload in shown
    # every field: the task, tool names, args, outputs, error, messages, claims, notes
    for where in ("Book the room " + HOSTILE, "lookup<img", '"roomId": ', "ROOM_UNAVAILABLE"):
        assert where in shown, where
    assert html.escape(PAYLOADS[0], quote=True) in fragment


def test_invisible_characters_are_shown(tmp_path: Path) -> None:
    body = "Done \u202eevil\u202c and booked."
    result = Result("x", "unverifiable", 0.5, [], [], "f", 1)
    trace = _trace("x", [step(0, "message", "user", content=body)], body)
    assert "‹U+202E›" in trace_html(result, trace)


def test_long_output_is_cut_with_a_visible_count() -> None:
    big = "y" * 5_000
    trace = _trace(
        "x",
        [
            step(0, "tool_call", "agent", name="run", args={}),
            step(1, "tool_result", "tool", name="run", ok=True, output=big),
        ],
        "done",
    )
    result = Result("x", "unverifiable", 0.5, [], [Reason("c", "unknown", (0, 1), "d")], "f", 1)
    fragment = trace_html(result, trace)
    assert "… 3,000 more characters" in fragment
    assert "y" * 2_000 in fragment and "y" * 2_001 not in fragment


def test_title_is_a_name_or_the_instruction_head_never_a_bare_uuid() -> None:
    uuid = "4f35e220-c435-4cf7-b9b9-f40426042847"
    result = Result(uuid, "false_success", 0.1, [], [], "f", 1)
    steps = [step(0, "message", "user", content="Fix the failing test and commit.")]
    assert trace_title(result, _trace(uuid, steps, "done")) == "Fix the failing test and commit."
    named = _trace(uuid, steps, "done")
    named = dataclasses.replace(named, task={"id": "airline-12", "instruction": "x"})
    assert trace_title(result, named) == "airline-12"
    assert trace_title(result, None) == uuid  # the only name there is


@pytest.mark.parametrize(
    "example", sorted(glob.glob(str(EXAMPLES / "formats" / "*"))), ids=lambda p: Path(p).name
)
def test_every_sniffed_format_reads_back(example: str) -> None:
    results = check_file(Path(example))
    assert results
    for result in results:
        trace = load_trace(result.source_file, result.line)
        assert trace is not None and trace.trace_id == result.trace_id
        assert "could not be read back" not in trace_html(result, trace)


def test_gzip_reads_back_and_many_load_in_one_pass(tmp_path: Path) -> None:
    records = [hostile_record(f"h{n}") for n in range(3)]
    path = write_jsonl(tmp_path / "t.jsonl.gz", records)
    results = check_file(path)
    found = load_traces(results)
    assert [found[r.trace_id].trace_id for r in results] == [r["trace_id"] for r in records]


def test_several_traces_on_one_line_each_read_back(tmp_path: Path) -> None:
    """A JSON array on one line: every record is at line 1, each result gets its own."""
    records = [hostile_record(f"a{n}") for n in range(3)]
    path = tmp_path / "array.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    results = check_file(path)
    assert {r.line for r in results} == {1}
    found = load_traces(results)
    assert [found[r.trace_id].trace_id for r in results] == [r["trace_id"] for r in records]
    assert all("could not be read back" not in trace_html(r, found[r.trace_id]) for r in results)


def test_gone_changed_or_stdin_says_so(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "t.jsonl", [hostile_record("a"), hostile_record("b")])
    results = check_file(path)
    assert load_trace(str(tmp_path / "gone.jsonl"), 1) is None
    assert load_trace("-", 1) is None
    assert load_trace(str(path), 99) is None
    # the file is rewritten: line 2 now holds another trace, and the view says so
    write_jsonl(path, [hostile_record("a"), hostile_record("c")])
    fragment = trace_html(results[1], load_trace(str(path), 2))
    assert "that line now holds another trace" in fragment
    assert "#1</span>" not in fragment  # no steps of the wrong trace
    path.write_text("{not json\n" * 2, encoding="utf-8")
    fragment = trace_html(results[0], load_trace(str(path), 1))
    assert "could not be read back" in fragment and "the file is gone or changed" in fragment
    assert "TSC101" in fragment  # what the result says is still shown
    assert json.dumps(results[0].claims[0].text)  # (the claim list stands in for the messages)
    assert "claims" in fragment.lower()


def test_stylesheet_loads_nothing() -> None:
    assert "url(" not in STYLESHEET and "@import" not in STYLESHEET and "http" not in STYLESHEET
