"""How fast the classifier loads and scores (issue 10: load under 50 ms, 10,000 traces under 2 s).

    python benchmarks/bench_classifier.py [--model DIR] [--traces FILE.jsonl.gz ...] [--count 10000]

Measured, each the best of `--repeat` runs in this process:
- loading the artifact (JSON parse and tables), cold file cache aside;
- scoring `--count` traces from their features (what `cascade-offline` adds per open trace,
  the engine's index reused);
- featurising and scoring them from the projected trace (the index built again, as a caller
  without the engine's index would).

Traces come from the files given (real runs: `../shared/real-dev/*.agent-trace.jsonl.gz`) or,
without any, from `benchmarks/make_traces.py`'s synthetic generator; they are reused cyclically
up to `--count`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from toolscore_ci.detectors.classifier import Classifier, featurize
from toolscore_ci.detectors.offline import load_model
from toolscore_ci.formats.jsonio import open_binary
from toolscore_ci.pipeline import CheckConfig, make_engine
from toolscore_ci.projection import project


def _records(paths: list[str], limit: int) -> list[dict]:
    out: list[dict] = []
    for path in paths:
        with open_binary(path) as f:
            for line in f:
                out.append(json.loads(line))
                if len(out) >= limit:
                    return out
    return out


def _synthetic(n: int) -> list[dict]:
    import itertools

    sys.path.insert(0, str(Path(__file__).parent))
    from make_traces import traces  # type: ignore[import-not-found]

    return list(itertools.islice(traces(1), n))


def _best(repeat: int, fn) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", help="a train --out directory (default: the bundled model)")
    ap.add_argument("--traces", nargs="*", default=[], help="agent-trace/v1 files to score")
    ap.add_argument("--count", type=int, default=10_000)
    ap.add_argument("--distinct", type=int, default=1_000, help="distinct traces to cycle")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    model = load_model(args.model)
    if model is None:
        print("no model installed", file=sys.stderr)
        return 2
    path = args.model
    if path is None:
        from importlib import resources

        path = str(resources.files("toolscore_ci.detectors").joinpath("classifier.json"))
    elif Path(path).is_dir():
        path = str(Path(path) / "classifier.json")
    load_s = _best(args.repeat, lambda: Classifier.load(path))

    records = _records(args.traces, args.distinct) if args.traces else _synthetic(args.distinct)
    engine = make_engine(CheckConfig())
    traces = [project(r) for r in records]
    checked = [engine.check_indexed(t, "bench", 0) for t in traces]
    features = [featurize(t, r, ix) for t, (r, ix) in zip(traces, checked, strict=True)]
    n = args.count

    def score_features() -> None:
        for i in range(n):
            dense, buckets = features[i % len(features)]
            model.score_features(dense, buckets)

    def score_traces() -> None:
        for i in range(n):
            j = i % len(traces)
            model.score(traces[j], checked[j][0])

    feat_s = _best(args.repeat, score_features)
    full_s = _best(max(1, args.repeat - 2), score_traces)
    abstained = sum(1 for d, b in features if model.score_features(d, b).p_success is None)
    report = {
        "artifact": Path(path).name,
        "artifact_bytes": Path(path).stat().st_size,
        "source": "real" if args.traces else "synthetic",
        "distinct_traces": len(traces),
        "load_ms": round(load_s * 1000, 1),
        f"score_{n}_from_features_s": round(feat_s, 3),
        f"featurise_and_score_{n}_s": round(full_s, 3),
        "abstained_of_distinct": abstained,
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
