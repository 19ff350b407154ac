"""The solver's kernels agree: C (``_kernel.c``), numba where it is installed, and their
source run as plain Python give the same values, card by card, and the C and numba
kernels visit the same nodes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from openwhist.cards import parse_hand
from openwhist.solver import (
    BACKENDS,
    Position,
    backend,
    last_stats,
    load_kernels,
    solve,
    solve_all,
    using_kernels,
)
from openwhist.solver.position import Objective
from test_solver_props import positions

GOLDEN = json.loads((Path(__file__).parent / "data" / "dds_whist_golden.json").read_text())
SEATS = "NESW"
HAS_NUMBA = "numba" in sys.modules or __import__("importlib").util.find_spec("numba") is not None


def golden_position(hands: dict[str, str], trump: str, leader: str) -> Position:
    lead = SEATS.index(leader)
    return Position(tuple(parse_hand(hands[s]) for s in SEATS), "CDHS".index(trump), lead, (),
                    (0, 1, 0, 1), (lead + 1) % 2)


def answers(name: str, pos: Position) -> tuple[int, dict[str, int], int]:
    """The value, the value of each card and the nodes of that search, on kernels ``name``."""
    with using_kernels(name):
        value = solve(pos)
        cards = {str(c): v for c, v in solve_all(pos).items()}
        return value, cards, last_stats().nodes


def late_golden_positions(after: int) -> list[Position]:
    """The golden deals' positions after ``after`` tricks, for each of its objectives."""
    out = []
    for deal in GOLDEN["deals"]:
        for p in deal["positions"]:
            if p["after_tricks"] == after:
                pos = golden_position(p["hands"], deal["trump"], p["leader"])
                out.append(pos)
                out.append(pos.with_objective("min"))
                out.append(pos.with_objective(f"exactly {p['tricks_leader_side']}"))
    return out


def test_the_default_kernels_are_c_where_a_compiler_is_at_hand() -> None:
    assert set(BACKENDS) == {"c", "numba", "python"}
    if os.environ.get("OPENWHIST_SOLVER") is None:
        assert backend() == "c"


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_c_kernels_match_the_plain_python_ones(pos: Position) -> None:
    # every layout (2, 3, 4 hands, partners, 1 v 2, 1 v 3), trump and no-trump, every
    # objective, and tricks in progress
    c = answers("c", pos)
    python = answers("python", pos)
    assert c[:2] == python[:2]
    assert c[2] == python[2]  # the same search, node for node


def test_c_kernels_match_the_plain_python_ones_on_late_golden_positions() -> None:
    for pos in late_golden_positions(9)[:36]:
        assert answers("c", pos) == answers("python", pos), pos


def test_c_kernels_match_plain_python_on_german_solo_and_misere() -> None:
    german = Position((parse_hand("AKT.Q2.-.-"), parse_hand("QJ.AK.3.-")), trump=3, leader=0,
                      sides=(0, 1))
    solo = Position((parse_hand("AK.K.-.2"), parse_hand("Q3.-.A.3"), parse_hand("J4.A.-.4"),
                     parse_hand("5.Q.K.5")), trump=-1, leader=1, sides=(0, 1, 1, 1))
    misere = solo.with_objective(Objective("min"))
    for pos in (german, german.with_objective("at least 3"), solo, misere,
                misere.with_objective("at most 0")):
        assert answers("c", pos) == answers("python", pos), pos


# slow: the first run compiles the numba kernels (minutes); the plain Python kernels, the
# same source, are compared node for node in the default run
@pytest.mark.slow
@pytest.mark.skipif(not HAS_NUMBA, reason="numba is not installed")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_c_kernels_match_the_numba_ones(pos: Position) -> None:
    assert answers("c", pos) == answers("numba", pos)


@pytest.mark.slow
@pytest.mark.skipif(not HAS_NUMBA, reason="numba is not installed")
def test_c_kernels_match_the_numba_ones_on_every_golden_opening() -> None:
    for deal in GOLDEN["deals"]:
        pos = golden_position(deal["hands"], deal["trump"], deal["leader"])
        assert answers("c", pos) == answers("numba", pos)


def test_an_unknown_kernel_name_is_refused() -> None:
    from openwhist.errors import InvalidActionError

    with pytest.raises(InvalidActionError, match="one of c, numba, python"):
        load_kernels("fortran")


def test_without_numba_the_solver_plays_on_c_or_plain_python(tmp_path: Path) -> None:
    """A process where numba cannot be imported solves on C kernels, and on plain Python
    where asked or where no C compiler is installed; none imports numba."""
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('numba', 'llvmlite'):\n"
        "            raise ImportError(name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import openwhist\n"
        "from openwhist.solver import Position, backend, solve\n"
        "pos = Position.from_deal('N:AK.2.-.- Q3.-.2.- J4.-.-.2 5.3.3.-', trump='S')\n"
        "print(backend(), solve(pos), any(m.startswith(('numba', 'llvmlite')) for m in sys.modules))\n"
    )
    src = str(Path(__file__).resolve().parent.parent / "src")
    env: dict[str, Any] = dict(os.environ, PYTHONPATH=src, OPENWHIST_CACHE_DIR=str(tmp_path))
    for name, want in (("", "c 2 False"), ("python", "python 2 False")):
        env["OPENWHIST_SOLVER"] = name
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == want
    # no compiler on the path, none built in the cache: plain Python
    empty = tmp_path / "bin"
    empty.mkdir()
    env.update(OPENWHIST_SOLVER="", PATH=str(empty), OPENWHIST_CACHE_DIR=str(tmp_path / "fresh"))
    env.pop("CC", None)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "python 2 False"


def test_the_set_up_command_builds_the_c_kernels_once(tmp_path: Path) -> None:
    env = dict(os.environ, OPENWHIST_CACHE_DIR=str(tmp_path))
    env.pop("OPENWHIST_SOLVER", None)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "openwhist.solver", *args], env=env,
                              capture_output=True, text=True)

    assert run("--check").returncode == 1  # an empty cache
    first = run("--if-needed")
    assert first.returncode == 0 and "c kernels" in first.stdout
    assert list(tmp_path.glob("solverc-*/_kernel.so"))
    assert run("--check").returncode == 0
    again = run("--if-needed")
    assert again.returncode == 0 and again.stdout == ""  # built already: quiet
    env["OPENWHIST_SOLVER"] = "cobol"
    refused = run()
    assert refused.returncode == 2 and "one of c, numba, python" in refused.stderr


@pytest.fixture(scope="module")
def portable_kernels(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The C kernels compiled for any processor of the kind (no bit extract or vector
    instructions: the plain C paths of ``_kernel.c``)."""
    import ctypes

    from openwhist.solver import _ckernel

    cc = _ckernel.compiler()
    if cc is None:
        pytest.skip("no C compiler")
    out = tmp_path_factory.mktemp("portable") / "_kernel.so"
    subprocess.run([cc, *_ckernel._FLAGS, *_ckernel._defines(), "-o", str(out), str(_ckernel.SOURCE)],
                   check=True)
    import openwhist.solver as solver

    return solver._Engine(_ckernel.Kernels(ctypes.CDLL(str(out))))  # an engine of their own


def portable_answers(engine: Any, pos: Position) -> tuple[int, dict[str, int], int]:
    import openwhist.solver as solver

    before = getattr(solver._chosen, "engine", None)
    solver._chosen.engine = engine
    try:
        return solve(pos), {str(c): v for c, v in solve_all(pos).items()}, last_stats().nodes
    finally:
        solver._chosen.engine = before


def test_portable_c_kernels_match_the_native_ones(portable_kernels: Any) -> None:
    for deal in GOLDEN["deals"][:3]:
        pos = golden_position(deal["hands"], deal["trump"], deal["leader"])
        assert portable_answers(portable_kernels, pos) == answers("c", pos)
    for pos in late_golden_positions(6)[:12]:
        assert portable_answers(portable_kernels, pos) == answers("c", pos)
    german = Position((parse_hand("AKT.Q2.J9.-"), parse_hand("QJ.AK.3.43")), trump=2, leader=1, sides=(0, 1))
    assert portable_answers(portable_kernels, german) == answers("c", german)


def test_a_cache_that_cannot_be_written_still_gets_the_c_kernels(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    env = dict(os.environ, OPENWHIST_CACHE_DIR=str(blocker / "cache"),
               PYTHONPATH=str(Path(__file__).resolve().parent.parent / "src"))
    env.pop("OPENWHIST_SOLVER", None)
    code = ("from openwhist.solver import Position, backend, solve\n"
            "print(backend(), solve(Position.from_deal('N:AK.2.-.- Q3.-.2.- J4.-.-.2 5.3.3.-', trump='S')))")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["c", "2"]


def test_the_c_kernels_leave_numba_unloaded() -> None:
    """Where numba is installed too, searching on the C kernels does not import it (a
    second or more of start-up, and its memory)."""
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent / "src"))
    env.pop("OPENWHIST_SOLVER", None)
    code = ("import sys\n"
            "from openwhist.solver import Position, backend, solve\n"
            "solve(Position.from_deal('N:AK.2.-.- Q3.-.2.- J4.-.-.2 5.3.3.-', trump='S'))\n"
            "print(backend(), any(m.startswith(('numba', 'llvmlite')) for m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["c", "False"]


NO_NUMPY = (
    "import sys\n"
    "class Block:\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name.split('.')[0] in ('numpy', 'numba', 'llvmlite'):\n"
    "            raise ImportError(name)\n"
    "sys.meta_path.insert(0, Block())\n"
)


def test_play_needs_no_numpy_where_the_c_kernels_are_had(tmp_path: Path) -> None:
    """The install to play has no numpy: the C kernels search in memory of their own, and
    a computer player's card, a solved lead and a German play phase need nothing more."""
    code = NO_NUMPY + (
        "import openwhist\n"
        "from openwhist.bots.pimc import PimcBot\n"
        "from openwhist.solver import Position, backend, solve, solve_all\n"
        "from openwhist.solver.position import parse_hand\n"
        "d = openwhist.new_deal('classic', seed=7, dealer=0)\n"
        "card = PimcBot(seed=1).choose(d.observation(d.controller(d.to_move)))\n"
        "pos = Position.from_deal('N:AK.2.-.- Q3.-.2.- J4.-.-.2 5.3.3.-', trump='S')\n"
        "german = Position((parse_hand('AKT.Q2.J9.-'), parse_hand('QJ.AK.3.43')), trump=2, leader=1,"
        " sides=(0, 1))\n"
        "print(backend(), solve(pos), sorted(solve_all(pos).values()), solve(german),"
        " card in d.legal_actions(), 'numpy' in sys.modules)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent / "src"),
               OPENWHIST_CACHE_DIR=str(tmp_path))
    env.pop("OPENWHIST_SOLVER", None)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    german = Position((parse_hand("AKT.Q2.J9.-"), parse_hand("QJ.AK.3.43")), trump=2, leader=1, sides=(0, 1))
    pos = Position.from_deal("N:AK.2.-.- Q3.-.2.- J4.-.-.2 5.3.3.-", trump="S")
    want = f"c {solve(pos)} {sorted(solve_all(pos).values())} {solve(german)} True False"
    assert done.stdout.strip() == want


def test_without_numpy_and_a_compiler_the_solver_says_what_to_install(tmp_path: Path) -> None:
    empty = tmp_path / "bin"
    empty.mkdir()
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent / "src"),
               OPENWHIST_CACHE_DIR=str(tmp_path / "fresh"), PATH=str(empty))
    env.pop("OPENWHIST_SOLVER", None)
    env.pop("CC", None)
    code = NO_NUMPY + (
        "from openwhist.cli import main\n"
        "sys.argv = ['openwhist', 'solve', 'N:AK.2.-.- Q3.-.2.- J4.-.-.2 5.3.3.-', '--no-table']\n"
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert "C compiler" in done.stderr and "numpy" in done.stderr


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here")
def test_the_solvers_memory_is_not_shared_with_a_forked_worker() -> None:
    """A pool of workers forked from a process that has searched gets copies of its table
    and work arrays: a worker's searches never write into the parent's (or a sibling's)."""
    from openwhist.solver import _ckernel

    words = _ckernel.words(1 << 20)       # as large as a table: huge pages asked for
    words[5] = 7
    pid = os.fork()
    if pid == 0:                          # the worker writes all over its copy
        _ckernel.clear(words)
        words[5] = -1
        os._exit(0)
    os.waitpid(pid, 0)
    assert words[5] == 7
    # and a whole search in a forked worker leaves the parent's values as they were
    pos = Position.from_deal("N:AK.2.-.- Q3.-.2.- J4.-.-.2 5.3.3.-", trump="S")
    before = solve_all(pos)
    pid = os.fork()
    if pid == 0:
        for deal in GOLDEN["deals"][:2]:
            solve_all(golden_position(deal["hands"], deal["trump"], deal["leader"]))
        os._exit(0)
    os.waitpid(pid, 0)
    assert solve_all(pos) == before
