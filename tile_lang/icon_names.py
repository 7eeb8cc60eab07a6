"""Icon names: which `icon=image:NAME` values may be looked up as files, decided once.

The parser refuses a name that could leave an icon folder (so `check`, fences and games report
it at its column, and a tile the parser accepts always renders); the icon stage then turns the
same name into the relative path it reads. Both use `safe_icon_path`, so they cannot disagree.
"""

from __future__ import annotations

from pathlib import PurePosixPath

#: 18xx.games accepts `image:/icons/NAME` for `image:NAME`.
ENGINE_PREFIX = "/icons/"
#: 18xx.games' spelling for company logos: `public/logos/…` seen from `public/icons/`.
LOGOS_PREFIX = "../logos/"


def safe_icon_path(name: str) -> PurePosixPath:
    """The relative path `NAME.svg` inside an icon folder.

    ValueError (naming the icon) for a name that could leave the folder: `..` or `.` parts,
    an absolute path, a drive (`C:`), a backslash, an empty part (`a//b`) or a NUL byte.
    """
    if name.startswith(ENGINE_PREFIX):
        name = name[len(ENGINE_PREFIX) :]  # 18xx.games' own spelling of the same icon
    up = ""
    if name.startswith(LOGOS_PREFIX):  # 18xx.games' logos folder beside its icons folder
        up, name = "..", name[len(LOGOS_PREFIX) - len("logos/") :]
    if not name:
        raise ValueError("icon name is empty")
    if "\\" in name or "\x00" in name or ":" in name or name.startswith(("/", "~")):
        raise ValueError(
            f"icon {name!r} is refused: the name must be a relative path inside an icon folder"
            " (no absolute path, drive, backslash or `~`)"
        )
    parts = name.split("/")
    if any(part in ("", ".", "..") for part in parts):
        raise ValueError(
            f"icon {name!r} is refused: `..`, `.` and empty parts could leave the icon folder"
        )
    return PurePosixPath(*([up] if up else []), *parts[:-1], parts[-1] + ".svg")
