"""gallery.writer: files written by a process of their own, all of them by `finish`, and a
file that cannot be written named in the error."""

from __future__ import annotations

from pathlib import Path

import pytest

from gallery.writer import FileWriter, WriterError


def test_every_batch_is_written_by_finish(tmp_path: Path) -> None:
    writer = FileWriter()
    writer.write(tmp_path, [("a/b/one.svg", "<svg>1</svg>"), ("two.svg", "Köln")])
    writer.write(tmp_path, [(f"many/{i}.svg", "x" * i) for i in range(300)])
    writer.finish()
    assert (tmp_path / "a/b/one.svg").read_text("utf-8") == "<svg>1</svg>"
    assert (tmp_path / "two.svg").read_text("utf-8") == "Köln"
    assert (tmp_path / "many/299.svg").read_text("utf-8") == "x" * 299
    writer.finish()  # again: nothing to wait for


def test_a_file_that_cannot_be_written_is_named(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("", "utf-8")
    writer = FileWriter()
    writer.write(tmp_path, [("taken/inside.svg", "<svg/>")])  # below a file
    with pytest.raises(WriterError, match=r"taken/inside\.svg"):
        writer.finish()


def test_nothing_given_starts_nothing() -> None:
    writer = FileWriter()
    writer.write(Path("/nonexistent"), [])
    writer.finish()
