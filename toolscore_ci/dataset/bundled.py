"""The labelled sets shipped inside the package (sets/index.yaml says what and from where)."""

from __future__ import annotations

import gzip
from dataclasses import dataclass
from functools import cache
from importlib import resources

import yaml


@dataclass(frozen=True)
class BundledSet:
    name: str
    file: str
    sources: tuple[str, ...]  # the repository files it was copied from, in order
    about: str


@cache
def sets() -> dict[str, BundledSet]:
    text = resources.files("toolscore_ci.dataset").joinpath("sets", "index.yaml").read_text("utf-8")
    raw = yaml.safe_load(text)["sets"]
    return {
        name: BundledSet(name, spec["file"], tuple(spec["from"]), spec["about"])
        for name, spec in raw.items()
    }


def read_set(name: str) -> bytes:
    """A bundled set's JSONL, decompressed."""
    data = resources.files("toolscore_ci.dataset").joinpath("sets", sets()[name].file).read_bytes()
    return gzip.decompress(data)


def pack(jsonl: bytes) -> bytes:
    """How a set is stored: gzip with no timestamp, so rebuilding gives the same bytes."""
    return gzip.compress(jsonl, compresslevel=9, mtime=0)
