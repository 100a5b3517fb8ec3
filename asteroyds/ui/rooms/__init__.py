"""Class rooms in the browser: the teacher's projector page and the students' pages.

- :mod:`~asteroyds.ui.rooms.session` — a page's window on a room (polling,
  settling, the replay of the last round);
- :mod:`~asteroyds.ui.rooms.pages` — the page logic in plain Python
  (:class:`TeacherPage`, :class:`StudentPage`);
- :mod:`~asteroyds.ui.rooms.browser` — what the browser keeps (the seat's
  token in ``localStorage``) and the QR code;
- :mod:`~asteroyds.ui.rooms.views` — the widgets (:class:`TeacherRoom`,
  :class:`StudentRoom`) the notebooks ``class_room`` and ``join`` show.
"""
