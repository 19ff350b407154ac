"""The research environment: PettingZoo AEC environments and OpenSpiel games for every
variant, and their tensors (docs/tensors.md)."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import openwhist
from openwhist.env import rewards, tensors

pettingzoo = pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from openwhist.env import aec_env, spiel  # noqa: E402
from openwhist.env.aec import WhistEnv  # noqa: E402

VARIANTS = openwhist.variants()
EXACT_BID = [v for v in VARIANTS if openwhist.rules.registry.header(v).bids]
"""The families whose players bid exact tricks, for 3 to 6 players."""
CASES = [pytest.param(v, {}, id=v) for v in VARIANTS] + [
    pytest.param(v, {"players": n}, id=f"{v}-{n}") for v in EXACT_BID for n in (3, 5, 6)]
"""Every variant (its default options), and the exact-bid whists at 3, 5 and 6 players."""
DOCS = Path(__file__).resolve().parents[1] / "docs" / "tensors.md"


# --- PettingZoo ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "options"), CASES)
def test_pettingzoo_api_test_passes(variant: str, options: dict[str, int]) -> None:
    api_test(aec_env(variant, **options), num_cycles=300)


@pytest.mark.parametrize(("variant", "options"), CASES)
def test_pettingzoo_seed_test_passes(variant: str, options: dict[str, int]) -> None:
    seed_test(lambda: aec_env(variant, **options), num_cycles=300)


@pytest.mark.parametrize(("variant", "options"), CASES)
def test_an_episode_of_random_play_ends_with_the_deals_points_as_rewards(variant: str,
                                                                          options: dict[str, int]) -> None:
    env = WhistEnv(variant, **options)
    env.reset(seed=11)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.sum() == len(env.deal.legal_actions())
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert steps <= env.header.max_actions
    result = env.deal.result()
    assert env.header.min_points <= min(result.points) <= max(result.points) <= env.header.max_points
    if env.header.scores == "player" or len(env.header.seats) == 4:
        assert sum(totals.values()) == pytest.approx(0.0)
    winner = max(totals, key=lambda a: totals[a])
    assert totals[winner] >= 0


def test_an_episode_of_several_deals_rotates_the_dealer_and_carries_the_score() -> None:
    env = WhistEnv("classic", deals=3)
    env.reset(seed=5)
    dealers = [env.deal.dealer]
    rng = random.Random(2)
    while not all(env.terminations.values()):
        before = env.deal
        env.step(rng.choice(list(env.deal.legal_actions())))
        if env.deal is not before:
            dealers.append(env.deal.dealer)
    assert dealers == [0, 1, 2]
    assert len(env.match.sheet) == 3 and "totals" in env.infos["N"]


@pytest.mark.parametrize(("variant", "options"), CASES)
def test_a_match_episode_gives_each_deals_rewards_as_it_ends(variant: str, options: dict[str, int]) -> None:
    env = WhistEnv(variant, deals=2, **options)
    env.reset(seed=8)
    rng = random.Random(8)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        _, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(rng.choice(list(env.deal.legal_actions())))
    assert len(env.match.sheet) == 2
    expected = dict.fromkeys(env.possible_agents, 0.0)
    for deal in env.match.deals:
        gains = rewards.seat_returns(tuple(deal.result().points), deal.sides, env.header)
        for seat, gain in zip(env.header.seats, gains):
            expected[env.agent_of[seat]] += gain
    assert totals == pytest.approx(expected)


def test_an_illegal_action_ends_the_episode_with_a_penalty() -> None:
    env = aec_env("classic")
    env.reset(seed=1)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    agent = env.agent_selection
    env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1


def test_bad_arguments_are_refused_with_a_message() -> None:
    with pytest.raises(openwhist.errors.ConfigError, match="render_mode"):
        WhistEnv("classic", render_mode="rgb")
    with pytest.raises(openwhist.errors.ConfigError, match="deals"):
        WhistEnv("classic", deals=0)
    with pytest.raises(openwhist.errors.ConfigError, match="unknown variant"):
        WhistEnv("skat")


def test_render_shows_the_table_as_text() -> None:
    env = WhistEnv("german", render_mode="ansi")
    env.reset(seed=4)
    text = env.render()
    assert "N:" in text and "S:" in text


# --- OpenSpiel --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "options"), CASES)
def test_openspiel_random_simulation_and_serialisation(variant: str, options: dict[str, int]) -> None:
    game = pyspiel.load_game(spiel.game_name(variant), options)
    assert game.num_players() == options.get("players", game.num_players())
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


def test_games_take_a_preset_options_and_a_dealer() -> None:
    game = pyspiel.load_game("openwhist_classic", {"preset": "american", "options": "target=9",
                                                   "dealer": 2})
    assert game.options.target == 9 and not game.options.honours and game.dealer == 2
    german = pyspiel.load_game("openwhist_german(options=face_up:2)")
    assert german.num_distinct_actions() > 52 and german.options.face_up == 2
    pyspiel.random_sim_test(german, num_sims=2, serialize=True, verbose=False)
    same = pyspiel.load_game("openwhist_classic(options=target:7;honours:false,preset=american)")
    assert same.options.target == 7 and not same.options.honours
    with pytest.raises(openwhist.errors.ConfigError, match="unknown option"):
        pyspiel.load_game("openwhist_classic", {"options": "colour=red"})


def _dealt(game: object) -> int:
    """The chance nodes that deal a game's cards (the cards in play)."""
    return len(spiel.spec_of(game).deck)


def _random_state(game: object, rng: random.Random, moves: int) -> object:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal() and len(state.history()) < _dealt(game) + moves:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("variant", "options"), CASES)
def test_resampling_keeps_the_players_information_and_changes_the_hidden_cards(
        variant: str, options: dict[str, int]) -> None:
    game = pyspiel.load_game(spiel.game_name(variant), options)
    dealt = _dealt(game)
    rng = random.Random(7)
    checked = changed = 0
    for _ in range(40):
        state = _random_state(game, rng, rng.randrange(1, 40))
        if state.is_terminal():
            continue
        for player in range(game.num_players()):
            other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.information_state_tensor(player) == state.information_state_tensor(player)
            assert other.history()[dealt:] == state.history()[dealt:]
            mine = state.seat_observation(player).hand.mask
            assert other.seat_observation(player).hand.mask == mine
            changed += other.history()[:dealt] != state.history()[:dealt]
        checked += 1
        if checked >= 8:
            break
    assert checked >= 3 and changed >= checked


def test_resampling_while_dealing_keeps_the_players_cards() -> None:
    game = pyspiel.load_game("openwhist_classic")
    state = game.new_initial_state()
    for c in range(30):
        state.apply_action(c)
    other = state.resample_from_infostate(2, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(2) == state.information_state_string(2)
    assert other.dealt_to(2) == state.dealt_to(2)


def test_resampled_worlds_respect_a_shown_void() -> None:
    game = pyspiel.load_game("openwhist_classic")
    rng = random.Random(3)
    for _ in range(200):
        state = _random_state(game, rng, rng.randrange(8, 40))
        if state.is_terminal():
            continue
        player = state.current_player()
        voids = state.seat_observation(player).voids()
        if any(voids[h] for h in voids if h != player):
            break
    else:
        pytest.fail("no state with a shown void")
    for _ in range(5):
        other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        hands = other.deal.locations()
        for h, suits in voids.items():
            held = [c for c in range(52) if hands[openwhist.rules.seats.seat_name(h, 4)] >> c & 1] \
                if openwhist.rules.seats.seat_name(h, 4) in hands else None
            if held is None:
                continue
            assert not any(c // 13 in suits for c in held)


def test_openspiel_algorithms_run_on_whist() -> None:
    from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

    game = pyspiel.load_game("openwhist_german")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=5,
                           random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    action = bot.step(state)
    assert action in state.legal_actions()
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(3):
        solver.iteration()
    assert solver.average_policy() is not None


def test_openspiel_rl_agents_learn_on_whist() -> None:
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import tabular_qlearner

    env = rl_environment.Environment("openwhist_german")
    agents = [tabular_qlearner.QLearner(player_id=i, num_actions=env.action_spec()["num_actions"])
              for i in range(2)]
    for _ in range(2):
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            step = env.step([agents[player].step(step).action])
        for agent in agents:
            agent.step(step)
        assert sum(step.rewards) == 0 and step.rewards[0] != 0 or step.rewards == [0.0, 0.0]
    assert len(step.observations["info_state"][0]) == pyspiel.load_game(
        "openwhist_german").information_state_tensor_size()


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_oh_hell_game_plays_as_openspiels_oh_hell_on_the_same_deals(players: int) -> None:
    """Our OpenSpiel game and OpenSpiel's ``oh_hell`` given the same deals (ours: the cards
    round the table from the dealer's left, then the trump card, then the rest; theirs:
    the tricks, the dealer, the k-th card to player k mod n, the trump card), every
    player to act and legal action compared in lock-step, and the returns at the end."""
    from test_oh_hell_openspiel import os_action, os_card

    rng = random.Random(players)
    record = openwhist.rules.registry.get_variant("oh-hell")
    for _ in range(40):
        opts = record.options(players=players)
        cards = rng.randint(1, opts.most_cards)
        dealer = rng.randrange(players)
        deal = record.deal(opts, seed=rng.getrandbits(62), dealer=dealer, cards=cards)
        ours = pyspiel.load_game("openwhist_oh-hell", {"players": players, "cards": cards,
                                                       "dealer": dealer}).new_initial_state()
        for c in spiel.deck_from_setup(ours.get_game(), deal.setup()):
            ours.apply_action(c)
        theirs = pyspiel.load_game("oh_hell", {"players": players}).new_initial_state()
        theirs.apply_action(cards)
        theirs.apply_action(dealer)
        hands = [[c for c in range(52) if deal.hands[h] >> c & 1] for h in range(players)]
        for k in range(players * cards):
            theirs.apply_action(os_card(hands[k % players][k // players]))
        theirs.apply_action(os_card(deal.turn_up))
        assert ours.seat_observation(0).hand.mask == deal.hands[0]
        while not ours.is_terminal():
            assert not theirs.is_terminal() and theirs.current_player() == ours.current_player()
            legal = ours.legal_actions()
            assert sorted(os_action(a) for a in legal) == sorted(theirs.legal_actions())
            action = rng.choice(legal)
            ours.apply_action(action)
            theirs.apply_action(os_action(action))
        assert theirs.is_terminal()
        points = [int(p) for p in theirs.returns()]
        header = spiel.spec_of(ours.get_game()).header
        assert ours.returns() == pytest.approx(rewards.seat_returns(points, header.sides, header))


# --- tensors ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "options"), CASES)
def test_both_adapters_give_the_same_tensors_at_every_step(variant: str, options: dict[str, int]) -> None:
    env = WhistEnv(variant, **options)
    env.reset(seed=21)
    game = pyspiel.load_game(spiel.game_name(variant), options)
    state = game.new_initial_state()
    for c in spiel.deck_from_setup(game, env.deal.setup()):
        state.apply_action(c)
    players = {a: i for i, a in enumerate(env.possible_agents)}
    rng = random.Random(4)
    while not env.deal.is_over():
        for agent, p in players.items():
            np.testing.assert_array_equal(env.observe(agent)["observation"],
                                          np.asarray(state.observation_tensor(p), np.float32))
        action = rng.choice(list(env.deal.legal_actions()))
        assert sorted(state.legal_actions()) == sorted(int(a) for a in env.deal.legal_actions())
        env.step(int(action))
        state.apply_action(int(action))
    assert state.is_terminal()
    assert state.returns() == [env._cumulative_rewards[a] for a in env.possible_agents]


@pytest.mark.parametrize(("variant", "options"), CASES)
def test_tensor_sections_say_what_the_observation_says(variant: str, options: dict[str, int]) -> None:
    layout = tensors.tensor_layout(variant, **options)
    deal = openwhist.new_deal(variant, seed=8, **options)
    rng = random.Random(8)
    while not deal.is_over():
        hand = deal.to_move
        seat = deal.controller(hand)
        obs = deal.observation(seat)
        t = tensors.information_state_tensor(obs, layout)
        assert set(np.unique(t)) <= {0.0, 1.0}
        assert np.flatnonzero(layout.view(t, "hand")[0]).tolist() == [int(c) for c in obs.hand]
        assert layout.view(t, "to_move")[0].tolist().index(1.0) == (hand - seat) % layout.hands
        for one_hot in ("trump", "leader", "dealer", "hand_sizes", "tricks_won", "hidden"):
            assert (layout.view(t, one_hot).sum(axis=1) == 1).all(), one_hot
        played = layout.view(t, "played").sum()
        assert played == len(obs.played) + len(obs.trick) - sum(1 for _, c in obs.trick if c in obs.played)
        assert layout.view(t, "history").sum() == played
        np.testing.assert_array_equal(t[:layout.observation_size], tensors.observation_tensor(obs, layout))
        mask = tensors.action_mask(obs, layout)
        assert np.flatnonzero(mask).tolist() == sorted(int(a) for a in obs.legal)
        deal.apply(rng.choice(list(deal.legal_actions())))


def test_sections_tile_the_tensors() -> None:
    for variant in VARIANTS:
        layout = tensors.tensor_layout(variant)
        offset = 0
        for s in layout.information:
            assert s.offset == offset
            offset += s.size
        assert offset == layout.information_size
        assert layout.information[:len(layout.observation)] == layout.observation


def test_the_public_view_has_no_tensor() -> None:
    deal = openwhist.new_deal("classic", seed=1)
    with pytest.raises(ValueError, match="public view"):
        tensors.observation_tensor(deal.public_observation(), tensors.tensor_layout("classic"))


@pytest.mark.parametrize("variant", VARIANTS)
def test_docs_show_each_variants_layout(variant: str) -> None:
    text = DOCS.read_text(encoding="utf-8")
    assert tensors.tensor_layout(variant).table() in text


@pytest.mark.parametrize("variant", ["classic", "german"])
def test_the_kept_closed_tricks_never_change_a_tensor(variant: str) -> None:
    """Deals played, undone and cloned in turns: each tensor equals one made from nothing."""
    layout = tensors.tensor_layout(variant)
    rng = random.Random(5)
    deals = [openwhist.new_deal(variant, seed=s) for s in range(3)]
    for _ in range(600):
        deal = rng.choice(deals)
        if deal.history and (deal.is_over() or rng.random() < 0.25):
            deal.undo()
        else:
            deal.apply(rng.choice(list(deal.legal_actions())))
        if rng.random() < 0.05:
            deals.append(deal.clone())
        obs = deal.observation(rng.choice(deal.seats))
        got = tensors.information_state_tensor(obs, layout)
        kept = tensors._MEMO
        tensors._MEMO = {n: [None] for n in tensors.HAND_COUNTS}
        fresh = tensors.information_state_tensor(obs, layout)
        tensors._MEMO = kept
        np.testing.assert_array_equal(got, fresh)


def test_the_information_state_tells_the_order_of_play_and_the_observation_does_not() -> None:
    """Two deals that reach the same cards played by the same hands in another order."""
    layout = tensors.tensor_layout("classic")
    hands = ["S:AKQJ H:AKQ D:AKQ C:AKQ", "S:T987 H:JT9 D:JT9 C:JT9",
             "S:6543 H:876 D:876 C:876", "S:2 H:5432 D:5432 C:5432"]
    first = openwhist.new_deal("classic", hands=hands, dealer=3)
    second = first.clone()
    for deal, order in ((first, ["AS", "TS", "6S", "2S", "AH", "JH", "8H", "5H"]),
                        (second, ["AH", "JH", "8H", "5H", "AS", "TS", "6S", "2S"])):
        for card in order:
            deal.apply(card)
    a, b = first.observation(0), second.observation(0)
    seen = tensors.observation_tensor
    np.testing.assert_array_equal(seen(a, layout), seen(b, layout))
    known = tensors.information_state_tensor
    assert (known(a, layout) != known(b, layout)).any()
