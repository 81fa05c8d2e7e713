"""Fuzz the readers, the checker and every renderer in-process, from a seed.

    python benchmarks/fuzz.py --count 100000 --seed 1 [--jobs 2] [--out fuzz-findings]

Input i is a pure function of (seed, i) (tests/fuzz/corpus.py), so any finding is reproduced
with `--seed S --only i`. Each input runs under a per-input time limit (SIGALRM, which `re`
and Python code both honour); an input over it is a hang. Crashing and hanging inputs are saved
to --out with a note of what happened. Prints: inputs, aborted (uncaught exception or a broken
output), hangs, peak memory. Exit 1 when anything was found. See docs/fuzzing.md.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import resource
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "tests")]

from fuzz import corpus, targets  # noqa: E402

HANG_SECONDS = 10.0


class Hang(BaseException):
    """Raised by the timer: a BaseException so no `except Exception` boundary swallows it."""


def _on_alarm(signum: int, frame: object) -> None:
    raise Hang()


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def _save(out: Path, index: int, seed_name: str, suffix: str, data: bytes, note: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{index:08d}-{seed_name}{suffix}").write_bytes(data)
    (out / f"{index:08d}-{seed_name}.txt").write_text(note, encoding="utf-8")


@dataclass
class Tally:
    inputs: int = 0
    aborted: int = 0
    hangs: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    first_of_kind: dict[str, int] = field(default_factory=dict)
    peak_mb: float = 0.0

    def add(self, other: Tally) -> None:
        self.inputs += other.inputs
        self.aborted += other.aborted
        self.hangs += other.hangs
        self.kinds.update(other.kinds)
        for kind, index in other.first_of_kind.items():
            self.first_of_kind[kind] = min(index, self.first_of_kind.get(kind, index))
        self.peak_mb = max(self.peak_mb, other.peak_mb)


def run_share(args: argparse.Namespace, share: int, jobs: int) -> Tally:
    """Inputs share, share + jobs, share + 2 * jobs ... of the run, in this process."""
    all_seeds = corpus.seeds()
    out = Path(args.out)
    shm = Path("/dev/shm")
    work = Path(tempfile.mkdtemp(prefix="toolscore-fuzz-", dir=shm if shm.is_dir() else None))
    probes_beside = str(work / "beside.jsonl")
    Path(probes_beside).write_bytes((REPO / "examples" / "booking.jsonl").read_bytes())
    signal.signal(signal.SIGALRM, _on_alarm)
    tally = Tally()
    indices = [args.only] if args.only is not None else range(share, args.count, jobs)
    started = time.monotonic()
    # Rendering costs more than reading, and mostly per document: the results of several
    # inputs go into one render; only a failing batch is rendered again input by input.
    batch: list[tuple[int, str, str, bytes, list[Any], list[Any]]] = []

    def finding(index: int, seed_name: str, suffix: str, data: bytes, exc: BaseException) -> None:
        if isinstance(exc, Hang):
            tally.hangs += 1
            kind, note = "hang", f"hang over {args.hang_seconds} s\n"
        else:
            tally.aborted += 1
            kind, note = targets.signature(exc), "".join(traceback.format_exception(exc))
        tally.kinds[kind] += 1
        tally.first_of_kind.setdefault(kind, index)
        _save(out, index, seed_name, suffix, data, note)

    def render_batch() -> None:
        results = [r for *_, rs, _ in batch for r in rs]
        issues = [i for *_, iss in batch for i in iss]
        try:
            with _time_limit(args.hang_seconds):
                targets.render_all(results, issues)
        except (Exception, Hang) as exc:
            if len(batch) == 1:
                finding(*batch[0][:4], exc)
            else:
                for entry in batch:
                    try:
                        with _time_limit(args.hang_seconds):
                            targets.render_all(entry[4], entry[5])
                    except (Exception, Hang) as one:
                        finding(*entry[:4], one)
        batch.clear()

    try:
        for index in indices:
            rng = random.Random(f"{args.seed}:{index}")
            seed_name, suffix, data = corpus.make_input(rng, all_seeds)
            path = work / f"input{suffix}"
            path.write_bytes(data)
            action = args.action_every > 0 and index % args.action_every == 0
            try:
                with _time_limit(args.hang_seconds):
                    if action:
                        workspace = work / "ws"
                        shutil.rmtree(workspace, ignore_errors=True)
                        workspace.mkdir()
                        (workspace / f"t{suffix}").write_bytes(data)
                        targets.run_action(workspace, f"t{suffix}")
                    else:
                        results, issues = targets.read_and_check(
                            str(path), seed_name, probes_beside
                        )
                        batch.append((index, seed_name, suffix, data, results, issues))
            except (Exception, Hang) as exc:  # the finding itself (RecursionError included)
                finding(index, seed_name, suffix, data, exc)
            if len(batch) >= args.render_batch:
                render_batch()
            tally.inputs += 1
            if share == 0 and args.only is None and tally.inputs % (10_000 // jobs or 1) == 0:
                rate = tally.inputs * jobs / (time.monotonic() - started)
                print(
                    f"... about {tally.inputs * jobs:,} inputs, {tally.aborted * jobs} aborted, "
                    f"{tally.hangs * jobs} hangs, {rate:,.0f}/s, peak {_peak_rss_mb():.0f} MB",
                    flush=True,
                )
        render_batch()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    tally.peak_mb = _peak_rss_mb()
    return tally


def _share(job: tuple[argparse.Namespace, int, int]) -> Tally:
    return run_share(*job)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes, each taking every N-th")
    parser.add_argument("--out", default="fuzz-findings", help="where findings are saved")
    parser.add_argument("--only", type=int, help="run only input INDEX (to reproduce one)")
    parser.add_argument(
        "--action-every", type=int, default=50, help="run the Action end to end every N inputs"
    )
    parser.add_argument(
        "--render-batch",
        type=int,
        default=25,
        help="render the results of this many inputs in one JUnit/SARIF/comment (a failure is "
        "then pinned on its input by rendering each alone)",
    )
    parser.add_argument("--hang-seconds", type=float, default=HANG_SECONDS)
    args = parser.parse_args(argv)

    started = time.monotonic()
    jobs = 1 if args.only is not None else max(1, args.jobs)
    tally = Tally()
    if jobs == 1:
        tally.add(run_share(args, 0, 1))
    else:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for part in pool.map(_share, [(args, k, jobs) for k in range(jobs)]):
                tally.add(part)
    elapsed = time.monotonic() - started
    print(
        f"inputs {tally.inputs:,}  aborted {tally.aborted:,}  hangs {tally.hangs:,}  "
        f"peak memory {tally.peak_mb:.0f} MB  ({elapsed:.0f} s, "
        f"{tally.inputs / max(elapsed, 1e-9):,.0f} inputs/s, seed {args.seed}, jobs {jobs})"
    )
    for kind, n in tally.kinds.most_common():
        print(f"  {n:7,}  {kind}  (first: --seed {args.seed} --only {tally.first_of_kind[kind]})")
    return 1 if tally.aborted or tally.hangs else 0


if __name__ == "__main__":
    sys.exit(main())
