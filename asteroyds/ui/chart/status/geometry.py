"""The status chart's geometry: its cells, tray and pilot box in chart coordinates.

The rules: docs/rules.md#5-flying-and-the-status-chart.

Chart coordinates put x to the right and y up, one unit per cell: the six
blue columns at x = 1..6, the red column a little apart, the rows of
pictograms from Shoot at the top down to Turn back (Shield in the red
column), then the damage row and the tray. The controller maps a drop to a
cell with :func:`locate`; the view draws the same places.

>>> cell_centre(1, "F"), locate(1.1, 4.2)
((1.0, 4.0), ('cell', (1, 'F')))
"""

from __future__ import annotations

import math

from ....i18n import N_, _
from ....program import RED_COLUMN, SHIELD, column_name

Place = tuple[int, str]  # (column 1-7, action letter): a cell of the chart

BLUE_ROWS: tuple[str, ...] = ("X", "F", "R", "L", "U")  # top to bottom
RED_ROWS: tuple[str, ...] = ("X", "F", "R", "L", "S")
ACTION_NAMES: dict[str, str] = {  # translated where shown: _(ACTION_NAMES[a])
    "X": N_("Shoot"), "F": N_("Forward"), "R": N_("Right"), "L": N_("Left"), "U": N_("Turn back"),
    "S": N_("Shield"),
}  # fmt: skip
# Glyphs that DejaVu Sans (Debian's default font) draws; the letters stay in the buttons.
# No shield glyph there: the Shield cell draws a shield outline around its letter.
GLYPHS: dict[str, str] = {"X": "⊕", "F": "↑", "R": "↱", "L": "↰", "U": "↶", "S": "S"}
RED_X = 7.35  # the red column sits a little apart from the six blue ones
CELL = 0.88  # side of a cell
TOP_Y = 5.0  # centre of the first row (Shoot); row i is at TOP_Y - i
DAMAGE_Y = -0.2
TRAY_Y = -1.45
# Margins for 16-px words on a 390-px phone: the row names (French too) left of the grid, "Shield" up the
# right margin, the pilot caption under its box.
X_RANGE: tuple[float, float] = (-2.6, 8.45)
Y_RANGE: tuple[float, float] = (-2.6, 6.3)

ACTION, SHIELD_TOKEN, PILOT_TOKEN = "action", "shield", "pilot"
SHIELD_HOME: Place = (RED_COLUMN, SHIELD)


def rows_of(column: int) -> tuple[str, ...]:
    """The pictograms of a column, top to bottom."""
    return RED_ROWS if column == RED_COLUMN else BLUE_ROWS


def column_x(column: int) -> float:
    """The x of a column's centre."""
    return RED_X if column == RED_COLUMN else float(column)


def cell_centre(column: int, action: str) -> tuple[float, float]:
    """The centre of a cell in chart coordinates; ValueError for a cell the chart does not have."""
    rows = rows_of(column) if column in range(1, RED_COLUMN + 1) else ()
    if action not in rows:
        raise ValueError(
            _(
                "{value} has no {action!r} cell",
                value=column_name(column) if rows else f"column {column!r}",
                action=action,
            )
        )
    return (column_x(column), TOP_Y - rows.index(action))


def tray_slot(index: int) -> tuple[float, float]:
    """Where transparent token ``index`` (0-5) waits in the tray."""
    return (float(index + 1), TRAY_Y)


PILOT_BOX: tuple[float, float] = (RED_X, TRAY_Y)


def locate(x: float, y: float) -> tuple[str, Place | None]:
    """What lies under a chart point: ``("cell", place)``, ``("tray", None)``, ``("pilot", None)``
    or ``("outside", None)``."""
    if not (math.isfinite(x) and math.isfinite(y)):
        return ("outside", None)
    if 0.5 <= x <= RED_X + 0.5 and TOP_Y - 4.5 <= y <= TOP_Y + 0.5:
        column = min(range(1, RED_COLUMN + 1), key=lambda c: abs(x - column_x(c)))
        row = min(4, max(0, round(TOP_Y - y)))
        return ("cell", (column, rows_of(column)[row]))
    if abs(y - TRAY_Y) <= 0.6 and 0.5 <= x <= RED_X + 0.5:
        return ("pilot", None) if x > (6.5 + RED_X - 0.5) / 2 else ("tray", None)
    return ("outside", None)
