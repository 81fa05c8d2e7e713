"""Detectors as a choice: the checks alone, the judge on every trace, or the cascade that sends
only what the checks left open to the judge.

The checks decide where they can (`verified`, `false_success`); a model only scores the rest.
A checker here has the engine's interface (`check(trace, source_file, line) -> Result`), so
the pipeline runs it like the engine, and it only ever receives projected traces.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Literal

from toolscore_ci.detectors.judge import Judge, JudgeError
from toolscore_ci.engine.engine import Engine
from toolscore_ci.model import Result, Trace

if TYPE_CHECKING:
    from toolscore_ci.pipeline import CheckConfig

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


class JudgeSetupError(Exception):
    """The judge cannot run as asked (no endpoint or model, no key, a budget the worst case
    exceeds): a usage error, raised before any call is made."""


class BudgetError(JudgeSetupError):
    """The worst case of judging these traces exceeds the budget; no call was made."""


def judged_checker(
    config: CheckConfig,
    files: Sequence[str],
    *,
    mode: Mode,
    base_url: str | None,
    model: str | None,
    max_usd: float | None,
    ledger: str | None,
    cache: str | None,
) -> JudgedChecker:
    """The checks with the judge behind them, as `check` and the Action build it; with a
    budget, judging every trace the checks leave open at its worst case must fit in it."""
    from toolscore_ci.pipeline import RunStats, iter_valid_records, load_probes, make_engine
    from toolscore_ci.projection import project

    if not base_url or not model:
        raise JudgeSetupError(f"the {mode} detector needs a judge base URL and a judge model")
    try:
        judge = Judge(base_url, model, max_usd=max_usd, ledger=ledger, cache=cache)
    except JudgeError as exc:
        raise JudgeSetupError(str(exc)) from None
    checker = JudgedChecker(make_engine(config), judge, mode)
    if max_usd is not None:
        probes, _issues = load_probes(config)
        records = iter_valid_records(files, config, probes, RunStats())
        worst = checker.worst_case_usd(
            (project(r.data), r.file, r.line) for r in records if hasattr(r, "data")
        )
        if worst > max_usd:
            raise BudgetError(
                f"budget {max_usd:g} USD: judging these traces could cost up to "
                f"${worst:.4f} (every open trace at the model's highest price and full "
                "max_tokens); raise the budget or judge fewer traces. No call was made."
            )
    return checker
