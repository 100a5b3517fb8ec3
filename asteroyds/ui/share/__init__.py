"""Sharing a board or a game: links that carry it in their query string (:mod:`.links`), and
download links and uploads (:mod:`.files`)."""
