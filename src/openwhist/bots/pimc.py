"""PIMC: Perfect Information Monte Carlo.  Deal the unseen cards at random in ways that fit
everything the observation shows, solve each deal exactly (double dummy) and play the card
with the best average.

The bot sees only its :class:`~openwhist.rules.base.Observation`: its own hand, public
cards (the turn-up while it lies on the table, an exposed dummy), the cards played, the
suits each hand has shown it lacks, and how many cards each hand holds.  Nothing in it is
particular to one family: the sides come from the observation, and the variant's record
rebuilds a full deal from a sampled one (:attr:`~openwhist.rules.base.Variant.rebuild`).

Inference: the other side's cards so far say something about their hands.  Each sampled
deal counts its *surprises*: the opponents' cards that the rule-book player
(:class:`~openwhist.bots.heuristic.HeuristicBot`) would not have played there with those
hands.  A deal weighs ``(1 - trust) ** surprises`` in the average, and more deals are
drawn than solved, the least surprising solved first; so deals that fit the opponents'
play by the book count most (an opening lead from the longest suit, second hand low, the
lowest of touching cards).  With ``infer=policy`` a deal's surprises are instead minus
the log-likelihood of every other hand's cards (partner's too) and calls under a soft
rule book (:mod:`openwhist.bots.infer`), and it weighs that likelihood.

Speed: a search that would pass its node budget is dropped (the budget follows
``time_budget`` at about ``NODES_PER_SECOND``, so play is reproducible with a seed and does
not depend on the machine's load).  Until the first trick is complete, where whole deals
are solved, the budget is ``FIRST_TRICK_BUDGET`` times larger, each deal may take a fifth
of it and a deal too big is replaced by another, so that the opening lead and the first
trick are searched too.  When even so
sampled deals cannot be solved within the budget the bot plays as
:class:`~openwhist.bots.heuristic.HeuristicBot` does instead.

Two hands with a stock still to draw from (German whist's first half): the draws after
each trick change the hands, so a deal is not solved as it lies; the decision is
:class:`~openwhist.bots.solver.SolverBot`'s, sampled deals and stock orders played out
with the draws, then the rest exactly.
"""

from __future__ import annotations

import math
import random
from bisect import insort
from collections.abc import Sequence
from typing import Any

from openwhist.bots.base import Bot
from openwhist.bots.bidding import SampledBidder
from openwhist.bots.book import TechniqueBot
from openwhist.bots.endgame import AlphaMu
from openwhist.bots.heuristic import HeuristicBot
from openwhist.bots.heuristic_exact import bids_exactly
from openwhist.bots.infer import BOOK_SHARE, SoftPolicy, decision_kind
from openwhist.bots.playouts import LEVELS as PLAYOUTS
from openwhist.bots.playouts import PlayoutBot
from openwhist.bots.search_exact import ExactBidSearch
from openwhist.bots.technique import misere_roles, tricks_taken
from openwhist.cards import Card, CardSet
from openwhist.errors import ConfigError, IllegalActionError, InvalidActionError
from openwhist.rules.base import Action, Observation
from openwhist.rules.registry import get_variant
from openwhist.rules.tricks import cards_of, legal_mask
from openwhist.solver import NodeLimitReached, Objective, Position, last_stats, solve_all

__all__ = ["PimcBot", "goal", "LEVELS", "NODES_PER_SECOND", "EXTRA_WORLDS", "CHEAP_SHARE", "TRUST",
           "POOL", "CALLS_POOL", "SURPRISES_COUNTED", "CHECKED_REPLAYS", "TIES", "FIRST_TRICK_BUDGET",
           "AUCTION_TRICKS", "INFER", "ENDGAME_MOVES", "STOCK_TIME"]

LEVELS: dict[int, int] = {1: 6, 2: 12, 3: 24, 4: 48}
"""Worlds (sampled deals) per decision at each level."""

NODES_PER_SECOND = 5_000_000
"""Search nodes one core visits per second (for turning a time budget into nodes)."""

EARLY_TRICKS = 4
"""Until this many tricks are complete a level samples :data:`EARLY_WORLDS` times its
deals (:data:`LEVELS`)."""

EARLY_WORLDS = 4
"""How many times its deals a level samples in the first :data:`EARLY_TRICKS` tricks.  The
first tricks decide the most and their deals are the least known (later level 1 already
solves about 24 deals a decision, as many as solving stays cheap: see
:data:`EXTRA_WORLDS`).  Measured against the club level in ``docs/ladder.md``."""

STOCK_PLAYOUTS = 16
"""In a stock phase (German whist's first half) a level plays this many times the
playouts of :class:`~openwhist.bots.playouts.PlayoutBot`'s same level (level 1 640, the
strong level's 2 1,280, the expert's 3 2,560 a decision: a few milliseconds each, the time
a person waits).  Measured against
the club level in ``docs/ladder.md``."""

STOCK_TIME: dict[int, float] = {1: 1.0, 2: 1.0, 3: 2.0, 4: 2.0}
"""In a stock phase, the share of its ``time_budget`` a level's playouts may take, times
the budget: the playouts stop at the clock as well as at their count, and the strong
level's 1,280 already fill its budget on a loaded machine (900 to 1,280 a decision with
two players on two cores), so that without more time the expert's 2,560 would be as
many as the strong level's (the same player, as 375 boards between them showed:
-0.17 [-0.45, +0.11] tricks a hand)."""

EXTRA_WORLDS = 4
"""Where solving is cheap, up to this many times the level's worlds are sampled."""

CHEAP_SHARE = 20
"""Worlds beyond the level's are sampled only while the nodes spent stay under this
fraction (1/CHEAP_SHARE) of the budget."""

TRUST = 0.8
"""How firmly the bot believes the opponents play by the book (see ``trust``)."""

POOL = 24
"""With inference on, deals are drawn this many at a time for each one solved, and the
least surprising are solved first.  On the same 1,873 decisions (``bench/bench_pimc.py``'s
positions from 250 deals), drawing 24 instead of 4 lost 0.030 fewer double-dummy tricks a
decision at level 1 and 0.021 fewer at level 2; reading the deals is cheap enough for it
(the views asked are made from templates)."""

CALLS_POOL = 4
"""``POOL`` while the auction's calls are read too (each deal is then rebuilt and its
auction asked of the rule-book bidder, about ten times the cost of reading its cards)."""

FIRST_TRICK_BUDGET = 2
"""Until the first trick is complete the node budget is this many times the usual one
(whole deals are solved there: an opening lead takes up to about two million nodes)."""

AUCTION_TRICKS = 4
"""The auction's calls are read (asked of the book with each sampled deal) until this many
tricks are complete."""

SURPRISES_COUNTED = 8
"""Surprises are counted up to this many (a deal with more weighs as little)."""

TIES = "technique"
"""Among cards of equal value: ``technique``, the technique player's card if it is one of
them (its discards signal, as a partner reads them), else the lowest; ``book``, the rule
book's (the bot's ``book``) likewise; ``low``, the lowest (the highest for a misère
declarer).  On the 1,873 decisions of ``POOL``'s note, the technique player's card lost
0.004 [-0.008, +0.001] fewer tricks a decision than the lowest."""

GAME_MARGIN = 0.05
"""Playing to the score where the stakes are the chance of winning the game: a card is
played for its chance rather than as the player for tricks plays (the most tricks, and
among equals the technique player's card) only when its chance is better by more than
this much than that of every card that takes as many tricks or more.  Smaller differences
come mostly from the few sampled deals and the model's curve: played for, they made the
cards differ in many games and won none more."""

CONFIRM = 4
"""Where the game's chance chooses another card than the most tricks would (by more than
:data:`GAME_MARGIN`), the choice is made again on up to this many times the deals, in one
more budget (a decision takes at most twice its budget), and played only if the second
look chooses a card for the chance too; else the most tricks' card of the first look is
played.  Such differences are rare and decide games, and on a level's few deals most are
the luck of the draw.  Not in the first trick, where whole deals are solved and the
budget holds only a few."""

INFER = "book"
"""How the sampled deals are read by default (see ``PimcBot``'s ``infer``)."""

ENDGAME_MOVES = 2
"""The player's cards that αμ keeps apart from the deals (see ``PimcBot``'s ``endgame``)."""

CHECKED_REPLAYS = 2
"""Sampled deals replayed in full to check the views read from templates (see
:class:`_Replay`) before the rest are read from the templates alone."""


EXACT_WORLDS = 4
"""Where each player bids his exact tricks, the deals a decision samples are this many
times the level's (each is played out, not solved: cheap, and noisier)."""


EXACT_DEEPER = 1
"""Where each player bids his exact tricks, the tricks more than level 1's that the levels
from 2 (the ladder's strong and expert) search exactly at the end of a deal."""


EXACT_BID_FACTOR = 4
"""Where each player bids his exact tricks, how many times a card's deals the higher
levels sample for a bid."""


class PimcBot:
    """A PIMC player for the card play of any variant.

    :param level: 1-4: how many deals to sample per decision (6, 12, 24, 48; four times
        as many in the first :data:`EARLY_TRICKS` tricks); default 2.
    :param seed: seed of the sampling; the same seed and the same observations give the
        same cards.
    :param time_budget: seconds of search per decision at most (about; default 0.5).
    :param worlds: deals to sample per decision, in every trick; overrides ``level``.
    :param trust: 0 to below 1: how firmly the opponents are believed to play by the book;
        each card of theirs that the book would not have played in a sampled deal
        multiplies that deal's weight by ``1 - trust``.  0 turns inference off; default 0.8.
    :param book: the rule-based player it reads the opponents' cards by and falls back on
        (``heuristic``, the default, or ``technique``, the books' technique as named rules).
    :param bid: who makes its calls in an auction (Belgian whist): ``book``, the
        rule-based player it reads the opponents by (the default), or ``sampler``, the
        sampling bidder (:class:`~openwhist.bots.bidding.SampledBidder`, the bidding of
        :class:`~openwhist.bots.sampler.SamplerBot`), which judges the contracts it may
        call on sampled deals that fit the calls made.
    :param to_score: play for what the match counts where the rules say it (the
        variant's :class:`~openwhist.rules.base.Stakes`: in classic whist the chance of
        winning the game, from the game score): each card's worth in a sampled deal is
        the stakes' worth of the tricks the solver gives it, and the card with the best
        average worth is played, the most tricks among equals.  False: most tricks always.
    :param infer: how the sampled deals are read (with ``trust`` above 0): ``book``, the
        opponents' surprises counted against the ``book`` player; ``policy``, every other
        hand's cards (partner's too) and calls weighed by the probability that a soft
        rule book gives them (:class:`~openwhist.bots.infer.SoftPolicy` of the ``book``
        player): a deal weighs that likelihood, and ``trust`` only turns it on.  Default
        :data:`INFER`.
    """

    name = "pimc"
    searches = True
    # raised with a change that makes a level play otherwise (see bots.base.revision)
    revision: int | dict[str, int] = 0

    def __init__(self, level: int = 2, seed: int | None = None, time_budget: float = 0.5,
                 worlds: int | None = None, trust: float = TRUST, book: str = "heuristic",
                 to_score: bool = True, bid: str = "book", infer: str = INFER, endgame: int = 0,
                 endgame_moves: int = ENDGAME_MOVES) -> None:
        if level not in LEVELS:
            raise ConfigError(f"level must be one of {sorted(LEVELS)}, not {level!r}")
        if time_budget <= 0:
            raise ConfigError(f"time_budget must be positive, not {time_budget!r}")
        if worlds is not None and worlds < 1:
            raise ConfigError(f"worlds must be at least 1, not {worlds!r}")
        if not 0 <= trust < 1:
            raise ConfigError(f"trust must be at least 0 and below 1, not {trust!r}")
        if book not in ("heuristic", "technique"):
            raise ConfigError(f"book must be heuristic or technique, not {book!r}")
        if bid not in ("book", "sampler"):
            raise ConfigError(f"bid must be book or sampler, not {bid!r}")
        if infer not in ("book", "policy"):
            raise ConfigError(f"infer must be book or policy, not {infer!r}")
        if not 0 <= endgame <= 13:
            raise ConfigError(f"endgame must be 0 to 13 tricks, not {endgame!r}")
        if endgame_moves < 1:
            raise ConfigError(f"endgame_moves must be at least 1, not {endgame_moves!r}")
        self.endgame = endgame
        self.endgame_moves = endgame_moves
        self.infer = infer
        self._policy = SoftPolicy(BOOK_SHARE[book])
        self.bid = bid
        self._bidder: Bot | None = None
        self._exact_search: ExactBidSearch | None = None
        self.book = book
        self.to_score = to_score
        self.level = level
        self.seed = seed
        self.trust = trust
        self.worlds = worlds if worlds is not None else LEVELS[level]
        self._early_worlds = self.worlds if worlds is not None else EARLY_WORLDS * self.worlds
        self._fallback: Bot | None = None
        self._stock_player: PlayoutBot | None = None
        self._tie_bot: Bot | None = None
        self.time_budget = time_budget
        self.rng = random.Random(seed)
        # the second look for the score draws from its own stream, so that the deals
        # sampled for every other decision are those of the same player playing for tricks
        self._second_rng = random.Random(None if seed is None else f"{seed}/second look")
        self._confirmed = False
        self.last_worlds = 0
        """Deals solved for the last decision (0: the rules of thumb chose)."""
        self.last_values: dict[Card, float] = {}
        """For the last decision that searched: each card's value averaged over the sampled
        deals (weighted as the choice weighs them): the tricks the mover's side takes from
        the current trick on with that card (for a misère declarer, the tricks he avoids,
        counted negative); empty when the decision did not search.  What a hint shows."""
        self.last_worths: dict[Card, float] = {}
        """For the last decision that searched while playing to the score: each card's
        average worth over the sampled deals by the variant's stakes (classic whist: the
        chance of winning the game, unit ``game``; Belgian whist: the points of the deal,
        unit ``points``); empty otherwise."""

    def __repr__(self) -> str:
        return (f"PimcBot(level={self.level}, worlds={self.worlds}, time_budget={self.time_budget}, "
                f"trust={self.trust}, book={self.book!r}, to_score={self.to_score}, bid={self.bid!r}, "
                f"infer={self.infer!r}, endgame={self.endgame}, endgame_moves={self.endgame_moves}, "
                f"seed={self.seed!r})")

    # --- the protocol --------------------------------------------------------------------

    def choose(self, observation: Observation) -> Action:
        """The card to play for the hand to move (the bot's own, or the dummy it plays)."""
        obs = observation
        if not obs.legal or obs.to_move is None:
            raise IllegalActionError("it is not this seat's turn: there is nothing to choose")
        if bids_exactly(obs):  # each for himself, to an exact bid: sampled play-outs
            self.last_worlds = 0
            self.last_values = {}
            self.last_worths = {}
            return self._exact().choose(obs)
        if any(not isinstance(a, Card) for a in obs.legal):
            return self._calls().choose(obs)  # a call, not a card: the solver plays cards only
        legal = sorted(Card(a) for a in obs.legal)
        self.last_worlds = 0
        self.last_values = {}
        self.last_worths = {}
        if len(legal) == 1:
            return legal[0]
        if obs.n_hands == 2 and obs.hidden:
            return self._stock_phase(obs)
        mover = obs.to_move
        hand = obs.hand.mask if mover == obs.seat else obs.known[mover].mask
        played = obs.played.mask
        table = 0
        for _, c in obs.trick:
            table |= 1 << c
        classes = _classes(legal, hand, played & ~table)
        if len(classes) == 1:
            return legal[0]
        if self.endgame and hand.bit_count() <= self.endgame and obs.n_hands == 4 and not obs.hidden:
            card = self._endgame(obs, legal)
            if card is not None:
                return card
        return self._search(obs, legal, hand)

    # --- sampling and solving ------------------------------------------------------------

    def _search(self, obs: Observation, legal: list[Card], hand: int, scale: int = 1) -> Card:
        """Sample deals, solve them and choose; ``scale`` times the deals, in the same
        budget (a choice for the score made again on more deals: see :data:`CONFIRM`)."""
        mover = obs.to_move
        assert mover is not None
        trump = -1 if obs.trump is None else int(obs.trump)
        trick = tuple(int(c) for _, c in obs.trick)
        sides, declarer_side, objective, sign = goal(obs)
        pool_worlds = self._worlds(obs)  # what a pool is drawn for (before ``scale``)
        worlds = pool_worlds * scale
        budget = int(self.time_budget * NODES_PER_SECOND)
        # big positions get a larger share each, so that a few deals can still be solved
        per_world = max(budget // worlds, budget // 4, 20_000)
        first = not obs.tricks
        if first:  # whole deals: a larger budget, so that they are solved too
            budget *= FIRST_TRICK_BUDGET
            per_world = max(budget // worlds, budget // 5)
        totals = dict.fromkeys(legal, 0.0)
        stake = _Stake(obs, mover) if self.to_score and sign > 0 and objective.kind == "max" else None
        if stake is not None and stake.stakes is None:
            stake = None  # the variant plays for tricks
        worths = dict.fromkeys(legal, 0.0)
        weights = 0.0
        lows = dict.fromkeys(legal, 99)
        highs = dict.fromkeys(legal, -1)
        solved = 0
        spent = 0
        failures = 0
        replay = self._replay(obs)
        pool: list[tuple[float, _World]] = []
        # small positions solve in microseconds: sample more deals there (up to
        # EXTRA_WORLDS times as many) while they stay cheap, for a steadier average
        for i in range(worlds * EXTRA_WORLDS):
            if spent >= budget or (i >= worlds and spent >= budget // CHEAP_SHARE):
                break
            if not pool:
                pool = self._pool(obs, replay, pool_worlds)
                if not pool:
                    break
            surprises, hands = pool.pop()
            weight = self._weight(surprises)
            try:
                pos = Position(tuple(hands), trump, obs.leader, trick, sides, declarer_side,
                               objective)
            except InvalidActionError:  # a world that does not fit the play: sample no further
                break
            try:
                values = solve_all(pos, node_limit=per_world)
            except NodeLimitReached:
                spent += per_world
                failures += 1
                if (solved == 0 or failures >= 2) and not first:
                    break  # too big to solve in time
                continue  # whole deals' costs vary a hundredfold: another may solve in time
            spent += last_stats().nodes
            solved += 1
            weights += weight
            row = None if stake is None else stake.row(hands)
            for c in legal:
                v = sign * values[c]
                totals[c] += weight * v
                if row is not None:
                    worths[c] += weight * row[values[c]]
                lows[c] = min(lows[c], v)
                highs[c] = max(highs[c], v)
            if solved >= max(4, worlds // 2) and i < worlds:
                best = max(legal, key=lambda c: (totals[c], -c))
                if all(lows[best] >= highs[c] for c in legal if c != best):
                    break  # never worse than any other card in any deal: clear enough
        self.last_worlds = solved
        if solved < (2 if first else 3) and (failures or solved == 0):
            self.last_worlds = 0  # too few deals to go by: play by the rule books
            return self._by_the_book(obs)
        if weights > 0:
            self.last_values = {c: totals[c] / weights for c in legal}
        # best average; among equals the lowest card (the highest for a misère declarer,
        # who keeps his low cards)
        tie = 1 if objective.kind == "exactly" and sign > 0 else -1
        if stake is not None and weights > 0:
            self.last_worths = {c: worths[c] / weights for c in legal}
            # the best chance first; chances within a rounding (the game's chance: within
            # GAME_MARGIN) are equal, and the most tricks decide between them
            worth = self.last_worths
            margin = GAME_MARGIN if stake.stakes is not None and stake.stakes.unit == "game" else 0.0
            if margin > 0:
                top = max(worth.values())
                near = [c for c in legal if worth[c] >= top - margin]
                card = self._among_equals(obs, near, lambda c: (totals[c],), tie)
                if CONFIRM > 1 and not first:
                    for_tricks = self._among_equals(obs, legal, lambda c: (totals[c],), tie)
                    if card != for_tricks:
                        # the game's chance would give tricks away: look again on more deals
                        if scale > 1:
                            self._confirmed = True
                        else:
                            again = self._second_look(obs, legal, hand)
                            card = for_tricks if again is None else again  # (a card may be 0)
                return card
            return self._among_equals(obs, legal, lambda c: (round(worth[c], 9), totals[c]), tie)
        return self._among_equals(obs, legal, lambda c: (totals[c],), tie)

    def _weight(self, surprises: float) -> float:
        """A sampled deal's weight from its surprises (see ``trust`` and ``infer``)."""
        return math.exp(-surprises) if self.infer == "policy" else (1.0 - self.trust) ** surprises

    def _endgame(self, obs: Observation, legal: list[Card]) -> Card | None:
        """The card αμ chooses over the level's deals (see ``endgame``), or None where the
        hand to move does not play for the most tricks (a misère's roles) or no deal fits."""
        sides, _, objective, sign = goal(obs)
        if objective.kind != "max" or sign < 0:
            return None
        mover = obs.to_move
        assert mover is not None
        worlds = self._worlds(obs)
        pool = self._pool(obs, self._replay(obs), worlds)
        deals: dict[tuple[int, ...], float] = {}
        while pool and len(deals) < worlds * EXTRA_WORLDS:
            surprises, hands = pool.pop()  # the least surprising first
            weight = self._weight(surprises)
            key = tuple(hands)
            deals[key] = deals.get(key, 0.0) + weight
        if not deals:
            return None
        trump = -1 if obs.trump is None else int(obs.trump)
        search = AlphaMu(list(deals), list(deals.values()), trump, sides, mover, self.endgame_moves)
        values = search.values(obs.leader, [int(c) for _, c in obs.trick])
        self.last_worlds = len(deals)
        self.last_values = {c: values[c] for c in legal}
        return self._among_equals(obs, legal, lambda c: (round(values[c], 9),), -1)

    def _second_look(self, obs: Observation, legal: list[Card], hand: int) -> Card | None:
        """The card for the game's chance chosen again on :data:`CONFIRM` times the deals
        (drawn from a stream of their own), or None where the second look does not confirm
        a card other than the most tricks' (the first look's values are kept then)."""
        first_look = (self.last_worlds, self.last_values, self.last_worths)
        rng, self.rng = self.rng, self._second_rng
        self._confirmed = False
        try:
            card = self._search(obs, legal, hand, CONFIRM)
        finally:
            self.rng = rng
        if self._confirmed:
            return card
        self.last_worlds, self.last_values, self.last_worths = first_look
        return None

    def _among_equals(self, obs: Observation, legal: list[Card],
                      value: Any, tie: int) -> Card:
        """The card of best ``value``; among equals the one the technique player would
        play (:data:`TIES`), else the lowest card (the highest for a misère declarer)."""
        best = max(legal, key=lambda c: (*value(c), tie * (c % 13), tie * c))
        if TIES != "low":
            top = value(best)
            equals = [c for c in legal if value(c) == top]
            if len(equals) > 1:
                if self._tie_bot is None:
                    self._tie_bot = TechniqueBot() if TIES == "technique" else self._book()
                card = Card(self._tie_bot.choose(obs))
                if card in equals:
                    return card
        return best

    def _book(self) -> Bot:
        if self._fallback is None:
            if self.book == "technique":
                self._fallback = TechniqueBot()
            else:
                self._fallback = HeuristicBot()
        return self._fallback

    def _exact(self) -> ExactBidSearch:
        """The player where each bids his exact tricks (:mod:`openwhist.bots.search_exact`):
        :data:`EXACT_WORLDS` times the level's deals, bids sampled with ``bid=sampler``;
        from level 2 (the ladder's strong) :data:`EXACT_BID_FACTOR` times as many for a bid, the exact
        search :data:`EXACT_DEEPER` tricks earlier and the trumps read from the play rule."""
        if self._exact_search is None:
            self._exact_search = ExactBidSearch(EXACT_WORLDS * self.worlds, seed=self.seed,
                                                time_budget=2 * self.time_budget,
                                                sample_bids=self.bid == "sampler",
                                                deeper=EXACT_DEEPER if self.level >= 2 else 0,
                                                read_trumps=self.level >= 2,
                                                bid_worlds=EXACT_WORLDS * self.worlds * (
                                                    EXACT_BID_FACTOR if self.level >= 2 else 1))
        return self._exact_search

    def _calls(self) -> Bot:
        """The bot that makes the calls (see ``bid``)."""
        if self.bid == "book":
            return self._book()
        if self._bidder is None:
            self._bidder = SampledBidder(seed=self.seed)
        return self._bidder

    def _stock_phase(self, obs: Observation) -> Action:
        """Two hands with a stock still to draw from (German whist's first half): each
        trick's draws change the hands, which a deal solved as it lies does not know, so
        the decision is :class:`~openwhist.bots.playouts.PlayoutBot`'s (the stock phase of
        :class:`~openwhist.bots.solver.SolverBot`), which plays sampled deals and stock
        orders out, draws included (:data:`STOCK_PLAYOUTS` times its level's playouts, in
        :data:`STOCK_TIME` times its time budget)."""
        if self._stock_player is None:
            self._stock_player = PlayoutBot(level=self.level, seed=self.seed,
                                            time_budget=STOCK_TIME[self.level] * self.time_budget,
                                            playouts=STOCK_PLAYOUTS * PLAYOUTS[self.level])
        action = self._stock_player.choose(obs)
        self.last_values = dict(self._stock_player.last_values)
        self.last_worlds = self._stock_player.last_playouts
        return action

    def _by_the_book(self, obs: Observation) -> Card:
        """The rule-book player's card, for positions too big to solve in time."""
        return Card(self._book().choose(obs))

    def _replay(self, obs: Observation) -> _Replay | None:
        """What reads the sampled deals (see ``infer``); None with inference off."""
        if self.trust <= 0:
            return None
        return _Replay(obs, self._book(), self._policy if self.infer == "policy" else None)

    def _worlds(self, obs: Observation) -> int:
        """Deals to sample for this decision: :data:`EARLY_WORLDS` times the level's in
        the first :data:`EARLY_TRICKS` tricks, then the level's (an explicit ``worlds``
        holds throughout)."""
        return self._early_worlds if len(obs.tricks) < EARLY_TRICKS else self.worlds

    def _pool(self, obs: Observation, replay: _Replay | None, worlds: int) -> list[tuple[float, _World]]:
        """Sampled deals with their surprises (see :class:`_Replay`: a count of the
        book's surprises, or with ``infer=policy`` minus the log-likelihood of the play
        so far), the least surprising last; empty if no deal fits the observation.

        Once the level's number of deals is drawn, a deal's surprises are counted only up
        to one past the most of the least surprising deals so far: a deal with more cannot
        be among them, and its replay stops there (its count is then a lower bound; such
        deals are solved only where solving is cheap, and weigh little)."""
        size = worlds if replay is None else (CALLS_POOL if replay.calls else POOL) * worlds
        cap = math.inf if self.infer == "policy" else SURPRISES_COUNTED
        pool: list[tuple[float, float, _World]] = []
        counts: list[float] = []  # the surprises so far, in order
        for _ in range(size):
            hands = self._sample(obs)
            if hands is None:
                break
            surprises = 0.0
            if replay is not None:
                limit = cap
                if len(counts) >= worlds:
                    limit = min(limit, counts[worlds - 1])
                surprises = min(replay.surprises(hands, limit), cap)
                insort(counts, surprises)
            pool.append((surprises, self.rng.random(), hands))
        pool.sort(key=lambda e: (-e[0], e[1]))
        return [(n, hands) for n, _, hands in pool]

    def _sample(self, obs: Observation) -> _World | None:
        """Hands for every seat that fit the observation, with the cards of the places no
        hand holds that the observer cannot see (``obs.hidden``: small-misère discards);
        None if none was found (:meth:`~openwhist.rules.observation.Observation.sample_holdings`)."""
        drawn = obs.sample_holdings(self.rng)
        if drawn is None:
            return None
        world = _World(drawn[0])
        world.hidden = drawn[1]
        return world


def goal(obs: Observation) -> tuple[tuple[int, ...], int, Objective, int]:
    """What the hand to move plays for, as the solver's terms: (sides, declaring side,
    objective, sign); the solver's value of a card times ``sign`` is the mover's gain.

    Most tricks for the mover's side by default.  In a misère-like contract (the
    observation's ``contract`` with ``exact`` tricks: misère 0, piccolo 1) a declarer
    plays alone for exactly the tricks he still needs; a defender plays against a
    declarer still in play, who plays for exactly his tricks (sign -1): the contract's
    :meth:`~openwhist.rules.base.Contract.objective` either way.
    """
    mover = obs.to_move
    assert mover is not None
    own = tuple(0 if s == obs.sides[mover] else 1 for s in obs.sides)
    roles = misere_roles(obs)
    if roles is None:
        return own, 0, Objective(), 1
    declarer, alive, _ = roles
    contract = obs.contract
    assert contract is not None
    taken = tricks_taken(obs)
    # a declarer plays for himself; a defender against the declarer still in play who
    # plays next after him
    target = mover if declarer else min(alive, key=lambda d: (d - mover) % obs.n_hands)
    aim = contract.objective(taken[target])
    assert aim is not None  # misere_roles gives only declarers still in play
    alone = tuple(0 if h == target else 1 for h in range(obs.n_hands))
    return alone, 0, Objective.parse(aim), 1 if declarer else -1


class _World(list[int]):
    """A sampled deal: the cards each hand holds now (a list, as the solver takes them),
    and ``hidden``: for each place of ``obs.hidden``, its sampled cards (as the variant's
    ``rebuild`` takes them)."""

    hidden: dict[str, list[int]]


class _Stake:
    """The match's worth of each trick count for the hand to move, in a sampled deal: the
    variant's :class:`~openwhist.rules.base.Stakes`, indexed by the tricks the solver
    gives the mover's side from the current trick on."""

    def __init__(self, obs: Observation, mover: int) -> None:
        self.stakes = obs.stakes()
        self.side = obs.sides[mover]
        self.taken = obs.tricks_won[self.side]
        n = obs.n_hands
        played = [0] * n
        for t in obs.tricks:
            for i, c in enumerate(t.cards):
                played[t.seat_of(i, n)] |= 1 << int(c)
        for seat, c in obs.trick:
            played[seat] |= 1 << int(c)
        self.played = played

    def row(self, hands: Sequence[int]) -> tuple[float, ...]:
        """Per tricks from now on, their worth to the mover's side with these hands."""
        assert self.stakes is not None
        dealt = [h | p for h, p in zip(hands, self.played, strict=True)]
        return self.stakes.worth(dealt, self.side)[self.taken:]


def _classes(legal: Sequence[Card], hand: int, gone: int) -> list[list[Card]]:
    """Legal cards grouped into runs that are equal for this hand: same suit, and no card
    between them that is still out (cards played to earlier tricks do not count)."""
    groups: list[list[Card]] = []
    for c in sorted(legal):
        if groups:
            prev = groups[-1][-1]
            if prev // 13 == c // 13:
                between = ((1 << c) - 1) & ~((1 << (prev + 1)) - 1)
                if between & ~hand & ~gone == 0:
                    groups[-1].append(c)
                    continue
        groups.append([c])
    return groups


def _same_call(state: Any, call: Action, made: Action) -> bool:
    """Whether ``call`` at this point of a replayed deal is the call ``made`` (the rules
    may record a call as another that means the same: an acceptance as what it accepts)."""
    if call == made:
        return True
    state.apply_unchecked(call)
    recorded = state.history[-1]
    state.undo()
    return bool(recorded == made)


def _forced(state: Any, seat: int) -> int:
    """The card ``seat`` must play at this point of a replayed deal, when it holds only one
    card it may play (the rule-book player would play it too); -1 when it has a choice."""
    trick = state.trick
    legal = legal_mask(state.hands[seat], trick[0] // 13 if trick else -1)
    return legal.bit_length() - 1 if legal.bit_count() == 1 else -1


class _Replay:
    """Plays a deal's cards so far again with sampled hands, asking at each of the
    opponents' cards what the rule-book player would have played there, and at each call
    of the auction made by another hand than the observer's what it would have called.

    The views asked about differ from one sampled deal to the next only in the hand of
    the seat asked and the cards it may play: the first deal replayed keeps each view as
    a template, the next ``CHECKED_REPLAYS`` are replayed in full and their views compared
    with the templates' (any other difference, and every deal is replayed in full), and
    after that a deal is read from the templates alone, without rebuilding it."""

    def __init__(self, obs: Observation, book: Bot, policy: SoftPolicy | None = None) -> None:
        self.obs = obs
        self.book = book
        self.policy = policy
        self.rebuild = get_variant(obs.variant).rebuild
        plays: list[tuple[int, int]] = []
        n = obs.n_hands
        led: list[int] = []
        for t in obs.tricks:
            plays.extend((t.seat_of(i, n), int(c)) for i, c in enumerate(t.cards))
            led.extend([-1] + [t.cards[0] // 13] * (len(t.cards) - 1))
        plays.extend((seat, int(c)) for seat, c in obs.trick)
        led.extend([-1] + [obs.trick[0][1] // 13] * (len(obs.trick) - 1) if obs.trick else [])
        self.plays = plays
        side = obs.side
        # the plays to check: the opponents' (a hand of the other side); with a policy
        # every hand's but those the observer plays
        if policy is None:
            self.checked = [obs.sides[seat] != side for seat, _ in plays]
        else:
            self.checked = [seat not in obs.controls for seat, _ in plays]
        self.last = max((i for i, c in enumerate(self.checked) if c), default=-1)
        # the auction's calls made by the hands the observer cannot see (a take of a
        # face-up card, German whist's, says nothing hidden), in the first tricks: later
        # the cards played say more, and checking the calls doubles the time of a reading
        self.calls = len(obs.tricks) < AUCTION_TRICKS and any(
            seat != obs.me and call.kind != "take" for seat, call in obs.calls)
        # the cards each hand plays from each play on (its hand then: now's and these)
        after = [0] * n
        later: list[list[int]] = [[]] * len(plays)
        for i in range(len(plays) - 1, -1, -1):
            seat, c = plays[i]
            after = list(after)
            after[seat] |= 1 << c
            later[i] = after
        self.later = later
        self.led = led
        self.templates: list[tuple[int, int, int, int, dict[str, Any]]] | None = None
        """Per checked play: its index, the hand playing, the seat whose view is asked,
        the card, and that view's fields (see the class)."""
        self.to_check = CHECKED_REPLAYS
        self.fast = False

    def surprises(self, hands: Sequence[int], limit: float) -> float:
        """How many opponents' cards the book would not have played with ``hands`` (the
        cards each hand holds now), and, in the first tricks, how many calls of the hands
        the observer cannot see it would not have made; counting stops once past
        ``limit``.  With a policy: minus the log of the probability that it gives to
        the others' cards (and calls) so far, at least 0, likewise cut short."""
        if self.last < 0 and not self.calls:
            return 0.0
        if self.fast:
            return self._from_templates(hands, limit)
        return self._replayed(hands, limit)

    def _view(self, i: int, hands: Sequence[int]) -> Observation | None:
        """The view asked at checked play ``i`` with ``hands``, from its template; None
        when the hand has one card to play."""
        assert self.templates is not None
        index, mover, seat, _, fields = self.templates[i]
        later = self.later[index]
        legal = legal_mask(hands[mover] | later[mover], self.led[index])
        if not legal & (legal - 1):
            return None
        values = dict(fields)
        values["hand"] = CardSet(hands[seat] | later[seat])
        values["legal"] = tuple(cards_of(legal))
        return Observation.from_fields(values)

    def _cost(self, view: Observation, hit: bool) -> float:
        """A decision's share of the surprises: 1 for a miss of the book's, or with a
        policy minus the log of the action's probability."""
        if self.policy is None:
            return 0.0 if hit else 1.0
        return -self.policy.log_probability(decision_kind(view), len(view.legal), hit)

    def _from_templates(self, hands: Sequence[int], limit: float) -> float:
        assert self.templates is not None
        n = 0.0
        choose = self.book.choose
        for i, template in enumerate(self.templates):
            view = self._view(i, hands)
            if view is not None:
                n += self._cost(view, int(choose(view)) == template[3])
                if n > limit:
                    return n
        return n

    def _replayed(self, hands: Sequence[int], limit: float) -> float:
        """:meth:`surprises` by rebuilding the deal and replaying it; the first replay
        keeps the templates, the next ones check them."""
        state = self.rebuild(self.obs, hands, getattr(hands, "hidden", None) or None)
        actions = list(state.history)  # the cards, and any calls before or between them
        for _ in actions:
            state.undo()
        record = self.templates is None and not self.calls
        templates: list[tuple[int, int, int, int, dict[str, Any]]] = []
        checking = not record and not self.calls and self.to_check > 0
        k = 0  # the checked plays passed
        same = checking
        n = 0.0
        i = 0
        me = self.obs.me
        counting = True
        for action in actions:
            if action >= 52:  # a call: an auction's is checked; a take is replayed only
                seat = state.to_move
                if self.calls and seat != me and action.kind != "take":
                    view = state.observation(state.controller(seat))
                    n += self._cost(view, _same_call(state, self.book.choose(view), action))
                    if n > limit:
                        return n
                state.apply_unchecked(action)
                continue
            if i > self.last:
                break
            seat, c = self.plays[i]
            if self.checked[i]:
                view = None
                if record or same:
                    view = state.observation(state.controller(seat))
                    if record:
                        templates.append((i, seat, state.controller(seat), c, dict(view.__dict__)))
                    else:
                        made = self._view(k, hands)
                        same = made is None or made == view
                        if not same:  # the templates do not fit: replay every deal
                            self.to_check = -1
                    k += 1
                if counting and _forced(state, seat) != c:
                    if view is None:
                        view = state.observation(state.controller(seat))
                    n += self._cost(view, int(self.book.choose(view)) == c)
                    if n > limit and not (record or same):
                        return n
                    counting = n <= limit
            state.apply_unchecked(c)
            i += 1
        if record:
            self.templates = templates
        elif checking and same:
            self.to_check -= 1
            self.fast = self.to_check == 0
        return n
