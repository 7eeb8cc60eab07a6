"""18xx.games importer: reads a game's Ruby sources statically and builds our Game.

`lib/engine/game/g_<id>/{map,game,meta}.rb` are parsed with tree-sitter-ruby; only literal
constant definitions are evaluated (see `evaluate`): Ruby is never executed. Constants are
looked up the way the Game class sees them: the game's own files first, then the games it
includes modules from or inherits from (`class Game < G1817::Game`, `include G18ZOO::Map`).
A constant that cannot be evaluated is reported with file:line and left out; the rest imports.
"""

from gallery.ruby.importer import (
    RubyGameSource,
    import_18xx,
    import_18xx_checkout,
    list_18xx_games,
)

__all__ = ["RubyGameSource", "import_18xx", "import_18xx_checkout", "list_18xx_games"]
