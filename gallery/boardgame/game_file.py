"""A board-game folder: `game.yaml` naming the board and the decks, loaded and cross-checked.

Schema of `game.yaml` (read with PyYAML's safe composer, so no tags or objects, and walked node
by node so every message has a line)::

    id: madrid                  # required; letters, digits, _ . - (the page slug)
    title: Madrid               # required
    description: ...            # optional, plain text
    board: madrid.tab           # required; a .tab file in this folder
    decks:                      # optional; deck name -> .tjt file in this folder
      suerte: suerte.tjt        #   `tarjeta` squares name these decks
      caja: caja.tjt

Files are named relative to the folder and must stay inside it (no absolute paths, no `..`),
so a game folder cannot make the site read arbitrary files. Several deck names may point at
the same file (the seed allows loading one file for both decks).
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

import yaml

from gallery.boardgame.board_file import BoardFacts, scan_board
from gallery.boardgame.deck_file import read_deck
from gallery.boardgame.diagnostics import Collector, did_you_mean, has_errors, read_source
from gallery.boardgame.model import BoardGame, Deck
from gallery.errors import GameLoadError
from gallery.textfile import bad_character
from gallery.yamlread import compose_game_yaml
from tile_lang import Diagnostic

GAME_FILE = "game.yaml"
KEYS = ("id", "title", "description", "board", "decks")
ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
DECK_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def _line(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _scalar(out: Collector, node: yaml.Node, field: str) -> str | None:
    if not isinstance(node, yaml.ScalarNode) or node.tag == "tag:yaml.org,2002:null":
        line, col = _line(node)
        out.error(line, field, "expected a single text value", col)
        return None
    problem = bad_character(str(node.value))
    if problem is not None:
        line, col = _line(node)
        out.error(line, field, problem, col)
        return None
    return str(node.value)


def _member(out: Collector, folder: Path, node: yaml.Node, field: str, suffix: str) -> Path | None:
    """A file named in game.yaml, if it is a relative path inside the folder that exists."""
    name = _scalar(out, node, field)
    if name is None:
        return None
    line, col = _line(node)
    pure = PurePosixPath(name.replace("\\", "/"))
    if pure.is_absolute() or ".." in pure.parts or not name.strip():
        out.error(line, field, f"{name!r}: name a file inside the game folder", col)
        return None
    path = folder / pure
    if not path.resolve().is_relative_to(folder.resolve()):
        out.error(line, field, f"{name!r} leads outside the game folder", col)
        return None
    if not path.is_file():
        out.error(line, field, f"{name!r} does not exist in {folder}", col)
        return None
    if path.suffix != suffix:
        out.warn(line, field, f"{name!r} is expected to end in {suffix}", col)
    return path


def _root(folder: Path, out: Collector) -> yaml.MappingNode | None:
    """game.yaml's top-level mapping, or None (with the errors that say why)."""
    text = read_source(folder / GAME_FILE, out)
    if text is None:
        return None
    composed = compose_game_yaml(text, out.file)
    out.diagnostics.extend(composed.diagnostics)
    if composed.diagnostics:
        return None
    if not isinstance(composed.root, yaml.MappingNode):
        out.error(1, "", "expected key: value lines (id, title, board, decks)")
        return None
    return composed.root


def _decks(out: Collector, folder: Path, value: yaml.Node, decks: dict[str, Path | None]) -> None:
    """`decks:`: each deck name and its `.tjt` file, into `decks`."""
    if not isinstance(value, yaml.MappingNode):
        line, col = _line(value)
        out.error(line, "decks", "expected `deck name: file.tjt` lines", col)
        return
    for deck_key, deck_value in value.value:
        deck = str(deck_key.value)
        dline, dcol = _line(deck_key)
        if not DECK_NAME.fullmatch(deck):
            out.error(dline, f"decks.{deck}", "a deck name is letters, digits, _ and -", dcol)
        elif deck in decks:
            out.error(dline, f"decks.{deck}", "duplicate deck name", dcol)
        else:
            decks[deck] = _member(out, folder, deck_value, f"decks.{deck}", ".tjt")


def _text_field(out: Collector, name: str, value: yaml.Node, meta: dict[str, str]) -> None:
    """A scalar field (`id`, `title`, `description`), checked, into `meta`."""
    scalar = _scalar(out, value, name)
    if scalar is None:
        return
    meta[name] = scalar
    line, col = _line(value)
    if name == "id" and not ID.fullmatch(scalar):
        out.error(line, "id", f"{scalar!r}: use letters, digits, _ . - (at most 64)", col)
    if name == "title" and not scalar.strip():
        out.error(line, "title", "is empty", col)


def _read_meta(
    folder: Path, out: Collector
) -> tuple[dict[str, str], Path | None, dict[str, Path | None]]:
    """The scalar fields, the board path and the deck paths of game.yaml."""
    meta: dict[str, str] = {}
    decks: dict[str, Path | None] = {}
    root = _root(folder, out)
    if root is None:
        return meta, None, decks
    board: Path | None = None
    seen: set[str] = set()
    for key, value in root.value:
        name = str(key.value)
        line, col = _line(key)
        if name in seen:
            out.error(line, name, "duplicate key", col)
            continue
        seen.add(name)
        if name not in KEYS:
            hint = did_you_mean(name, KEYS) or f"; the keys are {', '.join(KEYS)}"
            out.error(line, name, f"unknown key{hint}", col)
        elif name == "board":
            board = _member(out, folder, value, "board", ".tab")
        elif name == "decks":
            _decks(out, folder, value, decks)
        else:
            _text_field(out, name, value, meta)
    for required in ("id", "title", "board"):
        if required not in seen:
            out.error(1, required, "missing (id, title and board are required)")
    return meta, board, decks


def read_board_game(folder: str | Path) -> tuple[BoardGame | None, list[Diagnostic]]:
    """Load a board-game folder, collecting every problem of every file.

    The board is checked against the deck names of game.yaml and each deck against the
    board's square numbers, even when some file has errors, so one run reports everything.
    Returns the game and all diagnostics. A game with errors is still returned with what
    could be read (the squares and cards without errors; each error says what is left out),
    as the gallery keeps 18xx games with errors; it is None only when it has no valid id or
    no square could be read.
    """
    folder = Path(folder)
    out = Collector(str(folder / GAME_FILE))
    meta, board_path, deck_paths = _read_meta(folder, out)
    diagnostics = list(out.diagnostics)
    board = None
    facts: BoardFacts | None = None
    if board_path is not None:
        board_out = Collector(str(board_path))
        text = read_source(board_path, board_out)
        diagnostics += board_out.diagnostics
        if text is not None:
            # a broken game.yaml would make every tarjeta square an error too: skip that check
            known = None if has_errors(out.diagnostics) else list(deck_paths)
            scan = scan_board(text, str(board_path), decks=known)
            diagnostics += scan.diagnostics
            board, facts = scan.readable, scan.facts
    decks: list[Deck] = []
    for name, path in deck_paths.items():
        if path is None:
            continue
        deck_out = Collector(str(path))
        text = read_source(path, deck_out)
        diagnostics += deck_out.diagnostics
        if text is None:
            continue
        deck, found = read_deck(text, name, str(path), board=facts, partial=True)
        diagnostics += found
        if deck is not None:
            decks.append(deck)
    game_id = meta.get("id", "")
    if board is None or not ID.fullmatch(game_id):
        return None, diagnostics
    game = BoardGame(
        id=game_id,
        title=meta.get("title", "").strip() or game_id,
        board=board,
        decks=tuple(decks),
        description=" ".join(meta.get("description", "").split()),
    )
    return game, diagnostics


def load_board_game(folder: str | Path) -> BoardGame:
    """Load a board-game folder (`game.yaml` + `.tab` + `.tjt`); raises `GameLoadError`
    listing every error of every file."""
    game, diagnostics = read_board_game(folder)
    if game is None or has_errors(diagnostics):
        raise GameLoadError([d for d in diagnostics if d.severity == "error"])
    return game


def is_board_game_folder(folder: str | Path) -> bool:
    """True for a folder holding a `game.yaml` (how the gallery tells board games apart)."""
    return (Path(folder) / GAME_FILE).is_file()


def board_game_folders(games_dir: str | Path) -> list[Path]:
    """The board-game folders directly inside a games folder, sorted by name."""
    root = Path(games_dir)
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if p.is_dir() and is_board_game_folder(p))
