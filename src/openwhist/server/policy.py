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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openwhist.ratings import TableFacts, rated
from openwhist.rules.events import CallMade, CardDrawn, CardPlayed, CardTurned, DealScored, TrickWon
from openwhist.rules.observation import Observation
from openwhist.rules.seats import seat_name
from openwhist.server import drive_pairs
from openwhist.server.views import action_shown

__all__ = [
    "Access", "Audience", "Board", "CLAIM_HAND_SHOWN", "CLAIM_SETTLED", "Feature", "MESSAGES",
    "MatchFacts", "POLICY", "ROUTES", "Refused", "Rule", "address_key", "can_be_rated",
    "check_account_change", "claim_shown", "drive_board", "drive_boards_played", "drive_boards_to_play",
    "drive_open_boards",
    "drive_rating_due", "drive_results_shown", "drive_round_over", "drive_seated", "drive_sees_all",
    "drive_table_boards",
    "event_shown", "hint_refusal", "markdown", "may", "may_answer_claim", "may_change_drive_entry",
    "may_confirm_drive_entry", "may_correct_drive_entry",
    "may_read_drive_record", "may_see_table", "may_watch_drive_table", "profile_audience", "rated_for",
    "rule", "shown", "socket_refusal", "table_audience", "take_back_allowed", "talk_reaches_players",
]


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
    HINT = "hint"
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
    (Feature.PLAY, _N): Rule("a public table's public observation over HTTP, as a spectator's; no live "
                             "socket", False, "anonymous play or talk"),
    # claims: the hand goes to the opponents who answer, never to the partner or watchers
    (Feature.CLAIM, _S): Rule("his own claim", True, "-"),
    (Feature.CLAIM, _P): Rule("the claim and how many tricks, not the hand", False,
                              "a claim used to show the partner one's hand"),
    (Feature.CLAIM, _O): Rule("the claim, how many tricks and the claimant's hand; they answer", True,
                              "a claim accepted without seeing it"),
    (Feature.CLAIM, _V): Rule("the claim and how many tricks, not the hand", False,
                              "a spectator passing the hand on"),
    (Feature.CLAIM, _D): Rule("the claim and how many tricks, not the hand (the solver settles a "
                              "disputed claim)", False, "a disputed claim played on with the hand known"),
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
    # hints: a bot's suggestion from the seat's own observation, for one person among bots
    (Feature.HINT, _S): Rule("a suggestion made from his own observation, at a table where he is the "
                             "only person and not a drive's", True, "a hint in a game between people"),
    (Feature.HINT, _P): Rule("nothing", False, "a hint for another seat"),
    (Feature.HINT, _O): Rule("nothing", False, "a hint for another seat"),
    (Feature.HINT, _V): Rule("nothing", False, "a spectator relaying a hint"),
    (Feature.HINT, _D): Rule("nothing", False, "a drive's board played with help"),
    (Feature.HINT, _N): Rule("nothing", False, "-"),
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
                                     "nobody still has to play it (of a Mitchell's or Howell's board, once "
                                     "he has played it)", True, "learning a board's result early"),
    (Feature.DRIVE_RESULT, _P): Rule("as the seat", True, "learning a board's result early"),
    (Feature.DRIVE_RESULT, _O): Rule("as the seat", True, "learning a board's result early"),
    (Feature.DRIVE_RESULT, _V): Rule("results of rounds over everywhere", False,
                                     "a spectator relaying a result to a later table"),
    (Feature.DRIVE_RESULT, _D): Rule("every result; he enters, corrects and removes entries", True,
                                     "a playing director reading results early"),
    (Feature.DRIVE_RESULT, _N): Rule("results of rounds over everywhere", False,
                                     "anonymous reading of results early"),
    # a duplicate board's hand record (its hands, double-dummy tricks) is a DRIVE_RESULT
    # shown to everyone alike, only once its round is over everywhere (drive_round_over)
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


def may_see_table(*, private: bool, member: bool, code: str | None, table_code: str | None) -> bool:
    """Whether someone may see a live table at all (before a drive's own rule, which
    :func:`may_watch_drive_table` adds): a public table anyone; a private one its members
    (who sit there, are about to, or made it) and whoever holds its invitation code.  A
    table one may not see answers as if it did not exist.

    >>> may_see_table(private=True, member=False, code="abcd", table_code="ABCD")
    True
    """
    if not private or member:
        return True
    return code is not None and table_code is not None and secrets.compare_digest(code.upper(), table_code)


def talk_reaches_players(*, seated: bool, deal_played: bool) -> bool:
    """Whether what someone says at a table reaches its players (else the spectators only):
    a player's words always do; a spectator's only while no deal is being played (before,
    between and after deals), so that no onlooker tells a player the cards.

    >>> talk_reaches_players(seated=False, deal_played=True)
    False
    """
    return seated or not deal_played


def table_audience(sides: Sequence[int], viewer: int | None, subject: int, *,
                   session: bool = True) -> Audience:
    """The audience of ``viewer`` (a seat, or None for someone not seated) for what
    belongs to seat ``subject`` at a table whose seats are on ``sides``; ``session``:
    False for a request without one.

    >>> table_audience([0, 1, 0, 1], 2, 0), table_audience([0, 1, 0, 1], 1, 0)
    (<Audience.PARTNER: 'partner'>, <Audience.OPPONENT: 'opponent'>)
    >>> table_audience([0, 1, 0, 1], None, 0), table_audience([0, 1, 0, 1], None, 0, session=False)
    (<Audience.SPECTATOR: 'spectator'>, <Audience.NOBODY: 'nobody'>)
    """
    if viewer is None:
        return Audience.SPECTATOR if session else Audience.NOBODY
    if viewer == subject:
        return Audience.SEAT
    return Audience.PARTNER if int(sides[viewer]) == int(sides[subject]) else Audience.OPPONENT


def event_shown(event: Any, view: Observation, n: int) -> dict[str, Any] | None:
    """A rules event (what ``Deal.apply`` returned) as the observer of ``view`` (an
    observation taken in the event's deal, after it; a spectator's is the public one) is
    shown it, with hands as seat letters of ``n`` hands; None when it is not shown at all.
    A card played or a call as :func:`~openwhist.server.views.action_shown` shows it
    (another's small-misère discard: ``discard``, its card unseen); a card drawn from the
    stock with its card only when it was face up or it is now in the observer's hand; a
    trick won, a card turned up and a deal's score as they are.  An event a family adds
    is not sent until this function names it.

    >>> import openwhist
    >>> deal = openwhist.new_deal("classic", seed=5)
    >>> card = deal.legal_actions()[0]
    >>> event = deal.apply(card)[0]
    >>> event_shown(event, deal.public_observation(), 4) == {
    ...     "kind": "card_played", "hand": "E", "card": str(card)}
    True
    """
    if isinstance(event, CardPlayed | CallMade):
        action = event.card if isinstance(event, CardPlayed) else event.call
        text = action_shown(view, event.seat, action)
        if text is None:
            return None
        key = "card" if isinstance(event, CardPlayed) else "call"
        return {"kind": "card_played" if key == "card" else "call_made", "hand": seat_name(event.seat, n),
                key: text}
    if isinstance(event, TrickWon):
        trick = event.trick
        return {"kind": "trick_won", "number": event.number, "leader": seat_name(trick.leader, n),
                "cards": [str(c) for c in trick.cards], "winner": seat_name(trick.winner, n)}
    if isinstance(event, CardDrawn):
        seen = event.public or event.card in view.hand
        return {"kind": "card_drawn", "hand": seat_name(event.seat, n),
                "card": str(event.card) if seen else None}
    if isinstance(event, CardTurned):
        return {"kind": "card_turned", "card": str(event.card)}
    if isinstance(event, DealScored):
        result = event.result
        return {"kind": "deal_scored", "result": result.to_dict() if hasattr(result, "to_dict") else result}
    return None


CLAIM_HAND_SHOWN = frozenset({Audience.SEAT, Audience.OPPONENT})
"""Who is shown a claimant's cards: himself and the opponents who answer the claim; never
his partner (a claim must not be a way to show the partner one's hand), a spectator or
anyone without a session."""


def claim_shown(claim_seat: str, tricks: int, cards: Sequence[str],
                audience: Audience) -> dict[str, object]:
    """The open claim as ``audience`` is shown it: who claims and how many tricks for
    everyone, the claimant's cards (``hand``) only for :data:`CLAIM_HAND_SHOWN`.

    >>> claim_shown("N", 3, ["AS", "KS"], Audience.OPPONENT)
    {'seat': 'N', 'tricks': 3, 'hand': ['AS', 'KS']}
    >>> claim_shown("N", 3, ["AS", "KS"], Audience.PARTNER)
    {'seat': 'N', 'tricks': 3}
    """
    out: dict[str, object] = {"seat": claim_seat, "tricks": tricks}
    if audience in CLAIM_HAND_SHOWN:
        out["hand"] = list(cards)
    return out


def may_answer_claim(audience: Audience) -> bool:
    """Only the claimant's opponents answer a claim (accept or refuse).  Whatever they
    answer, play stops at the claim: an accepted claim is played out by the solver, a
    refused one is settled by it (:data:`CLAIM_SETTLED`), never played on."""
    return audience is Audience.OPPONENT


CLAIM_SETTLED = ("a refused claim is settled by the server's double-dummy solver: the "
                 "remaining cards are played out with the claimant's side held to the tricks "
                 "it claimed where its cards make them against every defence, and to what "
                 "they make against the best defence where they do not")
"""How a disputed claim ends, in words (at a table and at a whist drive alike)."""


# --- take-back and ratings ---------------------------------------------------------------
# Whether a table's match can be rated, whether take-back is allowed there.


def hint_refusal(people: int, drive: bool) -> str | None:
    """Why a seated person gets no hint at a table where ``people`` persons sit or are
    about to (``drive``: a whist drive's table), or None when he gets one.

    >>> hint_refusal(1, False) is None, hint_refusal(2, False)
    (True, 'hints are off at tables with more than one person')
    """
    if people > 1:
        return "hints are off at tables with more than one person"
    if drive:
        return "hints are off at a whist drive's tables"
    return None


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

# A board is one deal of a round: at a duplicate drive every table of the round plays it,
# (round, deal); otherwise each table its own, (round, table, deal).  A drive here is the
# dict that openwhist.store.drives.get_drive reads.

Board = tuple[int, ...]


def drive_board(drive: dict[str, Any], round_no: int, table_no: int, deal_no: int) -> Board:
    """The board that deal ``deal_no`` of table ``table_no`` in round ``round_no`` is (a
    Mitchell or Howell drive's deal number is the board's own: (board,))."""
    if drive_pairs.is_pairs(drive):
        return (deal_no,)
    return (round_no, deal_no) if drive["duplicate"] else (round_no, table_no, deal_no)


def drive_table_boards(drive: dict[str, Any], round_no: int, table_no: int) -> set[Board]:
    """Every board a table of a round plays."""
    if drive_pairs.is_pairs(drive):
        return {(b,) for b in drive_pairs.round_boards(drive, round_no).get(table_no, ())}
    return {drive_board(drive, round_no, table_no, d) for d in range(1, drive["deals"] + 1)}


def _live_round(drive: dict[str, Any]) -> int | None:
    """The round being played (its boards may still be to play somewhere), or None."""
    if drive["state"] in ("running", "paused") and drive["round_no"] >= 1:
        return int(drive["round_no"])
    return None


def _to_play_at(drive: dict[str, Any], table: dict[str, Any], round_no: int) -> set[Board]:
    """The boards still to play at a table of the live round: those without a result."""
    done = {r["deal_no"] for r in drive["results"]
            if r["round_no"] == round_no and r["table_no"] == table["table_no"]}
    if drive_pairs.is_pairs(drive):
        return {(b,) for b in drive_pairs.round_boards(drive, round_no).get(table["table_no"], ())
                if b not in done}
    return {drive_board(drive, round_no, table["table_no"], d)
            for d in range(1, drive["deals"] + 1) if d not in done}


def _active(drive: dict[str, Any], round_no: int) -> set[int]:
    """The entry numbers that play (no computer player for them) in round ``round_no``."""
    return {e["number"] for e in drive["entries"] if e["left_round"] is None or e["left_round"] > round_no}


def drive_boards_to_play(drive: dict[str, Any], user_id: int | None) -> set[Board]:
    """The boards ``user_id`` still has to play: at his table of the round being played,
    the deals without a result (none if a computer player plays for him)."""
    r = _live_round(drive)
    if r is None or user_id is None:
        return set()
    mine = {e["number"] for e in drive["entries"] if e["user_id"] == user_id} & _active(drive, r)
    out: set[Board] = set()
    for t in drive["tables"]:
        if t["round_no"] == r and mine & set(t["seats"]):
            out |= _to_play_at(drive, t, r)
    return out | _pairs_ahead(drive, r, mine)


def drive_open_boards(drive: dict[str, Any]) -> set[Board]:
    """The boards somebody (a person, not a computer player) still has to play."""
    r = _live_round(drive)
    if r is None:
        return set()
    active = _active(drive, r)
    out: set[Board] = set()
    for t in drive["tables"]:
        if t["round_no"] == r and active & set(t["seats"]):
            out |= _to_play_at(drive, t, r)
    return out | _pairs_ahead(drive, r, None)


def _pairs_ahead(drive: dict[str, Any], live: int, numbers: set[int] | None) -> set[Board]:
    """A Mitchell or Howell drive's boards still to play in the rounds after the live one:
    by the entries ``numbers`` (None: by anyone still in the drive); none for other drives."""
    if not drive_pairs.is_pairs(drive) or numbers == set():
        return set()
    out: set[Board] = set()
    rounds = drive_pairs.pairs_plan(drive, drive["family"]).rounds
    for r in range(live + 1, int(drive["rounds"]) + 1):
        active = _active(drive, r)
        for t in rounds[r - 1].tables:
            people = {p + 1 for p in t.seats if p is not None} & active
            if people and (numbers is None or people & numbers):
                out |= {(b,) for b in drive_pairs.round_boards(drive, r).get(t.number, ())}
    return out


def drive_boards_played(drive: dict[str, Any], user_id: int | None) -> set[Board]:
    """A Mitchell or Howell drive's boards ``user_id``'s pair has played (a result at his
    table): their results at the other tables are his to see (none for other drives,
    whose people see their own table's results on their score card)."""
    if user_id is None or not drive_pairs.is_pairs(drive):
        return set()
    mine = {e["number"] for e in drive["entries"] if e["user_id"] == user_id}
    at = {(t["round_no"], t["table_no"]) for t in drive["tables"] if mine & set(t["seats"])}
    return {(r["deal_no"],) for r in drive["results"] if (r["round_no"], r["table_no"]) in at}


def drive_sees_all(drive: dict[str, Any], user_id: int | None) -> bool:
    """Whether ``user_id`` is the drive's director with no board left to play: he sees
    every table live and every result at once."""
    if user_id is None or user_id != drive["director_id"]:
        return False
    return not drive_boards_to_play(drive, user_id)


def drive_seated(drive: dict[str, Any], user_id: int | None, round_no: int, table_no: int) -> bool:
    """Whether ``user_id`` has an entry seated at table ``table_no`` of round ``round_no``."""
    if user_id is None:
        return False
    mine = {e["number"] for e in drive["entries"] if e["user_id"] == user_id}
    return any(t["round_no"] == round_no and t["table_no"] == table_no and mine & set(t["seats"])
               for t in drive["tables"])


def may_watch_drive_table(drive: dict[str, Any], user_id: int | None, round_no: int, table_no: int) -> bool:
    """Whether ``user_id`` may see a drive's table live (its socket, its info and view,
    its server id on the drive's page): his own table; another only while none of its
    boards is still his to play (the table's own membership rules apply besides)."""
    if drive_seated(drive, user_id, round_no, table_no):
        return True
    return not drive_table_boards(drive, round_no, table_no) & drive_boards_to_play(drive, user_id)


def may_read_drive_record(drive: dict[str, Any], user_id: int | None, round_no: int, table_no: int) -> bool:
    """Whether ``user_id`` may list and read the records of a drive's table: once nobody
    still has to play its boards; before, only the director with none of them to play."""
    boards = drive_table_boards(drive, round_no, table_no)
    if not boards & drive_open_boards(drive):
        return True
    return user_id == drive["director_id"] and not boards & drive_boards_to_play(drive, user_id)


def drive_results_shown(drive: dict[str, Any], user_id: int | None) -> list[dict[str, Any]]:
    """The results ``user_id`` is shown in the standings, the CSV and the print page:
    every one to the director with nothing left to play; to everyone else those of the
    boards nobody still has to play (his own score card holds his own table's)."""
    if drive_sees_all(drive, user_id):
        return list(drive["results"])
    still = drive_open_boards(drive) - drive_boards_played(drive, user_id)
    return [r for r in drive["results"]
            if drive_board(drive, r["round_no"], r["table_no"], r["deal_no"]) not in still]


def drive_round_over(drive: dict[str, Any], round_no: int) -> bool:
    """Whether round ``round_no`` of a drive is over everywhere, so that anyone may see its
    boards' hand records: a later round is seated, or the drive has finished (the round
    was played). Never while a table of it may still play, not even to the director."""
    if drive["state"] == "finished":
        return 1 <= round_no <= int(drive["round_no"])
    return drive["state"] in ("running", "paused") and 1 <= round_no < int(drive["round_no"])


def drive_rating_due(drive: dict[str, Any], round_no: int, table_no: int) -> bool:
    """Whether the rating changes of a drive table's match may be applied (and so shown on
    profiles and leaderboards): once nobody still has to play any of its boards."""
    return not drive_table_boards(drive, round_no, table_no) & drive_open_boards(drive)


def may_change_drive_entry(drive: dict[str, Any], user_id: int, table: dict[str, Any],
                           entered_by: int | None, sides: tuple[int, ...] | None) -> None:
    """Scorer mode: refuse (:class:`Refused`) a person entering a deal's result at
    ``table`` (of the round being played) who may not.  The director may always; a person
    must sit at the table and still play in the drive (not replaced by a computer
    player); a result entered already is changed only by who entered it, his partner at
    the table (``sides``: each seat's side with fixed partners, else None) or the
    director."""
    if user_id == drive["director_id"]:
        return
    r = int(drive["round_no"])
    numbers = {e["number"] for e in drive["entries"] if e["user_id"] == user_id}
    seats = list(table["seats"])
    if not numbers & set(seats):
        raise Refused("only the people at this table (or the director) enter its results", "not_at_table")
    if not numbers & _active(drive, r):
        raise Refused("you have left the drive: a computer player plays for you, and you enter no results",
                      "drive_left")
    if entered_by is None or entered_by == user_id:
        return
    if sides is not None:
        by = {e["number"] for e in drive["entries"] if e["user_id"] == entered_by}
        mine = {sides[i] for i, n in enumerate(seats) if n in numbers}
        theirs = {sides[i] for i, n in enumerate(seats) if n in by}
        if mine & theirs:
            return
    raise Refused("another side entered this deal's result: only that side or the director may change it",
                  "entry_other_side")


def may_confirm_drive_entry(drive: dict[str, Any], user_id: int | None, table: dict[str, Any],
                            row: dict[str, Any], sides: tuple[int, ...] | None) -> None:
    """Scorer mode: refuse (:class:`Refused`) a person confirming the result ``row`` of a
    deal at ``table`` (a change of it waiting, ``proposed``, or the entry) who may not.
    Only a person of the other side at that table, still in the drive, confirms (``sides``:
    each seat's side, None where every player is his own side); never the side that made
    it; nothing locked by the director, nor the director's own entries (confirmed as made)."""
    if row.get("locked"):
        raise Refused("the director has locked this result: only he changes it", "entry_locked", 409)
    by = row["proposed_by"] if row.get("proposed") else row["entered_by"]
    if by is None or by == drive["director_id"] or (row.get("confirmed_by") is not None
                                                     and not row.get("proposed")):
        raise Refused("this result needs no confirmation", "nothing_to_confirm", 409)
    numbers = {e["number"] for e in drive["entries"] if e["user_id"] == user_id}
    seats = list(table["seats"])
    if user_id is None or not numbers & set(seats):
        raise Refused("only the other side at this table confirms its results", "not_at_table")
    if not numbers & _active(drive, int(table["round_no"])):
        raise Refused("you have left the drive: a computer player plays for you, and you enter no results",
                      "drive_left")
    theirs_numbers = {e["number"] for e in drive["entries"] if e["user_id"] == by}
    if sides is None:
        own = bool(numbers & theirs_numbers)
    else:
        mine = {sides[i] for i, n in enumerate(seats) if n in numbers}
        own = bool(mine & {sides[i] for i, n in enumerate(seats) if n in theirs_numbers})
    if own or user_id == by:
        raise Refused("the other side confirms a result, not the side that entered it", "confirm_own_side")


def may_correct_drive_entry(drive: dict[str, Any], user_id: int) -> None:
    """Refuse (:class:`Refused`) anyone but the drive's director correcting or locking a
    result."""
    if user_id != drive["director_id"]:
        raise Refused("only the drive's director corrects or locks a result", "not_director")


# --- accounts and profiles --------------------------------------------------------------
# Who may read a profile, list players.



def profile_audience(viewer_id: int | None, user_id: int) -> Audience:
    """Who is asking for the profile of ``user_id`` (``viewer_id``: the asker's account,
    None without a session): the person himself (``seat``) or anyone else with a session
    (``spectator``: a profile, with a session).  Without a session nobody is shown any
    account, so that accounts cannot be listed by number: :class:`Refused` (401,
    ``log_in``).  A session is no free pass to walk the numbers in bulk: guests, like
    accounts, are limited per address (see ``Settings.signup_limit``)."""
    if viewer_id is None:
        raise Refused("log in first (or play as a guest)", "log_in", 401)
    return Audience.SEAT if viewer_id == user_id else Audience.SPECTATOR


def check_account_change(user: dict[str, object]) -> None:
    """Whether ``user`` may change the password of his account: a registered member may
    (``seat`` of his own profile); a guest has no password (:class:`Refused`, 403,
    ``guest_password``)."""
    if user.get("guest") or not user.get("login"):
        raise Refused("a guest has no password; register an account", "guest_password", 403)


# --- every route and message ------------------------------------------------------------
# What each HTTP route and each WebSocket message shows, and to whom.  A test checks that
# every route the server has and every message kind it sends is declared here: a new one
# must say who it is for before it can be added.


@dataclass(frozen=True)
class Access:
    """Who may call a route (or receives a message) and what each audience is shown."""

    feature: Feature | None
    who: str
    shows: str


_ANYONE, _SESSION = "anyone", "anyone with a session"

ROUTES: dict[str, Access] = {
    "POST /api/register": Access(Feature.PROFILE, _ANYONE + " (limited per address)",
                                 "the new account's own name and the session's CSRF token"),
    "POST /api/login": Access(Feature.PROFILE, _ANYONE + " (limited per account and per address)",
                              "the account's own name and the session's CSRF token"),
    "POST /api/guest": Access(Feature.PROFILE, _ANYONE + " (limited per address)",
                              "the guest's own name and the session's CSRF token"),
    "POST /api/logout": Access(Feature.PROFILE, "the session's person (the seat)",
                               "nothing; ends this session, or every session of the person"),
    "POST /api/password": Access(Feature.PROFILE, "the session's person, with the current password",
                                 "nothing; ends the person's other sessions"),
    "GET /api/me": Access(Feature.PROFILE, "the session's person", "his own name and CSRF token"),
    "GET /api/health": Access(None, _ANYONE, "counts and readiness, nothing of any table or person"),
    "GET /api/variants": Access(None, _ANYONE, "the rules' options and presets"),
    "GET /api/howto/{variant}": Access(None, _ANYONE, "how to play a variant, its presets and "
                                       "calls, in one language; nothing of any table or person"),
    "POST /api/tables": Access(Feature.PLAY, _SESSION + " (limited per person and address)",
                               "the new table's info, its code to its owner"),
    "POST /api/quickplay": Access(Feature.PLAY, _SESSION, "the new table's info"),
    "GET /api/tables": Access(Feature.PLAY, _ANYONE, "public tables with a free seat and the "
                              "caller's own tables: settings, seats, scores; claim as the claim rule"),
    "GET /api/tables/{table_id}": Access(Feature.PLAY, "anyone for a public table; members or the "
                                         "code's holders for a private one; nobody for a drive's "
                                         "board still to be played by the caller",
                                         "settings, seats, the score sheet; the code to members; "
                                         "the claimant's cards to his opponents only"),
    "GET /api/tables/{table_id}/view": Access(Feature.PLAY, "as GET /api/tables/{table_id}",
                                              "the seat's own observation, or the public one"),
    "GET /api/tables/{table_id}/hint": Access(Feature.PLAY, "the seat, at a table of one person",
                                              "a suggestion made from the seat's own observation"),
    "POST /api/tables/{table_id}/join": Access(Feature.PLAY, _SESSION + " who may see the table",
                                               "the seat taken and the table's info"),
    "POST /api/join": Access(Feature.PLAY, "the holder of a private table's code", "the table's info"),
    "POST /api/tables/{table_id}/leave": Access(Feature.PLAY, "the seat", "the seat left"),
    "POST /api/tables/{table_id}/seat": Access(Feature.PLAY, "the table's owner, before the match starts",
                                               "the seat changed"),
    "GET /api/my/tables": Access(Feature.PLAY, "the session's person", "his own tables' info"),
    "POST /api/tables/{table_id}/close": Access(Feature.PLAY, "the table's owner", "nothing"),
    "GET /api/records": Access(Feature.RECORD, _ANYONE, "finished matches of tables the caller may see "
                               "(a drive's board only once nobody still has to play it)"),
    "GET /api/records/{record_id}": Access(Feature.RECORD, "as GET /api/records",
                                           "the finished match's record, every hand and its seed"),
    "GET /api/records/{record_id}/pbn": Access(Feature.RECORD, "as GET /api/records", "the record as PBN"),
    "GET /api/records/{record_id}/replay": Access(Feature.RECORD, "as GET /api/records",
                                                  "the record trick by trick, with names"),
    "GET /api/records/{record_id}/analysis": Access(Feature.RECORD, "as GET /api/records (limited)",
                                                    "the solver's verdict on every card"),
    "GET /api/my/records": Access(Feature.RECORD, "the session's person", "his own finished matches"),
    "GET /api/drives": Access(Feature.DRIVE_RESULT, _ANYONE, "drives' names, dates and states"),
    "POST /api/drives": Access(Feature.DRIVE_RESULT, _SESSION + " (limited)", "the new drive; "
                               "the caller directs it"),
    "GET /api/drives/{drive_id}": Access(Feature.DRIVE_RESULT, _ANYONE, "entries, rounds, standings "
                                         "and scores without any board still to be played by the "
                                         "caller (by anyone, for nobody and spectators)"),
    "POST /api/drives/{drive_id}/register": Access(Feature.DRIVE_RESULT, _SESSION + ", before the start",
                                                   "the drive's view"),
    "POST /api/drives/{drive_id}/unregister": Access(Feature.DRIVE_RESULT, "an entrant, before the start",
                                                     "the drive's view"),
    "POST /api/drives/{drive_id}/remove": Access(Feature.DRIVE_RESULT, "the director, before the start",
                                                 "the drive's view"),
    "POST /api/drives/{drive_id}/partners": Access(Feature.DRIVE_RESULT, "the director of a Mitchell or "
                                                   "Howell, before the start", "the drive's view"),
    "POST /api/drives/{drive_id}/leave": Access(Feature.DRIVE_RESULT, "an entrant, during the drive",
                                                "the drive's view"),
    "POST /api/drives/{drive_id}/start": Access(Feature.DRIVE_RESULT, "the director", "the drive's view"),
    "POST /api/drives/{drive_id}/pause": Access(Feature.DRIVE_RESULT, "the director", "the drive's view"),
    "POST /api/drives/{drive_id}/substitute": Access(Feature.DRIVE_RESULT, "the director",
                                                     "the drive's view"),
    "POST /api/drives/{drive_id}/end-round": Access(Feature.DRIVE_RESULT, "the director",
                                                    "the drive's view"),
    "POST /api/drives/{drive_id}/results": Access(Feature.DRIVE_RESULT, "in scorer mode, the people "
                                                  "at the table who have not left, or the director",
                                                  "the drive's view"),
    "POST /api/drives/{drive_id}/confirm": Access(Feature.DRIVE_RESULT, "in scorer mode, a person of the "
                                                  "other side at the result's table (never its own side)",
                                                  "the drive's view"),
    "POST /api/drives/{drive_id}/correct": Access(Feature.DRIVE_RESULT, "the director (with a reason, "
                                                  "logged)", "the drive's view"),
    "POST /api/drives/{drive_id}/lock": Access(Feature.DRIVE_RESULT, "the director (logged)",
                                               "the drive's view"),
    "GET /api/drives/{drive_id}/movement": Access(Feature.DRIVE_RESULT, _ANYONE, "the movement: "
                                                  "who sits where, no card and no result"),
    "GET /api/drives/{drive_id}/cards": Access(Feature.DRIVE_RESULT, _ANYONE, "the movement cards "
                                               "and board slips: who sits where, no card and no result"),
    "GET /api/drives/{drive_id}/results.csv": Access(Feature.DRIVE_RESULT, "as GET /api/drives/{drive_id}",
                                                     "the results the caller may see, as CSV"),
    "GET /api/drives/{drive_id}/print": Access(Feature.DRIVE_RESULT, "as GET /api/drives/{drive_id}",
                                               "the results the caller may see, to print"),
    "GET /api/ratings/{family}": Access(Feature.RATING, _ANYONE, "the leaderboard: names and ratings"),
    "GET /api/players/{user_id}": Access(Feature.PROFILE, _SESSION, "a person's name, ratings and "
                                         "their history (a drive's board only once it is over)"),
    "WEBSOCKET /ws/tables/{table_id}": Access(Feature.PLAY, _SESSION + " who may see the table "
                                              "(capped per person and per address)",
                                              "the messages of MESSAGES, each as its audience sees it"),
}
"""Every HTTP route and the WebSocket: who may call it and what it shows (the closing
authority is the route's own check, which asks the functions of this module)."""

MESSAGES: dict[str, Access] = {
    "welcome": Access(Feature.PLAY, "the connection that arrives",
                      "the table's info (code to members, claim by the claim rule), the seat, and "
                      "the seat's own observation or the public one"),
    "sync": Access(Feature.PLAY, "the connection that asks", "as welcome"),
    "table": Access(Feature.PLAY, "every connection at the table", "as welcome, each its own"),
    "refused": Access(Feature.PLAY, "the connection refused", "why, with a code; as welcome"),
    "event": Access(Feature.PLAY, "every connection at the table",
                    "the action as its audience saw it (another's discard unseen), its own view; "
                    "the rules' events as its audience saw them (event_shown: a card drawn "
                    "unseen shows no card); a finished deal's final view and last events per "
                    "audience; the match's result"),
    "claim": Access(Feature.CLAIM, "every connection at the table",
                    "who claims and how many tricks; the cards to the claimant and his opponents only"),
    "claim_refused": Access(Feature.CLAIM, "every connection at the table",
                            "who refused and how the claim is settled"),
    "said": Access(Feature.TALK, "the table; a spectator's words during a deal to spectators only",
                   "who said it and what"),
    "closed": Access(Feature.PLAY, "every connection at the table", "that the table closed"),
    "logged_out": Access(Feature.PROFILE, "the connections of an ended session", "that it ended"),
    "pong": Access(None, "the connection that pinged", "the table's version"),
    "error": Access(None, "the connection that sent a malformed message", "why"),
}
"""Every kind of WebSocket message the server sends: who receives it, and what each
audience is shown."""


def markdown() -> str:
    """The policy as Markdown tables (the one SECURITY.md shows): every feature with what
    each audience is shown, whether it may act, and the threat the rule answers; then every
    route and message with who may call or receive it."""
    lines = ["| feature | audience | is shown | may act | threat answered |",
             "|---|---|---|---|---|"]
    for (feature, audience), r in POLICY.items():
        lines.append(f"| {feature} | {audience} | {r.sees} | {'yes' if r.may else 'no'} | {r.threat} |")
    lines += ["", "| route | who may call it | what it shows |", "|---|---|---|"]
    lines += [f"| `{k}` | {a.who} | {a.shows} |" for k, a in ROUTES.items()]
    lines += ["", "| message | who receives it | what each audience is shown |", "|---|---|---|"]
    lines += [f"| `{k}` | {a.who} | {a.shows} |" for k, a in MESSAGES.items()]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # python -m openwhist.server.policy: the tables of SECURITY.md
    import argparse

    parser = argparse.ArgumentParser(prog="python -m openwhist.server.policy",
                                     description="Print the play server's policy as the Markdown tables "
                                                 "of SECURITY.md: every feature and audience, route and "
                                                 "message.")
    parser.parse_args()
    print(markdown(), end="")
