"""The board: the bqplot view of a state (:mod:`.view`) and the pure scene it draws (:mod:`.scene`).

:mod:`.scene` turns a :class:`~asteroyds.state.State` into layers of shapes
and text (plain Python, tested without a browser); :mod:`.view` is the
widget that shows them, with overlays and hex clicks.
"""

from .view import *  # noqa: F403  (the board's public names, as ``asteroyds.ui.board`` always had)
from .view import __all__  # noqa: F401
