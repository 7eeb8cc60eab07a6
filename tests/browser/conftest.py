"""Browser fixtures live in browser_support.py (importable by the tests); re-exported here."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "browser_support", Path(__file__).with_name("browser_support.py")
)
assert _spec is not None and _spec.loader is not None
browser_support = importlib.util.module_from_spec(_spec)
sys.modules["browser_support"] = browser_support
_spec.loader.exec_module(browser_support)

browser = browser_support.browser
page = browser_support.page
