"""The worked examples run end to end on a tiny budget."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("matplotlib")

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True, timeout=300)


def test_training_writes_weights_a_learning_curve_and_a_summary(tmp_path: Path) -> None:
    run = _run(str(EXAMPLES / "train_policy.py"), "--deals", "60", "--window", "20",
               "--out", "w.npz", "--plot", "curve.png", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    assert summary["deals"] == 60
    assert (tmp_path / "curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    theta = np.load(tmp_path / "w.npz")["theta"]
    assert theta.shape == (len(summary["theta"]),) and np.abs(theta).sum() > 0


def test_evaluation_of_a_trained_policy_on_duplicate_boards(tmp_path: Path) -> None:
    assert _run(str(EXAMPLES / "train_policy.py"), "--deals", "20", "--window", "10", "--out", "w.npz",
                "--plot", "c.png", cwd=tmp_path).returncode == 0
    run = _run(str(EXAMPLES / "evaluate_policy.py"), "--policy", "w.npz", "--opponent", "random",
               "--boards", "4", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["boards"] == 4
    for key in ("tricks_per_deal", "points_per_deal", "gain_points_per_deal"):
        ci = out[key]
        assert ci["low"] <= ci["mean"] <= ci["high"]
    assert 0 <= out["tricks_per_deal"]["mean"] <= 13


def test_the_rule_of_thumb_policy_beats_the_random_bot(tmp_path: Path) -> None:
    run = _run(str(EXAMPLES / "evaluate_policy.py"), "--opponent", "random", "--boards", "30",
               "--greedy", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["gain_points_per_deal"]["low"] > 0


def test_bad_arguments_get_a_one_line_error(tmp_path: Path) -> None:
    run = _run(str(EXAMPLES / "evaluate_policy.py"), "--policy", "missing.npz", cwd=tmp_path)
    assert run.returncode == 2 and "Traceback" not in run.stderr and "missing.npz" in run.stderr
    run = _run(str(EXAMPLES / "train_policy.py"), "--deals", "0", cwd=tmp_path)
    assert run.returncode == 2 and "Traceback" not in run.stderr
