// Whist drives in the browser: the calendar and reminders on the lobby, a drive's page (register,
// your table and partner, the standings; the director's controls), the scorer's page for a
// phone at a real table, the hall screen, the leaderboards and a player's profile.  The server
// decides everything (movement, checks, standings); these pages show it and send requests.
import {language, seatWord, t, variantName} from "./i18n.js";

let ctx = null;                  // the page's helpers: api, h, errorText, showStatus, session, variants
let timer = null;                // the page being refreshed

export function init(helpers) { ctx = helpers; }

const TEXTS = {
  en: {
    bidOf: "Bid", tricksOf: "Tricks",
    err_entry_seats: "Give each of the {players} players' bid and tricks.",
    err_entry_number: "{seat}: a bid or tricks from 0 to {cards}; deal {deal} deals {cards} cards a player.",
    err_entry_tricks_sum: "The tricks add up to {total}, not {cards}: deal {deal} deals {cards} cards a player.",
    err_entry_barred: "{seat} deals deal {deal} and may not bid {bid}: the bids would add up to {cards}, the tricks of the deal.",
    err_entry_order: "Enter deal {deal} of this table first: the streaks carry from deal to deal.",
    scaled: "Scaled", scaledRule: "Some sat out a round: each is ranked by his {by} per deal played, times the most deals anyone played (Scaled).",
    drives: "Whist drives", calendar: "Calendar of drives", newDrive: "New drive", driveName: "Name",
    family: "Game", movement: "Movement", mv_progressive: "Progressive: winners move on, partners change",
    mv_pairs: "Fixed pairs", mv_individual: "Individual: everyone meets everyone", mode: "Cards",
    mode_online: "Online: dealt here", mode_scorer: "Real cards at the club: one phone a table enters the results",
    duplicate: "Duplicate: the same cards at every table", rounds: "Rounds", dealsPerRound: "Deals a round",
    minutes: "Minutes a round", rated: "Rated", rankBy: "Standings by", by_total: "total", by_margin: "margin",
    by_matchpoints: "matchpoints", startsAt: "Starts at (optional)", createDrive: "Create the drive",
    st_open: "registration open", st_running: "being played", st_paused: "paused", st_finished: "finished",
    registeredN: "{n} registered", register: "Register", unregister: "Withdraw", leave: "Leave the drive",
    start: "Start the drive", pause: "Pause", resume: "Go on", endRound: "End the round now",
    substitute: "A computer player plays for", replace: "Replace", removeWho: "Entry to take off the list", roundOf: "Round {n} of {m}",
    minutesLeft: "{n} min left", yourPlace: "Your place", tableN: "Table {n}", seatAt: "Seat: {seat}",
    partner: "Partner", opponents: "Opponents", goTable: "Go to your table", enterResults: "Enter the results",
    standings: "Standings", place: "Place", player: "Player", total: "Total", margin: "Margin",
    matchpoints: "Matchpoints", roundN: "R{n}", tables: "Tables", entries: "Registered", computer: "computer",
    movementTitle: "Movement", exportCsv: "Export CSV", print: "Printable results", hall: "Hall screen",
    handRecords: "Hand records", handRecordsHelp: "Double dummy: the tricks each seat's side takes with each trump (NT: no trump), the seat on its left leading.", boardN: "Round {r}, deal {d}", working: "being worked out…", trumpCol: "Trump",
    director: "You direct this drive", noDrives: "No drive is planned.", allDrives: "All drives",
    leaderboards: "Leaderboards", leaderboard: "Leaderboard: {family}", rating: "Rating", matches: "Matches",
    history: "Rating history", noRatings: "No rated match yet.", playedDrives: "Drives",
    soon: "{name} starts in {n} min", roundReady: "{name}: round {n}, your table is ready",
    scorer: "Results: {name}", deal: "Deal", tricksNS: "Tricks N-S", tricksEW: "Tricks E-W",
    tricksN: "Tricks N", tricksS: "Tricks S", contract: "Contract", declarers: "Declarers",
    declTricks: "Tricks of the declarers (one number each in a misère)", doubled: "Counted double", save: "Save",
    saved: "Saved: deal {deal} at table {table}", dealsDone: "{n} of {m} deals", tieBreak: "Ties: {rule}",
    winner: "Winner: {names}", table: "Table", open: "Open", noEntries: "Nobody has registered yet.",
    notPlaying: "You sit out this round.", left: "a computer player plays", seats: "Seats", refreshing: "live",
    whenNone: "when the director starts it", you: "you", drive: "Drive", entered: "Entered",
    scoreCard: "Your score card", score: "Score", running: "Running total", result: "Result",
    myRounds: "Your rounds", printCards: "Movement cards to print", sitsOut: "sits out", against: "against {names}",
    wholeMovement: "Who sits where, round by round",
    err_not_director: "Only the drive's director can do this.",
    err_guest_director: "A guest cannot direct a drive: register an account.",
    err_registration_closed: "Registration for this drive is closed.",
    err_registered: "You are registered already.",
    err_not_registered: "You are not registered for this drive.",
    err_drive_full: "This drive is full ({most} people).",
    err_too_few: "A drive needs at least two people.",
    err_drive_started: "The drive has started.",
    err_drive_state: "Not now: the drive is {state}.",
    err_drive_paused: "The director has paused the drive.",
    err_drive_limit: "You direct {limit} drives that have not finished, the most one may.",
    err_drive_rate: "Too many new drives; wait a while.",
    err_not_at_table: "Only the people at this table (or the director) enter its results.",
    err_no_drive: "There is no such drive.",
    err_deal_range: "A round has deals 1 to {most}.",
    err_matchpoints_duplicate: "Matchpoints need duplicate deals.",
    err_starts_at: "A drive starts within the coming year.",
    err_replaced_already: "A computer player plays for {name} already.",
    err_bad_entry: "Not a possible result",
    err_remove_started: "The drive has started: an entry is no longer removed; have a computer player play for it.",
    err_no_entry: "There is no entry number {number} in this drive.",
    err_drive_left: "You have left the drive: a computer player plays for you, and you enter no results.",
    err_entry_other_side: "The other side entered this deal's result: only they or the director may change it.",
    remove: "Remove",
  },
  nl: {
    bidOf: "Bod", tricksOf: "Slagen",
    err_entry_seats: "Geef het bod en de slagen van elk van de {players} spelers.",
    err_entry_number: "{seat}: een bod of slagen van 0 tot {cards}; spel {deal} geeft elke speler {cards} kaarten.",
    err_entry_tricks_sum: "De slagen tellen op tot {total}, niet {cards}: spel {deal} geeft elke speler {cards} kaarten.",
    err_entry_barred: "{seat} geeft spel {deal} en mag geen {bid} bieden: de biedingen zouden optellen tot {cards}, de slagen van het spel.",
    err_entry_order: "Geef eerst spel {deal} van deze tafel in: de reeksen lopen van spel tot spel door.",
    scaled: "Herrekend", scaledRule: "Sommigen zaten een ronde over: elk staat gerangschikt op zijn {by} per gespeeld spel, maal de meeste spellen die iemand speelde (Herrekend).",
    drives: "Whistdrives", calendar: "Kalender van drives", newDrive: "Nieuwe drive", driveName: "Naam",
    family: "Spel", movement: "Wisselschema", mv_progressive: "Progressief: winnaars schuiven door, partners wisselen",
    mv_pairs: "Vaste paren", mv_individual: "Individueel: iedereen ontmoet iedereen", mode: "Kaarten",
    mode_online: "Online: hier gedeeld", mode_scorer: "Echte kaarten in de club: één telefoon per tafel geeft de uitslagen in",
    duplicate: "Duplicaat: dezelfde kaarten aan elke tafel", rounds: "Ronden", dealsPerRound: "Spellen per ronde",
    minutes: "Minuten per ronde", rated: "Telt voor de rating", rankBy: "Klassement op", by_total: "totaal",
    by_margin: "verschil", by_matchpoints: "matchpunten", startsAt: "Begint om (niet verplicht)",
    createDrive: "Drive maken", st_open: "inschrijving open", st_running: "bezig", st_paused: "gepauzeerd",
    st_finished: "afgelopen", registeredN: "{n} ingeschreven", register: "Inschrijven", unregister: "Uitschrijven",
    leave: "De drive verlaten", start: "Drive starten", pause: "Pauzeren", resume: "Verdergaan",
    endRound: "Ronde nu beëindigen", substitute: "Een computerspeler speelt voor", replace: "Vervangen", removeWho: "Inschrijving om te schrappen",
    roundOf: "Ronde {n} van {m}", minutesLeft: "nog {n} min", yourPlace: "Jouw plaats", tableN: "Tafel {n}",
    seatAt: "Plaats: {seat}", partner: "Partner", opponents: "Tegenstanders", goTable: "Naar je tafel",
    enterResults: "Uitslagen ingeven", standings: "Klassement", place: "Plaats", player: "Speler",
    total: "Totaal", margin: "Verschil", matchpoints: "Matchpunten", roundN: "R{n}", tables: "Tafels",
    entries: "Ingeschreven", computer: "computer", movementTitle: "Wisselschema", exportCsv: "CSV exporteren",
    print: "Uitslagen om af te drukken", hall: "Zaalscherm",
    handRecords: "Spelverdelingen", handRecordsHelp: "Dubbel dummy: de slagen die de kant van elke plaats haalt met elke troef (NT: zonder troef), met de plaats links ervan aan uitkomst.", boardN: "Ronde {r}, spel {d}", working: "wordt berekend…", trumpCol: "Troef", director: "Jij leidt deze drive",
    noDrives: "Er is geen drive gepland.", allDrives: "Alle drives", leaderboards: "Ranglijsten",
    leaderboard: "Ranglijst: {family}", rating: "Rating", matches: "Partijen", history: "Verloop van de rating",
    noRatings: "Nog geen partij voor de rating.", playedDrives: "Drives", soon: "{name} begint over {n} min",
    roundReady: "{name}: ronde {n}, je tafel staat klaar", scorer: "Uitslagen: {name}", deal: "Spel",
    tricksNS: "Slagen N-Z", tricksEW: "Slagen O-W", tricksN: "Slagen N", tricksS: "Slagen Z", contract: "Contract",
    declarers: "Spelers", declTricks: "Slagen van de spelers (bij misère één getal per speler)",
    doubled: "Telt dubbel", save: "Opslaan", saved: "Opgeslagen: spel {deal} aan tafel {table}",
    dealsDone: "{n} van {m} spellen", tieBreak: "Gelijkstand: {rule}", winner: "Winnaar: {names}",
    table: "Tafel", open: "Openen", noEntries: "Nog niemand ingeschreven.", notPlaying: "Je speelt deze ronde niet.",
    left: "een computerspeler speelt", seats: "Plaatsen", refreshing: "live", whenNone: "wanneer de leider start",
    you: "jij", drive: "Drive", entered: "Ingegeven",
    scoreCard: "Jouw scorekaart", score: "Score", running: "Lopend totaal", result: "Uitslag",
    myRounds: "Jouw ronden", printCards: "Gidskaarten om af te drukken", sitsOut: "zit over", against: "tegen {names}",
    wholeMovement: "Wie waar zit, ronde na ronde",
    err_not_director: "Alleen de leider van de drive kan dit doen.",
    err_guest_director: "Een gast kan geen drive leiden: maak een account.",
    err_registration_closed: "De inschrijving voor deze drive is gesloten.",
    err_registered: "Je bent al ingeschreven.",
    err_not_registered: "Je bent niet ingeschreven voor deze drive.",
    err_drive_full: "Deze drive is vol ({most} spelers).",
    err_too_few: "Een drive heeft minstens twee spelers nodig.",
    err_drive_started: "De drive is begonnen.",
    err_drive_state: "Nu niet: de drive is {state}.",
    err_drive_paused: "De leider heeft de drive gepauzeerd.",
    err_drive_limit: "Je leidt {limit} drives die nog niet afgelopen zijn, het maximum.",
    err_drive_rate: "Te veel nieuwe drives; wacht even.",
    err_not_at_table: "Alleen de spelers aan deze tafel (of de leider) geven de uitslagen in.",
    err_no_drive: "Deze drive bestaat niet.",
    err_deal_range: "Een ronde heeft spellen 1 tot {most}.",
    err_matchpoints_duplicate: "Matchpunten vragen duplicaatspellen.",
    err_starts_at: "Een drive begint binnen het komende jaar.",
    err_replaced_already: "Er speelt al een computerspeler voor {name}.",
    err_bad_entry: "Geen mogelijke uitslag",
    err_remove_started: "De drive is begonnen: een inschrijving wordt niet meer geschrapt; laat een computerspeler voor hem spelen.",
    err_no_entry: "Deze drive heeft geen inschrijving nummer {number}.",
    err_drive_left: "Je hebt de drive verlaten: een computerspeler speelt voor je en je geeft geen uitslagen in.",
    err_entry_other_side: "De andere kant gaf de uitslag van dit spel in: alleen zij of de leider mogen hem wijzigen.",
    remove: "Schrappen",
  },
  fr: {
    bidOf: "Annonce", tricksOf: "Plis",
    err_entry_seats: "Donnez l'annonce et les plis de chacun des {players} joueurs.",
    err_entry_number: "{seat} : une annonce ou des plis de 0 à {cards} ; la donne {deal} distribue {cards} cartes par joueur.",
    err_entry_tricks_sum: "Les plis font {total}, pas {cards} : la donne {deal} distribue {cards} cartes par joueur.",
    err_entry_barred: "{seat} donne la donne {deal} et ne peut pas annoncer {bid} : les annonces feraient {cards}, les plis de la donne.",
    err_entry_order: "Saisissez d'abord la donne {deal} de cette table : les séries se suivent de donne en donne.",
    scaled: "Ramené", scaledRule: "Certains ont passé une manche : chacun est classé par son {by} par donne jouée, fois le plus grand nombre de donnes jouées (Ramené).",
    drives: "Tournois de whist", calendar: "Calendrier des tournois", newDrive: "Nouveau tournoi", driveName: "Nom",
    family: "Jeu", movement: "Mouvement", mv_progressive: "Progressif : les gagnants avancent, les partenaires changent",
    mv_pairs: "Paires fixes", mv_individual: "Individuel : chacun rencontre chacun", mode: "Cartes",
    mode_online: "En ligne : distribuées ici", mode_scorer: "Vraies cartes au club : un téléphone par table saisit les résultats",
    duplicate: "Duplicate : les mêmes cartes à chaque table", rounds: "Tours", dealsPerRound: "Donnes par tour",
    minutes: "Minutes par tour", rated: "Compte pour le classement Elo", rankBy: "Classement par",
    by_total: "total", by_margin: "écart", by_matchpoints: "points de match", startsAt: "Début (facultatif)",
    createDrive: "Créer le tournoi", st_open: "inscriptions ouvertes", st_running: "en cours", st_paused: "en pause",
    st_finished: "terminé", registeredN: "{n} inscrits", register: "S'inscrire", unregister: "Se désinscrire",
    leave: "Quitter le tournoi", start: "Lancer le tournoi", pause: "Pause", resume: "Reprendre",
    endRound: "Finir le tour maintenant", substitute: "Un joueur ordinateur joue pour", replace: "Remplacer", removeWho: "Inscription à retirer",
    roundOf: "Tour {n} sur {m}", minutesLeft: "encore {n} min", yourPlace: "Votre place", tableN: "Table {n}",
    seatAt: "Place : {seat}", partner: "Partenaire", opponents: "Adversaires", goTable: "Aller à votre table",
    enterResults: "Saisir les résultats", standings: "Classement", place: "Rang", player: "Joueur",
    total: "Total", margin: "Écart", matchpoints: "Points de match", roundN: "T{n}", tables: "Tables",
    entries: "Inscrits", computer: "ordinateur", movementTitle: "Mouvement", exportCsv: "Exporter en CSV",
    print: "Résultats à imprimer", hall: "Écran de salle",
    handRecords: "Donnes commentées", handRecordsHelp: "Double mort : les levées que le camp de chaque place fait à chaque atout (SA : sans atout), la place à sa gauche entamant.", boardN: "Tour {r}, donne {d}", working: "en cours de calcul…", trumpCol: "Atout", director: "Vous dirigez ce tournoi",
    noDrives: "Aucun tournoi prévu.", allDrives: "Tous les tournois", leaderboards: "Classements",
    leaderboard: "Classement : {family}", rating: "Cote", matches: "Parties", history: "Historique de la cote",
    noRatings: "Aucune partie classée.", playedDrives: "Tournois", soon: "{name} commence dans {n} min",
    roundReady: "{name} : tour {n}, votre table est prête", scorer: "Résultats : {name}", deal: "Donne",
    tricksNS: "Levées N-S", tricksEW: "Levées E-O", tricksN: "Levées N", tricksS: "Levées S", contract: "Contrat",
    declarers: "Déclarants", declTricks: "Levées des déclarants (un nombre chacun en misère)",
    doubled: "Compte double", save: "Enregistrer", saved: "Enregistré : donne {deal} à la table {table}",
    dealsDone: "{n} donnes sur {m}", tieBreak: "Égalités : {rule}", winner: "Vainqueur : {names}",
    table: "Table", open: "Ouvrir", noEntries: "Personne n'est encore inscrit.", notPlaying: "Vous ne jouez pas ce tour.",
    left: "un joueur ordinateur joue", seats: "Places", refreshing: "en direct", whenNone: "quand le directeur le lance",
    you: "vous", drive: "Tournoi", entered: "Saisi",
    scoreCard: "Votre feuille de marque", score: "Score", running: "Total cumulé", result: "Résultat",
    myRounds: "Vos tours", printCards: "Cartes de mouvement à imprimer", sitsOut: "ne joue pas", against: "contre {names}",
    wholeMovement: "Qui est assis où, tour après tour",
    err_not_director: "Seul le directeur du tournoi peut le faire.",
    err_guest_director: "Un invité ne peut pas diriger un tournoi : créez un compte.",
    err_registration_closed: "Les inscriptions à ce tournoi sont closes.",
    err_registered: "Vous êtes déjà inscrit.",
    err_not_registered: "Vous n'êtes pas inscrit à ce tournoi.",
    err_drive_full: "Ce tournoi est complet ({most} joueurs).",
    err_too_few: "Un tournoi demande au moins deux joueurs.",
    err_drive_started: "Le tournoi a commencé.",
    err_drive_state: "Pas maintenant : le tournoi est {state}.",
    err_drive_paused: "Le directeur a mis le tournoi en pause.",
    err_drive_limit: "Vous dirigez {limit} tournois non terminés, le maximum.",
    err_drive_rate: "Trop de nouveaux tournois ; patientez.",
    err_not_at_table: "Seuls les joueurs de cette table (ou le directeur) saisissent ses résultats.",
    err_no_drive: "Ce tournoi n'existe pas.",
    err_deal_range: "Un tour a les donnes 1 à {most}.",
    err_matchpoints_duplicate: "Les points de match demandent des donnes duplicate.",
    err_starts_at: "Un tournoi commence dans l'année qui vient.",
    err_replaced_already: "Un joueur ordinateur joue déjà pour {name}.",
    err_bad_entry: "Résultat impossible",
    err_remove_started: "Le tournoi a commencé : une inscription n'est plus retirée ; faites jouer un joueur ordinateur à sa place.",
    err_no_entry: "Ce tournoi n'a pas d'inscription numéro {number}.",
    err_drive_left: "Vous avez quitté le tournoi : un joueur ordinateur joue pour vous et vous ne saisissez plus de résultats.",
    err_entry_other_side: "L'autre camp a saisi le résultat de cette donne : seuls eux ou le directeur peuvent le changer.",
    remove: "Retirer",
  },
  da: {
    bidOf: "Bud", tricksOf: "Stik",
    err_entry_seats: "Angiv bud og stik for hver af de {players} spillere.",
    err_entry_number: "{seat}: et bud eller stik fra 0 til {cards}; spil {deal} giver {cards} kort til hver spiller.",
    err_entry_tricks_sum: "Stikkene giver {total}, ikke {cards}: spil {deal} giver {cards} kort til hver spiller.",
    err_entry_barred: "{seat} giver spil {deal} og må ikke byde {bid}: buddene ville give {cards}, spillets stik.",
    err_entry_order: "Indtast først spil {deal} ved dette bord: rækkerne går fra spil til spil.",
    scaled: "Omregnet", scaledRule: "Nogle sad over en runde: hver rangeres efter {by} pr. spillet spil, gange de fleste spil nogen spillede (Omregnet).",
    drives: "Whistturneringer", calendar: "Turneringskalender", newDrive: "Ny turnering", driveName: "Navn",
    family: "Spil", movement: "Skifteplan", mv_progressive: "Progressiv: vinderne rykker videre, makkerne skifter",
    mv_pairs: "Faste par", mv_individual: "Individuel: alle møder alle", mode: "Kort",
    mode_online: "Online: givet her", mode_scorer: "Rigtige kort i klubben: én telefon pr. bord indtaster resultaterne",
    duplicate: "Duplikat: de samme kort ved hvert bord", rounds: "Runder", dealsPerRound: "Spil pr. runde",
    minutes: "Minutter pr. runde", rated: "Tæller til ratingen", rankBy: "Stilling efter", by_total: "i alt",
    by_margin: "forskel", by_matchpoints: "matchpoint", startsAt: "Starter (valgfrit)", createDrive: "Opret turneringen",
    st_open: "tilmelding åben", st_running: "i gang", st_paused: "på pause", st_finished: "slut",
    registeredN: "{n} tilmeldt", register: "Tilmeld", unregister: "Afmeld", leave: "Forlad turneringen",
    start: "Start turneringen", pause: "Pause", resume: "Fortsæt", endRound: "Afslut runden nu",
    substitute: "En computerspiller spiller for", replace: "Erstat", removeWho: "Tilmelding der skal fjernes", roundOf: "Runde {n} af {m}",
    minutesLeft: "{n} min tilbage", yourPlace: "Din plads", tableN: "Bord {n}", seatAt: "Plads: {seat}",
    partner: "Makker", opponents: "Modstandere", goTable: "Gå til dit bord", enterResults: "Indtast resultater",
    standings: "Stilling", place: "Plads", player: "Spiller", total: "I alt", margin: "Forskel",
    matchpoints: "Matchpoint", roundN: "R{n}", tables: "Borde", entries: "Tilmeldte", computer: "computer",
    movementTitle: "Skifteplan", exportCsv: "Eksportér CSV", print: "Resultater til udskrift", hall: "Salskærm",
    handRecords: "Spilfordelinger", handRecordsHelp: "Dobbelt blind: de stik hver plads' side tager med hver trumf (NT: uden trumf), med pladsen til venstre i udspil.", boardN: "Runde {r}, spil {d}", working: "regnes ud…", trumpCol: "Trumf",
    director: "Du leder denne turnering", noDrives: "Ingen turnering er planlagt.", allDrives: "Alle turneringer",
    leaderboards: "Ranglister", leaderboard: "Rangliste: {family}", rating: "Rating", matches: "Kampe",
    history: "Ratinghistorik", noRatings: "Ingen ratede kampe endnu.", playedDrives: "Turneringer",
    soon: "{name} starter om {n} min", roundReady: "{name}: runde {n}, dit bord er klar", scorer: "Resultater: {name}",
    deal: "Spil", tricksNS: "Stik N-S", tricksEW: "Stik Ø-V", tricksN: "Stik N", tricksS: "Stik S",
    contract: "Kontrakt", declarers: "Spilfører(e)", declTricks: "Spilførernes stik (ét tal hver i nolo)",
    doubled: "Tæller dobbelt", save: "Gem", saved: "Gemt: spil {deal} ved bord {table}",
    dealsDone: "{n} af {m} spil", tieBreak: "Lige: {rule}", winner: "Vinder: {names}", table: "Bord",
    open: "Åbn", noEntries: "Ingen er tilmeldt endnu.", notPlaying: "Du sidder over i denne runde.",
    left: "en computerspiller spiller", seats: "Pladser", refreshing: "live", whenNone: "når lederen starter den",
    you: "dig", drive: "Turnering", entered: "Indtastet",
    scoreCard: "Dit scorekort", score: "Point", running: "Løbende total", result: "Resultat",
    myRounds: "Dine runder", printCards: "Skiftekort til udskrift", sitsOut: "sidder over", against: "mod {names}",
    wholeMovement: "Hvem sidder hvor, runde for runde",
    err_not_director: "Kun turneringens leder kan gøre dette.",
    err_guest_director: "En gæst kan ikke lede en turnering: opret en konto.",
    err_registration_closed: "Tilmeldingen til denne turnering er lukket.",
    err_registered: "Du er allerede tilmeldt.",
    err_not_registered: "Du er ikke tilmeldt denne turnering.",
    err_drive_full: "Turneringen er fuld ({most} spillere).",
    err_too_few: "En turnering kræver mindst to spillere.",
    err_drive_started: "Turneringen er begyndt.",
    err_drive_state: "Ikke nu: turneringen er {state}.",
    err_drive_paused: "Lederen har sat turneringen på pause.",
    err_drive_limit: "Du leder {limit} turneringer, der ikke er slut, det højeste antal.",
    err_drive_rate: "For mange nye turneringer; vent lidt.",
    err_not_at_table: "Kun spillerne ved dette bord (eller lederen) indtaster dets resultater.",
    err_no_drive: "Turneringen findes ikke.",
    err_deal_range: "En runde har spil 1 til {most}.",
    err_matchpoints_duplicate: "Matchpoint kræver duplikatspil.",
    err_starts_at: "En turnering starter inden for det kommende år.",
    err_replaced_already: "En computerspiller spiller allerede for {name}.",
    err_bad_entry: "Ikke et muligt resultat",
    err_remove_started: "Turneringen er begyndt: en tilmelding fjernes ikke længere; lad en computerspiller spille for den.",
    err_no_entry: "Turneringen har ingen tilmelding nummer {number}.",
    err_drive_left: "Du har forladt turneringen: en computerspiller spiller for dig, og du indtaster ingen resultater.",
    err_entry_other_side: "Den anden side indtastede dette spils resultat: kun de eller lederen må ændre det.",
    remove: "Fjern",
  },
  ro: {
    bidOf: "Licitat", tricksOf: "Levate",
    err_entry_seats: "Dați licitația și levatele fiecăruia dintre cei {players} jucători.",
    err_entry_number: "{seat}: o licitație sau levate de la 0 la {cards}; la mâna {deal} se împart {cards} cărți fiecăruia.",
    err_entry_tricks_sum: "Levatele fac {total}, nu {cards}: la mâna {deal} se împart {cards} cărți fiecăruia.",
    err_entry_barred: "{seat} împarte mâna {deal} și nu poate licita {bid}: licitațiile ar face {cards}, câte levate sunt.",
    err_entry_order: "Introduceți întâi mâna {deal} de la această masă: seriile trec de la o mână la alta.",
    scaled: "Recalculat", scaledRule: "Unii au stat o rundă: fiecare e clasat după {by} pe mână jucată, înmulțit cu cele mai multe mâini jucate de cineva (Recalculat).",
    drives: "Turnee de whist", calendar: "Calendarul turneelor", newDrive: "Turneu nou", driveName: "Nume",
    family: "Joc", movement: "Rotație", mv_progressive: "Progresiv: câștigătorii avansează, partenerii se schimbă",
    mv_pairs: "Perechi fixe", mv_individual: "Individual: fiecare îi întâlnește pe toți", mode: "Cărți",
    mode_online: "Online: împărțite aici", mode_scorer: "Cărți reale la club: un telefon la fiecare masă introduce rezultatele",
    duplicate: "Duplicat: aceleași cărți la fiecare masă", rounds: "Runde", dealsPerRound: "Mâini pe rundă",
    minutes: "Minute pe rundă", rated: "Contează la clasament", rankBy: "Clasament după", by_total: "total",
    by_margin: "diferență", by_matchpoints: "puncte de meci", startsAt: "Începe la (opțional)",
    createDrive: "Creează turneul", st_open: "înscrieri deschise", st_running: "în desfășurare", st_paused: "în pauză",
    st_finished: "încheiat", registeredN: "{n} înscriși", register: "Înscriere", unregister: "Retragere",
    leave: "Părăsește turneul", start: "Pornește turneul", pause: "Pauză", resume: "Continuă",
    endRound: "Încheie runda acum", substitute: "Un jucător computer joacă pentru", replace: "Înlocuiește", removeWho: "Înscrierea de scos",
    roundOf: "Runda {n} din {m}", minutesLeft: "încă {n} min", yourPlace: "Locul dumneavoastră", tableN: "Masa {n}",
    seatAt: "Loc: {seat}", partner: "Partener", opponents: "Adversari", goTable: "La masa dumneavoastră",
    enterResults: "Introduceți rezultatele", standings: "Clasament", place: "Loc", player: "Jucător",
    total: "Total", margin: "Diferență", matchpoints: "Puncte de meci", roundN: "R{n}", tables: "Mese",
    entries: "Înscriși", computer: "computer", movementTitle: "Rotație", exportCsv: "Exportă CSV",
    print: "Rezultate de tipărit", hall: "Ecranul sălii",
    handRecords: "Distribuțiile", handRecordsHelp: "Dublu mort: levatele pe care le face tabăra fiecărui loc cu fiecare atu (NT: fără atu), cu locul din stânga sa la atac.", boardN: "Runda {r}, mâna {d}", working: "se calculează…", trumpCol: "Atu", director: "Conduceți acest turneu",
    noDrives: "Niciun turneu planificat.", allDrives: "Toate turneele", leaderboards: "Clasamente",
    leaderboard: "Clasament: {family}", rating: "Cotă", matches: "Meciuri", history: "Istoricul cotei",
    noRatings: "Niciun meci cotat încă.", playedDrives: "Turnee", soon: "{name} începe în {n} min",
    roundReady: "{name}: runda {n}, masa dumneavoastră e gata", scorer: "Rezultate: {name}", deal: "Mâna",
    tricksNS: "Levate N-S", tricksEW: "Levate E-V", tricksN: "Levate N", tricksS: "Levate S", contract: "Contract",
    declarers: "Declaranți", declTricks: "Levatele declaranților (câte un număr la mizerie)",
    doubled: "Contează dublu", save: "Salvează", saved: "Salvat: mâna {deal} la masa {table}",
    dealsDone: "{n} din {m} mâini", tieBreak: "Egalități: {rule}", winner: "Câștigător: {names}",
    table: "Masa", open: "Deschide", noEntries: "Nimeni nu s-a înscris încă.", notPlaying: "Stați pe dinafară în această rundă.",
    left: "joacă un jucător computer", seats: "Locuri", refreshing: "în direct", whenNone: "când directorul îl pornește",
    you: "dvs.", drive: "Turneu", entered: "Introdus",
    scoreCard: "Fișa dumneavoastră de scor", score: "Scor", running: "Total parțial", result: "Rezultat",
    myRounds: "Rundele tale", printCards: "Fișe de rotație de tipărit", sitsOut: "stă pe dinafară", against: "contra {names}",
    wholeMovement: "Cine unde stă, rundă cu rundă",
    err_not_director: "Doar directorul turneului poate face asta.",
    err_guest_director: "Un oaspete nu poate conduce un turneu: creați un cont.",
    err_registration_closed: "Înscrierile la acest turneu s-au încheiat.",
    err_registered: "Sunteți deja înscris.",
    err_not_registered: "Nu sunteți înscris la acest turneu.",
    err_drive_full: "Turneul este complet ({most} jucători).",
    err_too_few: "Un turneu are nevoie de cel puțin doi jucători.",
    err_drive_started: "Turneul a început.",
    err_drive_state: "Nu acum: turneul este {state}.",
    err_drive_paused: "Directorul a pus turneul pe pauză.",
    err_drive_limit: "Conduceți {limit} turnee neîncheiate, cel mult permis.",
    err_drive_rate: "Prea multe turnee noi; așteptați puțin.",
    err_not_at_table: "Doar jucătorii de la această masă (sau directorul) introduc rezultatele ei.",
    err_no_drive: "Acest turneu nu există.",
    err_deal_range: "O rundă are mâinile 1 până la {most}.",
    err_matchpoints_duplicate: "Punctele de meci cer mâini duplicat.",
    err_starts_at: "Un turneu începe în anul care vine.",
    err_replaced_already: "Un jucător computer joacă deja pentru {name}.",
    err_bad_entry: "Rezultat imposibil",
    err_remove_started: "Turneul a început: o înscriere nu mai poate fi retrasă; lăsați un jucător computer să joace în locul ei.",
    err_no_entry: "Turneul nu are înscrierea cu numărul {number}.",
    err_drive_left: "Ați părăsit turneul: un jucător computer joacă pentru dumneavoastră și nu mai introduceți rezultate.",
    err_entry_other_side: "Cealaltă parte a introdus rezultatul acestei împărțiri: doar ea sau directorul îl pot schimba.",
    remove: "Retrage",
  },
};

// Fair results: the sit-out, entries confirmed by the other side, the director's corrections.
const FAIR_TEXTS = {
  en: {roundWord: "Round", sitOut: "One person sits out each round (individual, 4n + 1 people)", entryStates: "Entries at your tables",
    es_waiting: "waiting for confirmation", es_confirmed: "confirmed", es_change_waiting: "a change waits for confirmation: {proposed}",
    es_played: "played", locked: "locked", confirm: "Confirm", lock: "Lock", unlock: "Unlock", corrections: "Corrections",
    correctTitle: "Correct a result", reason: "Reason", correct: "Correct", corrected: "Corrected: round {round}, table {table}, deal {deal}",
    act_correct: "corrected", act_lock: "locked", act_unlock: "unlocked",
    err_sit_out_movement: "One person sits out each round only in the individual movement at tables of four.",
    err_sit_out_people: "One person sits out each round with 4n + 1 people (5, 9, 13...), not {people}.",
    err_entry_locked: "The director has locked this result: only he changes it.",
    err_nothing_to_confirm: "This result needs no confirmation.",
    err_confirm_own_side: "The other side confirms a result, not the side that entered it.",
    err_no_result: "Deal {deal} of table {table} has no result yet.", err_round_not_played: "Round {round} has not been played.",
    err_no_drive_table: "There is no table {table} in this round."},
  nl: {roundWord: "Ronde", sitOut: "Eén persoon zit elke ronde uit (individueel, 4n + 1 personen)", entryStates: "Uitslagen aan je tafels",
    es_waiting: "wacht op bevestiging", es_confirmed: "bevestigd", es_change_waiting: "een wijziging wacht op bevestiging: {proposed}",
    es_played: "gespeeld", locked: "vergrendeld", confirm: "Bevestig", lock: "Vergrendel", unlock: "Ontgrendel", corrections: "Correcties",
    correctTitle: "Een uitslag corrigeren", reason: "Reden", correct: "Corrigeer", corrected: "Gecorrigeerd: ronde {round}, tafel {table}, spel {deal}",
    act_correct: "gecorrigeerd", act_lock: "vergrendeld", act_unlock: "ontgrendeld",
    err_sit_out_movement: "Eén persoon zit elke ronde uit alleen in het individuele schema aan tafels van vier.",
    err_sit_out_people: "Eén persoon zit elke ronde uit met 4n + 1 personen (5, 9, 13...), niet {people}.",
    err_entry_locked: "De wedstrijdleider heeft deze uitslag vergrendeld: alleen hij wijzigt hem.",
    err_nothing_to_confirm: "Deze uitslag hoeft niet bevestigd te worden.",
    err_confirm_own_side: "De andere kant bevestigt een uitslag, niet de kant die hem invoerde.",
    err_no_result: "Spel {deal} van tafel {table} heeft nog geen uitslag.", err_round_not_played: "Ronde {round} is niet gespeeld.",
    err_no_drive_table: "Er is geen tafel {table} in deze ronde."},
  fr: {roundWord: "Tour", sitOut: "Une personne se repose à chaque tour (individuel, 4n + 1 personnes)", entryStates: "Résultats de vos tables",
    es_waiting: "en attente de confirmation", es_confirmed: "confirmé", es_change_waiting: "une modification attend sa confirmation : {proposed}",
    es_played: "joué", locked: "verrouillé", confirm: "Confirmer", lock: "Verrouiller", unlock: "Déverrouiller", corrections: "Corrections",
    correctTitle: "Corriger un résultat", reason: "Motif", correct: "Corriger", corrected: "Corrigé : tour {round}, table {table}, donne {deal}",
    act_correct: "corrigé", act_lock: "verrouillé", act_unlock: "déverrouillé",
    err_sit_out_movement: "Une personne ne se repose à chaque tour que dans le mouvement individuel à des tables de quatre.",
    err_sit_out_people: "Une personne se repose à chaque tour avec 4n + 1 personnes (5, 9, 13...), pas {people}.",
    err_entry_locked: "Le directeur a verrouillé ce résultat : lui seul le modifie.",
    err_nothing_to_confirm: "Ce résultat n'a pas besoin de confirmation.",
    err_confirm_own_side: "C'est l'autre camp qui confirme un résultat, pas celui qui l'a saisi.",
    err_no_result: "La donne {deal} de la table {table} n'a pas encore de résultat.", err_round_not_played: "Le tour {round} n'a pas été joué.",
    err_no_drive_table: "Il n'y a pas de table {table} à ce tour."},
  da: {roundWord: "Runde", sitOut: "Én person sidder over hver runde (individuel, 4n + 1 personer)", entryStates: "Resultater ved dine borde",
    es_waiting: "venter på bekræftelse", es_confirmed: "bekræftet", es_change_waiting: "en ændring venter på bekræftelse: {proposed}",
    es_played: "spillet", locked: "låst", confirm: "Bekræft", lock: "Lås", unlock: "Lås op", corrections: "Rettelser",
    correctTitle: "Ret et resultat", reason: "Begrundelse", correct: "Ret", corrected: "Rettet: runde {round}, bord {table}, spil {deal}",
    act_correct: "rettet", act_lock: "låst", act_unlock: "låst op",
    err_sit_out_movement: "Én person sidder kun over hver runde i den individuelle turnering ved borde med fire.",
    err_sit_out_people: "Én person sidder over hver runde med 4n + 1 personer (5, 9, 13...), ikke {people}.",
    err_entry_locked: "Turneringslederen har låst dette resultat: kun han ændrer det.",
    err_nothing_to_confirm: "Dette resultat skal ikke bekræftes.",
    err_confirm_own_side: "Den anden side bekræfter et resultat, ikke den side der indtastede det.",
    err_no_result: "Spil {deal} ved bord {table} har endnu intet resultat.", err_round_not_played: "Runde {round} er ikke spillet.",
    err_no_drive_table: "Der er intet bord {table} i denne runde."},
  ro: {roundWord: "Runda", sitOut: "O persoană stă pe dinafară în fiecare rundă (individual, 4n + 1 persoane)", entryStates: "Rezultatele meselor dumneavoastră",
    es_waiting: "așteaptă confirmarea", es_confirmed: "confirmat", es_change_waiting: "o modificare așteaptă confirmarea: {proposed}",
    es_played: "jucat", locked: "blocat", confirm: "Confirmă", lock: "Blochează", unlock: "Deblochează", corrections: "Corecturi",
    correctTitle: "Corectați un rezultat", reason: "Motiv", correct: "Corectează", corrected: "Corectat: runda {round}, masa {table}, împărțirea {deal}",
    act_correct: "corectat", act_lock: "blocat", act_unlock: "deblocat",
    err_sit_out_movement: "O persoană stă pe dinafară în fiecare rundă doar în sistemul individual, la mese de patru.",
    err_sit_out_people: "O persoană stă pe dinafară în fiecare rundă cu 4n + 1 persoane (5, 9, 13...), nu {people}.",
    err_entry_locked: "Directorul a blocat acest rezultat: doar el îl mai schimbă.",
    err_nothing_to_confirm: "Acest rezultat nu are nevoie de confirmare.",
    err_confirm_own_side: "Cealaltă parte confirmă un rezultat, nu partea care l-a introdus.",
    err_no_result: "Împărțirea {deal} de la masa {table} nu are încă rezultat.", err_round_not_played: "Runda {round} nu a fost jucată.",
    err_no_drive_table: "Nu există masa {table} în această rundă."},
};
for (const [lang, words] of Object.entries(FAIR_TEXTS)) Object.assign(TEXTS[lang], words);

// Mitchell and Howell drives: pairs at real tables, boards that travel, matchpoints by board.
const PAIRS_TEXTS = {
  en: {boardsDone: "{n} of {m} boards", boardsPerRound: "Boards a round",
    relayStand: "Relay and bye stand (an even number of tables: tables 1 and the last share a set; every round played)", err_relay_mitchell: "A relay and bye stand belongs to a Mitchell movement.",
    partnersWho: "Partners", partnersAnd: "and", makePartners: "Make partners", err_not_pairs: "Partners are chosen in a Mitchell or Howell only: an individual drive changes partners every round.", err_same_entry: "Name two different people.",
    savedBoard: "Saved: board {deal} at table {table}", mv_mitchell: "Mitchell: pairs, N-S stay, E-W and the boards move", mv_howell: "Howell: pairs, each meets every other once",
    pairsHelp: "Pairs: the people two by two in the order they register (1 and 2, 3 and 4…); the director can pair them otherwise before the start. Ranked by matchpoints, board by board. The movement plays its own rounds, at most those asked for.",
    board: "Board", pairWord: "Pair", pairStandings: "Pairs", fieldStandings: "Pairs {field}", boardsN: "boards {boards}",
    err_pairs_scorer: "A {movement} movement moves boards between real tables: choose real cards at the club.",
    err_pairs_family: "A {movement} movement seats fixed partnerships at tables of four.",
    err_pairs_boards: "A pairs movement plays 1 to {most} boards a round.",
    err_pairs_people: "The pairs are the people two by two: an even number of people from 4, not {people}.",
    err_pairs_movement: "This movement cannot seat {people} people with these boards a round.",
    err_board_not_here: "Table {table} plays boards {boards} this round, not board {board}."},
  nl: {boardsDone: "{n} van {m} spellen", boardsPerRound: "Spellen per ronde",
    relayStand: "Relais en rustbord (een even aantal tafels: tafel 1 en de laatste delen een set; elke ronde gespeeld)", err_relay_mitchell: "Een relais met rustbord hoort bij een Mitchell-schema.",
    partnersWho: "Partners", partnersAnd: "en", makePartners: "Maak partners", err_not_pairs: "Partners worden alleen gekozen in een Mitchell of Howell: een individuele drive wisselt elke ronde van partner.", err_same_entry: "Kies twee verschillende mensen.",
    savedBoard: "Opgeslagen: spel {deal} aan tafel {table}", mv_mitchell: "Mitchell: paren, N-Z blijven zitten, O-W en de spellen schuiven", mv_howell: "Howell: paren, elk paar treft elk ander één keer",
    pairsHelp: "Paren: de mensen twee aan twee in de volgorde van inschrijving (1 en 2, 3 en 4…); de wedstrijdleider kan ze voor de start anders koppelen. Rangschikking op matchpunten, spel voor spel. Het schema speelt zijn eigen ronden, hoogstens het gevraagde aantal.",
    board: "Spel", pairWord: "Paar", pairStandings: "Paren", fieldStandings: "Paren {field}", boardsN: "spellen {boards}",
    err_pairs_scorer: "Een {movement}-schema verplaatst spellen tussen echte tafels: kies echte kaarten in de club.",
    err_pairs_family: "Een {movement}-schema zet vaste paren aan tafels van vier.",
    err_pairs_boards: "Een parenschema speelt 1 tot {most} spellen per ronde.",
    err_pairs_people: "De paren zijn de mensen twee aan twee: een even aantal vanaf 4, niet {people}.",
    err_pairs_movement: "Dit schema kan geen {people} mensen plaatsen met zoveel spellen per ronde.",
    err_board_not_here: "Tafel {table} speelt deze ronde de spellen {boards}, niet spel {board}."},
  fr: {boardsDone: "{n} étuis sur {m}", boardsPerRound: "Étuis par tour",
    relayStand: "Relais et étuis en attente (un nombre pair de tables : la table 1 et la dernière partagent une série ; chaque tour joué)", err_relay_mitchell: "Un relais avec étuis en attente appartient à un mouvement Mitchell.",
    partnersWho: "Partenaires", partnersAnd: "et", makePartners: "Former la paire", err_not_pairs: "Les partenaires se choisissent seulement dans un Mitchell ou un Howell : un tournoi individuel change de partenaire à chaque tour.", err_same_entry: "Choisissez deux personnes différentes.",
    savedBoard: "Enregistré : étui {deal} à la table {table}", mv_mitchell: "Mitchell : par paires, N-S fixes, E-O et les étuis tournent", mv_howell: "Howell : par paires, chacune rencontre chaque autre une fois",
    pairsHelp: "Paires : les personnes deux par deux dans l'ordre d'inscription (1 et 2, 3 et 4…) ; le directeur peut les apparier autrement avant le début. Classement aux points de match, donne par donne. Le mouvement joue ses propres tours, au plus le nombre demandé.",
    board: "Étui", pairWord: "Paire", pairStandings: "Paires", fieldStandings: "Paires {field}", boardsN: "étuis {boards}",
    err_pairs_scorer: "Un mouvement {movement} fait circuler les étuis entre de vraies tables : choisissez les vraies cartes au club.",
    err_pairs_family: "Un mouvement {movement} place des paires fixes à des tables de quatre.",
    err_pairs_boards: "Un mouvement de paires joue 1 à {most} étuis par tour.",
    err_pairs_people: "Les paires sont les personnes deux par deux : un nombre pair à partir de 4, pas {people}.",
    err_pairs_movement: "Ce mouvement ne peut pas placer {people} personnes avec ce nombre d'étuis par tour.",
    err_board_not_here: "La table {table} joue les étuis {boards} à ce tour, pas l'étui {board}."},
  da: {boardsDone: "{n} af {m} spil", boardsPerRound: "Spil pr. runde",
    relayStand: "Relæ og hvilebord (et lige antal borde: bord 1 og det sidste deler et sæt; hver runde spilles)", err_relay_mitchell: "Et relæ med hvilebord hører til en Mitchell-skifteplan.",
    partnersWho: "Makkere", partnersAnd: "og", makePartners: "Gør til makkere", err_not_pairs: "Makkere vælges kun i en Mitchell eller Howell: en individuel turnering skifter makker hver runde.", err_same_entry: "Vælg to forskellige personer.",
    savedBoard: "Gemt: spil {deal} ved bord {table}", mv_mitchell: "Mitchell: par, N-S bliver, Ø-V og spillene flytter", mv_howell: "Howell: par, hvert par møder hvert andet én gang",
    pairsHelp: "Par: personerne to og to i den rækkefølge, de tilmelder sig (1 og 2, 3 og 4…); turneringslederen kan parre dem anderledes før start. Rangeret efter matchpoint, spil for spil. Skifteplanen spiller sine egne runder, højst det ønskede antal.",
    board: "Spil", pairWord: "Par", pairStandings: "Par", fieldStandings: "Par {field}", boardsN: "spil {boards}",
    err_pairs_scorer: "En {movement}-turnering flytter spil mellem rigtige borde: vælg rigtige kort i klubben.",
    err_pairs_family: "En {movement}-turnering sætter faste par ved borde med fire.",
    err_pairs_boards: "En parturnering spiller 1 til {most} spil pr. runde.",
    err_pairs_people: "Parrene er personerne to og to: et lige antal fra 4, ikke {people}.",
    err_pairs_movement: "Denne skifteplan kan ikke placere {people} personer med så mange spil pr. runde.",
    err_board_not_here: "Bord {table} spiller spil {boards} i denne runde, ikke spil {board}."},
  ro: {boardsDone: "{n} din {m} boarduri", boardsPerRound: "Boarduri pe rundă",
    relayStand: "Releu și masă de așteptare (un număr par de mese: masa 1 și ultima împart un set; fiecare rundă jucată)", err_relay_mitchell: "Un releu cu masă de așteptare ține de o rotație Mitchell.",
    partnersWho: "Parteneri", partnersAnd: "și", makePartners: "Fă-i parteneri", err_not_pairs: "Partenerii se aleg doar la Mitchell sau Howell: un turneu individual schimbă partenerii în fiecare rundă.", err_same_entry: "Alegeți două persoane diferite.",
    savedBoard: "Salvat: boardul {deal} la masa {table}", mv_mitchell: "Mitchell: perechi, N-S stau, E-V și boardurile se mută", mv_howell: "Howell: perechi, fiecare o întâlnește o dată pe fiecare",
    pairsHelp: "Perechi: oamenii doi câte doi, în ordinea înscrierii (1 și 2, 3 și 4…); directorul îi poate împerechea altfel înainte de start. Clasament la puncte de meci, board cu board. Rotația își joacă propriile runde, cel mult câte s-au cerut.",
    board: "Board", pairWord: "Pereche", pairStandings: "Perechi", fieldStandings: "Perechi {field}", boardsN: "boardurile {boards}",
    err_pairs_scorer: "O rotație {movement} mută boardurile între mese reale: alegeți cărți reale la club.",
    err_pairs_family: "O rotație {movement} așază perechi fixe la mese de patru.",
    err_pairs_boards: "O rotație pe perechi joacă 1 până la {most} boarduri pe rundă.",
    err_pairs_people: "Perechile sunt oamenii doi câte doi: un număr par de la 4, nu {people}.",
    err_pairs_movement: "Această rotație nu poate așeza {people} oameni cu atâtea boarduri pe rundă.",
    err_board_not_here: "Masa {table} joacă boardurile {boards} în această rundă, nu boardul {board}."},
};
for (const [lang, words] of Object.entries(PAIRS_TEXTS)) Object.assign(TEXTS[lang], words);

// An error the server answered, in the page's language: the drive's own refusals by their
// code (a result the rules refuse keeps the server's reason), the others as the lobby words them.
function errText(err) {
  const key = "err_" + err?.code;
  if (!(key in TEXTS.en)) return ctx.errorText(err);
  const values = {...(err.values || {})};
  if (values.state) values.state = dt("st_" + values.state);
  const text = dt(key, values);
  return err.code === "bad_entry" ? `${text}: ${err.message}` : text;
}

// A text of the drive pages in the page's language (English where one is missing).
export function dt(key, vars = {}) {
  let text = TEXTS[language()]?.[key] ?? TEXTS.en[key] ?? key;
  for (const [k, v] of Object.entries(vars)) text = text.replaceAll(`{${k}}`, v);
  return text;
}

// What the variants' records declare (GET /api/variants): the families drives are played in
// (`drive`: the movements each allows and the form a scorer fills in), the rated ones.
async function driveFamilies() { return (await ctx.variants()).filter(v => v.drive); }
async function declared(name) { return (await ctx.variants()).find(v => v.name === name); }
async function ratedFamilies() { return (await ctx.variants()).filter(v => v.rated).map(v => v.name); }
// The link to the leaderboards: the first rated family's.
async function boardsLink(h) {
  return h("a", {href: `#ratings/${(await ratedFamilies())[0] ?? ""}`, class: "button", text: dt("leaderboards")});
}

// Show `nodes` in `root`, leaving out the ones not there (null).
function fill(root, ...nodes) { root.replaceChildren(...nodes.filter(x => x !== null && x !== undefined && x !== false)); }

// Draw a page again without losing the keyboard's place: the control that had the focus (the
// same id or link), else the first of the actions that took its place, else the heading.
function keepFocus(root, draw) {
  const a = document.activeElement;
  const key = !root.contains(a) || a === root ? null : a.id ? `#${CSS.escape(a.id)}`
    : a.getAttribute("href") ? `a[href="${CSS.escape(a.getAttribute("href"))}"]` : "h2";
  draw();
  if (!key || root.contains(document.activeElement)) return;
  const again = root.querySelector(key) || root.querySelector(".actions button") || root.querySelector("h2");
  if (again?.matches("h2")) again.tabIndex = -1;
  again?.focus({preventScroll: true});
}

function stop() { if (timer) { clearInterval(timer); timer = null; } }

// Refresh a page every `seconds` while it is shown.
function every(seconds, root, fn) {
  stop();
  timer = setInterval(() => {
    if (!root.isConnected) { stop(); return; }
    fn().catch(() => {});
  }, seconds * 1000);
}

function when(drive) {
  return drive.starts_at ? new Date(drive.starts_at * 1000).toLocaleString(language(),
    {dateStyle: "medium", timeStyle: "short"}) : dt("whenNone");
}

function stateLine(d) {
  const parts = [variantName(d.family), dt("st_" + d.state)];
  if (d.state === "running" || d.state === "paused") parts.push(dt("roundOf", {n: d.round_no, m: d.rounds}));
  if (d.round_ends_in !== null && d.round_ends_in !== undefined) parts.push(dt("minutesLeft", {n: Math.ceil(d.round_ends_in / 60)}));
  return parts.join(" · ");
}

// --- the lobby: reminders and the calendar --------------------------------------------------

export async function lobbyDrives() {
  const {h, api} = ctx;
  const drives = await api("GET", "/api/drives").catch(() => []);
  const box = h("section", {class: "card-box drives-box", id: "drives-box", "aria-labelledby": "dr-h"},
    h("h2", {id: "dr-h", text: dt("calendar")}));
  const reminders = h("ul", {class: "reminders", id: "drive-reminders"});
  const now = Date.now() / 1000;
  for (const d of drives.filter(x => x.state !== "finished")) {
    // the details say whether one plays in it; only the few that start soon or run are asked
    const soon = d.state === "open" && d.starts_at && d.starts_at - now < 3600;
    if (!soon && d.state !== "running") continue;
    const full = await api("GET", `/api/drives/${d.id}`).catch(() => null);
    if (!full?.registered) continue;
    const text = d.state === "running" ? dt("roundReady", {name: d.name, n: d.round_no})
      : dt("soon", {name: d.name, n: Math.max(0, Math.round((d.starts_at - now) / 60))});
    reminders.append(h("li", {}, h("a", {href: `#drive/${d.id}`, text})));
  }
  if (reminders.children.length) box.append(reminders);
  const list = h("ul", {class: "tables", id: "drive-list"});
  const shown = drives.slice(0, 8);
  for (const d of shown) {
    list.append(h("li", {"data-drive": d.id}, h("a", {href: `#drive/${d.id}`}, h("strong", {text: d.name})), " ",
      h("span", {class: "seats", text: `${variantName(d.family)} · ${when(d)} · ${dt("st_" + d.state)} · ${dt("registeredN", {n: d.registered})}`})));
  }
  if (!shown.length) list.append(h("li", {class: "empty", text: dt("noDrives")}));
  box.append(list, h("div", {class: "row wrap"},
    h("a", {href: "#drives", class: "button", id: "all-drives", text: dt("allDrives")}),
    await boardsLink(h)));
  return box;
}

// --- the calendar and a new drive ----------------------------------------------------------

async function drivesPage() {
  const {h, api} = ctx;
  const drives = await api("GET", "/api/drives");
  const list = h("ul", {class: "tables", id: "calendar"});
  for (const d of drives) {
    list.append(h("li", {"data-drive": d.id}, h("a", {href: `#drive/${d.id}`}, h("strong", {text: d.name})), " ",
      h("span", {class: "seats", text: `${variantName(d.family)} · ${dt("mv_" + d.movement).split(":")[0]} · ${when(d)} · ${dt("st_" + d.state)} · ${dt("registeredN", {n: d.registered})}`})));
  }
  if (!drives.length) list.append(h("li", {class: "empty", text: dt("noDrives")}));
  const field = (id, label, input) => h("div", {class: "option"}, h("label", {for: id, text: label}), input);
  const families = Object.fromEntries((await driveFamilies()).map(v => [v.name, v.drive]));
  const family = h("select", {id: "nd-family"}, Object.keys(families).map(f => h("option", {value: f, text: variantName(f)})));
  const movement = h("select", {id: "nd-movement"});
  const mode = h("select", {id: "nd-mode"});
  // the movements the family allows; scorer mode where its deals can be entered by hand
  // (on real cards, where fixed pairs play, the Mitchell and Howell movements of travelling boards)
  const pairsHelp = h("p", {class: "help", id: "nd-pairs-help", text: dt("pairsHelp"), hidden: true});
  const fillMovement = () => {
    const modes = families[family.value].entry ? ["online", "scorer"] : ["online"];
    const chosen = mode.value, was = movement.value;
    mode.replaceChildren(...modes.map(m => h("option", {value: m, text: dt("mode_" + m), selected: m === chosen})));
    const kinds = [...families[family.value].movements];
    if (mode.value === "scorer" && kinds.includes("pairs")) kinds.push("mitchell", "howell");
    movement.replaceChildren(...kinds.map(m => h("option", {value: m, text: dt("mv_" + m), selected: m === was})));
    pairsHelp.hidden = !["mitchell", "howell"].includes(movement.value);
  };
  family.addEventListener("change", fillMovement);
  mode.addEventListener("change", fillMovement);
  movement.addEventListener("change", fillMovement);
  fillMovement();
  const num = (id, value, min, max) => h("input", {type: "number", id, value, min, max, inputmode: "numeric"});
  const rounds = num("nd-rounds", 3, 1, 23), deals = num("nd-deals", 4, 1, 24), minutes = num("nd-minutes", 20, 5, 180);
  const duplicate = h("input", {type: "checkbox", id: "nd-duplicate"});
  const rated = h("input", {type: "checkbox", id: "nd-rated", checked: true});
  const sitOut = h("input", {type: "checkbox", id: "nd-sitout"});
  const relay = h("input", {type: "checkbox", id: "nd-relay"});
  const rankBy = h("select", {id: "nd-rank"}, ["total", "margin", "matchpoints"].map(b => h("option", {value: b, text: dt("by_" + b)})));
  const name = h("input", {id: "nd-name", maxlength: 64, required: true});
  const starts = h("input", {type: "datetime-local", id: "nd-starts"});
  const form = h("form", {class: "card-box new-drive", "aria-labelledby": "nd-h", onsubmit: async e => {
    e.preventDefault();
    const body = {name: name.value.trim(), family: family.value, movement: movement.value, mode: mode.value,
                  duplicate: duplicate.checked, rounds: Number(rounds.value), deals: Number(deals.value),
                  round_minutes: Number(minutes.value), rated: rated.checked, rank_by: rankBy.value, sit_out: sitOut.checked,
                  relay: movement.value === "mitchell" && relay.checked};
    if (starts.value) body.starts_at = new Date(starts.value).getTime() / 1000;
    try {
      const d = await api("POST", "/api/drives", body);
      location.hash = `#drive/${d.id}`;
    } catch (err) {
      let box = form.querySelector(".error");
      if (!box) { box = h("p", {class: "error", role: "alert"}); form.append(box); }
      box.textContent = errText(err);
    }
  }},
    h("h2", {id: "nd-h", text: dt("newDrive")}),
    field("nd-name", dt("driveName"), name), field("nd-family", dt("family"), family),
    field("nd-mode", dt("mode"), mode), field("nd-movement", dt("movement"), movement), pairsHelp,
    h("label", {class: "check"}, duplicate, " ", dt("duplicate")),
    h("label", {class: "check"}, sitOut, " ", dt("sitOut")),
    h("label", {class: "check"}, relay, " ", dt("relayStand")),
    h("div", {class: "row"}, field("nd-rounds", dt("rounds"), rounds), field("nd-deals", dt("dealsPerRound"), deals),
      field("nd-minutes", dt("minutes"), minutes)),
    field("nd-rank", dt("rankBy"), rankBy), h("label", {class: "check"}, rated, " ", dt("rated")),
    field("nd-starts", dt("startsAt"), starts),
    h("button", {type: "submit", class: "primary", id: "nd-create", text: dt("createDrive")}));
  // a Mitchell or Howell is duplicate and ranked by matchpoints, without a sit-out: those choices go
  const pairsOnly = () => {
    const pairs = ["mitchell", "howell"].includes(movement.value);
    for (const x of [duplicate, sitOut, rankBy]) x.closest("label, .option").hidden = pairs;
    relay.closest("label").hidden = movement.value !== "mitchell";
  };
  for (const x of [family, mode, movement]) x.addEventListener("change", pairsOnly);
  pairsOnly();
  return h("section", {class: "lobby drives-page"},
    h("div", {class: "topline"}, h("a", {href: "#", class: "button", text: t("back")}), h("h2", {text: dt("drives")})),
    h("div", {class: "columns"},
      h("section", {class: "card-box", "aria-labelledby": "cal-h"}, h("h2", {id: "cal-h", text: dt("calendar")}), list,
        await boardsLink(h)),
      ctx.session.user?.guest ? null : form));
}

// --- a drive's page ------------------------------------------------------------------------------

function who(x) { return x.name ?? dt("computer"); }

function standingsTable(d, big = false) {
  const {h} = ctx;
  const st = d.standings;
  const rounds = Array.from({length: d.rounds}, (_, i) => i + 1);
  const mp = st.by === "matchpoints";
  return h("div", {class: "standings-box"}, pairsTables(d),
    h("table", {class: `standings${big ? " big" : ""}`, id: "standings"},
      h("caption", {text: dt("standings")}),
      h("thead", {}, h("tr", {}, h("th", {text: dt("place")}), h("th", {text: dt("player")}),
        big ? null : rounds.map(r => h("th", {class: "round", text: dt("roundN", {n: r})})),
        h("th", {text: dt("total")}), h("th", {text: dt("margin")}), mp ? h("th", {text: dt("matchpoints")}) : null,
        st.scaling ? h("th", {text: dt("scaled")}) : null)),
      h("tbody", {}, st.rows.map(r => h("tr", {"data-number": r.number, class: d.entries.find(e => e.number === r.number)?.you ? "you" : null},
        h("td", {text: r.place}), h("td", {}, r.user_id && !big ? h("a", {href: `#player/${r.user_id}`, text: r.name}) : r.name),
        big ? null : r.rounds.map(x => h("td", {class: "round", text: x})),
        h("td", {class: "total", text: r.total}), h("td", {text: r.margin}), mp ? h("td", {text: r.matchpoints}) : null,
        st.scaling ? h("td", {class: "scaled", text: r.scaled}) : null)))),
    h("p", {class: "help", text: dt("tieBreak", {rule: st.tie_break})}),
    st.scaling ? h("p", {class: "help", id: "scaled-rule", text: dt("scaledRule", {by: dt("by_" + st.by)})}) : null);
}

// Who won: the first in the standings; a Mitchell's or Howell's first pair (of each field).
function winnersOf(d) {
  const pairs = d.standings.pairs;
  if (pairs?.length) return pairs.filter(p => p.place === 1).map(p => `${p.field ? p.field + ": " : ""}${p.names.join(" & ")}`);
  return d.standings.rows.filter(r => r.place === 1).map(r => r.name);
}

// A Mitchell's or Howell's standings by pair: a table a field (a Mitchell's N-S and E-W pairs).
function pairsTables(d) {
  const {h} = ctx;
  const pairs = d.standings.pairs;
  if (!pairs?.length) return null;
  const fields = [...new Set(pairs.map(p => p.field))];
  const scaled = pairs.some(p => p.scaled !== null);
  return fields.map(f => h("table", {class: "standings pairs", "data-field": f ?? "all"},
    h("caption", {text: f ? dt("fieldStandings", {field: f}) : dt("pairStandings")}),
    h("thead", {}, h("tr", {}, [dt("place"), dt("pairWord"), dt("matchpoints"), ...(scaled ? [dt("scaled")] : [])].map(x => h("th", {text: x})))),
    h("tbody", {}, pairs.filter(p => p.field === f).map(p => h("tr", {"data-pair": p.pair_no},
      h("td", {text: p.place}), h("td", {text: `${p.pair_no}. ${p.names.join(" & ")}`}), h("td", {text: p.matchpoints}),
      scaled ? h("td", {text: p.scaled}) : null)))));
}

function cardBox(d) {
  const {h} = ctx;
  if (!d.card?.length) return null;
  return h("section", {class: "card-box wide", "aria-labelledby": "sc-card-h"}, h("div", {class: "standings-box"},
    h("table", {class: "standings score-card", id: "score-card"},
      h("caption", {id: "sc-card-h", text: dt("scoreCard")}),
      h("thead", {}, h("tr", {}, [dt("roundN", {n: ""}), dt("table"), dealWord(d), dt("partner"), dt("result"),
                                  dt("score"), dt("running")].map(x => h("th", {text: x})))),
      h("tbody", {}, d.card.map(r => h("tr", {}, h("td", {text: r.round}), h("td", {text: r.table}),
        h("td", {text: r.deal}), h("td", {text: r.partner ?? (r.computer_partner ? dt("computer") : "–")}), h("td", {text: r.detail}),
        h("td", {text: r.score}), h("td", {class: "total", text: r.running})))))));
}

// Boards as printed: 1-3 for a run, else by commas (a relay table's order).
function boardRange(b) {
  return b.length > 1 && b.every((x, i) => x === b[0] + i) ? `${b[0]}-${b[b.length - 1]}` : b.join(", ");
}

function tablesList(d) {
  const {h} = ctx;
  const shown = d.tables.filter(x => x.round === (d.round_no || 0) || d.state === "finished");
  const rows = shown.map(x => h("li", {"data-table": x.table, "data-round": x.round},
    h("strong", {text: `${dt("roundN", {n: x.round})} · ${dt("tableN", {n: x.table})}`}), " ",
    h("span", {class: "seats", text: x.seats.map(s => `${seatWord(s.seat, x.seats.length)}: ${who(s)}`).join(", ")}), " ",
    x.boards ? h("span", {class: "boards", text: dt("boardsN", {boards: boardRange(x.boards)})}) : null, x.boards ? " " : null,
    h("span", {class: "deals-done", text: dt(travels(d) ? "boardsDone" : "dealsDone", {n: x.deals_done, m: d.deals})}),
    x.table_id && d.mode === "online" ? h("a", {href: `#table/${x.table_id}`, class: "button", text: dt("open")}) : null));
  return h("section", {class: "card-box", "aria-labelledby": "tb-h"}, h("h2", {id: "tb-h", text: dt("tables")}),
    h("ul", {class: "tables", id: "drive-tables"}, rows));
}

// The seats at table ``number`` of the round being played (4 where it is not listed).
function sizeOf(d, number) {
  return d.tables.find(x => x.round === d.round_no && x.table === number)?.seats.length ?? 4;
}

function placeBox(d) {
  const {h} = ctx;
  const you = d.you;
  if (!you || !(d.state === "running" || d.state === "paused")) return null;
  const box = h("section", {class: "card-box your-place", id: "your-place", "aria-labelledby": "yp-h"},
    h("h2", {id: "yp-h", text: dt("yourPlace")}));
  if (!you.table) { box.append(h("p", {id: "sitting-out", text: dt("notPlaying")})); return box; }
  box.append(h("p", {class: "where"}, h("strong", {text: dt("tableN", {n: you.table})}), " · ",
    dt("seatAt", {seat: seatWord(you.seat, sizeOf(d, you.table))})));
  if (you.partner.length) box.append(h("p", {id: "your-partner", text: `${dt("partner")}: ${you.partner.map(who).join(", ")}`}));
  box.append(h("p", {id: "your-opponents", text: `${dt("opponents")}: ${you.opponents.map(who).join(", ")}`}));
  if (d.mode === "online" && you.table_id) {
    box.append(h("a", {href: `#table/${you.table_id}`, class: "button primary", id: "go-table", text: dt("goTable")}));
  } else if (d.mode === "scorer") {
    box.append(h("a", {href: `#scorer/${d.id}`, class: "button primary", id: "go-scorer", text: dt("enterResults")}));
  }
  return box;
}

function directorBox(d, act) {
  const {h, api} = ctx;
  if (!d.director) return null;
  const button = (id, text, path, body) => h("button", {type: "button", id, onclick: () => act(() => api("POST", `/api/drives/${d.id}/${path}`, body ?? {})), text});
  const box = h("section", {class: "card-box director", id: "director", "aria-labelledby": "dir-h"},
    h("h2", {id: "dir-h", text: dt("director")}));
  const row = h("div", {class: "row wrap"});
  if (d.state === "open") row.append(button("dr-start", dt("start"), "start"));
  if (d.state === "running") row.append(button("dr-pause", dt("pause"), "pause", {paused: true}));
  if (d.state === "paused") row.append(button("dr-resume", dt("resume"), "pause", {paused: false}));
  if (d.state === "running" || d.state === "paused") row.append(button("dr-end-round", dt("endRound"), "end-round"));
  box.append(row);
  const playing = d.entries.filter(e => e.left_round === null);
  if ((d.state === "running" || d.state === "paused") && playing.length) {
    const sel = h("select", {id: "dr-sub"}, playing.map(e => h("option", {value: e.number, text: `${e.number}. ${e.name}`})));
    box.append(h("div", {class: "row"}, h("label", {for: "dr-sub", text: dt("substitute")}), sel,
      h("button", {type: "button", id: "dr-replace", text: dt("replace"),
                   onclick: () => act(() => api("POST", `/api/drives/${d.id}/substitute`, {number: Number(sel.value)}))})));
  }
  if (d.state === "open" && d.entries.length) {           // before the start: an entry comes off the list
    const sel = h("select", {id: "dr-rm"}, d.entries.map(e => h("option", {value: e.number, text: `${e.number}. ${e.name}`})));
    box.append(h("div", {class: "row"}, h("label", {for: "dr-rm", text: dt("removeWho")}), sel,
      h("button", {type: "button", id: "dr-remove", text: dt("remove"),
                   onclick: () => act(() => api("POST", `/api/drives/${d.id}/remove`, {number: Number(sel.value)}))})));
  }
  if (d.state === "open" && d.entries.length >= 2 && ["mitchell", "howell"].includes(d.movement)) {
    // before the start of a pairs drive: two people made partners (one other pair changes)
    const pick = (sid, at) => h("select", {id: sid, "aria-label": dt("partnersWho")},
      d.entries.map((e, i) => h("option", {value: e.number, text: `${e.number}. ${e.name}`, selected: i === at ? "" : null})));
    const a = pick("dr-pa", 0), b = pick("dr-pb", 1);
    box.append(h("div", {class: "row wrap", id: "dr-partners"}, h("span", {text: dt("partnersWho")}), a,
      h("span", {text: dt("partnersAnd")}), b,
      h("button", {type: "button", id: "dr-pair", text: dt("makePartners"),
                   onclick: () => act(() => api("POST", `/api/drives/${d.id}/partners`, {numbers: [Number(a.value), Number(b.value)]}))})));
  }
  if (d.state === "open" && d.entries.length >= 2) {
    const pre = h("pre", {class: "movement", id: "movement"});
    api("GET", `/api/drives/${d.id}/movement`).then(text => { pre.textContent = text; }).catch(() => {});
    box.append(h("details", {}, h("summary", {text: dt("movementTitle")}), pre));
  }
  return box;
}

async function drivePage(id) {
  const {h, api, showStatus} = ctx;
  const root = h("section", {class: "drive-page", id: "drive-page", "data-drive": id});
  const act = async (fn) => {
    try { const d = await fn(); showStatus(""); render(d); } catch (err) { showStatus(errText(err)); }
  };
  const render = (d) => keepFocus(root, () => draw(d));
  const draw = (d) => {
    const mine = d.entries.find(e => e.you);
    const actions = h("div", {class: "row wrap actions"});
    if (d.state === "open" && !d.registered) actions.append(h("button", {type: "button", class: "primary", id: "dr-register", text: dt("register"),
      onclick: () => act(() => api("POST", `/api/drives/${id}/register`, {}))}));
    if (d.state === "open" && d.registered) actions.append(h("button", {type: "button", id: "dr-unregister", text: dt("unregister"),
      onclick: () => act(() => api("POST", `/api/drives/${id}/unregister`, {}))}));
    if ((d.state === "running" || d.state === "paused") && mine && mine.left_round === null) {
      actions.append(h("button", {type: "button", id: "dr-leave", text: dt("leave"),
        onclick: () => act(() => api("POST", `/api/drives/${id}/leave`, {}))}));
    }
    const winners = d.state === "finished" ? winnersOf(d) : [];
    const pairsDrive = ["mitchell", "howell"].includes(d.movement);   // the pairs: two by two, in order
    const entries = h("section", {class: "card-box", "aria-labelledby": "en-h"}, h("h2", {id: "en-h", text: `${dt("entries")} (${d.entries.length})`}),
      d.entries.length ? h("ol", {class: "entries", id: "drive-entries"}, d.entries.map(e => h("li", {class: e.you ? "you" : null},
        e.name, pairsDrive ? h("small", {class: "pair-of", text: ` · ${dt("pairWord")} ${Math.ceil(e.number / 2)}`}) : null,
        e.left_round !== null ? h("small", {text: ` (${dt("left")})`}) : null)))
        : h("p", {class: "empty", text: dt("noEntries")}),
      pairsDrive ? h("p", {class: "help", id: "pairs-rule", text: dt("pairsHelp")}) : null);
    const exports = h("div", {class: "row wrap exports"},
      h("a", {href: `/api/drives/${id}/results.csv`, class: "button", id: "dr-csv", download: `drive-${id}.csv`, text: dt("exportCsv")}),
      h("a", {href: `/api/drives/${id}/print?lang=${language()}`, class: "button", id: "dr-print", target: "_blank", rel: "noopener", text: dt("print")}),
      h("a", {href: `#hall/${id}`, class: "button", id: "dr-hall", text: dt("hall")}));
    fill(root,
      h("div", {class: "topline"}, h("a", {href: "#drives", class: "button", text: dt("drives")}),
        h("h2", {id: "drive-name", text: d.name}),
        h("p", {class: "whose", id: "drive-state", role: "status", text: stateLine(d)})),
      h("p", {class: "drive-meta", text: `${dt("mv_" + d.movement)} · ${dt("mode_" + d.mode).split(":")[0]} · ${dt("rounds")}: ${d.rounds} · ${dt(travels(d) ? "boardsPerRound" : "dealsPerRound")}: ${d.deals}${d.duplicate ? " · " + dt("duplicate").split(":")[0] : ""}${d.state === "open" ? " · " + when(d) : ""}`}),
      winners.length ? h("p", {class: "winner", id: "drive-winner", text: dt("winner", {names: winners.join(", ")})}) : null,
      actions,
      h("div", {class: "columns"}, placeBox(d), directorBox(d, act), entriesBox(d, act), correctBox(d, variant, act),
        correctionsBox(d), cardBox(d), movementBox(d),
        d.standings.rows.length && d.state !== "open" ? h("section", {class: "card-box wide"}, standingsTable(d), exports) : null,
        d.tables.length ? tablesList(d) : null, entries, handRecordsBox(d)));
  };
  const first = await api("GET", `/api/drives/${id}`);
  const variant = await declared(first.family);        // the correction's form is the family's
  render(first);
  every(2, root, async () => { if (!root.querySelector("select:focus, input:focus, textarea:focus")) render(await api("GET", `/api/drives/${id}`)); });
  return root;
}

// The drive's movement: the person's own rounds (table, seat, partner, opponents; the round
// being played marked) and every round's tables, his own seat marked; the rounds seated and
// those the movement plans (a progressive drive's later rounds follow the results).
let movementOpen = null;  // the whole movement shown or folded, as the person left it

function movementBox(d) {
  const {h} = ctx;
  const rounds = d.movement_rounds ?? [];
  if (!rounds.length) return null;
  const me = d.entries.find(e => e.you)?.number;
  const name = s => s.name ?? dt("computer");
  const seatOf = (t, s) => seatWord(s.seat, t.seats.length);
  const mine = me === undefined ? null : h("ol", {class: "my-rounds", id: "my-rounds"}, rounds.map(r => {
    const t = r.tables.find(x => x.seats.some(s => s.number === me));
    const li = h("li", {"data-round": r.round, class: r.round === d.round_no ? "current" : null});
    if (!t) { li.append(`${dt("roundN", {n: r.round})} · ${dt("sitsOut")}`); return li; }
    const s = t.seats.find(x => x.number === me);
    const mates = t.seats.filter(x => x !== s && x.side !== null && x.side === s.side);
    const others = t.seats.filter(x => x !== s && !mates.includes(x));
    li.append(h("strong", {text: `${dt("roundN", {n: r.round})} · ${dt("tableN", {n: t.table})} · ${seatOf(t, s)}`}),
      mates.length ? h("span", {class: "partner", text: ` · ${dt("partner")}: ${mates.map(name).join(", ")}`}) : null,
      h("span", {class: "against", text: ` · ${dt("against", {names: others.map(name).join(", ")})}`}));
    return li;
  }));
  const all = h("div", {class: "movement-rounds", id: "movement-rounds"}, rounds.map(r =>
    h("div", {class: `movement-round${r.round === d.round_no ? " current" : ""}`, "data-round": r.round},
      h("h3", {text: dt("roundOf", {n: r.round, m: d.rounds})}),
      h("ul", {}, r.tables.map(t => h("li", {"data-table": t.table}, h("strong", {text: dt("tableN", {n: t.table})}), " ",
        t.seats.map(s => h("span", {class: `sat${s.number !== null && s.number === me ? " you" : ""}`,
                                   text: `${s.seat} ${name(s)}`}))))))));
  return h("section", {class: "card-box wide movement-box", id: "movement-box", "aria-labelledby": "mv-h"},
    h("h2", {id: "mv-h", text: dt("movementTitle")}),
    mine ? h("h3", {text: dt("myRounds")}) : null, mine,
    h("details", {open: movementOpen ?? me === undefined, ontoggle: e => { movementOpen = e.target.open; }},
      h("summary", {text: dt("wholeMovement")}), all),
    h("a", {href: `/api/drives/${d.id}/cards?lang=${language()}`, class: "button", id: "dr-cards", target: "_blank",
            rel: "noopener", text: dt("printCards")}));
}

// The boards' hand records (duplicate drives, once a round is over everywhere): each board's
// hands and the double-dummy tricks per trump and seat, as the server gives them.
function handRecordsBox(d) {
  const {h} = ctx;
  if (!d.hand_records || !d.hand_records.length) return null;
  const seats = ["N", "E", "S", "W"];
  return h("section", {class: "card-box wide", id: "hand-records", "aria-labelledby": "hr-h"},
    h("h2", {id: "hr-h", text: dt("handRecords")}), h("p", {class: "help", text: dt("handRecordsHelp")}),
    d.hand_records.map(b => h("div", {class: "hand-record"},
      h("h3", {text: dt("boardN", {r: b.round, d: b.deal})}),
      h("ul", {class: "hands"}, seats.map((s, i) => h("li", {text: `${s}: ${b.hands[i]}`}))),
      b.tricks ? h("table", {class: "dd"},
        h("thead", {}, h("tr", {}, h("th", {text: dt("trumpCol")}), seats.map(s => h("th", {text: s})))),
        h("tbody", {}, Object.entries(b.tricks).map(([strain, row]) =>
          h("tr", {}, h("th", {text: strain}), row.map(n => h("td", {text: String(n)}))))))
        : h("p", {class: "empty", text: dt("working")}))));
}

// --- the hall screen -----------------------------------------------------------------------------

async function hallPage(id) {
  const {h, api} = ctx;
  const root = h("section", {class: "hall", id: "hall", "data-drive": id});
  const render = (d) => {
    const current = d.tables.filter(x => x.round === d.round_no);
    fill(root,
      h("h2", {class: "hall-title", text: d.name}),
      h("p", {class: "hall-state", id: "hall-state", text: stateLine(d)}),
      d.state === "finished" ? h("p", {class: "winner", text: dt("winner", {names: winnersOf(d).join(", ")})}) : null,
      standingsTable(d, true),
      current.length && d.state !== "finished" ? h("ul", {class: "hall-tables"}, current.map(x => h("li", {},
        h("strong", {text: dt("tableN", {n: x.table})}), " ", dt(travels(d) ? "boardsDone" : "dealsDone", {n: x.deals_done, m: d.deals})))) : null);
  };
  render(await api("GET", `/api/drives/${id}`));
  every(3, root, async () => render(await api("GET", `/api/drives/${id}`)));
  return root;
}

// The entry form the family's record declares (``v``: its variant; ``seats``: the table's, in
// seat order), its inputs' ids starting with ``prefix``: the fields and a function reading them.
function entryFields(v, seats, prefix) {
  const {h} = ctx;
  const fields = h("div", {class: "sc-fields"});
  const sum13 = (a, b) => { a.addEventListener("input", () => { if (a.value !== "") b.value = Math.max(0, 13 - Number(a.value)); }); };
  let read;
  const entry = v?.drive?.entry || {columns: [], contracts: []};   // the form the family's record declares
  if (entry.bids) {                   // each player's bid and tricks, in seat order
    const pairs = seats.map(st => {
      const bid = h("input", {type: "number", id: `${prefix}-bid-${st.seat}`, min: 0, max: 17, inputmode: "numeric", required: true});
      const took = h("input", {type: "number", id: `${prefix}-took-${st.seat}`, min: 0, max: 17, inputmode: "numeric", required: true});
      const name = `${seatWord(st.seat, seats.length)} (${who(st)})`;
      fields.append(h("fieldset", {class: "row exact-entry", "data-seat": st.seat}, h("legend", {text: name}),
        h("div", {}, h("label", {for: bid.id, text: dt("bidOf")}), bid),
        h("div", {}, h("label", {for: took.id, text: dt("tricksOf")}), took)));
      return [bid, took];
    });
    read = () => ({bids: pairs.map(([b]) => Number(b.value)), tricks: pairs.map(([, k]) => Number(k.value))});
  } else if (entry.contracts.length) {
    const contract = h("select", {id: `${prefix}-contract`}, entry.contracts.map(c => h("option", {value: c, text: c})));
    const decl = v.header.seats.map(s => h("label", {class: "check"}, h("input", {type: "checkbox", value: s, "data-seat": s}), " ", seatWord(s, v.header.seats.length)));
    const tricks = h("input", {id: `${prefix}-tricks`, inputmode: "numeric", placeholder: "9"});
    fields.append(h("label", {for: `${prefix}-contract`, text: dt("contract")}), contract,
      h("fieldset", {class: "declarers"}, h("legend", {text: dt("declarers")}), decl),
      h("label", {for: `${prefix}-tricks`, text: dt("declTricks")}), tricks);
    read = () => ({contract: contract.value, declarers: decl.map(l => l.querySelector("input")).filter(i => i.checked).map(i => i.value),
                   tricks: tricks.value.split(/[ ,;]+/).filter(Boolean).map(Number)});
  } else {
    const names = entry.columns.map(c => "tricks" + c);
    const a = h("input", {type: "number", id: `${prefix}-a`, min: 0, max: 13, inputmode: "numeric", required: true});
    const b = h("input", {type: "number", id: `${prefix}-b`, min: 0, max: 13, inputmode: "numeric", required: true});
    sum13(a, b);                      // the other side's tricks follow; the server checks what is sent
    fields.append(h("div", {class: "row"}, h("div", {}, h("label", {for: `${prefix}-a`, text: dt(names[0])}), a),
      h("div", {}, h("label", {for: `${prefix}-b`, text: dt(names[1])}), b)));
    read = () => ({tricks: [Number(a.value), Number(b.value)]});
  }
  return {fields, read};
}

// --- fair results: entries confirmed by the other side, the director's corrections and locks ---------

// a Mitchell's or Howell's duplicate boards travel: their words say "board", not "deal"
const travels = d => ["mitchell", "howell"].includes(d.movement);
const dealWord = d => dt(travels(d) ? "board" : "deal");
const where = (x, d) => `${dt("roundN", {n: x.round})} · ${dt("tableN", {n: x.table})} · ${dealWord(d)} ${x.deal}`;

// The entries at the caller's tables (every table for the director): each one's state, a button
// to confirm it for the other side, to lock or unlock it for the director.
function entriesBox(d, act) {
  const {h, api} = ctx;
  const rows = d.entry_states || [];            // this round's, and earlier ones still open
  if (!rows.length) return null;
  const post = (path, body) => act(() => api("POST", `/api/drives/${d.id}/${path}`, body));
  const key = x => ({round: x.round, table: x.table, deal: x.deal});
  return h("section", {class: "card-box", id: "entry-states", "aria-labelledby": "es-h"},
    h("h2", {id: "es-h", text: dt("entryStates")}),
    h("ul", {class: "entry-states"}, rows.map(x => h("li", {"data-round": x.round, "data-table": x.table, "data-deal": x.deal,
      "data-state": x.state, class: x.state},
      h("strong", {text: where(x, d)}), " ", x.detail, " · ",
      h("span", {class: "state", text: dt("es_" + x.state, {proposed: x.proposed ?? ""}) + (x.locked ? ` · ${dt("locked")}` : "")}),
      x.can_confirm ? h("button", {type: "button", class: "primary confirm", text: dt("confirm"), onclick: () => post("confirm", key(x))}) : null,
      d.director ? h("button", {type: "button", class: "lock", text: dt(x.locked ? "unlock" : "lock"),
                                onclick: () => post("lock", {...key(x), locked: !x.locked})}) : null))));
}

// The director's log of corrections and locks.
function correctionsBox(d) {
  const {h} = ctx;
  if (!d.director || !d.corrections?.length) return null;
  return h("section", {class: "card-box", id: "corrections", "aria-labelledby": "co-h"},
    h("h2", {id: "co-h", text: dt("corrections")}),
    h("ul", {class: "corrections"}, d.corrections.map(c => h("li", {},
      h("strong", {text: where(c, d)}), ` · ${dt("act_" + c.action)} · ${new Date(c.at * 1000).toLocaleString(language())}`,
      c.action === "correct" ? ` · ${c.before ?? "–"} → ${c.after}` : "", c.reason ? ` · ${c.reason}` : ""))));
}

// The director's form correcting a result of any round played, with a reason for the log.
function correctBox(d, v, act) {
  const {h, api} = ctx;
  if (!d.director || !d.round_no || !(d.mode === "scorer" || d.state === "finished")) return null;
  const roundSel = h("select", {id: "co-round"}, Array.from({length: d.round_no}, (_, i) => h("option", {value: i + 1, text: dt("roundN", {n: i + 1}), selected: i + 1 === d.round_no})));
  const tableSel = h("select", {id: "co-table"});
  const dealSel = h("select", {id: "co-deal"});
  const boardWord = d.tables.some(x => x.boards) ? dt("board") : dt("deal");   // a Mitchell's or Howell's boards
  const reason = h("input", {id: "co-reason", maxlength: 200, required: true});
  const slot = h("div", {});
  let read = () => ({});
  const tables = () => d.tables.filter(x => x.round === Number(roundSel.value));
  const refill = () => {
    const t = tables().find(x => String(x.table) === tableSel.value) || tables()[0];
    const made = entryFields(v, t?.seats || [], "co");
    read = made.read; slot.replaceChildren(made.fields);
    const deals = t?.boards ?? Array.from({length: d.deals}, (_, i) => i + 1);
    dealSel.replaceChildren(...deals.map(n => h("option", {value: n, text: `${boardWord} ${n}`})));
  };
  const fillTables = () => {
    tableSel.replaceChildren(...tables().map(x => h("option", {value: x.table, text: `${dt("tableN", {n: x.table})}: ${x.seats.map(who).join(", ")}`})));
    refill();
  };
  roundSel.addEventListener("change", fillTables);
  tableSel.addEventListener("change", refill);
  fillTables();
  return h("form", {class: "card-box", id: "co-form", onsubmit: e => {
    e.preventDefault();
    act(() => api("POST", `/api/drives/${d.id}/correct`, {round: Number(roundSel.value), table: Number(tableSel.value),
      deal: Number(dealSel.value), reason: reason.value.trim(), ...read()}));
  }},
    h("h2", {text: dt("correctTitle")}),
    h("label", {for: "co-round", text: dt("roundWord")}), roundSel, h("label", {for: "co-table", text: dt("table")}), tableSel,
    h("label", {for: "co-deal", text: boardWord}), dealSel, slot,
    h("label", {for: "co-reason", text: dt("reason")}), reason,
    h("button", {type: "submit", class: "primary", id: "co-save", text: dt("correct")}));
}

// --- scorer mode: a phone at a real table --------------------------------------------------------

async function scorerPage(id) {
  const {h, api} = ctx;
  const root = h("section", {class: "scorer", id: "scorer", "data-drive": id});
  const render = (d, v, note = "") => {
    const mine = d.tables.filter(x => x.round === d.round_no && x.can_enter);
    const tableSel = h("select", {id: "sc-table"}, mine.map(x => h("option", {value: x.table,
      text: `${dt("tableN", {n: x.table})}: ${x.seats.map(who).join(", ")}`, selected: d.you?.table === x.table})));
    const done = new Set(d.tables.filter(x => x.round === d.round_no).map(x => x.table));
    // a Mitchell's or Howell's table plays its boards (their numbers); other tables deals 1 to n
    const boardsOf = x => x?.boards ?? Array.from({length: d.deals}, (_, i) => i + 1);
    const word = mine.some(x => x.boards) ? dt("board") : dt("deal");
    const dealSel = h("select", {id: "sc-deal"});
    const fillDeals = () => {
      const x = d.tables.find(y => y.round === d.round_no && String(y.table) === tableSel.value);
      const boards = boardsOf(x || mine[0]);
      dealSel.replaceChildren(...boards.map(b => h("option", {value: b, text: `${word} ${b}`})));
      // the first board (deal) of the table without a result yet
      const entered = new Set((d.entry_states || []).filter(e => e.round === d.round_no && x && e.table === x.table).map(e => e.deal));
      if (x) dealSel.value = String(boards.find(b => !entered.has(b)) ?? boards[boards.length - 1]);
    };
    tableSel.addEventListener("change", fillDeals);
    fillDeals();
    const current = d.tables.find(x => x.round === d.round_no && String(x.table) === tableSel.value);
    const {fields, read} = entryFields(v, (current || mine[0])?.seats || [], "sc");
    const message = h("p", {class: note ? "saved" : "", id: "sc-note", role: "status", text: note});
    const form = h("form", {class: "card-box", id: "sc-form", onsubmit: async e => {
      e.preventDefault();
      try {
        const body = {table: Number(tableSel.value), deal: Number(dealSel.value), ...read()};
        const fresh = await api("POST", `/api/drives/${id}/results`, body);
        render(fresh, v, dt(mine.some(x => x.boards) ? "savedBoard" : "saved", {deal: body.deal, table: body.table}));
      } catch (err) {
        const size = (current || mine[0])?.seats.length;       // a seat named as the form names it
        if (err?.values?.seat && size) err.values = {...err.values, seat: seatWord(err.values.seat, size)};
        message.className = "error"; message.textContent = errText(err);
      }
    }},
      h("h2", {text: dt("scorer", {name: d.name})}),
      h("p", {class: "whose", text: stateLine(d)}),
      h("label", {for: "sc-table", text: dt("table")}), tableSel,
      h("label", {for: "sc-deal", text: word}), dealSel, fields,
      h("button", {type: "submit", class: "primary", id: "sc-save", text: dt("save"), disabled: !mine.length || d.state !== "running"}),
      message);
    const act = async fn => {
      try { render(await fn(), v); } catch (err) { message.className = "error"; message.textContent = errText(err); }
    };
    fill(root, h("div", {class: "topline"}, h("a", {href: `#drive/${id}`, class: "button", text: dt("drive")})),
      form, entriesBox(d, act), done.size ? tablesList(d) : null);
  };
  const d = await api("GET", `/api/drives/${id}`);
  render(d, await declared(d.family));
  return root;
}

// --- leaderboards and profiles ---------------------------------------------------------------------

async function ratingsPage(family) {
  const {h, api} = ctx;
  const rows = await api("GET", `/api/ratings/${encodeURIComponent(family)}`);
  const tabs = h("div", {class: "row wrap tabs"}, (await ratedFamilies()).map(f => h("a", {href: `#ratings/${f}`,
    class: `button${f === family ? " primary" : ""}`, "aria-current": f === family ? "page" : null, text: variantName(f)})));
  const table = rows.length ? h("table", {class: "standings", id: "leaderboard"},
    h("caption", {text: dt("leaderboard", {family: variantName(family)})}),
    h("thead", {}, h("tr", {}, [dt("place"), dt("player"), dt("rating"), dt("matches")].map(x => h("th", {text: x})))),
    h("tbody", {}, rows.map(r => h("tr", {}, h("td", {text: r.place}),
      h("td", {}, h("a", {href: `#player/${r.user_id}`, text: r.name})), h("td", {text: r.rating.toFixed(1)}),
      h("td", {text: r.matches})))))
    : h("p", {class: "empty", text: dt("noRatings")});
  return h("section", {class: "ratings-page"},
    h("div", {class: "topline"}, h("a", {href: "#", class: "button", text: t("back")}), h("h2", {text: dt("leaderboards")})),
    tabs, h("div", {class: "card-box wide"}, table));
}

async function playerPage(id) {
  const {h, api} = ctx;
  const p = await api("GET", `/api/players/${encodeURIComponent(id)}`);
  const ratings = p.ratings.length ? h("ul", {class: "tables", id: "player-ratings"}, p.ratings.map(r => h("li", {},
    h("strong", {text: variantName(r.family)}), ` ${dt("rating")} ${r.rating.toFixed(1)} (μ ${r.mu.toFixed(1)}, σ ${r.sigma.toFixed(1)}) · ${dt("matches")}: ${r.matches}`)))
    : h("p", {class: "empty", text: dt("noRatings")});
  const history = h("ol", {class: "history", id: "player-history"}, p.history.slice(0, 50).map(x => h("li", {},
    `${new Date(x.when * 1000).toLocaleString(language())} · ${variantName(x.family)} · μ ${x.before.toFixed(1)} → ${x.mu.toFixed(1)} `,
    x.record_id ? h("a", {href: `#replay/${x.record_id}`, text: t("replay")}) : null)));
  const drives = h("ul", {class: "tables", id: "player-drives"}, p.drives.map(x => h("li", {},
    h("a", {href: `#drive/${x.id}`, text: x.name}), ` · ${variantName(x.family)} · ${dt("st_" + x.state)}`)));
  return h("section", {class: "player-page"},
    h("div", {class: "topline"}, await boardsLink(h),
      h("h2", {id: "player-name", text: p.name})),
    h("div", {class: "columns"},
      h("section", {class: "card-box"}, h("h2", {text: dt("rating")}), ratings),
      h("section", {class: "card-box"}, h("h2", {text: dt("history")}), p.history.length ? history : h("p", {class: "empty", text: dt("noRatings")})),
      h("section", {class: "card-box"}, h("h2", {text: dt("playedDrives")}), drives)));
}

// The page for a route (#drives, #drive/ID, #hall/ID, #scorer/ID, #ratings/FAMILY, #player/ID).
export const ROUTES = ["drives", "drive", "hall", "scorer", "ratings", "player"];

export function page(what, arg) {
  stop();
  if (what === "drive" && arg) return drivePage(arg);
  if (what === "hall" && arg) return hallPage(arg);
  if (what === "scorer" && arg) return scorerPage(arg);
  if (what === "ratings") return ratedFamilies().then(rated => ratingsPage(arg || rated[0]));
  if (what === "player" && arg) return playerPage(arg);
  return drivesPage();
}

// The link from a drive's table back to its drive.
export function driveLink(h, driveId, id = "to-drive", primary = false) {
  return h("a", {href: `#drive/${driveId}`, class: primary ? "button primary" : "button", id, text: dt("drive")});
}
