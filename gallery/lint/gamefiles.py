"""The files of an 18xx.games checkout as the whole-game checks see them.

One `CheckoutFiles` per run wraps the static Ruby reader (`gallery.ruby.RubyCheckout`, which
parses each file once and looks constants up as Ruby would) and adds what a finding needs: the
name a file goes by in the output, its text (for lines and columns), its inline ignore comments
and its map fragments, each computed once per file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gallery.lint.places import SourceText, Spot, Suppressions, silenced, spot_of
from gallery.lint.rubytree import FileSyntax, Fragment, file_syntax
from gallery.ruby import RubyCheckout
from gallery.ruby.source import RubyFile
from tile_lang import Diagnostic, Tile, TileSyntaxError, parse
from tile_lang.upgrades import ShapeCache


@dataclass
class FileFacts:
    """What the checks need of one parsed file."""

    name: str
    text: SourceText
    suppressions: Suppressions
    syntax: FileSyntax

    @property
    def fragments(self) -> tuple[Fragment, ...]:
        return self.syntax.fragments

    @classmethod
    def nowhere(cls) -> FileFacts:
        """For a finding about a whole game (an info line): no file to read or silence it."""
        return cls("", SourceText.of(b""), {}, FileSyntax((), ()))

    @property
    def folder(self) -> str:
        """The folder the file is in (`g_1889` for a game's file)."""
        return self.name.rpartition("/")[0].rpartition("/")[2]

    def spot(self, node: Any) -> Spot:
        return spot_of(self.name, self.text, node)

    def keeps(self, finding: Diagnostic, spot: Spot) -> bool:
        """False when an inline comment silences `finding` at `spot`."""
        return not silenced(self.suppressions, spot.line - 1, spot.last_line, finding.code)


@dataclass
class CheckoutFiles:
    """The reader of one checkout plus the facts of each file it parsed."""

    root: Path
    # the hash keys whose pairs the checks read (found once per file)
    wanted_keys: frozenset[str] = frozenset()
    ruby: RubyCheckout = field(init=False)
    _facts: dict[str, FileFacts] = field(default_factory=dict)
    _tiles: dict[str, Tile | None] = field(default_factory=dict)
    # upgrade shapes, shared by the games of the run (they repeat most codes)
    shapes: ShapeCache = field(init=False)

    def __post_init__(self) -> None:
        self.ruby = RubyCheckout(self.root)
        self.shapes = ShapeCache(read=self.read)

    def read(self, code: str) -> Tile:
        """`tile_lang.parse`, once per code (raises `TileSyntaxError` like it)."""
        tile = self.tile(code)
        return tile if tile is not None else parse(code)

    def tile(self, code: str) -> Tile | None:
        """The parsed tile of `code` (None when it does not parse), parsed once per run: a
        checkout repeats a few hundred codes over thousands of hexes."""
        if code not in self._tiles:
            try:
                self._tiles[code] = parse(code)
            except TileSyntaxError:
                self._tiles[code] = None
        return self._tiles[code]

    def name(self, path: str) -> str:
        """The file's name relative to the checkout (what editors and GitHub expect)."""
        try:
            return Path(path).resolve().relative_to(self.root.resolve()).as_posix()
        except ValueError:
            return Path(path).as_posix()

    def facts(self, ruby_file: RubyFile) -> FileFacts:
        found = self._facts.get(ruby_file.path)
        if found is None:
            root = ruby_file.tree.root_node
            text = SourceText.of(bytes(root.text))
            syntax = file_syntax(root, self.wanted_keys)
            found = FileFacts(self.name(ruby_file.path), text, text.suppressions(), syntax)
            self._facts[ruby_file.path] = found
        return found
