"""The class server compiles Voila's page templates once (asteroyds/serve/voila_patch.py).

Voila makes a new exporter, and with it a new Jinja environment, for every page; without a shared
bytecode cache each page compiled the same templates again.
"""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest
from voila import handler as voila_handler
from voila import notebook_renderer

from asteroyds.serve import voila_patch
from asteroyds.serve.voila_patch import CachedTemplatesExporter, TemplateBytecode
from tests.helpers import run_in_own_loop


def environment(folder: Path, cache: TemplateBytecode, *, is_async: bool = False) -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(folder), bytecode_cache=cache, enable_async=is_async
    )


@pytest.fixture
def compiled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the templates Jinja compiles from source."""
    names: list[str] = []
    compile_source = jinja2.Environment.compile

    def counted(self, source, name=None, filename=None, *args, **kwargs):  # type: ignore[no-untyped-def]
        names.append(name)
        return compile_source(self, source, name, filename, *args, **kwargs)

    monkeypatch.setattr(jinja2.Environment, "compile", counted)
    return names


def test_a_second_environment_renders_from_the_compiled_code(tmp_path: Path, compiled: list[str]) -> None:
    (tmp_path / "base.j2").write_text("<b>{% block body %}{% endblock %}</b>")
    (tmp_path / "page.j2").write_text('{% extends "base.j2" %}{% block body %}{{ who }}{% endblock %}')
    cache = TemplateBytecode()
    first = environment(tmp_path, cache).get_template("page.j2").render(who="Ann")
    assert sorted(compiled) == ["base.j2", "page.j2"] and len(cache) == 2
    again = environment(tmp_path, cache).get_template("page.j2").render(who="Bob")  # a new page's environment
    assert (first, again) == ("<b>Ann</b>", "<b>Bob</b>")
    assert sorted(compiled) == ["base.j2", "page.j2"]  # nothing compiled again


def test_an_edited_template_is_compiled_again(tmp_path: Path, compiled: list[str]) -> None:
    (tmp_path / "page.j2").write_text("old {{ who }}")
    cache = TemplateBytecode()
    assert environment(tmp_path, cache).get_template("page.j2").render(who="Ann") == "old Ann"
    (tmp_path / "page.j2").write_text("new {{ who }}")
    assert environment(tmp_path, cache).get_template("page.j2").render(who="Ann") == "new Ann"
    assert compiled == ["page.j2", "page.j2"]


def test_async_and_synchronous_environments_keep_their_own_code(tmp_path: Path) -> None:
    (tmp_path / "page.j2").write_text("{% for x in xs %}{{ x }}{% endfor %}")
    cache = TemplateBytecode()
    assert environment(tmp_path, cache).get_template("page.j2").render(xs=[1, 2]) == "12"
    page = environment(tmp_path, cache, is_async=True).get_template("page.j2")
    assert run_in_own_loop(lambda: page.render_async(xs=[3, 4])) == "34"  # sync code here would fail to await
    assert len(cache) == 2


def test_the_server_exports_pages_with_the_shared_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(notebook_renderer, "VoilaExporter", notebook_renderer.VoilaExporter)  # undone after
    monkeypatch.setattr(voila_handler, "NotebookRenderer", voila_handler.NotebookRenderer)
    voila_patch.install()
    assert notebook_renderer.VoilaExporter is CachedTemplatesExporter
    exporter = CachedTemplatesExporter(template_name="lab")
    assert exporter.environment.bytecode_cache is voila_patch.COMPILED_TEMPLATES
