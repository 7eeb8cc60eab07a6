"""`check_board_files`: what `tile-atlas check x.tab y.tjt` reports."""

from __future__ import annotations

from pathlib import Path

from gallery.boardgame.check import check_board_files

ROOT = Path(__file__).resolve().parents[3]
MADRID = ROOT / "games" / "madrid"


def test_madrid_is_clean() -> None:
    files = [MADRID / "madrid.tab", MADRID / "suerte.tjt", MADRID / "caja.tjt"]
    assert check_board_files(files) == []
    assert check_board_files([str(f) for f in files]) == []


def test_a_board_alone_does_not_check_decks() -> None:
    assert check_board_files([MADRID / "madrid.tab"]) == []


def test_decks_given_are_the_loaded_decks() -> None:
    found = check_board_files([MADRID / "madrid.tab", MADRID / "suerte.tjt"])
    assert [(Path(d.file).name, d.field) for d in found] == [("madrid.tab", "tarjeta.mazo")] * 3
    assert all("deck 'caja' is not loaded (loaded: suerte)" in d.message for d in found)


def test_a_deck_alone_cannot_know_the_board_size(tmp_path: Path) -> None:
    deck = tmp_path / "suerte.tjt"
    deck.write_text("[far] numero=0 {avanzarA 99};\n", "utf-8")
    assert check_board_files([deck]) == []
    found = check_board_files([MADRID / "madrid.tab", deck])
    [err] = [d for d in found if d.file == str(deck)]
    assert (err.file, err.line, err.column, err.field) == (str(deck), 1, 17, "avanzarA")
    assert "beyond the board" in err.message
    assert str(err) == f"{deck}:1:17: error: avanzarA: {err.message}"


def test_bad_paths(tmp_path: Path) -> None:
    other = tmp_path / "notes.txt"
    other.write_text("x", "utf-8")
    found = check_board_files([other, tmp_path / "missing.tab"])
    assert [(Path(d.file).name, d.severity) for d in found] == [
        ("notes.txt", "error"),
        ("missing.tab", "error"),
    ]
    assert "expected .tab" in found[0].message and "cannot read" in found[1].message


def test_results_are_in_file_order_then_line_order(tmp_path: Path) -> None:
    tab = tmp_path / "b.tab"
    tab.write_text("parking | 0 | A | A\ncalle | 1 | x\nparking | 3 | B | B\n", "utf-8")
    deck = tmp_path / "d.tjt"
    deck.write_text("[x] numero=0 {pagar uno};\n", "utf-8")
    found = check_board_files([deck, tab])
    assert [(Path(d.file).name, d.line) for d in found] == [
        ("d.tjt", 1),
        ("b.tab", 0),
        ("b.tab", 2),
        ("b.tab", 3),
    ]


def test_check_a_whole_game_folder(tmp_path: Path) -> None:
    from gallery.boardgame.check import check_board_game

    assert check_board_game(MADRID) == [] and check_board_game(MADRID / "game.yaml") == []
    (tmp_path / "game.yaml").write_text("id: x\ntitle: X\nboard: b.tab\n", "utf-8")
    [err] = check_board_game(tmp_path / "game.yaml")
    assert (err.line, err.field) == (3, "board") and "does not exist" in err.message
