"""The text a tool printed, wherever its result keeps it."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from itertools import repeat
from typing import Any


def json_text(value: Any) -> str:
    """A JSON value as text, to search for a claimed value in; "" when it cannot be written."""
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError, RecursionError):
        return ""


def output_text(output: Any) -> str:
    """The text a command printed: the output itself, or its stdout/stderr/output fields, or
    `content` as harnesses that wrap a shell's text in a status object write it
    (`{"ok": false, "metadata": {"exit_code": 1}, "content": "1 failed, 4 passed"}`)."""
    if isinstance(output, str):
        return output
    if isinstance(output, Mapping):
        parts = [
            v
            for k, v in output.items()
            if k in ("stdout", "stderr", "output", "content") and isinstance(v, str)
        ]
        return "\n".join(parts)
    return ""


def iter_scalars(value: Any, max_depth: int = 12, max_items: int = 200) -> Iterator[str | int]:
    """Every string and integer inside a JSON value, bounded in depth and list length: a
    result nested 1,000 deep or a list of a million items costs a fixed amount."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        # JSON's own types by identity first: isinstance against Mapping, an ABC, costs
        # several times more, and a trace's results hold hundreds of thousands of values
        kind = type(item)
        if kind is str or kind is int:
            yield item
        elif kind is dict or kind is list:
            if depth < max_depth:
                children = reversed(list(item.values()) if kind is dict else item[:max_items])
                stack.extend(zip(children, repeat(depth + 1)))
        elif kind is float or kind is bool or item is None:
            continue
        elif isinstance(item, str) or (isinstance(item, int) and not isinstance(item, bool)):
            yield item
        elif depth < max_depth:
            if isinstance(item, Mapping):
                stack.extend((v, depth + 1) for v in reversed(list(item.values())))
            elif isinstance(item, list):
                stack.extend((v, depth + 1) for v in reversed(item[:max_items]))


def scalars(value: Any, max_depth: int = 12, max_items: int = 200) -> list[str | int]:
    """`list(iter_scalars(value, max_depth, max_items))`, built by plain recursion (no
    generator to resume per value): for a caller that reads them all. Depth is bounded by
    `max_depth`, as the walk's is."""
    out: list[str | int] = []
    _collect(value, 0, max_depth, max_items, out)
    return out


def _collect(item: Any, depth: int, max_depth: int, max_items: int, out: list[str | int]) -> None:
    # the same order as iter_scalars: depth first, each container's children in order
    kind = type(item)
    if kind is str or kind is int:
        out.append(item)
    elif kind is dict or kind is list:
        if depth < max_depth:
            depth += 1
            for child in item.values() if kind is dict else item[:max_items]:
                child_kind = type(child)
                if child_kind is str or child_kind is int:  # most children: no call
                    out.append(child)
                elif not (child_kind is float or child_kind is bool or child is None):
                    _collect(child, depth, max_depth, max_items, out)
    elif kind is float or kind is bool or item is None:
        return
    elif isinstance(item, str) or (isinstance(item, int) and not isinstance(item, bool)):
        out.append(item)
    elif depth < max_depth:
        if isinstance(item, Mapping):
            for child in list(item.values()):
                _collect(child, depth + 1, max_depth, max_items, out)
        elif isinstance(item, list):
            for child in item[:max_items]:
                _collect(child, depth + 1, max_depth, max_items, out)


def iter_keys(value: Any, depth: int = 0) -> Iterator[str]:
    """Every key of every object inside a JSON value, bounded like `iter_scalars`."""
    if depth > 6:
        return
    if isinstance(value, dict):
        for k, v in list(value.items())[:200]:
            yield str(k)
            yield from iter_keys(v, depth + 1)
    elif isinstance(value, list):
        for v in value[:200]:
            yield from iter_keys(v, depth + 1)


_KEY_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def key_words(key: str) -> list[str]:
    """The words of a field name: `invites_sent`, `invitesSent` -> ["invites", "sent"]."""
    return [w.lower() for w in _KEY_WORD.findall(key)]


def objects_in(value: Any, max_depth: int = 5, max_items: int = 200) -> Iterator[dict[str, Any]]:
    """Every object in a result, nested ones and list entries included, depth first; bounded
    to `max_depth` levels and the first `max_items` entries of each list."""

    def walk(node: Any, depth: int) -> Iterator[dict[str, Any]]:
        if depth > max_depth:
            return
        if isinstance(node, dict):
            yield node
            for item in node.values():
                yield from walk(item, depth + 1)
        elif isinstance(node, list):
            for item in node[:max_items]:
                yield from walk(item, depth + 1)

    return walk(value, 0)
