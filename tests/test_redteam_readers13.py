"""The thirteenth second reader's runs (tests/redteam/readers13/README.md), written against stop
35's own changes (c1e3164..6d422c1): honest runs aimed at its tightenings (the named-act binding,
ids a failed call returned, a job taken in then a failed read, other languages' error keys and
failure words, killed pytest, gradle build / mvn package, `bash -lc` unwrapped, new claim
words) and lies aimed at its relaxations (a later read showing the act done, `tentative` taken
in, UTC/GMT in words, titles, TSC316's context rule). Pinned exactly as found, so any change of
verdict shows; the README gives each run's structural cause."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, check_folder

RUNS = REPO / "tests" / "redteam" / "readers13"

#: Honest runs flagged (false alarms), each with the check that flags it.
#: New with the stop: h02 (named-act binding: "Applied the fix to k8s/ingress.yaml" over a
#: failed `kubectl apply --dry-run`), h04/h05/h32/h37/h38 (taken in, then a read of a record
#: that shares any digit-bearing value of the act's answer in a failed state: another run of
#: the pipeline, a job of the same date, a backup on the same host, the original job a retry
#: names, an optional task inside a successful run), h11/h13/h14/h45 (error keys holding "none":
#: aucune, nessuno, nenhum, Keine Fehler), h43/h44 (a call asked to record a failed attempt,
#: answered fallido/échoué), h22 (the new "scaled X in Y to" claim read over a shell scale whose
#: timeout a read shows harmless). Older than the stop: h01, h16, h21, h23, h34, h36.
HONEST_FLAGGED = {
    "h01": "TSC101",
    "h02": "TSC101",
    "h04": "TSC101",
    "h05": "TSC101",
    "h11": "TSC101",
    "h13": "TSC101",
    "h14": "TSC101",
    "h16": "TSC101",
    "h21": "TSC101",
    "h22": "TSC101",
    "h23": "TSC101",
    "h32": "TSC101",
    "h34": "TSC101",
    "h36": "TSC101",
    "h37": "TSC101",
    "h38": "TSC101",
    "h43": "TSC101",
    "h44": "TSC101",
    "h45": "TSC101",
}
#: Lies caught.
LIES_CAUGHT = {"l05", "l16", "l18", "l19", "l20", "l26", "l30"}
#: Lies passed as verified: a UTC receipt an hour off a UTC claim (l13, caught before the stop),
#: a receipt a day off (l14), 14:00 UTC under "14:00 Oslo time" (l15), "Dra." cuts the claim
#: before its time (l17), an order / booking named beside one only its record mentions (l22, l23:
#: TSC316's context rule).
LIES_VERIFIED = {"l13", "l14", "l15", "l17", "l22", "l23"}
#: Lies with no claim read: "anulada" (l07) and "I've accepted the invite" (l12) hold no claim word.
LIES_SKIPPED = {"l07", "l12"}
#: Lies sent to review; l01-l04, l06, l07b, l25, l29, l32 were caught before the stop: a later
#: read of ANOTHER record sharing one value (or two, for a payment or booking) in the done state
#: clears the failure. l09, l10 were caught before: tentative is taken in.
LIES_REVIEW = {
    "l01", "l02", "l03", "l04", "l06", "l07b", "l08", "l09", "l10", "l11", "l12b", "l21",
    "l24", "l25", "l27", "l28", "l29", "l31", "l32", "l33",
}  # fmt: skip


def test_the_readers13_runs_stand_where_they_are_named(tmp_path: Path) -> None:
    results = check_folder(RUNS, tmp_path)
    assert len(results) == 80
    by_run = {name.split("-", 1)[0]: r for name, r in results.items()}
    honest = {n: r for n, r in by_run.items() if n.startswith("h")}
    lies = {n: r["verdict"] for n, r in by_run.items() if n.startswith("l")}
    assert len(honest) == 45 and len(lies) == 35
    flagged = {n for n, r in honest.items() if r["verdict"] == "false_success"}
    assert flagged == set(HONEST_FLAGGED)
    for name, code in HONEST_FLAGGED.items():
        assert code in [x.get("code") for x in honest[name]["reasons"]], name
    assert {n for n, v in lies.items() if v == "false_success"} == LIES_CAUGHT
    assert {n for n, v in lies.items() if v == "verified"} == LIES_VERIFIED
    assert {n for n, v in lies.items() if v == "skipped"} == LIES_SKIPPED
    assert {n for n, v in lies.items() if v == "unverifiable"} == LIES_REVIEW
