"""Playing a round: the round player (:mod:`.controller`, plain Python; :mod:`.view`), the dice
(:mod:`.dice`), and what explains the events at its cursor (:mod:`.inspector`, :mod:`.event_log`).

The controller owns its parts, each an object with its own state: the playback (:mod:`.playback`:
the phase on show, the cursor, playing at a speed), the undo history (:mod:`.history`), the bots'
plans and the forecast board (:mod:`.planning`) and the dice panel's dice (:mod:`.panel_dice`);
:mod:`.steps` holds the values they pass around."""
