"""Jinja2 templates for gallery HTML, overridable by a site.

Gallery pages are Markdown with blocks of raw HTML (cards, charts, side-by-side drawings). That
HTML comes from the templates in `gallery/templates/` so a site can restyle or restructure it
without patching Python: a file of the same name in a site folder wins (the plugin passes the
theme's `custom_dir` + `/tile-atlas/`, so `overrides/tile-atlas/conflicts.html.j2` replaces
ours). Autoescaping is on: text from game data is escaped unless a template says otherwise,
and every printed text is made one line.

The environment is owned by one gallery build and passed down (no module-level state).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from gallery.pagetext import one_line

#: Sub-folder of a theme's custom_dir that holds a site's template overrides.
SITE_SUBDIR = "tile-atlas"


class Templates:
    """The gallery's templates: a site's folders first, then the package's own."""

    def __init__(self, site_dirs: Iterable[Path] = (), *, watch: bool = True) -> None:
        """`watch`: whether a template whose file changed is read again (a `mkdocs serve`
        keeps its templates while a site's overrides are edited). Without it a template is
        read once: a gallery worker, which lives for one build, then fills thousands of cards
        without asking the file system about the template each time."""
        loaders: list[jinja2.BaseLoader] = [
            jinja2.FileSystemLoader([str(d) for d in site_dirs if d.is_dir()]),
            jinja2.PackageLoader("gallery", "templates"),
        ]
        self.env = jinja2.Environment(
            loader=jinja2.ChoiceLoader(loaders),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=True,
            finalize=_one_line,
            auto_reload=watch,
        )

    def compile_all(self) -> None:
        """Compile every template now. Why: a build whose pages were made by worker processes
        compiled them there only, and the first page rebuilt here (a game renamed during
        `mkdocs serve`) would otherwise wait for a dozen compilations."""
        for name in self.env.list_templates(extensions=["j2"]):
            self.env.get_template(name)

    def render(self, name: str, **context: Any) -> str:
        """Template `name` (e.g. `conflicts.html.j2`) filled with `context`."""
        return self.env.get_template(name).render(**context)

    def fragment(self, template: str, /, **context: Any) -> Markup:
        """Template `template` rendered as one line of HTML, safe to embed in another template or
        in a Markdown page. Templates are written one element per line for readability; inside
        a Markdown page a line break (or a blank line from an override) could end the HTML
        block, so the line breaks between tags are dropped and any other becomes a space."""
        return Markup(one_line_html(self.env.get_template(template).render(**context)))


def one_line_html(html: str) -> str:
    """`html` on one line: each run of spaces and tabs around line breaks (`\\n` or `\\r\\n`)
    dropped between a tag's `>` and the next `<`, made one space elsewhere; then stripped.

    Line by line rather than by regular expression: a pattern that may start with spaces is
    tried at every space of the text (alt texts are sentences), which made this step as slow
    as filling the template; thousands of cards go through it."""
    if "\n" not in html:
        return html.strip()
    lines = html.split("\n")
    last = len(lines) - 1
    out: list[str] = []
    for i, line in enumerate(lines):
        if i:
            line = line.lstrip(" \t")
        if i < last:
            if line.endswith("\r"):
                line = line[:-1]
            line = line.rstrip(" \t")
        if not line:
            continue  # wholly inside a run of line breaks
        if out:
            out.append("" if out[-1].endswith(">") and line.startswith("<") else " ")
        out.append(line)
    return "".join(out).strip()


def _one_line(value: object) -> object:
    """Every text printed by a template is one line: a line break from game data inside an HTML
    block would let Markdown take over the rest of the block (see `gallery.pagetext`)."""
    if type(value) is str:  # most values: the check `one_line` would make, without a call
        return value if value.isprintable() else one_line(value)
    if isinstance(value, str) and not isinstance(value, Markup):
        return one_line(value)
    return value


def site_template_dirs(custom_dir: str | Path | None) -> tuple[Path, ...]:
    """The override folder inside a theme's `custom_dir`, when the site has one."""
    if not custom_dir:
        return ()
    return (Path(custom_dir) / SITE_SUBDIR,)


def template_state(site_dirs: Iterable[Path]) -> str:
    """A digest of the override folders' files, names and contents (a few small files, so
    read rather than stamped: two saves within a clock tick differ too). Everything a
    template fills is keyed on it, so an override added, edited or deleted is used."""
    digest = hashlib.sha256()
    for folder in site_dirs:
        if not folder.is_dir():
            continue
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            name = path.relative_to(folder).as_posix().encode()
            data = path.read_bytes()
            digest.update(b"%d:%b%d:" % (len(name), name, len(data)))
            digest.update(data)
    return digest.hexdigest()
