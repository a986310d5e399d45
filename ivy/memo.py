"""``Memo``: a module-level cache dict that code emitted by the tracer starts afresh.

Backends memoise (dtype conversions, promotion results, TF's cached axis tensors). When
``Graph.to_source`` copies a backend helper that reads such a dict, it must write the dict as
declared — not as this process happens to have filled it (that would make the emitted code depend
on what ran before, and could drag another framework's objects into it). The emitter writes a
``Memo`` as ``initial`` (empty unless given).
"""

from __future__ import annotations


class Memo(dict):
    """A dict used as a cache; ``initial`` is what emitted code starts it with."""

    __slots__ = ("initial",)

    def __init__(self, initial=()):
        super().__init__(initial)
        self.initial = dict(initial)


__all__ = ["Memo"]
