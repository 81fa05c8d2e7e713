"""A shell's prompt as a terminal shows it (`root@4f2a:/app# `, `(venv) dev@box:~/proj$ `):
read by the pane reader, to cut a batch's screen at each echoed command, and by the engine,
to tell that a command finished (its prompt came back) and which line it printed last."""

from __future__ import annotations

import re

#: A line that only ends with a command is no prompt: a saved CI log's `$ cargo test`,
#: `set -x`'s `+ git push`, a script's last line printed by `cat`.
PROMPT = re.compile(r"(?:\([^()\n]*\)\s*)?[\w.-]+@[\w.-]+:[^\n#$]*[#$] ?")


def after_prompt(line: str) -> str | None:
    """What was typed after the shell's prompt on this line (stripped), None when the line
    does not open with a prompt."""
    prompt = PROMPT.match(line)
    return None if prompt is None else line[prompt.end() :].strip()


def is_bare_prompt(line: str) -> bool:
    """Is the line the shell's prompt with nothing typed after it?"""
    return after_prompt(line) == ""
