"""Which pack rule a claim answers to."""

from __future__ import annotations

from collections.abc import Sequence

from toolscore_ci.claims.lexicon import category_of_type
from toolscore_ci.model import Claim
from toolscore_ci.rules.dsl import Rule, RulePack
from toolscore_ci.rules.limits import MAX_PATTERN_SUBJECT_CHARS


def bind_rule(claim: Claim, packs: Sequence[RulePack]) -> tuple[Rule | None, str | None]:
    """The pack rule a claim answers to (by structured type, or by an extracted claim's
    sentence matching a pack's claim pattern for a type of the same category), and its type."""
    for pack in packs:
        if claim.type and claim.source == "structured" and claim.type in pack.claims:
            return pack.claims[claim.type], claim.type
    if claim.source != "extracted":
        return None, None
    # a pack's pattern is bounded in what it may cost: it sees the sentence's first characters
    text = claim.text[:MAX_PATTERN_SUBJECT_CHARS]
    for pack in packs:
        for claim_type, patterns in pack.claim_patterns.items():
            if claim_type not in pack.claims:
                continue
            category = pack.categories.get(claim_type) or category_of_type(claim_type)
            if category == claim.category and any(p.search(text) for p in patterns):
                return pack.claims[claim_type], claim_type
    return None, None
