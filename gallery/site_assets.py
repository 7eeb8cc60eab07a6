"""The static files every page with tiles needs: styles, the page script, the grid overlays.

They ship with gallery, not with the MkDocs plugin, so that every host serves the same bytes:
the plugin adds them to a MkDocs or ProperDocs build, and `tile-atlas gallery` writes them
beside the pages for hosts that run no MkDocs plugin (Zensical, any Python-Markdown site).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import files

#: Where the assets live in a built site.
ASSET_DIR = "assets/tile-atlas"
STYLESHEETS = (
    f"{ASSET_DIR}/tiles.css",
    f"{ASSET_DIR}/map.css",
    f"{ASSET_DIR}/boardgame.css",
    f"{ASSET_DIR}/a11y.css",
)
SCRIPTS = (
    f"{ASSET_DIR}/hexview.js",  # first: it fills the hex viewer that the others then see
    f"{ASSET_DIR}/tiles.js",
    f"{ASSET_DIR}/map.js",
    f"{ASSET_DIR}/downloads.js",
    f"{ASSET_DIR}/a11y.js",
)
_PACKAGED = (
    "tiles.css",
    "tiles.js",
    "hexview.js",
    "map.css",
    "map.js",
    "downloads.js",
    "boardgame.css",
    "a11y.css",
    "a11y.js",
    "grid-flat.svg",
    "grid-pointy.svg",
)


@dataclass(frozen=True)
class SiteAsset:
    """One static file: its path in the site and its text."""

    uri: str
    content: str


def site_assets() -> tuple[SiteAsset, ...]:
    """Every static file, in a fixed order."""
    packaged = files("gallery") / "assets"
    found = [
        SiteAsset(f"{ASSET_DIR}/{name}", (packaged / name).read_text(encoding="utf-8"))
        for name in _PACKAGED
    ]
    return tuple(found)
