"""The editor's two cards below the board: a new board, and save, load, share and play.

:class:`FilesPanel` owns their widgets: the setup menu with its seed and
players, *New board* and the board's Mode menu; the download link, the upload
button, the JSON text box with *Load the text* and *Show this board's JSON*,
the share link and the *Play* line (can the board start a game, with a link
that opens it in the sandbox). It is its own object because it keeps one
piece of state of its own: the JSON the text box last showed, so that
someone's typing there is never overwritten by a redraw (:meth:`FilesPanel.show_json`).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ...errors import ScenarioError
from ...i18n import _
from ...modes import modes
from ..share import links
from ..share.files import download_link, uploaded_text
from ..share.markup import join, tag
from .controller import EditorController
from .controls import Run, button, sized, title
from .tools import setup_choices


def download_html(text: str, filename: str = "asteroyds-scenario.json") -> str:
    """An HTML link that downloads ``text`` as a file (Voila gives the page no file system)."""
    return download_link(
        text, filename, _("⬇ Download scenario"), css="asteroyds-link asteroyds-editor-download-link"
    )


def play_html(c: EditorController, page_url: str) -> str:
    """Can this board start a game (the engine's checks)? If so, a link that plays it in the sandbox."""
    problems = c.play_problems()
    if problems:
        more = _(" (and {value} more)", value=len(problems) - 1) if len(problems) > 1 else ""
        text = _("Not playable yet: {problem}", problem=problems[0]) + more
        return tag("span", text, class_="asteroyds-caption", data_ready="false")
    link = links.sandbox_link(c.state, page_url)
    play = tag(
        "a",
        _("▶ Play this board in the sandbox"),
        class_="asteroyds-link asteroyds-editor-play-link",
        href=link,
        target="_blank",
    )
    note = _("a new game on it, in a new tab (there, New game… chooses who plays it)")
    return tag("span", play, " ", tag("span", note, class_="asteroyds-caption"), data_ready="true")


def mode_options() -> list[tuple[str, str]]:
    """The Mode menu: each mode's name in the page's language, its id as the value."""
    return [(_(mode.short_title or mode.title), name) for name, mode in modes().items()]


def setup_options() -> list[tuple[str, str]]:
    """The Board menu: an empty board, each mode's setup (or its boards), named in the page's language."""
    titles = {name: _(mode.short_title or mode.title) for name, mode in modes().items()}
    options = []
    for choice in setup_choices():
        if choice == "empty":
            options.append((_("empty board"), choice))
        elif choice in titles:
            options.append((titles[choice], choice))
        else:  # a mode's own board (capture-3teams): the mode's name and the board's
            mode = next((n for n, m in modes().items() if choice in m.layouts), choice)
            options.append((f"{titles.get(mode, mode)} · {choice}", choice))
    return options


class FilesPanel:
    """The New board card and the Save, load, share and play card (``asteroyds-editor-new``, ``-json``…)."""

    def __init__(self, controller: EditorController, run: Run, page_url: str) -> None:
        self._controller = c = controller
        self._run, self._page_url = run, page_url
        self.syncing = False
        setups = widgets.Dropdown(options=setup_options(), description=_("Board"))
        self.setup = sized(setups, "190px", "asteroyds-editor-setup")
        self.seed = sized(widgets.IntText(value=1, description=_("Seed")), "140px")
        self.players = sized(widgets.Text(value="blue", description=_("Players")), "220px")
        self.mode = sized(widgets.Dropdown(options=mode_options(), description=_("Mode")), "190px")
        self.mode.add_class("asteroyds-editor-mode")
        self.mode.observe(self._mode_changed, names="value")
        tip = _("Mode: how this board is played (an empty new board takes it too)")
        self.mode_tip = widgets.HTML(tag("span", tip, class_="asteroyds-caption"))
        self.new = button(_("New board"), "asteroyds-editor-new", _("Start again from this board (undoable)"))
        self.new.on_click(lambda _b: run(self.new_board))
        self.download = widgets.HTML(layout=widgets.Layout(margin="0 16px 0 0"))
        self.download.add_class("asteroyds-editor-download")
        self.share = sized(widgets.HTML(), "560px", "asteroyds-editor-share")
        self.upload = widgets.FileUpload(accept=".json", multiple=False, description=_("Load scenario"))
        self.upload.add_class("asteroyds-editor-upload")
        self.upload.observe(lambda ch: run(lambda: self.uploaded(ch["new"])), names="value")
        self._json_shown = c.to_json()  # what the text box shows until someone types in it
        text = widgets.Textarea(
            value=self._json_shown, placeholder=_("…or paste a scenario (or a demo) here")
        )
        self.json = sized(text, "560px", "asteroyds-editor-json")
        self.json.layout.height = "150px"
        self.load = button(
            _("Load the text"), "asteroyds-editor-load-text", _("Load the scenario pasted above")
        )
        self.load.on_click(lambda _b: run(lambda: c.load_json(self.json.value, "pasted text")))
        self.show = button(
            _("Show this board's JSON"), "asteroyds-editor-show-json", _("Write the board as JSON above")
        )
        self.show.on_click(lambda _b: self.show_json(force=True))
        self.play = sized(widgets.HTML(), "560px", "asteroyds-editor-play")

    def widget(self) -> widgets.Widget:
        """The two cards, side by side (wrapping on a narrow page)."""
        row = widgets.HBox([self.download, self.upload], layout=widgets.Layout(align_items="center"))
        new_board = [
            title(_("NEW BOARD")),
            self.setup,
            self.seed,
            self.players,
            self.new,
            self.mode,
            self.mode_tip,
        ]
        files = [title(_("SAVE, LOAD, SHARE AND PLAY")), row, self.json, widgets.HBox([self.load, self.show])]
        boxes = [widgets.VBox(new_board), widgets.VBox([*files, self.share, self.play])]
        for box in boxes:
            box.add_class("asteroyds-card")
        return widgets.HBox(boxes, layout=widgets.Layout(flex_flow="row wrap", grid_gap="12px"))

    def sync(self, c: EditorController) -> None:
        """The board's mode, its download and share links, its JSON (unless typed over) and the Play line."""
        self.show_mode(c)
        self.download.value = download_html(c.to_json())
        self.show_json()
        link = c.share_link(self._page_url)
        tip = _("opens this board and these dice (right-click it to copy it)")
        self.share.value = join(
            tag(
                "a",
                _("↗ Share link"),
                class_="asteroyds-link asteroyds-editor-share-link",
                href=link,
                target="_blank",
            ),
            " ",
            tag("span", tip, class_="asteroyds-caption"),
        )
        self.play.value = play_html(c, self._page_url)

    def show_mode(self, c: EditorController) -> None:
        """The Mode menu shows the board's mode (a redraw, not a choice)."""
        self.syncing = True
        try:
            self.mode.value = c.state.mode
        finally:
            self.syncing = False

    def show_json(self, force: bool = False) -> None:
        """The board's JSON in the text box, unless someone has typed there (then only on request)."""
        if force or self.json.value == self._json_shown:
            self._json_shown = self.json.value = self._controller.to_json()

    def new_board(self) -> None:
        """*New board*: the chosen setup (with its seed and players), or an empty board in the chosen mode."""
        if self.setup.value == "empty":
            self._controller.new_board(self.mode.value)
            return
        players = self.players.value.replace(",", " ").split() or ["blue"]
        self._controller.load_setup(self.setup.value, self.seed.value, players)

    def uploaded(self, value: Any) -> None:
        """A file given to the upload button: loaded, or refused with the reason (not a text file…)."""
        try:
            upload = uploaded_text(value, "a scenario")
        except ScenarioError as exc:
            self._controller.refuse(str(exc))
            return
        if upload is not None:
            text, name = upload
            self._controller.load_json(text, where=name)

    def _mode_changed(self, change: dict) -> None:
        if self.syncing or change["new"] == self._controller.state.mode:
            return
        self._run(lambda: self._controller.set_mode(change["new"]))
        if change["new"] != self._controller.state.mode:  # refused: the menu shows the board's mode again
            self.show_mode(self._controller)


__all__ = ["FilesPanel", "download_html", "play_html"]
