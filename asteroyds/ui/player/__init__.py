"""Playing a round: the round player (:mod:`.controller`, plain Python; :mod:`.view`), the dice
(:mod:`.dice`), and what explains the events at its cursor (:mod:`.inspector`, :mod:`.event_log`)."""
