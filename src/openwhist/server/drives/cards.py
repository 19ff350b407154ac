"""A drive's movement cards and board slips as a printable page, in the page's five
languages: one card a person (round by round: table, seat, partner, opponents), and for a
duplicate drive one slip a board (which tables play it, who sits on each side, room for
the result); on paper each card and each slip is a page of its own.  Only the movement:
no card of a deal and no result (:data:`openwhist.server.policy.ROUTES`)."""

from __future__ import annotations

import html
from typing import Any

from openwhist.drive.pairs import board_range
from openwhist.server import drive_pairs

__all__ = ["LANGUAGES", "WORDS", "cards_html"]

LANGUAGES = ("en", "nl", "fr", "da", "ro")
"""The page's languages (English where another is not asked for)."""

WORDS: dict[str, dict[str, str]] = {
    "en": {"cards": "Movement cards", "card": "Movement card", "slips": "Board slips", "round": "Round",
           "table": "Table", "seat": "Seat", "partner": "Partner", "opponents": "Opponents",
           "sits_out": "sits out", "computer": "computer", "deal": "Deal", "result": "Result",
           "later": "The later rounds follow the results: the winners move on.",
           "boards": "Boards", "board": "Board",
           "none": "The movement is made once two people have registered."},
    "nl": {"cards": "Gidskaarten", "card": "Gidskaart", "slips": "Scorebriefjes", "round": "Ronde",
           "table": "Tafel", "seat": "Plaats", "partner": "Partner", "opponents": "Tegenstanders",
           "sits_out": "zit over", "computer": "computer", "deal": "Spel", "result": "Uitslag",
           "later": "De volgende ronden volgen uit de uitslagen: de winnaars schuiven door.",
           "boards": "Spellen", "board": "Spel",
           "none": "Het wisselschema volgt zodra twee mensen zich hebben ingeschreven."},
    "fr": {"cards": "Cartes de mouvement", "card": "Carte de mouvement", "slips": "Feuilles ambulantes",
           "round": "Tour", "table": "Table", "seat": "Place", "partner": "Partenaire",
           "opponents": "Adversaires", "sits_out": "ne joue pas", "computer": "ordinateur",
           "deal": "Donne", "result": "Résultat",
           "later": "Les tours suivants découlent des résultats : les gagnants avancent.",
           "boards": "Étuis", "board": "Étui",
           "none": "Le mouvement est établi dès que deux personnes sont inscrites."},
    "da": {"cards": "Skiftekort", "card": "Skiftekort", "slips": "Scoresedler", "round": "Runde",
           "table": "Bord", "seat": "Plads", "partner": "Makker", "opponents": "Modstandere",
           "sits_out": "sidder over", "computer": "computer", "deal": "Spil", "result": "Resultat",
           "later": "De næste runder følger af resultaterne: vinderne rykker videre.",
           "boards": "Spil", "board": "Spil",
           "none": "Skifteplanen laves, når to personer har tilmeldt sig."},
    "ro": {"cards": "Fișe de rotație", "card": "Fișă de rotație", "slips": "Fișe de scor", "round": "Runda",
           "table": "Masa", "seat": "Locul", "partner": "Partener", "opponents": "Adversari",
           "sits_out": "stă pe dinafară", "computer": "computer", "deal": "Mâna", "result": "Rezultat",
           "later": "Rundele următoare decurg din rezultate: câștigătorii avansează.",
           "boards": "Boarduri", "board": "Board",
           "none": "Rotația se face după ce s-au înscris două persoane."},
}
"""Every word of the page, in each of its languages."""

_STYLE = ("body{font:14px sans-serif;margin:1em}table{border-collapse:collapse;margin:.5em 0;width:100%}"
          "td,th{border:1px solid #999;padding:.2em .4em;text-align:left;overflow-wrap:anywhere}"
          ".card,.slip{border:1px solid #333;padding:.5em;margin:1em 0;max-width:40em}"
          "@media print{body{margin:0}.card,.slip{border:none;margin:0;break-after:page;"
          "page-break-after:always}}")


def _who(seat: dict[str, Any], w: dict[str, str]) -> str:
    return html.escape(seat["name"] or w["computer"])


Boards = dict[int, dict[int, tuple[int, ...]]]
"""A Mitchell's or Howell's boards: per round, per table."""


def _card(number: int, name: str, rounds: list[dict[str, Any]], sides: tuple[int, ...] | None,
          w: dict[str, str], progressive: bool, boards: Boards | None = None) -> str:
    """One person's card: a row a round (``boards``: a Mitchell's or Howell's boards of each
    round's tables, a column of their own)."""
    rows = []
    for rnd in rounds:
        here = next(((t, i) for t in rnd["tables"] for i, s in enumerate(t["seats"])
                     if s["number"] == number), None)
        if here is None:
            span = 5 if boards else 4
            rows.append(f"<tr><td>{rnd['round']}</td><td colspan='{span}'>{w['sits_out']}</td></tr>")
            continue
        t, i = here
        mates = [s for j, s in enumerate(t["seats"]) if sides is not None and j != i and sides[j] == sides[i]]
        others = [s for j, s in enumerate(t["seats"]) if j != i and s not in mates]
        rows.append(f"<tr><td>{rnd['round']}</td><td>{t['table']}</td><td>{t['seats'][i]['seat']}</td>"
                    f"<td>{', '.join(_who(s, w) for s in mates) or '–'}</td>"
                    f"<td>{', '.join(_who(s, w) for s in others)}</td>"
                    + (f"<td>{board_range(boards[rnd['round']].get(t['table'], ()))}</td>" if boards else "")
                    + "</tr>")
    later = f"<p>{w['later']}</p>" if progressive else ""
    extra = f"<th>{w['boards']}</th>" if boards else ""
    return (f"<section class='card' data-number='{number}'>"
            f"<h2>{w['card']}: {number}. {html.escape(name)}</h2>"
            f"<table><tr><th>{w['round']}</th><th>{w['table']}</th><th>{w['seat']}</th><th>{w['partner']}</th>"
            f"<th>{w['opponents']}</th>{extra}</tr>"
            f"{''.join(rows)}</table>{later}</section>")


def _slips(rounds: list[dict[str, Any]], deals: int, groups: list[list[int]], w: dict[str, str]) -> str:
    """One slip a board (a deal of a round, the same cards at every table): per table the
    people of each side and room for the result."""
    out = []
    for rnd in rounds:
        letters = ["-".join(rnd["tables"][0]["seats"][j]["seat"] for j in g) for g in groups]
        head = "".join(f"<th>{x}</th>" for x in letters)
        rows = "".join(
            f"<tr><td>{t['table']}</td>"
            + "".join(f"<td>{' & '.join(_who(t['seats'][j], w) for j in g)}</td>" for g in groups)
            + "<td class='blank'>&nbsp;</td></tr>" for t in rnd["tables"])
        for d in range(1, deals + 1):
            out.append(f"<section class='slip' data-board='{rnd['round']}-{d}'>"
                       f"<h2>{w['round']} {rnd['round']} · {w['deal']} {d}</h2>"
                       f"<table><tr><th>{w['table']}</th>{head}<th>{w['result']}</th>"
                       f"</tr>{rows}</table></section>")
    return "".join(out)


def _board_slips(drive: dict[str, Any], w: dict[str, str]) -> str:
    """A Mitchell's or Howell's slips: one a board (its number, the same at every table that
    plays it), per round that plays it the table, the N-S and E-W pairs and room for the
    result."""
    names = {e["number"]: e["name"] for e in drive["entries"]}

    def pair(p: int) -> str:
        return f"{p}. " + " & ".join(html.escape(names.get(n, "")) for n in (2 * p - 1, 2 * p))

    out = []
    for board, rows in drive_pairs.pairs_of(drive).slips().items():
        body = "".join(f"<tr><td>{r.round}</td><td>{r.table}</td><td>{pair(r.ns)}</td><td>{pair(r.ew)}</td>"
                       "<td class='blank'>&nbsp;</td></tr>" for r in rows if r.round <= drive["rounds"])
        out.append(f"<section class='slip' data-board='{board}'><h2>{w['board']} {board}</h2>"
                   f"<table><tr><th>{w['round']}</th><th>{w['table']}</th><th>N-S</th><th>E-W</th>"
                   f"<th>{w['result']}</th></tr>{body}</table></section>")
    return "".join(out)


def cards_html(drive: dict[str, Any], rounds: list[dict[str, Any]], sides: tuple[int, ...] | None,
               lang: str) -> str:
    """The printable page of ``drive``'s movement cards (from :func:`movement_rounds`'s
    ``rounds``; ``sides``: each seat's side where partners sit together, else None) and,
    for a duplicate drive, its board slips, in ``lang`` (one of :data:`LANGUAGES`)."""
    w = WORDS[lang if lang in WORDS else "en"]
    e = html.escape
    boards = ({r["round"]: drive_pairs.round_boards(drive, r["round"]) for r in rounds}
              if drive_pairs.is_pairs(drive) and rounds else None)
    progressive = drive["movement"] == "progressive"
    cards = "".join(_card(x["number"], x["name"], rounds, sides, w, progressive, boards)
                    for x in drive["entries"]) if rounds else f"<p>{w['none']}</p>"
    slips = ""
    if drive_pairs.is_pairs(drive) and rounds:
        slips = f"<h1>{w['slips']}</h1>" + _board_slips(drive, w)
    elif drive["duplicate"] and rounds:
        n = len(rounds[0]["tables"][0]["seats"])
        keys = sides if sides is not None else tuple(range(n))
        groups = [[j for j in range(n) if keys[j] == k] for k in dict.fromkeys(keys)]
        slips = f"<h1>{w['slips']}</h1>" + _slips(rounds, drive["deals"], groups, w)
    return (f"<!doctype html><html lang='{lang if lang in WORDS else 'en'}'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{e(drive['name'])}: {w['cards']}</title><style>{_STYLE}</style></head><body>"
            f"<h1>{e(drive['name'])}: {w['cards']}</h1>{cards}{slips}</body></html>")
