"""Street colours: names with or without accents, English names, hex values."""

from __future__ import annotations

from gallery.boardgame.colors import color_fill, color_names, text_on


def test_names_and_hex() -> None:
    assert color_fill("marron") == color_fill("Marrón") == color_fill("brown")
    assert color_fill("light blue") == color_fill("celeste")
    assert color_fill("#ABC") == "#aabbcc"
    assert color_fill("#123456") == "#123456"
    assert color_fill("burgundy") is None and color_fill("#12345") is None
    assert "celeste" in color_names()


def test_text_on_contrast() -> None:
    assert text_on("#ffffff") == "#000000"
    assert text_on("#0a5aa8") == "#ffffff"
