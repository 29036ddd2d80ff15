"""The folder where the processes of ``mjasp serve --workers N`` share kept answers: bounded
in files and in bytes, whole answers only while two processes write at once, and a
damaged file is no answer (the request is answered afresh)."""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

from mjasp.web import commands as web_commands
from mjasp.web.commands import Answer

KEYS = [("advise", f"{n}m") for n in range(1, 10)]


def test_the_folder_keeps_at_most_its_bytes(tmp_path: Path) -> None:
    # 40 answers of 1,000 bytes (and a short first line) under a bound of 10,000 bytes:
    # a scan runs once an eighth of the bound is written, and keeps the newest that fit
    folder = web_commands._Folder(str(tmp_path), 100, max_bytes=10_000)
    for n in range(40):
        folder.put(("advise", str(n)), Answer(200, f"{n % 10}" * 1000))
        os.utime(folder._file(("advise", str(n))), (n, n))  # ages in writing order
        total = sum(p.stat().st_size for p in tmp_path.iterdir())
        assert total <= 10_000 + 2 * 1009, (n, total)  # at most two writes past a scan
    kept = sorted(int(n) for n in range(40) if folder.get(("advise", str(n))) is not None)
    assert kept == list(range(40 - len(kept), 40)) and 6 <= len(kept) <= 9


def test_an_answer_cut_short_is_no_answer(tmp_path: Path) -> None:
    folder = web_commands._Folder(str(tmp_path), 10)
    folder.put(KEYS[0], Answer(200, '{"hand": "123m", "candidates": []}'))
    name = Path(folder._file(KEYS[0]))
    whole = name.read_bytes()
    name.write_bytes(whole[:-5])  # the status line, then the JSON without its end
    assert folder.get(KEYS[0]) is None
    name.write_bytes(whole[:-5] + b"XXXXX")  # as long as it was, other text
    assert folder.get(KEYS[0]) is None
    name.write_bytes(b"200\n" + whole.partition(b"\n")[2])  # no checksum
    assert folder.get(KEYS[0]) is None
    folder.put(KEYS[0], Answer(200, "{}"))  # answered afresh, the file rewritten
    assert folder.get(KEYS[0]) == Answer(200, "{}")


def _writer(path: str, seat: int, rounds: int) -> None:
    folder = web_commands._Folder(path, 4)
    for n in range(rounds):
        for key in KEYS:
            folder.put(key, Answer(200, f"{key[1]} {seat} {n} " + "x" * (500 * (n % 7))))


def _whole(answer: Answer | None, key: tuple[str, str]) -> bool:
    if answer is None:  # removed by a scan of the other process
        return True
    name, _seat, _n, *fill = answer.text.split(" ")
    return name == key[1] and fill in ([], [fill[0]]) and set("".join(fill)) <= {"x"}


def test_two_processes_writing_at_once_leave_whole_answers(tmp_path: Path) -> None:
    # two writers put the same keys at once (the renames race) while this process reads
    # them: every answer read is one writer's whole answer, and no partial file is left
    context = multiprocessing.get_context("fork")
    writers = [context.Process(target=_writer, args=(str(tmp_path), seat, 60))
               for seat in (1, 2)]
    for process in writers:
        process.start()
    reader = web_commands._Folder(str(tmp_path), 4)
    reads = 0
    while any(process.is_alive() for process in writers):
        for key in KEYS:
            assert _whole(reader.get(key), key)
            reads += 1
    for process in writers:
        process.join()
        assert process.exitcode == 0
    assert reads and not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]
    assert all(_whole(reader.get(key), key) for key in KEYS)


def test_a_crashed_writers_part_file_is_removed(tmp_path: Path) -> None:
    # a writer killed between writing its .part file and renaming it leaves the file: an
    # old one is removed when a process opens the folder and at each scan; a young one
    # may be a writer's at work and stays
    old, young = tmp_path / "ab12.123.456.part", tmp_path / "cd34.123.789.part"
    for path in (old, young):
        path.write_bytes(b"200 00000000\n{")
    os.utime(old, (0, 0))  # 1970: long stale
    folder = web_commands._Folder(str(tmp_path), 4, stale_after=60)
    assert sorted(p.name for p in tmp_path.iterdir()) == [young.name]
    os.utime(young, (0, 0))  # it grows old
    for n in range(64):  # the 64th write scans
        folder.put(("advise", str(n)), Answer(200, "{}"))
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]
    assert len(list(tmp_path.iterdir())) == 4  # the scan kept the four newest answers
