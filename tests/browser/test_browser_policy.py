"""The skip rule for browser tests: skip only when a part is missing and its ASTEROYDS_REQUIRE_* is unset."""

from __future__ import annotations

from pathlib import Path

import pytest

from . import conftest

pytestmark = pytest.mark.ui


def test_missing_browser_skips_unless_required(monkeypatch, tmp_path):
    monkeypatch.setattr(conftest, "CHROMIUM", Path(tmp_path / "no-chromium"))
    monkeypatch.delenv("ASTEROYDS_REQUIRE_BROWSER", raising=False)
    with pytest.raises(pytest.skip.Exception):
        conftest._browser_available()
    monkeypatch.setenv("ASTEROYDS_REQUIRE_BROWSER", "1")
    with pytest.raises(pytest.fail.Exception, match="ASTEROYDS_REQUIRE_BROWSER is set"):
        conftest._browser_available()


def test_present_browser_neither_skips_nor_fails(monkeypatch, tmp_path):
    fake = tmp_path / "chromium"
    fake.touch()
    monkeypatch.setattr(conftest, "CHROMIUM", fake)
    conftest._browser_available()


def test_missing_hub_skips_unless_required(monkeypatch):
    from . import test_jupyterhub

    monkeypatch.setattr(test_jupyterhub.shutil, "which", lambda name: None)  # no proxy on PATH
    monkeypatch.delenv("ASTEROYDS_REQUIRE_HUB", raising=False)
    with pytest.raises(pytest.skip.Exception, match="configurable-http-proxy"):
        test_jupyterhub.hub_available()
    monkeypatch.setenv("ASTEROYDS_REQUIRE_HUB", "1")
    with pytest.raises(pytest.fail.Exception, match="ASTEROYDS_REQUIRE_HUB is set"):
        test_jupyterhub.hub_available()


def test_missing_students_account_or_python_skips_unless_required(monkeypatch):
    from . import test_jupyterhub

    monkeypatch.setattr(test_jupyterhub, "AS_ROOT", True)  # the check that runs as root
    monkeypatch.setattr(test_jupyterhub, "PYTHON", "/nonexistent/bin/python")  # as without .ci/setup-hub
    monkeypatch.delenv("ASTEROYDS_REQUIRE_HUB", raising=False)
    with pytest.raises(pytest.skip.Exception, match="the students' account set up by .ci/setup-hub"):
        test_jupyterhub.hub_available()
    monkeypatch.setenv("ASTEROYDS_REQUIRE_HUB", "1")
    with pytest.raises(pytest.fail.Exception, match="cannot run the app with /nonexistent/bin/python"):
        test_jupyterhub.hub_available()
