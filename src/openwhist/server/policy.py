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
import hashlib
import hmac
import ipaddress
import secrets
from dataclasses import dataclass

from openwhist.ratings import TableFacts, rated

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


# --- play and claims -------------------------------------------------------------------
# The functions the live table asks (a seat's audience for another seat, who sees a claim).


# --- take-back and ratings ---------------------------------------------------------------
# Whether a table's match can be rated, whether take-back is allowed there.


@dataclass(frozen=True)
class MatchFacts:
    """What decides whether a table's match can move ratings, known from its seats.

    :param rated_family: the family has ratings and every seat plays its own hand.
    :param people: seats held by people.
    :param computers: seats held by computer players.
    :param guests: people at the table who are guests, not members.
    :param public: the table is open to anyone (a whist drive's table: the drive is rated).
    :param taken_back: a card or call was taken back in this match.
    :param shared_address: two accounts that played in this match were seen at one
        address (:func:`address_key`).
    """

    rated_family: bool
    people: int
    computers: int
    guests: int
    public: bool
    taken_back: bool = False
    shared_address: bool = False


def can_be_rated(facts: MatchFacts) -> bool:
    """Whether a match at a table with these ``facts`` moves ratings when it ends (before
    the daily limit of matches against computer players, :func:`rated_for`): a rated
    family, no guest, nothing taken back, no two accounts of one address, and the rule
    against farming of :func:`openwhist.ratings.rated` (people only, or a public table).

    >>> can_be_rated(MatchFacts(True, people=1, computers=3, guests=0, public=True))
    True
    >>> can_be_rated(MatchFacts(True, people=1, computers=3, guests=0, public=True, taken_back=True))
    False
    """
    if not facts.rated_family or facts.guests or facts.taken_back or facts.shared_address:
        return False
    return rated(TableFacts(people=facts.people, computers=facts.computers, public=facts.public))


def rated_for(facts: MatchFacts, repeats: int) -> bool:
    """Whether the match moves the rating of one person in it who already had ``repeats``
    rated matches against computer players in the family today, at any table:
    at most :data:`openwhist.ratings.REPEAT_LIMIT` a day count; matches of people only
    always do."""
    if not can_be_rated(facts):
        return False
    return rated(TableFacts(people=facts.people, computers=facts.computers, public=facts.public,
                            repeats=repeats if facts.computers else 0))


def take_back_allowed(facts: MatchFacts) -> bool:
    """Whether a card or call may be taken back at a table with these ``facts``: only where
    the match can never be rated (a take-back that improves a rated match is farming)."""
    return not can_be_rated(facts)


def address_key(host: str | None) -> str | None:
    """The key two accounts are compared by to tell whether they came from one address: a
    keyed hash (the key is random per server process, never stored) of the IPv4 address, or
    of the IPv6 address's /64 network (one host holds a whole /64); None for what is no IP
    address.  Only this key is kept, in memory, while the table plays the match.

    >>> address_key("2001:db8::1") == address_key("2001:db8::2"), address_key("?")
    (True, None)
    """
    try:
        ip = ipaddress.ip_address(host or "")
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    text = (str(ipaddress.ip_network(f"{ip}/64", strict=False))
            if isinstance(ip, ipaddress.IPv6Address) else str(ip))
    return hmac.new(_ADDRESS_KEY, text.encode(), hashlib.sha256).hexdigest()[:24]


_ADDRESS_KEY = secrets.token_bytes(32)


# --- drives ----------------------------------------------------------------------------
# Who may see a duplicate board's record, live table, result and score.


# --- accounts and profiles --------------------------------------------------------------
# Who may read a profile, list players.
