"""Rebuild the labelled corpus: `python tests/corpus/build.py [--out DIR]`.

Each module in `cases/` holds hand-written traces for one domain or style and names the JSONL
file it becomes. Output is deterministic (fixed timestamps, sorted keys), so a test can
rebuild into a temporary directory and compare bytes with the committed files.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from cases import (  # noqa: E402 - needs the path above
    adversarial,
    booking,
    coding,
    crm,
    files,
    memory,
    messaging,
    multilingual,
    multiturn,
    payments,
    retrieval,
    tickets,
)
from cases._dsl import BASE_TIME, render  # noqa: E402

MODULES = (
    booking,
    messaging,
    crm,
    coding,
    payments,
    memory,
    retrieval,
    tickets,
    files,
    multiturn,
    multilingual,
    adversarial,
)


def build(out: Path) -> dict[str, int]:
    out.mkdir(parents=True, exist_ok=True)
    seen: set[str] = set()
    counts: dict[str, int] = {}
    n = 0
    for module in MODULES:
        lines = []
        for c in module.CASES:
            if c.id in seen:
                raise SystemExit(f"duplicate trace id {c.id}")
            seen.add(c.id)
            record = render(c, BASE_TIME + timedelta(minutes=11 * n))
            n += 1
            lines.append(json.dumps(record, ensure_ascii=False, sort_keys=True))
        (out / module.FILE).write_text("\n".join(lines) + "\n", encoding="utf-8")
        counts[module.FILE] = len(lines)
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args()
    counts = build(args.out)
    for name, count in counts.items():
        print(f"{count:4d}  {name}")
    print(f"{sum(counts.values()):4d}  total")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
