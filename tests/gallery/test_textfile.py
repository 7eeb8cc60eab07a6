"""The one text decoder every game source uses: BOMs, UTF-8 with stray bytes, legacy files."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gallery.textfile import MAX_REPORTED, decode_text, read_text_file

TEXT = "salida | 0 | Salida\ncarcel | 10 | Cárcel | Cárcel\ncalle | 1 | Gran Vía\n"


@pytest.mark.parametrize("codec", ["utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"])
def test_a_byte_order_mark_decides_the_encoding(codec: str) -> None:
    decoded = decode_text(("\ufeff" + TEXT).encode(codec), "b.tab", legacy="cp1252")
    assert (decoded.text, decoded.encoding, decoded.diagnostics) == (TEXT, codec, ())


def test_utf8_with_one_stray_windows_1252_byte_keeps_the_rest_utf8() -> None:
    data = TEXT.encode("utf-8").replace(b"Gran V", b"Gran \xe9V")
    decoded = decode_text(data, "b.tab", legacy="cp1252")
    assert decoded.encoding == "utf-8"
    assert "Cárcel" in decoded.text and "Gran \ufffdV" in decoded.text
    [err] = decoded.diagnostics
    assert (err.file, err.line, err.column, err.severity) == ("b.tab", 3, 18, "error")
    offset = data.index(b"\xe9")
    assert err.message.startswith(f"byte 0xE9 at offset {offset} is not UTF-8")
    assert "in Windows-1252 it would be 'é'" in err.message


def test_a_wholly_windows_1252_file_is_read_as_legacy_with_a_warning() -> None:
    decoded = decode_text(TEXT.encode("cp1252"), "b.tab", legacy="cp1252")
    assert decoded.text == TEXT and decoded.encoding == "cp1252"
    [warning] = decoded.diagnostics
    assert (warning.severity, warning.line, warning.column) == ("warning", 2, 16)
    assert "read as Windows-1252" in warning.message


def test_without_a_legacy_encoding_latin1_is_an_error_per_byte_with_position() -> None:
    decoded = decode_text(TEXT.encode("latin-1"), "list.txt")
    assert [(d.line, d.column, d.severity) for d in decoded.diagnostics] == [
        (2, 16, "error"),
        (2, 25, "error"),
        (3, 19, "error"),
    ]


def test_bytes_windows_1252_does_not_define_are_errors() -> None:
    decoded = decode_text(b"caf\xe9 \x81", "b.tab", legacy="cp1252")
    assert [d.severity for d in decoded.diagnostics] == ["warning", "error"]
    assert "byte 0x81 at offset 5 is not Windows-1252" in decoded.diagnostics[1].message


def test_truncated_utf16_is_an_error_at_the_end() -> None:
    data = ("\ufeffab\ncd").encode("utf-16-le") + b"x"
    decoded = decode_text(data, "f")
    [err] = decoded.diagnostics
    assert (err.line, err.column) == (2, 3) and "not UTF-16 LE" in err.message


def test_a_binary_file_reports_a_bounded_number_of_errors() -> None:
    decoded = decode_text(bytes(range(128, 256)) * 1000, "f")
    assert len(decoded.diagnostics) == MAX_REPORTED + 1
    assert "more undecodable bytes" in decoded.diagnostics[-1].message


def test_an_unreadable_file_is_an_error_not_an_exception(tmp_path: Path) -> None:
    text, [err] = read_text_file(tmp_path / "missing.tab")
    assert text is None and err.severity == "error" and "cannot read the file" in err.message


@given(st.binary(max_size=300), st.sampled_from([None, "cp1252"]))
def test_fuzz_any_bytes_decode_with_diagnostics_never_an_exception(
    data: bytes, legacy: str | None
) -> None:
    decoded = decode_text(data, "f", legacy=legacy)
    bad = [d for d in decoded.diagnostics if d.severity == "error"]
    if not bad and decoded.encoding == "utf-8" and not data.startswith(b"\xef\xbb\xbf"):
        assert decoded.text == data.decode("utf-8")
    for d in decoded.diagnostics:
        assert d.line >= 1 and d.column >= 1
