"""The ```` ```tile ```` fence for pymdownx.superfences (no MkDocs import: any host works).

Configure it in any Python-Markdown host::

    markdown.markdown(text, extensions=["pymdownx.superfences"], extension_configs={
        "pymdownx.superfences": {"custom_fences": [tile_fence()]}})

A block holds one tile per line (a tile string or a catalog name such as `57`); several tiles
render side by side. Options (quote values: `rotation="2"`): `color`, `layout` (flat|pointy),
`rotation` (0-5, `all`, or `0+2+4`), `name`, `grid` (a flag: the numbered regions; or
`usage`, `anatomy`), `scale` or `size` (pixels), `caption`,
`label` (show the code under each tile), `color_cues` (a flag: a symbol marking the tile's
colour without hue; `toggle`: emitted hidden for a page switch to show), `expect_error`
(documentation of errors: the error box is shown but not reported).

superfences swallows exceptions raised by formatters and silently shows the block as code, so
every problem is caught here and turned into a visible error box, and reported through
`set_reporter` (the MkDocs plugin turns reports into build warnings naming page and line).

Settings: a host that can pass objects calls `tile_fence(FenceSettings(...))` and gets a fence
bound to them: default options, icon folders, the reporter and the render cache it owns (the
MkDocs plugin passes the one `RenderCache` it keeps across `mkdocs serve` rebuilds). A host
that can only name the formatter by dotted path (`tile_lang.markdown.formatter`, as Zensical
does) gets the settings given to `configure`; by default it renders without a cache.

Line numbers: superfences does not tell a formatter where its block is, so this module is also
a Python-Markdown extension (`extensions=["tile_lang.markdown"]`, which the MkDocs plugin adds)
whose preprocessor, before any other runs, writes each tile fence's source line into the fence
header as a hidden option. Reports then name the line of the very fence or tile line, even when
the same bad line appears twice; without the extension they carry no line.
"""

from __future__ import annotations

import html
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

from tile_lang import catalog
from tile_lang.describe import describe
from tile_lang.errors import TileSyntaxError, caret_lines
from tile_lang.options import GRIDS, CueMode, Grid, Layout, is_cue_mode, is_grid, is_layout
from tile_lang.page_context import PageRef, page_of, where
from tile_lang.parse import parse

if TYPE_CHECKING:
    from tile_lang.render_cache import RenderCache

LOG = logging.getLogger("tile_atlas.fence")
OPTIONS = ("color", "layout", "rotation", "name", "grid", "scale", "size", "caption", "label",
           "expect_error", "color_cues")  # fmt: skip
FLAG_OPTIONS = ("label", "expect_error")

#: Hidden fence option carrying the fence's 1-based line in the Markdown source.
LINE_OPTION = "tile_line"

#: Receives (message, 1-based line in the Markdown source or None) for every problem in a fence.
Reporter = Callable[[str, int | None], None]


def _default_reporter(message: str, line: int | None) -> None:
    LOG.warning(where(None, line) + message)


def _log_at(page: PageRef | None, message: str, line: int | None) -> None:
    """The default report when the host names the page being rendered (`page_context`)."""
    LOG.warning(where(page, line) + message)


@dataclass(frozen=True)
class FenceSettings:
    """What a fence renders with (see the module docstring)."""

    #: Options every block gets unless it sets them (`{"layout": "pointy"}`).
    defaults: dict[str, str] = field(default_factory=dict)
    #: The render cache, owned by the caller (None: render every time).
    renders: RenderCache | None = None
    #: Icon folders when there is no cache (a cache brings its own, see `RenderCache.refresh`).
    icon_dirs: tuple[Path, ...] = ()
    #: Whether tiles carry a `data-tile-try` playground query.
    try_links: bool = False
    #: Where problems go (None: the reporter of `set_reporter`).
    reporter: Reporter | None = None


_reporter: Reporter = _default_reporter
#: The settings of the dotted-path formatter (hosts that cannot pass objects), from `configure`.
_settings = FenceSettings()


def set_reporter(reporter: Reporter | None) -> None:
    """Route fence problems somewhere (None restores logging to `tile_atlas.fence`)."""
    global _reporter
    _reporter = reporter or _default_reporter


def configure(
    *,
    defaults: dict[str, str] | None = None,
    cache: bool | None = None,
    icon_dirs: tuple[Any, ...] | None = None,
    try_links: bool | None = None,
) -> None:
    """Settings of the dotted-path formatter: default options (e.g. `{"layout": "pointy"}`),
    a render cache of its own on/off, icon folders, and whether tiles carry a `data-tile-try`
    playground query (the MkDocs plugin turns it into a "Try it" link when the site has a
    playground). Hosts that can pass objects use `tile_fence(FenceSettings(...))` instead."""
    global _settings
    current = _settings
    folders = current.icon_dirs if icon_dirs is None else tuple(Path(p) for p in icon_dirs)
    renders = current.renders
    if cache is not None:
        renders = None
        if cache:
            from tile_lang.render_cache import RenderCache

            renders = RenderCache()
    if renders is not None:
        renders.refresh(folders)
    _settings = FenceSettings(
        defaults=dict(current.defaults if defaults is None else defaults),
        renders=renders,
        icon_dirs=folders,
        try_links=current.try_links if try_links is None else try_links,
    )


def playground_query(
    code: str, *, color: str, layout: str, rotation: int = 0, name: str | None = None
) -> str:
    """The playground's address query for a tile (`code=…&color=…`): data only, read back by
    the playground as strings. Shared by the fence and the gallery pages."""
    from urllib.parse import quote, urlencode

    fields = {"code": code, "color": color, "layout": layout, "rotation": str(rotation)}
    if name:
        fields["name"] = name
    return urlencode(fields, quote_via=quote, safe="")


def clear_cache() -> None:
    """Drop the dotted-path formatter's cached drawings."""
    configure(cache=_settings.renders is not None)


_FENCE = re.compile(r"^[ \t>]*(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
_TILE_INFO = re.compile(r"^\s*(?:tile(?=\s|$)|\{[^}]*?\.tile(?=[\s}]))")


def number_tile_fences(lines: list[str]) -> list[str]:
    """`lines` with `tile_line="N"` added to the header of every ```tile fence (N = 1-based
    line). Fences nested in another fence (a ````markdown example of a tile block) are text
    and stay as they are."""
    out: list[str] = []
    closing: str | None = None  # the fence that closes the block we are in
    for number, line in enumerate(lines, start=1):
        match = _FENCE.match(line)
        if closing is not None:
            if match and match["fence"].startswith(closing) and not match["info"].strip():
                closing = None
            out.append(line)
            continue
        info = match["info"] if match else ""
        if match is None or (match["fence"][0] == "`" and "`" in info):  # not a fence
            out.append(line)
            continue
        closing = match["fence"]
        if not _TILE_INFO.match(info):
            out.append(line)
            continue
        tag = f' {LINE_OPTION}="{number}"'
        brace = line.rfind("}") if info.lstrip().startswith("{") else -1
        out.append(line[:brace] + tag + line[brace:] if brace >= 0 else line.rstrip() + tag)
    return out


class _NumberFences(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        return number_tile_fences(lines)


class TileLinesExtension(Extension):
    """Numbers tile fences so fence reports carry source lines (see the module docstring)."""

    def extendMarkdown(self, md: Markdown) -> None:
        # Priority 35: before pymdownx.snippets (32) inserts other files, and before
        # superfences (25) reads the fences.
        md.preprocessors.register(_NumberFences(md), "tile_lines", 35)


def makeExtension(**kwargs: Any) -> TileLinesExtension:
    """Entry point for `extensions=["tile_lang.markdown"]`."""
    return TileLinesExtension(**kwargs)


def tile_fence(settings: FenceSettings | None = None) -> dict[str, Any]:
    """The superfences `custom_fences` entry for `tile` blocks, bound to `settings` when given
    (else the settings of `configure`)."""
    format_ = formatter if settings is None else partial(formatter, settings=settings)
    return {"name": "tile", "class": "tile", "validator": validator, "format": format_}


def validator(
    language: str, inputs: dict[str, str], options: dict[str, Any], attrs: dict[str, Any],
    md: Any,
) -> bool:  # fmt: skip
    """Accept every option: unknown ones are reported by the formatter in an error box
    (rejecting here would make superfences silently fall back to a code block)."""
    for key, value in inputs.items():
        options[key] = value
    return True


@dataclass
class FenceOptions:
    color: str | None = None
    layout: Layout = "flat"
    rotations: list[int] = field(default_factory=lambda: [0])
    name: str | None = None
    grid: Grid | None = None
    scale: float = 1.0
    caption: str | None = None
    label: bool = False
    expect_error: bool = False
    color_cues: CueMode = "off"


def _flag(value: str) -> bool:
    return value.strip().lower() not in ("false", "0", "no", "off")


def read_options(
    raw: dict[str, Any], defaults: dict[str, str] | None = None
) -> tuple[FenceOptions, list[str]]:
    """Typed options (`raw` over `defaults`) and a list of problems (never raises)."""
    merged = {**(defaults or {}), **{k: str(v) for k, v in raw.items()}}
    opts = FenceOptions()
    problems: list[str] = []
    for key in merged:
        if key not in OPTIONS:
            problems.append(f"unknown option `{key}` (options: {', '.join(OPTIONS)})")
    if "color" in merged:
        opts.color = merged["color"] or None
    layout = merged.get("layout", "flat")
    if is_layout(layout):
        opts.layout = layout
    else:
        problems.append(f"`layout` must be flat or pointy, not `{layout}`")
    _read_rotation(merged.get("rotation", "0"), opts, problems)
    opts.name = merged.get("name") or None
    opts.caption = merged.get("caption") or None
    for key in FLAG_OPTIONS:
        if key in merged:
            setattr(opts, key, _flag(merged[key]))
    if "grid" in merged:
        _read_grid(merged["grid"], opts, problems)
    if "color_cues" in merged:
        _read_cues(merged["color_cues"], opts, problems)
    for key in ("scale", "size"):
        if key in merged:
            _read_scale(key, merged[key], opts, problems)
    return opts, problems


def _read_rotation(raw: str, opts: FenceOptions, problems: list[str]) -> None:
    rotation = raw.strip()
    if rotation == "all":
        opts.rotations = list(range(6))
        return
    try:
        values = [int(r) for r in rotation.split("+")]
        if any(not 0 <= r <= 5 for r in values):
            raise ValueError
        opts.rotations = values
    except ValueError:
        problems.append(f"`rotation` must be 0-5, `all` or like `0+2+4`, not `{rotation}`")


def _read_grid(raw: str, opts: FenceOptions, problems: list[str]) -> None:
    value = raw.strip().lower()
    if is_grid(value):
        opts.grid = value
    elif value in ("", "1", "true", "yes", "on"):
        opts.grid = "regions"
    elif value not in ("0", "false", "no", "off"):
        choices = ", ".join(f"`{g}`" for g in GRIDS)
        problems.append(f"`grid` must be a flag or one of {choices}, not `{value}`")


def _read_scale(key: str, raw: str, opts: FenceOptions, problems: list[str]) -> None:
    """`scale` (a factor, at most 4) or `size` (pixels across, at most 800; 200 = scale 1)."""
    try:
        number = float(raw)
        if not 0 < number <= (4 if key == "scale" else 800):
            raise ValueError
        opts.scale = number if key == "scale" else number / 200
    except ValueError:
        problems.append(f"`{key}` must be a positive number, not `{raw}`")


def _read_cues(raw: str, opts: FenceOptions, problems: list[str]) -> None:
    value = raw.strip().lower()
    if is_cue_mode(value):
        opts.color_cues = value
    elif value in ("", "1", "true", "yes"):
        opts.color_cues = "on"
    elif value in ("0", "false", "no"):
        opts.color_cues = "off"
    else:
        problems.append(f"`color_cues` must be a flag or `toggle`, not `{raw}`")


def _resolve(line: str) -> tuple[str, str | None, str | None]:
    """(code, colour, title) for a line: a catalog name or a tile string."""
    text = line.strip()
    if "=" not in text and ";" not in text:
        entry = catalog.lookup(text)
        if entry is not None:
            return entry.code, entry.color, text
    return text, None, None


def _render(code: str, color: str, opts: FenceOptions, rotation: int, title: str | None,
            settings: FenceSettings) -> str:  # fmt: skip
    # lazy: the validator only parses (start-up time)
    from tile_lang.render_cache import RenderKey
    from tile_lang.svg import render_svg

    key = RenderKey(code, color, opts.layout, rotation, opts.name, opts.grid, opts.scale,
                    _title(code, color, opts, rotation, title), opts.color_cues)  # fmt: skip
    if settings.renders is not None:
        return settings.renders.render(key)
    return render_svg(
        code,
        color=color,
        layout=opts.layout,
        rotation=rotation,
        name=opts.name,
        grid=opts.grid,
        scale=opts.scale,
        title=key.title,
        icon_dirs=settings.icon_dirs,
        color_cues=opts.color_cues,
    )


def _title(code: str, color: str, opts: FenceOptions, rotation: int, number: str | None) -> str:
    """The SVG's accessible name: the tile in words with its catalog number if it has one (the
    code itself stays visible in the caption with `label`)."""
    return describe(code, color=color, layout=opts.layout, rotation=rotation, name=opts.name,
                    number=number)  # fmt: skip


def breakable(code: str) -> str:
    """A tile string as HTML that wraps between its parts, not inside a key or a value: a
    line break opportunity (`<wbr>`, no character, so copying is unchanged) after each `;`."""
    return ";<wbr>".join(html.escape(part) for part in code.split(";"))


def error_box(code: str, message: str, detail: str | None = None) -> str:
    """The visible error box: message, the code with a caret, and the hint (all escaped)."""
    parts = [
        '<div class="tile-error" role="alert" data-search-exclude>',
        f'<p class="tile-error__title"><strong>Tile error:</strong> {html.escape(message)}</p>',
    ]
    if detail:
        parts.append(f'<pre class="tile-error__code"><code>{html.escape(detail)}</code></pre>')
    elif code:
        parts.append(f'<pre class="tile-error__code"><code>{html.escape(code)}</code></pre>')
    parts.append("</div>")
    return "".join(parts)


def formatter(
    src: str,
    language: str,
    class_name: str,
    options: dict[str, Any],
    md: Any,
    *,
    settings: FenceSettings | None = None,
    **kwargs: Any,
) -> str:
    """Render a fence to HTML; never raises. Without a reporter of its own (settings or
    `set_reporter`), problems are logged naming the page when the host gives one."""
    settings = settings or _settings
    report = settings.reporter or _reporter
    if report is _default_reporter:
        report = partial(_log_at, page_of(md))
    settings = replace(settings, reporter=report)
    raw = dict(options)
    start = _fence_line(raw.pop(LINE_OPTION, None))
    try:
        return _format(src, raw, start, settings)
    except Exception as exc:
        message = f"internal error while rendering a tile block: {exc!r}"
        report(message, start)
        return error_box(src, message)


def _fence_line(value: object) -> int | None:
    """The fence's line from the hidden option (None when the host did not number fences)."""
    text = str(value) if value is not None else ""
    return int(text) if text.isdigit() and int(text) > 0 else None


def _figure_caption(line: str, rotation: int, opts: FenceOptions) -> str:
    """A figure's caption: the tile string (`label`) and, when the block shows several
    rotations, which one this is."""
    several = len(opts.rotations) > 1
    if opts.label:
        caption = f'<figcaption class="tile-code"><code>{breakable(line.strip())}</code>'
        if several:
            caption += f' <span class="tile-rotation">r{rotation}</span>'
        return caption + "</figcaption>"
    if several:
        return f'<figcaption class="tile-rotation">rotation {rotation}</figcaption>'
    return ""


def _line_figures(line: str, number: int | None, opts: FenceOptions, settings: FenceSettings,
                  errors: list[str], report: Reporter) -> list[str]:  # fmt: skip
    """The figures of one tile line (one per rotation), or its error tile: the problem goes
    to `errors` (shown under the block) and to `report` (a build warning at the line)."""
    code, catalog_color, title = _resolve(line)
    color = opts.color or catalog_color or "white"
    try:
        parse(code)
        figures = []
        for index, rotation in enumerate(opts.rotations):
            svg = _render(code, color, opts, rotation, title, settings)
            caption = _figure_caption(line, rotation, opts)
            try_query = ""
            if settings.try_links and index == 0:
                query = playground_query(
                    code, color=color, layout=opts.layout, rotation=rotation, name=opts.name
                )
                try_query = f' data-tile-try="{html.escape(query)}"'
            figures.append(
                f'<figure class="tile-figure" data-rotation="{rotation}"{try_query}>'
                f"{svg}{caption}</figure>"
            )
        return figures
    except TileSyntaxError as exc:
        hint = f"\n  hint: {exc.hint}" if exc.hint else ""
        detail = f"{caret_lines(code, exc.column, exc.width)}{hint}"
        errors.append(error_box(code, f"{exc.message} (column {exc.column + 1})", detail))
        warning = f"tile fence: {exc.message} at column {exc.column + 1}: {code}"
    except ValueError as exc:
        errors.append(error_box(code, str(exc)))
        warning = f"tile fence: {exc}: {code}"
    if not opts.expect_error:
        report(warning, number)
    return [_error_tile(opts)]


def _format(src: str, raw_options: dict[str, Any], start: int | None,
            settings: FenceSettings) -> str:  # fmt: skip
    report = settings.reporter or _reporter
    opts, problems = read_options(raw_options, settings.defaults)
    figures: list[str] = []
    errors: list[str] = []
    for problem in problems:
        errors.append(error_box("", problem))
        if not opts.expect_error:
            report(f"tile fence: {problem}", start)
    # Each tile line keeps its own source line: the block's content starts after the header.
    lines = [
        (start + 1 + index if start else None, line)
        for index, line in enumerate(src.splitlines())
        if line.strip()
    ]
    if not lines:
        message = "empty tile block: write one tile string (or catalog name) per line"
        errors.append(error_box("", message))
        if not opts.expect_error:
            report(f"tile fence: {message}", start)
    for number, line in lines:
        figures += _line_figures(line, number, opts, settings, errors, report)
    caption = f'<p class="tile-caption">{html.escape(opts.caption)}</p>' if opts.caption else ""
    return (
        # a <section>: the theme's search drops an excluded element only until the first
        # nested element of the same tag closes, and a block holds <div>s
        '<section class="tile-block" data-search-exclude>'
        f'<div class="tile-row">{"".join(figures)}</div>{caption}{"".join(errors)}</section>'
    )


def _error_tile(opts: FenceOptions) -> str:
    """A visible placeholder hex where a bad tile would have been (never a blank)."""
    size = round(200 * opts.scale)
    return (
        f'<figure class="tile-figure tile-figure--error"><svg class="tile-svg" role="img" '
        f'width="{size}" height="{size}" viewBox="-100 -100 200 200"><title>tile error</title>'
        '<polygon points="100,0 50,87 -50,87 -100,0 -50,-87 50,-87" fill="#fde2e2" '
        'stroke="#c62828" stroke-width="4" stroke-dasharray="10 6"/>'
        '<text x="0" y="12" text-anchor="middle" font-size="40" font-weight="700" '
        'fill="#c62828">!</text></svg></figure>'
    )
