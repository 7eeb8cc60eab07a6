"""Two builds of the same site are byte-identical (no timestamps, random ids or set order)."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONFIG = """\
site_name: Determinism
theme:
  name: material
  font: false
plugins:
  - search
  - tiles:
      games_dirs: [games]
      catalog_pages: false
"""


def _digest(site: Path) -> dict[str, str]:
    out = {}
    for path in sorted(site.rglob("*")):
        if path.is_file() and path.suffix != ".gz":  # sitemap.xml.gz carries gzip's mtime
            out[path.relative_to(site).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def test_two_builds_are_byte_identical(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    shutil.copytree(ROOT / "docs" / "language", tmp_path / "docs" / "language")
    (tmp_path / "docs" / "index.md").write_text("# Home\n\n```tile\n57\n```\n", encoding="utf-8")
    (tmp_path / "games").mkdir()
    shutil.copy(ROOT / "games" / "1889.yaml", tmp_path / "games")
    digests = []
    for run in ("a", "b"):
        subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(tmp_path / run)],
            cwd=tmp_path,
            check=True,
            capture_output=True,
        )
        digests.append(_digest(tmp_path / run))
    assert digests[0].keys() == digests[1].keys()
    different = [k for k in digests[0] if digests[0][k] != digests[1][k]]
    assert not different, different[:10]
    assert len(digests[0]) > 50
