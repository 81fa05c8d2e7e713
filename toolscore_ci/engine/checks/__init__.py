"""One check a module; importing this package registers them all (engine/registry.py)."""

from toolscore_ci.engine.checks import (  # noqa: F401
    act_without_tools,
    action_failed,
    action_pending,
    action_succeeded,
    build_failed,
    diff_without_fix,
    money_moved,
    named_file_not_in_diff,
    pack_receipt,
    probe,
    probe_page_failure,
    probe_task_date,
    read_failed,
    receipt_confirms,
    receipt_differs,
    tests_failed,
    tests_none_ran,
    tests_passed,
    tool_markup,
    values_differ,
)
