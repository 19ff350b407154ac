"""What playing to the score is worth, card by card: the cards a score player chooses
differently from the same player playing for tricks, each valued by playing the deal on.

``openwhist arena --games --paired`` measures the score player in games won, where a
card chosen differently decides a game on about one board in two hundred: far too few to
tell a small gain from none.  This bench looks at those cards themselves.  Whole games of
short whist are played with the player for tricks (``--tricks``) at every seat; beside
each seat's player sits the score player (``--score``) with the same seed, shown the same
observations, so that the two sample the same deals.  Where the score player would play
another card, the deal is played on ``--continuations`` times from each of the two cards,
by players for tricks with the same seeds for both cards, and each ending is valued at the
chance of winning the game its tricks give, with the hands as dealt (the rules' stakes:
the game score, the honours, the odds of the deals still to come).  A card's gain is its
mean chance less that of the card for tricks.

It prints the cards chosen differently per game, their mean gain with a 95% interval, the
share that gained and lost, and the gain per board: both sides' cards of a game, that is
what the score player's share of games in the paired arena is above 50% twice over (to
first order: each game is one seat's game there, and a second card chosen differently in
a game is played in a game already changed).

Usage: ``python bench/bench_score_play.py [--boards 40] [--seed 21] [--continuations 6]
[--score SPEC] [--tricks SPEC] [--margin M] [--confirm N] [--workers N] [--json]
[--cards FILE.jsonl]``.
``--margin`` and ``--confirm`` set :data:`openwhist.bots.pimc.GAME_MARGIN` and
:data:`~openwhist.bots.pimc.CONFIRM` for the run (0 and 1: the best chance outright).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from openwhist.arena import _bot_seed, board_seed, mean_ci
from openwhist.bots import make_bot, pimc
from openwhist.bots.base import play_out
from openwhist.cards import derive_seed
from openwhist.match import new_match

SCORE = "pimc:worlds=6,trust=0,time_budget=0.1"
TRICKS = SCORE + ",to_score=false"


def _ending(state: Any, card: int, side: int, row: tuple[float, ...], spec: str, seed: int) -> float:
    """The chance of the game after the deal is played on from ``card`` by players for
    tricks seeded from ``seed``."""
    state = copy.deepcopy(state)
    state.apply(card)
    bots = {seat: make_bot(spec, seed=derive_seed(seed, "seat", seat)) for seat in state.seats}
    play_out(state, bots)
    return row[state.result().tricks[side]]


def board(args: tuple[int, int, str, str, int, float, int]) -> dict[str, Any]:
    """One game from one board's seed: the cards the score player chose differently, each
    with its score (the game score before the deal), trick and gain."""
    seed, number, score_spec, tricks_spec, continuations, margin, confirm = args
    pimc.GAME_MARGIN, pimc.CONFIRM = margin, confirm
    bseed = board_seed(seed, number)
    match = new_match("classic", seed=bseed, until="game", dealer=number % 4)
    seats = match.state.seats
    players = {s: make_bot(tricks_spec, seed=_bot_seed(bseed, s, 0, True)) for s in seats}
    scorers = {s: make_bot(score_spec, seed=_bot_seed(bseed, s, 0, True)) for s in seats}
    cards: list[dict[str, Any]] = []
    deal = 0
    while not match.is_over():
        hand = match.to_move
        assert hand is not None
        seat = match.controller(hand)
        obs = match.observation(seat)
        action = players[seat].choose(obs)
        other = scorers[seat].choose(obs)
        if other != action:
            stakes = obs.stakes()
            assert stakes is not None, "the variant plays for tricks"
            side = obs.sides[hand]
            state = match.state
            row = stakes.worth(state.dealt, side)
            seeds = [derive_seed(bseed, "continuation", deal, len(obs.tricks), len(obs.trick), k)
                     for k in range(continuations)]
            ours = [_ending(state, int(other), side, row, tricks_spec, s) for s in seeds]
            theirs = [_ending(state, int(action), side, row, tricks_spec, s) for s in seeds]
            scorer = scorers[seat]
            worths = getattr(scorer, "last_worths", {})
            values = getattr(scorer, "last_values", {})
            cards.append({"score": list(obs.score), "trick": len(obs.tricks), "seat": seat,
                          "card": int(other), "for_tricks": int(action),
                          "gain": (sum(ours) - sum(theirs)) / continuations,
                          "chance": {str(int(c)): w for c, w in worths.items()},
                          "tricks": {str(int(c)): v for c, v in values.items()}})
        before = len(match.deals)
        match.apply(action)
        deal += len(match.deals) != before
    return {"board": number, "cards": cards}


def main(argv: list[str] | None = None) -> None:
    """Parse the options, play the boards and print what the cards chosen differently
    were worth."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boards", type=int, default=40, help="games to play; default 40")
    parser.add_argument("--seed", type=int, default=21, help="seed of the boards; default 21")
    parser.add_argument("--continuations", type=int, default=6,
                        help="plays of the deal from each of the two cards; default 6")
    parser.add_argument("--score", default=SCORE, help=f"the score player; default {SCORE}")
    parser.add_argument("--tricks", default=TRICKS,
                        help=f"the same player for tricks; default {TRICKS}")
    parser.add_argument("--margin", type=float, default=pimc.GAME_MARGIN,
                        help=f"GAME_MARGIN for the run; default {pimc.GAME_MARGIN}")
    parser.add_argument("--confirm", type=int, default=pimc.CONFIRM,
                        help=f"CONFIRM for the run; default {pimc.CONFIRM}")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes; default one per core")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--cards", metavar="FILE.jsonl",
                        help="also write each card chosen differently, a JSON line each: the "
                             "board, game score, trick, seat, the two cards, the gain, and the "
                             "score player's chances and tricks per card")
    args = parser.parse_args(argv)
    if args.boards < 1 or args.continuations < 1 or args.workers < 1:
        parser.error("--boards, --continuations and --workers must be at least 1")
    if args.margin < 0 or args.confirm < 1:
        parser.error("--margin must be at least 0 and --confirm at least 1")
    for spec in (args.score, args.tricks):
        try:
            make_bot(spec)
        except (ValueError, TypeError) as exc:
            parser.error(f"bad bot {spec!r}: {exc}")
    if args.cards:
        try:
            out = open(args.cards, "w", encoding="utf-8")  # noqa: SIM115 (closed below)
        except OSError as exc:
            parser.error(f"cannot write {args.cards}: {exc.strerror}")
    jobs = [(args.seed, b, args.score, args.tricks, args.continuations, args.margin, args.confirm)
            for b in range(args.boards)]
    start = time.perf_counter()
    results = []
    with ProcessPoolExecutor(args.workers) as pool:
        for i, result in enumerate(pool.map(board, jobs), 1):
            results.append(result)
            print(f"\rboard {i}/{args.boards}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    if args.cards:
        with out:
            for r in results:
                for c in r["cards"]:
                    out.write(json.dumps({"board": r["board"], **c}) + "\n")
    gains = [c["gain"] for r in results for c in r["cards"]]
    close = [c["gain"] for r in results for c in r["cards"] if max(c["score"]) >= 3]
    per_board = [sum(c["gain"] for c in r["cards"]) for r in results]
    figures = {
        "boards": args.boards, "seed": args.seed, "continuations": args.continuations,
        "score": args.score, "tricks": args.tricks, "margin": args.margin, "confirm": args.confirm,
        "cards": len(gains), "gained": sum(g > 0 for g in gains), "lost": sum(g < 0 for g in gains),
        "gain_per_card": mean_ci(gains), "gain_per_card_close": mean_ci(close), "close_cards": len(close),
        "gain_per_board": mean_ci(per_board), "seconds": round(time.perf_counter() - start),
    }
    if args.json:
        print(json.dumps(figures))
        return

    def ci(v: tuple[float, float, float]) -> str:
        return f"{v[0]:+.4f} [{v[1]:+.4f}, {v[2]:+.4f}]"

    print(f"{args.score} against {args.tricks}, margin {args.margin}, confirm {args.confirm}")
    print(f"{args.boards} games (seed {args.seed}) in {figures['seconds']} s: "
          f"{len(gains)} cards chosen differently ({len(gains) / args.boards:.2f} a game), "
          f"{figures['gained']} gained, {figures['lost']} lost")
    print(f"gain a card, in the chance of the game: {ci(figures['gain_per_card'])}")
    print(f"  at close scores (a side at 3 or 4, {len(close)} cards): {ci(figures['gain_per_card_close'])}")
    print(f"gain a board (both sides' cards): {ci(figures['gain_per_board'])}")


if __name__ == "__main__":
    main()
