"""Report files that are whole or absent: written to a temporary file beside the target, then
renamed over it.

A reader (a later `baseline`, code scanning, a person) then sees either the previous file or
the complete new one, never a run's half: a run killed mid-write leaves only a hidden
`.NAME.*.tmp` beside it, and two runs writing one path cannot interleave their lines (the last
rename wins). The rename is atomic because the temporary file is in the same directory.

Text is UTF-8; a lone surrogate (JSON can carry one, `"\\ud800"`) is written as `\\ud800`,
which inside a JSON string is that same escape, rather than failing the whole file.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from typing import IO

ENCODING_ERRORS = "backslashreplace"


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def atomic_writer(
    path: str, *, keep_on_error: str | None = None, make_dirs: bool = True
) -> Iterator[IO[str]]:
    """A text handle on a temporary file that becomes `path` when the block ends normally.

    If the block raises, `path` is left as it was; the temporary file is removed, or, with
    `keep_on_error`, renamed to that path (so what was written before a crash is not lost)
    when it holds anything. The directory is created if missing (with `make_dirs`).
    """
    if _is_special(path):
        # /dev/null, /dev/stdout, a FIFO: renaming over one would replace the device or pipe
        # with a plain file (as root) or fail; such a target has no half state to hide
        with open(path, "w", encoding="utf-8", errors=ENCODING_ERRORS, newline="\n") as fh:
            yield fh
        return
    directory = os.path.dirname(os.path.abspath(path))
    if make_dirs:
        os.makedirs(directory, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", suffix=".tmp", dir=directory)
    if hasattr(os, "fchmod"):  # not on Windows
        with contextlib.suppress(OSError):  # mkstemp makes it 0600; a report gets the usual mode
            os.fchmod(fd, 0o666 & ~_umask())
    try:
        with open(fd, "w", encoding="utf-8", errors=ENCODING_ERRORS, newline="\n") as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            if keep_on_error and os.path.getsize(tmp) > 0:
                os.replace(tmp, keep_on_error)
            else:
                os.unlink(tmp)
        raise


def _is_special(path: str) -> bool:
    """An existing target that is not a regular file (a device, a FIFO, a socket)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def write_atomic(path: str, text: str) -> None:
    """Replace `path` with `text`, whole or not at all."""
    with atomic_writer(path) as fh:
        fh.write(text)


def append_atomic(path: str, text: str) -> None:
    """Append `text` to `path` (the runner's job summary file) by writing old + new to a
    temporary file and renaming it: the file is never seen half-appended."""
    if _is_special(path):  # never read a device or a pipe back (it may block)
        with open(path, "a", encoding="utf-8", errors=ENCODING_ERRORS, newline="\n") as fh:
            fh.write(text)
        return
    try:
        with open(path, "rb") as old:
            before = old.read()  # as bytes: what others wrote stays byte for byte
    except FileNotFoundError:
        before = b""
    with atomic_writer(path) as fh:
        fh.buffer.write(before)  # nothing is buffered in the text layer yet
        fh.write(text)
