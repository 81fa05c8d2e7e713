"""Strict parsing of the judge's answer: exactly one JSON object of the agreed shape, or an error.

Nothing is repaired or guessed: prose around the object, a code fence, a missing or extra key, a
probability outside [0, 1] or not finite, a verdict that disagrees with its probability, a
rationale over the limit, or a step the trace does not have all make an `AnswerError`, which the
judge turns into an abstention.
"""

from __future__ import annotations

import json
import math
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any, Literal

JudgeVerdict = Literal["success", "failure", "unsure"]
VERDICTS: frozenset[str] = frozenset({"success", "failure", "unsure"})
KEYS: frozenset[str] = frozenset({"p_success", "verdict", "rationale", "steps"})
MAX_RATIONALE_CHARS = 300
#: How much of a bad answer an error quotes (the answer is model output: kept short).
QUOTE_CHARS = 80


class AnswerError(ValueError):
    """The answer is not the agreed JSON shape; the message says how."""


@dataclass(frozen=True, slots=True)
class Answer:
    p_success: float
    verdict: JudgeVerdict
    rationale: str
    steps: tuple[int, ...]


def _reject_constant(name: str) -> Any:
    # json.loads accepts NaN and Infinity by default; they are not JSON numbers.
    raise AnswerError(f"{name} is not a JSON number")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # A repeated key would let the last one win silently: which answer did the model mean?
    keys = [k for k, _ in pairs]
    if len(keys) != len(set(keys)):
        raise AnswerError(f"a key is repeated: {sorted(k for k in set(keys) if keys.count(k) > 1)}")
    return dict(pairs)


def parse_answer(content: str, step_ids: Collection[int]) -> Answer:
    """The judge's answer from the message `content`; `step_ids` are the trace's step numbers."""
    text = content.strip()
    try:
        data = json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicates)
    except AnswerError:
        raise
    except ValueError as exc:
        raise AnswerError(f"not one JSON object ({exc.msg}): {text[:QUOTE_CHARS]!r}") from None
    if not isinstance(data, dict):
        raise AnswerError(f"a JSON {type(data).__name__}, not an object")
    missing, extra = KEYS - data.keys(), data.keys() - KEYS
    if missing or extra:
        what = [
            f"missing {sorted(missing)}" if missing else "",
            f"extra {sorted(extra)}" if extra else "",
        ]
        raise AnswerError("keys: " + ", ".join(w for w in what if w))
    p = data["p_success"]
    # bool is an int in Python, not a number in the answer's shape.
    if isinstance(p, bool) or not isinstance(p, (int, float)) or not math.isfinite(p):
        raise AnswerError(f"p_success is not a number: {p!r}"[:QUOTE_CHARS])
    if not 0.0 <= p <= 1.0:
        raise AnswerError(f"p_success {p} is outside [0, 1]")
    verdict = data["verdict"]
    if verdict not in VERDICTS:
        raise AnswerError(f"verdict {verdict!r} is not success, failure or unsure"[:QUOTE_CHARS])
    if (verdict == "success" and p < 0.5) or (verdict == "failure" and p > 0.5):
        raise AnswerError(f"verdict {verdict} disagrees with p_success {p}")
    rationale = data["rationale"]
    if not isinstance(rationale, str):
        raise AnswerError("rationale is not a string")
    if len(rationale) > MAX_RATIONALE_CHARS:
        raise AnswerError(f"rationale is {len(rationale)} characters, over {MAX_RATIONALE_CHARS}")
    steps = data["steps"]
    if not isinstance(steps, list) or any(
        isinstance(s, bool) or not isinstance(s, int) for s in steps
    ):
        raise AnswerError("steps is not a list of integers")
    unknown = sorted(set(steps) - set(step_ids))
    if unknown:
        raise AnswerError(f"steps {unknown[:5]} are not in the trace")
    return Answer(float(p), verdict, rationale, tuple(dict.fromkeys(steps)))
