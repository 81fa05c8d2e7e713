"""The input limits that are part of the contract, in one place (documented in docs/limits.md).

Each one bounds what a single trace file or record may cost, so one hostile or broken input
becomes one located input issue instead of a hang, a blow-up or a crash further down. Raise
one only together with the test that holds it and the page that documents it.
"""

from __future__ import annotations

#: One physical line, one pretty-printed document or one array element, in bytes
#: (the CLI's `--max-line-bytes` default). Longer ones are skipped with an error.
MAX_LINE_BYTES = 16 * 1024 * 1024

#: How deeply JSON arrays and objects may nest in one record. Real agent traces nest under
#: 10 deep; Python's JSON encoder and the recursive parts of the checks fail near 1,000.
MAX_JSON_DEPTH = 64

#: Digits in one integer, as a JSON number or a numeric string a reader converts (an exit
#: code, a timestamp). Python refuses longer integer strings (`sys.get_int_max_str_digits`).
MAX_NUMBER_DIGITS = 4300

#: Bytes a `.gz` input may decompress to. A small gzip of blank lines can expand a
#: thousandfold; past this the rest of the file is not read, with an error.
MAX_DECOMPRESSED_BYTES = 1024 * 1024 * 1024

#: Characters of one agent message handed to claim extraction. A longer message is checked on
#: its first MAX_MESSAGE_CHARS characters, with a warning that says so.
MAX_MESSAGE_CHARS = 1_000_000
#: The engine reads a report (the final one, or a message that ends a turn) for claims in its
#: first MAX_REPORT_CHARS characters; a longer one sends its trace to review (TSC301). Real
#: reports run to a few thousand characters.
MAX_REPORT_CHARS = 100_000

#: How many leading JSON values format sniffing looks at for one it recognises, so a broken
#: first record does not make the whole file unreadable.
SNIFF_LOOKAHEAD = 16
