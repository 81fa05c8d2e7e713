"""Speed of claim extraction over every agent message of the real development traces.

    python benchmarks/bench_extract.py [--repeat N] [--long-kb K]

Reads the agent messages (and final_claim texts) of tau2_dev and swe_dev under
/work/shared/real-dev (or $TOOLSCORE_REAL_DEV), then times `extract` over all of them in file
order, the way `check` meets them, with every cache cleared before each pass so repeats
measure parsing rather than look-ups. Reports messages/s and microseconds per character
(best of N passes), and the time of one long message ("31 passed, 0 failed; " repeated to K
KB), which must grow linearly with its length. Times are CPU time of this process, so that
other work on a shared machine disturbs them less.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolscore_ci.claims import extract as extract_module  # noqa: E402
from toolscore_ci.claims import values as values_module  # noqa: E402

REAL_DEV = Path(os.environ.get("TOOLSCORE_REAL_DEV", "/work/shared/real-dev"))
FILES = ("tau2_dev.agent-trace.jsonl.gz", "swe_dev.agent-trace.jsonl.gz")


def agent_texts(path: Path) -> list[str]:
    """Agent message contents and final-claim texts, in file order."""
    out = []
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            for step in record.get("steps") or []:
                is_agent = step.get("kind") == "message" and step.get("role") == "agent"
                if is_agent and isinstance(step.get("content"), str):
                    out.append(step["content"])
            final = record.get("final_claim") or {}
            if isinstance(final.get("text"), str):
                out.append(final["text"])
    return out


def clear_caches() -> None:
    for module in (extract_module, values_module):
        for name in dir(module):
            cache_clear = getattr(getattr(module, name), "cache_clear", None)
            if cache_clear is not None:
                cache_clear()


def one_pass(texts: list[str]) -> float:
    clear_caches()
    start = time.process_time()
    for text in texts:
        extract_module.extract(text, 1)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="passes; the best is reported")
    parser.add_argument("--long-kb", type=int, default=80, help="size of the long message")
    args = parser.parse_args()

    missing = [name for name in FILES if not (REAL_DEV / name).exists()]
    if missing:
        print(f"skipped: {', '.join(missing)} not found under {REAL_DEV}")
    else:
        for name in FILES:
            texts = agent_texts(REAL_DEV / name)
            chars = sum(len(t) for t in texts)
            best = min(one_pass(texts) for _ in range(args.repeat))
            print(
                f"{name.split('.')[0]:9} {len(texts):6} messages {chars / len(texts):6.0f} chars avg"
                f"  {len(texts) / best:9,.0f} messages/s  {best / chars * 1e6:6.3f} µs/char"
                f"  ({best:.2f} CPU s)"
            )
    unit = "31 passed, 0 failed; "
    for kb in sorted({max(1, args.long_kb // 8), args.long_kb}):
        text = unit * (kb * 1024 // len(unit))
        seconds = one_pass([text])
        print(
            f"long      1 message of {len(text) / 1024:.0f} KB: {seconds:.3f} CPU s"
            f"  ({seconds / len(text) * 1e6:.3f} µs/char)"
        )


if __name__ == "__main__":
    main()
