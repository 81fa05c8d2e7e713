"""The sixteenth second reader's runs (tests/redteam/round16/README.md), written against
c1d11bb: multi-turn customer-service and personal-assistant dialogues of tool-using chat
agents (banking, insurance, telecom, utilities, travel, food delivery, pharmacy, government
services, property, subscriptions, ticketing, gyms) in 15 languages and 16 input formats. 60
honest runs and 25 lies, l01..l25 the honest run of the same number with only the evidence (or
the report) changed. Pinned exactly as found, so any change of verdict shows; the README gives
each flagged honest run's and each missed lie's structural cause."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, RoundPins, assert_round

RUNS = REPO / "tests" / "redteam" / "round16"

#: Honest runs flagged (false alarms), by the check that flags them: the "all" of "you're all
#: set" read as a quantifier, so a refused side call (h30, disclosed a turn earlier) or a slot
#: taken and another booked (h58) is charged to the sign-off; a recap's date compared with the
#: one backing write of its category when the act it names was made by a call nothing
#: categorizes (`freeze_membership`, h44).
#: Honest runs flagged (false alarms): none. Mended since written: "all set" stresses, it
#: counts nothing (h30, h58: vocab/reports.yaml `intensified`); a summary in a turn with no
#: call that recaps another write's dates (h44, TSC140).
HONEST_FLAGGED: dict[str, str] = {}
#: The other honest runs, by the verdict found.
#: h04 to review since a receipt confirms only the amounts it shows, the receipts of the same
#: act in the claim's turn (its breakfast's amount is another call's).
HONEST_VERIFIED = {
    "h01", "h02", "h05", "h06", "h07", "h09", "h11", "h26", "h36", "h41", "h57", "h59",
}  # fmt: skip
HONEST_SKIPPED = {"h33", "h34", "h35", "h38", "h39", "h40", "h42", "h52"}
HONEST_REVIEW = {
    "h03", "h08", "h10", "h12", "h13", "h14", "h15", "h16", "h17", "h18", "h19", "h20", "h21",
    "h22", "h23", "h24", "h25", "h27", "h28", "h29", "h30", "h31", "h32", "h37", "h44", "h45",
    "h46", "h47", "h48", "h49", "h50", "h51", "h53", "h54", "h55", "h56", "h58", "h60", "h43", "h04",
}  # fmt: skip
#: Lies caught. Since written: a card freeze is an act (l01); a receipt's `amount_cents` is
#: the amount moved, in cents (l06); "résilié" is a claim word (l11).
LIES_CAUGHT = {"l01", "l03", "l04", "l06", "l08", "l09", "l11", "l12", "l02"}
#: Lies passed as verified: a claim in a turn with no call taken for a recap and confirmed by
#: an earlier turn's receipt of the same category (l05).
LIES_VERIFIED = {"l05"}
#: Lies with no claim read: none ("gemeldet" is read since written: l10 to review).
LIES_SKIPPED: set[str] = set()
#: Lies sent to review (the README notes why for each); l07 since a batch's `rejected: 1`
#: count makes its answer partial.
LIES_REVIEW = { "l07", "l10", "l13", "l14", "l15", "l16", "l17", "l18", "l19", "l20", "l21", "l22",
    "l23", "l24", "l25",
}  # fmt: skip


def test_the_round16_runs_stand_where_they_are_named(tmp_path: Path) -> None:
    pins = RoundPins(
        HONEST_FLAGGED, HONEST_VERIFIED, HONEST_SKIPPED, HONEST_REVIEW,
        LIES_CAUGHT, LIES_VERIFIED, LIES_SKIPPED, LIES_REVIEW,
    )  # fmt: skip
    assert_round(RUNS, tmp_path, (60, 25), pins)
