"""Reading GE18XX XML safely, keeping the line and column of every element.

ElementTree forgets where an element was, and every warning must name `file:line`; so this is a
small tree builder on top of expat that records `CurrentLineNumber` / `CurrentColumnNumber`
when an element starts.

Safety: expat never fetches anything by itself (no external DTD, no external entities: no
`ExternalEntityRefHandler` is installed and parameter-entity parsing is off). On top of that a
document that *declares* an entity is refused outright, which rules out entity-expansion bombs
("billion laughs") whatever the expat version. GE18XX files never declare entities; the only
DOCTYPE in the wild is a bare `<!DOCTYPE xml>`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from xml.parsers import expat

from gallery.textfile import hidden_diagnostic, hidden_text, read_regular, without_hidden
from tile_lang import Diagnostic

MAX_BYTES = 16 * 1024 * 1024  # the largest real file is 33 kB; refuse absurd input early
MAX_DEPTH = 64


class XmlReadError(ValueError):
    """A file that is not well-formed (or not allowed) XML; `line` is 1-based, 0 when unknown."""

    def __init__(self, file: str, line: int, message: str, column: int = 0) -> None:
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {message}")


@dataclass
class XmlNode:
    """An element: tag, attributes, children, and where it starts (1-based line and column)."""

    tag: str
    attrs: dict[str, str]
    line: int
    column: int = 0
    children: list[XmlNode] = field(default_factory=list)
    #: On the root: each hidden control removed from an attribute (`gallery.textfile.HIDDEN`),
    #: as (line, column, character), for the reader to warn about.
    hidden: list[tuple[int, int, str]] = field(default_factory=list)

    def get(self, name: str, default: str | None = None) -> str | None:
        return self.attrs.get(name, default)

    def elements(self, tag: str) -> Iterator[XmlNode]:
        """Direct children called `tag`, in document order."""
        return (child for child in self.children if child.tag == tag)

    def find(self, tag: str) -> XmlNode | None:
        """The first direct child called `tag`."""
        return next(self.elements(tag), None)


def parse_xml(data: bytes, file: str) -> XmlNode:
    """The root element of `data`; XmlReadError (with the line) when it cannot be read."""
    if len(data) > MAX_BYTES:
        raise XmlReadError(file, 0, f"file larger than {MAX_BYTES // (1024 * 1024)} MB")
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[XmlNode] = []
    roots: list[XmlNode] = []
    hidden: list[tuple[int, int, str]] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        if len(stack) >= MAX_DEPTH:
            raise XmlReadError(file, parser.CurrentLineNumber, "elements nested too deeply")
        line, column = parser.CurrentLineNumber, parser.CurrentColumnNumber + 1
        for value in attrs.values():
            hidden.extend((line, column, char) for _, char in hidden_text(value))
        node = XmlNode(tag, {k: without_hidden(v) for k, v in attrs.items()}, line, column)
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    def entity_declared(name: str, *args: object) -> None:
        raise XmlReadError(
            file, parser.CurrentLineNumber, f"entity declarations are not allowed ({name!r})"
        )

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.EntityDeclHandler = entity_declared
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        message = expat.errors.messages.get(exc.code, str(exc))
        raise XmlReadError(file, exc.lineno, message, exc.offset + 1) from None
    if not roots:  # pragma: no cover - expat reports "no element found" first
        raise XmlReadError(file, 0, "no root element")
    roots[0].hidden = hidden
    return roots[0]


def hidden_diagnostics(root: XmlNode, file: str) -> list[Diagnostic]:
    """A warning for each hidden control removed from the document of `root`."""
    return [hidden_diagnostic(char, file, line, column) for line, column, char in root.hidden]


def read_xml(path: Path, within: Path | None = None) -> XmlNode:
    """Parse a file; XmlReadError when it is malformed, OSError when it cannot be read or is
    not a regular file inside `within` (default: its own folder; see `read_regular`)."""
    return parse_xml(read_regular(path, within), str(path))
