"""The offline bundle zipper: complete and byte-identical for the same site."""

from __future__ import annotations

import zipfile
from pathlib import Path

from gallery.bundle import zip_site


def _site(root: Path) -> Path:
    (root / "games" / "1889").mkdir(parents=True)
    (root / "index.html").write_text("<h1>Tile Atlas</h1>", encoding="utf-8")
    (root / "games" / "1889" / "index.html").write_text("<svg/>", encoding="utf-8")
    return root


def test_zip_contains_every_file_below_one_folder(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    count = zip_site(site, tmp_path / "a.zip")
    assert count == 2
    with zipfile.ZipFile(tmp_path / "a.zip") as zf:
        assert zf.namelist() == [
            "tile-atlas-site/games/1889/index.html",
            "tile-atlas-site/index.html",
        ]
        assert zf.read("tile-atlas-site/index.html") == b"<h1>Tile Atlas</h1>"


def test_same_site_gives_identical_bytes(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    zip_site(site, tmp_path / "a.zip")
    (site / "index.html").touch()  # a newer mtime must not change the archive
    zip_site(site, tmp_path / "b.zip")
    assert (tmp_path / "a.zip").read_bytes() == (tmp_path / "b.zip").read_bytes()
