"""`tile-atlas lint`: every tile string of an 18xx.games checkout, checked where it is written.

The Ruby files are read with tree-sitter (never executed); `literals` turns each string literal
into its value plus a source map, `classify` decides which strings are tile code, `scan` checks
them with `tile_lang.check` and places each diagnostic at the Ruby line and column of the
offending character, `runner` filters by code and sets the exit status, `formats` prints.
"""

from gallery.lint.files import select_files
from gallery.lint.runner import LintResult, lint_files
from gallery.lint.scan import lint_source

__all__ = ["LintResult", "lint_files", "lint_source", "select_files"]
