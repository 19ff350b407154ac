"""Benchmark the install to play: a fresh virtual environment, ``pip install .`` with no
extras, its size on disk, and the first solve and computer player's card in it.

The size counts every file the install put into the environment's ``site-packages``
(bytecode included), less pip and setuptools themselves (which come with every new
environment, whatever is installed); the largest packages are listed.  The first solve
runs ``openwhist solve DEAL --no-table`` with an empty cache folder, as on a fresh
machine (it compiles the solver's C kernels); the first card is a PIMC player's, in a
second fresh process on the cache the solve filled.

Run:  .venv/bin/python bench/bench_install.py [--top 12] [--keep DIR]
(it needs the package index pip uses, and a C compiler for the trick-play core and the
solver's kernels; a minute or two.)
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEAL = "N:AKQ2.K93.T84.J72 JT9.AQ85.K62.A95 8643.J7.AQ97.K84 75.T642.J53.QT63"
PIMC = ("import openwhist; from openwhist.bots.pimc import PimcBot; "
        "d = openwhist.new_deal('classic', seed=7, dealer=0); "
        "print(PimcBot(seed=1).choose(d.observation(d.controller(d.to_move))))")
BASE = ("pip", "setuptools", "pkg_resources", "_distutils_hack", "distutils-precedence.pth")


def size(path: Path) -> int:
    """Bytes of every file under ``path`` (or of the file itself)."""
    if path.is_file():
        return path.stat().st_size
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def package_sizes(site: Path) -> dict[str, int]:
    """Bytes by top-level entry of ``site`` (a package's dist-info counted with it), less
    pip and setuptools."""
    sizes: dict[str, int] = {}
    for entry in site.iterdir():
        name = entry.name.split("-")[0].removesuffix(".libs").removesuffix(".py").lower()
        if name.startswith(BASE) or entry.name.startswith(BASE):
            continue
        sizes[name] = sizes.get(name, 0) + size(entry)
    return sizes


def timed(args: list[str], env: dict[str, str]) -> float:
    """Seconds for one fresh process running ``args``."""
    start = time.perf_counter()
    done = subprocess.run(args, env=env, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"{' '.join(args)} failed:\n{done.stderr[-2000:]}")
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    """Install into a fresh environment and print its size and first-use times."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--top", type=int, default=12, help="largest packages to list (default 12)")
    parser.add_argument("--keep", type=Path, default=None,
                        help="make the environment in this new folder and keep it (default: a "
                             "temporary folder, removed at the end)")
    args = parser.parse_args(argv)
    if args.keep is not None and args.keep.exists():
        sys.exit(f"--keep {args.keep}: it exists already; name a new folder")
    work = Path(tempfile.mkdtemp(prefix="openwhist-install-"))
    venv = args.keep or work / "venv"
    try:
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        python = str(venv / "bin" / "python")
        start = time.perf_counter()
        subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "--no-cache-dir", str(ROOT)], check=True)
        print(f"{'pip install .':<30} {time.perf_counter() - start:7.1f} s")
        [site] = (venv / "lib").glob("python3*/site-packages")
        sizes = package_sizes(site)
        print(f"{'install to play':<30} {sum(sizes.values()) / 1e6:7.1f} MB "
              f"(site-packages less pip and setuptools)")
        for name, n in sorted(sizes.items(), key=lambda kv: -kv[1])[:args.top]:
            print(f"  {name:<28} {n / 1e6:7.1f} MB")
        env = {"PATH": "/usr/bin:/bin", "HOME": str(work), "OPENWHIST_CACHE_DIR": str(work / "cache")}
        solve = [str(venv / "bin" / "openwhist"), "solve", DEAL, "--no-table"]
        print(f"{'first solve (empty cache)':<30} {timed(solve, env):7.1f} s")
        print(f"{'first PIMC card':<30} {timed([python, '-c', PIMC], env):7.1f} s")
        print(f"{'second solve':<30} {timed(solve, env):7.1f} s")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
