"""Teaching: the chapters' exercises (:mod:`.exercises`), the teacher's presenting mode
(:mod:`.presenter`) and chapter 1's tile explorer (:mod:`.tile_explorer`)."""
