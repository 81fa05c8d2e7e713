"""What a judge call may cost: the price table, the conservative reservation, the actual cost.

A call is reserved before it is made, at its worst case: the prompt's tokens estimated from above
(`estimate_prompt_tokens`), plus the full `max_tokens` of completion, each at the model's price
(the default, the highest, for a model the table does not know). After the call the reservation
is reconciled with the `usage` the server reports; a server that reports none is charged the
reservation.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Price:
    """USD per 1,000,000 tokens."""

    input: float
    output: float


#: List prices (USD per 1M tokens, standard tier: no cached-input or batch discount) of common
#: OpenAI models, as published in 2025. Names match exactly: a dated snapshot or a provider
#: prefix ("openai/gpt-4o") is an unknown model and pays `DEFAULT_PRICE`. Pass `prices=` to the
#: judge for other models or newer prices (a local server: `{"llama3.1": Price(0, 0)}`).
#: Reasoning models (o-series, gpt-5) are left out on purpose: they refuse `max_tokens` and
#: `temperature: 0`, which the judge sends.
PRICES: dict[str, Price] = {
    "gpt-4.1": Price(2.00, 8.00),
    "gpt-4.1-mini": Price(0.40, 1.60),
    "gpt-4.1-nano": Price(0.10, 0.40),
    "gpt-4o": Price(2.50, 10.00),
    "gpt-4o-mini": Price(0.15, 0.60),
}

#: The price of a model the table does not know: at or above every entry of the table and the
#: list prices of the mainstream frontier models of 2025, so an unknown model is never reserved
#: for less than it could cost (an unusually expensive model must be priced by the caller).
DEFAULT_PRICE = Price(15.00, 75.00)

#: Tokens a chat request adds per message (role, separators) and once per request (priming of
#: the reply), above the text itself; generous for every tokenizer in use.
MESSAGE_OVERHEAD_TOKENS = 8
REQUEST_OVERHEAD_TOKENS = 8
#: Bytes of UTF-8 per token assumed by the estimate. English runs at about 4 characters per
#: token; 3 bytes per token over-counts it, and counts a CJK character (3 bytes) as a token.
BYTES_PER_TOKEN = 3


def price_for(model: str, overrides: Mapping[str, Price] | None = None) -> Price:
    """The caller's price for `model` first, then the table's, then the default."""
    if overrides and model in overrides:
        return overrides[model]
    return PRICES.get(model, DEFAULT_PRICE)


def estimate_prompt_tokens(messages: Sequence[Mapping[str, str]]) -> int:
    """An estimate from above of the prompt's tokens: UTF-8 bytes / 3, rounded up, plus overhead."""
    tokens = REQUEST_OVERHEAD_TOKENS
    for message in messages:
        size = sum(len(v.encode("utf-8")) for v in message.values())
        tokens += math.ceil(size / BYTES_PER_TOKEN) + MESSAGE_OVERHEAD_TOKENS
    return tokens


def usd(prompt_tokens: int, completion_tokens: int, price: Price) -> float:
    return (prompt_tokens * price.input + completion_tokens * price.output) / 1_000_000


def reservation_usd(messages: Sequence[Mapping[str, str]], max_tokens: int, price: Price) -> float:
    """The most a call with these messages can cost: estimated prompt + the full completion."""
    return usd(estimate_prompt_tokens(messages), max_tokens, price)
