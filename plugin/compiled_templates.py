"""Compiled theme templates kept across `mkdocs serve` rebuilds.

MkDocs makes a new Jinja environment for every build, so each rebuild compiles the theme's
templates again (mkdocs-material's base, partials, 404 and sitemap: about half a second of a
warm rebuild on the project's machine). Jinja's bytecode cache is the documented way to keep
compiled templates between environments: this one holds the code objects in memory, keyed by
template and checked against a digest of the source, so an edited template (a site's
`custom_dir` override) is compiled anew. The plugin owns one and gives it to each build's
environment (`on_env`).
"""

from __future__ import annotations

from types import CodeType

from jinja2.bccache import Bucket, BytecodeCache


class CompiledTemplates(BytecodeCache):
    """Compiled templates in memory, for the life of the plugin (one `mkdocs serve`)."""

    def __init__(self) -> None:
        self._code: dict[str, tuple[str, CodeType]] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        found = self._code.get(bucket.key)
        if found is not None and found[0] == bucket.checksum:
            bucket.code = found[1]

    def dump_bytecode(self, bucket: Bucket) -> None:
        if bucket.code is not None:
            self._code[bucket.key] = (bucket.checksum, bucket.code)

    def clear(self) -> None:
        self._code.clear()

    def __len__(self) -> int:
        return len(self._code)
