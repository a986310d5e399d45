"""Ivy nn functions: one declaration each (see ivy/func_wrapper.py)."""

from __future__ import annotations
