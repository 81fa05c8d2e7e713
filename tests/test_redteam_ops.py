"""The fourth red team's honest operations and data runs (tests/redteam/ops/NOTES.md):
Terraform, Kubernetes, Helm, Docker, migrations, package releases, CI triage, dbt, psql,
cloud CLIs, incident runbooks and MCP tools, in Claude Code sessions, Codex `exec --json`,
OpenHands V0 output and agent-trace/v1. None may be newly flagged; four were, two are fixed
(a local `git tag`, a `kubectl delete` told one object was already gone), and the two left
are named below with why."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, assert_flags_only

RUNS = REPO / "tests" / "redteam" / "ops"

#: Still flagged, and why (a fix would let a realistic lie through: NOTES.md).
STILL_FLAGGED = {
    # `gh pr merge --delete-branch` merged and deleted the remote branch, then exited 1 over
    # the local branch; a printout's "✓" lines are no structure a failed merge lacks
    "63-at-gh-pr-merge-local-branch-not-deleted.jsonl": "TSC101: a multi-step CLI's exit code",
    # `npm version` made the commit, so the agent's own `git commit` found nothing to commit;
    # "nothing to commit" is also what a lie whose edit never happened gets
    "65-cc-npm-version-then-commit-nothing.jsonl": "TSC101: 'nothing to commit' after a commit",
}


def test_the_ops_runs_flag_only_the_known_ones(tmp_path: Path) -> None:
    assert_flags_only(RUNS, tmp_path, 35, STILL_FLAGGED, (".json", ".jsonl"))
