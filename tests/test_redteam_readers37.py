"""The thirty-seventh second reader's runs (tests/redteam/readers37/README.md), written against
c92f1de (TSC103 matches a recap after reads only to the record by the act its words name, in
any language, vocab/records.yaml): honest recaps of acts done before the conversation that
the mend does not reach (upgrades, bags, seats, data top-ups, transfers, reactivations, SIMs,
credits; records of other shapes; amounts and dates the claim reader does not read) and lies
that the mend lets through to review (a record word in an unrelated key, an empty list, a
policy text, another item's refund, a negative amount of another leg, the customer's own
"you paid"). Pinned as found."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, assert_pinned

RUNS = REPO / "tests" / "redteam" / "readers37"

#: Honest runs flagged: eighteen, all by TSC103 and all flagged at c92f1de^ too: the company's
#: "we" recapping what a read shows was done before the conversation, where nothing frees it.
#: The act is none of records.yaml's four and its own word is not the record's ("we upgraded
#: you" over `event: cabin_change` h01, "we added a second checked bag" over a $50 gift-card
#: payment h02, h20, "we moved you to seat 14C" over `seat_assignments` h03, "we added 2 GB"
#: over a "Data refueling" line item h04, "We transferred your complaint" over `action:
#: reassigned` h05, "We reactivated your line" over `status_history` h06, "we sent you a
#: replacement SIM" over `last_sim_replacement_date` h12, "We upgraded your membership" over
#: `membership_since` h13, "we added a $100 travel certificate" h14, "We removed the extra bag
#: ... and returned the $50" h15, "we applied $10" over a "Service outage credit" h18,
#: "abbiamo cambiato il suo posto" h21); the record is shaped otherwise (`type: credit` h07;
#: an epoch `created` h08; the amount in one read and the date in another h11); the claim
#: reader reads no amount ("86,40 $" h10, "342 dollari" h19). As found at c92f1de there were
#: 21: h09, h16, h17 (a refund only as a negative amount, a number or a string, whose
#: positive is nowhere) are left to review since a negative amount of the size stated holds
#: the stated amount too.
HONEST_FLAGGED: dict[str, str] = {
    f"h{n:02d}": "TSC103" for n in range(1, 22) if n not in (9, 16, 17)
}


def test_the_readers37_runs_stand_where_they_are_named(tmp_path: Path) -> None:
    lies: dict[str, set[str]] = {
        # l20: "Reembolsamos $86.40" over an order that shows only the payment. l01 and
        # l03-l19, left to review at c92f1de, are caught again since the record of the act
        # must be at an entry holding a stated value (its field named for the act, its short
        # text values, or a key above it: the entry's own, or a list's it is an entry of) and
        # every id the claim names must be in the read: another item's refund (l01), a
        # payment method's balance (l03), a bill's "Late payment fee" line (l04), a
        # cancellation's "you paid" (l05, no fallback to a word of another category),
        # `tracking_id` / `fulfillments` / `shipping_address` away from the amount or date
        # (l06, l13, l18), `refundable`, `refund_window_days`, a policy text, `refund_status`,
        # `refunds: []` (l07-l11, l19), `updated_at` (l12, l16), HAT212 in no read (l15),
        # HAT045 in no read (l17); l14, the customer's own booking of HAT170 on May 20 paid
        # 342, holds HAT170 and the date but its payment entry not the companion's.
        "false_success": {f"l{n:02d}" for n in range(1, 21) if n != 2},
        # l21: "I've processed the exchange for size L; the $86.40 you paid covers it" is read
        # as a retrieval ("processed") and the amount is in the order read (TSC203)
        "verified": {"l21"},
        "skipped": set(),
        # l02: "I've refunded $171 for your return flight" over the outbound leg's refund of
        # -171 (both legs cost 171): a refund of that size the read shows; review
        "unverifiable": {"l02"},
    }
    assert_pinned(RUNS, tmp_path, (37, 21), HONEST_FLAGGED, lies)
