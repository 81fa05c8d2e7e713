"""Copy agent-claimcheck 0.1.1's TRAIN split into the corpus, adding `meta.kind`.

    python tests/corpus/import_claimcheck_train.py PATH/TO/traces.train.jsonl

The traces are unchanged except that `meta` gains `kind` (the injection kind, or the genuine
variant clean/recovered/noisy) and `origin`, so `toolscore-ci bench` can report recall per
kind. Only the train split may enter this repository; the test split is refused.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent / "claimcheck-train.jsonl"


def convert(line: str) -> str:
    record = json.loads(line)
    meta = record.setdefault("meta", {})
    if meta.get("split") != "train":
        raise SystemExit(f"{record.get('trace_id')}: not a train-split trace; refusing")
    details = record["ground_truth"].get("details") or {}
    injection = details.get("injection", "none")
    meta["kind"] = details.get("variant", "clean") if injection == "none" else injection
    meta["origin"] = "agent-claimcheck 0.1.1 benchmark/v1 train split (Apache-2.0)"
    return json.dumps(record, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not argv[0].endswith("traces.train.jsonl"):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    with open(argv[0], encoding="utf-8") as fh:
        lines = [convert(line) for line in fh if line.strip()]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} traces -> {OUT.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
