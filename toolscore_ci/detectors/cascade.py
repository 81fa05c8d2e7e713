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
from toolscore_ci.gate import CONCLUSIVE
from toolscore_ci.model import Result, Trace

if TYPE_CHECKING:
    from toolscore_ci.pipeline import CheckConfig

Mode = Literal["judge", "cascade"]


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
    *,
    mode: Mode,
    base_url: str | None,
    model: str | None,
    max_usd: float | None,
    ledger: str | None,
    cache: str | None,
) -> JudgedChecker:
    """The checks with the judge behind them, as `check`, `bench` and the Action build it.
    The budget's worst case is checked by `refuse_over_budget`, once over every judge."""
    from toolscore_ci.pipeline import make_engine

    if not base_url or not model:
        raise JudgeSetupError(f"the {mode} detector needs a judge base URL and a judge model")
    try:
        judge = Judge(base_url, model, max_usd=max_usd, ledger=ledger, cache=cache)
    except JudgeError as exc:
        raise JudgeSetupError(str(exc)) from None
    return JudgedChecker(make_engine(config), judge, mode)


def refuse_over_budget(
    checkers: Sequence[object], config: CheckConfig, files: Sequence[str], budget: float | None
) -> None:
    """Refuse a budget before any call when judging these traces with every judge among
    `checkers` could cost more (each open trace at the model's highest price and full
    max_tokens; the worst cases of several judges add up)."""
    judged = [c for c in checkers if isinstance(c, JudgedChecker)]
    if budget is None or not judged:
        return
    from toolscore_ci.pipeline import RunStats, iter_valid_records, load_probes
    from toolscore_ci.projection import project

    probes, _issues = load_probes(config)
    records = [
        r for r in iter_valid_records(files, config, probes, RunStats()) if hasattr(r, "data")
    ]
    worst = sum(
        c.worst_case_usd((project(r.data), r.file, r.line) for r in records)  # type: ignore[union-attr]
        for c in judged
    )
    if worst > budget:
        raise BudgetError(
            f"{budget:g}: judging these traces could cost up to ${worst:.4f} (every open "
            "trace at the model's highest price and full max_tokens); raise the budget or "
            "judge fewer traces. No call was made."
        )
