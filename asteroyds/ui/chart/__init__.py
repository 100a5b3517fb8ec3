"""Planning charts: the status chart (:mod:`.status_controller`, :mod:`.status_view`), the capture
chart (:mod:`.capture`) and the planning stopwatch (:mod:`.stopwatch`); controllers are plain Python."""
