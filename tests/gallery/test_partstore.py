"""gallery.partstore: a part built by one build is taken from the folder by the next, in
another process or with nothing kept in memory, and gives the same files; another version of
the code, an unfinished part or a broken entry is never taken."""

from __future__ import annotations

from pathlib import Path

from game_fixtures import small_game

from gallery.cachefolder import code_digest, package_files, seal
from gallery.pages.context import GeneratedFile
from gallery.parts import PartResult, PartsCache
from gallery.partstore import PartStore, parts_code
from gallery.site import build_gallery


def _by_path(files: list[GeneratedFile]) -> dict[str, GeneratedFile]:
    return {f.path: f for f in files}


def test_a_new_build_takes_the_parts_an_earlier_one_stored(tmp_path: Path) -> None:
    store = PartStore(tmp_path, version="v1")
    games = [small_game("aa"), small_game("bb"), small_game("cc")]
    first_cache = PartsCache()
    first = build_gallery(games, catalog_pages=False, parts=first_cache, set_aside=True,
                          store=store)  # fmt: skip
    assert (first_cache.built, first_cache.stored) == (3, 0)
    assert len(list(tmp_path.glob("*.part"))) == 3
    # a new process: nothing in memory, the same folder; one game edited
    again = PartsCache()
    edited = [games[0], small_game("bb", revenue=40), games[2]]
    second = build_gallery(edited, catalog_pages=False, parts=again, set_aside=True,
                           store=PartStore(tmp_path, version="v1"))  # fmt: skip
    assert (again.built, again.stored) == (1, 2)
    fresh = build_gallery(edited, catalog_pages=False, set_aside=True)
    assert _by_path(second) == _by_path(fresh)  # pages, drawings and set-aside blocks alike
    assert _by_path(first) != _by_path(fresh)


def test_another_version_of_the_code_builds_again(tmp_path: Path) -> None:
    games = [small_game("aa")]
    build_gallery(games, catalog_pages=False, store=PartStore(tmp_path, version="v1"))
    cache = PartsCache()
    build_gallery(games, catalog_pages=False, parts=cache, store=PartStore(tmp_path, version="v2"))
    assert (cache.built, cache.stored) == (1, 0)


def test_the_code_digest_follows_every_file_of_the_packages(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "templates").mkdir(parents=True)
    (package / "a.py").write_text("x = 1\n", "utf-8")
    (package / "templates" / "t.html.j2").write_text("<p>", "utf-8")

    def digest() -> str:
        return code_digest(package.rglob("*.*"), root=tmp_path)

    before = digest()
    (package / "templates" / "t.html.j2").write_text("<div>", "utf-8")
    assert digest() != before
    (package / "templates" / "t.html.j2").write_text("<p>", "utf-8")
    assert digest() == before
    assert parts_code() == parts_code()  # the real packages: stable
    names = {p.name for p in package_files("gallery", "tile_lang")}
    assert {"map.svg.j2", "catalog.json", "site.py", "check.py"} <= names


def test_unfinished_parts_are_not_stored_and_broken_entries_not_taken(tmp_path: Path) -> None:
    store = PartStore(tmp_path, version="v1")
    page = GeneratedFile("games/aa/index.md", "# AA\n", (("<!--m-->", "<p>x</p>"),))
    unfinished = PartResult((page,), (), (), (), later=("assets/tiles/0.svg",))
    assert store.save({"k": unfinished}) == 0
    finished = PartResult((page,), ((("57", "yellow", "flat", 0, None, False), "a.svg"),),
                          ("w",), (("castle", 1),))  # fmt: skip
    assert store.save({"k": finished}) == 1
    assert store.load("k") == finished
    (entry,) = tmp_path.glob("*.part")
    sealed = entry.read_text("utf-8")
    whole = sealed.partition("\n")[2]  # the entry's own text, after its checksum
    head, _, body = whole.partition("\n")
    broken = {
        "cut short": whole[:-3],
        "longer": whole + "x",
        "not its format": head.replace('"format":1', '"format":0') + "\n" + body,
        "a length past the end": head.replace('"length":', '"length":1') + "\n" + body,
        "a file without its length": head.replace('"files":[["games/aa/index.md",5,',
                                                  '"files":[["games/aa/index.md",') + "\n" + body,
        "not JSON": "{" + whole,
        "empty": "",
    }  # fmt: skip
    for why, text in broken.items():
        entry.write_text(seal(text), "utf-8")  # its checksum right: the reader's checks
        assert store.load("k") is None, why
        assert not entry.exists(), why  # dropped, to be built again
    entry.write_text(sealed, "utf-8")
    assert store.load("k") == finished


def _stored(store: PartStore, tmp_path: Path, head: str, body: str = "") -> None:
    """Store an entry under "k" whose text is `head` and `body`, sealed as the store seals."""
    store.save({"k": PartResult((GeneratedFile("a.md", ""),), (), (), ())})
    (entry,) = tmp_path.glob("*.part")
    entry.write_text(seal(head + "\n" + body), "utf-8")


def test_an_entry_naming_a_path_outside_the_site_is_dropped(tmp_path: Path, caplog) -> None:
    """Paths in an entry are data: one that is absolute, climbs out or hides in a dot
    folder is not trusted even with a right checksum; the entry is dropped (debug line)."""
    store = PartStore(tmp_path, version="v1")
    caplog.set_level("DEBUG", logger="gallery.cachefolder")
    for bad in ("/abs/x.svg", "../../x.md", "a/../../x.md", "a//b.svg", "./a.md", "c:\\x.md",
                "a\\..\\b", "", "x\u202e.md"):  # fmt: skip
        for field in ("files", "svgs", "written"):
            item = {
                "files": f'[["{bad}",0,[]]],"svgs":[],"written":[]',
                "svgs": f'[],"svgs":[[["57"],"{bad}"]],"written":[]',
                "written": f'[],"svgs":[],"written":["{bad}"]',
            }[field]
            head = '{"format":1,"files":' + item + ',"missing_icons":[],"length":0}'
            _stored(store, tmp_path, head.replace("\\", "\\\\"))
            assert store.load("k") is None, (bad, field)
            assert not list(tmp_path.glob("*.part")), (bad, field)
    assert "dropped" in caplog.text


def test_a_deeply_nested_or_flipped_entry_is_dropped_not_a_crash(tmp_path: Path) -> None:
    store = PartStore(tmp_path, version="v1")
    _stored(store, tmp_path, "[" * 100_000)
    assert store.load("k") is None
    page = GeneratedFile("games/aa/index.md", "# AA\n")
    store.save({"k": PartResult((page,), (), (), ())})
    (entry,) = tmp_path.glob("*.part")
    data = bytearray(entry.read_bytes())
    data[-2] ^= 0x01  # a flipped bit of the page's text
    entry.write_bytes(bytes(data))
    assert store.load("k") is None and not entry.exists()


def test_texts_of_any_kind_come_back_as_they_were(tmp_path: Path) -> None:
    """Contents and blocks are stored as they are, by length: line breaks, quotes, JSON-like
    text and characters beyond the Basic Multilingual Plane come back the same."""
    store = PartStore(tmp_path, version="v1")
    odd = 'line one\nline "two"\r\n{"format":1}\n\u2028 Köln 🚂 \\ end'
    page = GeneratedFile("tiles/57/index.md", odd, (("<!--1-->", odd + "<svg/>"), ("<!--2-->", "")))
    drawing = GeneratedFile("assets/tiles/a.svg", "")
    result = PartResult((page, drawing), (), (), ())
    store.save({"k": result})
    assert store.load("k") == result


def test_a_part_missing_a_drawing_the_site_holds_is_not_stored(tmp_path: Path) -> None:
    """A drawing the site has a file for is not made (the site's file wins): the part is
    complete for this site only, so it is not kept for another."""
    store = PartStore(tmp_path, version="v1")
    page = GeneratedFile("games/aa/index.md", "# AA\n")
    cache = PartsCache()
    cache.results = {
        "a": PartResult((page,), (), (), (), later=("x.svg", "y.svg")),
        "b": PartResult((page,), (), (), (), later=("z.svg",)),
    }
    cache.unsaved = {"a", "b"}
    made = {p: GeneratedFile(p, "<svg/>") for p in ("x.svg", "z.svg")}  # y.svg: the site's
    cache.complete(made, {})
    cache.save_finished(store)
    assert store.load("a") is None
    assert store.load("b") == PartResult((page, made["z.svg"]), (), (), ())
    assert cache.unsaved == set()
