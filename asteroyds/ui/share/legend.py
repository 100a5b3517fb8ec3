"""The board's legend as HTML: *What's this?* under a board, open on the welcome page (issue 35).

Built once for every board of the app: the welcome page's picture, a chapter's picture boards
(:class:`~asteroyds.ui.board.picture.BoardPicture`) and a page's static pictures
(:func:`~asteroyds.ui.share.pictures.picture`). It names only what the board shows
(:func:`~asteroyds.render.legend.legend_keys`), each piece drawn by the board's own functions.
An HTML ``<details>``: no widget, no kernel round trip to open it.

>>> from asteroyds.setups import racing
>>> html = board_legend(racing(seed=1, players=["blue"]))
>>> html.count("<li>"), "<details class=\\"asteroyds-legend\\">" in html, "What&#x27;s this?" in html
(6, True, True)
"""

from __future__ import annotations

from ...i18n import _
from ...render.legend import WORDS, legend_keys, sample_svg
from ...state import State
from ..theme import sheet
from .markup import Markup, tag


def board_legend(state: State, *, open_: bool = False) -> Markup:
    """What each piece of ``state``'s board is, one row each, under a *What's this?* summary
    (``open_``: shown unfolded, as on the welcome page)."""
    rows = [tag("li", Markup(sample_svg(key)), tag("span", _(WORDS[key]))) for key in legend_keys(state)]
    return tag(
        "details",
        sheet("legend"),
        tag("summary", _("What's this?")),
        tag("ul", *rows),
        class_="asteroyds-legend",
        open=open_,
    )


__all__ = ["board_legend"]
