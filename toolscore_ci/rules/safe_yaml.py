"""Read a rule pack's YAML as untrusted input: plain data, bounded in size and shape.

`yaml.safe_load` already refuses code (`!!python/...`), but not the rest of what a hostile file
can do: an alias bomb (a few lines of `&a`/`*a` that expand to billions of nodes once the schema
walks them), nesting deep enough to overflow the recursive composer, a file of gigabytes or of
hundreds of thousands of values (the pure-Python parser takes a minute over 1 MB), or a
scalar Python cannot build (`2026-13-45`, an integer of 5,000 digits) that escapes as a bare
ValueError. Each of these is a `PackYAMLError` with the line, before any schema is applied.
"""

from __future__ import annotations

import os
import stat
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import ConstructorError

from toolscore_ci.rules.limits import MAX_PACK_BYTES, MAX_PACK_DEPTH, MAX_PACK_NODES


class PackYAMLError(Exception):
    """A pack file that is not plain, bounded YAML data; `line` is 1-based when known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


class _PackLoader(yaml.SafeLoader):
    """SafeLoader without anchors or aliases, with depth and size limits, and with every
    value it cannot build reported at its line."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        self._nodes = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            raise PackYAMLError(
                "YAML anchors and aliases (&name, *name) are not allowed in a rule pack; "
                "write the value out in full",
                event.start_mark.line + 1,
            )
        self._nodes += 1
        if self._nodes > MAX_PACK_NODES:
            raise PackYAMLError(
                f"more than {MAX_PACK_NODES:,} YAML values in one rule pack",
                event.start_mark.line + 1,
            )
        if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            self._depth += 1
            if self._depth > MAX_PACK_DEPTH:
                raise PackYAMLError(
                    f"nested more than {MAX_PACK_DEPTH} levels deep", event.start_mark.line + 1
                )
            try:
                return Composer.compose_node(self, parent, index)
            finally:
                self._depth -= 1
        return Composer.compose_node(self, parent, index)

    def construct_object(self, node: Any, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)
        except (ValueError, OverflowError, TypeError) as exc:
            raise ConstructorError(
                None, None, f"cannot read this value ({exc})", node.start_mark
            ) from None


def read_pack_text(path: str) -> str:
    """The pack file's text: a regular file, at most MAX_PACK_BYTES, UTF-8."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            # a FIFO or a device would block or never end
            raise PackYAMLError("not a regular file")
        with open(path, "rb") as fh:
            data = fh.read(MAX_PACK_BYTES + 1)
    except OSError as exc:
        raise PackYAMLError(f"cannot read rule pack: {exc.strerror or exc}") from None
    if len(data) > MAX_PACK_BYTES:
        raise PackYAMLError(f"rule pack is over the {MAX_PACK_BYTES:,}-byte limit")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise PackYAMLError("rule pack is not UTF-8 text", line) from None


def load_pack_yaml(text: str) -> Any:
    """The data in `text`, or PackYAMLError."""
    loader = _PackLoader(text)
    try:
        return loader.get_single_data()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise PackYAMLError(
            f"invalid YAML: {problem}", mark.line + 1 if mark is not None else None
        ) from None
    except RecursionError:  # only a pathological document gets here past the depth limit
        raise PackYAMLError("invalid YAML: too deeply nested") from None
    finally:
        loader.dispose()
