"""Run one input through the readers, the checker and every renderer, checking the property:
no uncaught exception (an InputIssue is fine), every output parses, every text is writable.

A violation raises `PropertyViolation`; any other exception that escapes is itself the finding.
"""

from __future__ import annotations

import io
import json
import traceback
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from toolscore_ci.engine.engine import Engine
from toolscore_ci.model import VERDICTS, InputIssue, Result
from toolscore_ci.pipeline import CheckConfig, ConfigError, RunStats, run
from toolscore_ci.report.annotations import build_annotations, workflow_command
from toolscore_ci.report.comment import ReportData, render_markdown
from toolscore_ci.report.junit import render_junit
from toolscore_ci.report.results import result_line
from toolscore_ci.report.sarif import render_sarif
from toolscore_ci.rules import load_packs

REPO = Path(__file__).resolve().parents[2]
_CHECKER: Engine | None = None


class PropertyViolation(AssertionError):
    """The run finished but broke the property: `kind` names which part."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind


def checker() -> Engine:
    """One checker for every input, as a long run of the CLI has."""
    global _CHECKER
    if _CHECKER is None:
        _CHECKER = Engine(load_packs())
    return _CHECKER


def _strict_json(text: str, what: str) -> Any:
    def refuse(name: str) -> Any:
        raise PropertyViolation(f"{what}-not-strict-json", f"{name} in the output")

    try:
        return json.loads(text, parse_constant=refuse)
    except json.JSONDecodeError as exc:
        raise PropertyViolation(f"{what}-invalid-json", str(exc)) from None


def _writable(text: str, what: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise PropertyViolation(f"{what}-not-utf8", str(exc)[:200]) from None


def check_file(path: str, *, probes: str | None = None) -> tuple[list[Result], list[InputIssue]]:
    """Read and check one file as `toolscore-ci check` does; internal errors are findings."""
    results: list[Result] = []
    issues: list[InputIssue] = []
    config = CheckConfig(probes=probes)
    try:
        for item in run([path], config, RunStats(), checker=checker()):
            if isinstance(item, Result):
                results.append(item)
            else:
                issues.append(item)
    except ConfigError:
        return results, issues  # a probes file the run refuses to start with: a usage error
    internal = [i.message for i in issues if "internal error" in i.message]
    if internal:
        raise PropertyViolation("reader-internal-error", internal[0][:300])
    return results, issues


def render_all(results: list[Result], issues: list[InputIssue]) -> None:
    """Every renderer on the run's results: each output parses and can be written as UTF-8."""
    for result in results:
        line = result_line(result)
        _writable(line, "results-line")
        _strict_json(line, "results-line")
    junit = render_junit(results, issues)
    _writable(junit, "junit")
    try:
        ET.fromstring(junit.encode("utf-8"))
    except ET.ParseError as exc:
        raise PropertyViolation("junit-invalid-xml", str(exc)) from None
    sarif = render_sarif(results)
    _writable(sarif, "sarif")
    _strict_json(sarif, "sarif")
    data = ReportData(
        title="toolscore-ci",
        conclusion="failure",
        counts={v: sum(1 for r in results if r.verdict == v) for v in VERDICTS},
        files=1,
        input_errors=sum(1 for i in issues if i.severity == "error"),
        false_successes=[r for r in results if r.verdict == "false_success"],
        review=[r for r in results if r.verdict == "unverifiable"],
        issues=[str(i) for i in issues if i.severity == "error"],
    )
    _writable(render_markdown(data), "comment")
    for annotation in build_annotations(results):
        command = workflow_command(annotation)
        _writable(command, "annotation")
        if "\n" in command or "\r" in command:
            raise PropertyViolation("annotation-unescaped-newline", command[:200])


def _action_inputs() -> dict[str, str]:
    spec = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))
    return {name: str(item.get("default", "")) for name, item in (spec.get("inputs") or {}).items()}


def run_action(workspace: Path, traces: str, extra: Mapping[str, str] = ()) -> dict[str, Any]:
    """The Action in-process on `traces` inside `workspace`, no GitHub API (comment and check
    run off): its outputs, summary and files must be written and parse."""
    from toolscore_ci.action import run_action as action_main

    run_dir = workspace.parent / (workspace.name + "-runner")
    run_dir.mkdir(exist_ok=True)
    for name in ("output", "summary"):
        (run_dir / name).write_text("", encoding="utf-8")
    (run_dir / "event.json").write_text("{}", encoding="utf-8")
    inputs = _action_inputs()
    inputs.update(
        {
            "traces": traces,
            "comment-mode": "off",
            "check-run": "false",
            "junit-file": "out/junit.xml",
            "sarif-file": "out/results.sarif",
            "results-file": "out/results.jsonl",
            **dict(extra),
        }
    )
    env = {f"INPUT_{k.upper()}": v for k, v in inputs.items()}
    env.update(
        {
            "GITHUB_ACTIONS": "true",
            "GITHUB_WORKSPACE": str(workspace),
            "GITHUB_EVENT_NAME": "push",
            "GITHUB_EVENT_PATH": str(run_dir / "event.json"),
            "GITHUB_OUTPUT": str(run_dir / "output"),
            "GITHUB_STEP_SUMMARY": str(run_dir / "summary"),
            "GITHUB_REPOSITORY": "octo/agent",
            "GITHUB_RUN_ID": "1",
            "GITHUB_SHA": "b" * 40,
            "GITHUB_API_URL": "http://127.0.0.1:9",
        }
    )
    log = io.StringIO()
    code = action_main(env, log)
    outputs = (run_dir / "output").read_text(encoding="utf-8")
    if "conclusion" not in outputs:
        raise PropertyViolation(
            "action-no-conclusion", f"exit {code}; log: {log.getvalue()[-300:]}"
        )
    if "Traceback" in log.getvalue() or "toolscore-ci failed" in log.getvalue():
        raise PropertyViolation("action-crashed", log.getvalue()[-400:])
    out = workspace / "out"
    if (out / "junit.xml").exists():
        ET.fromstring((out / "junit.xml").read_bytes())
    if (out / "results.sarif").exists():
        _strict_json((out / "results.sarif").read_text(encoding="utf-8"), "action-sarif")
    if (out / "results.jsonl").exists():
        for line in (out / "results.jsonl").read_text(encoding="utf-8").splitlines():
            _strict_json(line, "action-results")
    return {"exit": code, "outputs": outputs, "log": log.getvalue()}


def read_and_check(
    path: str, seed_name: str, probes_beside: str | None = None
) -> tuple[list[Result], list[InputIssue]]:
    """Read and check one input file (a probes file is used as probes for `probes_beside`)."""
    if seed_name == "probes" and probes_beside is not None:
        return check_file(probes_beside, probes=path)
    return check_file(path)


def run_one(path: str, seed_name: str, probes_beside: str | None = None) -> None:
    """The whole property for one file: read, check, render."""
    render_all(*read_and_check(path, seed_name, probes_beside))


def signature(exc: BaseException) -> str:
    """What a finding is, to group and match it: the violation's kind, or the exception's
    type and the innermost frame in toolscore_ci."""
    if isinstance(exc, PropertyViolation):
        return f"PropertyViolation:{exc.kind}"
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "toolscore_ci" in f.filename]
    where = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "?"
    return f"{type(exc).__name__}@{where}"
