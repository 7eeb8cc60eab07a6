"""`tile-atlas check board.tab deck.tjt ...`: check board-game files given on their own.

Files checked together are checked against each other the way a game folder would be:

* a `.tab` board's `tarjeta` squares must name one of the `.tjt` files given (by file stem:
  `suerte.tjt` is the deck `suerte`). With no `.tjt` given the decks are unknown and that check
  is skipped;
* a `.tjt` deck's `avanzarA` targets must be squares of the board when exactly one `.tab` is
  given. A deck checked alone cannot know the board's size, so `avanzarA` is then only checked
  for being 0 or more (`gallery.errors.Severity` has no "note" level to say so in the output;
  the rule is documented in docs/board-games.md instead).

To check a whole folder with its `game.yaml`, use `check_board_game(folder)`.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from gallery.boardgame.board_file import BoardFacts, scan_board
from gallery.boardgame.deck_file import read_deck
from gallery.boardgame.diagnostics import Collector, read_source
from tile_lang import Diagnostic

BOARD_SUFFIX = ".tab"
DECK_SUFFIX = ".tjt"


def check_board_files(paths: Iterable[str | Path]) -> list[Diagnostic]:
    """Every diagnostic of the given `.tab` and `.tjt` files, file by file in the order given,
    each file's sorted by line and column. Other suffixes are reported as errors."""
    files = [Path(p) for p in paths]
    boards = [p for p in files if p.suffix == BOARD_SUFFIX]
    decks = [p for p in files if p.suffix == DECK_SUFFIX]
    deck_names = [p.stem for p in decks] if decks else None
    texts: dict[Path, str | None] = {}
    found: dict[Path, list[Diagnostic]] = {}
    for path in files:
        out = Collector(str(path))
        if path.suffix not in (BOARD_SUFFIX, DECK_SUFFIX):
            out.error(0, "", "not a board-game file: expected .tab (board) or .tjt (deck)")
            texts[path] = None
        else:
            texts[path] = read_source(path, out)
        found[path] = out.diagnostics
    facts: BoardFacts | None = None
    for path in boards:
        text = texts[path]
        if text is not None:
            scan = scan_board(text, str(path), decks=deck_names)
            found[path] += scan.diagnostics
            if len(boards) == 1:
                facts = scan.facts
    for path in decks:
        text = texts[path]
        if text is not None:
            found[path] += read_deck(text, path.stem, str(path), board=facts)[1]
    result: list[Diagnostic] = []
    for path in dict.fromkeys(files):
        result += sorted(found[path], key=lambda d: (d.line, d.column))
    return result


def check_board_game(path: str | Path) -> list[Diagnostic]:
    """Every diagnostic of a whole board-game folder (given as the folder or its `game.yaml`):
    game.yaml, the board and the decks checked against each other, as the gallery loads them."""
    from gallery.boardgame.game_file import GAME_FILE, read_board_game

    folder = Path(path)
    if folder.name == GAME_FILE:
        folder = folder.parent
    return read_board_game(folder)[1]
