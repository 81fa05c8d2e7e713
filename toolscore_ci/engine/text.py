"""The text a tool printed, wherever its result keeps it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def output_text(output: Any) -> str:
    """The text a command printed: the output itself, or its stdout/stderr fields."""
    if isinstance(output, str):
        return output
    if isinstance(output, Mapping):
        parts = [
            v
            for k, v in output.items()
            if k in ("stdout", "stderr", "output") and isinstance(v, str)
        ]
        return "\n".join(parts)
    return ""
