"""The database tables (SQLAlchemy 2): users, sessions, tables, their events (seat
changes, closing), actions and the records of finished matches.  The schema itself is
made by the Alembic migrations in ``migrations/``; these declarations are what the code
reads and writes through."""

from __future__ import annotations

from sqlalchemy import BigInteger, Boolean, Float, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = ["ActionRow", "Base", "DriveEntryRow", "DriveResultRow", "DriveRow", "DriveTableRow",
           "LoginFailureRow", "MatchPlanRow", "RatingHistoryRow", "RatingRow", "RecordRow", "SessionRow",
           "TableEventRow", "TableLeaseRow", "TableRow", "UserRow"]


class Base(DeclarativeBase):
    """The declarative base of every table."""


class UserRow(Base):
    """A person: registered (``login`` and an argon2 ``password_hash``) or a guest;
    ``name_key``: the key the name is compared by (:func:`openwhist.names.name_key`),
    null for users made before keys were (none after migration 0004)."""

    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    login: Mapped[str | None] = mapped_column(String(32), unique=True, nullable=True)
    name: Mapped[str] = mapped_column(String(32))
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    guest: Mapped[bool] = mapped_column(Boolean, default=False)
    created: Mapped[float] = mapped_column(Float)
    name_key: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)


class SessionRow(Base):
    """A login session: the SHA-256 of its cookie token, its CSRF token and expiry."""

    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created: Mapped[float] = mapped_column(Float)
    expires: Mapped[float] = mapped_column(Float)


class LoginFailureRow(Base):
    """Wrong passwords given for one login name, from any address: ``key`` is the SHA-256
    of the name tried (kept whether or not an account has it), ``failures`` since the last
    good login, ``latest`` when the latest came, ``until`` when tries are taken again."""

    __tablename__ = "login_failures"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer)
    latest: Mapped[float] = mapped_column(Float, index=True)
    until: Mapped[float] = mapped_column(Float)


class TableRow(Base):
    """A table: the variant, options and match settings it plays.  Where it stands comes
    from its events (:class:`TableEventRow`, :class:`ActionRow`, :class:`RecordRow`):
    ``match_no`` and ``version`` are kept from the first schema and no longer written;
    ``closed`` repeats the table's ``closed`` event, for listing the live tables.  ``seed``
    is the table's secret: each match's seed is a keyed hash of it (of ``keyed_secret``
    where that is set), shown only in that match's record, and stored with the match's
    first dealer in :class:`MatchPlanRow` where it is not derived so.  ``keyed_from``: the
    first match a table made before keyed seeds keyed (before it, a fixed step on).
    ``leave_to``: what the seat of a person who leaves becomes (``bot`` or ``open``);
    ``move_time``: a person's seconds per action;
    ``drive_id``: the whist drive whose round the table plays, if any.  ``keyed_secret``:
    for a table made before keyed seeds, whose first record showed its ``seed``, the fresh
    secret (migration 0008) its matches are derived from since; null for the others, whose
    ``seed`` was never shown and is their secret."""

    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    variant: Mapped[str] = mapped_column(String(32))
    options: Mapped[str] = mapped_column(Text)
    seed: Mapped[int] = mapped_column(BigInteger)
    until: Mapped[str] = mapped_column(String(16))
    count: Mapped[int] = mapped_column(Integer)
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    code: Mapped[str | None] = mapped_column(String(16), unique=True, nullable=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    match_no: Mapped[int] = mapped_column(Integer, default=0)
    version: Mapped[int] = mapped_column(Integer, default=0)
    closed: Mapped[bool] = mapped_column(Boolean, default=False)
    created: Mapped[float] = mapped_column(Float)
    keyed_from: Mapped[int] = mapped_column(Integer, default=0)
    leave_to: Mapped[str] = mapped_column(String(8), default="bot")
    move_time: Mapped[float | None] = mapped_column(Float, nullable=True)
    drive_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    keyed_secret: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class MatchPlanRow(Base):
    """How a table's match was dealt, stored when it starts: its first ``dealer`` and its
    ``seed`` where that is not derived from the table's secret (a match dealt before fresh
    secrets, in progress at the upgrade); see :func:`openwhist.server.table.match_plan`."""

    __tablename__ = "match_plans"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    match_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    dealer: Mapped[int] = mapped_column(Integer)


class TableLeaseRow(Base):
    """Which server process runs a live table (``holder``), until when (``expires``, Unix
    time); a process renews the leases it holds and takes only tables with none alive."""

    __tablename__ = "table_leases"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    holder: Mapped[str] = mapped_column(String(64))
    expires: Mapped[float] = mapped_column(Float)


class TableEventRow(Base):
    """A change of a table other than an action, with the table's version: ``seat`` (who
    sits at ``seat`` from now on: ``kind`` ``open``, ``person`` (``user_id``) or ``bot``
    (``bot`` spec); ``pending_user_id``: a person taking the seat over from a bot at the
    next deal), ``closed``, ``again`` (the next match starts: until then a finished
    match stays on the table), ``next`` (the next deal starts after the pause between
    deals) or ``undo`` (actions taken back: their rows are gone).  The
    table's first seats are events of version 0."""

    __tablename__ = "table_events"
    __table_args__ = (UniqueConstraint("table_id", "version", "seat", name="uq_table_events_version_seat"),
                      Index("ix_table_events_table_version", "table_id", "version"))
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"))
    version: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(8))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    kind: Mapped[str | None] = mapped_column(String(8), nullable=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    pending_user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    created: Mapped[float] = mapped_column(Float)


class ActionRow(Base):
    """One accepted action, in order, with the table's version it made (null for actions
    stored before versions were): replaying them rebuilds the match in progress."""

    __tablename__ = "actions"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    match_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(32))
    by_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    version: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created: Mapped[float] = mapped_column(Float)


class RecordRow(Base):
    """A finished match's record (the foundation's JSON format, :mod:`openwhist.records`)."""

    __tablename__ = "records"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    match_no: Mapped[int] = mapped_column(Integer)
    variant: Mapped[str] = mapped_column(String(32))
    players: Mapped[str] = mapped_column(Text)
    record: Mapped[str] = mapped_column(Text)
    created: Mapped[float] = mapped_column(Float)


class DriveRow(Base):
    """A whist drive: a tournament of many tables of one ``family`` (its ``options``, JSON),
    ``movement`` (``progressive``, ``pairs`` or ``individual``), ``mode`` (``online``: the
    server deals and people play here; ``scorer``: real cards, one phone a table enters
    each deal's result), ``duplicate`` (every table plays the same deals in a round),
    ``rounds`` of ``deals`` deals, ``round_minutes`` a round, ``rated``, what the standings
    rank by (``rank_by``: ``total``, ``margin`` or ``matchpoints``); its director;
    ``state`` (``open`` for registration, ``running``, ``paused``, ``finished``),
    ``round_no`` (the round being played, 0 before the first; its clock started at
    ``round_started``, stopped since ``paused_at`` while paused), when it is scheduled
    (``starts_at``, Unix time) and its secret ``seed`` (each round's deals come from it)."""

    __tablename__ = "drives"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    family: Mapped[str] = mapped_column(String(32))
    options: Mapped[str] = mapped_column(Text)
    movement: Mapped[str] = mapped_column(String(16))
    mode: Mapped[str] = mapped_column(String(8))
    duplicate: Mapped[bool] = mapped_column(Boolean)
    rounds: Mapped[int] = mapped_column(Integer)
    deals: Mapped[int] = mapped_column(Integer)
    round_minutes: Mapped[int] = mapped_column(Integer)
    rated: Mapped[bool] = mapped_column(Boolean)
    rank_by: Mapped[str] = mapped_column(String(12))
    director_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    state: Mapped[str] = mapped_column(String(12))
    round_no: Mapped[int] = mapped_column(Integer)
    round_started: Mapped[float | None] = mapped_column(Float, nullable=True)
    paused_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    starts_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    created: Mapped[float] = mapped_column(Float)
    sit_out: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    relay: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    """The individual movement of 4n + 1 people: one person sits out each round."""


class DriveEntryRow(Base):
    """A person registered for a drive, with their ``number`` (1, 2, ... in the order of
    registration; the movement places numbers); ``left_round``: from that round on a
    computer player plays for them (they left, or the director replaced them)."""

    __tablename__ = "drive_entries"
    __table_args__ = (UniqueConstraint("drive_id", "user_id", name="uq_drive_entries_user"),)
    drive_id: Mapped[str] = mapped_column(ForeignKey("drives.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True, index=True)
    name: Mapped[str] = mapped_column(String(32))
    left_round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created: Mapped[float] = mapped_column(Float)


class DriveTableRow(Base):
    """A table of a drive's round: the play server's table (``table_id``; none in scorer
    mode), ``seats`` (JSON: the entry number at each seat, 0 for a computer player), the
    person who enters its results in scorer mode (``scorer_id``) and its match's rating
    changes while other tables still play its boards (``rating``, JSON; null otherwise)."""

    __tablename__ = "drive_tables"
    drive_id: Mapped[str] = mapped_column(ForeignKey("drives.id"), primary_key=True)
    round_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    seats: Mapped[str] = mapped_column(Text)
    scorer_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    rating: Mapped[str | None] = mapped_column(Text, nullable=True)


class DriveResultRow(Base):
    """One deal's result at one table of a drive's round (JSON: the points or tricks of
    each seat, and in scorer mode what was entered), and who entered it (none: the server,
    from the deal played)."""

    __tablename__ = "drive_results"
    drive_id: Mapped[str] = mapped_column(ForeignKey("drives.id"), primary_key=True)
    round_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    deal_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    result: Mapped[str] = mapped_column(Text)
    entered_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    created: Mapped[float] = mapped_column(Float)
    confirmed_by: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """Who of the other side confirmed a scorer's entry (the director for his own); None:
    waiting for confirmation."""
    locked: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    """Locked by the director: only he changes it."""
    proposed: Mapped[str | None] = mapped_column(Text, nullable=True)
    """A change of a confirmed entry (JSON result) waiting for the other side's consent."""
    proposed_by: Mapped[int | None] = mapped_column(Integer, nullable=True)


class DriveCorrectionRow(Base):
    """The director's change of a drive's result (``action``: ``correct``, ``lock`` or
    ``unlock``): who, when, the result before and after (JSON) and the reason given."""

    __tablename__ = "drive_corrections"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    drive_id: Mapped[str] = mapped_column(ForeignKey("drives.id"), index=True)
    round_no: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    deal_no: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    action: Mapped[str] = mapped_column(String(8))
    before: Mapped[str | None] = mapped_column(Text, nullable=True)
    after: Mapped[str | None] = mapped_column(Text, nullable=True)
    reason: Mapped[str] = mapped_column(Text)
    created: Mapped[float] = mapped_column(Float)


class RatingRow(Base):
    """A player's rating in one family: ``player`` is ``user:ID`` for a person (``user_id``)
    or ``bot:LEVEL`` for a computer player; ``mu`` and ``sigma`` (OpenSkill's), the rated
    ``matches`` counted."""

    __tablename__ = "ratings"
    player: Mapped[str] = mapped_column(String(64), primary_key=True)
    family: Mapped[str] = mapped_column(String(32), primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True, index=True)
    name: Mapped[str] = mapped_column(String(32))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    matches: Mapped[int] = mapped_column(Integer)
    updated: Mapped[float] = mapped_column(Float)


class RatingHistoryRow(Base):
    """One change of a player's rating: after (``mu``, ``sigma``) and before (``before_mu``)
    the rated match (its record and table)."""

    __tablename__ = "rating_history"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player: Mapped[str] = mapped_column(String(64), index=True)
    family: Mapped[str] = mapped_column(String(32))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    before_mu: Mapped[float] = mapped_column(Float)
    record_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    table_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    created: Mapped[float] = mapped_column(Float)
