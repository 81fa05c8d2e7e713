"""Where the Action posts: the PR and the commit, from trusted sources only.

On `pull_request` and `push` events they come from the runner's own event file. On a
`workflow_run` event (the fork recipe) the commit comes from `workflow_run.head_sha` in the
runner's own event, and the PR is found through the API and used only when it is open and its
head is that commit (`trusted_target`). A file handed to the Action (`event-file`, uploaded by
the untrusted PR run) is never used to choose either; it is only compared.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from toolscore_ci.github import GitHub, GitHubError


def read_event(path: str | None) -> dict[str, Any]:
    if not path:
        return {}
    try:
        with open(path, encoding="utf-8") as fh:
            event = json.load(fh)
    except (OSError, ValueError):
        return {}
    return event if isinstance(event, dict) else {}


def pull_request_number(event: Mapping[str, Any]) -> int | None:
    pr = event.get("pull_request")
    if isinstance(pr, dict) and isinstance(pr.get("number"), int):
        return pr["number"]
    issue = event.get("issue")
    if isinstance(issue, dict) and "pull_request" in issue and isinstance(issue.get("number"), int):
        return issue["number"]
    run_ = event.get("workflow_run")
    if isinstance(run_, dict) and run_.get("pull_requests"):
        first = run_["pull_requests"][0]
        if isinstance(first, dict) and isinstance(first.get("number"), int):
            return first["number"]
    return None


def head_sha(event: Mapping[str, Any], env: Mapping[str, str]) -> str | None:
    pr = event.get("pull_request")
    if isinstance(pr, dict) and isinstance(pr.get("head"), dict) and pr["head"].get("sha"):
        return str(pr["head"]["sha"])
    run_ = event.get("workflow_run")
    if isinstance(run_, dict) and run_.get("head_sha"):
        return str(run_["head_sha"])
    return env.get("GITHUB_SHA") or None


def read_only_reason(event: Mapping[str, Any], env: Mapping[str, str]) -> str | None:
    """Why the token is surely read-only on this event, or None if it may write."""
    if env.get("GITHUB_EVENT_NAME") not in ("pull_request", "push", None):
        return None
    if env.get("GITHUB_ACTOR") == "dependabot[bot]":
        return "Dependabot runs get a read-only token"
    pr = event.get("pull_request")
    if env.get("GITHUB_EVENT_NAME") == "pull_request" and isinstance(pr, dict):
        head = (pr.get("head") or {}).get("repo") or {}
        base = (pr.get("base") or {}).get("repo") or {}
        if head.get("full_name") != base.get("full_name"):
            return "this pull request comes from a fork, whose runs get a read-only token"
    return None


@dataclass
class Target:
    """Where to post: the PR to comment on and the commit for the check run (None: don't)."""

    pr: int | None = None
    sha: str | None = None
    notices: list[str] = field(default_factory=list)


def _is_sha(value: object) -> bool:
    return isinstance(value, str) and len(value) == 40 and all(c in _HEX for c in value.lower())


_HEX = "0123456789abcdef"


def trusted_target(
    client: GitHub, run_: Mapping[str, Any], repository: str, claimed: Mapping[str, Any]
) -> Target:
    """The fork recipe: the PR and commit of a `workflow_run`, from the trusted event only.

    The commit is `workflow_run.head_sha` from the runner's own event (the PR run cannot forge
    it). Candidate PRs come from that event's `pull_requests` (empty for forks), from the API's
    pull requests for that commit, and from the open PRs of its head branch; one is used only
    if the API says it is open and its head is still that commit. `claimed` (the uploaded
    `event-file`) is never used to choose: it is compared, and a mismatch is a notice.
    """
    target = Target()
    sha = run_.get("head_sha")
    if not _is_sha(sha):
        target.notices.append(
            "PR comment and check run skipped: the workflow_run event has no head commit."
        )
        return target
    sha = str(sha).lower()
    candidates: set[int] = set()
    for pr in run_.get("pull_requests") or []:
        if isinstance(pr, dict) and isinstance(pr.get("number"), int):
            candidates.add(pr["number"])
    lookups: list[str] = []
    try:
        candidates.update(
            p["number"] for p in client.pulls_for_commit(sha) if isinstance(p.get("number"), int)
        )
    except GitHubError as exc:
        lookups.append(str(exc))
    head_repo = run_.get("head_repository")
    owner = head_repo.get("owner") if isinstance(head_repo, dict) else None
    login = owner.get("login") if isinstance(owner, dict) else None
    branch = run_.get("head_branch")
    if isinstance(login, str) and isinstance(branch, str) and login and branch:
        try:
            candidates.update(
                p["number"]
                for p in client.open_pulls_from(login, branch)
                if isinstance(p.get("number"), int)
            )
        except GitHubError as exc:
            lookups.append(str(exc))
    rejected: list[str] = []
    for number in sorted(candidates):
        try:
            pull = client.pull_request(number)
        except GitHubError as exc:
            rejected.append(f"#{number}: {exc}")
            continue
        head = pull.get("head") if isinstance(pull.get("head"), dict) else {}
        base = pull.get("base") if isinstance(pull.get("base"), dict) else {}
        base_repo = base.get("repo") if isinstance(base.get("repo"), dict) else {}
        if pull.get("state") != "open":
            rejected.append(f"#{number} is {pull.get('state') or 'not open'}")
        elif str(head.get("sha", "")).lower() != sha:
            rejected.append(f"#{number}'s head moved on to {str(head.get('sha'))[:12]}")
        elif repository and base_repo.get("full_name") not in (None, repository):
            rejected.append(f"#{number} is a pull request into another repository")
        elif target.pr is None:
            target.pr = number
    if target.pr is None:
        why = "; ".join(rejected + lookups) or "no pull request has it as its head"
        target.notices.append(
            f"PR comment and check run skipped: commit {sha[:12]} of the workflow_run event is "
            f"not the head of an open pull request ({why}). The report files, annotations and "
            f"job summary are complete."
        )
        return target
    target.sha = sha
    claimed_pr = pull_request_number(claimed) if claimed else None
    claimed_sha = head_sha(claimed, {}) if claimed else None
    if claimed_pr is not None and claimed_pr != target.pr:
        target.notices.append(
            f"The event-file names PR #{claimed_pr}, but the trusted workflow_run commit is the "
            f"head of PR #{target.pr}: reporting on #{target.pr}. The event-file never chooses "
            f"the PR or the commit."
        )
    if claimed_sha is not None and claimed_sha.lower() != sha:
        target.notices.append(
            f"The event-file names commit {claimed_sha[:12]}, but the trusted workflow_run "
            f"commit is {sha[:12]}: the check run goes on {sha[:12]}."
        )
    return target
