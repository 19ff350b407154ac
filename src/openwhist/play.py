"""Play whist in the terminal: one person against computer players, drawn with rich.

The loop reads through an injectable input function and writes to a rich ``Console``, so
it can be driven by a script (tests, demos) as well as by a person at a keyboard:

>>> from io import StringIO
>>> from rich.console import Console
>>> import openwhist
>>> match = openwhist.new_match("dummy", seed=1, until="deals", count=1)
>>> out = Console(file=StringIO(), width=100)
>>> game = TerminalGame(match, human=0, bots=make_bots(match, "random", seed=1),
...                     console=out, input_fn=lambda prompt: "1")
>>> game.run(), len(match.sheet)
('over', 1)

Computer players see only ``state.observation(seat)``, the same view a person has.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from openwhist.bots import BOTS, Bot, make_bot, parse_bot_spec, play_out
from openwhist.cards import Card, Rank, Suit, derive_seed
from openwhist.errors import ConfigError, InvalidActionError, WhistError
from openwhist.match import Match, new_match
from openwhist.rules.base import (
    Action,
    Call,
    CardDrawn,
    CardTurned,
    Contract,
    Deal,
    DealScored,
    Observation,
    TrickWon,
    option_infos,
    options_from_strings,
    parse_action,
)
from openwhist.rules.registry import DEFAULT_VARIANT, get_variant, header
from openwhist.rules.seats import PARTNERS_OPPOSITE, seat_name, seat_word, side_name
from openwhist.rules.seats import parse_seat as _parse_seat

__all__ = [
    "BOT_NAMES",
    "SIDE_NAMES",
    "TerminalGame",
    "card_label",
    "card_text",
    "display_order",
    "hand_text",
    "make_bots",
    "parse_options",
    "parse_seat",
    "play_command",
]

InputFn = Callable[[str], str]
"""Reads one line of input after showing a prompt; raises ``EOFError`` when input ends."""

SIDE_NAMES = (side_name(PARTNERS_OPPOSITE, 0), side_name(PARTNERS_OPPOSITE, 1))
"""The sides of a four-hand partnership deal: ``N-S`` and ``E-W``."""
BOT_NAMES = tuple(BOTS)
_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
_SUIT_STYLE = {Suit.SPADES: "bold", Suit.HEARTS: "bold red", Suit.CLUBS: "bold",
               Suit.DIAMONDS: "bold red"}

HELP_TEXT = """\
Type a card to play it: QH, 10h, q♥, th (rank then suit; suit first works too),
or the number shown before a card you may play.  In an auction, type a call as the
list names it (pass, solo 8 hearts) or its number.
Commands:
  help    this text
  hint    what the computer would play here
  score   the game score and the score sheet
  table   show the table again
  quit    leave the game (it is saved if you gave --save)"""


# --- parsing of command-line values ---------------------------------------------------------


def parse_seat(text: str, n: int = 4) -> int:
    """A seat from ``N``/``E``/``S``/``W`` (or ``north`` ... ``west``), as 0-3; a
    :class:`ConfigError` for anything else (it comes from the command line)."""
    try:
        return _parse_seat(text, n)
    except InvalidActionError as exc:
        raise ConfigError(str(exc)) from None


FILE_MAX_BYTES = 64 * 1024
"""The most the command line reads of a file given for an option (the rules cap the text)."""


def _scores_text(scores: Sequence[int]) -> str:
    """Scores side by side: ``5-3`` for two or three, ``10 / -4 / 4 / 10 / 10`` where a
    score is below zero or there are more than four (a dash would read as a minus)."""
    if len(scores) > 4 or any(x < 0 for x in scores):
        return " / ".join(map(str, scores))
    return "-".join(map(str, scores))


def parse_options(pairs: Iterable[str], variant: str = DEFAULT_VARIANT) -> dict[str, Any]:
    """Read ``key=value`` texts into option overrides of ``variant`` (see
    :func:`openwhist.rules.base.options_from_strings`).

    An option that takes a file's text (Belgian whist's ``grid``) reads a value ending in
    its suffix (``grid=club.toml``) as the user's file, here on the command line, and passes
    the file's text: the rules never read a file themselves.

    >>> parse_options(["target=7", "honours=false", "dummy=none", "revokes=penalty"])
    {'target': 7, 'honours': False, 'dummy': None, 'revokes': 'penalty'}
    """
    record = get_variant(variant)
    files = {i.name: i.file for i in option_infos(record.options_type) if i.file}
    texts: dict[str, str] = {}
    rest: list[str] = []
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key, raw = key.strip().replace("-", "_"), raw.strip()
        if sep and key in files and raw.lower().endswith(files[key]):
            texts[key] = _read_option_file(key, raw)
        else:
            rest.append(pair)
    out = options_from_strings(record.options_type, rest, record.hands)
    out.update(texts)
    return out


def _read_option_file(key: str, path: str) -> str:
    """The text of the file given for option ``key`` (the user's own file)."""
    file = Path(path).expanduser()
    try:
        with file.open("rb") as f:
            data = f.read(FILE_MAX_BYTES + 1)
    except OSError as exc:
        raise ConfigError(f"option {key}: cannot read {path}: {exc.strerror}") from None
    if len(data) > FILE_MAX_BYTES:
        raise ConfigError(f"option {key}: {path} is larger than {FILE_MAX_BYTES // 1024} KB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ConfigError(f"option {key}: {path} is not UTF-8 text") from None


# --- bots ------------------------------------------------------------------------------------


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in a match seeded with ``seed`` (reproducible:
    :func:`~openwhist.cards.derive_seed` of ``"bot", seat``)."""
    return derive_seed(seed, "bot", seat)


def make_bots(match: Match, kind: str | Sequence[str], seed: int,
              exclude: Iterable[int] = ()) -> dict[int, Bot]:
    """One bot per seat at the table of ``match`` (not the excluded seats).

    ``kind`` is one bot name for every seat or a name per hand 0-3.
    """
    skip = set(exclude)
    names = [kind] * 4 if isinstance(kind, str) else list(kind)
    return {s: make_bot(names[s], bot_seed(seed, s)) for s in match.state.seats if s not in skip}


# --- rendering -------------------------------------------------------------------------------


def card_label(card: Card, symbols: bool = True) -> str:
    """A card for people: ``10♥`` with symbols, ``TH`` with letters."""
    if symbols:
        rank = "10" if card.rank == Rank.TEN else card.rank.letter
        return rank + card.suit.symbol
    return str(card)


def card_text(card: Card, symbols: bool = True) -> Text:
    """A card as coloured text (hearts and diamonds red)."""
    return Text(card_label(card, symbols), style=_SUIT_STYLE[card.suit])


def display_order(cards: Iterable[Card]) -> list[Card]:
    """Cards in the order a hand is shown: spades, hearts, clubs, diamonds, high first."""
    return sorted(cards, key=lambda c: (_SUIT_ORDER.index(c.suit), -c.rank))


def hand_text(cards: Iterable[Card], symbols: bool = True,
              numbers: Mapping[Card, int] | None = None, indent: str = "  ") -> Text:
    """A hand grouped by suit, one suit a line; playable cards carry their number.

    With ``numbers`` given, cards without a number are shown dim.
    """
    by_suit: dict[Suit, list[Card]] = {s: [] for s in _SUIT_ORDER}
    for c in display_order(cards):
        by_suit[c.suit].append(c)
    text = Text()
    for i, suit in enumerate(_SUIT_ORDER):
        if i:
            text.append("\n")
        text.append(indent)
        text.append(suit.symbol if symbols else suit.letter, style=_SUIT_STYLE[suit])
        text.append(" ")
        if not by_suit[suit]:
            text.append(" —", style="dim")
        for c in by_suit[suit]:
            rank = "10" if symbols and c.rank == Rank.TEN else c.rank.letter
            text.append(" ")
            if numbers is None:
                text.append(rank, style=_SUIT_STYLE[suit])
            elif c in numbers:
                text.append(f"[{numbers[c]}]", style="cyan")
                text.append(rank, style=_SUIT_STYLE[suit])
            else:
                text.append(rank, style="dim")
    return text


def _trump_text(trump: Suit | None, symbols: bool, obs: Observation | None = None) -> Text:
    """The trump as the table shows it; with ``obs``, "not chosen yet" during an auction
    that decides it (Belgian whist's, not the exact bids', whose trump is dealt)."""
    if obs is not None and obs.phase == "auction" \
            and header(obs.variant, options=obs.options).partnership == "auction":
        return Text("not chosen yet (the auction decides)")
    if trump is None:
        return Text("no trump")
    return Text.assemble((trump.symbol if symbols else trump.letter, _SUIT_STYLE[trump]),
                         f" {trump.name.lower()}")


# --- the game loop ---------------------------------------------------------------------------


class TerminalGame:
    """A match played by one person (at ``human``) and bots, in a terminal.

    :param match: the match to play (see :func:`openwhist.new_match`).
    :param human: the person's seat; in Dummy whist the dummy's partner also plays the dummy.
    :param bots: a bot for every other seat; each gets only its seat's observation.
    :param console: where the table is drawn.
    :param input_fn: reads a line after a prompt (default: ``console.input``).
    :param symbols: show suit symbols (``♥``) rather than letters (``H``).
    :param save_path: write the match record there when the game ends or is left.
    :param hint_bot: the bot asked for hints (default: the technique player, which names
        the rule of the books it follows).
    :param pause: wait for Enter after each deal's result (so that it can be read before
        the next deal scrolls it away); default: when reading from a terminal.
    :param bot_names: the bots' names per seat, kept in the saved record.
    :param date: the day the game began as an ISO date, kept in the saved record
        (default: the day it is saved; a resumed game keeps its first day).
    """

    def __init__(
        self,
        match: Match,
        human: int,
        bots: Mapping[int, Bot],
        console: Console | None = None,
        input_fn: InputFn | None = None,
        symbols: bool = True,
        save_path: Path | str | None = None,
        hint_bot: Bot | None = None,
        pause: bool | None = None,
        bot_names: Mapping[int, str] | None = None,
        date: str | None = None,
    ) -> None:
        state = match.state
        self.date = date
        self.match = match
        if human not in state.seats:
            raise ConfigError(f"{self._name(human)} is the dummy; sit at "
                              f"{', '.join(self._name(s) for s in state.seats)}")
        missing = [s for s in state.seats if s != human and s not in bots]
        if missing:
            raise ConfigError(f"no bot for seat(s) {', '.join(self._name(s) for s in missing)}")
        self.human = human
        self.bots = dict(bots)
        self.console = console if console is not None else Console(highlight=False)
        self.input_fn: InputFn = input_fn if input_fn is not None else self._console_input
        self.symbols = symbols
        self.save_path = Path(save_path) if save_path is not None else None
        self._hint_bot = hint_bot
        self.pause = pause if pause is not None else (input_fn is None and self.console.is_terminal)
        self.bot_names = dict(bot_names or {s: getattr(b, "name", type(b).__name__)
                                             for s, b in bots.items()})
        self._announced: Deal | None = None
        self._rubbers_shown = len(match.rubbers)
        self._games_shown = len(match.games)

    def _console_input(self, prompt: str) -> str:
        return self.console.input(prompt)

    # --- names ---------------------------------------------------------------------------

    @property
    def _n(self) -> int:
        return self.match.state.n_hands

    def _name(self, hand: int) -> str:
        return seat_name(hand, self._n)

    def _side(self, side: int) -> str:
        return side_name(self.match.state.sides, side)

    def _scorer(self, index: int) -> str:
        """Who the match's score entry ``index`` belongs to: a side (``N-S``), or a player
        where the match keeps a score per player (Belgian whist)."""
        state = self.match.state
        if len(self.match.score) == state.n_hands:
            return seat_name(index, state.n_hands) + (" (you)" if index == self.human else "")
        return self.side_label(index)

    def _scores(self, values: Sequence[int]) -> str:
        """``N-S 3, E-W 1``: one entry per side or player of the match's score."""
        return ", ".join(f"{self._scorer(i)} {v}" for i, v in enumerate(values))

    def _tricks(self, won: Sequence[int]) -> str:
        """``N-S 7, E-W 6``: the tricks of each side of the deal."""
        return ", ".join(f"{self._side(i)} {v}" for i, v in enumerate(won))

    def seat_label(self, hand: int) -> str:
        """``S (you)``, ``S (dummy)`` or ``W``."""
        state = self.match.state
        if hand not in state.seats:
            return f"{self._name(hand)} (dummy)"
        if hand == self.human:
            return f"{self._name(hand)} (you)"
        return self._name(hand)

    def side_label(self, side: int) -> str:
        """``N-S (you)`` for the person's side, else ``E-W``."""
        return self._side(side) + (" (you)" if side == self.match.state.sides[self.human] else "")

    def _card(self, card: Card) -> Text:
        return card_text(card, self.symbols)

    def _say(self, *parts: str | Text) -> None:
        self.console.print(Text.assemble(*parts))

    def _error(self, message: str) -> None:
        self.console.print(f"[bold red]✗[/] {escape(message)}")

    # --- running -------------------------------------------------------------------------

    def run(self) -> str:
        """Play until the match ends or the person leaves.

        Returns ``"over"`` (the match is complete), ``"quit"``, ``"eof"`` (input ended) or
        ``"interrupt"`` (Ctrl-C).  The record is saved in every case if a path was given.
        """
        outcome = "over"
        try:
            self._announce_deal()
            while not self.match.is_over():
                waiting = play_out(self.match, self.bots, stop=lambda seat: seat == self.human,
                                   after=self._show_action)
                if waiting is None:
                    break
                left = self._human_turn()
                if left is not None:
                    outcome = left
                    break
        except KeyboardInterrupt:
            outcome = "interrupt"
        if outcome == "over":
            self.show_match_end()
        else:
            reason = {"quit": "You left the game.", "eof": "Input ended; leaving the game.",
                      "interrupt": "Interrupted; leaving the game."}[outcome]
            self.console.print(f"\n[bold]{reason}[/]")
            self.show_score()
        self.save()
        return outcome

    def _announce_deal(self) -> None:
        state = self.match.state
        if self._announced is state:
            return
        self._announced = state
        m = self.match
        title = (f"Deal {len(m.sheet) + 1} · {m.rules.GAME} {len(m.games) + 1} · "
                 f"dealer {self._name(state.dealer)}")
        self.console.rule(f"[bold]{title}[/]")
        obs = state.observation(self.human)
        line = Text("Trump: ").append_text(_trump_text(state.trump, self.symbols, obs))
        turn_up = obs.turn_up
        if turn_up is not None:
            line.append(f" — {self._name(state.dealer)} turned up ").append_text(self._card(turn_up))
        line.append(f"   {m.rules.SCORE.capitalize()}: {self._scores(m.score)}")
        self.console.print(line)

    def _play(self, hand: int, card: Action) -> None:
        events = self.match.apply(card)
        self._show_action(hand, card, events)

    def _show_action(self, hand: int, action: Any, events: tuple[Any, ...]) -> None:
        old = self._announced
        assert old is not None
        if isinstance(action, Card):
            self._say("  ", self.seat_label(hand), " plays ", self._card(action))
        else:
            self._say("  ", self.seat_label(hand), f" says {action}")
        for ev in events:
            if isinstance(ev, TrickWon):
                trick = ev.trick
                line = Text(f"  Trick {ev.number}: ")
                for i, c in enumerate(trick.cards):
                    line.append(f"{self._name(trick.seat_of(i, self._n))} ").append_text(self._card(c))
                    line.append("  ")
                line.append(f"→ won by {self.seat_label(trick.winner)}", style="bold")
                won = old.observation(self.human).tricks_won
                line.append(f"   (tricks {self._tricks(won)})")
                self.console.print(line)
            elif isinstance(ev, CardDrawn):
                self._show_draw(ev)
            elif isinstance(ev, CardTurned):
                self._say("  Turned up on the stock: ", self._card(ev.card))
            elif isinstance(ev, DealScored):
                self.show_deal_result(old)
                if self.pause and not self.match.is_over():
                    with contextlib.suppress(EOFError):
                        self.input_fn("Press Enter for the next deal ")
        if not self.match.is_over():
            self._announce_deal()

    def _show_draw(self, ev: CardDrawn) -> None:
        """A card taken from the stock: shown to all if public, else only to its taker."""
        if ev.seat == self.human:
            verb = " took " if ev.public else " drew "
            self._say("  ", self.seat_label(ev.seat), verb, self._card(ev.card))
        elif ev.public:
            self._say("  ", self.seat_label(ev.seat), " took ", self._card(ev.card), " (face up)")
        else:
            self._say("  ", self.seat_label(ev.seat), " drew a card from the stock")

    def _human_turn(self) -> str | None:
        state = self.match.state
        hand = state.to_move
        assert hand is not None
        obs = state.observation(self.human)
        legal = display_order(a for a in obs.legal if isinstance(a, Card))
        calls = [a for a in obs.legal if isinstance(a, Call)]
        choices: list[Action] = list(calls) if calls else list(legal)
        self.console.print(self.render_table())
        if calls:
            self._say("Choose: ", "  ".join(f"[{i + 1}] {c}" for i, c in enumerate(calls)))
        who = "Your choice" if calls else "Dummy's card" if hand != self.human else "Your card"
        prompt = f"{who} ({self._name(hand)}) > "
        while True:
            try:
                text = self.input_fn(prompt)
            except EOFError:
                return "eof"
            command = text.strip().lower()
            if not command:
                continue
            if command in ("help", "?"):
                self.console.print(HELP_TEXT, markup=False, highlight=False)
                continue
            if command in ("quit", "exit", "q"):
                return "quit"
            if command == "score":
                self.show_score()
                continue
            if command in ("table", "show"):
                self.console.print(self.render_table())
                continue
            if command == "hint":
                self._hint(legal)
                continue
            card: Action
            if command.isdigit():
                n = int(command)
                if not 1 <= n <= len(choices):
                    what = "choice" if calls else "card"
                    self._error(f"there is no {what} number {n}: choose 1-{len(choices)}")
                    continue
                card = choices[n - 1]
            else:
                try:
                    card = parse_action(text) if calls else Card.parse(text)
                except WhistError as exc:
                    self._error(f"{exc}; type help for the commands")
                    continue
            try:
                self._play(hand, card)
            except WhistError as exc:
                self._error(str(exc))
                continue
            return None

    def _hint(self, legal: Sequence[Card]) -> None:
        from openwhist.bots.book import TECHNIQUES

        if self._hint_bot is None:
            self._hint_bot = make_bot("technique", derive_seed(self.match.seed, "hint"))
        card = self._hint_bot.choose(self.match.state.observation(self.human))
        # the rule of the books the technique player followed, in a sentence
        rule = getattr(self._hint_bot, "last_technique", None)
        says = {t.name: t.says for t in TECHNIQUES}.get(rule or "")
        why = f": {says}" if says and rule not in ("only-card", "call") else ""
        if not isinstance(card, Card):
            self._say(f"Hint: say {card}{why}")
            return
        number = f" (number {legal.index(card) + 1})" if card in legal else ""
        self._say("Hint: play ", self._card(card), number, why)

    # --- screens -------------------------------------------------------------------------

    def render_table(self) -> RenderableType:
        """The table as the person sees it: trump, scores, tricks, hands."""
        m = self.match
        state = m.state
        obs = state.observation(self.human)
        hand = state.to_move
        legal = display_order(a for a in obs.legal if isinstance(a, Card))
        numbers = {c: i + 1 for i, c in enumerate(legal)}
        rows: list[RenderableType] = []

        trump = Text("Trump: ").append_text(_trump_text(obs.trump, self.symbols, obs))
        if obs.turn_up is not None:
            trump.append("   turned up: ").append_text(self._card(obs.turn_up))
            if obs.turn_up not in obs.shown:  # the dealer's card; else turned from the deck
                trump.append(f" (on the table, {self._name(obs.dealer)}'s)")
        rows.append(trump)
        if "stock" not in obs.hidden and obs.shown:  # cards out of play, e.g. a misère's discard
            out = Text("Out of play: ")
            for c in obs.shown:
                out.append_text(self._card(c)).append(" ")
            rows.append(out)
        elif obs.hidden.get("stock") or obs.shown:
            stock = Text("Stock: ")
            face_up = [c for c in obs.shown if c != obs.turn_up]
            for c in face_up:
                stock.append_text(self._card(c)).append(" ")
            if face_up:
                stock.append("face up, ")
            stock.append(f"{obs.hidden.get('stock', 0)} face down")
            rows.append(stock)
        if obs.info.get("hands_known"):
            rows.append(Text("The stock is empty: both hands are known.", style="bold"))
        if obs.calls:
            rows.append(Text("Calls: " + ", ".join(f"{self._name(h)} {c}" for h, c in obs.calls)))
        if obs.contract is not None:
            rows.append(Text(f"Contract: {_contract_text(obs.contract, self._name)}", style="bold"))
        target = m.rules.game_target()
        score_line = (f"{m.rules.SCORE.capitalize()}: {self._scores(m.score)}"
                      + (f" (to {target})" if target is not None else ""))
        if m.games:
            score_line += f"   {m.rules.GAME.capitalize()}s: " + "-".join(map(str, _wins_all(m)))
        rows.append(Text(score_line))
        if obs.phase != "auction":
            rows.append(Text(f"Tricks: {self._tricks(obs.tricks_won)}"))
        if obs.tricks:
            last = obs.tricks[-1]
            line = Text("Last trick: ")
            for i, c in enumerate(last.cards):
                line.append(f"{self._name(last.seat_of(i, self._n))} ").append_text(self._card(c))
                line.append("  ")
            line.append(f"→ {self.seat_label(last.winner)}")
            rows.append(line)
        line = Text("To bid: " if obs.phase == "auction" else "This trick: ")
        for seat, c in obs.trick:
            line.append(f"{self._name(seat)} ").append_text(self._card(c)).append("  ")
        if hand is not None:
            line.append(f"{self._name(hand)} ?", style="bold yellow")
        rows.append(line)
        for dummy in obs.open_hands:
            playing = hand == dummy and hand in obs.controls
            title = "Dummy" if dummy not in state.seats else "Known hand"
            rows.append(Text(f"{title} ({self._name(dummy)}):"
                             + (" — you play it" if dummy in obs.controls else ""), style="bold"))
            rows.append(hand_text(obs.known.get(dummy, ()), self.symbols,
                                  numbers if playing else None))
        mine = hand == self.human
        rows.append(Text(f"Your hand ({self._name(self.human)}):", style="bold"))
        rows.append(hand_text(obs.hand, self.symbols, numbers if mine else None))
        title = f"Deal {len(m.sheet) + 1} · dealer {self._name(state.dealer)}"
        return Panel(Group(*rows), title=title, title_align="left", expand=False)

    def show_deal_result(self, state: Deal) -> None:
        """The result of a finished deal and the score sheet so far: a row for each item
        of the variant's result that has a value per side (all-zero items left out)."""
        res = state.result()
        sides = sorted(set(state.sides))
        table = Table(title="Deal result", title_justify="left")
        table.add_column("")
        for s in sides:
            table.add_column(self.side_label(s), justify="right")
        if state.revokes:
            table.add_row("Revokes", *(
                ", ".join(f"{self._name(h)} (trick {t})" for h, t in state.revokes
                          if state.sides[h] == s) or "-" for s in sides))
        for key, values in res.to_dict().items():
            if not isinstance(values, list) or len(values) != len(sides) or \
                    not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
                continue
            if key not in ("tricks", "points") and not any(values):
                continue
            table.add_row(key.replace("_", " ").capitalize(), *(str(v) for v in values))
        self.console.print(table)
        self.show_sheet()
        w = self.match.rules
        for g in self.match.games[self._games_shown:]:
            self.console.print(f"[bold green]{self.side_label(g.winner)} win {w.GAME} {g.number} "
                               f"{'-'.join(map(str, g.score))} (worth {g.value})[/]")
        for r in self.match.rubbers[self._rubbers_shown:]:
            self.console.print(f"[bold green]{self.side_label(r.winner)} win {w.RUBBER} {r.number} "
                               f"{'-'.join(map(str, r.games))}: points {'-'.join(map(str, r.points))}[/]")
        self._games_shown = len(self.match.games)
        self._rubbers_shown = len(self.match.rubbers)

    def show_sheet(self) -> None:
        """The score sheet: one line per deal, the points of each side (or player)."""
        m = self.match
        who = [self._scorer(i).replace(" (you)", "") for i in range(len(m.score))]
        table = Table(title="Score sheet", title_justify="left")
        for name in ("Deal", "Dealer", "Trump", *who, "Score", m.rules.GAME.capitalize()):
            table.add_column(name, justify="right" if name not in ("Dealer", "Trump") else "left")
        for r in m.sheet:
            game = who[r.game_won_by] if r.game_won_by is not None else ""
            points = list(r.result.points) + [0] * (len(who) - len(r.result.points))
            table.add_row(str(r.deal), self._name(r.dealer), r.trump, *(str(p) for p in points),
                          _scores_text(r.score), game)
        self.console.print(table)

    def show_score(self) -> None:
        """The current score, games won and the score sheet."""
        m = self.match
        if m.sheet:
            self.show_sheet()
        w = m.rules
        line = f"{w.SCORE.capitalize()}: {self._scores(m.score)}"
        if m.games:
            line += f"   {w.GAME.capitalize()}s won: " + "-".join(map(str, _wins_all(m)))
        open_games = m.games[sum(sum(r.games) for r in m.rubbers):]
        if m.rubbers:
            line += f"   {w.TOTALS.capitalize()}: " + "-".join(map(str, m.totals))
        if open_games and m.rubbers is not None and w.RUBBER:
            worth = [sum(g.value for g in open_games if g.winner == s) for s in range(len(m.score))]
            line += (f"   This {w.RUBBER}'s {w.GAME}s worth {'-'.join(map(str, worth))} "
                     f"(scored when the {w.RUBBER} ends)")
        self.console.print(line, markup=False)

    def show_match_end(self) -> None:
        """Games, rubbers and totals when the match is over."""
        m = self.match
        w = m.rules
        self.console.rule("[bold]Match over[/]")
        table = Table(title=f"{w.GAME.capitalize()}s", title_justify="left")
        for name in (w.GAME.capitalize(), "Winner", "Score", "Value"):
            table.add_column(name)
        for g in m.games:
            table.add_row(str(g.number), self._scorer(g.winner), "-".join(map(str, g.score)),
                          str(g.value))
        if m.games:
            self.console.print(table)
        for r in m.rubbers:
            self.console.print(f"{w.RUBBER.capitalize()} {r.number}: {self._scorer(r.winner)} win "
                               f"{'-'.join(map(str, r.games))}, points {'-'.join(map(str, r.points))}",
                               markup=False)
        line = f"Deals {len(m.sheet)}"
        if m.games:
            line += f" · {w.GAME}s won " + ", ".join(
                f"{self._scorer(i)} {n}" for i, n in enumerate(_wins_all(m)))
        line += f" · {w.TOTALS} {self._scores(m.totals)}"
        if any(m.score) and m.score != m.totals:
            line += f" · unfinished {w.RUBBER if w.RUBBER == 'match' else w.GAME} " + "-".join(
                map(str, m.score))
        self.console.print(line, style="bold", markup=False)

    def save(self) -> bool:
        """Write the match record to the save path, if one was given; True if written."""
        if self.save_path is None:
            return False
        from openwhist import records

        try:
            n = self.match.state.n_hands
            extra = {"human": seat_name(self.human, n),
                     "bots": {seat_name(h, n): name for h, name in sorted(self.bot_names.items())}}
            records.save({**records.match_record(self.match, date=self.date), **extra},
                         self.save_path)
        except (OSError, WhistError) as exc:
            self._error(f"could not save to {self.save_path}: {exc}")
            return False
        self.console.print(f"Saved the game to {escape(str(self.save_path))}")
        return True


def _contract_text(contract: Contract, name: Callable[[int], str]) -> str:
    """The observation's contract as one line: its name, who plays it and the tricks it
    needs (``pair 8 spades by N and E, at least 8 tricks``)."""
    who = " and ".join(name(h) for h in contract.declarers)
    bound = contract.bound.replace("_", " ")
    return f"{contract.name} by {who}, {bound} {contract.needed} tricks"


def _wins_all(m: Match) -> tuple[int, ...]:
    return tuple(sum(1 for g in m.games if g.winner == s) for s in range(len(m.score)))


# --- the command ----------------------------------------------------------------------------


def play_command(
    variant: str = DEFAULT_VARIANT,
    *,
    preset: str | None = None,
    seed: int | None = None,
    seat: str | None = None,
    until: str | None = None,
    deals: int | None = None,
    opponents: str | None = None,
    save: Path | str | None = None,
    symbols: bool = True,
    options: Sequence[str] = (),
    console: Console | None = None,
    input_fn: InputFn | None = None,
    resume: Path | str | None = None,
) -> int:
    """Set up and play a match from command-line values; returns the exit code.

    ``resume`` continues a game saved with ``save`` (its rules, seats and bots as saved);
    it is saved back to the same file unless ``save`` names another.
    Bad values raise :class:`ConfigError` before any card is dealt.
    """
    console = console if console is not None else Console(highlight=False)
    if resume is not None:
        if any(v is not None for v in (preset, seed, until, deals)) or options:
            raise ConfigError("--resume continues the saved game as it was: leave out --preset, "
                              "--seed, --until, --deals and --option")
        match, human, kinds, date = _resumed(resume, seat, opponents)
        save = resume if save is None else save
    else:
        date = None
        match = _new_match(variant, preset, seed, until, deals, options)
        n = match.state.n_hands
        human = parse_seat(seat, n) if seat is not None else match.state.controller(n // 2)
        kind = ("heuristic" if opponents is None else opponents).strip().lower()
        parse_bot_spec(kind)
        kinds = {s: kind for s in match.state.seats}
    state = match.state
    n = state.n_hands
    if human not in state.seats:
        raise ConfigError(f"{seat_name(human, n)} is the dummy; sit at "
                          f"{', '.join(seat_name(s, n) for s in state.seats)}")
    names = [kinds.get(s, "heuristic") for s in range(n)]
    bots = make_bots(match, names, match.seed, exclude=[human])
    if any(type(b).__module__ in ("openwhist.bots.pimc", "openwhist.bots.solver") for b in bots.values()):
        # the searching bots need the solver: say why the first start waits for it
        from openwhist.solver import warm_up

        with console.status("loading the solver for the computer players (the first run on a "
                            "machine compiles it: a few seconds)"):
            warm_up()
    record = get_variant(match.variant)
    console.print(f"[bold]openwhist[/] — {escape(match.variant)} whist, seed {match.seed}; "
                  f"you sit {seat_word(human, n)}"
                  + "".join(f" and play the dummy {seat_word(h, n)}" for h in range(n)
                            if h != human and state.controller(h) == human)
                  + (f" (resumed after {len(match.sheet)} deals)" if resume is not None else "")
                  + f". Type help for the commands. ({record.description})", highlight=False)
    game = TerminalGame(match, human, bots, console=console, input_fn=input_fn, symbols=symbols,
                        save_path=save, bot_names={s: names[s] for s in bots}, date=date)
    outcome = game.run()
    return 130 if outcome == "interrupt" else 0


def _new_match(variant: str, preset: str | None, seed: int | None, until: str | None,
               deals: int | None, options: Sequence[str]) -> Match:
    overrides = parse_options(options, variant)
    if deals is not None and deals < 1:
        raise ConfigError(f"--deals must be at least 1, not {deals}")
    allowed = get_variant(variant).match_rules(get_variant(variant).options()).UNTIL
    if until is None:
        until = "deals" if deals is not None else "rubber" if "rubber" in allowed else allowed[0]
    if until not in allowed:
        words = ", ".join(allowed[:-1]) + " or " + allowed[-1] if len(allowed) > 1 else allowed[0]
        raise ConfigError(f"--until is {words}, not {until!r}")
    if deals is not None and until != "deals":
        raise ConfigError("--deals goes with --until deals")
    if seed is not None and seed < 0:
        raise ConfigError(f"--seed is a non-negative whole number, not {seed}")
    return new_match(variant, preset=preset, seed=seed, count=deals or 1, until=until, **overrides)


def _resumed(path: Path | str, seat: str | None,
             opponents: str | None) -> tuple[Match, int, dict[int, str], str | None]:
    """The match saved in ``path`` replayed to where it was left, the person's seat, the
    bots' names per seat and the day the game began (None in an older record)."""
    from openwhist import records

    record = records.load(path)
    if record.get("kind") != "match":
        raise ConfigError(f"{path} holds a single deal, not a game to resume")
    match = records.replay(record)
    if match.is_over():
        raise ConfigError(f"the game in {path} is over; start a new one")
    n = match.state.n_hands
    saved_seat = record.get("human")
    human = parse_seat(seat if seat is not None else str(saved_seat or "S"), n)
    kinds: dict[int, str] = {}
    saved = record.get("bots")
    saved_bots: dict[str, str] = saved if isinstance(saved, dict) else {}
    for s in match.state.seats:
        kind = opponents if opponents is not None else saved_bots.get(seat_name(s, n), "heuristic")
        parse_bot_spec(kind)
        kinds[s] = kind
    date = record.get("date")
    return match, human, kinds, date if isinstance(date, str) else None
