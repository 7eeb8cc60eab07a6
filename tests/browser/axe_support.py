"""axe-core, the accessibility rules engine, for the browser tests: fetched once from the npm
registry into a cache outside the repository (`~/.cache/tile-atlas/axe-core-<ver>/axe.min.js`,
or under `$TILE_ATLAS_CACHE`), the way the playground's Pyodide runtime is, and never committed.

`run_axe(page)` injects it into a Playwright page and returns the violations that are ours: axe's
`critical` and `serious` findings, each with the selectors of its nodes, minus nodes inside the
theme's own chrome (`THEME_NODES`, documented on the Accessibility page of the docs).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

#: The axe-core release the tests run; a new one may add rules, so it moves deliberately.
AXE_VERSION = "4.11.0"
#: Impacts the tests refuse (WCAG A/AA failures axe is sure of).
BLOCKING = ("critical", "serious")
#: Rules that judge the page against the WCAG 2.x A and AA success criteria plus axe's
#: best practices (landmarks, heading order, redundant alt text).
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
#: (rule, CSS selector prefix) pairs of findings in mkdocs-material's own markup that this
#: project does not write; each is listed on docs/usage/accessibility.md. Empty = none left.
THEME_NODES: tuple[tuple[str, str], ...] = (
    # The search overlay is a role=dialog without a name (Material 9.x).
    ("aria-dialog-name", ".md-search"),
)


def axe_dir() -> Path:
    base = os.environ.get("TILE_ATLAS_CACHE") or Path.home() / ".cache" / "tile-atlas"
    return Path(base) / f"axe-core-{AXE_VERSION}"


def ensure_axe() -> Path:
    """The cached `axe.min.js`, fetched with `npm pack axe-core@<version>` when absent.

    Skips the test when npm is missing (as the Pyodide runtime does); fails with npm's own
    message when the fetch fails. Concurrent workers are safe: unpacked into a temporary
    sibling folder that is renamed into place.
    """
    target = axe_dir()
    script = target / "axe.min.js"
    if script.is_file():
        return script
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is needed to fetch axe-core (apt-get install npm)")
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".axe-") as tmp:
        work = Path(tmp)
        done = subprocess.run(
            [npm, "pack", f"axe-core@{AXE_VERSION}", "--silent", "--pack-destination", str(work)],
            capture_output=True,
            text=True,
            check=False,
        )
        tarballs = list(work.glob("axe-core-*.tgz"))
        if done.returncode != 0 or not tarballs:
            raise RuntimeError(f"npm pack axe-core@{AXE_VERSION} failed: {done.stderr.strip()}")
        unpacked = work / "axe"
        unpacked.mkdir()
        with tarfile.open(tarballs[0]) as tar:
            for name in ("axe.min.js", "LICENSE"):
                source = tar.extractfile(tar.getmember(f"package/{name}"))
                if source is None:
                    raise RuntimeError(f"the axe-core package has no file {name}")
                (unpacked / name).write_bytes(source.read())
        try:
            unpacked.rename(target)
        except OSError:
            if not script.is_file():  # another worker won the race with a complete copy
                raise
    return script


@dataclass(frozen=True)
class Finding:
    """One blocking axe violation: its rule, impact, help text and the nodes it names."""

    rule: str
    impact: str
    help: str
    targets: tuple[str, ...]

    def __str__(self) -> str:
        shown = ", ".join(self.targets[:5]) + (" ..." if len(self.targets) > 5 else "")
        return f"{self.rule} ({self.impact}, {len(self.targets)} nodes): {self.help} -> {shown}"


def _is_theme(rule: str, target: str) -> bool:
    return any(rule == r and target.startswith(prefix) for r, prefix in THEME_NODES)


def run_axe(pg: Any, script: Path) -> list[Finding]:
    """axe's blocking findings on the loaded page, theme findings listed in THEME_NODES left out."""
    pg.add_script_tag(content=script.read_text(encoding="utf-8"))
    result = pg.evaluate(
        "async (tags) => await axe.run(document, "
        "{runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})",
        TAGS,
    )
    findings = []
    for violation in result["violations"]:
        if violation["impact"] not in BLOCKING:
            continue
        targets = tuple(
            " ".join(str(t) for t in node["target"])
            for node in violation["nodes"]
            if not _is_theme(violation["id"], " ".join(str(t) for t in node["target"]))
        )
        if targets:
            rule, impact = violation["id"], violation["impact"]
            findings.append(Finding(rule, impact, violation["help"], targets))
    return findings
