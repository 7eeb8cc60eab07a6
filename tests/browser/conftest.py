"""Browser tests; browser_support.py is registered as a module by tests/conftest.py."""

from __future__ import annotations

from browser_support import browser, page

__all__ = ["browser", "page"]
