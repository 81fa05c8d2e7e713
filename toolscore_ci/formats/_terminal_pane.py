"""A terminal pane as agents that type keystrokes see it (Terminus 2, in its own episode logs
and in Harbor's ATIF): one output shared by a batch of commands, and how to tell each command's
part. Keystrokes that end in a newline are a command line typed at the shell; the pane echoes
each after the shell's prompt, so the lines from one echo to the next are that command's."""

from __future__ import annotations

from typing import Any

from toolscore_ci.shell_prompt import PROMPT, after_prompt

#: How Terminus 2 opens the terminal output it sends back.
PANE_MARKERS = ("New Terminal Output:\n", "Current Terminal Screen:\n")


def typed_args(keys: str, duration: Any) -> dict[str, Any]:
    """A keystroke call's arguments as a shell call's: `{"command", "duration"}` for keystrokes
    that end in a newline (a command line), `{"keystrokes", "duration"}` for anything else
    (C-c, text not yet submitted)."""
    args: dict[str, Any] = {"command": keys[:-1]} if keys.endswith("\n") else {"keystrokes": keys}
    if isinstance(duration, (int, float)) and not isinstance(duration, bool):
        args["duration"] = duration
    return args


def echoes(line: str, command: str) -> bool:
    """Is the line the shell's prompt, then the command line as typed?"""
    return after_prompt(line) == command


def split_batch(typed: list[str | None], output: str) -> tuple[str, list[str | None]] | None:
    """A batch's one output cut into each command's part, where the screen shows it: a pane
    echoes each command line after the shell's prompt ("root@box:/app# pytest -q"), so the
    lines from one echo to the next are that command's. (What came before the first echo, the
    parts; None for a key that is no command line, C-c or a key for a program, which echoes
    nothing of its own.) None when no command line is in the batch or one's echo, the shell's
    prompt and then the command, is not found in order (output joined with no prompts, a
    command wrapped across lines, an echo scrolled off or cleared): then no command's own part
    can be told apart."""
    lines = output.split("\n")
    # the latest echoes: the last command's is the last line that echoes it, each one before
    # it the last such line above (a redrawn screen keeps earlier runs of a command above)
    starts: list[int] = []
    at = len(lines)
    for command in reversed(typed):
        if command is None:
            continue
        first = command.split("\n", 1)[0].strip()
        if not first:
            return None
        at -= 1
        while at >= 0 and not echoes(lines[at], first):
            at -= 1
        if at < 0:
            return None
        starts.append(at)
    starts.reverse()
    if not starts:
        return None
    # a command's part runs to the prompt that came back after it, kept as the screen showed
    # it (the next command's echo without that command): the sign the command had finished
    parts = iter(
        "\n".join([*lines[start + 1 : end], *_returned_prompt(lines, end)]).strip("\n")
        for start, end in zip(starts, [*starts[1:], len(lines)], strict=True)
    )
    answers = [None if command is None else next(parts) for command in typed]
    return "\n".join(lines[: starts[0]]).strip("\n"), answers


def _returned_prompt(lines: list[str], end: int) -> list[str]:
    """The prompt on the line that ends a command's part (the next echo's), else nothing."""
    if end >= len(lines):
        return []
    prompt = PROMPT.match(lines[end])
    return [] if prompt is None else [lines[end][: prompt.end()]]
