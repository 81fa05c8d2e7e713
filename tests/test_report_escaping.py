"""Untrusted text through every escaping path, and the size limits of the Markdown report."""

from __future__ import annotations

import re
from urllib.parse import unquote

from hypothesis import given
from hypothesis import strategies as st

from toolscore_ci.model import Claim, Reason, Result
from toolscore_ci.report.annotations import Annotation, select_for_log, workflow_command
from toolscore_ci.report.comment import (
    COMMENT_LIMIT,
    SUMMARY_LIMIT,
    ReportData,
    marker,
    md_text,
    render_markdown,
    stable_body,
    utf8_len,
)
from toolscore_ci.report.workflow_commands import (
    command,
    escape_data,
    escape_property,
    guarded,
)

nasty = st.text(
    alphabet=st.sampled_from(list("ab:,%\r\n@<>/|`*_[]()#!&\\~ \u2028é🙂")), max_size=80
)


@given(nasty)
def test_escape_data_round_trips_and_has_no_line_breaks(text: str) -> None:
    escaped = escape_data(text)
    assert "\r" not in escaped and "\n" not in escaped
    assert unquote(escaped) == text  # %25, %0D, %0A are exactly percent-encoding


@given(nasty)
def test_escape_property_cannot_end_the_property_list(text: str) -> None:
    escaped = escape_property(text)
    assert ":" not in escaped and "," not in escaped and "\n" not in escaped
    assert unquote(escaped) == text


@given(nasty, nasty)
def test_a_command_is_one_line_with_exactly_our_properties(title: str, message: str) -> None:
    line = command("error", message, {"file": "a.jsonl", "line": 3, "title": title})
    assert "\n" not in line and "\r" not in line
    head, _, body = line.partition("::")[2].partition("::")
    assert head.startswith("error ")
    props = dict(p.split("=", 1) for p in head[len("error ") :].split(","))
    assert set(props) == {"file", "line", "title"} - (set() if title else {"title"})
    assert unquote(props.get("title", "")) == title and unquote(body) == message


def test_guarded_log_lines_cannot_run_commands() -> None:
    lines = guarded(
        ["ok", "::add-mask::secret", "a\n::set-output name=x::1", "  ::error::x"], "T0K"
    )
    assert lines[0] == "::stop-commands::T0K" and lines[-1] == "::T0K::"
    inner = lines[1:-1]
    assert len(inner) == 4
    assert not any(line.lstrip().startswith("::") for line in inner)


@given(nasty)
def test_md_text_is_inert(text: str) -> None:
    out = md_text(text, limit=1000)
    assert "\n" not in out and "\r" not in out and "\u2028" not in out
    assert "<" not in out and ">" not in out
    assert not re.search(r"(?<![A-Za-z0-9])@[A-Za-z0-9_]", out), out
    # Every Markdown special character that survives is escaped.
    assert not re.search(r"(?<!\\)[`*_\[\]|~]", out.replace("\\\\", ""))


def test_md_text_keeps_emails_and_clips() -> None:
    assert md_text("mail bob@example.com") == "mail bob@example.com"
    assert md_text("ping @octo-org/admins") == "ping @\u200docto-org/admins"
    assert md_text("x" * 50, limit=10) == "x" * 9 + "…"


def test_marker_is_per_title_and_hidden() -> None:
    assert marker("a") != marker("b")
    assert re.fullmatch(r"<!-- toolscore-ci report [0-9a-f]{16} -->", marker("</details> -->"))


def test_select_for_log_caps_each_level() -> None:
    notes = [Annotation("error", "a", n, "t", "m") for n in range(15)]
    notes += [Annotation("warning", "a", n, "t", "m") for n in range(3)]
    shown = select_for_log(notes, 10)
    assert [a.level for a in shown].count("error") == 10
    assert [a.level for a in shown].count("warning") == 3
    assert workflow_command(shown[0]).startswith("::error file=a,line=0,title=t::")


def many(n: int, detail: str) -> ReportData:
    results = [
        Result(
            f"trace-{i}",
            "false_success",
            0.05,
            [Claim("sent", f"Sent {i}. {detail}", 1)],
            [Reason("sent", "contradicted", (1, 2), detail)],
            f"traces/f{i % 7}.jsonl",
            i + 1,
        )
        for i in range(n)
    ]
    return ReportData(
        title="big",
        conclusion="failure",
        counts={"false_success": n, "verified": 0, "unverifiable": 0, "skipped": 0},
        false_successes=results,
        review=[],
        issues=[f"traces/bad.jsonl:{i}: $: invalid JSON {detail}" for i in range(n)],
    )


def assert_well_formed(body: str) -> None:
    assert body.startswith("<!-- toolscore-ci report ")
    # the one volatile line (commit, run, links) is the third, under the heading
    assert body.splitlines()[2].startswith("<sub>") and body.splitlines()[2].endswith("</sub>")
    assert body.count("<sub>") == body.count("</sub>") == 1
    # every collapsed list is closed again, each on lines of its own
    opened = [line for line in body.splitlines() if line.startswith("<details>")]
    assert len(opened) == body.count("<details>") == body.count("\n</details>\n")
    for line in body.splitlines():
        # every entry is whole: bold markers pair up on each line
        assert len(re.findall(r"(?<!\\)\*\*", line)) % 2 == 0, line


def test_a_huge_report_is_trimmed_under_the_comment_limit() -> None:
    data = many(3000, "x" * 250 + " 🙂")
    body = render_markdown(data, COMMENT_LIMIT)
    assert len(body) < COMMENT_LIMIT
    assert_well_formed(body)
    assert re.search(r"…and \d+ more", body)
    assert "False successes: 3000" in body


def test_the_job_summary_stays_under_one_mebibyte_in_bytes() -> None:
    data = many(4000, "é" * 280)  # two bytes a character: bytes, not characters, count
    body = render_markdown(data, SUMMARY_LIMIT - 8192, utf8_len)
    assert utf8_len(body) < SUMMARY_LIMIT - 8192
    assert len(body) > 100_000  # trimmed, not gutted
    assert_well_formed(body)


def test_small_reports_are_not_trimmed() -> None:
    body = render_markdown(many(5, "short"))
    assert "more:" not in body and body.count("- **trace-") == 5


def test_stable_body_ignores_only_the_run_link() -> None:
    a = render_markdown(many(2, "d"))
    data = many(2, "d")
    data.run_url = "https://github.example/o/r/actions/runs/2"
    b = render_markdown(data)
    assert a != b and stable_body(a) == stable_body(b)
    assert stable_body(a) != stable_body(render_markdown(many(3, "d")))


# -- text that cannot link, reference or hide (issue 9) --------------------------------------

HOSTILE_LINKS = [
    "see https://evil.example/x",
    "see http://evil.example/x",
    "ftp://files.example/a",
    "go to www.evil.example now",
    "write mailto:boss@example.com",
    "\\[click\\](https://evil.example)",
    "[click](https://evil.example)",
    "![pixel](https://evil.example/track.png)",
    "<https://evil.example>",
    "fixes #123",
    "see octo/agent#5",
    "closes GH-9",
]
# What GitHub turns into a live link or a cross-reference, on the rendered text.
_LIVE = re.compile(
    r"(?i)(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*://|(?<![a-z0-9.-])www\.|(?<![a-z0-9])(mailto|xmpp):"
    r"|#\d|(?<![a-z0-9])gh-\d"
)
INVISIBLE = [
    "\u202a",
    "\u202b",
    "\u202c",
    "\u202d",
    "\u202e",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
    "\u200b",
    "\u200c",
    "\u200d",
    "\u2060",
    "\ufeff",
    "\ud800",  # a lone surrogate: not even writable as UTF-8
]


def _rendered(md: str) -> str:
    """The text a reader sees: entities decoded, backslash escapes removed."""
    return (
        re.sub(r"\\(.)", r"\1", md).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    )


def test_md_text_breaks_urls_and_issue_references() -> None:
    for text in HOSTILE_LINKS:
        out = md_text(text)
        assert not _LIVE.search(_rendered(out)), (text, out)
        # Still readable: dropping our joiners gives back the rendered text.
        assert _rendered(out).replace("\u200d", "") == text, (text, out)


def test_md_text_shows_bidi_and_zero_width_characters() -> None:
    for ch in INVISIBLE:
        out = md_text(f"ok{ch}done")
        assert out == f"ok‹U+{ord(ch):04X}›done", (ch, out)
        out.encode("utf-8")  # writable


def test_normal_text_stays_readable() -> None:
    for text in [
        "3 tests passed",
        "31 passed, 0 failed",
        "traces/agents.jsonl:12",
        "src/app/main.py",
        "exit code 0",
        "HTTP 503 Service Unavailable",
        "mail bob@example.com",
        "Déjà vu 🙂",
    ]:
        assert md_text(text) == text


def test_annotations_are_inert_too() -> None:
    from toolscore_ci.report.annotations import build_annotations

    said = "Sent, see https://evil.example and #12 \u202eexe.txt"
    result = Result(
        "t-1",
        "false_success",
        0.05,
        [Claim("sent", said, 1)],
        [Reason("sent", "contradicted", (1, 2), "www.evil.example said GH-3")],
        "traces/a.jsonl",
        1,
    )
    (note,) = build_annotations([result])
    for text in (note.title, note.message):
        assert not _LIVE.search(text), text
        assert "\u202e" not in text
    assert "‹U+202E›" in note.message and "evil.example" in note.message


def test_rendered_report_carries_no_live_link_from_a_trace() -> None:
    data = many(2, " ".join(HOSTILE_LINKS) + "".join(INVISIBLE))
    body = render_markdown(data)
    ours = stable_body(body)  # drop the volatile line (our own links)
    assert not _LIVE.search(_rendered(ours))
    for ch in INVISIBLE:
        if ch != "\u200d":  # our own joiner is the one invisible character allowed
            assert ch not in body
    body.encode("utf-8")
