"""The trick-play core compiled with mypyc: built into the per-user cache under a key of its
source, loaded by ``import openwhist`` where it is built, the same rules as the pure
Python core (which ``OPENWHIST_PURE_PYTHON=1`` keeps), and a clear word where it cannot
be built."""

from __future__ import annotations

import copy
import os
import pickle
import re
import subprocess
import sys
from pathlib import Path

import pytest

import openwhist
from openwhist import native
from openwhist.native import __main__ as native_cli
from openwhist.rules import tricks

ROOT = Path(__file__).resolve().parent.parent

# plays random deals of every family and prints a digest of every event and result
PLAY = """
import hashlib, random, sys
import openwhist
from openwhist import native
digest = hashlib.sha256()
for variant in ("classic", "dummy", "german", "belgian", "romanian", "oh-hell"):
    for seed in range(40):
        deal = openwhist.new_deal(variant, seed=seed)
        rng = random.Random(seed)
        events = []
        while not deal.is_over():
            events.append(deal.apply(rng.choice(list(deal.legal_actions()))))
            if rng.random() < 0.05 and variant == "classic":
                deal.undo()
        digest.update(repr((events, deal.result())).encode())
print(native.is_compiled(), digest.hexdigest())
"""


def _run(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=300, cwd=ROOT)


def test_the_key_is_the_source_and_the_python(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    source = tmp_path / "core.py"
    source.write_text("x = 1\n")
    monkeypatch.setattr(native, "_source", lambda module: source)
    first = native.source_key()
    assert native.source_key() == first
    source.write_text("x = 2\n")
    assert native.source_key() != first  # an edited source is never served stale code
    monkeypatch.setenv("OPENWHIST_CACHE_DIR", str(tmp_path / "cache"))
    assert re.fullmatch(r"core-[0-9a-f]{16}", native.cache_dir().name)
    assert native.cache_dir().parent == tmp_path / "cache"
    assert not native.is_built()


def test_the_compiled_core_is_loaded_where_it_is_built() -> None:
    if not native.is_built():
        pytest.skip("the compiled core is not built on this machine")
    assert native.is_compiled()
    assert str(tricks.__file__).endswith(native._SUFFIX)
    # the rules' classes are built on the compiled class itself
    state = openwhist.new_deal("classic", seed=1)
    assert isinstance(state, tricks.TrickPlay)
    assert type(tricks.TrickPlay._play_card).__name__ != "function"


@pytest.mark.parametrize("variant", ["classic", "dummy", "german", "belgian"])
def test_a_state_pickles_and_copies_with_every_field(variant: str) -> None:
    # compiled, the trick-play fields are not in the object's __dict__
    deal = openwhist.new_deal(variant, seed=2)
    for _ in range(5):
        deal.apply(deal.legal_actions()[0])
    assert copy.copy(deal) == deal
    copies = [pickle.loads(pickle.dumps(deal)), copy.deepcopy(deal)]
    assert copies == [deal, deal]
    while not deal.is_over():
        card = deal.legal_actions()[0]
        events = deal.apply(card)
        assert [other.apply(card) for other in copies] == [events, events]
    assert [other.result() for other in copies] == [deal.result(), deal.result()]


def test_the_pure_python_core_plays_the_same_cards_and_scores() -> None:
    pure = _run(PLAY, OPENWHIST_PURE_PYTHON="1")
    assert pure.returncode == 0, pure.stderr
    assert pure.stdout.split()[0] == "False"
    here = _run(PLAY)
    assert here.returncode == 0, here.stderr
    assert here.stdout.split()[0] == str(native.is_built())
    assert here.stdout.split()[1] == pure.stdout.split()[1]


def test_the_pure_python_core_passes_the_rules_tests() -> None:
    if not native.is_built():
        pytest.skip("the default run already tests the pure Python core")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider",
         "tests/test_trick_play.py", "tests/test_classic_rules.py", "tests/test_properties.py"],
        capture_output=True, text=True, env={**os.environ, "OPENWHIST_PURE_PYTHON": "1"},
        timeout=600, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-3000:]  # (5 if no test had run)


def test_build_check_and_load_from_a_fresh_cache(tmp_path: Path) -> None:
    why = native.can_build()
    if why is not None:
        pytest.skip(why)
    env = {"OPENWHIST_CACHE_DIR": str(tmp_path)}
    check = [sys.executable, "-m", "openwhist.native", "--check"]
    assert subprocess.run(check, env={**os.environ, **env}, cwd=ROOT).returncode == 1
    built = subprocess.run([sys.executable, "-m", "openwhist.native"], capture_output=True,
                           text=True, env={**os.environ, **env}, cwd=ROOT, timeout=300)
    assert built.returncode == 0, built.stderr
    assert "trick-play core compiled in" in built.stdout and str(tmp_path) in built.stdout
    assert subprocess.run(check, env={**os.environ, **env}, cwd=ROOT).returncode == 0
    folders = list(tmp_path.glob("core-*"))
    assert len(folders) == 1 and not list(tmp_path.glob("core-*/*.c"))  # only the extensions
    again = subprocess.run([sys.executable, "-m", "openwhist.native", "--if-needed"],
                           capture_output=True, text=True, env={**os.environ, **env}, cwd=ROOT)
    assert again.returncode == 0 and again.stdout == ""
    loaded = _run("from openwhist import native; print(native.is_compiled())", **env)
    assert loaded.stdout.strip() == "True", loaded.stderr


def test_a_machine_that_cannot_build_says_why(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("OPENWHIST_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(native_cli, "can_build", lambda: "no C compiler (install gcc)")
    assert native_cli.main(["--if-needed"]) == 0  # the set-up goes on, pure Python
    assert "stays pure Python: no C compiler" in capsys.readouterr().err
    assert native_cli.main([]) == 1
    monkeypatch.setattr(native, "can_build", lambda: "no C compiler (install gcc)")
    with pytest.raises(RuntimeError, match="cannot be built: no C compiler"):
        native.build()


def test_a_folder_that_cannot_be_written_is_named(tmp_path: Path) -> None:
    if native.can_build() is not None:
        pytest.skip("this machine cannot build the core")
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    done = subprocess.run([sys.executable, "-m", "openwhist.native"], capture_output=True, text=True,
                          env={**os.environ, "OPENWHIST_CACHE_DIR": str(blocker / "cache")}, cwd=ROOT)
    assert done.returncode == 1
    assert done.stderr.startswith("error: cannot write the compiled core to ")
    assert str(blocker) in done.stderr and "Traceback" not in done.stderr


def test_a_broken_cache_folder_leaves_the_pure_core(tmp_path: Path) -> None:
    # a folder of the right name holding something that is not the compiled core
    key = _run("from openwhist import native; print(native.source_key())",
               OPENWHIST_PURE_PYTHON="1").stdout.strip()
    folder = tmp_path / f"core-{key}"
    folder.mkdir()
    (folder / "notes.txt").write_text("not an extension")
    code = "import openwhist; from openwhist import native; print(native.is_compiled())"
    loaded = _run(code, OPENWHIST_CACHE_DIR=str(tmp_path))
    assert loaded.returncode == 0 and loaded.stdout.strip() == "False", loaded.stderr
    # a damaged file where the compiled module should be
    (folder / f"openwhist.rules.tricks{native._SUFFIX}").write_bytes(b"\x7fELF damaged")
    loaded = _run(code + "; print(openwhist.new_deal('classic', seed=1).legal_actions()[0])",
                  OPENWHIST_CACHE_DIR=str(tmp_path))
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.split()[0] == "False"


def test_the_compiled_modules_hold_no_doctests() -> None:
    # pytest leaves their files out of the doctest run (pyproject.toml): a compiled module
    # cannot be collected from its source file, so an example there would never run
    for module in native.MODULES:
        assert ">>>" not in native._source(module).read_text(), module
