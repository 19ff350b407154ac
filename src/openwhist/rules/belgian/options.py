"""Belgian whist's options, with FreeWhist.be's rules as defaults, and the presets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from openwhist.errors import ConfigError
from openwhist.rules.belgian.grid import PointsGrid, load_grid
from openwhist.rules.options import OptionsRecord, option

# --- options ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class BelgianOptions(OptionsRecord):
    """Every option of Belgian colour whist, with FreeWhist.be's rules as the defaults
    (each option's help is kept with it: ``openwhist rules belgian``)."""

    grid: str = option("freewhist", "the points grid and bid ladder: freewhist, whisthub, or "
                       "a club's own grid as TOML text (format in grids/whisthub.toml; on the "
                       "command line grid=FILE.toml reads the file). freewhist is a stand-in, "
                       "not FreeWhist's grid, which is not in our sources: Whisthub's ladder "
                       "and its values at the level bid, no overtricks (FreeWhist's play stops "
                       "at the verdict), solo from 6 tricks (the Walloon engines), and only the "
                       "winning side scores (FreeWhist's principle: failed declarers give their "
                       "opponents the points)", file=".toml")
    troel: Literal["three-aces", "three-or-four-aces"] = option(
        "three-aces", "three-aces: troel only with exactly three aces (FreeWhist); "
        "three-or-four-aces: also four (Whisthub: partner the holder of the highest heart "
        "the troel player lacks, hearts trump unless that partner changes it, then 9 tricks)")
    troel_lead: Literal["partner", "trump-ace"] = option(
        "partner", "who leads to the first trick of troel: partner: the troel partner (the "
        "fourth ace's holder), any card (FreeWhist); trump-ace: the holder of the trump ace "
        "must lead it, so the partner if he kept his ace's suit and the troel player if he "
        "changed trump; with four aces and hearts kept the partner leads his highest heart "
        "(Whisthub)")
    deal_pattern: Literal["4-5-4", "4-4-5"] = option(
        "4-5-4", "packets dealt round the table: 4-5-4 (FreeWhist) or 4-4-5 (Whisthub)")
    shuffle: bool = option(True, "shuffle before each deal; false: only cut the cards of the "
                           "previous deal gathered trick by trick (Whisthub: no shuffle)")
    wait: bool = option(True, "the first speaker may say 'ik wacht' (wait) and later only accept")
    first_turn_only: bool = option(True, "abondance and soloslim only on a player's first turn")
    open_misere: Literal["after-bidding", "after-first-trick"] = option(
        "after-bidding", "when an open misère declarer's hand is laid face up")
    piccolissimo: bool = option(False, "offer piccolissimo (exactly two tricks; some Walloon "
                                "groups); the grid must list it")
    early_stop: bool = option(True, "stop the play as soon as the points can no longer change")
    all_pass: Literal["redeal", "redeal-double"] = option(
        "redeal", "all pass: the same dealer deals again (FreeWhist); redeal-double: and that "
        "deal's points count double (Whisthub, not cumulative)")
    passe_parole: bool = option(
        False, "the player who joined a pair may say 'passe parole' when the pair must bid 11 "
        "tricks or more to stay in the auction: the proposer then speaks for the pair "
        "(Whisthub; not in FreeWhist's rules)")
    solo_suit: Literal["any", "proposed"] = option(
        "any", "any: a player may go solo in any suit (FreeWhist); proposed: only in a suit he "
        "proposed earlier in the deal, unless nobody is left who could join him (Whisthub)")
    asks_per_suit: int = option(
        0, "how often a player may ask (propose) the same suit in one deal, keeping it "
        "included; 0: no limit (FreeWhist); Whisthub: 2", range=(0, 13))
    bound_suit: bool = option(
        False, "a player bound to a suit (going solo, in an accepted pair, or left alone when "
        "his partner passed) may only bid further in that suit, and no misère or piccolo "
        "(Whisthub); false: no such limit (FreeWhist)")
    propose_card: bool = option(
        False, "a player may propose (ask) only a suit he holds at least one card of, as "
        "the player who accepts must (Whisthub); false: only the acceptor needs a card of "
        "the suit (FreeWhist's rules ask it of him alone)")
    referee: bool = option(
        False, "the referee rule (FreeWhist): a game above troel that a plausibility check of "
        "the hand refuses may not be bid (the player passes or bids something else); solo, "
        "abondance and soloslim need a quick count of tricks of at least the tricks bid less "
        "2 (soloslim: 12), a misère at most so many high-card points (grand and open 8, small "
        "10, piccolo 12); see referee_refusal")

    def __post_init__(self) -> None:
        self.check_types()
        grid = self.points_grid()
        for kind in ("pair", "troel"):
            if not any(e.kind == kind for e in grid.entries):
                raise ConfigError(f"the points grid {grid.name!r} has no {kind}: every grid needs it")
        if grid.rank("pair", 8) is None:
            raise ConfigError(f"the points grid {grid.name!r} has no pair 8 (the level of a proposal)")
        if self.piccolissimo and grid.rank("piccolissimo") is None:
            raise ConfigError(f"piccolissimo is on, but the points grid {grid.name!r} has no "
                              "piccolissimo")

    def points_grid(self) -> PointsGrid:
        """The points grid these options name or hold (read once)."""
        return load_grid(self.grid)


PRESETS: dict[str, BelgianOptions] = {
    "freewhist": BelgianOptions(),
    "whisthub": BelgianOptions(grid="whisthub", troel="three-or-four-aces", deal_pattern="4-4-5",
                               shuffle=False, all_pass="redeal-double", passe_parole=True,
                               solo_suit="proposed", asks_per_suit=2, bound_suit=True,
                               propose_card=True, troel_lead="trump-ace"),
}
"""FreeWhist.be's rules (the default; its grid is a placeholder, see grids/freewhist.toml)
and Whisthub's (zero-sum grid with overtricks, troel with 3 or 4 aces, the trump ace led
to troel's first trick, no shuffle, all pass doubles the next deal, passe parole, solo only
in a suit one asked, a suit asked at most twice and only with a card of it, a player bound
to a suit bids only in it)."""
