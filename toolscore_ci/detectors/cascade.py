"""Detectors as a choice: the checks alone, the judge on every trace, or the cascade that sends
only what the checks left open to the judge.

The checks decide where they can (`verified`, `false_success`); a model only scores the rest.
A checker here has the engine's interface (`check(trace, source_file, line) -> Result`), so
the pipeline runs it like the engine, and it only ever receives projected traces.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from toolscore_ci.detectors.judge import Judge
from toolscore_ci.engine.engine import Engine
from toolscore_ci.model import Result, Trace

Mode = Literal["judge", "cascade"]
#: Verdicts the checks reach on evidence: the cascade keeps them and asks no model.
CONCLUSIVE = frozenset({"verified", "false_success"})


class JudgedChecker:
    """The engine, then the judge: on every trace (`judge`), or only where the checks did
    not decide (`cascade`)."""

    name = "judge"

    def __init__(self, engine: Engine, judge: Judge, mode: Mode) -> None:
        self.engine = engine
        self.judge = judge
        self.mode = mode
        self.judged = 0

    def needs_judge(self, result: Result) -> bool:
        return self.mode == "judge" or result.verdict not in CONCLUSIVE

    def check(self, trace: Trace, source_file: str, line: int) -> Result:
        result = self.engine.check(trace, source_file, line)
        if not self.needs_judge(result):
            return result
        self.judged += 1
        return self.judge.judge(trace, result, source_file=source_file, line=line)

    def worst_case_usd(self, traces: Iterable[tuple[Trace, str, int]]) -> float:
        """The most judging these traces could cost: what the checks decide costs nothing."""
        total = 0.0
        for trace, source_file, line in traces:
            result = self.engine.check(trace, source_file, line)
            if self.needs_judge(result):
                total += self.judge.worst_case_usd([trace], [result])
        return total
