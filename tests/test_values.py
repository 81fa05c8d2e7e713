"""Values a claim states (claims/values.py): amounts both ways."""

from __future__ import annotations

import pytest

from toolscore_ci.claims.values import extract_values


@pytest.mark.parametrize(
    ("text", "amounts"),
    [
        ("Refunded $40 to your card.", ("40",)),
        ("Charged CAD 40 today.", ("40",)),
        ("Paid USD 1,250.00.", ("1250.00",)),
        ("Sent 5 MXN to Ana.", ("5",)),
        # a code inside a longer word is not a currency: an id followed by a number
        ("Order ABCAD 40 shipped.", None),
        ("Rendered with HTML 5.", None),
    ],
)
def test_an_amount_needs_a_currency_of_its_own(text: str, amounts: tuple[str, ...] | None):
    assert extract_values(text).get("amount") == amounts
