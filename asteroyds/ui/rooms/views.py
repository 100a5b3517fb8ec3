"""The room pages' widgets, re-exported for the notebooks: :class:`TeacherRoom` and :class:`StudentRoom`."""

from __future__ import annotations

from .student_view import StudentRoom
from .teacher_view import TeacherRoom

__all__ = ["StudentRoom", "TeacherRoom"]
