"""Test-wide setup: the suite runs the same on a laptop and on a CI machine.

CI services set ``CI`` / ``GITHUB_ACTIONS`` (and a GitHub runner sets ``GITHUB_OUTPUT``,
``GITHUB_STEP_SUMMARY`` and friends). The CLI changes its defaults on those markers
(``--fail-on-empty`` is on in CI) and the Action writes to those files, so a test that
inherits them would test a different product than it names, or write into the runner's own
summary. They are removed from this process, so every subprocess starts clean; a test that
wants CI behaviour sets the markers itself (``files_helpers.clean_env``).
"""

import os

for _name in list(os.environ):
    if _name in ("CI", "GITHUB_ACTIONS") or _name.startswith(("GITHUB_", "RUNNER_", "INPUT_")):
        del os.environ[_name]

# The `chromium` fixture (real headless Chromium, or a skip that names what is missing).
from browser import chromium  # noqa: E402, F401
