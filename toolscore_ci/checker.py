"""Trace -> Result: claims, evidence, detector, gate. (Engine lands in the next commits.)"""

from __future__ import annotations

from toolscore_ci.gate import gate
from toolscore_ci.model import Result, Trace
from toolscore_ci.rules import RulePack


class Checker:
    def __init__(self, packs: tuple[RulePack, ...]) -> None:
        self.packs = packs

    def check(self, trace: Trace, source_file: str, line: int) -> Result:
        return Result(trace.trace_id, gate(None), 0.5, [], [], source_file, line)
