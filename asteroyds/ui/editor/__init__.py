"""The scenario editor: build a board by clicking hexes, then save, share or preview it.

Two layers, as everywhere in :mod:`asteroyds.ui`, in files named after what
they hold; this module gathers them, so notebooks and tests import from here:

- :mod:`~asteroyds.ui.editor.tools`: the tools and small values (:class:`Tool`,
  :class:`EditResult`, :class:`Preview`);
- :mod:`~asteroyds.ui.editor.controller`: :class:`EditorController`, plain
  Python: every change is validated by the engine (:meth:`State.validate`),
  a refused change leaves the board as it was and says why, every change can
  be undone. It is composed of parts that own their state: the board and its
  undo/redo steps (:mod:`~asteroyds.ui.editor.history`), the selection
  (:mod:`~asteroyds.ui.editor.selection`), the tool in hand
  (:mod:`~asteroyds.ui.editor.tool_choice`), the demonstration dice and the
  preview (:mod:`~asteroyds.ui.editor.demonstration`); the edits, the files
  and the lookups are functions of a board (:mod:`~asteroyds.ui.editor.edits`,
  :mod:`~asteroyds.ui.editor.board_files`, :mod:`~asteroyds.ui.editor.lookups`),
  and where a new piece may go is :mod:`~asteroyds.ui.editor.placement`'s;
- :mod:`~asteroyds.ui.editor.targets`: targets mode's checks (docs/rules.md#7-shooting), the
  Target tool's; capture mode's (docs/rules.md#11-capture-the-asteroyd) are the engine's
  :mod:`asteroyds.modes.capture.boards` (the mode's piece and playable checks, asked through
  :mod:`asteroyds.checks`);
- :mod:`~asteroyds.ui.editor.view`: :class:`ScenarioEditor`, the widget (CSS
  class ``asteroyds-editor``), with its sections: the tool palette
  (:mod:`~asteroyds.ui.editor.palette`), the selection's settings
  (:mod:`~asteroyds.ui.editor.selection_panel`) and the files
  (:mod:`~asteroyds.ui.editor.files_panel`).

>>> editor = EditorController()
>>> editor.select_tool("asteroid", colour="red", orientation="E")
Tool(name='asteroid', colour='red', symbol=None, orientation=0, priority=None, team=None, number=None)
>>> editor.click((6, 6)).message
'Added red asteroid #1 at (6, 6)'
>>> editor.click((6, 6)).message
'(6, 6) already holds red asteroid #1'
>>> editor.rotate(turns=1).message
'Red asteroid #1 now has its “1” edge facing SE'
>>> editor.undo().ok, editor.state.piece("R1").orientation
(True, 0)
"""

from __future__ import annotations

from .controller import EditorController
from .tools import (
    PIECE_TOOLS,
    TARGET_TOOL,
    TOOLS,
    EditResult,
    Preview,
    Tool,
    empty_state,
    parse_tokens,
)
from .view import ScenarioEditor, download_html

__all__ = [
    "PIECE_TOOLS",
    "TARGET_TOOL",
    "TOOLS",
    "EditResult",
    "EditorController",
    "Preview",
    "ScenarioEditor",
    "Tool",
    "download_html",
    "empty_state",
    "parse_tokens",
]
