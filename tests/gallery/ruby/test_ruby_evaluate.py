"""The static evaluator of Ruby literals: what it understands, and that it refuses the rest."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gallery.ruby.evaluate import CannotEvaluate, Evaluator, Symbol
from gallery.ruby.source import RubyModule, parse_file

CONSTANTS: dict[str, Any] = {"TOWN": "town=revenue:10", "G1::Map::TILES": {"1": 1, "2": 2}}


def evaluate(tmp_path: Any, expression: str, constants: dict[str, Any] | None = None) -> Any:
    """Evaluate `X = <expression>` written inside a module, as the importer does."""
    path = tmp_path / "map.rb"
    path.write_text(f"module M\n  X = {expression}\nend\n", encoding="utf-8")
    modules: dict[str, RubyModule] = {}
    ruby_file = parse_file(path, modules)
    known = CONSTANTS if constants is None else constants

    def resolve(text: str, line: int) -> Any:
        if text not in known:
            raise CannotEvaluate(f"the constant {text}", line)
        return known[text]

    constant = modules["M"].constants["X"]
    return Evaluator(resolve, ruby_file.heredocs).eval(constant.node)


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("'city=revenue:0'", "city=revenue:0"),
        ("'O\\'Hare'", "O'Hare"),
        ("'a\\\\b'", "a\\b"),
        ("'no \\n escape'", "no \\n escape"),
        ('"tab\\tand \\u00e9"', "tab\tand é"),
        ('"#{TOWN};path=a:0,b:_0"', "town=revenue:10;path=a:0,b:_0"),
        ("'city=revenue:0;'\\\n      'path=a:0,b:_0'", "city=revenue:0;path=a:0,b:_0"),
        ("'a' 'b' \"c\"", "abc"),
        ("'a;' + 'b' + TOWN", "a;btown=revenue:10"),
        ("%q(single 'quoted')", "single 'quoted'"),
        ("%w[A1 B2 C3]", ["A1", "B2", "C3"]),
        ("%i[white gray]", ["white", "gray"]),
        (":pointy", "pointy"),
        ('%w[a b].freeze + ["c"]', ["a", "b", "c"]),
        ("1_000", 1000),
        ("0x1f", 31),
        ("-5", -5),
        ("2.5", 2.5),
        ("[true, false, nil]", [True, False, None]),
        ("{ x: :number, 'y' => :letter, \"z\": 1 }", {"x": "number", "y": "letter", "z": 1}),
        ("{ %w[A1 B2] => 'city', ['C3'] => '' }", {("A1", "B2"): "city", ("C3",): ""}),
        ("{ 'a' => 1 }.merge('b' => 2).freeze", {"a": 1, "b": 2}),
        ("{ 'a' => 1 }.merge({ 'a' => 3 }, { 'c' => 4 })", {"a": 3, "c": 4}),
        ("{ 'a' => 1, **{ 'b' => 2 } }", {"a": 1, "b": 2}),
        ("[*%w[a b], 'c'].dup", ["a", "b", "c"]),
        ("{ 'a' => 1 }['a']", 1),
        ("G1::Map::TILES.reject { |k, _v| %w[1].include?(k) }", {"2": 2}),
        ("G1::Map::TILES.select { |k, v| k == '1' || v > 5 }", {"1": 1}),
        ("%w[a bb c].reject { |w| w.start_with?('b') }", ["a", "c"]),
        ("%w[a b c].select do |w|\n    !(w == 'b')\n  end", ["a", "c"]),
    ],
)
def test_literals(tmp_path: Any, expression: str, expected: Any) -> None:
    assert evaluate(tmp_path, expression) == expected


def test_symbols_are_strings_as_in_the_browser(tmp_path: Any) -> None:
    value = evaluate(tmp_path, "{ white: 1 }")
    assert value["white"] == 1 and isinstance(next(iter(value)), Symbol)


def test_squiggly_heredoc_is_dedented_and_interpolated(tmp_path: Any) -> None:
    text = "<<~CODE\n    city=revenue:0;\n      #{TOWN}\n  CODE"
    assert evaluate(tmp_path, text) == "city=revenue:0;\n  town=revenue:10\n"


def test_dash_heredoc_keeps_indentation(tmp_path: Any) -> None:
    assert evaluate(tmp_path, "<<-CODE.strip\n    a\n  CODE") == "a"


@pytest.mark.parametrize(
    ("expression", "what"),
    [
        ("compute_layout", "the method or variable `compute_layout`"),
        ("build(1)", "a call of the method `build`"),
        ("UNKNOWN", "the constant UNKNOWN"),
        ("G1::Map.merge_hexes(TOWN)", "`G1::Map.merge_hexes`"),
        ("%w[a].map { |w| w * 2 }", "the method `map` with a block"),
        ("%w[a].reject { |w| puts(w) }", "a call of the method `puts`"),
        ("TOWN.upcase", "the method `upcase`"),
        ("1 > 2 ? 'a' : 'b'", "a `conditional` expression"),
        ('"#{[1]}"', "an interpolation of a collection"),
    ],
)
def test_everything_else_is_refused_with_its_line(
    tmp_path: Any, expression: str, what: str
) -> None:
    constants = {**CONSTANTS, "G1::Map": None}
    if "merge_hexes" in expression:
        from gallery.ruby.evaluate import ModuleValue

        def module_value(text: str, line: int) -> Any:
            if text == "G1::Map":
                raise ModuleValue("the module G1::Map used as a value", line)
            return constants[text]

        path = tmp_path / "map.rb"
        path.write_text(f"module M\n  X = {expression}\nend\n", encoding="utf-8")
        modules: dict[str, RubyModule] = {}
        parse_file(path, modules)
        with pytest.raises(CannotEvaluate) as info:
            Evaluator(module_value).eval(modules["M"].constants["X"].node)
    else:
        with pytest.raises(CannotEvaluate) as info:
            evaluate(tmp_path, expression)
    assert what in str(info.value)
    assert info.value.line == 2


def test_ruby_file_with_a_stray_byte_reports_its_position_and_still_reads(tmp_path: Any) -> None:
    path = tmp_path / "map.rb"
    # UTF-8 (Zürich) with one Latin-1 byte pasted in (München)
    path.write_bytes("module M\n  X = 'Zürich'\n".encode() + b"  Y = 'M\xfcnchen'\nend\n")
    modules: dict[str, RubyModule] = {}
    ruby_file = parse_file(path, modules)
    [err] = ruby_file.diagnostics
    assert (err.line, err.column) == (3, 9) and "byte 0xFC" in err.message
    x = modules["M"].constants["X"]
    assert Evaluator(lambda t, n: None, ruby_file.heredocs).eval(x.node) == "Zürich"


@pytest.mark.parametrize(
    "escape", ["\\u{110000}", "\\uD800", "\\u{41 dfff}", "\\u{fffffffffffffffffffff}"]
)
def test_escapes_that_are_no_character_cannot_be_evaluated(tmp_path: Any, escape: str) -> None:
    with pytest.raises(CannotEvaluate) as info:
        evaluate(tmp_path, f'"a{escape}b"')
    assert "not a character" in str(info.value) and info.value.line == 2


def test_a_deep_block_predicate_is_bounded(tmp_path: Any) -> None:
    predicate = "!" * 2000 + "k"
    with pytest.raises(CannotEvaluate, match="nested more than"):
        evaluate(tmp_path, f"{{ 'a' => 1 }}.reject {{ |k, _v| {predicate} }}")


_leaves = st.one_of(
    st.integers(-(10**30), 10**30).map(str),
    st.sampled_from(["'x'", '"a\\u{110000}"', '"\\uD800"', '"é\\n"', ":sym", "nil", "true",
                     "1e999", "0x" + "f" * 90, "TOWN", "UNKNOWN", "'#{x}'", '"#{TOWN}"']),
)  # fmt: skip
_expressions = st.recursive(
    _leaves,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4).map(lambda xs: "[" + ", ".join(xs) + "]"),
        st.lists(st.tuples(inner, inner), max_size=3).map(
            lambda kv: "{ " + ", ".join(f"{k} => {v}" for k, v in kv) + " }"
        ),
        st.tuples(inner, st.sampled_from(["+", "*", "-", "==", "<<"]), inner).map(" ".join),
        inner.map(lambda x: f"({x})"),
        inner.map(lambda x: f"{x}.freeze"),
        inner.map(lambda x: f"[*{x}, *{x}]"),
        st.integers(1, 400).map(lambda n: "(" * n + "1" + ")" * n),
    ),
    max_leaves=12,
)


@settings(max_examples=max(20, settings.default.max_examples // 4), deadline=None)
@given(_expressions)
def test_fuzz_random_ruby_expressions_are_values_or_cannot_evaluate(
    tmp_path_factory: pytest.TempPathFactory, expression: str
) -> None:
    """Property: a value, or CannotEvaluate with a line; never RecursionError, MemoryError,
    ValueError or a string that cannot be written as UTF-8."""
    try:
        value = evaluate(tmp_path_factory.mktemp("rb"), expression)
    except CannotEvaluate as exc:
        assert exc.line >= 1
        return
    repr(value).encode("utf-8")
