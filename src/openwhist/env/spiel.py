"""Every registered variant as an OpenSpiel Python game (``openwhist_<variant>``).

A game starts with 52 chance nodes that deal the pack card by card (uniformly among the
cards left): the first ``13 * hands`` cards go round the table from the dealer's left,
the dealer's last card is the turn-up where the variant turns one up, and any cards left
(German whist's stock) lie in that order, top first.  Then the players act with the
stable action ids (cards 0-51, then calls where the variant has them).  Players are the
seats at the table in order (Dummy whist: N, E, W; N also plays the dummy).

Returns come at the end (terminal reward model): a seat's points (or its side's) minus the
mean of the seats it plays against, as :func:`openwhist.env.rewards.seat_returns` says.
The information state and observation (strings and tensors) are the seat's
:class:`~openwhist.rules.observation.Observation`, as JSON and as the tensors of
``docs/tensors.md``; ``resample_from_infostate`` deals the unseen cards again consistently
with the seat's information (shown voids, the cards' places, the calls made).

Game parameters: ``preset`` (a preset of the variant), ``options`` (``key:value`` pairs
separated by ``;``, the form that survives OpenSpiel's game strings, e.g.
``"openwhist_classic(options=target:7;honours:false)"``; ``key=value`` and commas are read
too where the parameters are given as a dict) and ``dealer`` (a hand number).  Where the
number of players is an option (the exact-bid whists, 3 to 6) it is the ``players``
parameter too; where the hand size changes from deal to deal by the match rules, the
``cards`` parameter is the hand size of the game's one deal (0: the most cards), and the
chance nodes deal only the cards in play (a short deck's), round the table from the
dealer's left, then the card turned for trump if one is left, then the rest face down.

>>> import pyspiel, openwhist.env
>>> game = pyspiel.load_game("openwhist_classic")
>>> game.num_players(), game.num_distinct_actions(), game.max_game_length()
(4, 52, 104)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel

from openwhist.cards import parse_hand
from openwhist.env.rewards import seat_returns, zero_sum
from openwhist.env.tensors import (
    CARDS,
    TensorLayout,
    information_state_tensor,
    layout_for,
    observation_tensor,
)
from openwhist.errors import ConfigError, WhistError
from openwhist.rules.actions import action_name
from openwhist.rules.observation import Observation
from openwhist.rules.options import options_from_strings
from openwhist.rules.protocol import Deal
from openwhist.rules.registry import DEFAULT_VARIANT, get_variant, new_deal, variants
from openwhist.rules.seats import parse_seat, seat_name
from openwhist.rules.variant import VariantHeader

__all__ = ["WhistGame", "WhistState", "deal_from_deck", "deck_from_setup", "game_name", "register_all"]

HAND_CARDS = 13
"""Cards dealt to each hand."""


def game_name(variant: str) -> str:
    """The OpenSpiel name of a variant's game (``openwhist_classic``)."""
    return f"openwhist_{variant}"


def _pair(text: str) -> str:
    """``key:value`` (the form that survives OpenSpiel's game strings) as ``key=value``."""
    key, colon, value = text.partition(":")
    return text if "=" in text or not colon else f"{key}={value}"


def _players_option(variant: str) -> bool:
    """True where the number of players is an option of the variant (a ``players`` game
    parameter)."""
    return "players" in get_variant(variant).header_options


def _sized(variant: str, options: Any) -> bool:
    """True where the match rules give each deal its hand size (a ``cards`` parameter)."""
    return "cards" in get_variant(variant).match_rules(options).deal_args()


def _parse_params(variant: str, params: dict[str, Any]) -> tuple[Any, int]:
    """Options and the dealer from a game's parameters."""
    record = get_variant(variant)
    preset = str(params.get("preset", record.default_preset))
    text = str(params.get("options", "")).strip()
    pairs = [_pair(p) for p in text.replace(",", ";").split(";") if p.strip()]
    overrides = options_from_strings(record.options_type, pairs, record.hands)
    if _players_option(variant) and "players" in params and "players" not in overrides:
        overrides["players"] = int(params["players"])
    options = record.options(preset, **overrides)
    hands = record.header(options).hands
    try:
        dealer = parse_seat(params.get("dealer", 0), hands)
    except WhistError:
        raise ConfigError(f"dealer must be a hand 0-{hands - 1}, "
                          f"not {params.get('dealer')!r}") from None
    return options, dealer


def _game_type(variant: str, header: VariantHeader) -> Any:
    record = get_variant(variant)
    zero = zero_sum(header)
    return pyspiel.GameType(
        short_name=game_name(variant),
        long_name=f"openwhist {variant}: {record.description}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=header.players,
        min_num_players=header.players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(variant, header),
        default_loadable=True,
    )


def _parameters(variant: str, header: VariantHeader) -> dict[str, Any]:
    """A game's parameters and their defaults."""
    record = get_variant(variant)
    out: dict[str, Any] = {"preset": record.default_preset, "options": "", "dealer": 0}
    if _players_option(variant):
        out["players"] = header.players
    if _sized(variant, record.options()):
        out["cards"] = 0
    return out


@dataclass(frozen=True)
class GameSpec:
    """What a game's states need of it: the variant, its options, the dealer, the header
    and the tensor layout (kept apart from the ``pyspiel.Game``, which copies of states
    may not carry)."""

    variant: str
    options: Any
    dealer: int
    header: VariantHeader
    layout: TensorLayout
    cards: int | None = None
    """The cards a hand is dealt where the match rules size each deal (None: 13)."""
    deck: tuple[int, ...] = tuple(range(CARDS))
    """The cards in play, ascending: the chance outcomes."""

    @property
    def hand_cards(self) -> int:
        """Cards dealt to each hand."""
        return HAND_CARDS if self.cards is None else self.cards

    def __deepcopy__(self, memo: dict[int, Any]) -> GameSpec:
        return self  # immutable: a cloned state shares it


class _DealBox:
    """Holds a state's deal; a deep copy (what OpenSpiel's ``clone`` makes of a Python
    state) copies the deal with the rules' own ``clone``, many times faster."""

    __slots__ = ("deal",)

    def __init__(self, deal: Deal | None) -> None:
        self.deal = deal

    def __deepcopy__(self, memo: dict[int, Any]) -> _DealBox:
        return _DealBox(None if self.deal is None else self.deal.clone())

    def __getstate__(self) -> tuple[Deal | None]:
        return (self.deal,)

    def __setstate__(self, state: tuple[Deal | None]) -> None:
        (self.deal,) = state


def make_spec(variant: str, params: dict[str, Any]) -> GameSpec:
    """A game's spec from its parameters."""
    options, dealer = _parse_params(variant, params)
    record = get_variant(variant)
    header = record.header(options)
    if not _sized(variant, options):
        return GameSpec(variant, options, dealer, header, layout_for(header))
    # one deal of the hand size asked for (0: the largest), from the cards in play
    most = header.hand_cards
    cards = int(params.get("cards", 0)) or most
    if not 1 <= cards <= most:
        raise ConfigError(f"cards is a hand size 1-{most} (0: {most}), not {cards}")
    deck = tuple(c for c in range(CARDS) if header.deck >> c & 1)
    return GameSpec(variant, options, dealer, header, layout_for(header), cards, deck)


def _cards_of(text: str) -> list[int]:
    """The card ids of a hand's text, ascending."""
    mask = parse_hand(text)
    return [c for c in range(CARDS) if mask >> c & 1]


def spec_of(game: Any) -> GameSpec:
    """The spec of a game (or a spec itself)."""
    if isinstance(game, GameSpec):
        return game
    spec = getattr(game, "spec", None)
    if spec is None:
        spec = make_spec(game.variant, dict(game.get_parameters()))
        game.spec = spec
    return spec


class WhistGame(pyspiel.Game):  # type: ignore[misc]
    """A variant of whist as an OpenSpiel game (made by ``pyspiel.load_game``)."""

    variant = DEFAULT_VARIANT

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        spec = make_spec(self.variant, params)
        self.spec = spec
        header = spec.header
        spread = float(header.max_points - header.min_points)
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.layout.actions,
            max_chance_outcomes=CARDS,
            num_players=header.players,
            min_utility=-spread,
            max_utility=spread,
            utility_sum=0.0 if zero_sum(header) else None,
            max_game_length=len(spec.deck) + header.max_actions,
        )
        super().__init__(_game_type(self.variant, header), info, params)

    @property
    def options(self) -> Any:
        """The variant's options record."""
        return spec_of(self).options

    @property
    def dealer(self) -> int:
        """The dealer of every deal."""
        return spec_of(self).dealer

    def new_initial_state(self) -> WhistState:
        """The state before the first card is dealt."""
        return WhistState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> WhistObserver:
        """The observer of a seat: the information state when perfect recall is asked
        for, else the observation (see ``docs/tensors.md``)."""
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        return WhistObserver(spec_of(self), kind, params)


class WhistState(pyspiel.State):  # type: ignore[misc]
    """A deal in progress: the cards dealt so far, then the openwhist deal itself."""

    def __init__(self, game: WhistGame) -> None:
        super().__init__(game)
        self.whist_game = spec_of(game)
        self.deck: list[int] = []
        self._box = _DealBox(None)
        self._player_of = {s: i for i, s in enumerate(self.whist_game.header.seats)}

    @property
    def deal(self) -> Deal | None:
        """The openwhist deal once the cards are dealt (None while dealing)."""
        return self._box.deal

    @deal.setter
    def deal(self, deal: Deal | None) -> None:
        self._box.deal = deal

    # --- the OpenSpiel state API -------------------------------------------------------------

    def current_player(self) -> int:
        """The player to act, CHANCE while dealing, TERMINAL once the deal is over."""
        deal = self.deal
        if deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        hand = deal.to_move
        if hand is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return self._player_of[deal.controller(hand)]

    def _legal_actions(self, player: int) -> list[int]:
        """The legal action ids, ascending."""
        assert self.deal is not None
        return sorted(int(a) for a in self.deal.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not yet dealt, each as likely."""
        left = sorted(set(self.whist_game.deck) - set(self.deck))
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _apply_action(self, action: int) -> None:
        """Deal the next card, or take an action in the deal."""
        if self.deal is None:
            self.deck.append(int(action))
            if len(self.deck) == len(self.whist_game.deck):
                self.deal = deal_from_deck(self.whist_game, self.deck)
        else:
            self.deal.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        """``deal QH`` for a chance outcome, else the action's text."""
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action_name(action)}"
        return action_name(action)

    def is_terminal(self) -> bool:
        """True once the deal is over."""
        return self.deal is not None and self.deal.is_over()

    def returns(self) -> list[float]:
        """Each player's return (0 until the end)."""
        if not self.is_terminal():
            return [0.0] * self.whist_game.header.players
        assert self.deal is not None
        return seat_returns(self.deal.result().points, self.deal.sides, self.whist_game.header)

    def __str__(self) -> str:
        if self.deal is None:
            return f"dealing: {len(self.deck)} cards dealt"
        return str(self.deal)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> WhistState:
        """A state the player cannot tell from this one: the unseen cards dealt again at
        random, keeping every shown void and every call legal (the history is replayed
        on the new deal)."""
        draw = probability_sampler() if callable(probability_sampler) else random.random()
        rng = random.Random(int(draw * 2**53))
        return resample(self, player_id, rng)

    # --- views ---------------------------------------------------------------------------------

    def seat_observation(self, player: int) -> Observation | None:
        """The player's observation (None while dealing)."""
        if self.deal is None:
            return None
        return self.deal.observation(self.whist_game.header.seats[player])

    def dealt_to(self, player: int) -> int:
        """The cards dealt so far to the player's hands (a mask), while dealing."""
        game = self.whist_game
        n = game.header.hands
        seat = game.header.seats[player]
        mask = 0
        for i, c in enumerate(self.deck[:game.hand_cards * n]):
            if (game.dealer + 1 + i) % n == seat:
                mask |= 1 << c
        return mask


def deal_from_deck(game: GameSpec | WhistGame, deck: Sequence[int]) -> Deal:
    """The deal the 52 chance outcomes make: the cards round the table from the dealer's
    left, the dealer's last card last (the turn-up), the rest as a stock, top first."""
    game = spec_of(game)
    n = game.header.hands
    if game.cards is not None:
        dealt = game.cards * n
        turn_up = deck[dealt] if len(deck) > dealt else None
        hands = [list(deck[k:dealt:n]) for k in range(n)]
        sized: Deal = get_variant(game.variant).deal(game.options, dealer=game.dealer, hands=hands,
                                                     turn_up=turn_up)
        return sized
    dealt = HAND_CARDS * n
    parts: list[list[int]] = [list(deck[k:dealt:n]) for k in range(n)]
    if dealt < CARDS:
        parts.append(list(deck[dealt:]))
    return new_deal(game.variant, options=game.options, dealer=game.dealer, hands=parts)


def deck_from_setup(game: GameSpec | WhistGame, setup: dict[str, Any],
                    prefer: int | None = None) -> list[int]:
    """The 52 chance outcomes that deal what ``Deal.setup()`` describes (the inverse of
    :func:`deal_from_deck`); ``prefer`` is the turn-up to keep when the setup's is not in
    the dealer's hand."""
    game = spec_of(game)
    n = game.header.hands
    hands = setup["hands"]
    turn_up = setup.get("turn_up")
    if game.cards is not None:
        return _sized_deck(game, hands, turn_up)
    deck = [0] * CARDS
    for k in range(n):
        hand = (game.dealer + 1 + k) % n
        mask = parse_hand(hands[seat_name(hand, n)])
        cards = [c for c in range(CARDS) if mask >> c & 1]
        if turn_up is not None and hand == game.dealer and "stock" not in setup:
            up = parse_hand(str(turn_up)).bit_length() - 1
            if up not in cards:
                # the rules' stand-in for a turn-up no longer shown lies in another hand:
                # any trump of the dealer's stands in (only its suit is still known)
                trumps = [c for c in cards if c // HAND_CARDS == up // HAND_CARDS]
                if prefer in cards:
                    up = prefer
                elif trumps:
                    up = trumps[0]
                else:
                    raise ValueError("the dealer holds no trump to stand for the turn-up")
            cards.remove(up)
            cards.append(up)
        for j, c in enumerate(cards):
            deck[k + n * j] = c
    if "stock" in setup:
        stock = [parse_hand(t).bit_length() - 1 for t in str(setup["stock"]).split()]
        deck[HAND_CARDS * n:] = stock
    return deck


def _sized_deck(game: GameSpec, hands: dict[str, str], turn_up: str | None) -> list[int]:
    """The chance outcomes of a sized deal: the hands round the table from the dealer's
    left, the card turned, then the rest of the cards in play, ascending."""
    n = game.header.hands
    k = game.hand_cards
    deck = [0] * (n * k)
    taken = 0
    for i in range(n):
        cards = _cards_of(hands[seat_name((game.dealer + 1 + i) % n, n)])
        if len(cards) != k:
            raise ValueError(f"a hand of {len(cards)} cards in a game of {k}")
        for j, c in enumerate(cards):
            deck[i + n * j] = c
            taken |= 1 << c
    if turn_up is not None:
        up = parse_hand(str(turn_up)).bit_length() - 1
        deck.append(up)
        taken |= 1 << up
    deck.extend(c for c in game.deck if not taken >> c & 1)
    return deck


# --- resampling --------------------------------------------------------------------------------


def _sample_deck(state: WhistState, player: int, rng: random.Random) -> list[int]:
    """While dealing: the player's cards where they were dealt, the rest at random."""
    mine = state.dealt_to(player)
    rest = [c for c in range(CARDS) if not mine >> c & 1]
    rng.shuffle(rest)
    it = iter(rest)
    return [c if mine >> c & 1 else next(it) for c in state.deck]


def resample(state: WhistState, player: int, rng: random.Random, tries: int = 200) -> WhistState:
    """A state with the same information state for ``player`` (see
    :meth:`WhistState.resample_from_infostate`)."""
    game = state.whist_game
    if state.deal is None:
        out: WhistState = state.get_game().new_initial_state()
        for c in _sample_deck(state, player, rng):
            out.apply_action(c)
        return out
    obs = state.seat_observation(player)
    assert obs is not None
    key = state.information_state_string(player)
    actions = state.history()[len(game.deck):]
    rebuild = get_variant(game.variant).rebuild
    dealt = game.hand_cards * game.header.hands
    prefer = state.deck[dealt - 1] if dealt == CARDS and game.cards is None else None
    for _ in range(tries):
        drawn = obs.sample_holdings(rng, tries=1)
        if drawn is None:
            continue
        holdings, hidden = drawn
        try:
            world = rebuild(obs, holdings, hidden)
            deck = deck_from_setup(game, world.setup(), prefer)
            out = state.get_game().new_initial_state()
            for c in deck:
                out.apply_action(c)
            for a in actions:
                out.apply_action(a)
        except (WhistError, pyspiel.SpielError, ValueError, KeyError):
            continue
        if out.information_state_string(player) == key:
            found: WhistState = out
            return found
    raise WhistError(f"no deal consistent with player {player}'s information was found in {tries} draws")


# --- the observer -----------------------------------------------------------------------------


class WhistObserver:
    """OpenSpiel's observer for a seat: the tensor (``tensor`` and its named views in
    ``dict``) and the string, for the information state (perfect recall) or the
    observation."""

    def __init__(self, game: GameSpec, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("openwhist games observe one seat with its private and public information")
        self.layout: TensorLayout = game.layout
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        sections = self.layout.information if self.perfect_recall else self.layout.observation
        size = self.layout.information_size if self.perfect_recall else self.layout.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {s.name: self.tensor[s.offset:s.offset + s.size].reshape(s.rows, s.width)
                     for s in sections}
        fill = information_state_tensor if self.perfect_recall else observation_tensor
        self._fill: Callable[..., Any] = fill

    def set_from(self, state: WhistState, player: int) -> None:
        """Write the player's tensor of ``state`` into ``tensor``."""
        obs = state.seat_observation(player)
        if obs is None:
            self.tensor.fill(0)
            hand = self.dict["hand"][0]
            mask = state.dealt_to(player)
            for c in range(CARDS):
                if mask >> c & 1:
                    hand[c] = 1
            return
        self._fill(obs, self.layout, self.tensor)

    def string_from(self, state: WhistState, player: int) -> str:
        """The player's information state (or observation) as text: the observation's
        JSON (without the order of play for the observation)."""
        obs = state.seat_observation(player)
        if obs is None:
            cards = [action_name(c) for c in range(CARDS) if state.dealt_to(player) >> c & 1]
            return f"dealing {len(state.deck)}: " + " ".join(cards)
        data = obs.to_json()
        if not self.perfect_recall:
            data.pop("tricks", None)
            data.pop("calls", None)
        return json.dumps(data, sort_keys=True, separators=(",", ":"))


# --- registration ------------------------------------------------------------------------------

_REGISTERED: list[str] = []


def register_all() -> list[str]:
    """Register every variant of the registry with OpenSpiel (once); the game names."""
    for variant in variants():
        name = game_name(variant)
        if name in _REGISTERED:
            continue
        cls_name = f"WhistGame_{variant.replace('-', '_')}"
        game_cls = type(cls_name, (WhistGame,), {"variant": variant, "__module__": __name__,
                                                  "__qualname__": cls_name})
        globals()[cls_name] = game_cls  # found by name when a game is pickled
        header = get_variant(variant).header()
        pyspiel.register_game(_game_type(variant, header), game_cls)
        _REGISTERED.append(name)
    return list(_REGISTERED)
