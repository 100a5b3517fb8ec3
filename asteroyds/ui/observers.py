"""Controllers the views watch: ``observe(callback)``, then every change calls ``callback(controller)``.

Every controller of :mod:`asteroyds.ui` is plain Python (testable without a
browser); its view registers once and redraws whenever it is called, so a
controller never knows its widgets. :class:`Observable` is that contract,
written once: register, remove, and notify a copy of the list, so that a
callback may remove itself (or another) while it runs.

>>> class Counter(Observable["Counter"]):
...     def __init__(self) -> None:
...         super().__init__()
...         self.value = 0
...     def add(self) -> None:
...         self.value += 1
...         self._notify()
>>> counter, seen = Counter(), []
>>> counter.observe(lambda c: seen.append(c.value))
>>> counter.add(); counter.add()
>>> seen
[1, 2]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar, cast

S = TypeVar("S", bound="Observable")


class Observable(Generic[S]):
    """A controller that calls its observers with itself after every change (see :meth:`observe`)."""

    def __init__(self) -> None:
        self._observers: list[Callable[[S], object]] = []

    def observe(self, callback: Callable[[S], object], remove: bool = False) -> None:
        """Call ``callback(controller)`` after every change; ``remove=True`` stops calling it."""
        if remove:
            self._observers.remove(callback)
        else:
            self._observers.append(callback)

    def _notify(self) -> None:
        for callback in list(self._observers):
            callback(cast(S, self))


__all__ = ["Observable"]
