"""A drive's results as a printable page, in the page's five languages: its settings, the
standings (with the ranking rule and its tie-break), each round's tables, a Mitchell's or
Howell's standings by pair, the hand records of the boards and the log of the director's
corrections; each part as the caller's view of the drive shows it
(:func:`openwhist.server.drives.view.drive_view`), so nothing more."""

from __future__ import annotations

import html
import time
from typing import Any

from openwhist.drive.records import STRAINS
from openwhist.rules.registry import HowToError, howto
from openwhist.server.drives.cards import LANGUAGES

__all__ = ["RESULT_WORDS", "results_html"]

RESULT_WORDS: dict[str, dict[str, str]] = {
    "en": {"board": "Board",
           "standings": "Standings", "place": "Place", "no": "No.", "name": "Name", "total": "Total",
           "margin": "Margin", "matchpoints": "Matchpoints", "scaled": "Scaled", "tables": "Tables",
           "round": "Round", "table": "Table", "seats": "Seats", "deals": "Deals", "deal": "Deal",
           "computer": "computer", "pairs": "Pairs", "pair_col": "Pair", "boards": "Boards",
           "records": "Hand records", "records_help": "Double dummy: the tricks each seat's side takes "
           "with each trump (NT: no trump), the seat on its left leading.", "hands": "Hands",
           "tricks": "Tricks", "working": "being worked out", "corrections": "Corrections",
           "action": "Action", "when": "When (UTC)", "before": "Before", "after": "After", "reason": "Reason",
           "correct": "correct", "lock": "lock", "unlock": "unlock", "again": "entered again by the director",
           "ranked": "Ranked by {by}; {tie}.",
           "by_total": "total", "by_margin": "margin", "by_matchpoints": "matchpoints",
           "tie_total": "equal totals: the higher margin, then more rounds won; then the place is shared",
           "tie_margin": "equal margins: the higher total, then more rounds won; then the place is shared",
           "tie_matchpoints": "equal matchpoints: the higher margin, then the higher total; then the place "
           "is shared",
           "scaling": "Some sat out a round, so each is ranked by his {by} per deal played, times the most "
           "deals anyone played (the scaled column), rounded to a tenth.",
           "line": "{family} · {movement} movement · {rounds} rounds of {deals} deals · {state}",
           "individual": "individual", "progressive": "progressive", "pairs_mv": "fixed pairs",
           "mitchell": "Mitchell", "howell": "Howell",
           "open": "open", "running": "being played", "paused": "paused", "finished": "finished"},
    "nl": {"board": "Spel",
           "standings": "Stand", "place": "Plaats", "no": "Nr.", "name": "Naam", "total": "Totaal",
           "margin": "Saldo", "matchpoints": "Matchpunten", "scaled": "Herschaald", "tables": "Tafels",
           "round": "Ronde", "table": "Tafel", "seats": "Plaatsen", "deals": "Spellen", "deal": "Spel",
           "computer": "computer", "pairs": "Paren", "pair_col": "Paar", "boards": "Spellen",
           "records": "Spelverdelingen", "records_help": "Dubbel dummy: de slagen die de kant van elke "
           "plaats haalt met elke troef (ST: sans troef), de plaats links ervan komt uit.", "hands": "Handen",
           "tricks": "Slagen", "working": "wordt berekend", "corrections": "Correcties",
           "action": "Handeling", "when": "Wanneer (UTC)", "before": "Voor", "after": "Na", "reason": "Reden",
           "correct": "correctie", "lock": "vergrendeld", "unlock": "ontgrendeld",
           "again": "opnieuw ingevoerd door de wedstrijdleider",
           "ranked": "Gerangschikt op {by}; {tie}.",
           "by_total": "totaal", "by_margin": "saldo", "by_matchpoints": "matchpunten",
           "tie_total": "bij gelijk totaal: het hoogste saldo, dan de meeste gewonnen ronden; anders "
           "wordt de plaats gedeeld",
           "tie_margin": "bij gelijk saldo: het hoogste totaal, dan de meeste gewonnen ronden; anders "
           "wordt de plaats gedeeld",
           "tie_matchpoints": "bij gelijke matchpunten: het hoogste saldo, dan het hoogste totaal; anders "
           "wordt de plaats gedeeld",
           "scaling": "Sommigen zaten een ronde over: elk wordt gerangschikt op zijn {by} per gespeeld spel, "
           "maal het grootste aantal gespeelde spellen (de herschaalde kolom), op een tiende afgerond.",
           "line": "{family} · schema {movement} · {rounds} ronden van {deals} spellen · {state}",
           "individual": "individueel", "progressive": "doorschuiven", "pairs_mv": "vaste paren",
           "mitchell": "Mitchell", "howell": "Howell",
           "open": "open", "running": "bezig", "paused": "gepauzeerd", "finished": "afgelopen"},
    "fr": {"board": "Étui",
           "standings": "Classement", "place": "Place", "no": "N°", "name": "Nom", "total": "Total",
           "margin": "Écart", "matchpoints": "Points de match", "scaled": "Ramené", "tables": "Tables",
           "round": "Tour", "table": "Table", "seats": "Places", "deals": "Donnes", "deal": "Donne",
           "computer": "ordinateur", "pairs": "Paires", "pair_col": "Paire", "boards": "Étuis",
           "records": "Diagrammes des donnes", "records_help": "Double mort : les levées que le camp de "
           "chaque place fait à chaque atout (SA : sans atout), la place à sa gauche entamant.",
           "hands": "Mains", "tricks": "Levées", "working": "en cours de calcul",
           "corrections": "Corrections",
           "action": "Action", "when": "Quand (UTC)", "before": "Avant", "after": "Après", "reason": "Motif",
           "correct": "correction", "lock": "verrouillage", "unlock": "déverrouillage",
           "again": "saisi à nouveau par le directeur",
           "ranked": "Classé par {by} ; {tie}.",
           "by_total": "total", "by_margin": "écart", "by_matchpoints": "points de match",
           "tie_total": "à total égal : le plus grand écart, puis le plus de tours gagnés ; sinon la place "
           "est partagée",
           "tie_margin": "à écart égal : le plus grand total, puis le plus de tours gagnés ; sinon la place "
           "est partagée",
           "tie_matchpoints": "à points de match égaux : le plus grand écart, puis le plus grand total ; "
           "sinon la place est partagée",
           "scaling": "Certains n'ont pas joué un tour : chacun est classé par son {by} par donne jouée, "
           "multiplié par le plus grand nombre de donnes jouées (la colonne ramenée), arrondi au dixième.",
           "line": "{family} · mouvement {movement} · {rounds} tours de {deals} donnes · {state}",
           "individual": "individuel", "progressive": "progressif", "pairs_mv": "paires fixes",
           "mitchell": "Mitchell", "howell": "Howell",
           "open": "ouvert", "running": "en cours", "paused": "en pause", "finished": "terminé"},
    "da": {"board": "Spil",
           "standings": "Stilling", "place": "Plads", "no": "Nr.", "name": "Navn", "total": "Total",
           "margin": "Margin", "matchpoints": "Matchpoint", "scaled": "Omregnet", "tables": "Borde",
           "round": "Runde", "table": "Bord", "seats": "Pladser", "deals": "Spil", "deal": "Spil",
           "computer": "computer", "pairs": "Par", "pair_col": "Par", "boards": "Spil",
           "records": "Spilfordelinger", "records_help": "Double dummy: de stik hver plads' side tager "
           "med hver trumf (UT: uden trumf), pladsen til venstre spiller ud.", "hands": "Hænder",
           "tricks": "Stik", "working": "beregnes", "corrections": "Rettelser",
           "action": "Handling", "when": "Hvornår (UTC)", "before": "Før", "after": "Efter",
           "reason": "Grund",
           "correct": "rettelse", "lock": "låst", "unlock": "låst op", "again": "indtastet igen af lederen",
           "ranked": "Rangeret efter {by}; {tie}.",
           "by_total": "total", "by_margin": "margin", "by_matchpoints": "matchpoint",
           "tie_total": "ved lige total: den højeste margin, så flest vundne runder; ellers deles pladsen",
           "tie_margin": "ved lige margin: den højeste total, så flest vundne runder; ellers deles pladsen",
           "tie_matchpoints": "ved lige matchpoint: den højeste margin, så den højeste total; ellers deles "
           "pladsen",
           "scaling": "Nogle sad over en runde: hver rangeres efter sin {by} pr. spillet spil, gange det "
           "største antal spil nogen spillede (den omregnede kolonne), afrundet til en tiendedel.",
           "line": "{family} · {movement} skifteplan · {rounds} runder á {deals} spil · {state}",
           "individual": "individuel", "progressive": "progressiv", "pairs_mv": "faste par",
           "mitchell": "Mitchell", "howell": "Howell",
           "open": "åben", "running": "i gang", "paused": "på pause", "finished": "slut"},
    "ro": {"board": "Board",
           "standings": "Clasament", "place": "Locul", "no": "Nr.", "name": "Nume", "total": "Total",
           "margin": "Diferență", "matchpoints": "Puncte de meci", "scaled": "Raportat", "tables": "Mese",
           "round": "Runda", "table": "Masa", "seats": "Locuri", "deals": "Mâini", "deal": "Mâna",
           "computer": "computer", "pairs": "Perechi", "pair_col": "Pereche", "boards": "Boarduri",
           "records": "Distribuțiile mâinilor", "records_help": "Dublu mort: levatele pe care tabăra "
           "fiecărui loc le face cu fiecare atu (FA: fără atu), locul din stânga sa deschizând.",
           "hands": "Mâini", "tricks": "Levate", "working": "în calcul", "corrections": "Corecturi",
           "action": "Acțiune", "when": "Când (UTC)", "before": "Înainte", "after": "După", "reason": "Motiv",
           "correct": "corectură", "lock": "blocare", "unlock": "deblocare",
           "again": "introdus din nou de director",
           "ranked": "Clasat după {by}; {tie}.",
           "by_total": "total", "by_margin": "diferență", "by_matchpoints": "puncte de meci",
           "tie_total": "la total egal: diferența mai mare, apoi mai multe runde câștigate; altfel locul "
           "se împarte",
           "tie_margin": "la diferență egală: totalul mai mare, apoi mai multe runde câștigate; altfel "
           "locul se împarte",
           "tie_matchpoints": "la puncte de meci egale: diferența mai mare, apoi totalul mai mare; altfel "
           "locul se împarte",
           "scaling": "Unii au stat pe dinafară o rundă: fiecare e clasat după {by} pe mână jucată, înmulțit "
           "cu cele mai multe mâini jucate de cineva (coloana raportată), rotunjit la o zecime.",
           "line": "{family} · rotație {movement} · {rounds} runde a câte {deals} mâini · {state}",
           "individual": "individuală", "progressive": "progresivă", "pairs_mv": "perechi fixe",
           "mitchell": "Mitchell", "howell": "Howell",
           "open": "deschis", "running": "în desfășurare", "paused": "în pauză", "finished": "încheiat"},
}
"""Every word of the page, in each of :data:`openwhist.server.drives.cards.LANGUAGES`."""

_STYLE = ("body{font:14px sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}"
          "td,th{border:1px solid #999;padding:.2em .6em;text-align:left}"
          "@media(max-width:600px){body{margin:.5em}td,th{padding:.1em .3em}}")


def _utc(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(at))


def results_html(view: dict[str, Any], lang: str = "en") -> str:
    """A printable page of the drive's results from ``view`` (the caller's view of the
    drive), in ``lang`` (one of :data:`LANGUAGES`; English otherwise): its settings, the
    standings with the ranking rule, each round's tables, the pairs' standings, the hand
    records and the corrections."""
    lang = lang if lang in LANGUAGES else "en"
    w = RESULT_WORDS[lang]
    if view["movement"] in ("mitchell", "howell"):  # duplicate boards that travel: boards, not deals
        w = w | {"deal": w["board"], "deals": w["boards"]}
    e = html.escape
    rounds = view["rounds"]
    st = view["standings"]
    head = "".join(f"<th>{r}</th>" for r in range(1, rounds + 1))
    scaled = bool(st.get("scaling"))
    rows = "".join(
        f"<tr><td>{s['place']}</td><td>{s['number']}</td><td>{e(s['name'])}</td>"
        + "".join(f"<td>{x}</td>" for x in s["rounds"])
        + f"<td><strong>{s['total']}</strong></td><td>{s['margin']}</td><td>{s['matchpoints']}</td>"
        + (f"<td><strong>{s['scaled']}</strong></td>" if scaled else "") + "</tr>"
        for s in st["rows"])
    by = w.get("by_" + st["by"], st["by"])
    rule = w["ranked"].format(by=by, tie=w.get("tie_" + st["by"], st["tie_break"]))
    if scaled:
        rule += " " + w["scaling"].format(by=by)
    tables = "".join(
        f"<tr><td>{t['round']}</td><td>{t['table']}</td><td>"
        + ", ".join(f"{x['seat']}: {e(x['name'] or w['computer'])}" for x in t["seats"])
        + f"</td><td>{t['deals_done']}</td></tr>" for t in view["tables"])
    movement = w.get("pairs_mv" if view["movement"] == "pairs" else view["movement"], view["movement"])
    try:
        family = howto(view["family"], lang)["name"]
    except HowToError:
        family = view["family"]
    line = w["line"].format(family=e(family), movement=e(movement),
                            rounds=rounds, deals=view["deals"], state=e(w.get(view["state"], view["state"])))
    return (
        f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{e(view['name'])}</title><style>{_STYLE}</style></head><body>"
        f"<h1>{e(view['name'])}</h1><p>{line}</p>"
        f"<h2>{w['standings']}</h2><table id='standings'><tr><th>{w['place']}</th><th>{w['no']}</th>"
        f"<th>{w['name']}</th>{head}<th>{w['total']}</th><th>{w['margin']}</th><th>{w['matchpoints']}</th>"
        + (f"<th>{w['scaled']}</th>" if scaled else "")
        + f"</tr>{rows}</table><p>{e(rule)}</p>"
        f"<h2>{w['tables']}</h2><table id='tables'><tr><th>{w['round']}</th><th>{w['table']}</th>"
        f"<th>{w['seats']}</th><th>{w['deals']}</th></tr>{tables}</table>"
        f"{_pairs(st.get('pairs'), w)}{_records(view.get('hand_records', []), w)}"
        f"{_corrections(view.get('corrections', []), w)}</body></html>")


def _pairs(pairs: list[dict[str, Any]] | None, w: dict[str, str]) -> str:
    """The standings by pair of a Mitchell or Howell: a table a field."""
    if not pairs:
        return ""
    e = html.escape
    out = []
    for field in dict.fromkeys(p["field"] for p in pairs):
        rows = "".join(f"<tr><td>{p['place']}</td><td>{p['pair_no']}. {e(' & '.join(p['names']))}</td>"
                       f"<td>{p['matchpoints']}</td><td>{p['boards']}</td></tr>"
                       for p in pairs if p["field"] == field)
        out.append(f"<h2>{w['pairs']}{' ' + e(field) if field else ''}</h2><table class='pairs'>"
                   f"<tr><th>{w['place']}</th><th>{w['pair_col']}</th><th>{w['matchpoints']}</th>"
                   f"<th>{w['boards']}</th></tr>{rows}</table>")
    return "".join(out)


def _records(records: list[dict[str, Any]], w: dict[str, str]) -> str:
    """The hand records: per board the hands and the double-dummy tricks."""
    if not records:
        return ""
    e = html.escape
    rows = "".join(
        f"<tr><td>{r['round']}</td><td>{r['deal']}</td><td>"
        + "<br>".join(f"{seat}: {e(hand)}" for seat, hand in zip("NESW", r["hands"], strict=True))
        + "</td><td>"
        + ("<br>".join(f"{s}: " + " ".join(f"{seat} {n}" for seat, n in zip("NESW", r["tricks"][s],
                                                                              strict=True))
                       for s in STRAINS) if r["tricks"] is not None else w["working"])
        + "</td></tr>" for r in records)
    return (f"<h2>{w['records']}</h2><p>{w['records_help']}</p><table id='records'><tr><th>{w['round']}</th>"
            f"<th>{w['deal']}</th><th>{w['hands']}</th><th>{w['tricks']}</th></tr>{rows}</table>")


def _corrections(rows: list[dict[str, Any]], w: dict[str, str]) -> str:
    """The log of the director's corrections and locks."""
    if not rows:
        return ""
    e = html.escape
    default = RESULT_WORDS["en"]["again"]
    body = "".join(
        f"<tr><td>{c['round']}</td><td>{c['table']}</td><td>{c['deal']}</td>"
        f"<td>{e(w.get(c['action'], c['action']))}</td><td>{_utc(c['at'])}</td>"
        f"<td>{e(c['before'] or '')}</td><td>{e(c['after'] or '')}</td>"
        f"<td>{e(w['again'] if c['reason'] == default else c['reason'])}</td></tr>" for c in rows)
    return (f"<h2>{w['corrections']}</h2><table id='corrections'><tr><th>{w['round']}</th>"
            f"<th>{w['table']}</th><th>{w['deal']}</th><th>{w['action']}</th><th>{w['when']}</th><th>{w['before']}</th>"
            f"<th>{w['after']}</th><th>{w['reason']}</th></tr>{body}</table>")
