"""A drive's movement on the real server: the drive's view carries every round of the
movement (seated rounds as seated, later ones as planned), and the printable movement cards
(one a person, each round's table, seat, partner and opponents) and board slips agree with
it, in each of the page's five languages, with no card of a deal and no result on them."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from server_util import Client, Server
from test_server_drive import director, guests, make


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("drive-cards") / "drives.sqlite3"
    s = Server(f"sqlite:///{path}", bot_pause=0.0, away=0.2,
               env={"OPENWHIST_SIGNUP_LIMIT": "1000", "OPENWHIST_DRIVE_LIMIT": "50",
                    "OPENWHIST_DRIVE_RATE": "100"})
    yield s
    s.stop()


def _drive(server: Server, people: int, **kw: Any) -> tuple[Client, list[Client], str]:
    d = director(server)
    did = make(d, **kw)["id"]
    entrants = guests(server, people)
    for p in entrants:
        assert p.post(f"/api/drives/{did}/register").status_code == 200
    return d, entrants, did


def _rounds(server: Server, did: str) -> list[dict[str, Any]]:
    """The view's rounds of the movement once they are all there (the later ones are made
    by a worker thread; the seated ones are there at once)."""
    deadline = time.monotonic() + 30
    while True:
        rounds: list[dict[str, Any]] = Client(server).get(f"/api/drives/{did}").json()["movement_rounds"]
        if len(rounds) == 9 or time.monotonic() > deadline:
            return rounds
        time.sleep(0.2)


def _cards(html: str) -> dict[int, list[list[str]]]:
    """The page's cards read back: per entry number, its rows of cells."""
    out = {}
    for number, body in re.findall(r"<section class='card' data-number='(\d+)'>(.*?)</section>", html):
        rows = re.findall(r"<tr>(.*?)</tr>", body)[1:]
        out[int(number)] = [re.findall(r"<td[^>]*>(.*?)</td>", r) for r in rows]
    return out


def test_the_view_and_the_cards_show_the_whole_movement(server: Server) -> None:
    """Nine people, an individual drive of nine rounds (a computer player in the gaps): the
    view has all nine rounds before the first is played; each card follows them, partner
    across the table, the two others as opponents; the seated round is as seated."""
    d, people, did = _drive(server, 9, movement="individual", rounds=9, mode="scorer", duplicate=True)
    # the movement is made by a worker thread: the page shows it once made
    assert [r["round"] for r in _rounds(server, did)] == list(range(1, 10))
    d.post(f"/api/drives/{did}/start")
    rounds = _rounds(server, did)
    view = people[0].get(f"/api/drives/{did}").json()
    assert [r["round"] for r in rounds] == list(range(1, 10))
    seated = [[s["number"] for s in t["seats"]] for t in view["tables"] if t["round"] == 1]
    assert [[s["number"] for s in t["seats"]] for t in rounds[0]["tables"]] == seated
    page = Client(server).get(f"/api/drives/{did}/cards")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "default-src 'none'" in page.headers["content-security-policy"]
    cards = _cards(page.text)
    assert sorted(cards) == list(range(1, 10))
    names = {e["number"]: e["name"] for e in view["entries"]}
    for number, rows in cards.items():
        assert len(rows) == 9
        for row, rnd in zip(rows, rounds, strict=True):
            table = next(t for t in rnd["tables"] if number in [s["number"] for s in t["seats"]])
            seats = [s["number"] for s in table["seats"]]
            i = seats.index(number)
            assert row[:3] == [str(rnd["round"]), str(table["table"]), "NESW"[i]]
            mate = seats[(i + 2) % 4]
            assert row[3] == (names[mate] if mate else "computer")
            others = [names[seats[j]] if seats[j] else "computer" for j in (1, 3, 0, 2) if j % 2 != i % 2]
            assert sorted(row[4].split(", ")) == sorted(others)
    # a duplicate drive: a slip a board, each table's sides and room for the result
    assert page.text.count("<section class='slip'") == 9
    assert "N-S" in page.text and "E-W" in page.text
    # no card of a deal and no result: nothing but the movement
    assert "tricks" not in page.text.lower() and "♠" not in page.text


@pytest.mark.parametrize("lang, words", [
    ("en", ("Movement card", "Round", "Partner", "Opponents")),
    ("nl", ("Gidskaart", "Ronde", "Partner", "Tegenstanders")),
    ("fr", ("Carte de mouvement", "Tour", "Partenaire", "Adversaires")),
    ("da", ("Skiftekort", "Runde", "Makker", "Modstandere")),
    ("ro", ("Fișă de rotație", "Runda", "Partener", "Adversari")),
])
def test_the_cards_in_the_pages_languages(server: Server, lang: str, words: tuple[str, ...]) -> None:
    _, _, did = _drive(server, 4, movement="pairs", rounds=2)
    page = Client(server).get(f"/api/drives/{did}/cards", params={"lang": lang}).text
    assert f"<html lang='{lang}'>" in page
    assert all(w in page for w in words), page[:400]


def test_the_cards_of_an_unknown_drive_and_of_too_few_people(server: Server) -> None:
    r = Client(server).get("/api/drives/nosuchdrive/cards")
    assert r.status_code == 404 and r.json()["code"] == "no_drive"
    _, _, did = _drive(server, 1, movement="individual", rounds=2)
    page = Client(server).get(f"/api/drives/{did}/cards", params={"lang": "xx"})
    assert page.status_code == 200
    assert "<html lang='en'>" in page.text and "once two people have registered" in page.text


def test_a_progressive_drive_shows_the_rounds_seated_so_far(server: Server) -> None:
    d, _, did = _drive(server, 8, movement="progressive", rounds=3)
    assert Client(server).get(f"/api/drives/{did}").json()["movement_rounds"] == []
    d.post(f"/api/drives/{did}/start")
    rounds = Client(server).get(f"/api/drives/{did}").json()["movement_rounds"]
    assert [r["round"] for r in rounds] == [1]
    page = Client(server).get(f"/api/drives/{did}/cards").text
    assert page.count("The later rounds follow the results") == 8


def test_a_person_who_leaves_is_a_computer_player_in_the_later_rounds(server: Server) -> None:
    d, people, did = _drive(server, 8, movement="individual", rounds=3, mode="scorer")
    d.post(f"/api/drives/{did}/start")
    gone = people[0].get(f"/api/drives/{did}").json()["you"]["number"]
    assert people[0].post(f"/api/drives/{did}/leave").status_code == 200
    deadline = time.monotonic() + 30
    while True:
        rounds = Client(server).get(f"/api/drives/{did}").json()["movement_rounds"]
        if len(rounds) == 3 or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert [r["round"] for r in rounds] == [1, 2, 3]
    for r in rounds[1:]:
        assert gone not in [s["number"] for t in r["tables"] for s in t["seats"]]
        assert sum(s["number"] is None for t in r["tables"] for s in t["seats"]) == 1
