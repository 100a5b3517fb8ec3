"""The README and the pages under docs/ stay short, linked and true.

What is checked, and the conventions an example follows to be checked (also in
docs/contributing.md, "The examples in these pages"):

- README.md has at most 1,200 words, counted as ``wc -w README.md`` counts them: runs of
  non-whitespace characters in the raw Markdown (so a link's target, a table's ``|`` and a
  code block's words count too). It links every page under docs/, and its test command is the
  line ``.ci/run`` ends with.
- Every relative link of README.md and docs/**/*.md names an existing file, and a ``#anchor``
  names a heading of the target page (GitHub's slugs). Web addresses are not followed.
- A ```bash block whose first command starts with ``asteroyds`` (or ``export ASTEROYDS_``) runs
  with bash in a fresh temporary folder, with this checkout's ``asteroyds`` first on PATH, in
  English. Every command must exit 0, except one ending with ``# exit N`` (a bad-input
  example), which must exit N. ``# prints: TEXT`` lines right after a command name a piece of
  what that command printed (stdout and stderr together). Blocks that start with anything else
  (``pip install``, ``useradd``…) are installation recipes and are not run.
- Servers: a runnable block's ``asteroyds app …`` is really started, with the block's options
  except that it listens on 127.0.0.1 on a free port (``--ip``/``--port`` replaced,
  ``--no-browser`` added); the test waits (at most 120 s) until the welcome page answers with
  the app's title, then stops the server with SIGTERM and checks it exited. Such a command
  stands alone in its block. Those tests are marked slow (each starts Voila).
- A ```python block runs in a fresh temporary folder: as a doctest when it starts with ``>>>``
  (its printed results are compared), otherwise as a script that must exit 0.
- The teacher's guides (docs/teachers.md, docs/fr/enseignants.md) name each page and
  demonstration by the title the app shows, as links: a chapter link's text is the notebook's
  first heading (the French twin's for the French guide), a ``?demo=NAME`` link's text the
  demonstration's title in the guide's language. In their tables' "on the projector" and
  "where it is shown" columns, an *italic* phrase is a section of the chapter last linked in that
  column: it must be one of that notebook's headings.
"""

from __future__ import annotations

import doctest
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

from asteroyds.demos import list_demos, load_demo
from asteroyds.serve.launch import free_port

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.rglob("*.md"))
MARKDOWN = [README, *PAGES]
MAX_README_WORDS = 1200

FENCE = re.compile(r"^(```+|~~~+)\s*([\w+-]*)")
LINK = re.compile(r"!?\[((?:[^\[\]]|\[[^\]]*\])*)\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)")
EXIT = re.compile(r"\s#\s*exit\s+(\d+)\s*$")
PRINTS = "# prints:"


@dataclass(frozen=True)
class Block:
    path: Path
    line: int  # 1-based line of the opening fence
    lang: str
    text: str

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def blocks(path: Path) -> list[Block]:
    found, lines, i = [], path.read_text(encoding="utf-8").split("\n"), 0
    while i < len(lines):
        match = FENCE.match(lines[i].strip())
        if not match:
            i += 1
            continue
        fence, lang, start, body = match.group(1), match.group(2), i, []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith(fence):
            body.append(lines[i])
            i += 1
        found.append(Block(path, start + 1, lang, "\n".join(body) + "\n"))
        i += 1
    return found


def prose(path: Path) -> str:
    """The page without its fenced blocks and inline code (links there are examples, not links)."""
    out, fence = [], None
    for line in path.read_text(encoding="utf-8").split("\n"):
        match = FENCE.match(line.strip())
        if fence is None and match:
            fence = match.group(1)
            out.append("")
            continue
        if fence is not None:
            if line.strip().startswith(fence):
                fence = None
            out.append("")
            continue
        out.append(re.sub(r"`[^`]*`", "", line))
    return "\n".join(out)


def links(path: Path) -> list[tuple[int, str, str]]:
    """(line, text, target) of every Markdown link and image outside code."""
    return [
        (number, match.group(1), match.group(2))
        for number, line in enumerate(prose(path).split("\n"), 1)
        for match in LINK.finditer(line)
    ]


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for line in prose(path).split("\n"):
        match = re.match(r"#{1,6}\s+(.*)", line)
        if match:
            base = slug(match.group(1))
            count = seen.get(base, 0)
            seen[base] = count + 1
            out.add(base if count == 0 else f"{base}-{count}")
    return out


# ---------------------------------------------------------------- the README


def test_readme_has_at_most_1200_words():
    words = len(README.read_text(encoding="utf-8").split())
    assert words <= MAX_README_WORDS, f"README.md has {words} words (wc -w), at most {MAX_README_WORDS}"


def test_readme_links_every_docs_page():
    linked = {(README.parent / target.split("#")[0]).resolve() for _, _, target in links(README)}
    missing = [str(page.relative_to(ROOT)) for page in PAGES if page.resolve() not in linked]
    assert not missing, f"README.md does not link {missing}"


def test_the_readme_commands_come_first_and_ci_runs_the_test_command():
    first = blocks(README)[0]
    commands = [line.split("#")[0].strip() for line in first.text.strip().split("\n")]
    assert commands == [
        'pip install -e ".[app]" && asteroyds app',
        'pip install -e ".[test]" && python -m pytest',
    ]
    ci = [
        line.strip()
        for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").split("\n")
        if line.strip()
    ]
    assert ci[-1] == commands[1], ".ci/run no longer ends with the README's test command"


def test_every_docs_page_says_who_it_is_for():
    for page in PAGES:
        head = "\n".join(page.read_text(encoding="utf-8").split("\n")[:8])
        assert "**Who this is for:**" in head or "**À qui s'adresse" in head, f"{page.relative_to(ROOT)}"


# ---------------------------------------------------------------- links


def test_every_relative_link_resolves():
    broken = []
    for path in MARKDOWN:
        for line, _, target in links(path):
            if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:: not followed
                continue
            address, _, anchor = target.partition("#")
            address = address.split("?")[0]
            file = (path.parent / address).resolve() if address else path
            where = f"{path.relative_to(ROOT)}:{line}: {target}"
            if not file.exists():
                broken.append(f"{where} (no such file)")
            elif anchor and file.suffix == ".md" and anchor not in anchors(file):
                broken.append(f"{where} (no heading #{anchor})")
    assert not broken, "\n".join(broken)


def test_the_link_checker_sees_a_broken_link(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("# Title\n\n[ok](#title) [gone](missing.md) `[code](nowhere.md)`\n", encoding="utf-8")
    assert [target for _, _, target in links(page)] == ["#title", "missing.md"]
    assert anchors(page) == {"title"}
    assert slug('What "best" means') == "what-best-means"
    assert slug("`asteroyds room`: class rooms") == "asteroyds-room-class-rooms"


# ---------------------------------------------------------------- shell examples


def commands_of(text: str) -> list[tuple[str, list[str]]]:
    """(command, the texts it must print) for each command of a bash block, `\\` lines joined."""
    out: list[tuple[str, list[str]]] = []
    pending = ""
    for raw in text.split("\n"):
        line = raw.rstrip()
        if line.strip().startswith(PRINTS) and out and not pending:
            out[-1][1].append(line.strip()[len(PRINTS) :].strip())
            continue
        if not pending and (not line.strip() or line.strip().startswith("#")):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        out.append((pending + line, []))
        pending = ""
    return out


def runnable(block: Block) -> bool:
    if block.lang not in ("bash", "sh", "shell"):
        return False
    commands = commands_of(block.text)
    return bool(commands) and commands[0][0].startswith(("asteroyds ", "export ASTEROYDS_"))


def is_server(command: str) -> bool:
    return command.startswith("asteroyds app")


SHELL_BLOCKS = [block for path in MARKDOWN for block in blocks(path) if runnable(block)]
SERVER_BLOCKS = [b for b in SHELL_BLOCKS if any(is_server(c) for c, _ in commands_of(b.text))]
COMMAND_BLOCKS = [b for b in SHELL_BLOCKS if b not in SERVER_BLOCKS]


def shim(folder: Path) -> dict[str, str]:
    """An environment whose `asteroyds` is this checkout's, speaking English, stores in `folder`."""
    bin_dir = folder / ".bin"
    bin_dir.mkdir()
    script = bin_dir / "asteroyds"
    script.write_text(
        f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -m asteroyds.cli "$@"\n', encoding="utf-8"
    )
    script.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ASTEROYDS_", "LC_", "LANGUAGE"))}
    env.update(
        PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}",
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")])),
        LANG="C.UTF-8",
        XDG_DATA_HOME=str(folder / ".data"),
    )
    return env


def script_for(commands: list[tuple[str, list[str]]], out: str) -> str:
    lines = ["set -u -o pipefail", f"mkdir -p {out}"]
    for number, (command, _) in enumerate(commands):
        code = EXIT.sub("", command).rstrip()
        # Each command on a line of its own, so a trailing comment ends there.
        if code.startswith("asteroyds "):
            lines += ["{ " + code, f"}} > {out}/{number} 2>&1"]
        else:
            lines.append(code)
        lines.append(f"echo $? > {out}/{number}.rc")
        lines.append(f'[ "$(cat {out}/{number}.rc)" = "{expected_exit(command)}" ] || exit 0')
    return "\n".join(lines) + "\n"


def expected_exit(command: str) -> int:
    match = EXIT.search(command)
    return int(match.group(1)) if match else 0


def check_block(block: Block, folder: Path) -> None:
    commands = commands_of(block.text)
    out = ".docs-out"
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["bash", "-c", script_for(commands, out)],
        cwd=folder,
        env=shim(folder),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, f"{block.where}: bash failed: {done.stderr[-2000:]}"
    for number, (command, prints) in enumerate(commands):
        rc_file = folder / out / f"{number}.rc"
        assert rc_file.exists(), f"{block.where}: `{command}` was not reached"
        printed_file = folder / out / str(number)
        printed = printed_file.read_text(encoding="utf-8") if printed_file.exists() else ""
        rc = int(rc_file.read_text().strip())
        assert rc == expected_exit(command), f"{block.where}: `{command}` exited {rc}\n{printed[-2000:]}"
        for text in prints:
            assert text in printed, f"{block.where}: `{command}` did not print {text!r}:\n{printed[-2000:]}"


def test_there_are_shell_examples_to_run():
    """A guard: the conventions above must keep finding the pages' examples."""
    assert len(COMMAND_BLOCKS) >= 5 and SERVER_BLOCKS
    assert any(expected_exit(c) == 2 for b in COMMAND_BLOCKS for c, _ in commands_of(b.text))


@pytest.mark.parametrize("block", COMMAND_BLOCKS, ids=lambda b: b.where)
def test_shell_example_runs(block, tmp_path):
    check_block(block, tmp_path)


def test_a_wrong_documented_output_fails(tmp_path):
    wrong = Block(
        README,
        1,
        "bash",
        "asteroyds asteroids racing --seed 1 --dice 3 5 2\n# prints: a sentence it never says\n",
    )
    with pytest.raises(AssertionError, match="did not print"):
        check_block(wrong, tmp_path / "a")
    bad_exit = Block(README, 1, "bash", "asteroyds asteroids racing --dice 3 5 9\n")
    with pytest.raises(AssertionError, match="exited 2"):
        check_block(bad_exit, tmp_path / "b")


def served_arguments(command: str, port: int) -> list[str]:
    """The block's `asteroyds app` options, on 127.0.0.1 and a free port, without a browser."""
    words = shlex.split(EXIT.sub("", command), comments=True)
    assert words[:2] == ["asteroyds", "app"], command
    args, rest = [], iter(words[2:])
    for word in rest:
        if word in ("--ip", "--port"):
            next(rest)
        elif word.startswith(("--ip=", "--port=")):
            pass
        else:
            args.append(word)
    args += ["--ip", "127.0.0.1", "--port", str(port)]
    return args if "--no-browser" in args else [*args, "--no-browser"]


@pytest.mark.slow
@pytest.mark.parametrize("block", SERVER_BLOCKS, ids=lambda b: b.where)
def test_server_example_starts_answers_and_stops(block, tmp_path):
    commands = commands_of(block.text)
    assert len(commands) == 1, f"{block.where}: a server command stands alone in its block"
    port = free_port()
    args = served_arguments(commands[0][0], port)
    title = "Académie Asteroyds" if "fr" in args else "Asteroyds Academy"
    log_path = tmp_path / "app.log"
    with log_path.open("w") as log:
        app = subprocess.Popen(
            [sys.executable, "-m", "asteroyds.cli", "app", *args],
            cwd=tmp_path,
            env=shim(tmp_path),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            page, deadline = "", time.monotonic() + 120
            while time.monotonic() < deadline and app.poll() is None and title not in page:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60) as response:
                        page = response.read().decode("utf-8", "replace")
                except OSError:
                    time.sleep(0.5)
            assert title in page, f"{block.where}: no welcome page\n{log_path.read_text()[-2000:]}"
        finally:
            if app.poll() is None:
                os.killpg(app.pid, signal.SIGTERM)
            app.wait(timeout=60)
    assert app.returncode is not None


def test_server_options_are_made_local():
    assert served_arguments("asteroyds app --ip 0.0.0.0 --port 8866 --no-browser", 9999) == [
        "--no-browser",
        "--ip",
        "127.0.0.1",
        "--port",
        "9999",
    ]


# ---------------------------------------------------------------- Python examples

PYTHON_BLOCKS = [block for path in MARKDOWN for block in blocks(path) if block.lang == "python"]


def test_there_are_python_examples():
    assert len(PYTHON_BLOCKS) >= 3


@pytest.mark.parametrize("block", PYTHON_BLOCKS, ids=lambda b: b.where)
def test_python_example_runs(block, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    if block.text.lstrip().startswith(">>>"):
        test = doctest.DocTestParser().get_doctest(block.text, {}, block.where, str(block.path), block.line)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        report: list[str] = []
        runner.run(test, out=report.append)
        assert runner.failures == 0 and runner.tries > 0, "".join(report)
    else:
        done = subprocess.run(
            [sys.executable, "-c", block.text],
            cwd=tmp_path,
            env=shim(tmp_path),
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, f"{block.where}:\n{done.stderr[-2000:]}"


# ---------------------------------------------------------------- the teacher's guides

GUIDES = {"en": DOCS / "teachers.md", "fr": DOCS / "fr" / "enseignants.md"}


def headings(notebook: Path) -> list[str]:
    """A notebook's Markdown headings, in order (the first is the title the app shows)."""
    return [
        line.lstrip("#").strip()
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        if cell["cell_type"] == "markdown"
        for line in "".join(cell["source"]).split("\n")
        if line.startswith("#")
    ]


def first_heading(notebook: Path) -> str:
    found = headings(notebook)
    assert found, f"{notebook} has no heading"
    return found[0]


def app_links(guide: Path) -> list[tuple[int, str, Path, str | None]]:
    """(line, text, notebook, demo name or None) of each link to a page of the app."""
    out = []
    for line, text, target in links(guide):
        address, _, query = target.partition("?")
        if address.endswith(".ipynb"):
            demo = re.fullmatch(r"demo=([\w-]+)", query.split("#")[0]) if query else None
            out.append((line, text, (guide.parent / address).resolve(), demo.group(1) if demo else None))
    return out


def title_problems(guide: Path, lang: str) -> list[str]:
    """One line per link of the guide whose text is not the title the app shows."""
    folder = (ROOT / "notebooks" / ("fr" if lang == "fr" else "")).resolve()
    wrong = []
    for line, text, notebook, demo in app_links(guide):
        where = f"{guide.name}:{line}"
        if notebook.parent != folder:
            wrong.append(f"{where}: {notebook.name} is not a page in the guide's language")
        elif demo is not None:
            if demo not in list_demos():
                wrong.append(f"{where}: no demonstration {demo!r}")
            elif text != load_demo(demo).shown("title", lang):
                wrong.append(
                    f"{where}: {text!r} is not the title of {demo}: {load_demo(demo).shown('title', lang)!r}"
                )
        elif text != first_heading(notebook):
            wrong.append(
                f"{where}: {text!r} is not the title of {notebook.name}: {first_heading(notebook)!r}"
            )
    return wrong


@pytest.mark.parametrize("lang", sorted(GUIDES))
def test_the_teachers_guide_names_pages_and_demos_by_their_titles(lang):
    guide = GUIDES[lang]
    found = app_links(guide)
    wrong = title_problems(guide, lang)
    assert not wrong, "\n".join(wrong)
    pages = {notebook.name for _, _, notebook, demo in found if demo is None}
    demos = {demo for _, _, _, demo in found if demo}
    # The lesson's chapters, the practice page, the sandbox and the class room game.
    assert {"00_welcome.ipynb", "03_moving_asteroids.ipynb", "04_flying.ipynb", "10_capture.ipynb"} <= pages
    assert {"practice.ipynb", "sandbox.ipynb"} <= pages
    assert {"class_room.ipynb", "join.ipynb"} <= pages
    assert len(demos) >= 5


def test_a_wrong_title_is_caught(tmp_path):
    up = os.path.relpath(ROOT / "notebooks", tmp_path)
    guide = tmp_path / "guide.md"
    guide.write_text(
        f"[3 · Moving the asteroids]({up}/03_moving_asteroids.ipynb) "
        f"[3 · The asteroids]({up}/03_moving_asteroids.ipynb) "
        f"[Hector: forward twice]({up}/teachers_tools.ipynb?demo=pilot-hector) "
        f"[Hector]({up}/teachers_tools.ipynb?demo=pilot-hector) "
        f"[x]({up}/teachers_tools.ipynb?demo=no-such-demo) "
        f"[3 · Le mouvement des astéroïdes]({up}/fr/03_moving_asteroids.ipynb)\n",
        encoding="utf-8",
    )
    problems = title_problems(guide, "en")
    assert len(problems) == 4, problems
    assert "'3 · The asteroids' is not the title" in problems[0]
    assert "'Hector' is not the title of pilot-hector" in problems[1]
    assert "no demonstration 'no-such-demo'" in problems[2]
    assert "not a page in the guide's language" in problems[3]


def test_both_guides_use_the_same_pages_and_demos():
    def used(guide: Path) -> set[tuple[str, str | None]]:
        return {(notebook.name, demo) for _, _, notebook, demo in app_links(guide)}

    assert used(GUIDES["en"]) == used(GUIDES["fr"])


SECTION_COLUMNS = ("on the projector", "where it is shown", "au vidéoprojecteur", "où c'est montré")
ITALIC = re.compile(r"(?<!\*)\*([^*]+)\*(?!\*)")


def named_sections(guide: Path) -> list[tuple[int, str, Path | None]]:
    """(line, italic phrase, the chapter last linked in its column) in the guide's lesson tables."""
    out: list[tuple[int, str, Path | None]] = []
    column, chapter = None, None
    for number, line in enumerate(prose(guide).split("\n"), 1):
        if not line.startswith("|"):
            column, chapter = None, None
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if column is None:
            column = next((i for i, cell in enumerate(cells) if cell in SECTION_COLUMNS), -1)
            continue
        if column < 0 or column >= len(cells) or set(cells[column]) <= set("-: "):
            continue
        cell = cells[column]
        for _, target in re.findall(r"\[([^\]]*)\]\(([^)]+)\)", cell):
            if target.endswith(".ipynb"):
                chapter = (guide.parent / target).resolve()
        out += [(number, phrase, chapter) for phrase in ITALIC.findall(LINK.sub("", cell))]
    return out


@pytest.mark.parametrize("lang", sorted(GUIDES))
def test_the_sections_the_lessons_name_are_the_chapters_headings(lang):
    guide = GUIDES[lang]
    found = named_sections(guide)
    wrong = [
        f"{guide.relative_to(ROOT)}:{line}: {phrase!r} is not a heading of "
        f"{chapter.relative_to(ROOT) if chapter else 'a linked chapter'}"
        for line, phrase, chapter in found
        if chapter is None or phrase not in headings(chapter)
    ]
    assert not wrong, "\n".join(wrong)
    assert len(found) >= 15
