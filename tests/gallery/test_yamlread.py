"""Bounded YAML composition: deep nesting and alias bombs are errors with a position, never a
segfault, a RecursionError or a stall."""

from __future__ import annotations

from pathlib import Path

import pytest

from gallery.native import read_game
from gallery.yamlread import MAX_DEPTH, MAX_NODES, compose_game_yaml


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 600, 30_000])
def test_game_yaml_nested_deep_is_an_error_with_line_not_a_crash(
    tmp_path: Path, depth: int
) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text(f"id: deep\ntitle: Deep\ntiles:\n  x: {'[' * depth}{']' * depth}\n", "utf-8")
    game, found = read_game(path)
    [err] = found
    assert game is None and (err.line, err.severity) == (4, "error")
    assert f"nested more than {MAX_DEPTH} levels deep" in err.message


def test_block_nesting_is_bounded_too() -> None:
    text = "".join(" " * i + f"k{i}:\n" for i in range(200)) + " " * 200 + "v\n"
    [err] = compose_game_yaml(text, "g.yaml").diagnostics
    assert err.line == MAX_DEPTH + 1 and "nested more than" in err.message


def test_nesting_within_the_bound_composes() -> None:
    depth = MAX_DEPTH - 1
    composed = compose_game_yaml("a: " + "[" * depth + "]" * depth, "g.yaml")
    assert composed.root is not None and not composed.diagnostics


def test_alias_bomb_is_refused_by_expanded_size() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}]" for i in range(1, 20)]
    [err] = compose_game_yaml("\n".join(lines) + "\n", "g.yaml").diagnostics
    assert f"more than {MAX_NODES:,} values" in err.message and err.line > 1


def test_syntax_errors_keep_their_position() -> None:
    [err] = compose_game_yaml("id: x\ntitle: [T\n", "g.yaml").diagnostics
    assert err.file == "g.yaml" and err.line == 3 and "not valid YAML" in err.message


def test_libyaml_nesting_refusal_reads_as_ours(monkeypatch: pytest.MonkeyPatch) -> None:
    """libyaml builds with a nesting limit refuse in their scanner, ahead of the counted events."""
    import yaml

    def refuse(text: str, Loader: object) -> object:
        mark = yaml.Mark("g.yaml", 0, 3, 1003, None, None)
        raise yaml.scanner.ScannerError(None, None, "exceeded maximum nesting depth", mark)

    monkeypatch.setattr(yaml, "parse", refuse)
    [err] = compose_game_yaml("x: [[[]]]\n", "g.yaml").diagnostics
    assert (err.line, err.column) == (4, 1004)
    assert err.message.startswith(f"nested more than {MAX_DEPTH} levels deep")
