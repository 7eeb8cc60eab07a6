"""Fitting names into squares: wrapping, shrinking, short names, ellipsis."""

from __future__ import annotations

from gallery.boardgame.textfit import fit, fit_or_cut, text_width, wrap


def test_wrap_and_width() -> None:
    assert text_width("MM", 10) > text_width("ii", 10)
    assert text_width("Gran Vía", 10, bold=True) > text_width("Gran Vía", 10)
    assert wrap("Paseo del Prado", 10, 60) == ["Paseo del", "Prado"]
    assert wrap("Supercalifragilistic", 10, 30) is None


def test_fit_shrinks_until_it_fits() -> None:
    fitted = fit("Avenida de los Reyes Católicos", 70, 30, max_size=11, min_size=6)
    assert fitted is not None and fitted.size < 11 and fitted.height <= 30
    assert all(text_width(line, fitted.size, True) <= 70 for line in fitted.lines)


def test_fit_or_cut_prefers_the_name_then_the_short_name_then_cuts() -> None:
    assert fit_or_cut(["Gran Vía", "GV"], 70, 30, max_size=11, min_size=7).lines == ("Gran Vía",)
    long = "Ayuntamientodelaciudaddemadrid"
    assert fit_or_cut([long, "Ayto."], 60, 30, max_size=11, min_size=7).lines == ("Ayto.",)
    cut = fit_or_cut([long, long], 60, 10, max_size=11, min_size=7)
    assert cut.lines[0].endswith("…") and text_width(cut.lines[0], 7, True) <= 60
