"""Text too long to be a file name, or empty, where a command also accepts a path.

Linux refuses to look up a name longer than 255 bytes (``ENAMETOOLONG``); such text is
plainly not a file, so the user must meet the command's own one-line error (exit 2),
never "internal error" (exit 70).
"""

from __future__ import annotations

import re

from click.testing import CliRunner

from mjasp.cli import main

LONG = "1m" * 150  # 300 characters: no file system accepts it as one name


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stderr


def one_line(code: int, err: str, pattern: str) -> None:
    assert code == 2, (code, err)
    assert len(err.splitlines()) == 1 and err.startswith("mjasp: error: "), err
    assert re.search(pattern, err), err


def test_score_long_hand_text_is_a_hand_error() -> None:
    # 150 copies of 1m: the hand's own error, not a failed file lookup
    one_line(*run("score", LONG, "--win", "1m"), r"150 copies of 1m")


def test_score_long_lp_name_is_no_such_file() -> None:
    one_line(*run("score", "x" + "1" * 300 + ".lp"), r"no such file")
    one_line(*run("score", "123m456p789s1122z", "y" * 300 + ".lp", "--win", "1z"),
             r"no such file")


def test_score_empty_hand_is_not_the_current_directory() -> None:
    # Path("") is ".", a directory: the empty hand must not be reported as one
    code, err = run("score", "", "--win", "1m")
    one_line(code, err, r"0 |tiles|empty")
    assert "directory" not in err


def test_logs_check_long_name_is_a_per_file_error() -> None:
    result = CliRunner().invoke(main, ["logs", "check", "2" * 300])
    assert result.exit_code != 70, result.stderr
    assert "cannot read" in result.stderr and "internal error" not in result.stderr
