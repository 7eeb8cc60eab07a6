"""gallery.cachefolder: entries read back as written, unreadable ones as absent, and the folder
trimmed to its bound with the least recently used entries going first."""

from __future__ import annotations

import os
from pathlib import Path

from gallery.cachefolder import CacheFolder


def test_an_entry_reads_back_as_written(tmp_path: Path) -> None:
    folder = CacheFolder(tmp_path / "c", max_bytes=2**20)
    folder.write("k", {"text": "Köln – 5", "n": [1, None, True]})
    assert folder.read("k") == {"text": "Köln – 5", "n": [1, None, True]}
    assert [p.name for p in (tmp_path / "c").iterdir()] == ["k.json"]  # no temporary left


def test_absent_broken_or_non_object_entries_read_as_none(tmp_path: Path) -> None:
    folder = CacheFolder(tmp_path, max_bytes=2**20)
    assert folder.read("missing") is None
    folder.path("broken").write_text('{"cut": ', "utf-8")
    assert folder.read("broken") is None
    folder.path("list").write_text("[1, 2]", "utf-8")
    assert folder.read("list") is None


def test_the_least_recently_used_entries_go_first(tmp_path: Path) -> None:
    folder = CacheFolder(tmp_path, max_bytes=10**6)
    for i, key in enumerate(("old", "read", "new")):
        folder.write(key, {"pad": "x" * 400})
        os.utime(folder.path(key), (1_000_000 + i, 1_000_000 + i))
    assert folder.read("read") is not None  # now the most recent
    size = folder.path("old").stat().st_size
    CacheFolder(tmp_path, max_bytes=2 * size).trim()
    assert sorted(p.stem for p in tmp_path.glob("*.json")) == ["new", "read"]


def test_a_folder_that_cannot_be_written_is_no_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", "utf-8")
    folder = CacheFolder(blocker / "sub", max_bytes=2**20)  # a folder below a file
    folder.write("k", {"a": 1})
    assert folder.read("k") is None


def test_a_text_entry_keeps_its_line_breaks(tmp_path: Path) -> None:
    folder = CacheFolder(tmp_path, max_bytes=2**20, suffix=".part")
    folder.write_text("k", 'head\n<svg>\r\n"x"\r</svg>')
    assert folder.read_text("k") == 'head\n<svg>\r\n"x"\r</svg>'
    assert [p.name for p in tmp_path.iterdir()] == ["k.part"]
    assert folder.read("k") is None  # not JSON


def test_an_entry_not_as_written_is_dropped_with_a_debug_line(tmp_path: Path, caplog) -> None:
    """Every entry carries its checksum: a flipped byte, a cut file or a file the cache did
    not write reads as absent, and is removed so that the next build writes it again."""
    caplog.set_level("DEBUG", logger="gallery.cachefolder")
    folder = CacheFolder(tmp_path, max_bytes=2**20)
    for damage in (
        lambda b: b[:-1] + bytes([b[-1] ^ 1]),
        lambda b: b[:-4],
        lambda b: b.partition(b"\n")[2],  # no checksum line
    ):
        folder.write_text("k", "<svg>ok</svg>")
        path = folder.path("k")
        path.write_bytes(damage(path.read_bytes()))
        assert folder.read_text("k") is None
        assert not path.exists()
    assert "dropped" in caplog.text
