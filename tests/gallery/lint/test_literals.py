"""Ruby string values and their source maps: each character knows its byte in the file."""

from __future__ import annotations

from gallery.lint.literals import Literal, iter_literals
from gallery.ruby.source import parser


def _literals(source: str) -> list[Literal]:
    return list(iter_literals(parser().parse(source.encode()).root_node))


def _where(source: str, literal: Literal) -> str:
    """The source text each value character came from (first byte of each)."""
    data = source.encode()
    return "".join(chr(data[o]) for o in literal.offsets)


def test_single_quotes_keep_backslashes_except_before_quote_and_backslash() -> None:
    source = r"X = 'a\;b\'c\\d'"
    (literal,) = _literals(source)
    assert literal.value == "a\\;b'c\\d"
    assert _where(source, literal) == "a\\;b\\c\\d"  # `\'` and `\\` map to their backslash
    assert literal.offsets[literal.value.index("d")] == source.index("d")


def test_double_quote_escapes_and_adjacent_literals_over_lines() -> None:
    source = 'X = "a\\tb\\u00e9" \\\n    "c;d"'
    (literal,) = _literals(source)
    assert literal.value == "a\tbéc;d"
    assert literal.offsets[literal.value.index("é")] == source.index("\\u00e9")
    assert literal.offsets[literal.value.index("c")] == source.index("c;d")
    assert literal.end == source.index('d"') + 1


def test_interpolation_marks_the_literal_as_run_time() -> None:
    (literal,) = [x for x in _literals('X = "city=revenue:#{R}"') if x.runtime]
    assert literal.start == 4


def test_percent_w_words_are_separate_literals_with_their_own_offsets() -> None:
    source = "K = %w[A1 B2]"
    words = _literals(source)
    assert [w.value for w in words] == ["A1", "B2"]
    assert [w.offsets[0] for w in words] == [source.index("A1"), source.index("B2")]


def test_squiggly_heredoc_is_dedented_and_mapped_line_by_line() -> None:
    source = "X = <<~T\n    path=a:0;\n      b\n  T\n"
    (literal,) = _literals(source)
    assert literal.value == "path=a:0;\n  b\n"
    assert literal.offsets[0] == source.index("path")
    assert literal.offsets[literal.value.index("b")] == source.index("b\n")


def test_trimmed_follows_ruby_chomp_and_strip() -> None:
    source = "X = <<~T\n  path=a:0,b:1\nT\n"
    (literal,) = _literals(source)
    chomped = literal.trimmed("chomp")
    assert chomped.value == "path=a:0,b:1"
    assert chomped.end == source.index("\nT")
    (padded,) = _literals("X = '  a  '")
    assert padded.trimmed("strip").value == "a"
    assert padded.trimmed("lstrip").value == "a  "


def test_an_escape_that_is_no_character_does_not_crash() -> None:
    source = 'X = "city=revenue:20;label=\\u{110000}\\uD800"'
    (literal,) = _literals(source)
    assert literal.value == "city=revenue:20;label=\ufffd\ufffd"
