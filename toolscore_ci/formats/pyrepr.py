"""Tool outputs saved as Python literals: `str(result)` of a dict or list.

Several agent frameworks store what a Python tool returned as its `str()`: the OpenAI Agents SDK
(`function_call_output.output`), AutoGen (`FunctionExecutionResult.content`), AG2, smolagents
and CrewAI. `{'status': 'confirmed', 'booking_id': 'BK-4471'}` is not JSON, so left as text
the result would never show its state or its values, and an honest report could never be
verified against it. `ast.literal_eval` reads literals only (it runs no code); what it gives is
turned into JSON's types, so the rest of the engine sees the same value a JSON tool output
would give.
"""

from __future__ import annotations

import ast
import json
import math
import warnings
from typing import Any

from toolscore_ci.limits import MAX_JSON_DEPTH, MAX_NUMBER_DIGITS

#: Longer texts are left as text: `literal_eval` compiles the whole string, and a tool output
#: this long is a log or a page, not a returned record.
MAX_LITERAL_CHARS = 200_000
_OPENERS = frozenset("([{")
_CLOSERS = frozenset(")]}")
_NUMBER_LIMIT = 10**MAX_NUMBER_DIGITS


def python_literal(text: str) -> dict[str, Any] | list[Any] | None:
    """The dict or list a Python literal `text` writes, in JSON's types; None when the text
    is not one (or is too long or too deeply nested to read safely)."""
    if len(text) > MAX_LITERAL_CHARS or _bracket_depth(text) > MAX_JSON_DEPTH:
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "\d" in a repr'd string: a SyntaxWarning
            value = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    if not isinstance(value, (dict, list, tuple)):
        return None
    converted = _as_json(value)
    return converted if isinstance(converted, (dict, list)) else None


def _bracket_depth(text: str) -> int:
    """The deepest run of brackets, strings not told apart: never less than the real nesting,
    so a text under the limit here is under it for `literal_eval` too."""
    depth = deepest = 0
    for ch in text:
        if ch in _OPENERS:
            depth += 1
            deepest = max(deepest, depth)
        elif ch in _CLOSERS:
            depth -= 1
    return deepest


def _as_json(value: Any) -> Any:
    """A literal's value in the types JSON has: tuples and sets become lists, keys strings
    (as `json.dumps` writes them), numbers JSON cannot hold their text."""
    if isinstance(value, dict):
        return {_key(k): _as_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_as_json(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return [_as_json(v) for v in sorted(value, key=repr)]
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value if abs(value) < _NUMBER_LIMIT else str(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)  # complex, Ellipsis


def _key(key: Any) -> str:
    if isinstance(key, str):
        return key
    if key is None or isinstance(key, (bool, int, float)):
        return json.dumps(key)
    return str(key)
