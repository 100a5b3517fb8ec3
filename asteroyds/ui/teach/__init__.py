"""Teaching: the chapters' exercises (:mod:`.exercises`), rules played on boards (:mod:`.rule_board`,
:mod:`.scenes`), facts as small tables (:mod:`.tables`, :mod:`.facts`), the teacher's presenting
mode (:mod:`.presenter`) and chapter 1's tile explorer (:mod:`.tile_explorer`)."""
