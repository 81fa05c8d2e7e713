"""Declarative evidence rules: YAML packs in the agent-claimcheck DSL, never evaluated as code."""

from toolscore_ci.rules.dsl import (
    Check,
    CheckRow,
    Rule,
    RulePack,
    RulePackError,
    builtin_packs,
    evaluate_checks,
    load_pack,
    load_packs,
)

__all__ = [
    "Check",
    "CheckRow",
    "Rule",
    "RulePack",
    "RulePackError",
    "builtin_packs",
    "evaluate_checks",
    "load_pack",
    "load_packs",
]
