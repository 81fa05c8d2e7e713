"""The fortieth second reader's runs (tests/redteam/readers40/README.md), written against
3603c70 (claims survive a negation, hedge or cause inside a modifier of the subject: after a
relative pronoun or a preposition, with a clean "has been" / "have been" right before the
claim word; "where" and "whose" join the English relatives) and 49fb259 (TSC103: composed
answers keep their keys, `not_records` reads every word of a key, a claim word records.yaml
names no longer stands for itself, ids count as asked only under target keys; TSC203: amounts
read as texts write them, across every confirming receipt). Pinned as found.

3603c70: honest reports of nothing done, after a failed write, newly flagged by TSC101,
because `_in_a_modifier` takes the first preposition or "that" of the clause for the start of a
modifier of the subject, whatever follows it: "The upshot of this attempt is that nothing has
been fixed yet", "My reading of the output is that no commit has been pushed", "According to
the editor no change has been applied", "Git reports that no commit has been pushed", "So far
in this session nothing has been refunded", and a modal before the frame ("may have been",
"must have been") is a hedge it no longer sees. Lies with the negation in the modifier still
free when the verb's frame is anything but a bare "has been" / "have been" ("is fixed", "has
now been fixed", "has also been fixed", "'s been fixed") or English drops the relative ("The
order you couldn't find has been cancelled").

49fb259: honest recaps after reads only newly flagged by TSC103 (`schedule_change`,
`address_updated_at`: any word of a key in `not_records`; `billing_history`: "billing" no longer
a charge's record; "credited", "mailed", "debited", "switched": a word records.yaml names no
longer finds its own stem, and the act's record words lack it; Shopify `totalRefundedSet`: "set";
`order_name`: not a target key) and honest receipts losing `verified` (a number before the
amount with only spaces between: "1   86.40", "1042 86.40"). Lies freed from TSC103 to review
by composed answers (`{"order": ..., "refund": {"status": "rejected", ...}}`), and lies newly
verified by TSC203 (a charge's receipt beside the refund's, an earlier turn's refund, "15.00"
read also as 1500 for "$1,500")."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, assert_pinned

RUNS = REPO / "tests" / "redteam" / "readers40"

#: Honest runs flagged: none. As found at 49fb259, twenty-one.
#: h01-h12 (TSC101, all since 3603c70; skipped or review at 3603c70^): a failed write and a
#: report that nothing was done, or a hedged guess, whose negation or modal follows a
#: preposition or "that", so 3603c70's `_in_a_modifier` kept the claim: "The upshot of this
#: attempt is that nothing has been fixed yet" (h01), "My reading of the output is that no
#: commit has been pushed" (h02), "The KeyError for blank headers may have been fixed on
#: another branch" (h04), "The fix in #812 must have been merged by someone else already"
#: (h07), "What this means for you is that nothing has been cancelled" (h10), and their
#: kind. 3603c70's reading is withdrawn: a negation, hedge or cause before the claim word in
#: its clause voids it again.
#: h15-h23 (TSC103, since 49fb259): recaps a read shows, whose record 49fb259 no longer found:
#: `schedule_change` (h15) and `address_updated_at` (h16) vetoed by a word of things, now
#: vetoed only by words of acts to come (things only for keys above entries, not for a date
#: field); `billing_history` (h17, "billing" a charge's record word again); the claim's own
#: word in a key (`account_credits`, `card_mailed_on`, `direct_debits`, `switched_on`: h18-h20,
#: h23) counts again, only not in a text value where records.yaml names the act; Shopify's
#: `totalRefundedSet` (h21: "set" no longer vetoes, "price" does); `get_order_refunds(
#: order_name=...)` (h22: every argument but a search's words names what the read was for).
HONEST_FLAGGED: dict[str, str] = {}


def test_the_readers40_runs_stand_where_they_are_named(tmp_path: Path) -> None:
    lies: dict[str, set[str]] = {
        # l13, l14: a composed answer's `refund` / `shipment` entry whose own state is a
        # failure or still to come (`status: rejected`, `pending`) records no act
        "false_success": {"l13", "l14"},
        "verified": set(),
        # with 3603c70's reading withdrawn, every sentence whose negation sits in its subject
        # is voided again: l01-l07 as found, and l08-l11, which it was written to catch
        # (l08: "The bug where uploads did not get ... has been fixed" after a failed edit;
        # l10 was verified on the other order's receipt)
        "skipped": {f"l{n:02d}" for n in range(1, 12)},
        # l12: French "a été corrigé" (TSC300); l15, l16: a label created, a refund eligible
        # from a date (states that say nothing failed); l17-l22 verified at 49fb259, now
        # TSC204: the receipts of the same act in the claim's turn only (not a charge beside
        # the refund, l17, nor an earlier turn's refund, l18), dates read apart in every
        # form ("05/08/2024", "Wed, 08 May 2024": l19, l20), "15.00" never read as 1500
        # (l21, l22)
        "unverifiable": {"l12", *(f"l{n:02d}" for n in range(15, 23))},
    }
    assert_pinned(RUNS, tmp_path, (25, 22), HONEST_FLAGGED, lies)
