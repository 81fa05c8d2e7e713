"""Gemini CLI's shell tool report, read wherever it turns up: in Gemini CLI's own session
files and API logs (formats/gemini.py) and in the ATIF trajectories Harbor writes for Gemini
CLI runs (formats/atif.py), where it is a result's plain content.

The report is "Command: ...\nDirectory: ...\nOutput: ...\n" and then, one line each, the
fields `shell.ts` writes after the output (Error, Exit Code, Signal, Background PIDs, Process
Group PGID; any may be left out). The command may span lines (a `python3 -c` script).
"""

from __future__ import annotations

import re
from typing import Any

#: Gemini CLI's shell tool answers "Command: ...\nDirectory: ...\n...\nExit Code: N\n..." (the
#: exit code line only when not 0 in newer releases, "(none)" when it had none)
_SHELL_HEAD = re.compile(r"\ACommand: (?:[^\n]|\n(?!Directory: ))*\nDirectory: ")
_SHELL_EXIT = re.compile(r"^Exit Code: (-?\d+)$", re.M)


def shell_outcome(output: Any) -> tuple[bool | None, str | None]:
    """(ok, error) from Gemini CLI's shell tool's own report: failed for an `Exit Code` other
    than 0 (the last such line: the command's output comes before it); else unknown."""
    if not (isinstance(output, str) and _SHELL_HEAD.match(output)):
        return None, None
    codes = _SHELL_EXIT.findall(output)
    if codes and int(codes[-1]) != 0:
        return False, f"exit code {codes[-1]}"
    return None, None


#: The report's fields after the command's output, one line each, in the shell tool's order
#: (`shell.ts`: Error, Exit Code, Signal, Background PIDs, Process Group PGID; any may be
#: left out)
_SHELL_TAIL = re.compile(
    r"\n(?:Error: [^\n]*\n?)?(?:Exit Code: (?P<code>[^\n]*)\n?)?(?:Signal: [^\n]*\n?)?"
    r"(?:Background PIDs: [^\n]*\n?)?(?:Process Group PGID: [^\n]*\n?)?\Z"
)
_SHELL_OUTPUT = re.compile(r"\ACommand: (?:[^\n]|\n(?!Directory: ))*\nDirectory: [^\n]*\nOutput: ")


def shell_output(output: Any) -> Any:
    """What the command printed, out of the shell tool's report, as `{"exit_code", "output"}`
    (the shape other readers give a shell's result) when the report has an exit code, else the
    printed text; the report as it is when it is not one. The envelope's own lines (`Command:`,
    `Output: `, `Exit Code: ...`) would hide a test runner's summary from what reads it."""
    if not isinstance(output, str) or (head := _SHELL_OUTPUT.match(output)) is None:
        return output
    tail = _SHELL_TAIL.search(output, head.end())
    if tail is None or tail.group(0) == "\n":
        return output
    body = output[head.end() : tail.start()]
    body = "" if body == "(empty)" else body
    code = tail.group("code")
    if code is not None and re.fullmatch(r"-?\d+", code.strip()):
        return {"exit_code": int(code), "output": body}
    return body
