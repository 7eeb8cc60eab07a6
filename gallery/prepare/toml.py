"""Writing a configuration as TOML (Python reads TOML but has no writer): strings, numbers,
booleans, lists and tables, under one top-level table. Tables nested in lists are inline
tables; a list holding tables or lists spans lines (TOML allows newlines inside an array,
even one inside an inline table). `None` values are left out, as TOML has no null."""

from __future__ import annotations

import json
import math
import re
import tomllib
from collections.abc import Mapping
from typing import Any

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _key(name: str) -> str:
    return name if _BARE_KEY.fullmatch(name) else _string(name)


def _string(text: str) -> str:
    # JSON's escapes are TOML's basic-string escapes; TOML also refuses a raw DEL
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007F")


def _value(value: Any, indent: str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{value!r} cannot be written as TOML")
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, Mapping):
        pairs = [f"{_key(str(k))} = {_value(v, indent)}" for k, v in value.items() if v is not None]
        return "{ " + ", ".join(pairs) + " }" if pairs else "{}"
    if isinstance(value, list | tuple):
        items = [v for v in value if v is not None]
        if not any(isinstance(v, Mapping | list | tuple) for v in items):
            return "[" + ", ".join(_value(v, indent) for v in items) + "]"
        inner = indent + "  "
        lines = [f"{inner}{_value(v, inner)}," for v in items]
        return "[\n" + "\n".join(lines) + f"\n{indent}]"
    raise ValueError(f"{value!r} ({type(value).__name__}) cannot be written as TOML")


def dumps(table: str, values: Mapping[str, Any]) -> str:
    """`values` as the TOML table `[table]`, checked by reading it back."""
    lines = [f"[{table}]"]
    lines += [f"{_key(k)} = {_value(v, '')}" for k, v in values.items() if v is not None]
    text = "\n".join(lines) + "\n"
    if tomllib.loads(text)[table] != _plain(values):
        raise ValueError("the TOML written does not read back as the configuration")
    return text


def _plain(value: Any) -> Any:
    """`value` as TOML reads it back: tuples as lists, None values left out."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value if v is not None]
    return value
