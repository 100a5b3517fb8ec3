"""A state's picture in Jupyter (``State._repr_svg_``) without the state importing the renderer.

The renderer (:mod:`asteroyds.render`) sits above the state and gives it its picture when it is
imported (:func:`asteroyds.state.picture_with`); ``import asteroyds`` imports it where there is a
Jupyter to show it (IPython loaded), and not elsewhere: the command line does not pay for it.
Each side runs in a fresh interpreter, as a kernel or a command starts.
"""

from __future__ import annotations

import subprocess
import sys

STATE = "state = asteroyds.setup('racing', seed=1, players=['blue', 'red'])"


def run(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout


def test_in_jupyter_a_state_shows_the_renderers_picture():
    out = run(
        "import sys, IPython, asteroyds\n"
        "print('asteroyds.render.svg' in sys.modules)\n"
        f"{STATE}\n"
        "from asteroyds.game import Game\n"
        "from asteroyds.render import state_svg\n"
        "game = Game(state)\n"
        "print(state._repr_svg_() == game._repr_svg_() == state_svg(state), state_svg(state)[:4])\n"
    )
    assert out.split() == ["True", "True", "<svg"]


def test_elsewhere_the_renderer_is_not_imported_until_asked_for():
    out = run(
        "import sys, asteroyds\n"
        "print('asteroyds.render' in sys.modules, 'IPython' in sys.modules)\n"
        f"{STATE}\n"
        "print(state._repr_svg_())\n"  # nothing to show it: no picture, the text
        "from asteroyds.render import state_svg\n"
        "print(state._repr_svg_() == state_svg(state))\n"
    )
    assert out.split() == ["False", "False", "None", "True"]
