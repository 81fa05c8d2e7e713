"""Sharding: which of N shards checks a trace, decided by the trace's identity alone.

A trace's shard is a hash of its `trace_id` (SHA-256, its first 8 bytes modulo N), never its
position: whatever the file order, the number of files or `--jobs`, each trace lands in exactly
one shard, and the same trace in the same shard on every run. Repeats of one id (which the
pipeline renames `id~2`, ...) share their shard, so every shard renames them as one run would.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SPEC = re.compile(r"\s*(\d+)\s*/\s*(\d+)\s*")
#: A matrix wider than this is a typo, not a plan (GitHub's matrix stops at 256 legs).
MAX_SHARDS = 10_000


class ShardError(ValueError):
    """A shard spec that names no shard: a usage error (exit 2)."""


def shard_of(trace_id: str, count: int) -> int:
    """The 1-based shard of `trace_id` among `count`."""
    import hashlib  # here, not at start-up: most runs are not sharded

    digest = hashlib.sha256(trace_id.encode("utf-8", "surrogatepass")).digest()
    return int.from_bytes(digest[:8], "big") % count + 1


@dataclass(frozen=True)
class Shard:
    index: int  # 1-based
    count: int

    def owns(self, trace_id: object) -> bool:
        key = trace_id if isinstance(trace_id, str) else str(trace_id)
        return shard_of(key, self.count) == self.index

    @property
    def first(self) -> bool:
        """The first shard also reports what belongs to no trace: unreadable lines, invalid
        records, a bad probe line, so a merge has each of them once."""
        return self.index == 1

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


def parse_shard(value: str, error: type[Exception] = ShardError, prefix: str = "") -> Shard:
    """`I/N`, 1 <= I <= N."""
    match = _SPEC.fullmatch(value)
    if match is None:
        raise error(f"{prefix}expected I/N (shard I of N, from 1), got {value.strip()!r}")
    index, count = int(match.group(1)), int(match.group(2))
    if count < 1 or count > MAX_SHARDS:
        raise error(f"{prefix}N must be from 1 to {MAX_SHARDS:,}, got {value.strip()!r}")
    if not 1 <= index <= count:
        raise error(f"{prefix}I must be from 1 to N ({count}), got {value.strip()!r}")
    return Shard(index, count)
