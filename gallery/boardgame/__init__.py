"""Board-and-card games in the style of Monopoly: `.tab` boards, `.tjt` decks, `game.yaml`.

The formats are defined in docs/board-games.md (and in the docstrings of `board_file` and
`deck_file`). What other code uses:

* loading: `load_board_game(folder)` / `read_board_game(folder)`, `board_game_folders(dir)`;
* checking: `check_board_files(paths)` for `tile-atlas check x.tab y.tjt`,
  `check_board_game(folder or game.yaml)` for a whole game folder;
* single files: `parse_board` / `read_board` / `write_board`, `parse_deck` / `read_deck` /
  `write_deck`;
* pictures and pages: `board_svg`, `board_thumbnail_svg`, `board_game_page`,
  `games_index_card`, `BOARD_GAME_CSS`; summaries: `summarise_card`, `summarise_action`.
"""

from gallery.boardgame.board_file import parse_board, read_board, write_board
from gallery.boardgame.check import check_board_files, check_board_game
from gallery.boardgame.deck_file import parse_deck, read_deck, write_deck
from gallery.boardgame.game_file import board_game_folders, load_board_game, read_board_game
from gallery.boardgame.model import (
    SQUARE_TYPES,
    Action,
    ALaCarcel,
    Board,
    BoardGame,
    Calle,
    Carcel,
    Card,
    Deck,
    Estacion,
    Impuesto,
    ImpuestoEspecial,
    Parking,
    Salida,
    Servicio,
    Square,
    Tarjeta,
)
from gallery.boardgame.pages import BOARD_GAME_CSS, board_game_page, games_index_card
from gallery.boardgame.summaries import summarise_action, summarise_card
from gallery.boardgame.svg import board_svg, board_thumbnail_svg

__all__ = [
    "BOARD_GAME_CSS",
    "SQUARE_TYPES",
    "ALaCarcel",
    "Action",
    "Board",
    "BoardGame",
    "Calle",
    "Carcel",
    "Card",
    "Deck",
    "Estacion",
    "Impuesto",
    "ImpuestoEspecial",
    "Parking",
    "Salida",
    "Servicio",
    "Square",
    "Tarjeta",
    "board_game_folders",
    "board_game_page",
    "board_svg",
    "board_thumbnail_svg",
    "check_board_files",
    "check_board_game",
    "games_index_card",
    "load_board_game",
    "parse_board",
    "parse_deck",
    "read_board",
    "read_board_game",
    "read_deck",
    "summarise_action",
    "summarise_card",
    "write_board",
    "write_deck",
]
