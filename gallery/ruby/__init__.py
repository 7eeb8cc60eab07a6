"""18xx.games importer: reads a game's Ruby sources statically and builds our Game.

`lib/engine/game/g_<id>/*.rb` are parsed with tree-sitter-ruby; only literal constant
definitions are evaluated (see `evaluate`): Ruby is never executed. Constants are looked up the
way the Game class sees them: its own, then the modules it includes (its Map, Entities, Meta or
another game's), then its superclass (`class Game < G1817::Game`) and so on. A constant that
cannot be evaluated is reported with file:line and left out; the rest imports.
"""

from gallery.ruby.importer import (
    RubyCheckout,
    folder_diagnostic,
    import_18xx,
    import_18xx_checkout,
    import_all_18xx,
    list_18xx_games,
)

__all__ = [
    "RubyCheckout",
    "folder_diagnostic",
    "import_18xx",
    "import_18xx_checkout",
    "import_all_18xx",
    "list_18xx_games",
]
