"""Zip a built site into a deterministic offline bundle.

Why our own zipper: `shutil.make_archive` stores timestamps and directory order from the file
system, so two builds of the same site give different zips. Here entries are sorted and dated
1980-01-01, so the same site gives a byte-identical bundle.
"""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

FIXED_DATE = (1980, 1, 1, 0, 0, 0)


def zip_site(site_dir: Path, archive: Path, *, root_name: str = "tile-atlas-site") -> int:
    """Write every file under `site_dir` into `archive` below `root_name/`; returns the count."""
    site_dir = site_dir.resolve()
    files = sorted(p for p in site_dir.rglob("*") if p.is_file())
    archive.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path in files:
            info = zipfile.ZipInfo(
                f"{root_name}/{path.relative_to(site_dir).as_posix()}", FIXED_DATE
            )
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())
    return len(files)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m gallery.bundle SITE_DIR ARCHIVE.zip", file=sys.stderr)
        return 2
    count = zip_site(Path(argv[0]), Path(argv[1]))
    print(f"wrote {count} files to {argv[1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
