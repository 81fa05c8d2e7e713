"""GitHub workflow commands (`::error file=..::message`), escaped so untrusted text stays data.

The runner turns any log line that starts with `::` into a command. Trace text is untrusted, so:
messages escape `%`, CR and LF (a message can then never start a new line, hence never a new
command); properties also escape `:` and `,` (so they cannot close the property list early); and
free-form log text goes between `::stop-commands::TOKEN` and `::TOKEN::` with a random token.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping


def escape_data(text: str) -> str:
    """Escape a command's message (the part after the second `::`)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a command property value (`file=`, `title=`, ...)."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(name: str, message: str = "", properties: Mapping[str, object] | None = None) -> str:
    """One workflow command line, fully escaped. `None` property values are left out."""
    props = ",".join(
        f"{key}={escape_property(str(value))}"
        for key, value in (properties or {}).items()
        if value is not None and value != ""
    )
    head = f"::{name} {props}" if props else f"::{name}"
    return f"{head}::{escape_data(message)}"


def new_token() -> str:
    """A token no trace can guess, for `::stop-commands::`."""
    return "toolscore-" + secrets.token_hex(16)


def one_line(text: str) -> str:
    """Untrusted text for a plain log line: no CR/LF, so it can never begin a line of its own."""
    return " ".join(text.replace("\r", " ").splitlines()) if text else ""


def guarded(lines: Iterable[str], token: str | None = None) -> list[str]:
    """Wrap log lines that carry untrusted text so the runner executes no command in them.

    Each line is also flattened to one line and, should it still begin with `::` (the runner
    ignores leading whitespace), prefixed with `> `: two independent guards.
    """
    token = token or new_token()
    out = [f"::stop-commands::{token}"]
    for line in lines:
        flat = one_line(line)
        out.append("> " + flat if flat.lstrip().startswith("::") else flat)
    out.append(f"::{token}::")
    return out
