"""An offline bundle (`offline` plugin on) that works from file:// under Zensical too.

Chromium refuses `new Worker(url)` on file:// pages, so the theme's search would not start;
Zensical's offline plugin then adds a Worker shim from the network (unpkg) unless the site
lists one of its own. The plugin's shim is listed instead, with its worker frame allowing
exactly the search workers of the theme Zensical ships (`plugin.worker_frame`).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

SHIM_URI = "assets/tile-atlas/iframe-worker-shim.js"


def _theme_files() -> list[str]:
    """The site paths of the scripts Zensical's own theme ships (its package's templates)."""
    spec = importlib.util.find_spec("zensical")
    if spec is None or not spec.submodule_search_locations:
        return []
    root = Path(next(iter(spec.submodule_search_locations))) / "templates"
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*.js") if p.is_file())


def offline_files() -> dict[str, bytes]:
    """The shim and its worker frame, by site path."""
    from plugin.worker_frame import FRAME_URI, worker_frame_html  # no MkDocs import there

    shim = Path(__file__).resolve().parents[2] / "plugin" / "assets" / "iframe-worker-shim.js"
    return {
        SHIM_URI: shim.read_bytes(),
        FRAME_URI: worker_frame_html(_theme_files()).encode("utf-8"),
    }
