"""The ```` ```tile ```` fence for a host that only reads configuration files (Zensical, a
plain Python-Markdown set-up): a picklable formatter made by a factory from the site's options.

Zensical (and anything that resolves superfences' `format: {object: …, kwds: …}`) calls
`tile_formatter(**kwds)` once when it reads the configuration::

    markdown_extensions:
      - tile_lang.markdown            # numbers tile fences, so reports name their lines
      - pymdownx.superfences:
          custom_fences:
            - name: tile
              class: tile
              validator: !!python/name:tile_lang.markdown.validator
              format:
                object: tile_lang.fence_host.tile_formatter
                kwds: {layout: pointy, color_cues: true, strict: true}

The formatter it returns is an object, not a closure: a host may pickle its configuration (to
hand it to worker processes), and the formatter's render cache is left out of the pickle, so
each process starts with an empty one of its own.

Every problem in a fence is logged (logger `tile_atlas.fence`) as `PAGE:LINE: message`: the
page comes from the host's page context when it gives one (Zensical registers a preprocessor
holding the page being rendered; under MkDocs the plugin names pages itself), else from the
factory's `source`; the line is the line in the page's file, front matter counted. With
`strict`, a fence with a problem also fails the build: after logging the block's problems it
raises `TileFenceError`, the one exception superfences lets through (others it swallows and
shows the block as code), so the host stops with the page and line. That is what MkDocs'
`--strict` does with the plugin's warnings; Zensical's own `--strict` does not see warnings
logged by Markdown extensions.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from pymdownx.superfences import SuperFencesException

from tile_lang import markdown as fence
from tile_lang.options import cue_mode, is_layout
from tile_lang.page_context import page_of, where
from tile_lang.render_cache import RenderCache

LOG = logging.getLogger("tile_atlas.fence")


class TileFenceError(SuperFencesException):  # type: ignore[misc]  # pymdownx ships no type stubs
    """A tile fence had problems and the formatter was made `strict`: the build stops."""


class TileFormatter:
    """A superfences formatter bound to a site's fence settings (see the module docstring)."""

    def __init__(self, settings: fence.FenceSettings, *, strict: bool, source: str | None,
                 cache: bool) -> None:  # fmt: skip
        self.settings = settings
        self.strict = strict
        self.source = source
        self.cache = cache
        if cache:
            self._new_cache()

    def _new_cache(self) -> None:
        renders = RenderCache()
        renders.refresh(self.settings.icon_dirs)
        self.settings = replace(self.settings, renders=renders)

    def __reduce__(self) -> tuple[Callable[..., TileFormatter], tuple[object, ...]]:
        # pickled without its drawings: the copy makes a cache of its own
        settings = replace(self.settings, renders=None)
        return (_rebuilt, (settings, self.strict, self.source, self.cache))

    def __call__(self, src: str, language: str, class_name: str, options: dict[str, object],
                 md: Any, **kwargs: Any) -> str:  # fmt: skip
        page = page_of(md, self.source)
        problems: list[str] = []

        def report(message: str, line: int | None) -> None:
            text = where(page, line) + message
            problems.append(text)
            LOG.warning(text)

        html = fence.formatter(src, language, class_name, options, md,
                               settings=replace(self.settings, reporter=report))  # fmt: skip
        if problems and self.strict:
            more = f" (and {len(problems) - 1} more in this block)" if len(problems) > 1 else ""
            raise TileFenceError(f"{problems[0]}{more}; the tile fence is strict")
        return html


def _rebuilt(
    settings: fence.FenceSettings, strict: bool, source: str | None, cache: bool
) -> TileFormatter:
    return TileFormatter(settings, strict=strict, source=source, cache=cache)


def tile_formatter(
    *,
    layout: str = "flat",
    color: str | None = None,
    color_cues: bool | str = False,
    icon_dirs: list[str] | tuple[str, ...] = (),
    try_links: bool = False,
    cache: bool = True,
    strict: bool = False,
    source: str | None = None,
) -> TileFormatter:
    """The formatter for `format: {object: tile_lang.fence_host.tile_formatter, kwds: …}`.

    `layout`, `color` and `color_cues` are the defaults every block gets unless it sets them
    (as the MkDocs plugin's options); `icon_dirs` the folders of NAME.svg icons (relative to
    where the build runs); `try_links` adds the playground query to each tile; `cache` keeps
    drawings for the process's life; `strict` fails the build on a fence problem; `source`
    names the document in reports when the host gives no page. Bad values raise ValueError
    when the configuration is read, naming the option."""
    if not is_layout(layout):
        raise ValueError(f"tile_formatter: layout must be 'flat' or 'pointy', not {layout!r}")
    if color is not None and not isinstance(color, str):
        raise ValueError(f"tile_formatter: color must be a colour name, not {color!r}")
    try:
        cues = cue_mode(color_cues)
    except ValueError as exc:
        raise ValueError(f"tile_formatter: {exc}") from None
    defaults: dict[str, str] = {"layout": layout, "color_cues": cues}
    if color:
        defaults["color"] = color
    settings = fence.FenceSettings(
        defaults=defaults,
        icon_dirs=tuple(Path(p) for p in icon_dirs),
        try_links=bool(try_links),
    )
    return TileFormatter(settings, strict=bool(strict), source=source, cache=bool(cache))
