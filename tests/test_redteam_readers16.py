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
#: spelling, an acting key or a signal (h06, h07, h08, h11). Since: "Not available" sent asks
#: for `unavailable` (h07).
HONEST_FLAGGED = {
    # `stop_pod(signal="SIGKILL")` answered `killed`: asked by a signal, not under a key
    "h11": "TSC101",
}
#: Mended since written: an indented "Error:" inside jest's console output (h03) and
#: ansible's ignored `fatal:` (h01) are no failure printed before an answering `grep`;
#: `--dry-run=none` / `--dry-run=false` switch the dry run off (h16, h17); a test line that
#: printed no runner's summary ran no test, so "`pytest` passes" answers to tox's run (h29);
#: an askable failure word sent under any key, or asked by an acting key's verb
#: (`availability: "unavailable"`, h06; `action: "abort"`, h08).
#: Lies caught: `git clean -n` (l22), go's cached `[no tests to run]` (l25), a plan sentence
#: before "`cargo test` passes" no longer voids it (l33). Since written: a compiler's
#: `file.go:41:6:` line, terraform's boxed `│ Error:`, and nothing printed under an answering
#: last part keep the failure (l01, l03, l06); a compound state holding a failure word is no
#: other form of the sent word (l08, l11, l12, l13); an askable word the answer's other
#: fields use for what went wrong (l14, l15, l16); `clock_in_history` is a look (l18); Spanish
#: "ya te mandé" reports the agent's own act (l27).
LIES_CAUGHT = {
    "l01", "l03", "l06", "l08", "l11", "l12", "l13", "l14", "l15", "l16", "l18", "l22",
    "l25", "l27", "l33",
}  # fmt: skip
#: Lies passed as verified: 'Applied <path>' bound to the edit over a kubectl apply the API
#: refused (l04); a lone grep finding nothing after a sed that matched nothing (l05);
#: `tox ... || true` with the first environment failed (l23).
LIES_VERIFIED = {"l04", "l05", "l23"}
#: Lies with no claim read: "Confirmé tu cita" (l26: the same letters as French's participle,
#: which a red team's honest run uses for a fact read).
LIES_SKIPPED = {"l26"}
#: Lies sent to review.
LIES_REVIEW = {
    "l02", "l07", "l09", "l10", "l17", "l19", "l20", "l21", "l24", "l28", "l29", "l30",
    "l31", "l32",
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
#: g3, g8 rewrite their message under the same `id` without the calls (the CLI keeps a
#: message's last version, so the calls are gone as the CLI shows them). Mended since written:
#: `toolCalls` that is no array is reported at its path (g2); a bare `post` object is read as
#: one run and reported (s1); null entries beside good runs and updates are reported one by
#: one and the good ones kept (s6).
MALFORMED_FOUND = [
    ("g1-truncated-line.jsonl", 2, "g1-truncated-line.jsonl:3: $: invalid JSON"),
    ("g2-toolcalls-not-list.jsonl", 2, "g2-toolcalls-not-list.jsonl:3: $.toolCalls:"),
    ("g3-toolcall-args-string.jsonl", 0, ""),
    ("g5-set-not-object.jsonl", 2, "g5-set-not-object.jsonl:3: $.$set:"),
    ("g6-message-id-int-content-null.jsonl", 2, "g6-message-id-int-content-null.jsonl:3: $.id:"),
    ("g8-functionresponse-response-list.jsonl", 0, ""),
    ("s1-post-not-list.jsonl", 2, "s1-post-not-list.jsonl:1: $.post: should be an array"),
    ("s4-trailing-garbage-line.jsonl", 2, "s4-trailing-garbage-line.jsonl:3: $: invalid JSON"),
    ("s6-patch-null-entries.jsonl", 2, "s6-patch-null-entries.jsonl:2: $.patch[3]:"),
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
