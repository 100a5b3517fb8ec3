"""What every test gets: the process's language back as the test found it.

A test that runs a French chapter's cells (``page_language("fr")``) switches the
whole process to French, as a kernel would; without this, the tests after it would
read French sentences where they expect English, and fail or pass by their order.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from asteroyds import i18n


@pytest.fixture(autouse=True)
def language_restored() -> Iterator[None]:
    before = i18n.language()
    yield
    i18n.set_language(before)
