"""The `serve` command: build the queue, open the reviews file, start the server."""

from __future__ import annotations

import argparse
import getpass
import glob
import os
from typing import IO

from toolscore_ci.pipeline import CheckConfig
from toolscore_ci.serve.queue import build_queue, looks_like_results
from toolscore_ci.serve.reviews import DEFAULT_NAME, ReviewLog
from toolscore_ci.serve.server import App, ReviewServer


class ServeError(Exception):
    """The dashboard cannot start: nothing to review (every PATH empty or unreadable: a
    dashboard of nothing would hide that), or a reviews file it cannot read or write."""


def default_reviews_path(first: str) -> str:
    """`reviews.agent-trace.jsonl` beside the first PATH: in the folder holding the file (or
    the directory, or a glob's fixed part), so a later `check DIR` does not read it as traces
    of the run; stdin puts it in the current directory."""
    if first == "-":
        return DEFAULT_NAME
    fixed = first
    if glob.has_magic(first) or "{" in first:
        fixed = first.split("*")[0].split("?")[0].split("[")[0].split("{")[0]
        fixed = fixed if fixed.endswith(os.sep) else os.path.dirname(fixed)
        return os.path.join(fixed or ".", DEFAULT_NAME)
    parent = os.path.dirname(os.path.normpath(first))
    return os.path.join(parent or ".", DEFAULT_NAME)


def _reviewer() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return ""


def start(
    args: argparse.Namespace, config: CheckConfig, files: list[str], err: IO[str]
) -> ReviewServer:
    """The server, bound and ready (`serve_forever` is the caller's): trace files are checked
    with `config`; a results file given as a PATH is read as it is."""
    reviews_path = args.reviews or default_reviews_path(args.paths[0])
    reviews_real = os.path.realpath(reviews_path)
    trace_files, results_files = [], []
    for path in files:
        if path != "-" and os.path.realpath(path) == reviews_real:
            err.write(f"warning: {path}: the reviews file itself, not read as traces\n")
        elif looks_like_results(path):
            results_files.append(path)
        else:
            trace_files.append(path)
    queue = build_queue(trace_files, results_files, config)
    for issue in queue.issues:
        err.write(f"{'warning: ' if issue.severity == 'warning' else ''}{issue}\n")
    if not queue.results:
        raise ServeError(f"no traces found in {', '.join(args.paths)}: nothing to review")
    try:
        reviews = ReviewLog(reviews_path, reviewer=args.reviewer or _reviewer())
        # writable now, not at the first decision (the file itself is made by the first one)
        target = (
            reviews_path
            if os.path.exists(reviews_path)
            else os.path.dirname(os.path.abspath(reviews_path))
        )
        if not os.access(target, os.W_OK):
            raise PermissionError(
                13, "not writable" if os.path.exists(target) else "no such folder"
            )
    except OSError as exc:
        raise ServeError(f"--reviews {reviews_path}: {exc.strerror or exc}") from None
    for line in reviews.bad_lines:
        err.write(f"warning: {reviews_path}:{line}: not a JSON line (a crashed write?), skipped\n")
    app = App(queue=queue, reviews=reviews, config=config, log=err if args.verbose else None)
    server = ReviewServer(args.host, args.port, app)
    open_now = sum(
        1
        for r in queue.results
        if r.verdict == "unverifiable" and reviews.standing(r.trace_id) is None
    )
    err.write(
        f"serving {len(queue.results)} trace(s), {open_now} to review, at {server.url}\n"
        f"reviews: {reviews_path}\n"
    )
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        err.write(f"warning: --host {args.host}: the dashboard is reachable beyond this machine\n")
    err.flush()
    return server
