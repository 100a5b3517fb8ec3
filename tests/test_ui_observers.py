"""Observable: the one observe/notify contract of every ui controller."""

from __future__ import annotations

import doctest

import asteroyds.ui.observers as observers_module
from asteroyds.ui.chart.stopwatch import StopwatchController
from asteroyds.ui.editor.controller import EditorController
from asteroyds.ui.observers import Observable
from asteroyds.ui.player.controller import RoundPlayerController
from asteroyds.ui.sandbox.controller import SandboxController
from asteroyds.ui.teach.presenter import PresenterController


class Box(Observable["Box"]):
    def change(self) -> None:
        self._notify()


def test_observers_are_called_with_the_controller_in_order_and_can_be_removed():
    box, seen = Box(), []
    first = lambda b: seen.append(("first", b))  # noqa: E731
    box.observe(first)
    box.observe(lambda b: seen.append(("second", b)))
    box.change()
    box.observe(first, remove=True)
    box.change()
    assert seen == [("first", box), ("second", box), ("second", box)]


def test_a_callback_may_remove_itself_while_the_others_are_called():
    box, seen = Box(), []

    def once(b: Box) -> None:
        seen.append("once")
        b.observe(once, remove=True)

    box.observe(once)
    box.observe(lambda b: seen.append("always"))
    box.change()
    box.change()
    assert seen == ["once", "always", "always"]


def test_every_ui_controller_is_observable():
    for cls in (
        EditorController,
        PresenterController,
        RoundPlayerController,
        SandboxController,
        StopwatchController,
    ):
        assert issubclass(cls, Observable), cls


def test_module_doctests():
    assert doctest.testmod(observers_module).failed == 0
