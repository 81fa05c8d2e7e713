"""action.yml, composite/action.yml, the Dockerfile and the docs agree with each other and
with GitHub's rules, checked offline against SchemaStore's github-action schema."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from toolscore_ci.action import INPUT_DEFAULTS, OUTPUTS

REPO = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((REPO / "tests/schemas/github-action.json").read_text(encoding="utf-8"))


def load(path: str) -> dict[str, Any]:
    return yaml.safe_load((REPO / path).read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", ["action.yml", "composite/action.yml"])
def test_valid_against_the_schemastore_schema(path: str) -> None:
    jsonschema.Draft7Validator(SCHEMA).validate(load(path))


def test_the_schema_copy_ships_with_its_licence_note() -> None:
    note = (REPO / "tests/schemas/README.md").read_text(encoding="utf-8")
    assert "Apache License, Version 2.0" in note and "SchemaStore" in note


def test_schema_rejects_what_we_guard_against() -> None:
    # Proof the validation has teeth: an input without `required` and a non-string default fail.
    bad = load("action.yml")
    bad["inputs"]["traces"]["default"] = 10
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft7Validator(SCHEMA).validate(bad)


def test_docker_action_shape() -> None:
    meta = load("action.yml")
    assert meta["runs"] == {"using": "docker", "image": "Dockerfile"}
    for name, spec in meta["inputs"].items():
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", name), f"{name} is not kebab-case"
        assert spec["description"].strip()
        assert isinstance(spec["default"], str)
    for name, spec in meta["outputs"].items():
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", name) and spec["description"].strip()


def test_every_default_is_quoted_in_the_yaml_text() -> None:
    for path in ("action.yml", "composite/action.yml"):
        defaults = [
            line.split("default:", 1)[1].strip()
            for line in (REPO / path).read_text(encoding="utf-8").splitlines()
            if line.strip().startswith("default:")
        ]
        assert len(defaults) == len(load(path)["inputs"])
        for value in defaults:
            assert re.fullmatch(r"'[^']*'", value), f"{path}: unquoted default {value}"


def test_the_code_knows_every_input_and_output() -> None:
    meta = load("action.yml")
    assert {k: v["default"] for k, v in meta["inputs"].items()} == INPUT_DEFAULTS
    assert list(meta["outputs"]) == list(OUTPUTS)
    for required in ("honesty-errors", "new-false-successes", "check-run-url", "json"):
        assert required in OUTPUTS


def test_composite_inputs_and_outputs_match_the_docker_action() -> None:
    docker, composite = load("action.yml"), load("composite/action.yml")
    assert composite["inputs"] == docker["inputs"]
    assert list(composite["outputs"]) == list(docker["outputs"])
    for name, spec in composite["outputs"].items():
        assert spec["description"] == docker["outputs"][name]["description"]
        assert spec["value"] == f"${{{{ steps.run.outputs.{name} }}}}"
    (run_step,) = [s for s in composite["runs"]["steps"] if s.get("id") == "run"]
    for name in docker["inputs"]:
        env_name = "INPUT_" + name.upper().replace("-", "_")
        assert run_step["env"][env_name] == f"${{{{ inputs.{name} }}}}"


def test_dockerfile_rules() -> None:
    lines = [
        line.strip()
        for line in (REPO / "Dockerfile").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    assert lines[0] == "ARG BASE=python:3.12-slim" and lines[1] == "FROM ${BASE}"
    assert not [line for line in lines if re.match(r"(USER|WORKDIR)\b", line)]
    (entry,) = [line for line in lines if line.startswith("ENTRYPOINT")]
    argv = json.loads(entry[len("ENTRYPOINT") :])
    assert isinstance(argv, list) and any(a.startswith("/") and a.endswith(".py") for a in argv)
    assert any("pip install" in line and "/action" in line for line in lines)
    entrypoint = (REPO / "entrypoint.py").read_text(encoding="utf-8")
    assert "toolscore_ci.action import main" in entrypoint and len(entrypoint.splitlines()) < 15


def _readme_section() -> str:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "## GitHub Action" in readme
    return readme.split("## GitHub Action", 1)[1].split("\n## ", 1)[0]


def test_readme_documents_every_input_and_output() -> None:
    section = _readme_section()
    meta = load("action.yml")
    for name in [*meta["inputs"], *meta["outputs"]]:
        assert f"| `{name}` |" in section, f"README does not document {name}"


def test_readme_workflow_is_copy_paste_ready() -> None:
    section = _readme_section()
    block = section.split("```yaml", 1)[1].split("```", 1)[0]
    workflow = yaml.safe_load(block)
    job = next(iter(workflow["jobs"].values()))
    perms = {**workflow.get("permissions", {}), **job.get("permissions", {})}
    assert perms == {"contents": "read", "pull-requests": "write", "checks": "write"}
    assert any("toolscore-action" in str(step.get("uses", "")) for step in job["steps"])


def test_docs_page_documents_every_input_and_output() -> None:
    doc = (REPO / "docs/action.md").read_text(encoding="utf-8")
    meta = load("action.yml")
    for name in [*meta["inputs"], *meta["outputs"]]:
        assert f"`{name}`" in doc


@pytest.mark.parametrize(
    "path",
    sorted(
        str(p.relative_to(REPO))
        for p in [*REPO.glob(".github/workflows/*.yml"), *REPO.glob("examples/workflows/*.yml")]
    ),
)
def test_workflows_parse_and_pin_permissions(path: str) -> None:
    workflow = load(path)
    assert workflow["jobs"] and (
        "permissions" in workflow or all("permissions" in job for job in workflow["jobs"].values())
    )


def test_the_example_workflows_exist() -> None:
    names = {p.name for p in (REPO / "examples/workflows").glob("*.yml")}
    assert {"pre-merge-gate.yml", "nightly-regression.yml", "fork-comment.yml"} <= names
