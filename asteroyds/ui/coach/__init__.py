"""The coach in the app: the danger overlay and "Show me the best plan" (issue 13).

Plain-Python controllers (:mod:`.danger`: :class:`DangerOverlay`;
:mod:`.plan`: :class:`BestPlanController`; :mod:`.scores`: a score in words)
and one small view (:mod:`.view`: :class:`CoachPanel`). The engine is
:mod:`asteroyds.coach`; nothing here decides a rule.
"""

from .danger import DangerOverlay
from .plan import BestPlanController, Question
from .scores import describe_score

__all__ = ["BestPlanController", "DangerOverlay", "Question", "describe_score"]
