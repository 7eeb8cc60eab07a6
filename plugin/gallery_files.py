"""Glue: load the configured game folders and add the gallery's pages to the MkDocs build."""

from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from gallery.game import Game
from gallery.loader import load_games_dirs
from gallery.site import build_gallery


def add_gallery_files(
    files: Files,
    config: MkDocsConfig,
    games_dirs: list[Path],
    *,
    log: logging.Logger | logging.LoggerAdapter[logging.Logger],
    icon_dirs: tuple[Path, ...] = (),
    catalog_pages: bool = True,
) -> list[Game]:
    """Generate tiles/… and games/… pages; problems in game files become build warnings."""
    games, diagnostics = load_games_dirs(games_dirs)
    for diag in diagnostics:
        # Errors (a game that cannot load) fail `--strict`; warnings are advice in the log.
        (log.warning if diag.severity == "error" else log.info)(str(diag))
    quiet = bool(getattr(config, "strict", False))

    def progress(what: str, done: int, total: int) -> None:
        if not quiet and total > 50 and done % 25 == 0:
            log.info(f"gallery: {done}/{total} ({what})")

    generated = build_gallery(
        games,
        icon_dirs=icon_dirs,
        directory_urls=bool(config.use_directory_urls),
        progress=progress,
        catalog_pages=catalog_pages,
    )
    for item in generated:
        if files.get_file_from_path(item.path) is None:
            files.append(File.generated(config, item.path, content=item.content))
    return games
