"""Bounds declared in the rules: every whole-number option and every match length has a
range beside its declaration, refused outside it with a ConfigError that names the option
and its range; a points grid's TOML is bounded in depth and its values in size."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import openwhist
from openwhist.errors import ConfigError
from openwhist.rules.belgian.grid import GRID_MAX_DEPTH, GRID_MAX_POINTS, load_grid, toml_depth
from openwhist.rules.options import OptionInfo, OptionsRecord, option, option_infos, without_ranges
from openwhist.rules.registry import get_variant, resolve, variants

HUGE = (10**30, 2**63, 10**310, -(2**63))

NUMBERS = [(v, info) for v in variants() for info in option_infos(get_variant(v).options_type)
           if info.type is int or info.type == int | None]
"""Every whole-number option of every family (optional ones included)."""


def _ids(param: tuple[str, OptionInfo]) -> str:
    return f"{param[0]}.{param[1].name}"


def test_every_whole_number_option_declares_a_range() -> None:
    assert {v for v, _ in NUMBERS} >= {"classic", "german", "belgian"}
    for _, info in NUMBERS:
        assert info.range is not None, info.name
        lo, hi = info.range
        assert lo <= hi <= 1000, info  # bounds a rule book could use, never astronomical


def test_an_option_without_its_range_is_a_mistake_of_the_rules() -> None:
    @dataclass(frozen=True)
    class Careless(OptionsRecord):
        tricks: int = option(7, "how many")

    with pytest.raises(TypeError, match="declares its range"):
        option_infos(Careless)


@pytest.mark.parametrize(("variant", "info"), NUMBERS, ids=[_ids(p) for p in NUMBERS])
def test_out_of_range_is_refused_naming_the_option_and_its_range(variant: str, info: OptionInfo) -> None:
    assert info.range is not None
    lo, hi = info.range
    for value in (lo - 1, hi + 1, *HUGE, True, 2.5, "7"):
        with pytest.raises(ConfigError) as caught:
            resolve(variant, **{info.name: value})
        err = caught.value
        assert err.code == "option_range", (value, err)
        assert err.values == {"option": info.name, "min": lo, "max": hi}
        assert f"{info.name} is a whole number in {lo}..{hi}" in str(err)
        assert len(str(err)) < 200  # a number of 310 digits is not written out


@given(st.data())
def test_every_value_in_range_passes_the_range_check(data: st.DataObject) -> None:
    variant, info = data.draw(st.sampled_from(NUMBERS))
    assert info.range is not None
    value = data.draw(st.integers(*info.range))
    try:
        resolve(variant, **{info.name: value})
    except ConfigError as exc:  # an option tied to another (best_of odd, single_from <= target)
        assert exc.code != "option_range", exc


@given(st.data())
def test_every_value_out_of_range_is_refused(data: st.DataObject) -> None:
    variant, info = data.draw(st.sampled_from(NUMBERS))
    assert info.range is not None
    lo, hi = info.range
    value = data.draw(st.one_of(st.integers(max_value=lo - 1), st.integers(min_value=hi + 1)))
    with pytest.raises(ConfigError) as caught:
        resolve(variant, **{info.name: value})
    assert caught.value.code == "option_range"


def test_an_optional_number_may_be_none_but_a_plain_one_may_not() -> None:
    assert resolve("german", race=None)[1].race is None
    with pytest.raises(ConfigError, match="target is a whole number in 1..100, not None"):
        resolve("classic", target=None)


def test_ranges_are_reported_with_the_options() -> None:
    infos = {i.name: i for i in option_infos(get_variant("classic").options_type)}
    assert infos["target"].range == (1, 100)
    assert infos["trump"].range is None


# --- match lengths ---------------------------------------------------------------------------


@pytest.mark.parametrize("variant", variants())
def test_every_match_length_is_bounded(variant: str) -> None:
    rules = get_variant(variant).match_rules(resolve(variant)[1])
    for length in rules.lengths():
        most = length.max_count
        assert length.default_count <= most <= 1000
        rules.check_length(length.until, most - (most % 2 == 0 and length.odd))
        for count in (most + 1, *HUGE, 0, -1):
            with pytest.raises(ConfigError) as caught:
                rules.check_length(length.until, count)
            assert caught.value.code == "count_range"
            assert caught.value.values == {"until": length.until, "min": 1, "max": most}
            assert len(str(caught.value)) < 200


def test_matches_that_never_end_are_refused() -> None:
    for big in (10**30, 2**63):
        with pytest.raises(ConfigError, match="count"):
            openwhist.new_match("classic", until="deals", count=big)
        with pytest.raises(ConfigError, match="target"):
            openwhist.new_match("classic", target=big)
        with pytest.raises(ConfigError, match="match_target"):
            openwhist.new_match("german", scoring="meggiesoft", match_target=big)
    assert openwhist.new_match("classic", until="rubber", count=20, seed=1).count == 20


def test_what_was_stored_before_the_ranges_still_loads() -> None:
    with without_ranges():
        assert resolve("classic", target=500)[1].target == 500
        match = openwhist.new_match("classic", until="deals", count=500, seed=1)
        with pytest.raises(ConfigError):  # types are still checked
            resolve("classic", target="five")
    assert match.count == 500
    with pytest.raises(ConfigError, match="target"):  # and outside the block, ranges again
        resolve("classic", target=500)


# --- points grids ----------------------------------------------------------------------------

GRID = Path(openwhist.__file__).parent / "rules" / "grids" / "whisthub.toml"
PAIR_8 = "made = 8\nmade_per_trick = 3\nmade_all = 30\nfailed = 11\nfailed_per_trick = 3\n"


def _grid_text() -> str:
    text = GRID.read_text(encoding="utf-8")
    assert PAIR_8 in text and load_grid("whisthub").name == "whisthub"
    return text


@pytest.mark.parametrize("nested", [
    "deep = " + "[" * 1200 + "]" * 1200,
    "deep = " + "{a = " * 600 + "1" + "}" * 600,
    "deep = " + "[{a = " * 300 + "1" + "}]" * 300,
    "[" + "a." * 3000 + "b]\nc = 1",  # dotted keys are deep in the result, not in brackets
])
def test_a_grid_nested_deep_is_refused_before_it_is_parsed(nested: str) -> None:
    text = 'name = "deep"\n' + nested + "\n"
    with pytest.raises(ConfigError) as caught:
        openwhist.new_match("belgian", grid=text)
    assert caught.value.code in ("grid_nested", None), caught.value  # never a RecursionError
    if nested.startswith("deep"):
        assert caught.value.code == "grid_nested"
        assert caught.value.values == {"most": GRID_MAX_DEPTH}
        assert "line 2" in str(caught.value)


def test_depth_counts_brackets_outside_strings_and_comments() -> None:
    assert toml_depth(_grid_text())[0] == 2
    assert toml_depth('a = "[[[[[[[["  # {{{{{{{{\nb = \'[[[[[[\'\nc = """\n[[[[[[\n"""')[0] == 0
    assert toml_depth('a = "say \\"[[[[[[\\""')[0] == 0
    assert toml_depth("a = [[[1]]]\nb = 2\n")[0] == 3


@pytest.mark.parametrize("value", [GRID_MAX_POINTS + 1, 10**30, 10**310])
def test_a_grid_paying_more_than_its_bound_is_refused(value: int) -> None:
    for key in ("made", "failed", "made_per_trick", "made_all", "failed_per_trick"):
        entry = "".join(f"{line.split(' = ')[0]} = {value}\n" if line.startswith(key + " ") else line + "\n"
                        for line in PAIR_8.splitlines())
        text = _grid_text().replace(PAIR_8, entry, 1)
        assert text != _grid_text()
        with pytest.raises(ConfigError) as caught:
            openwhist.new_match("belgian", grid=text)
        assert caught.value.code == "grid_range", (key, caught.value)
        assert caught.value.values == {"most": GRID_MAX_POINTS}
        assert len(str(caught.value)) < 200


def test_a_grid_paying_its_bound_is_accepted() -> None:
    text = _grid_text().replace("made = 8\n", f"made = {GRID_MAX_POINTS}\n", 1)
    assert openwhist.new_match("belgian", grid=text, seed=1).options.grid == text
