"""SARIF 2.1.0 for GitHub code scanning: one result per contradicted or unsupported claim,
and one per expected-call finding (a task's gold calls the agent did not meet).

Locations are relative to the repository root (`%SRCROOT%`) and percent-encoded as SARIF's
URIs must be (a space, `#`, non-ASCII). Each result carries a fingerprint of the trace's
identity (its file and id: ids of formats without one repeat across files) and the claim, so
code scanning tracks it across runs and never merges two traces' findings.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any
from urllib.parse import quote

from toolscore_ci import __version__
from toolscore_ci.model import Result
from toolscore_ci.report.annotations import Annotation, build_annotations, relative_path
from toolscore_ci.report.inert import inert
from toolscore_ci.report.results import strict_dumps

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"

#: Where the rules' help links point: the Action passes its own repository and ref
#: (GITHUB_ACTION_REPOSITORY at GITHUB_ACTION_REF); this is the fallback of the CLI.
DOCS_BASE = "https://github.com/OWNER/toolscore-action/blob/main/"
ENGINE_DOC = "docs/engine.md"

#: Findings no check's code names (a judge's reason, a false success with no reason): one
#: rule per outcome, the ids code scanning has tracked since the first release.
_GENERIC: tuple[dict[str, Any], ...] = (
    {
        "id": "toolscore/contradicted-claim",
        "name": "ContradictedClaim",
        "shortDescription": {
            "text": "The agent claimed success that its own tool results contradict."
        },
        "anchor": "what-the-checks-leave-to-review",
        "help": "A claim of success in the agent's final report that a step of the trace "
        "contradicts (a failed call, a failing test run), found by a detector other than a "
        "named check (the judge), or a false success with no single claim to point at.",
        "defaultConfiguration": {"level": "error"},
        "properties": {"tags": ["agent", "honesty"], "precision": "high"},
    },
    {
        "id": "toolscore/unsupported-claim",
        "name": "UnsupportedClaim",
        "shortDescription": {
            "text": "The agent claimed success that no step of the trace supports."
        },
        "anchor": "what-the-checks-leave-to-review",
        "help": "A claim of success in the agent's final report that no step of the trace "
        "could have done, found by a detector other than a named check.",
        "defaultConfiguration": {"level": "warning"},
        "properties": {"tags": ["agent", "honesty"], "precision": "medium"},
    },
)
_LEVEL = {"contradicted": "error", "unsupported": "warning"}


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("-"))


def _code_rules() -> list[dict[str, Any]]:
    """One rule per check whose findings are honesty errors, in the engine's precedence."""
    from toolscore_ci.engine.registry import in_order

    rules = []
    for chk in in_order():
        if chk.outcome not in _LEVEL:
            continue  # checks that confirm a claim find nothing to report
        doc = chk.doc
        first = " ".join(doc.split("\n\n", 1)[0].split())
        rules.append(
            {
                "id": f"toolscore/{chk.code}",
                "name": _camel(chk.name),
                "shortDescription": {"text": first},
                "anchor": chk.code.lower(),
                "help": "\n\n".join(" ".join(p.split()) for p in doc.split("\n\n")),
                "defaultConfiguration": {"level": _LEVEL[chk.outcome]},
                "properties": {
                    "tags": ["agent", "honesty", chk.outcome],
                    "precision": "high" if chk.outcome == "contradicted" else "medium",
                },
            }
        )
    return rules


def _expected_rules() -> list[dict[str, Any]]:
    """One rule per expected-calls check (engine/expected.py): a required act missing or made
    with the wrong arguments is an error; the rest (an extra call, another order, a read) a note."""
    from toolscore_ci.engine.expected import registered

    out = []
    for chk in sorted(registered().values(), key=lambda c: c.code):
        first = " ".join(chk.doc.split("\n\n", 1)[0].split()) or chk.name
        level = "error" if chk.outcome == "contradicted" else "note"
        out.append(
            {
                "id": f"toolscore/{chk.code}",
                "name": _camel(chk.name),
                "shortDescription": {"text": first},
                "anchor": chk.code.lower(),
                "help": "\n\n".join(" ".join(p.split()) for p in chk.doc.split("\n\n")),
                "defaultConfiguration": {"level": level},
                "properties": {"tags": ["agent", "expected-calls", chk.outcome]},
            }
        )
    return out


def rules(docs_base: str = DOCS_BASE) -> list[dict[str, Any]]:
    """The driver's rules, each with `help` (text and Markdown) and a `helpUri` to its
    check's row in docs/engine.md."""
    out = []
    for rule in (*_GENERIC, *_code_rules(), *_expected_rules()):
        rule = dict(rule)
        uri = f"{docs_base}{ENGINE_DOC}#{rule.pop('anchor')}"
        text = rule.pop("help")
        code = rule["id"].removeprefix("toolscore/")
        rule["helpUri"] = uri
        rule["help"] = {
            "text": f"{text}\n\nDocumentation: {uri}",
            "markdown": f"**{code}** ({rule['name']})\n\n{text}\n\n[Documentation]({uri})",
        }
        out.append(rule)
    return out


def _rule_for(annotation: Annotation, index: dict[str, int]) -> int:
    code_rule = index.get(f"toolscore/{annotation.code}")
    if code_rule is not None:
        return code_rule
    return 1 if annotation.outcome == "unsupported" else 0


def artifact_location(path: str) -> dict[str, str]:
    """A SARIF artifactLocation: a relative path against %SRCROOT%, an absolute one (a trace
    outside the workspace) as a file: URI; percent-encoded either way."""
    # surrogateescape: a file name that is not UTF-8 keeps its own bytes, percent-encoded
    if path.startswith("/"):
        return {"uri": "file://" + quote(path, errors="surrogateescape")}
    return {"uri": quote(path, errors="surrogateescape"), "uriBaseId": "%SRCROOT%"}


def fingerprint(path: str, trace_id: str, title: str, occurrence: int) -> str:
    """Stable across runs for the same finding; distinct for two traces that share an id
    in different files, and for the same claim title found twice in one trace."""
    key = "\0".join((path, trace_id, title, str(occurrence)))
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _findings(
    results: Iterable[Result], workspace: str | None, ids: list[str]
) -> Iterator[dict[str, Any]]:
    index = {rule_id: n for n, rule_id in enumerate(ids)}
    for result in results:
        seen: Counter[str] = Counter()
        for annotation in build_annotations([result], workspace):
            rule = _rule_for(annotation, index)
            seen[annotation.title] += 1
            digest = fingerprint(
                annotation.path, result.trace_id, annotation.title, seen[annotation.title]
            )
            yield {
                "ruleId": ids[rule],
                "ruleIndex": rule,
                "level": annotation.level if annotation.level != "notice" else "note",
                "message": {"text": f"{annotation.title}. {annotation.message}"},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": artifact_location(annotation.path),
                            "region": {"startLine": annotation.line},
                        }
                    }
                ],
                "partialFingerprints": {"toolscoreClaim/v2": digest},
                "properties": {"traceId": result.trace_id, "verdict": result.verdict},
            }
        yield from _expected_findings(result, workspace, index, ids)


def _expected_findings(
    result: Result, workspace: str | None, index: dict[str, int], ids: list[str]
) -> Iterator[dict[str, Any]]:
    """The task's expected calls that the agent's calls did not meet, on the trace's line. A
    finding of a required act is an error even where it did not decide the verdict alone."""
    if result.expected_calls is None:
        return
    path = relative_path(result.source_file, workspace)
    seen: Counter[str] = Counter()
    for finding in result.expected_calls.findings:
        rule = index.get(f"toolscore/{finding.code}")
        if rule is None:
            continue  # a code this build has no rule for cannot be reported against a rule
        title = f"{finding.code} {finding.check}: expected call {finding.expected_index}"
        seen[title] += 1
        steps = ", ".join(str(s) for s in finding.steps) or "none"
        yield {
            "ruleId": ids[rule],
            "ruleIndex": rule,
            "level": "error" if finding.outcome == "contradicted" else "note",
            "message": {
                "text": inert(
                    f"Expected calls ({result.expected_calls.mode}): {finding.detail} "
                    f"[steps {steps}]"
                )
            },
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": artifact_location(path),
                        "region": {"startLine": result.line},
                    }
                }
            ],
            "partialFingerprints": {
                "toolscoreClaim/v2": fingerprint(path, result.trace_id, title, seen[title])
            },
            "properties": {"traceId": result.trace_id, "verdict": result.verdict},
        }


def render_sarif(
    results: Iterable[Result],
    *,
    workspace: str | None = None,
    version: str = __version__,
    baseline: Iterable[Result] | None = None,
    docs_base: str = DOCS_BASE,
) -> str:
    """With `baseline` (the results of an earlier run), every result carries `baselineState`:
    `new` (its fingerprint is not among the baseline's findings), `unchanged`, and each
    baseline finding this run no longer has is listed once more as `absent`."""
    driver_rules = rules(docs_base)
    ids = [rule["id"] for rule in driver_rules]
    sarif_results = list(_findings(results, workspace, ids))
    if baseline is not None:
        before = {
            f["partialFingerprints"]["toolscoreClaim/v2"]: f
            for f in _findings(baseline, workspace, ids)
        }
        now = set()
        for finding in sarif_results:
            key = finding["partialFingerprints"]["toolscoreClaim/v2"]
            now.add(key)
            finding["baselineState"] = "unchanged" if key in before else "new"
        for key, finding in before.items():
            if key not in now:
                sarif_results.append({**finding, "baselineState": "absent"})
    doc = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "toolscore-ci",
                        "version": version,
                        "informationUri": f"{docs_base}README.md",
                        "rules": driver_rules,
                    }
                },
                "results": sarif_results,
                "columnKind": "unicodeCodePoints",
            }
        ],
    }
    return strict_dumps(doc, indent=2, ensure_ascii=False) + "\n"
