"""The safe output writer: a manifest of what we wrote, conflicts refused, staged writes."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from gallery.output import MANIFEST, OutputConflict, read_manifest, write_file, write_files


def test_writes_a_new_folder_whole_with_a_manifest(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = write_files(out, {"a.yaml": "a\n", "sub/b.md": "b\n"})
    assert result.written == ("a.yaml", "sub/b.md") and not result.forced
    assert (out / "sub" / "b.md").read_text("utf-8") == "b\n"
    assert set(read_manifest(out)) == {"a.yaml", "sub/b.md"}
    assert [p.name for p in tmp_path.iterdir()] == ["out"]  # no staging folder left behind


def test_never_overwrites_a_file_it_did_not_write(tmp_path: Path) -> None:
    (tmp_path / "index.md").write_text("my own page\n", "utf-8")
    with pytest.raises(OutputConflict) as info:
        write_files(tmp_path, {"index.md": "generated\n", "new.md": "n\n"})
    assert "index.md: not written by tile-atlas: not overwritten" in str(info.value)
    assert "--force" in str(info.value)
    assert (tmp_path / "index.md").read_text("utf-8") == "my own page\n"
    assert not (tmp_path / "new.md").exists()  # nothing written at all


def test_never_overwrites_a_file_edited_since_it_wrote_it(tmp_path: Path) -> None:
    write_files(tmp_path, {"1889.yaml": "id: '1889'\n"})
    write_files(tmp_path, {"1889.yaml": "id: '1889'\ntitle: x\n"})  # ours, unedited: replaced
    (tmp_path / "1889.yaml").write_text("id: '1889'\n# hand fix\n", "utf-8")
    with pytest.raises(OutputConflict) as info:
        write_files(tmp_path, {"1889.yaml": "id: '1889'\n"})
    assert [c.reason for c in info.value.conflicts] == ["edited since tile-atlas wrote it"]
    assert "# hand fix" in (tmp_path / "1889.yaml").read_text("utf-8")


def test_force_overwrites_and_says_which(tmp_path: Path) -> None:
    (tmp_path / "index.md").write_text("mine\n", "utf-8")
    result = write_files(tmp_path, {"index.md": "generated\n"}, force=True)
    assert [str(c) for c in result.forced] == [
        f"{tmp_path / 'index.md'}: not written by tile-atlas"
    ]
    assert (tmp_path / "index.md").read_text("utf-8") == "generated\n"
    assert "index.md" in read_manifest(tmp_path)


def test_identical_content_is_no_conflict_and_not_rewritten(tmp_path: Path) -> None:
    (tmp_path / "same.md").write_text("same\n", "utf-8")
    result = write_files(tmp_path, {"same.md": "same\n"})
    assert result.unchanged == ("same.md",) and not result.written


def test_a_crash_while_staging_leaves_the_folder_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_files(tmp_path / "out", {"a.md": "1\n", "b.md": "1\n"})
    before = {p.name: p.read_bytes() for p in (tmp_path / "out").iterdir()}
    calls = 0
    original = Path.write_bytes

    def failing(self: Path, data: bytes) -> int:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise OSError("disk full")
        return original(self, data)

    monkeypatch.setattr(Path, "write_bytes", failing)
    with pytest.raises(OSError, match="disk full"):
        write_files(tmp_path / "out", {"a.md": "2\n", "b.md": "2\n"})
    monkeypatch.undo()
    assert {p.name: p.read_bytes() for p in (tmp_path / "out").iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_names_outside_the_folder_are_refused(tmp_path: Path) -> None:
    for name in ("../x.md", "/etc/x", MANIFEST):
        with pytest.raises(ValueError):
            write_files(tmp_path, {name: "x"})


def test_an_unreadable_manifest_makes_no_file_ours(tmp_path: Path) -> None:
    write_files(tmp_path, {"a.md": "1\n"})
    (tmp_path / MANIFEST).write_text("{not json", "utf-8")
    with pytest.raises(OutputConflict):
        write_files(tmp_path, {"a.md": "2\n"})
    (tmp_path / MANIFEST).write_text(json.dumps({"files": ["a.md"]}), "utf-8")
    assert read_manifest(tmp_path) == {}


def test_one_file_follows_the_same_rules_with_its_folders_manifest(tmp_path: Path) -> None:
    target = tmp_path / "tiles.pdf"
    first = write_file(target, b"%PDF one")
    assert first.written == ("tiles.pdf",) and read_manifest(tmp_path) == {
        "tiles.pdf": hashlib.sha256(b"%PDF one").hexdigest()
    }
    assert write_file(target, b"%PDF one").unchanged == ("tiles.pdf",)
    write_file(target, b"%PDF two")  # ours, unedited: replaced without force
    assert target.read_bytes() == b"%PDF two"
    target.write_bytes(b"%PDF two, annotated by hand")
    with pytest.raises(OutputConflict, match="edited since tile-atlas wrote it"):
        write_file(target, b"%PDF three")
    assert target.read_bytes() == b"%PDF two, annotated by hand"
    assert write_file(target, b"%PDF three", force=True).forced[0].path == target
    assert sorted(p.name for p in tmp_path.iterdir()) == [MANIFEST, "tiles.pdf"]  # no temp


def test_one_file_never_over_a_foreign_file_or_a_folder(tmp_path: Path) -> None:
    mine = tmp_path / "mine.xml"
    mine.write_text("precious", "utf-8")
    with pytest.raises(OutputConflict, match="not written by tile-atlas"):
        write_file(mine, "generated")
    assert mine.read_text("utf-8") == "precious" and not (tmp_path / MANIFEST).exists()
    (tmp_path / "dir.pdf").mkdir()
    with pytest.raises(OutputConflict, match="is a folder"):
        write_file(tmp_path / "dir.pdf", b"x", force=True)
    write_file(tmp_path / "new" / "out.pdf", b"x")  # a missing folder is made
    assert read_manifest(tmp_path / "new") == {"out.pdf": hashlib.sha256(b"x").hexdigest()}
