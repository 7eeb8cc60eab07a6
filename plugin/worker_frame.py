"""The worker frame of the file:// Worker shim, written per build with its allow-list.

`assets/tile-atlas/worker-frame.html` runs mkdocs-material's search worker when a page is opened
from file://. Its URL fragment names the worker the page wants, but a URL must never choose
code to run, so the frame only runs scripts from a list fixed here at build time: the worker
scripts the theme ships and the helper scripts those workers may `importScripts`, each given
relative to the frame itself. No MkDocs import: the caller passes the site's file paths.
"""

from __future__ import annotations

import json
import posixpath
from collections.abc import Iterable
from pathlib import Path

FRAME_URI = "assets/tile-atlas/worker-frame.html"
TEMPLATE = Path(__file__).parent / "assets" / "worker-frame.html"
#: Folders (site paths) of scripts the frame may run: workers, and what workers import.
WORKER_DIRS = ("assets/javascripts/workers/",)
IMPORT_DIRS = ("assets/javascripts/lunr/",)
_START = "/*tile-atlas:allowed*/"
_END = "/*tile-atlas:end*/"


def _relative(uri: str) -> str:
    return posixpath.relpath(uri, posixpath.dirname(FRAME_URI))


def allowed_scripts(site_paths: Iterable[str]) -> dict[str, list[str]]:
    """The worker and import allow-lists, relative to the frame, sorted (deterministic)."""
    scripts = sorted(p for p in site_paths if p.endswith(".js"))
    return {
        "workers": [_relative(p) for p in scripts if p.startswith(WORKER_DIRS)],
        "imports": [_relative(p) for p in scripts if p.startswith(IMPORT_DIRS)],
    }


def worker_frame_html(site_paths: Iterable[str]) -> str:
    """The frame's HTML with the allow-list of this site's scripts written in."""
    template = TEMPLATE.read_text(encoding="utf-8")
    start = template.index(_START) + len(_START)
    end = template.index(_END, start)
    # JSON is a JavaScript literal; escaping `<` keeps `</script>` out of any file name.
    literal = json.dumps(allowed_scripts(site_paths), sort_keys=True).replace("<", "\\u003c")
    return template[:start] + literal + template[end:]
