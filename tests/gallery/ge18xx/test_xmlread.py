"""The expat reader: line and column numbers, malformed input, and no entity tricks."""

from __future__ import annotations

from pathlib import Path

import pytest

from gallery.ge18xx.xmlread import XmlReadError, parse_xml, read_xml


def test_lines_and_columns_are_kept() -> None:
    root = parse_xml(b'<?xml version="1.0"?>\n<A>\n  <B x="1">\n\t<C/></B>\n</A>\n', "f.xml")
    b = root.find("B")
    assert root.tag == "A" and root.line == 2 and root.column == 1
    assert b is not None and (b.line, b.column, b.get("x")) == (3, 3, "1")
    c = b.find("C")
    assert c is not None and (c.line, c.column) == (4, 2)


def test_malformed_xml_names_the_line() -> None:
    with pytest.raises(XmlReadError) as info:
        parse_xml(b"<A>\n<B>\n</A>\n", "bad.xml")
    assert info.value.line == 3 and str(info.value).startswith("bad.xml:3: ")


def test_entity_declarations_are_refused() -> None:
    laughs = (
        b'<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
        b' <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n]>\n'
        b"<lolz>&lol2;</lolz>\n"
    )
    with pytest.raises(XmlReadError, match="entity declarations are not allowed"):
        parse_xml(laughs, "laughs.xml")


def test_external_entities_are_never_fetched(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET", encoding="utf-8")
    external = f'<!DOCTYPE x [<!ENTITY e SYSTEM "{secret.as_uri()}">]><x a="1">&e;</x>'
    with pytest.raises(XmlReadError):
        parse_xml(external.encode(), "ext.xml")
    # an external DTD is not loaded either: the document reads as if it had none
    dtd = tmp_path / "x.dtd"
    dtd.write_text('<!ATTLIST x a CDATA "from-dtd">', encoding="utf-8")
    root = parse_xml(f'<!DOCTYPE x SYSTEM "{dtd.as_uri()}"><x/>'.encode(), "dtd.xml")
    assert root.get("a") is None


def test_bare_doctype_as_in_1830_plus_is_fine(tmp_path: Path) -> None:
    path = tmp_path / "m.xml"
    path.write_bytes(b'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE xml>\n<Map rows="1"/>\n')
    assert read_xml(path).get("rows") == "1"
