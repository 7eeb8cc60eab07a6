"""The playground page: its files in the site, its markup, and the "Try it" links elsewhere.

Why it is its own module: the plugin hooks only delegate here. The playground page is an
ordinary docs page (`docs/playground.md` by default) holding the marker `PAGE_MARKER`; the
marker becomes the playground's markup (a Jinja2 template a site may override) and only that
page loads playground.js, so only that page ever loads the Python runtime.

Elsewhere, producers mark tiles with `data-tile-try="<query>"` (the ```tile fence and the gallery's
tile and hex pages); this module turns each mark into a link to the playground with that query,
relative to the page, so the link works on any host and from the offline bundle.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import jinja2

from plugin.playground_package import Package
from plugin.playground_runtime import CDN_URL, CORE_FILES, is_runtime, missing_files
from tile_lang.layout.colors import PALETTE

ASSETS = Path(__file__).parent / "assets"
PAGE_MARKER = "<!-- tile-atlas:playground -->"
ASSET_DIR = "assets/tile-atlas/playground"
RUNTIME_DIR = "assets/tile-atlas/pyodide"
PACKAGE_URI = f"{ASSET_DIR}/tile-atlas-py.zip"
SCRIPTS = ("playground.js", "playground-worker.js", "playground.css")
TEMPLATE = "playground.html"
#: The attribute that asks for a "Try it" link (a block without it is left alone unscanned).
TRY_ATTRIBUTE = "data-tile-try="
#: A figure carrying a playground query (`data-tile-try="code=…"`; the fence's tiles): the
#: link goes last inside it, under the drawing. Figures do not nest.
TRY_FIGURE = re.compile(r'(<figure\b[^>]*?\bdata-tile-try="([^"]*)"[^>]*>.*?)(</figure>)', re.S)
#: Any other element carrying one (the gallery's rows of rotations): the link goes first
#: inside it, and CSS places it after the row. The attribute is looked for first, then the
#: start of its tag: a gallery page's blocks hold thousands of tags (their drawings) and few
#: of these, and a pattern that begins at every `<` cost a tile page a millisecond.
TRY_VALUE = re.compile(r'data-tile-try="([^"]*)"')  # (a leading \b would make it test every place)
_TAG_NAME = re.compile(r"<([a-z]+)\b")


class PlaygroundError(ValueError):
    """A playground option that cannot work (the message names the option and the fix)."""


@dataclass(frozen=True)
class Runtime:
    """Where the page loads Pyodide from: a URL (`url`) or a local copy shipped in the site
    (`folder`, served from RUNTIME_DIR)."""

    url: str | None = None
    folder: Path | None = None

    @property
    def local(self) -> bool:
        return self.folder is not None


def resolve_runtime(option: str | None, root: Path) -> Runtime:
    """The `pyodide` option: unset = the CDN, an http(s) URL, or a folder (relative to
    mkdocs.yml) holding the npm package's core files."""
    if option is None or not option.strip():
        return Runtime(url=CDN_URL)
    text = option.strip()
    if text.startswith(("https://", "http://")):
        return Runtime(url=text if text.endswith("/") else text + "/")
    folder = (root / text).resolve()
    if not folder.is_dir():
        raise PlaygroundError(
            f"pyodide: {text!r} is neither an http(s) URL nor a folder "
            "(python -m plugin.playground_runtime fetches one into the cache and prints it)"
        )
    if not is_runtime(folder):
        raise PlaygroundError(
            f"pyodide: {folder} lacks {', '.join(missing_files(folder))} "
            "(expected the core files of the `pyodide` npm package)"
        )
    return Runtime(folder=folder)


def asset_files(runtime: Runtime) -> list[tuple[str, Path]]:
    """(site path, source file) of the static files the playground page needs."""
    files = [(f"{ASSET_DIR}/{name}", ASSETS / name) for name in SCRIPTS]
    if runtime.folder is not None:
        files += [(f"{RUNTIME_DIR}/{name}", runtime.folder / name) for name in CORE_FILES]
    return files


def relative(target: str, from_url: str) -> str:
    """A link from the page at site URL `from_url` (`playground/`, `a/b.html`) to the site
    path `target`."""
    page = from_url[2:] if from_url.startswith("./") else from_url  # the home page is "./"
    return "../" * page.count("/") + target


def _environment(custom_dir: str | None) -> jinja2.Environment:
    loaders: list[jinja2.BaseLoader] = []
    if custom_dir:
        loaders.append(jinja2.FileSystemLoader(str(Path(custom_dir) / "tile-atlas")))
    loaders.append(jinja2.FileSystemLoader(str(ASSETS)))
    return jinja2.Environment(loader=jinja2.ChoiceLoader(loaders), autoescape=True)


def page_html(*, page_url: str, runtime: Runtime, package: Package,
              custom_dir: str | None = None) -> str:  # fmt: skip
    """The playground markup for the page at site URL `page_url`."""
    runtime_url = runtime.url or relative(f"{RUNTIME_DIR}/", page_url)
    config = {
        "runtime": runtime_url,
        "package": relative(PACKAGE_URI, page_url) + f"?v={package.digest}",
        "worker": relative(f"{ASSET_DIR}/playground-worker.js", page_url),
    }
    template = _environment(custom_dir).get_template(TEMPLATE)
    return template.render(
        config=config,
        colors=list(PALETTE),
        css_url=relative(f"{ASSET_DIR}/playground.css", page_url),
        script_url=relative(f"{ASSET_DIR}/playground.js", page_url),
        page_path=page_url,
        runtime_local=runtime.local,
    )


def insert_playground(content: str, markup: str) -> str | None:
    """The page content with the marker replaced by the playground (None: no marker)."""
    if PAGE_MARKER not in content:
        return None
    return content.replace(PAGE_MARKER, markup, 1)


def add_try_links(content: str, playground_href: str) -> str:
    """Give every element marked `data-tile-try` a "Try it" link to the playground."""
    if TRY_ATTRIBUTE not in content:  # most blocks (maps, charts): skip scanning every tag
        return content

    def link(query: str) -> str:
        href = html.escape(f"{playground_href}?{html.unescape(query)}", quote=True)
        title = "Open this tile in the playground"
        return f'<a class="tile-try" href="{href}" title="{title}">Try it</a>'

    def in_figure(match: re.Match[str]) -> str:
        return match.group(1) + link(match.group(2)) + match.group(3)

    return _after_tags(TRY_FIGURE.sub(in_figure, content), link)


def _after_tags(content: str, link: Callable[[str], str]) -> str:
    """`content` with `link(query)` right after each start tag (not a figure's) that carries
    `data-tile-try="query"`."""
    out: list[str] = []
    done = 0
    for found in TRY_VALUE.finditer(content):
        start = content.rfind("<", done, found.start())
        tag = _TAG_NAME.match(content, start) if start >= 0 else None
        end = content.find(">", found.end())
        if tag is None or tag.group(1) == "figure" or end < 0:
            continue
        if ">" in content[start : found.start()] or not content[found.start() - 1].isspace():
            continue  # not an attribute of this tag
        out += [content[done : end + 1], link(found.group(1))]
        done = end + 1
    out.append(content[done:])
    return "".join(out)


def config_json(markup: str) -> dict[str, str]:
    """The configuration embedded in rendered markup (for tests and tools)."""
    found = re.search(r'data-tpg="config">(.*?)</script>', markup, re.S)
    if not found:
        raise ValueError("no playground configuration in this markup")
    value = json.loads(found.group(1))
    if not isinstance(value, dict):
        raise ValueError("malformed playground configuration")
    return {str(k): str(v) for k, v in value.items()}
