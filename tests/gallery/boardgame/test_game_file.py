"""Game folders: game.yaml, the board and its decks loaded and checked against each other."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from gallery.boardgame.board_file import scan_board
from gallery.boardgame.game_file import (
    board_game_folders,
    is_board_game_folder,
    load_board_game,
    read_board_game,
)
from gallery.boardgame.pages import board_game_page
from gallery.errors import GameLoadError
from gallery.textfile import read_text_file

ROOT = Path(__file__).resolve().parents[3]
MADRID = ROOT / "games" / "madrid"


def copy_madrid(tmp_path: Path) -> Path:
    folder = tmp_path / "madrid"
    shutil.copytree(MADRID, folder)
    return folder


def test_load_madrid() -> None:
    game = load_board_game(MADRID)
    assert (game.id, game.title) == ("madrid", "Madrid")
    assert game.description.startswith("A Monopoly-style board of Madrid")
    assert len(game.board) == 40
    assert [d.name for d in game.decks] == ["suerte", "caja"]
    deck = game.deck("caja")
    assert deck is not None and len(deck.cards) == 16
    assert game.deck("nope") is None


def test_folders() -> None:
    assert is_board_game_folder(MADRID)
    assert MADRID in board_game_folders(ROOT / "games")
    assert board_game_folders(ROOT / "no-such-dir") == []


def test_one_file_for_two_decks(tmp_path: Path) -> None:
    folder = copy_madrid(tmp_path)
    text = (folder / "game.yaml").read_text("utf-8").replace("caja: caja.tjt", "caja: suerte.tjt")
    (folder / "game.yaml").write_text(text, "utf-8")
    game = load_board_game(folder)
    suerte, caja = game.deck("suerte"), game.deck("caja")
    assert suerte is not None and caja is not None
    assert caja.name == "caja" and caja.cards == suerte.cards


def write_yaml(folder: Path, text: str) -> None:
    (folder / "game.yaml").write_text(text, "utf-8")


@pytest.mark.parametrize(
    ("text", "line", "field", "fragment"),
    [
        ("title: T\nboard: madrid.tab\n", 1, "id", "missing"),
        ("id: m\nboard: madrid.tab\n", 1, "title", "missing"),
        ("id: m\ntitle: T\n", 1, "board", "missing"),
        ("id: m\ntitle: T\nboard: madrid.tab\ndeck: {}\n", 4, "deck", "did you mean 'decks'?"),
        ("id: m\ntitle: T\nboard: ../madrid.tab\n", 3, "board", "inside the game folder"),
        ("id: m\ntitle: T\nboard: /etc/passwd\n", 3, "board", "inside the game folder"),
        ("id: m\ntitle: T\nboard: nada.tab\n", 3, "board", "does not exist"),
        ("id: m\ntitle: T\nboard: [madrid.tab]\n", 3, "board", "single text value"),
        ("id: 'a b'\ntitle: T\nboard: madrid.tab\n", 1, "id", "use letters"),
        ("id: m\nid: n\ntitle: T\nboard: madrid.tab\n", 2, "id", "duplicate key"),
        ("id: m\ntitle: T\nboard: madrid.tab\ndecks: [a]\n", 4, "decks", "deck name: file.tjt"),
        (
            "id: m\ntitle: T\nboard: madrid.tab\ndecks: {'a b': x.tjt}\n",
            4,
            "decks.a b",
            "a deck name is",
        ),
        ("id: m\ntitle: [T\n", 3, "", "not valid YAML"),
        ("- a\n- b\n", 1, "", "expected key: value lines"),
    ],
)
def test_game_yaml_errors(tmp_path: Path, text: str, line: int, field: str, fragment: str) -> None:
    folder = copy_madrid(tmp_path)
    write_yaml(folder, text)
    game, diags = read_board_game(folder)
    # as with 18xx games, a game with errors is still shown when it has a valid id and a
    # board that reads; the errors (build warnings) say what is wrong
    readable = text.startswith("id: m\n") and "board: madrid.tab" in text
    assert (game is not None) == readable
    match = [d for d in diags if d.field == field and d.severity == "error"]
    assert match, diags
    assert match[0].file == str(folder / "game.yaml") and match[0].line == line
    assert fragment in match[0].message


def test_errors_of_every_file_at_once(tmp_path: Path) -> None:
    folder = copy_madrid(tmp_path)
    write_yaml(
        folder, "id: madrid\ntitle: Madrid\nboard: madrid.tab\ndecks:\n  suerte: suerte.tjt\n"
    )
    tab = (
        (folder / "madrid.tab").read_text("utf-8").replace("| 400 | 200 | 50 |", "| 400 | x | 50 |")
    )
    (folder / "madrid.tab").write_text(tab, "utf-8")
    tjt = (folder / "suerte.tjt").read_text("utf-8").replace("avanzarA 39", "avanzarA 40")
    (folder / "suerte.tjt").write_text(tjt, "utf-8")
    with pytest.raises(GameLoadError) as info:
        load_board_game(folder)
    found = [(Path(d.file).name, d.line, d.field) for d in info.value.diagnostics]
    caja_lines = [
        i
        for i, line in enumerate(tab.splitlines(), 1)
        if line.startswith("tarjeta") and line.rstrip(" |").endswith("caja")
    ]
    assert found == [
        *(("madrid.tab", n, "tarjeta.mazo") for n in caja_lines),
        ("madrid.tab", 52, "calle.hipoteca"),
        ("suerte.tjt", 16, "avanzarA"),
    ]
    assert "deck 'caja' is not loaded (loaded: suerte)" in str(info.value)
    assert "avanzarA 40 is beyond the board" in str(info.value)


def test_windows_1252_files_are_read_with_a_warning(tmp_path: Path) -> None:
    folder = copy_madrid(tmp_path)
    tab = (folder / "madrid.tab").read_text("utf-8")
    (folder / "madrid.tab").write_bytes(tab.encode("cp1252"))
    game, diags = read_board_game(folder)
    assert game is not None and game.board.squares[10].name == "Cárcel"
    assert [(Path(d.file).name, d.severity) for d in diags] == [("madrid.tab", "warning")]
    assert "Windows-1252" in diags[0].message


def test_a_broken_game_yaml_does_not_cascade_into_the_board(tmp_path: Path) -> None:
    folder = copy_madrid(tmp_path)
    write_yaml(
        folder, "id: madrid\ntitle: Madrid\nboard: madrid.tab\ndeck:\n  suerte: suerte.tjt\n"
    )
    _, diags = read_board_game(folder)
    assert [(Path(d.file).name, d.line, d.field) for d in diags] == [("game.yaml", 4, "deck")]


def test_utf8_board_with_one_stray_windows_1252_byte_is_not_reread_as_windows_1252(
    tmp_path: Path,
) -> None:
    """One pasted Windows-1252 byte must not turn every correct accented name into mojibake:
    the byte is an error at its exact place, the rest of the file is read as UTF-8."""
    folder = copy_madrid(tmp_path)
    tab = (folder / "madrid.tab").read_bytes()
    line = tab.split(b"\n").index(next(x for x in tab.split(b"\n") if b"Ronda de Valencia" in x))
    stray = tab.replace(b"Ronda de Valencia", b"Ronda de Val\xe9ncia", 1)
    (folder / "madrid.tab").write_bytes(stray)
    game, diags = read_board_game(folder)
    [err] = [d for d in diags if d.severity == "error"]
    offset = stray.index(b"\xe9")
    column = offset - stray.rindex(b"\n", 0, offset)
    assert (Path(err.file).name, err.line, err.column) == ("madrid.tab", line + 1, column)
    assert f"byte 0xE9 at offset {offset} is not UTF-8" in err.message
    assert "'é'" in err.message
    # the game is shown, the undecodable byte a visible replacement mark, never silently:
    # the error at file:line:col fails a strict build
    assert game is not None and game.board.squares[1].name == "Ronda de Val\ufffdncia"
    text, _ = read_text_file(folder / "madrid.tab")
    names = scan_board(text or "", "madrid.tab").facts.names.values()
    assert "Cárcel" in names and not any("Ã" in n for n in names)


def test_utf16_board_and_deck_with_a_bom_are_detected(tmp_path: Path) -> None:
    folder = copy_madrid(tmp_path)
    for name, codec in (("madrid.tab", "utf-16-le"), ("suerte.tjt", "utf-16-be")):
        text = (folder / name).read_text("utf-8")
        (folder / name).write_bytes(("\ufeff" + text).encode(codec))
    game, diags = read_board_game(folder)
    assert game is not None and not diags
    assert game.board.squares[10].name == "Cárcel"


def test_board_game_yaml_600_deep_is_an_error_not_recursion(tmp_path: Path) -> None:
    folder = copy_madrid(tmp_path)
    write_yaml(folder, "id: madrid\ntitle: " + "[" * 600 + "]" * 600 + "\nboard: madrid.tab\n")
    game, diags = read_board_game(folder)
    assert game is None
    assert [(Path(d.file).name, d.line, d.severity) for d in diags] == [("game.yaml", 2, "error")]
    assert "nested more than" in diags[0].message


_pieces = st.sampled_from(
    ["[", "]", "{", "}", ";", "|", "=", "numero", "número", "pagar", "avanzarA", "cobrarSalida",
     "-", "0", "1", "99999999999999", "-" + "9" * 40, "\n", " ", "#", "calle", "salida",
     "tarjeta", "suerte", "Cárcel", "\x01", "\ud800", "[x](javascript:alert(1))", "<b>", "é"]
)  # fmt: skip
_mutated_text = st.lists(_pieces, max_size=60).map("".join)


@settings(max_examples=max(20, settings.default.max_examples // 4), deadline=None)
@given(
    _mutated_text,
    _mutated_text,
    st.sampled_from(["utf-8", "utf-16", "cp1252"]),
    st.sampled_from(["Madrid", "[t](javascript:x)", "a: b", "x\x01", "[[[[[[[[", "{a: 1}"]),
)
def test_fuzz_mutated_board_game_folders_give_diagnostics_or_escaped_pages(
    tmp_path_factory: pytest.TempPathFactory, board: str, deck: str, codec: str, title: str
) -> None:
    """Random `.tab`/`.tjt` text in any encoding and a hostile game.yaml title: every problem
    is a diagnostic with the file's name; a game that loads gives a page that is valid UTF-8
    with one title in its front matter. No exception of any other type."""
    folder = tmp_path_factory.mktemp("bg")
    (folder / "game.yaml").write_text(
        f"id: g\ntitle: {json.dumps(title)}\nboard: b.tab\ndecks:\n  suerte: s.tjt\n", "utf-8"
    )
    good = (MADRID / "madrid.tab").read_text("utf-8")
    for name, text in (("b.tab", good + board), ("s.tjt", deck)):
        (folder / name).write_bytes(text.encode(codec, errors="replace"))
    game, diags = read_board_game(folder)
    assert all(Path(d.file).parent == folder for d in diags)
    if game is not None:
        page = board_game_page(game)
        page.encode("utf-8")
        assert list(yaml.safe_load(page.split("---\n")[1])) == ["title"]


def test_a_game_with_a_bad_square_and_a_bad_card_is_kept_with_the_rest(tmp_path: Path) -> None:
    """#21: board games with errors are not dropped whole; what reads is shown and each
    error names its file and line."""
    folder = copy_madrid(tmp_path)
    tab = (folder / "madrid.tab").read_text("utf-8")
    (folder / "madrid.tab").write_text(tab.replace("| 400 | 200 | 50 |", "| 400 | x | 50 |"))
    tjt = (folder / "suerte.tjt").read_text("utf-8").replace("avanzarA 39", "avanzarA 40")
    (folder / "suerte.tjt").write_text(tjt, "utf-8")
    complete, _ = read_board_game(copy_madrid(tmp_path / "good"))
    game, diags = read_board_game(folder)
    assert complete is not None and game is not None
    assert len(game.board.squares) == len(complete.board.squares) - 1
    suerte, good_suerte = game.deck("suerte"), complete.deck("suerte")
    assert suerte is not None and good_suerte is not None
    assert len(suerte.cards) == len(good_suerte.cards) - 1
    errors = {(Path(d.file).name, d.line) for d in diags if d.severity == "error"}
    assert ("madrid.tab", 52) in errors and ("suerte.tjt", 16) in errors
    with pytest.raises(GameLoadError):
        load_board_game(folder)  # the strict loader still refuses it
