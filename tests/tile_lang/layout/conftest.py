"""Layout tests: register `layout_helpers` (shared helpers for these tests) as a module."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

if "layout_helpers" not in sys.modules:
    _spec = importlib.util.spec_from_file_location(
        "layout_helpers", Path(__file__).with_name("layout_helpers.py")
    )
    assert _spec is not None and _spec.loader is not None
    _module = importlib.util.module_from_spec(_spec)
    sys.modules["layout_helpers"] = _module
    _spec.loader.exec_module(_module)
