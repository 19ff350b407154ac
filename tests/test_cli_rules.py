"""The ``rules`` command and the top-level help."""

from __future__ import annotations

from typer.testing import CliRunner

from openwhist.cli import app


def test_rules_shows_the_options_of_a_preset() -> None:
    out = CliRunner().invoke(app, ["rules", "english-long"], env={"COLUMNS": "200"})
    assert out.exit_code == 0
    assert "target" in out.stdout and "10" in out.stdout
    assert "presets of classic: english-short, english-long" in out.stdout


def test_rules_prints_every_variants_options_with_their_help() -> None:
    from openwhist.rules.base import option_infos
    from openwhist.rules.registry import get_variant, variants

    for name in variants():
        record = get_variant(name)
        out = CliRunner().invoke(app, ["rules", name], env={"COLUMNS": "400"})
        assert out.exit_code == 0, out.output
        assert f"({record.default_preset})" in out.stdout
        for info in option_infos(record.options_type):
            assert info.help, f"{name}: option {info.name} has no help"
            assert info.name in out.stdout
            assert all(word in out.stdout for word in info.help.split()[:6]), info.help
    # the help is plain text, not reST: no double back-quotes
    assert "``" not in CliRunner().invoke(app, ["rules"], env={"COLUMNS": "400"}).stdout


def test_rules_unknown_variant_is_one_error_line() -> None:
    out = CliRunner().invoke(app, ["rules", "bridge"])
    assert out.exit_code == 2
    assert "unknown variant 'bridge'" in out.output and "Traceback" not in out.output


def test_every_command_has_help() -> None:
    runner = CliRunner()
    top = runner.invoke(app, ["--help"], env={"COLUMNS": "200"})
    assert top.exit_code == 0
    for command in ("play", "simulate", "arena", "rules"):
        assert command in top.stdout
        sub = runner.invoke(app, [command, "--help"], env={"COLUMNS": "200"})
        assert sub.exit_code == 0 and "--help" in sub.stdout
