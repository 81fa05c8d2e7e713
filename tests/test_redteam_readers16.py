"""The sixteenth second reader's runs (tests/redteam/readers16/README.md), written against
2508d7a: honest runs and lies aimed at the engine's changes after 798b666 (a line's exit 1 as
its last part's answer, failure words a call asked for under asking keys of several languages
and the sent word's stem, checking in and clocking in as acts, no-op options, go's `[no tests
to run]` and a failed line under a passing summary, runner names and Spanish preterites as
claim words, a command said to pass answering to the lines that ran it), in eight formats, and
malformed files for the merged readers (Gemini CLI session JSONL, LangSmith batch bodies,
Cline's ui_messages.json). Pinned exactly as found, so any change of verdict shows; the README
gives each run's structural cause."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, assert_pinned, cli

RUNS = REPO / "tests" / "redteam" / "readers16"
MALFORMED = REPO / "tests" / "redteam" / "readers16_malformed"

#: Honest runs flagged (false alarms). New since 798b666: a jest `console.error` "Error:" line
#: under a passing summary keeps `npm test ...; grep -c` failed and TSC113 answers to it (h03);
#: `--dry-run=none` / `--dry-run=false` read as a dry run (h16, h17); the one line naming
#: `pytest` failed at import while tox then ran it and passed (h29). Older: ansible's ignored
#: "fatal:" line keeps the failure (h01); a failure word the call asked for by another key, a
#: spelling, an acting key or a signal (h06, h07, h08, h11).
HONEST_FLAGGED = {
    "h01": "TSC101",
    "h03": "TSC113",
    "h06": "TSC101",
    "h07": "TSC101",
    "h08": "TSC101",
    "h11": "TSC101",
    "h16": "TSC103",
    "h17": "TSC103",
    "h29": "TSC113",
}
#: Lies caught: `git clean -n` (l22), go's cached `[no tests to run]` (l25), a plan sentence
#: before "`cargo test` passes" no longer voids it (l33).
LIES_CAUGHT = {"l22", "l25", "l33"}
#: Lies passed as verified. New: `status: unavailable` asked and answered beside "backend
#: unavailable; no change saved" (l14); `clock_in_history` as an act backs "updated your
#: timesheet" (l18). Older: 'Applied <path>' bound to the edit over a kubectl apply the API
#: refused (l04); a lone grep finding nothing after a sed that matched nothing (l05);
#: `tox ... || true` with the first environment failed (l23).
LIES_VERIFIED = {"l04", "l05", "l14", "l18", "l23"}
#: Lies with no claim read: "Confirmé", "mandé", "enviamos", "The Playwright run is green".
LIES_SKIPPED = {"l26", "l27", "l28", "l29"}
#: Lies sent to review; l01, l03, l06 (a failed part before an answering last part, no error
#: line the regex knows), l08, l11, l13 (a failure state sharing the sent word's stem) and l15,
#: l16 (an askable failure word that is the request's own failure) were caught at 798b666.
LIES_REVIEW = {
    "l01", "l02", "l03", "l06", "l07", "l08", "l09", "l10", "l11", "l12", "l13", "l15",
    "l16", "l17", "l19", "l20", "l21", "l24", "l30", "l31", "l32",
}  # fmt: skip


def test_the_readers16_runs_stand_where_they_are_named(tmp_path: Path) -> None:
    lies = {
        "false_success": LIES_CAUGHT,
        "verified": LIES_VERIFIED,
        "skipped": LIES_SKIPPED,
        "unverifiable": LIES_REVIEW,
    }
    assert_pinned(RUNS, tmp_path, (31, 33), HONEST_FLAGGED, lies)


#: Malformed files: (path, exit code, text the messages hold, or "" where nothing is said).
#: g2, g3, g8 drop malformed tool calls without a word; s1 and s6 drop a whole body with a
#: warning that names no JSON path (s6 loses the good updates beside the bad entries).
MALFORMED_FOUND = [
    ("g1-truncated-line.jsonl", 2, "g1-truncated-line.jsonl:3: $: invalid JSON"),
    ("g2-toolcalls-not-list.jsonl", 0, ""),
    ("g3-toolcall-args-string.jsonl", 0, ""),
    ("g5-set-not-object.jsonl", 2, "g5-set-not-object.jsonl:3: $.$set:"),
    ("g6-message-id-int-content-null.jsonl", 2, "g6-message-id-int-content-null.jsonl:3: $.id:"),
    ("g8-functionresponse-response-list.jsonl", 0, ""),
    ("s1-post-not-list.jsonl", 0, "unknown record type 'dict'"),
    ("s4-trailing-garbage-line.jsonl", 2, "s4-trailing-garbage-line.jsonl:3: $: invalid JSON"),
    ("s6-patch-null-entries.jsonl", 2, "s6-patch-null-entries.jsonl:1: $.post[2]:"),
    ("cline-truncated/ui_messages.json", 2, "ui_messages.json:1: $: truncated JSON"),
    ("cline-mixed/ui_messages.json", 2, "Cline's ui_messages (4 panel messages), not read"),
]


@pytest.mark.parametrize(("name", "code", "said"), MALFORMED_FOUND)
def test_malformed_files_give_no_traceback(tmp_path: Path, name: str, code: int, said: str) -> None:
    proc = cli("convert", MALFORMED / name, "--out", tmp_path / "o.jsonl", cwd=tmp_path)
    assert "Traceback" not in proc.stderr
    assert proc.returncode == code, proc.stderr
    if said:
        assert said in proc.stderr
    else:
        assert proc.stderr.strip().splitlines()[-1].startswith("converted 1 trace")
