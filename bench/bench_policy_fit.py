"""How well a soft rule-book policy predicts a player's cards: the maximum-likelihood fit
of the mixture that PIMC's inference reads the table by.

The policy (:class:`openwhist.bots.infer.SoftPolicy`) gives the rule-book player's card a
probability ``p`` and spreads the rest evenly over the legal cards.  This script records
``--deals`` deals of self-play by ``--player`` (every seat, default the strong level;
``--variant``, default classic), asks each rule book (``heuristic``, ``technique``)
what it would have played at every card decision with a choice, and prints, per book
and per kind of decision (a lead, following suit, a card when void), how often the
book's card was the card played and the ``p`` of maximum likelihood with the mean
log-likelihood per decision (higher is better; ``p = 0`` is the uniform policy).  The
fitted values go in :data:`openwhist.bots.infer.BOOK_SHARE`.

With ``--calls`` (a family with an auction: Belgian whist) the auction's calls are fitted
instead, each deal played to its first card.

Usage: ``python bench/bench_policy_fit.py [--deals 40] [--seed 1] [--player strong]
[--variant classic] [--calls]``.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import openwhist
from openwhist.bots import make_bot
from openwhist.bots.infer import decision_kind
from openwhist.cards import Card

BOOKS = ("heuristic", "technique")


def records(deals: int, seed: int, player: str, variant: str = "classic",
            calls: bool = False) -> list[tuple[Any, Any]]:
    """(observation, action) for every decision with more than one legal action: the
    cards, or with ``calls`` the auction's calls only (each deal stops at its first card)."""
    bot = make_bot(player, seed=seed)
    out: list[tuple[Any, Any]] = []
    for i in range(deals):
        deal = openwhist.new_deal(variant, seed=seed + i, dealer=i % 4)
        while not deal.is_over():
            hand = deal.to_move
            assert hand is not None
            obs = deal.observation(deal.controller(hand))
            if calls and isinstance(obs.legal[0], Card):
                break
            action = bot.choose(obs)
            if len(obs.legal) > 1 and (calls or isinstance(action, Card)):
                out.append((obs, action))
            deal.apply(action)
    return out


def fit(rows: list[tuple[bool, int]]) -> tuple[float, float]:
    """The ``p`` of maximum likelihood (on a grid of 0.001) for rows of (book's card
    played, legal cards), with the mean log-likelihood per row at it."""
    best = (0.0, -math.inf)
    for k in range(0, 1000):
        p = k / 1000
        ll = sum(math.log(p * hit + (1 - p) / n) for hit, n in rows)
        if ll > best[1]:
            best = (p, ll)
    return best[0], best[1] / max(len(rows), 1)


def main(argv: list[str] | None = None) -> None:
    """Record the self-play, fit and print."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=40, help="deals of self-play (default 40)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    parser.add_argument("--variant", default="classic",
                        help="the family played (default classic)")
    parser.add_argument("--calls", action="store_true",
                        help="fit the auction's calls instead of the cards (Belgian whist)")
    parser.add_argument("--player", default="strong",
                        help="the player recorded, as for `openwhist arena` (default strong)")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    start = time.perf_counter()
    try:
        openwhist.new_deal(args.variant, seed=args.seed)
    except (ValueError, KeyError) as exc:
        parser.error(f"bad variant {args.variant!r}: {exc}")
    recs = records(args.deals, args.seed, args.player, args.variant, args.calls)
    print(f"{len(recs)} decisions from {args.deals} deals of {args.player} "
          f"({time.perf_counter() - start:.0f} s)")
    for name in BOOKS:
        book = make_bot(name)
        by_kind: dict[str, list[tuple[bool, int]]] = {}
        for obs, card in recs:
            hit = book.choose(obs) == card
            kind = decision_kind(obs)
            by_kind.setdefault(kind, []).append((hit, len(obs.legal)))
            by_kind.setdefault("all", []).append((hit, len(obs.legal)))
        for kind, rows in sorted(by_kind.items()):
            p, ll = fit(rows)
            hits = sum(h for h, _ in rows) / len(rows)
            uniform = sum(-math.log(n) for _, n in rows) / len(rows)
            print(f"  {name:9s} {kind:7s} {len(rows):5d} decisions: book's card {hits:.3f}, "
                  f"p = {p:.3f}, log-likelihood {ll:.3f} a decision (uniform {uniform:.3f})")


if __name__ == "__main__":
    main()
