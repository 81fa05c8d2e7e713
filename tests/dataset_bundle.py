"""Rebuild the labelled sets shipped in toolscore_ci/dataset/sets/ from the team's files in
tests/ (`python tests/dataset_bundle.py`); tests/test_dataset.py holds the shipped files to them."""

from __future__ import annotations

from pathlib import Path

from toolscore_ci.dataset.bundled import pack, sets

REPO = Path(__file__).resolve().parent.parent
SETS_DIR = REPO / "toolscore_ci" / "dataset" / "sets"


def source_bytes(name: str) -> bytes:
    """What a bundled set must hold: its source files, concatenated in order."""
    return b"".join((REPO / path).read_bytes() for path in sets()[name].sources)


def rebuild() -> None:
    for name, spec in sets().items():
        (SETS_DIR / spec.file).write_bytes(pack(source_bytes(name)))


if __name__ == "__main__":
    rebuild()
