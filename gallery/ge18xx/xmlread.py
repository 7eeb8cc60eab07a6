"""Reading GE18XX XML with line numbers, safely.

ElementTree does not keep line numbers, and warnings must name file:line; so a tree builder
records expat's current line for every element. The standard expat parser does not fetch
external entities or DTDs, and its entity-expansion limits stop "billion laughs" input.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from xml.parsers import expat


@dataclass
class XmlNode:
    """An element: tag, attributes, children, and the line it starts on."""

    tag: str
    attrs: dict[str, str]
    line: int
    children: list[XmlNode] = field(default_factory=list)

    def get(self, name: str, default: str | None = None) -> str | None:
        return self.attrs.get(name, default)

    def iter(self, tag: str) -> list[XmlNode]:
        out = []
        for child in self.children:
            if child.tag == tag:
                out.append(child)
            out.extend(child.iter(tag))
        return out

    def find(self, tag: str) -> XmlNode | None:
        return next((c for c in self.children if c.tag == tag), None)


def read_xml(path: Path) -> XmlNode:
    """Parse a file with expat; xml.etree.ElementTree.ParseError (with line) when malformed."""
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[XmlNode] = []
    roots: list[XmlNode] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        node = XmlNode(tag, dict(attrs), parser.CurrentLineNumber)
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(path.read_bytes(), True)
    except expat.ExpatError as exc:
        raise ET.ParseError(f"{path}:{exc.lineno}: {expat.errors.messages[exc.code]}") from None
    if not roots:
        raise ET.ParseError(f"{path}: no root element")
    return roots[0]
