"""Who sees what and who may act, for every feature of the play server.

This module is the one place that decides it.  Routes and the live table ask it; they do
not decide for themselves.  :data:`POLICY` states, for every feature and every audience,
what the audience is shown and whether it may act, and the threat the rule answers; the
functions below apply those rules to a concrete request (a seat, a drive, a record) and
are what the server calls.  ``SECURITY.md`` lists the same table in words, and a test
checks every cell against the live server.

The audiences:

- ``seat``: the person sitting at the seat the thing belongs to (the claimant, the one
  who acts, the owner of a profile);
- ``partner``: a person at the same table on the same side;
- ``opponent``: a person at the same table on another side;
- ``spectator``: someone watching the table (or reading a public page) with a session,
  not seated there;
- ``director``: a whist drive's director, when he does not still have to play the board
  in question (a director who plays is a player for his own boards);
- ``nobody``: a request without a session.

>>> may(Feature.CLAIM, Audience.SEAT)
True
>>> shown(Feature.CLAIM, Audience.PARTNER)
'the claim and how many tricks, not the hand'
>>> may(Feature.TAKE_BACK, Audience.SPECTATOR)
False
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = ["POLICY", "Audience", "Feature", "Refused", "Rule", "may", "rule", "shown"]


class Audience(enum.StrEnum):
    """Who is asking, relative to the thing asked about."""

    SEAT = "seat"
    PARTNER = "partner"
    OPPONENT = "opponent"
    SPECTATOR = "spectator"
    DIRECTOR = "director"
    NOBODY = "nobody"


class Feature(enum.StrEnum):
    """The features of the play server that show something or let someone act."""

    PLAY = "play"
    CLAIM = "claim"
    TALK = "talk"
    TAKE_BACK = "take_back"
    DRIVE_BOARD = "drive_board"
    DRIVE_RESULT = "drive_result"
    RECORD = "record"
    RATING = "rating"
    PROFILE = "profile"


@dataclass(frozen=True)
class Rule:
    """One cell of the policy: what the audience is shown of the feature, whether it may
    act on it, and the threat the rule answers."""

    sees: str
    may: bool
    threat: str


class Refused(Exception):
    """A request the policy does not allow: ``message`` in English, ``code`` (and
    ``values``) for a page to word in its language, ``status`` for HTTP."""

    def __init__(self, message: str, code: str, status: int = 403, **values: object) -> None:
        super().__init__(message)
        self.code = code
        self.status = status
        self.values = values


_S, _P, _O, _V, _D, _N = (Audience.SEAT, Audience.PARTNER, Audience.OPPONENT, Audience.SPECTATOR,
                          Audience.DIRECTOR, Audience.NOBODY)

POLICY: dict[tuple[Feature, Audience], Rule] = {
    # play: each seat its own observation, a spectator the public one, nobody nothing live
    (Feature.PLAY, _S): Rule("its own observation: its hand, public cards, tricks, calls, score", True,
                             "playing for another seat"),
    (Feature.PLAY, _P): Rule("its own observation only: never the partner's hand", False,
                             "a partner seeing or playing the other hand"),
    (Feature.PLAY, _O): Rule("its own observation only", False, "an opponent seeing hidden cards"),
    (Feature.PLAY, _V): Rule("the public observation (what a watcher from the first card knows)", False,
                             "a spectator passing cards to a player"),
    (Feature.PLAY, _D): Rule("the public observation of a table whose board he has played or "
                             "does not play", False, "a director who plays learning a board early"),
    (Feature.PLAY, _N): Rule("nothing of a live deal", False, "anonymous scraping of live tables"),
    # claims: the hand goes to the opponents who answer, never to the partner or watchers
    (Feature.CLAIM, _S): Rule("his own claim", True, "-"),
    (Feature.CLAIM, _P): Rule("the claim and how many tricks, not the hand", False,
                              "a claim used to show the partner one's hand"),
    (Feature.CLAIM, _O): Rule("the claim, how many tricks and the claimant's hand; they answer", True,
                              "a claim accepted without seeing it"),
    (Feature.CLAIM, _V): Rule("the claim and how many tricks, not the hand", False,
                              "a spectator passing the hand on"),
    (Feature.CLAIM, _D): Rule("the claim and how many tricks; he settles a disputed claim at a drive",
                              True, "a disputed claim played on with the hand known"),
    (Feature.CLAIM, _N): Rule("nothing", False, "the hand shown in the public table info"),
    # table talk: quick messages everywhere, free text at private tables, limited per person
    (Feature.TALK, _S): Rule("every message said at the table", True, "flooding the table"),
    (Feature.TALK, _P): Rule("every message said at the table", True, "flooding the table"),
    (Feature.TALK, _O): Rule("every message said at the table", True, "flooding the table"),
    (Feature.TALK, _V): Rule("every message; spectators talk only among themselves during a deal",
                             True, "a spectator telling a player the cards"),
    (Feature.TALK, _D): Rule("every message said at the table", True, "flooding the table"),
    (Feature.TALK, _N): Rule("nothing", False, "anonymous flooding"),
    # take-back: one person among computer players, at a table that is not rated or a drive's
    (Feature.TAKE_BACK, _S): Rule("the deal as it was before his last action", True,
                                  "a rated match improved by taking cards back"),
    (Feature.TAKE_BACK, _P): Rule("the take-back", False, "taking back another's card"),
    (Feature.TAKE_BACK, _O): Rule("the take-back", False, "taking back another's card"),
    (Feature.TAKE_BACK, _V): Rule("the take-back", False, "taking back another's card"),
    (Feature.TAKE_BACK, _D): Rule("the take-back", False, "a drive's deal changed after the fact"),
    (Feature.TAKE_BACK, _N): Rule("nothing", False, "-"),
    # a drive's duplicate boards: nothing of a board reaches anyone who still has to play it
    (Feature.DRIVE_BOARD, _S): Rule("the board at his own table as he plays it; other tables' play of "
                                    "it once he has played it", True, "learning a board before playing it"),
    (Feature.DRIVE_BOARD, _P): Rule("as the seat", True, "learning a board before playing it"),
    (Feature.DRIVE_BOARD, _O): Rule("as the seat", True, "learning a board before playing it"),
    (Feature.DRIVE_BOARD, _V): Rule("nothing of a board until the round is over everywhere", False,
                                    "a spectator relaying a board to a later table"),
    (Feature.DRIVE_BOARD, _D): Rule("every table's board, live, when he does not still play it", True,
                                    "a playing director reading a board early"),
    (Feature.DRIVE_BOARD, _N): Rule("nothing", False, "anonymous scraping of boards"),
    # a drive's results: scores, standings, CSV, print page, rating changes
    (Feature.DRIVE_RESULT, _S): Rule("his own table's results; other tables' results of a board once "
                                     "nobody still has to play it", True, "learning a board's result early"),
    (Feature.DRIVE_RESULT, _P): Rule("as the seat", True, "learning a board's result early"),
    (Feature.DRIVE_RESULT, _O): Rule("as the seat", True, "learning a board's result early"),
    (Feature.DRIVE_RESULT, _V): Rule("results of rounds over everywhere", False,
                                     "a spectator relaying a result to a later table"),
    (Feature.DRIVE_RESULT, _D): Rule("every result; he enters, corrects and removes entries", True,
                                     "a playing director reading results early"),
    (Feature.DRIVE_RESULT, _N): Rule("results of rounds over everywhere", False,
                                     "anonymous reading of results early"),
    # records of finished matches
    (Feature.RECORD, _S): Rule("his matches' records, seed included, once the match is over", True,
                               "a seed predicting a later deal"),
    (Feature.RECORD, _P): Rule("as the seat", True, "a seed predicting a later deal"),
    (Feature.RECORD, _O): Rule("as the seat", True, "a seed predicting a later deal"),
    (Feature.RECORD, _V): Rule("public tables' records once over (a drive's once its round is over "
                               "everywhere)", False, "a duplicate board read before it is played"),
    (Feature.RECORD, _D): Rule("his drive's records once the board's round is over at his own table",
                               False, "a playing director reading a board early"),
    (Feature.RECORD, _N): Rule("public tables' records once over", False, "anonymous scraping"),
    # ratings: rated matches only between people of different addresses, per-person limits
    (Feature.RATING, _S): Rule("his rating and its history", False, "rating farming"),
    (Feature.RATING, _P): Rule("the ratings table", False, "rating farming"),
    (Feature.RATING, _O): Rule("the ratings table", False, "rating farming"),
    (Feature.RATING, _V): Rule("the ratings table", False, "rating farming"),
    (Feature.RATING, _D): Rule("the ratings table", False, "rating farming"),
    (Feature.RATING, _N): Rule("the ratings table", False, "rating farming"),
    # profiles: a person's name, rating and finished matches; accounts are not listed
    (Feature.PROFILE, _S): Rule("his own profile; he changes his password, logs out everywhere", True,
                                "account takeover"),
    (Feature.PROFILE, _P): Rule("the profile of a person met", False, "account enumeration"),
    (Feature.PROFILE, _O): Rule("the profile of a person met", False, "account enumeration"),
    (Feature.PROFILE, _V): Rule("a profile, with a session", False, "account enumeration"),
    (Feature.PROFILE, _D): Rule("a profile, with a session", False, "account enumeration"),
    (Feature.PROFILE, _N): Rule("nothing: no account is listed without a session", False,
                                "account enumeration by number"),
}
"""Every feature x audience cell: what is shown, whether the audience may act, and why."""


def rule(feature: Feature, audience: Audience) -> Rule:
    """The policy's cell for ``feature`` and ``audience``."""
    return POLICY[feature, audience]


def may(feature: Feature, audience: Audience) -> bool:
    """Whether ``audience`` may act on ``feature`` at all (the functions below add what a
    concrete case needs, such as a seat's turn or a board still to play)."""
    return POLICY[feature, audience].may


def shown(feature: Feature, audience: Audience) -> str:
    """What ``audience`` is shown of ``feature``, in words."""
    return POLICY[feature, audience].sees


# --- bounds and limits -----------------------------------------------------------------
# How many live connections a person and an address may hold.


def socket_refusal(person: int, address: int, per_person: int, per_address: int) -> Refused | None:
    """Whether one more WebSocket may open for a person who has ``person`` open on the
    server, from an address that has ``address`` open: None, or the refusal (code
    ``sockets_person`` or ``sockets_address``, with ``most``; the WebSocket closes with
    4429 and the code as its reason).

    >>> socket_refusal(7, 20, 8, 32) is None
    True
    >>> socket_refusal(8, 20, 8, 32).code, socket_refusal(1, 32, 8, 32).code
    ('sockets_person', 'sockets_address')
    """
    if person >= per_person:
        return Refused(f"you have {per_person} connections open, the most one may; close a tab",
                       "sockets_person", 429, most=per_person)
    if address >= per_address:
        return Refused(f"{per_address} connections are open from your address, the most it may have",
                       "sockets_address", 429, most=per_address)
    return None


# --- play and claims -------------------------------------------------------------------
# The functions the live table asks (a seat's audience for another seat, who sees a claim).


# --- take-back and ratings ---------------------------------------------------------------
# Whether a table's match can be rated, whether take-back is allowed there.


# --- drives ----------------------------------------------------------------------------
# Who may see a duplicate board's record, live table, result and score.


# --- accounts and profiles --------------------------------------------------------------
# Who may read a profile, list players.
