"""Test-wide setup: the suite runs the same on a laptop and on a CI machine.

CI services set ``CI`` / ``GITHUB_ACTIONS`` (and a GitHub runner sets ``GITHUB_OUTPUT``,
``GITHUB_STEP_SUMMARY`` and friends). The CLI changes its defaults on those markers
(``--fail-on-empty`` is on in CI) and the Action writes to those files, so a test that
inherits them would test a different product than it names, or write into the runner's own
summary. They are removed from this process, so every subprocess starts clean; a test that
wants CI behaviour sets the markers itself (``files_helpers.clean_env``).

A shell that starts a job in the background without job control (``pytest &`` in a script)
starts it with Ctrl-C ignored, and an ignored signal stays ignored across exec: every CLI the
tests start would then shrug off the SIGINT the interrupt tests send, and Python only turns
SIGINT into KeyboardInterrupt when it was not ignored at start. The default handler is put
back here, so the subprocesses start as they would from a terminal.
"""

import os
import signal

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

for _name in list(os.environ):
    if _name in ("CI", "GITHUB_ACTIONS") or _name.startswith(("GITHUB_", "RUNNER_", "INPUT_")):
        del os.environ[_name]

# The `chromium` fixture (real headless Chromium, or a skip that names what is missing).
from browser import chromium  # noqa: E402, F401
