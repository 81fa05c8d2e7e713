"""The Action end to end: entrypoint.py as a subprocess, the runner's environment simulated,
the GitHub API played by a stub on 127.0.0.1.

Expectations that depend on verdicts are read from the results file the run wrote, so these
tests hold for any engine; the fixtures are written so the real engine's verdicts are
unambiguous (email-503: false_success, calendar-ok: verified, search-found: skipped).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from github_stub import GitHubStub

from toolscore_ci import __version__
from toolscore_ci.report.results import trailer_line

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures" / "action"
TOKEN = "ghs_actionTOKEN_9f8e7d6c5b4a3210"
PR = 42
ALLOWED_COMMANDS = {"error", "warning", "notice", "stop-commands"}


def action_inputs() -> dict[str, Any]:
    return yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))["inputs"]


def parse_outputs(path: Path) -> dict[str, str]:
    """GITHUB_OUTPUT as the runner reads it: `name<<DELIM` ... `DELIM`, or `name=value`."""
    out: dict[str, str] = {}
    lines = path.read_text(encoding="utf-8").split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if "<<" in line:
            name, delim = line.split("<<", 1)
            end = lines.index(delim, i + 1)
            out[name] = "\n".join(lines[i + 1 : end])
            i = end + 1
        elif "=" in line:
            name, value = line.split("=", 1)
            out[name] = value
            i += 1
        else:
            i += 1
    return out


@dataclass
class Run:
    rc: int
    stdout: str
    stderr: str
    outputs: dict[str, str]
    summary: str
    workspace: Path
    seconds: float

    def results(self) -> list[dict[str, Any]]:
        path = self.workspace / self.outputs["results-file"]
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        return [row for row in rows if row.get("record") != "trailer"]

    def commands(self) -> list[str]:
        """Names of the workflow commands the runner would execute in this log."""
        names, stopped = [], None
        for line in self.stdout.splitlines():
            stripped = line.strip()
            if stopped is not None:
                if stripped == f"::{stopped}::":
                    stopped = None
                continue
            if stripped.startswith("::"):
                name = re.match(r"::([^ :]*)", stripped)
                names.append(name.group(1) if name else "")
                if stripped.startswith("::stop-commands::"):
                    stopped = stripped[len("::stop-commands::") :]
        return names


class Runner:
    """A simulated GitHub runner: a workspace, the runner's files and INPUT_* variables."""

    def __init__(self, tmp: Path, stub: GitHubStub | None) -> None:
        self.tmp = tmp
        self.stub = stub
        self.workspace = tmp / "workspace"
        self.workspace.mkdir()
        self.event: dict[str, Any] = {
            "action": "synchronize",
            "number": PR,
            "pull_request": {
                "number": PR,
                "head": {"sha": "a" * 40, "repo": {"full_name": "octo/agent"}},
                "base": {"repo": {"full_name": "octo/agent"}},
            },
        }
        self.env_extra: dict[str, str] = {}
        self.runs = 0

    def traces(self, *names: str, source: Path = FIXTURES / "traces") -> Runner:
        dest = self.workspace / "traces"
        dest.mkdir(exist_ok=True)
        for name in names:
            shutil.copy(source / name, dest / name)
        return self

    def env(self, inputs: dict[str, str]) -> dict[str, str]:
        self.runs += 1
        run_dir = self.tmp / f"run{self.runs}"
        run_dir.mkdir()
        (run_dir / "event.json").write_text(json.dumps(self.event), encoding="utf-8")
        (run_dir / "output").touch()
        (run_dir / "summary").touch()
        env = {
            "PATH": os.environ.get("PATH", ""),
            "HOME": str(self.tmp),
            "PYTHONPATH": str(REPO),
            "CI": "true",
            "GITHUB_ACTIONS": "true",
            "GITHUB_WORKSPACE": str(self.workspace),
            "GITHUB_EVENT_NAME": "pull_request",
            "GITHUB_EVENT_PATH": str(run_dir / "event.json"),
            "GITHUB_OUTPUT": str(run_dir / "output"),
            "GITHUB_STEP_SUMMARY": str(run_dir / "summary"),
            "GITHUB_REPOSITORY": "octo/agent",
            "GITHUB_RUN_ID": "777",
            "GITHUB_SHA": "b" * 40,
            "GITHUB_ACTOR": "octocat",
            "GITHUB_SERVER_URL": "https://github.example",
            "GITHUB_API_URL": self.stub.url if self.stub else "http://127.0.0.1:9",
            "TOOLSCORE_CI_HTTP_TIMEOUT": "2",
            "TOOLSCORE_CI_HTTP_RETRIES": "2",
            "TOOLSCORE_CI_HTTP_BACKOFF": "0.05",
            "TOOLSCORE_CI_MAX_RETRY_WAIT": "3",
        }
        # The runner sets every declared input, with its default when the workflow gives none.
        for name, spec in action_inputs().items():
            env[f"INPUT_{name.upper()}"] = spec.get("default", "")
        env["INPUT_GITHUB-TOKEN"] = TOKEN
        for name, value in inputs.items():
            env[f"INPUT_{name.upper()}"] = value
        env.update(self.env_extra)
        return env

    def run(self, **inputs: str) -> Run:
        env = self.env({k.replace("_", "-"): v for k, v in inputs.items()})
        started = time.monotonic()
        proc = subprocess.run(
            [sys.executable, str(REPO / "entrypoint.py")],
            env=env,
            cwd=self.workspace,
            capture_output=True,
            text=True,
            timeout=120,
        )
        run = Run(
            proc.returncode,
            proc.stdout,
            proc.stderr,
            parse_outputs(Path(env["GITHUB_OUTPUT"])),
            Path(env["GITHUB_STEP_SUMMARY"]).read_text(encoding="utf-8"),
            self.workspace,
            time.monotonic() - started,
        )
        # Properties every run must have, whatever happened.
        assert TOKEN not in run.stdout + run.stderr + run.summary
        assert "Traceback" not in run.stderr, run.stderr
        assert set(run.commands()) <= ALLOWED_COMMANDS, run.commands()
        return run


@pytest.fixture
def stub() -> Iterator[GitHubStub]:
    with GitHubStub(TOKEN) as s:
        yield s


@pytest.fixture
def runner(tmp_path: Path, stub: GitHubStub) -> Runner:
    return Runner(tmp_path, stub).traces("agents.jsonl")


def expected_exit(results: list[dict[str, Any]], fail_on: set[str]) -> int:
    return 1 if any(r["verdict"] in fail_on for r in results) else 0


def counts(results: list[dict[str, Any]]) -> dict[str, int]:
    out = dict.fromkeys(("verified", "false_success", "unverifiable", "skipped"), 0)
    for r in results:
        out[r["verdict"]] += 1
    return out


# -- the happy path ------------------------------------------------------------------------


def test_first_run_creates_the_comment_and_the_second_updates_it(
    runner: Runner, stub: GitHubStub
) -> None:
    first = runner.run()
    results = first.results()
    assert [r["trace_id"] for r in results] == ["email-503", "calendar-ok", "search-found"]
    assert first.rc == expected_exit(results, {"false_success"})
    (comment,) = stub.comments[PR]
    assert first.outputs["comment-url"] == comment["html_url"]
    assert "<!-- toolscore-ci report " in comment["body"]
    assert "https://github.example/octo/agent/actions/runs/777" in comment["body"]

    second = runner.run()
    assert len(stub.comments[PR]) == 1, "the second run must update, not add"
    assert len(stub.calls("POST", r"/comments$")) == 1
    (patch,) = stub.calls("PATCH", r"/issues/comments/")
    assert patch.path.endswith(f"/{comment['id']}")
    assert second.outputs["comment-url"] == first.outputs["comment-url"]
    assert second.rc == first.rc


def test_every_output_is_set_and_agrees_with_the_results(runner: Runner) -> None:
    run = runner.run()
    declared = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))["outputs"]
    assert set(declared) <= set(run.outputs)
    results = run.results()
    c = counts(results)
    assert run.outputs["traces"] == str(len(results)) == "3"
    assert run.outputs["verified"] == str(c["verified"])
    assert run.outputs["false-successes"] == str(c["false_success"])
    assert run.outputs["unverifiable"] == str(c["unverifiable"])
    assert run.outputs["skipped"] == str(c["skipped"])
    assert run.outputs["invalid"] == "0"
    honesty = sum(
        1
        for r in results
        for reason in r["reasons"]
        if reason["outcome"] in ("contradicted", "unsupported")
    )
    assert run.outputs["honesty-errors"] == str(honesty)
    assert run.outputs["conclusion"] == ("failure" if run.rc == 1 else "success")
    data = json.loads(run.outputs["json"])
    assert data["verdicts"] == c and data["exit_code"] == run.rc
    assert data["comment_url"] == run.outputs["comment-url"]
    assert run.outputs["results-file"] == "toolscore-ci/results.jsonl"
    # Paths in the results file are relative to the workspace, so they match across machines.
    assert {r["source_file"] for r in results} == {"traces/agents.jsonl"}


def test_junit_and_sarif_parse_and_match_the_results(runner: Runner) -> None:
    runner.traces("injection.jsonl")
    run = runner.run(sarif_file="reports/toolscore.sarif")
    results = run.results()
    root = ET.parse(run.workspace / run.outputs["junit-file"]).getroot()
    suites = root.findall("testsuite")
    assert sorted(s.get("name") for s in suites) == [
        "traces/agents.jsonl",
        "traces/injection.jsonl",
    ]
    cases = root.findall("testsuite/testcase")
    assert len(cases) == len(results) == 4
    for case, result in zip(cases, results, strict=True):
        assert case.get("name") == result["trace_id"]
        assert case.get("file") == result["source_file"] and case.get("line") == str(result["line"])
        verdict = result["verdict"]
        assert (case.find("failure") is not None) == (verdict == "false_success")
        assert (case.find("skipped") is not None) == (verdict in ("skipped", "unverifiable"))
    sarif = json.loads((run.workspace / "reports/toolscore.sarif").read_text(encoding="utf-8"))
    assert sarif["version"] == "2.1.0" and run.outputs["sarif-file"] == "reports/toolscore.sarif"
    sarif_results = sarif["runs"][0]["results"]
    assert len(sarif_results) == int(run.outputs["honesty-errors"])
    rule_ids = {r["id"] for r in sarif["runs"][0]["tool"]["driver"]["rules"]}
    for res in sarif_results:
        assert res["ruleId"] in rule_ids
        loc = res["locations"][0]["physicalLocation"]
        assert loc["artifactLocation"]["uri"].startswith("traces/")
        assert loc["region"]["startLine"] >= 1


def test_summary_and_annotations_reach_the_log(runner: Runner) -> None:
    run = runner.run()
    results = run.results()
    assert run.summary.startswith("<!-- toolscore-ci report ")
    assert f"❌ {counts(results)['false_success']} false_success · " in run.summary
    errors = [line for line in run.stdout.splitlines() if line.startswith("::error ")]
    assert len(errors) == int(run.outputs["honesty-errors"])
    for line in errors:
        assert "file=traces/agents.jsonl,line=" in line


def test_the_comment_names_commit_run_links_and_input_errors(
    runner: Runner, stub: GitHubStub
) -> None:
    """Issue 11: the commit and run on the volatile line, links to the check run, the job
    summary and the artifact, task names, and input errors counted in the header, listed, and
    annotated on their file and line; the summary holds every line the comment holds."""
    from toolscore_ci.report.comment import stable_body

    runner.traces("mixed.jsonl", source=FIXTURES / "bad")
    runner.env_extra["GITHUB_RUN_ATTEMPT"] = "3"
    artifact = "https://github.example/octo/agent/actions/runs/777/artifacts/12"
    run = runner.run(check_run="true", artifact_url=artifact)
    body = stub.comments[PR][0]["body"]
    lines = body.splitlines()
    assert lines[1].endswith("· 2 input errors"), lines[1]
    check_url = run.outputs["check-run-url"]
    assert check_url and lines[2] == (
        f"<sub>commit <code>aaaaaaa</code> · run 777, attempt 3 · [check run]({check_url}) · "
        "[job summary](https://github.example/octo/agent/actions/runs/777) · "
        f"[artifact]({artifact}) · toolscore-ci {__version__}</sub>"
    )
    assert (
        "**Email Bob the Q3 report.** (task t-email, trace email-503, traces/agents.jsonl:1" in body
    )
    assert "<details><summary>🚫 Input errors: 2</summary>" in body
    for line in ("2: $: invalid JSON", "3: $.task.domain"):
        assert f"- traces/mixed.jsonl:{line}" in body
        number = line.split(":")[0]
        assert any(
            c.startswith(f"::error file=traces/mixed.jsonl,line={number},")
            for c in run.stdout.splitlines()
        ), f"no ::error annotation on mixed.jsonl line {number}"
    # the summary is written before the check run exists: all but the volatile line agree
    summary = stable_body(run.summary).splitlines()
    assert [line for line in stable_body(body).splitlines() if line not in summary] == []
    # the results file names the task, and stays valid against its schema
    import jsonschema

    from toolscore_ci.report.results import load_result_schema

    schema = load_result_schema()
    for row in run.results():
        jsonschema.validate(row, schema)
    by_id = {r["trace_id"]: r for r in run.results()}
    assert by_id["email-503"]["task"] == {
        "id": "t-email",
        "instruction": "Email Bob the Q3 report.",
    }


def test_the_checks_tab_stands_in_for_a_check_run_and_a_bad_artifact_url_is_refused(
    runner: Runner, stub: GitHubStub
) -> None:
    run = runner.run(check_run="false")
    assert (
        "[checks](https://github.example/octo/agent/pull/42/checks)" in stub.comments[PR][0]["body"]
    )
    assert "artifact" not in stub.comments[PR][0]["body"].splitlines()[2]
    bad = runner.run(artifact_url="https://x.example/a) [pwn](https://evil.example")
    assert bad.rc == 2 and "input artifact-url: expected an http(s) URL" in bad.stdout
    assert run.rc == 1


def test_titles_key_separate_comments(runner: Runner, stub: GitHubStub) -> None:
    runner.run(title="agents (linux)")
    runner.run(title="agents (nightly)")
    runner.run(title="agents (linux)")
    assert len(stub.comments[PR]) == 2
    assert len(stub.calls("PATCH", r"/issues/comments/")) == 1


def test_comment_found_on_a_later_page_and_only_from_the_bot(
    runner: Runner, stub: GitHubStub
) -> None:
    from toolscore_ci.report.comment import marker

    # Someone pastes our marker into their own comment: it must never be edited.
    stub.add_comment(PR, marker("toolscore-ci") + "\nfake", "mallory")
    for n in range(130):
        stub.add_comment(PR, f"review {n}", "reviewer")
    runner.run()
    ours = [c for c in stub.comments[PR] if c["user"]["login"] == "github-actions[bot]"]
    assert len(ours) == 1
    runner.run()
    assert stub.comments[PR][0]["body"].endswith("fake")
    assert len(stub.calls("PATCH", r"/issues/comments/")) == 1
    assert len([c for c in stub.comments[PR] if c["user"]["login"] == "github-actions[bot]"]) == 1
    assert any(r.query.get("page") == ["2"] for r in stub.calls("GET", r"/comments$"))


@pytest.mark.parametrize("mode", ["off", "failures", "changes"])
def test_comment_modes(runner: Runner, stub: GitHubStub, mode: str) -> None:
    first = runner.run(comment_mode=mode)
    failing = first.rc != 0 or first.outputs["false-successes"] != "0"
    if mode == "off" or (mode == "failures" and not failing):
        assert PR not in stub.comments and first.outputs["comment-url"] == ""
        return
    assert len(stub.comments[PR]) == 1
    runner.run(comment_mode=mode)
    patches = stub.calls("PATCH", r"/issues/comments/")
    # `changes` skips the edit when only the run link moved; the others always refresh.
    assert len(patches) == (0 if mode == "changes" else 1)


def test_failures_mode_posts_when_the_gate_fails(runner: Runner, stub: GitHubStub) -> None:
    run = runner.run(comment_mode="failures", fail_on="skipped")
    assert run.rc == 1 and len(stub.comments[PR]) == 1


def test_check_run_carries_every_annotation_in_batches(runner: Runner, stub: GitHubStub) -> None:
    run = runner.run(check_run="true", max_annotations="0")
    (check,) = stub.check_runs.values()
    assert run.outputs["check-run-url"] == check["html_url"]
    # the job summary, written before the API calls, ends by linking what they created
    posted = run.summary.rstrip().splitlines()[-1]
    assert posted.startswith("Posted: "), posted
    assert f"[check run]({check['html_url']})" in posted
    assert f"[PR comment]({run.outputs['comment-url']})" in posted
    assert check["head_sha"] == "a" * 40 and check["name"] == "toolscore-ci"
    assert len(check["all_annotations"]) == int(run.outputs["honesty-errors"])
    assert not [line for line in run.stdout.splitlines() if line.startswith("::error ")]


def test_publish_check_run_batches_of_50_over_http(stub: GitHubStub) -> None:
    from toolscore_ci.action import publish_check_run
    from toolscore_ci.github import GitHub
    from toolscore_ci.report.annotations import Annotation

    notes = [Annotation("error", "traces/a.jsonl", n + 1, f"t{n}", f"m{n}") for n in range(120)]
    gh = GitHub(TOKEN, "octo/agent", stub.url, timeout=2)
    url = publish_check_run(gh, "c" * 40, "toolscore-ci", "failure", "summary", notes)
    (check,) = stub.check_runs.values()
    assert url == check["html_url"] and check["conclusion"] == "failure"
    assert [a["start_line"] for a in check["all_annotations"]] == list(range(1, 121))
    posts, patches = stub.calls("POST", "check-runs"), stub.calls("PATCH", "check-runs")
    assert len(posts) == 1 and len(patches) == 2
    assert [len(r.body["output"]["annotations"]) for r in posts + patches] == [50, 50, 20]


# -- the gate, baseline and configuration --------------------------------------------------


def test_fail_on_skipped_fails_the_gate(runner: Runner) -> None:
    run = runner.run(fail_on="skipped")
    assert run.rc == 1 and run.outputs["conclusion"] == "failure"


def test_fail_on_none_always_passes(runner: Runner) -> None:
    run = runner.run(fail_on="none")
    assert run.rc == 0 and run.outputs["conclusion"] == "success"


def write_baseline(runner: Runner, verdicts: dict[str, str]) -> None:
    lines = [json.dumps({"trace_id": t, "verdict": v}) for t, v in verdicts.items()]
    lines.append(trailer_line(len(verdicts)))  # a results file ends with its trailer
    (runner.workspace / "baseline.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_baseline_shows_new_fixed_and_still_failing(runner: Runner, stub: GitHubStub) -> None:
    write_baseline(runner, {"calendar-ok": "false_success", "gone": "false_success"})
    run = runner.run(baseline="baseline.jsonl")
    results = run.results()
    current_fs = [r["trace_id"] for r in results if r["verdict"] == "false_success"]
    data = json.loads(run.outputs["json"])
    fixed = 2 - (1 if "calendar-ok" in current_fs else 0)
    assert data["baseline"] == {"new": len(current_fs), "fixed": fixed, "still_failing": 0}
    assert run.outputs["new-false-successes"] == str(len(current_fs))
    delta = f"**vs baseline:** +{len(current_fs)} new false success{'es' * (len(current_fs) != 1)}"
    assert f"{delta}, {fixed} fixed, 0 still failing" in stub.comments[PR][0]["body"]
    assert "Fixed since the baseline" in run.summary


def test_new_only_fails_just_on_new_failures(runner: Runner) -> None:
    write_baseline(runner, {"search-found": "skipped", "email-503": "false_success"})
    kept = runner.run(baseline="baseline.jsonl", fail_on="skipped", fail_on_new_only="true")
    assert kept.rc == 0, "search-found was already skipped in the baseline"
    everything = runner.run(baseline="baseline.jsonl", fail_on="skipped")
    assert everything.rc == 1, "without fail-on-new-only every skipped trace counts"
    write_baseline(runner, {"email-503": "false_success"})
    fresh = runner.run(baseline="baseline.jsonl", fail_on="skipped", fail_on_new_only="true")
    assert fresh.rc == 1, "search-found is skipped and was not in the baseline: new"


def test_a_broken_baseline_is_an_input_error(runner: Runner) -> None:
    (runner.workspace / "baseline.jsonl").write_text('{"trace_id": "x"}\n', encoding="utf-8")
    run = runner.run(baseline="baseline.jsonl")
    assert run.rc == 2 and run.outputs["conclusion"] == "error"
    assert "baseline.jsonl:1: $: not a results line" in run.stdout


@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        ({"fail_on": "bogus"}, "input fail-on: unknown verdict bogus"),
        ({"comment_mode": "sometimes"}, "input comment-mode"),
        ({"max_annotations": "-1"}, "input max-annotations"),
        ({"fail_on_empty": "maybe"}, "input fail-on-empty: expected true or false"),
        ({"traces": "  \n"}, "input traces: give at least one glob"),
        ({"rules": "no/such/pack.yaml"}, "no/such/pack.yaml"),
    ],
)
def test_configuration_errors_exit_2(
    runner: Runner, stub: GitHubStub, inputs: dict[str, str], message: str
) -> None:
    run = runner.run(**inputs)
    assert run.rc == 2 and run.outputs["conclusion"] == "error"
    assert message in run.stdout
    assert stub.requests == []


def test_no_traces_is_an_error_unless_allowed(runner: Runner) -> None:
    empty = runner.run(traces="nothing/**/*.jsonl")
    assert empty.rc == 2 and empty.outputs["conclusion"] == "error"
    assert "matched no files" in empty.summary
    allowed = runner.run(traces="nothing/**/*.jsonl", fail_on_empty="false")
    assert allowed.rc == 0 and allowed.outputs["traces"] == "0"


def test_globs_with_excludes(runner: Runner) -> None:
    runner.traces("injection.jsonl")
    run = runner.run(traces="traces/**/*.jsonl\n!traces/injection.jsonl")
    assert {r["source_file"] for r in run.results()} == {"traces/agents.jsonl"}


def test_bad_input_lines_are_reported_and_the_rest_is_checked(
    runner: Runner, stub: GitHubStub
) -> None:
    runner.traces("mixed.jsonl", source=FIXTURES / "bad")
    run = runner.run()
    assert run.rc == 2 and run.outputs["conclusion"] == "error"
    assert run.outputs["invalid"] == "1" and run.outputs["traces"] == "4"
    assert "traces/mixed.jsonl:2: $: invalid JSON" in run.stdout
    assert "traces/mixed.jsonl:3: $.task.domain" in stub.comments[PR][0]["body"]
    errors = ET.parse(run.workspace / "toolscore-ci/junit.xml").getroot().findall(".//error")
    assert len(errors) == 2


def test_composite_style_inputs_are_read_too(tmp_path: Path) -> None:
    runner = Runner(tmp_path, None).traces("agents.jsonl")
    env = runner.env({})
    for key in [k for k in env if k.startswith("INPUT_")]:
        del env[key]
    env["INPUT_FAIL_ON"] = "skipped"  # the composite action's spelling
    env["INPUT_COMMENT_MODE"] = "off"
    proc = subprocess.run(
        [sys.executable, str(REPO / "entrypoint.py")], env=env, capture_output=True, text=True
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert parse_outputs(Path(env["GITHUB_OUTPUT"]))["conclusion"] == "failure"


# -- the API failing, and read-only tokens -------------------------------------------------


def assert_report_complete(run: Runner | Run, expected_rc: int | None = None) -> None:
    assert isinstance(run, Run)
    assert (run.workspace / run.outputs["results-file"]).is_file()
    assert (run.workspace / run.outputs["junit-file"]).is_file()
    assert run.summary.startswith("<!-- toolscore-ci report ")
    assert {"conclusion", "json", "comment-url", "traces"} <= set(run.outputs)
    if expected_rc is not None:
        assert run.rc == expected_rc


def test_read_only_token_falls_back_with_a_notice(runner: Runner, stub: GitHubStub) -> None:
    stub.readonly = True
    run = runner.run(check_run="true")
    assert_report_complete(run, expected_exit(run.results(), {"false_success"}))
    assert run.outputs["comment-url"] == "" and run.outputs["check-run-url"] == ""
    notices = [line for line in run.stdout.splitlines() if line.startswith("::notice")]
    assert any("PR comment not posted" in n and "pull-requests" in n for n in notices)
    assert any("Check run not posted" in n and "checks" in n for n in notices)
    assert "PR comment not posted" in run.summary
    writes = stub.calls("POST")
    assert len(writes) == 2, "a plain 403 is not retried"


@pytest.mark.parametrize("who", ["fork", "dependabot"])
def test_fork_and_dependabot_runs_skip_the_api(runner: Runner, stub: GitHubStub, who: str) -> None:
    if who == "fork":
        runner.event["pull_request"]["head"]["repo"]["full_name"] = "stranger/agent"
    else:
        runner.env_extra["GITHUB_ACTOR"] = "dependabot[bot]"
    run = runner.run(check_run="true")
    assert_report_complete(run, expected_exit(run.results(), {"false_success"}))
    assert stub.requests == []
    (notice,) = [line for line in run.stdout.splitlines() if line.startswith("::notice")]
    assert ("fork" if who == "fork" else "Dependabot") in notice
    assert "workflow_run" in notice
    assert "Posted: " not in run.summary  # nothing was posted: nothing is linked


FORK_SHA = "d" * 40


def workflow_run_runner(runner: Runner, stub: GitHubStub, pr_event: dict[str, Any]) -> Path:
    """The privileged workflow_run job: its own (trusted) event names the PR run's commit; the
    PR run's event, uploaded as an artifact, is a file it was handed (untrusted)."""
    path = runner.tmp / "pr-event.json"
    path.write_text(json.dumps(pr_event), encoding="utf-8")
    runner.event = {
        "action": "completed",
        "workflow_run": {
            "event": "pull_request",
            "head_sha": FORK_SHA,
            "head_branch": "fix",
            "head_repository": {"full_name": "stranger/agent", "owner": {"login": "stranger"}},
            "pull_requests": [],  # always empty for a fork
        },
    }
    runner.env_extra["GITHUB_EVENT_NAME"] = "workflow_run"
    return path


def fork_pr_event(number: int = PR, sha: str = FORK_SHA) -> dict[str, Any]:
    return {
        "number": number,
        "pull_request": {
            "number": number,
            "head": {"sha": sha, "repo": {"full_name": "stranger/agent"}},
            "base": {"repo": {"full_name": "octo/agent"}},
        },
    }


def test_workflow_run_recipe_comments_on_the_fork_pr(runner: Runner, stub: GitHubStub) -> None:
    stub.add_pull(PR, FORK_SHA, head_repo="stranger/agent", branch="fix")
    event_file = workflow_run_runner(runner, stub, fork_pr_event())
    run = runner.run(event_file=str(event_file), check_run="true")
    assert len(stub.comments[PR]) == 1 and run.outputs["comment-url"]
    (check,) = stub.check_runs.values()
    assert check["head_sha"] == FORK_SHA and run.outputs["check-run-url"]
    assert stub.calls("GET", rf"/commits/{FORK_SHA}/pulls$")
    assert stub.calls("GET", rf"/pulls/{PR}$")
    assert not [line for line in run.stdout.splitlines() if line.startswith("::notice")]


def test_workflow_run_mode_needs_no_event_file(runner: Runner, stub: GitHubStub) -> None:
    stub.add_pull(PR, FORK_SHA, head_repo="stranger/agent", branch="fix")
    workflow_run_runner(runner, stub, fork_pr_event())
    run = runner.run()
    assert len(stub.comments[PR]) == 1 and run.outputs["comment-url"]


def test_a_forged_event_file_cannot_choose_another_pr(runner: Runner, stub: GitHubStub) -> None:
    from toolscore_ci.report.comment import marker

    stub.add_pull(PR, FORK_SHA, head_repo="stranger/agent", branch="fix")
    victim = stub.add_pull(7, "7" * 40)  # someone else's PR, with our bot's comment on it
    stub.add_comment(7, marker("toolscore-ci") + "\nthe real report", "github-actions[bot]")
    event_file = workflow_run_runner(
        runner, stub, fork_pr_event(number=7, sha=victim["head"]["sha"])
    )
    run = runner.run(event_file=str(event_file), check_run="true")
    assert stub.comments[7][0]["body"].endswith("the real report"), "PR #7 was overwritten"
    assert stub.calls("PATCH", r"/issues/comments/") == []
    assert len(stub.comments[PR]) == 1, "the report goes to the PR the trusted commit heads"
    assert [c["head_sha"] for c in stub.check_runs.values()] == [FORK_SHA]
    notices = [line for line in run.stdout.splitlines() if line.startswith("::notice")]
    assert any("names PR #7" in n and "never chooses" in n for n in notices), notices


def test_a_forged_event_file_cannot_choose_the_commit(runner: Runner, stub: GitHubStub) -> None:
    # No PR has the trusted commit as its head; the forged file names a real open PR and its
    # head: nothing may be posted, and certainly no `success` check run on that commit.
    stub.add_pull(9, "9" * 40)
    event_file = workflow_run_runner(runner, stub, fork_pr_event(number=9, sha="9" * 40))
    run = runner.run(event_file=str(event_file), check_run="true", fail_on="none")
    assert stub.check_runs == {} and stub.comments == {}
    assert run.outputs["comment-url"] == "" and run.outputs["check-run-url"] == ""
    assert_report_complete(run, 0)
    assert any(
        "not the head of an open pull request" in line
        for line in run.stdout.splitlines()
        if line.startswith("::notice")
    )


@pytest.mark.parametrize("case", ["closed", "head-moved-on"])
def test_workflow_run_posts_only_on_an_open_pr_at_that_commit(
    runner: Runner, stub: GitHubStub, case: str
) -> None:
    if case == "closed":
        stub.add_pull(PR, FORK_SHA, state="closed", head_repo="stranger/agent", branch="fix")
        expected = f"#{PR} is closed"
    else:  # the fork pushed again: the PR's head is a newer commit that contains ours
        stub.add_pull(PR, "e" * 40, head_repo="stranger/agent", branch="fix", commits=(FORK_SHA,))
        expected = f"#{PR}'s head moved on to eeeeeeeeeeee"
    event_file = workflow_run_runner(runner, stub, fork_pr_event())
    run = runner.run(event_file=str(event_file), check_run="true")
    assert stub.check_runs == {} and PR not in stub.comments
    assert_report_complete(run)
    notices = [line for line in run.stdout.splitlines() if line.startswith("::notice")]
    assert any(expected in n for n in notices), notices


def test_event_file_outside_workflow_run_chooses_nothing(runner: Runner, stub: GitHubStub) -> None:
    path = runner.tmp / "forged.json"
    path.write_text(json.dumps(fork_pr_event(number=7, sha="7" * 40)), encoding="utf-8")
    run = runner.run(event_file=str(path), check_run="true")
    assert 7 not in stub.comments and len(stub.comments[PR]) == 1  # this run's own PR
    assert [c["head_sha"] for c in stub.check_runs.values()] == ["a" * 40]
    assert any(
        "event-file input is used only on workflow_run" in line for line in run.stdout.splitlines()
    )


def test_5xx_then_success(runner: Runner, stub: GitHubStub) -> None:
    stub.inject("POST", r"/issues/\d+/comments$", 502, times=1)
    run = runner.run()
    assert len(stub.comments[PR]) == 1 and run.outputs["comment-url"]
    assert len(stub.calls("POST", r"/comments$")) == 2


def test_5xx_for_good_keeps_the_report(runner: Runner, stub: GitHubStub) -> None:
    stub.inject("GET", r"/comments$", 500, times=99)
    run = runner.run()
    assert_report_complete(run, expected_exit(run.results(), {"false_success"}))
    assert len(stub.calls("GET", r"/comments$")) == 3  # 1 + TOOLSCORE_CI_HTTP_RETRIES
    assert any(
        line.startswith("::notice") and "HTTP 500" in line for line in run.stdout.splitlines()
    )


def test_403_rate_limit_then_success(runner: Runner, stub: GitHubStub) -> None:
    reset = str(int(time.time()) + 1)
    stub.inject(
        "GET",
        r"/comments$",
        403,
        headers={"x-ratelimit-remaining": "0", "x-ratelimit-reset": reset},
        body={"message": "API rate limit exceeded"},
    )
    run = runner.run()
    assert run.outputs["comment-url"] and len(stub.calls("GET", r"/comments$")) == 2


def test_403_rate_limit_too_far_away_gives_up_fast(runner: Runner, stub: GitHubStub) -> None:
    reset = str(int(time.time()) + 3600)
    stub.inject(
        "GET",
        r"/comments$",
        403,
        times=99,
        headers={"x-ratelimit-remaining": "0", "x-ratelimit-reset": reset},
        body={"message": "API rate limit exceeded"},
    )
    run = runner.run()
    assert run.seconds < 20 and run.outputs["comment-url"] == ""
    assert_report_complete(run)
    assert any("rate limit" in line for line in run.stdout.splitlines() if "::notice" in line)


def test_429_with_retry_after(runner: Runner, stub: GitHubStub) -> None:
    stub.inject("POST", r"/comments$", 429, headers={"Retry-After": "1"})
    run = runner.run()
    assert run.outputs["comment-url"] and len(stub.calls("POST", r"/comments$")) == 2


def test_404_is_not_retried(runner: Runner, stub: GitHubStub) -> None:
    stub.inject("GET", r"/comments$", 404, times=99, body={"message": "Not Found"})
    run = runner.run()
    assert len(stub.calls("GET", r"/comments$")) == 1
    assert_report_complete(run)
    assert any("HTTP 404" in line for line in run.stdout.splitlines() if "::notice" in line)


def test_timeouts_do_not_hang_the_job(runner: Runner, stub: GitHubStub) -> None:
    stub.inject("GET", r"/comments$", 0, delay=2.0, times=99)
    runner.env_extra.update({"TOOLSCORE_CI_HTTP_TIMEOUT": "0.3", "TOOLSCORE_CI_HTTP_RETRIES": "1"})
    run = runner.run()
    assert_report_complete(run)
    assert run.seconds < 15 and run.outputs["comment-url"] == ""
    assert any("timeout" in line for line in run.stdout.splitlines() if "::notice" in line)


def test_unreachable_api(tmp_path: Path) -> None:
    runner = Runner(tmp_path, None).traces("agents.jsonl")
    runner.env_extra.update({"TOOLSCORE_CI_HTTP_RETRIES": "0"})
    run = runner.run()
    assert_report_complete(run)
    assert run.outputs["comment-url"] == ""


def notices_of(run: Run) -> list[str]:
    return [line for line in run.stdout.splitlines() if line.startswith("::notice")]


def test_secondary_rate_limit_is_retried_and_named_not_a_permissions_problem(
    runner: Runner, stub: GitHubStub
) -> None:
    message = "You have exceeded a secondary rate limit. Please wait a few minutes."
    stub.inject("POST", r"/comments$", 403, times=99, body={"message": message})
    run = runner.run()
    assert_report_complete(run, expected_exit(run.results(), {"false_success"}))
    (notice,) = notices_of(run)
    assert "secondary rate limit" in notice and "rate limit" in notice
    assert "may not write" not in notice and "permissions" not in notice


def test_a_404_on_the_pr_says_pr_not_found(runner: Runner, stub: GitHubStub) -> None:
    stub.inject("GET", r"/issues/42/comments$", 404, times=99, body={"message": "Not Found"})
    run = runner.run()
    assert_report_complete(run)
    (notice,) = notices_of(run)
    assert "PR #42 not found" in notice and "may not write" not in notice


@pytest.mark.parametrize(
    "fault",
    [
        {"raw": b"<html>Unicorn!</html>", "content_type": "text/html"},
        {"body": {"message": "a dict, not a list"}},
        {"raw": b""},
    ],
    ids=["html-200", "dict-for-list", "empty-200"],
)
def test_answers_that_are_not_what_they_claim_are_a_notice(
    runner: Runner, stub: GitHubStub, fault: dict[str, Any]
) -> None:
    stub.inject("GET", r"/comments$", 200, times=99, **fault)
    run = runner.run()
    assert_report_complete(run, expected_exit(run.results(), {"false_success"}))
    (notice,) = notices_of(run)
    assert "PR comment not posted" in notice and "not what the API promises" in notice


def test_an_empty_201_for_a_new_comment_is_a_notice(runner: Runner, stub: GitHubStub) -> None:
    stub.inject("POST", r"/comments$", 201, raw=b"")
    run = runner.run()
    assert_report_complete(run, expected_exit(run.results(), {"false_success"}))
    assert any("got an empty body" in n for n in notices_of(run))


def test_one_deadline_for_all_github_calls(runner: Runner, stub: GitHubStub) -> None:
    stub.inject("POST", r"/comments$", 429, times=99, headers={"Retry-After": "50"})
    runner.env_extra["TOOLSCORE_CI_MAX_RETRY_WAIT"] = "300"
    run = runner.run(github_timeout="3", check_run="true")
    assert run.seconds < 20
    assert_report_complete(run, expected_exit(run.results(), {"false_success"}))
    assert run.outputs["check-run-url"], "what fits in the time is still posted"
    (notice,) = notices_of(run)
    assert "PR comment not posted" in notice and "github-timeout: 3 s" in notice


def test_a_slow_api_is_cut_off_at_the_deadline(runner: Runner, stub: GitHubStub) -> None:
    stub.inject("GET", r"/comments$", 0, delay=5.0, times=99)
    runner.env_extra.update({"TOOLSCORE_CI_HTTP_TIMEOUT": "10", "TOOLSCORE_CI_HTTP_RETRIES": "5"})
    run = runner.run(github_timeout="1.5")
    assert run.seconds < 15
    assert_report_complete(run, expected_exit(run.results(), {"false_success"}))
    assert run.outputs["comment-url"] == ""
    assert any("github-timeout: 1.5 s" in n for n in notices_of(run))


@pytest.mark.parametrize("value", ["0", "-5", "soon", "inf"])
def test_a_bad_github_timeout_is_an_input_error(runner: Runner, value: str) -> None:
    run = runner.run(github_timeout=value)
    assert run.rc == 2 and "input github-timeout" in run.stdout


# -- one bad trace never costs the report (issue 9) -----------------------------------------

GOOD = [json.loads(line) for line in (FIXTURES / "traces/agents.jsonl").read_text().splitlines()]


DEEP = "__deep__"  # stands for a value nested too deep to build with json.dumps under pytest


def _deep_json(depth: int) -> str:
    return '{"k": ' * depth + '"x"' + "}" * depth


def _nested(depth: int, leaf: Any) -> Any:
    for _ in range(depth):
        leaf = {"k": leaf}
    return leaf


def _native(trace_id: str, **change: Any) -> str:
    trace = json.loads(json.dumps(GOOD[0]))
    trace["trace_id"] = trace_id
    for dotted, value in change.items():
        *parents, last = dotted.split("__")
        node = trace
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        node[int(last) if isinstance(node, list) else last] = value
    return json.dumps(trace)


def _swe_agent_digits() -> str:
    submit = "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached"
    say = [
        ("system", "You are a helpful assistant that can interact with a computer."),
        ("user", "<pr_description>\nfix it\n</pr_description>"),
        ("assistant", "THOUGHT: test.\n\n```bash\npytest\n```"),
        ("user", f"<returncode>{'9' * 5000}</returncode>\n<output>\nok\n</output>"),
        ("assistant", f"THOUGHT: Tests pass now. Submitting.\n\n```bash\n{submit}\n```"),
    ]
    return json.dumps({"id": "digits", "messages": [{"role": r, "content": c} for r, c in say]})


# name -> (the poison file's lines, the poison's line number, whether a good trace follows it)
POISON: dict[str, tuple[list[str], int]] = {
    "type-is-a-list": (['{"type": ["user"], "message": {"role": "user", "content": "hi"}}'], 1),
    "type-is-an-object": (['{"type": {"a": 1}, "message": {"role": "user", "content": "hi"}}'], 1),
    "claim-subject-500-deep": (
        [
            _native("before-poison"),
            _native(
                "poison",
                final_claim__claims=[{"type": "sent", "subject": _nested(500, "bob")}],
            ),
            _native("after-poison"),
        ],
        2,
    ),
    "tool-output-990-deep": (
        [
            _native("before-poison"),
            _native("poison", steps__2__output=DEEP).replace(f'"{DEEP}"', _deep_json(990)),
            _native("after-poison"),
        ],
        2,
    ),
    "url-urlsplit-rejects": (
        [
            _native("before-poison"),
            _native(
                "poison",
                steps__1__name="http.request",
                steps__2__name="http.request",
                steps__1__args={"method": "POST", "url": "http://[::1/x"},
            ),
            _native("after-poison"),
        ],
        2,
    ),
}


def test_a_return_code_of_5000_digits_is_read_not_fatal(tmp_path: Path, stub: GitHubStub) -> None:
    """It aborted the run (Python's int-string limit); the reader now keeps it as a return
    code it cannot read, so the trace is checked like any other and nothing is an error."""
    runner = Runner(tmp_path, stub).traces("agents.jsonl")
    (runner.workspace / "traces/p-digits.jsonl").write_text(_swe_agent_digits() + "\n")
    run = runner.run(sarif_file="out.sarif")
    assert run.outputs["conclusion"] != "error", run.stdout
    assert run.rc == 1  # the bundled agents' false successes, not an input error
    assert "digits" in {r["trace_id"] for r in run.results()}


def poison_runner(tmp_path: Path, stub: GitHubStub, name: str) -> Runner:
    runner = Runner(tmp_path, stub).traces("agents.jsonl")
    lines, _ = POISON[name]
    (runner.workspace / "traces/p-poison.jsonl").write_text("\n".join(lines) + "\n")
    more = [_native(f"more-{t['trace_id']}") for t in GOOD]  # a good file after the poison
    (runner.workspace / "traces/z-more.jsonl").write_text("\n".join(more) + "\n")
    return runner


@pytest.mark.parametrize("name", list(POISON))
def test_a_poison_file_costs_only_itself(tmp_path: Path, stub: GitHubStub, name: str) -> None:
    """The Action-level boundary: whatever the poison does, every output, the summary, the
    files and the comment still come out for the good traces around it, and the run says
    error (exit 2) naming the poison's file."""
    run = poison_runner(tmp_path, stub, name).run(sarif_file="out.sarif", check_run="true")
    assert run.rc == 2 and run.outputs["conclusion"] == "error"
    declared = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))["outputs"]
    assert set(declared) <= set(run.outputs)
    assert json.loads(run.outputs["json"])["conclusion"] == "error"
    ids = {r["trace_id"] for r in run.results()}
    good = {t["trace_id"] for t in GOOD}
    assert good | {f"more-{t}" for t in good} <= ids, "the good traces around it are checked"
    assert run.outputs["traces"] == str(len(run.results()))
    assert any(  # annotated on the poison's file as an error of the input, not a verdict
        line.startswith("::error file=traces/p-poison.jsonl,") and "input error" in line
        for line in run.stdout.splitlines()
    ), run.stdout
    assert run.summary.startswith("<!-- toolscore-ci report ") and "p-poison.jsonl" in run.summary
    junit = ET.parse(run.workspace / run.outputs["junit-file"]).getroot()
    assert junit.findall(".//error") and len(junit.findall(".//testcase")) >= len(ids)
    sarif = json.loads((run.workspace / "out.sarif").read_text(encoding="utf-8"))
    assert sarif["version"] == "2.1.0"
    (comment,) = stub.comments[PR]
    assert "p-poison.jsonl" in comment["body"] and "more-email-503" in comment["body"]
    assert stub.check_runs, "the check run is still created"


@pytest.mark.parametrize("name", list(POISON))
def test_a_poison_trace_is_named_by_its_line_and_the_rest_of_its_file_is_checked(
    tmp_path: Path, stub: GitHubStub, name: str
) -> None:
    """The acceptance of issue 9 in full: the poison's own line is named, and the good traces
    after it in the same file are checked too (the pipeline's per-trace boundary)."""
    lines, line = POISON[name]
    run = poison_runner(tmp_path, stub, name).run(sarif_file="out.sarif")
    assert run.rc == 2 and run.outputs["conclusion"] == "error"
    where = f"traces/p-poison.jsonl:{line}"
    assert where in run.stdout and where in stub.comments[PR][0]["body"]
    ids = {r["trace_id"] for r in run.results()}
    if len(lines) > 1:
        assert {"before-poison", "after-poison"} <= ids
        assert "poison" not in ids


def test_a_report_file_that_cannot_be_written_costs_only_itself(
    runner: Runner, stub: GitHubStub
) -> None:
    (runner.workspace / "blocked").mkdir()  # a directory where the results file should go
    run = runner.run(results_file="blocked", sarif_file="out.sarif")
    assert run.rc == 2 and run.outputs["conclusion"] == "error"
    assert (run.workspace / run.outputs["junit-file"]).is_file()
    assert (run.workspace / "out.sarif").is_file()
    assert run.summary.startswith("<!-- toolscore-ci report ") and "blocked" in run.summary
    assert run.outputs["traces"] == "3" and json.loads(run.outputs["json"])["internal_errors"] == 1
    assert any(
        line.startswith("::error") and "blocked" in line and "results file" in line
        for line in run.stdout.splitlines()
    )
    assert "blocked" in stub.comments[PR][0]["body"]


def test_a_lone_surrogate_in_agent_text_is_a_located_error_not_fatal(
    runner: Runner, stub: GitHubStub
) -> None:
    """Text with a lone surrogate is not valid Unicode: the reader names it at its line and
    JSON path (formats/jsonio.py), and every report still comes out for the other traces."""
    text = "Done, I sent the email \ud800 to bob@example.com."
    (runner.workspace / "traces/surrogate.jsonl").write_text(
        _native("surrogate", final_claim__text=text, steps__3__content=text) + "\n"
    )
    run = runner.run(sarif_file="out.sarif", check_run="true", max_annotations="50")
    results = {r["trace_id"]: r for r in run.results()}  # strict JSON, every line
    assert "email-503" in results and "surrogate" not in results
    assert run.rc == 2 and run.outputs["conclusion"] == "error"
    assert "traces/surrogate.jsonl:1: $.steps[3].content: text with a lone surrogate" in run.stdout
    json.loads((run.workspace / "out.sarif").read_text(encoding="utf-8"))
    ET.parse(run.workspace / run.outputs["junit-file"])
    body = stub.comments[PR][0]["body"]
    assert "traces/surrogate.jsonl:1" in body
    assert "\ud800" not in body and "\ud800" not in run.summary


# -- untrusted trace content ---------------------------------------------------------------


def test_an_injection_trace_stays_inert(tmp_path: Path, stub: GitHubStub) -> None:
    runner = Runner(tmp_path, stub).traces("injection.jsonl")
    run = runner.run(check_run="true", sarif_file="out.sarif", fail_on="false_success,skipped")
    # The log: only our own commands (checked in Runner.run); nothing from the trace at a
    # line start, and our annotation lines carry it only escaped.
    for line in run.stdout.splitlines():
        assert not re.match(r"\s*::(set-output|add-mask|stop-commands::x|warning::boom)", line)
        if line.startswith(("::error", "::warning", "::notice")):
            assert "\n" not in line and "%0A::" not in line.replace("%250A", "")
    # Outputs: exactly ours; nothing the trace tried to set.
    assert "x" not in run.outputs and "pwned" not in run.outputs
    assert run.outputs["conclusion"] == ("failure" if run.rc == 1 else "success")
    # Markdown surfaces: no raw HTML, no live mention, no structure broken.
    for body in [stub.comments[PR][0]["body"], run.summary]:
        assert "<img" not in body
        # the only <details> and <summary> tags are our own, each on a line of its own
        ours = [line for line in body.splitlines() if line.startswith("<details><summary>")]
        assert body.count("<summary") == body.count("</details>") == len(ours)
        assert body.count("\n</details>\n") == len(ours)
        assert not re.search(r"(?<![A-Za-z0-9])@(team|octo-org)", body)
        assert "inject" in body  # the trace is still reported, just inert
        if any(r["reasons"] for r in run.results()):  # the engine cited the evil tool error
            assert "&lt;img src=x" in body and "@\u200dteam" in body
    # XML and JSON surfaces still parse.
    ET.parse(run.workspace / "toolscore-ci/junit.xml")
    json.loads((run.workspace / "out.sarif").read_text(encoding="utf-8"))
    for check in stub.check_runs.values():
        for a in check["all_annotations"]:
            assert "<img" not in a["title"]


def test_runs_cut_off_without_a_final_report_are_counted_in_the_summary(
    runner: Runner,
) -> None:
    cut = {
        "schema": "agent-trace/v1",
        "trace_id": "cut-off",
        "source": "tests",
        "task": {"id": "cut-off", "domain": "coding", "instruction": "Fix it."},
        "steps": [
            {
                "i": 0,
                "ts": "2026-05-01T10:00:00Z",
                "kind": "message",
                "role": "user",
                "content": "Fix it.",
            },
            {
                "i": 1,
                "ts": "2026-05-01T10:00:01Z",
                "kind": "tool_call",
                "role": "agent",
                "name": "bash",
                "args": {"command": "ls"},
            },
        ],
        "final_claim": {"text": None},
    }
    (runner.workspace / "traces" / "cut.jsonl").write_text(json.dumps(cut) + "\n")
    run = runner.run()
    assert "1 run(s) ended without a final report" in run.summary
    result = next(r for r in run.results() if r["trace_id"] == "cut-off")
    assert result["verdict"] == "skipped"
    assert any("without a final report" in note for note in result["notes"])


def test_runs_reporting_their_own_failure_are_counted_in_the_summary(runner: Runner) -> None:
    blocked = {
        "schema": "agent-trace/v1",
        "trace_id": "blocked",
        "source": "tests",
        "task": {"id": "blocked", "domain": "crm", "instruction": "Export the contacts."},
        "steps": [
            {
                "i": 0,
                "ts": "2026-05-01T10:00:00Z",
                "kind": "message",
                "role": "user",
                "content": "Export the contacts.",
            },
        ],
        "final_claim": {
            "text": "I was blocked and could not finish.",
            "claims": [{"type": "blocked", "subject": {}}],
        },
    }
    (runner.workspace / "traces" / "blocked.jsonl").write_text(json.dumps(blocked) + "\n")
    run = runner.run()
    assert "1 run(s) reported that the work did not get done" in run.summary, run.summary
    result = next(r for r in run.results() if r["trace_id"] == "blocked")
    assert result["verdict"] == "skipped"
