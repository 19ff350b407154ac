// Every text the client shows, in English, Dutch, French, Danish and Romanian.
// t(key, {name: ...}) fills {name} in; card and call names come from cardName / callName.

export const LANGS = ["en", "nl", "fr", "da", "ro"];

const T = {
  en: {
    hint: "Hint", hintIs: "Hint: {card}", analysis: "Solver's verdict", costTrick: "cost a trick", costTricks: "cost {n} tricks", costContract: "cost the contract", bestPlay: "best play", bestWas: "best: {cards}", costlyN: "{n} cards played cost tricks or the contract (marked ✗).", noCostly: "Every card played was the solver's best.", anStock: "Only the play phase is analysed: the stock's draws are hidden.", anContract: "This contract is not analysed: several players each play on their own.", notAnalysed: "not analysed",
    seat_N: "North", seat_E: "East", seat_S: "South", seat_W: "West",
    title: "openwhist", language: "Language", welcome: "Whist in your browser: play against computer players or with friends.",
    guestTitle: "Play as a guest", nickname: "Nickname", playGuest: "Play as guest",
    accountTitle: "Your account", name: "Name", password: "Password", login: "Log in", register: "Register",
    logout: "Log out", quickPlay: "Quick play", quickPlayHelp: "A table with you and computer players, in one click.",
    newTable: "New table", variant: "Variant", preset: "Rules", botLevel: "Computer players", private: "Private table (invitation link)",
    create: "Create table", openTables: "Open tables", noTables: "No open tables at the moment.", refresh: "Refresh",
    join: "Join", watch: "Watch", seats: "Seats", open: "free", bot: "computer", invite: "Invitation link", copy: "Copy",
    yourTurn: "Your turn", turnOf: "{name} to play", waiting: "Waiting", lastTrick: "Last trick", hideLastTrick: "Hide last trick",
    noLastTrick: "No trick has been played yet.", tricks: "Tricks", us: "Us", them: "Them", score: "Score",
    scoreSheet: "Score sheet", deal: "Deal", dealer: "Dealer", trump: "Trump", noTrump: "No trump",
    turnUp: "Turned-up trump", stock: "Stock", faceUp: "Face-up card", cardsLeft: "{n} cards",
    calls: "Your call", callHistory: "Calls", dealOver: "Deal over: {us} {a} – {them} {b} tricks.", points: "Points",
    connLost: "Connection lost. Reconnecting…", back: "Lobby", you: "you", dummy: "Dummy", hand: "Your hand",
    handOf: "Hand of {name}", trick: "Current trick", wonBy: "won by {name}", matchOver: "Match over. A new one starts.",
    played: "{name} played {card}", card: "{rank} of {suit}", level_random: "Beginner", level_heuristic: "Good",
    level_pimc: "Strong", v_classic: "Classic whist", v_dummy: "Dummy whist", v_german: "German whist",
    v_belgian: "Belgian whist", phase_play: "Play", phase_stock: "Stock", phase_auction: "Auction", phase_over: "Over",
    refused: "Not allowed: {reason}", keys: "Keys: ← → choose a card, Enter plays it, L shows the last trick.",
    finished: "Your finished games", replay: "Replay", noGames: "No finished games yet.", invalid: "Please check: {reason}",
    tableOf: "Table {id}", defaultRules: "default",
    contract: "Contract", playedBy: "played by {names}", needs: "needs {n} tricks", needsExact: "exactly {n} tricks",
    players: "Players", auction: "Auction", noCalls: "No calls yet.", dummyYou: "you play it", length: "Length",
    fullMatch: "A whole match", oneDeal: "One deal", ruleOptions: "Rule options", yes: "yes", none: "none",
    replayTitle: "Replay", dealN: "Deal {n}", trickN: "Trick {n} of {m}", startPos: "The deal as dealt",
    first: "Start", prev: "Previous trick", next: "Next trick", last: "End", exportJson: "Export JSON",
    exportPbn: "Export PBN", pbnOnly4: "PBN holds four-hand deals only; export this game as JSON.",
    result: "Result", leader: "led by {name}",
    S: "spades", H: "hearts", D: "diamonds", C: "clubs",
    ranks: {A: "A", K: "K", Q: "Q", J: "J", T: "10"},
    rankNames: {A: "ace", K: "king", Q: "queen", J: "jack"},
    words: {pair: "pair", "small-misere": "small misère", small: "small", grand: "grand", piccolo: "piccolo",
            piccolissimo: "piccolissimo", "grand-misere": "grand misère", "open-misere": "open misère",
            soloslim: "solo slam", discard: "discard", trump: "trump", 
            pass: "pass", propose: "propose", accept: "accept", solo: "solo", take: "take", wait: "wait",
            abondance: "abondance", misere: "misère", troel: "troel", slim: "slam", alone: "alone", open: "open"},
  },
  nl: {
    hint: "Tip", hintIs: "Tip: {card}", analysis: "Oordeel van de solver", costTrick: "kostte een slag", costTricks: "kostte {n} slagen", costContract: "kostte het contract", bestPlay: "beste kaart", bestWas: "beste: {cards}", costlyN: "{n} gespeelde kaarten kostten slagen of het contract (gemerkt ✗).", noCostly: "Elke gespeelde kaart was de beste volgens de solver.", anStock: "Alleen het speelgedeelte wordt geanalyseerd: de trekkingen uit de stapel zijn verborgen.", anContract: "Dit contract wordt niet geanalyseerd: meerdere spelers spelen elk voor zich.", notAnalysed: "niet geanalyseerd",
    seat_N: "Noord", seat_E: "Oost", seat_S: "Zuid", seat_W: "West",
    title: "openwhist", language: "Taal", welcome: "Whist in je browser: speel tegen computerspelers of met vrienden.",
    guestTitle: "Speel als gast", nickname: "Bijnaam", playGuest: "Speel als gast",
    accountTitle: "Je account", name: "Naam", password: "Wachtwoord", login: "Aanmelden", register: "Registreren",
    logout: "Afmelden", quickPlay: "Snel spelen", quickPlayHelp: "Een tafel met jou en computerspelers, met één klik.",
    newTable: "Nieuwe tafel", variant: "Variant", preset: "Regels", botLevel: "Computerspelers", private: "Privétafel (uitnodigingslink)",
    create: "Tafel maken", openTables: "Open tafels", noTables: "Er zijn nu geen open tafels.", refresh: "Vernieuwen",
    join: "Aanschuiven", watch: "Kijken", seats: "Plaatsen", open: "vrij", bot: "computer", invite: "Uitnodigingslink", copy: "Kopiëren",
    yourTurn: "Jij bent aan de beurt", turnOf: "{name} is aan de beurt", waiting: "Even wachten", lastTrick: "Laatste slag",
    hideLastTrick: "Laatste slag verbergen", noLastTrick: "Er is nog geen slag gespeeld.", tricks: "Slagen", us: "Wij",
    them: "Zij", score: "Stand", scoreSheet: "Scoreblad", deal: "Spel", dealer: "Gever", trump: "Troef", noTrump: "Zonder troef",
    turnUp: "Omgedraaide troef", stock: "Stapel", faceUp: "Open kaart", cardsLeft: "{n} kaarten",
    calls: "Jouw bod", callHistory: "Biedingen", dealOver: "Spel voorbij: {us} {a} – {them} {b} slagen.", points: "Punten",
    connLost: "Verbinding verbroken. Opnieuw verbinden…", back: "Lobby", you: "jij", dummy: "Blinde", hand: "Jouw kaarten",
    handOf: "Kaarten van {name}", trick: "Huidige slag", wonBy: "gewonnen door {name}", matchOver: "Partij voorbij. Een nieuwe begint.",
    played: "{name} speelde {card}", card: "{suit} {rank}", level_random: "Beginner", level_heuristic: "Goed",
    level_pimc: "Sterk", v_classic: "Klassiek whist", v_dummy: "Whist met blinde", v_german: "Duits whist",
    v_belgian: "Belgisch whist", phase_play: "Spel", phase_stock: "Stapel", phase_auction: "Bieden", phase_over: "Voorbij",
    refused: "Niet toegestaan: {reason}", keys: "Toetsen: ← → kies een kaart, Enter speelt ze, L toont de laatste slag.",
    finished: "Je gespeelde partijen", replay: "Herbekijken", noGames: "Nog geen gespeelde partijen.", invalid: "Controleer: {reason}",
    tableOf: "Tafel {id}", defaultRules: "standaard",
    contract: "Contract", playedBy: "gespeeld door {names}", needs: "moet {n} slagen halen", needsExact: "precies {n} slagen",
    players: "Spelers", auction: "Bieden", noCalls: "Nog geen biedingen.", dummyYou: "jij speelt ze", length: "Duur",
    fullMatch: "Een hele partij", oneDeal: "Eén spel", ruleOptions: "Spelregels", yes: "ja", none: "geen",
    replayTitle: "Herbekijken", dealN: "Spel {n}", trickN: "Slag {n} van {m}", startPos: "Het spel zoals gedeeld",
    first: "Begin", prev: "Vorige slag", next: "Volgende slag", last: "Einde", exportJson: "JSON exporteren",
    exportPbn: "PBN exporteren", pbnOnly4: "PBN bevat enkel spellen met vier handen; exporteer dit spel als JSON.",
    result: "Uitslag", leader: "uitgekomen door {name}",
    S: "schoppen", H: "harten", D: "ruiten", C: "klaveren",
    ranks: {A: "A", K: "H", Q: "V", J: "B", T: "10"},
    rankNames: {A: "aas", K: "heer", Q: "vrouw", J: "boer"},
    words: {pair: "paar", "small-misere": "kleine miserie", small: "kleine", grand: "grote", piccolo: "piccolo",
            piccolissimo: "piccolissimo", "grand-misere": "grote miserie", "open-misere": "open miserie",
            soloslim: "solo slim", discard: "leg weg", trump: "troef", 
            pass: "pas", propose: "vragen", accept: "meegaan", solo: "solo", take: "neem", wait: "wachten",
            abondance: "abondance", misere: "miserie", troel: "troel", slim: "solo slim", alone: "alleen", open: "open"},
  },
  fr: {
    hint: "Conseil", hintIs: "Conseil : {card}", analysis: "Verdict du solveur", costTrick: "a coûté un pli", costTricks: "a coûté {n} plis", costContract: "a coûté le contrat", bestPlay: "meilleur coup", bestWas: "meilleur : {cards}", costlyN: "{n} cartes jouées ont coûté des plis ou le contrat (marquées ✗).", noCostly: "Chaque carte jouée était la meilleure selon le solveur.", anStock: "Seule la phase de jeu est analysée : les cartes tirées du talon sont cachées.", anContract: "Ce contrat n'est pas analysé : plusieurs joueurs jouent chacun pour soi.", notAnalysed: "non analysé",
    seat_N: "Nord", seat_E: "Est", seat_S: "Sud", seat_W: "Ouest",
    title: "openwhist", language: "Langue", welcome: "Le whist dans votre navigateur : jouez contre l'ordinateur ou entre amis.",
    guestTitle: "Jouer en invité", nickname: "Pseudo", playGuest: "Jouer en invité",
    accountTitle: "Votre compte", name: "Nom", password: "Mot de passe", login: "Se connecter", register: "Créer un compte",
    logout: "Se déconnecter", quickPlay: "Partie rapide", quickPlayHelp: "Une table avec vous et des joueurs virtuels, en un clic.",
    newTable: "Nouvelle table", variant: "Variante", preset: "Règles", botLevel: "Joueurs virtuels", private: "Table privée (lien d'invitation)",
    create: "Créer la table", openTables: "Tables ouvertes", noTables: "Aucune table ouverte pour le moment.", refresh: "Actualiser",
    join: "S'asseoir", watch: "Regarder", seats: "Places", open: "libre", bot: "ordinateur", invite: "Lien d'invitation", copy: "Copier",
    yourTurn: "À vous de jouer", turnOf: "À {name} de jouer", waiting: "Patientez", lastTrick: "Dernier pli",
    hideLastTrick: "Masquer le dernier pli", noLastTrick: "Aucun pli n'a encore été joué.", tricks: "Plis", us: "Nous",
    them: "Eux", score: "Score", scoreSheet: "Feuille de marque", deal: "Donne", dealer: "Donneur", trump: "Atout", noTrump: "Sans atout",
    turnUp: "Atout retourné", stock: "Talon", faceUp: "Carte visible", cardsLeft: "{n} cartes",
    calls: "Votre annonce", callHistory: "Annonces", dealOver: "Donne terminée : {us} {a} – {them} {b} plis.", points: "Points",
    connLost: "Connexion perdue. Reconnexion…", back: "Salon", you: "vous", dummy: "Mort", hand: "Votre main",
    handOf: "Main de {name}", trick: "Pli en cours", wonBy: "remporté par {name}", matchOver: "Partie terminée. Une nouvelle commence.",
    played: "{name} a joué {card}", card: "{rank} de {suit}", level_random: "Débutant", level_heuristic: "Bon",
    level_pimc: "Fort", v_classic: "Whist classique", v_dummy: "Whist à trois (mort)", v_german: "Whist allemand",
    v_belgian: "Whist belge", phase_play: "Jeu", phase_stock: "Talon", phase_auction: "Enchères", phase_over: "Terminé",
    refused: "Refusé : {reason}", keys: "Touches : ← → choisir une carte, Entrée la joue, L montre le dernier pli.",
    finished: "Vos parties terminées", replay: "Revoir", noGames: "Pas encore de partie terminée.", invalid: "Vérifiez : {reason}",
    tableOf: "Table {id}", defaultRules: "par défaut",
    contract: "Contrat", playedBy: "joué par {names}", needs: "doit faire {n} plis", needsExact: "exactement {n} plis",
    players: "Joueurs", auction: "Enchères", noCalls: "Pas encore d'annonce.", dummyYou: "vous la jouez", length: "Durée",
    fullMatch: "Une partie entière", oneDeal: "Une donne", ruleOptions: "Options de règles", yes: "oui", none: "aucune",
    replayTitle: "Revoir", dealN: "Donne {n}", trickN: "Pli {n} sur {m}", startPos: "La donne telle que distribuée",
    first: "Début", prev: "Pli précédent", next: "Pli suivant", last: "Fin", exportJson: "Exporter en JSON",
    exportPbn: "Exporter en PBN", pbnOnly4: "Le PBN ne contient que des donnes à quatre mains ; exportez cette partie en JSON.",
    result: "Résultat", leader: "entamé par {name}",
    S: "pique", H: "cœur", D: "carreau", C: "trèfle",
    ranks: {A: "A", K: "R", Q: "D", J: "V", T: "10"},
    rankNames: {A: "as", K: "roi", Q: "dame", J: "valet"},
    words: {pair: "paire", "small-misere": "petite misère", small: "petite", grand: "grande", piccolo: "piccolo",
            piccolissimo: "piccolissimo", "grand-misere": "grande misère", "open-misere": "misère ouverte",
            soloslim: "chelem solo", discard: "écarter", trump: "atout", 
            pass: "passe", propose: "proposer", accept: "accepter", solo: "solo", take: "prendre", wait: "attendre",
            abondance: "abondance", misere: "misère", troel: "trou", slim: "chelem", alone: "seul", open: "ouverte"},
  },
  da: {
    hint: "Tip", hintIs: "Tip: {card}", analysis: "Løserens dom", costTrick: "kostede et stik", costTricks: "kostede {n} stik", costContract: "kostede kontrakten", bestPlay: "bedste kort", bestWas: "bedst: {cards}", costlyN: "{n} spillede kort kostede stik eller kontrakten (mærket ✗).", noCostly: "Hvert spillet kort var løserens bedste.", anStock: "Kun spillefasen analyseres: trækkene fra bunken er skjulte.", anContract: "Denne kontrakt analyseres ikke: flere spillere spiller hver for sig.", notAnalysed: "ikke analyseret",
    seat_N: "Nord", seat_E: "Øst", seat_S: "Syd", seat_W: "Vest",
    title: "openwhist", language: "Sprog", welcome: "Whist i din browser: spil mod computeren eller med venner.",
    guestTitle: "Spil som gæst", nickname: "Kaldenavn", playGuest: "Spil som gæst",
    accountTitle: "Din konto", name: "Navn", password: "Adgangskode", login: "Log ind", register: "Opret konto",
    logout: "Log ud", quickPlay: "Hurtigt spil", quickPlayHelp: "Et bord med dig og computerspillere, med ét klik.",
    newTable: "Nyt bord", variant: "Variant", preset: "Regler", botLevel: "Computerspillere", private: "Privat bord (invitationslink)",
    create: "Opret bord", openTables: "Åbne borde", noTables: "Ingen åbne borde lige nu.", refresh: "Opdater",
    join: "Sæt dig", watch: "Se med", seats: "Pladser", open: "ledig", bot: "computer", invite: "Invitationslink", copy: "Kopiér",
    yourTurn: "Din tur", turnOf: "{name} skal spille", waiting: "Vent", lastTrick: "Sidste stik", hideLastTrick: "Skjul sidste stik",
    noLastTrick: "Der er ikke spillet noget stik endnu.", tricks: "Stik", us: "Vi", them: "De", score: "Stilling",
    scoreSheet: "Regnskab", deal: "Spil", dealer: "Giver", trump: "Trumf", noTrump: "Sans",
    turnUp: "Vendt trumf", stock: "Bunke", faceUp: "Åbent kort", cardsLeft: "{n} kort",
    calls: "Dit bud", callHistory: "Bud", dealOver: "Spillet er slut: {us} {a} – {them} {b} stik.", points: "Point",
    connLost: "Forbindelsen er afbrudt. Forbinder igen…", back: "Lobby", you: "dig", dummy: "Blind", hand: "Dine kort",
    handOf: "{name}s kort", trick: "Stikket", wonBy: "taget af {name}", matchOver: "Kampen er slut. En ny begynder.",
    played: "{name} spillede {card}", card: "{suit} {rank}", level_random: "Begynder", level_heuristic: "God",
    level_pimc: "Stærk", v_classic: "Klassisk whist", v_dummy: "Whist med blind", v_german: "Tysk whist",
    v_belgian: "Belgisk whist", phase_play: "Spil", phase_stock: "Bunke", phase_auction: "Melding", phase_over: "Slut",
    refused: "Ikke tilladt: {reason}", keys: "Taster: ← → vælg et kort, Enter spiller det, L viser sidste stik.",
    finished: "Dine færdige spil", replay: "Gennemse", noGames: "Ingen færdige spil endnu.", invalid: "Kontrollér: {reason}",
    tableOf: "Bord {id}", defaultRules: "standard",
    contract: "Kontrakt", playedBy: "spilles af {names}", needs: "skal have {n} stik", needsExact: "præcis {n} stik",
    players: "Spillere", auction: "Melding", noCalls: "Ingen bud endnu.", dummyYou: "du spiller den", length: "Længde",
    fullMatch: "En hel kamp", oneDeal: "Ét spil", ruleOptions: "Regelvalg", yes: "ja", none: "ingen",
    replayTitle: "Gennemse", dealN: "Spil {n}", trickN: "Stik {n} af {m}", startPos: "Spillet som givet",
    first: "Start", prev: "Forrige stik", next: "Næste stik", last: "Slut", exportJson: "Eksportér JSON",
    exportPbn: "Eksportér PBN", pbnOnly4: "PBN rummer kun spil med fire hænder; eksportér dette spil som JSON.",
    result: "Resultat", leader: "spillet ud af {name}",
    S: "spar", H: "hjerter", D: "ruder", C: "klør",
    ranks: {A: "E", K: "K", Q: "D", J: "B", T: "10"},
    rankNames: {A: "es", K: "konge", Q: "dame", J: "bonde"},
    words: {pair: "par", "small-misere": "lille misère", small: "lille", grand: "store", piccolo: "piccolo",
            piccolissimo: "piccolissimo", "grand-misere": "store misère", "open-misere": "åben misère",
            soloslim: "solo slem", discard: "læg af", trump: "trumf", 
            pass: "pas", propose: "foreslå", accept: "accepter", solo: "solo", take: "tag", wait: "vent",
            abondance: "abondance", misere: "misère", troel: "troel", slim: "slem", alone: "alene", open: "åben"},
  },
  ro: {
    hint: "Sugestie", hintIs: "Sugestie: {card}", analysis: "Verdictul rezolvitorului", costTrick: "a costat o levată", costTricks: "a costat {n} levate", costContract: "a costat contractul", bestPlay: "cea mai bună carte", bestWas: "cea mai bună: {cards}", costlyN: "{n} cărți jucate au costat levate sau contractul (marcate ✗).", noCostly: "Fiecare carte jucată a fost cea mai bună după rezolvitor.", anStock: "Se analizează doar faza de joc: cărțile trase din talon sunt ascunse.", anContract: "Acest contract nu se analizează: mai mulți jucători joacă fiecare pentru sine.", notAnalysed: "neanalizat",
    seat_N: "Nord", seat_E: "Est", seat_S: "Sud", seat_W: "Vest",
    title: "openwhist", language: "Limba", welcome: "Whist în browser: jucați cu calculatorul sau cu prietenii.",
    guestTitle: "Joc ca invitat", nickname: "Poreclă", playGuest: "Joacă ca invitat",
    accountTitle: "Contul dumneavoastră", name: "Nume", password: "Parolă", login: "Autentificare", register: "Înregistrare",
    logout: "Ieșire", quickPlay: "Joc rapid", quickPlayHelp: "O masă cu dumneavoastră și jucători virtuali, dintr-un clic.",
    newTable: "Masă nouă", variant: "Variantă", preset: "Reguli", botLevel: "Jucători virtuali", private: "Masă privată (link de invitație)",
    create: "Creează masa", openTables: "Mese deschise", noTables: "Nicio masă deschisă acum.", refresh: "Reîmprospătează",
    join: "Ia loc", watch: "Privește", seats: "Locuri", open: "liber", bot: "calculator", invite: "Link de invitație", copy: "Copiază",
    yourTurn: "Rândul dumneavoastră", turnOf: "Este rândul lui {name}", waiting: "Așteptați", lastTrick: "Ultima levată",
    hideLastTrick: "Ascunde ultima levată", noLastTrick: "Nu s-a jucat încă nicio levată.", tricks: "Levate", us: "Noi",
    them: "Ei", score: "Scor", scoreSheet: "Foaia de scor", deal: "Mâna", dealer: "Cel care împarte", trump: "Atu", noTrump: "Fără atu",
    turnUp: "Atu întors", stock: "Teanc", faceUp: "Carte la vedere", cardsLeft: "{n} cărți",
    calls: "Licitația dumneavoastră", callHistory: "Licitații", dealOver: "Mâna s-a încheiat: {us} {a} – {them} {b} levate.", points: "Puncte",
    connLost: "Conexiunea s-a pierdut. Se reconectează…", back: "Salon", you: "dvs.", dummy: "Mort", hand: "Cărțile dumneavoastră",
    handOf: "Cărțile lui {name}", trick: "Levata curentă", wonBy: "câștigată de {name}", matchOver: "Partida s-a încheiat. Începe alta.",
    played: "{name} a jucat {card}", card: "{rank} de {suit}", level_random: "Începător", level_heuristic: "Bun",
    level_pimc: "Puternic", v_classic: "Whist clasic", v_dummy: "Whist cu mort", v_german: "Whist german",
    v_belgian: "Whist belgian", phase_play: "Joc", phase_stock: "Teanc", phase_auction: "Licitație", phase_over: "Încheiat",
    refused: "Nepermis: {reason}", keys: "Taste: ← → alegeți o carte, Enter o joacă, L arată ultima levată.",
    finished: "Partidele dumneavoastră terminate", replay: "Revedeți", noGames: "Încă nicio partidă terminată.", invalid: "Verificați: {reason}",
    tableOf: "Masa {id}", defaultRules: "implicite",
    contract: "Contract", playedBy: "jucat de {names}", needs: "trebuie {n} levate", needsExact: "exact {n} levate",
    players: "Jucători", auction: "Licitație", noCalls: "Încă nicio licitație.", dummyYou: "o jucați dvs.", length: "Durata",
    fullMatch: "O partidă întreagă", oneDeal: "O singură mână", ruleOptions: "Opțiuni de reguli", yes: "da", none: "niciuna",
    replayTitle: "Revedeți", dealN: "Mâna {n}", trickN: "Levata {n} din {m}", startPos: "Mâna așa cum a fost împărțită",
    first: "Început", prev: "Levata anterioară", next: "Levata următoare", last: "Sfârșit", exportJson: "Export JSON",
    exportPbn: "Export PBN", pbnOnly4: "PBN cuprinde doar mâini cu patru jucători; exportați acest joc ca JSON.",
    result: "Rezultat", leader: "deschisă de {name}",
    S: "pică", H: "cupă", D: "caro", C: "treflă",
    ranks: {A: "A", K: "R", Q: "D", J: "V", T: "10"},
    rankNames: {A: "as", K: "rege", Q: "damă", J: "valet"},
    words: {pair: "pereche", "small-misere": "mizerie mică", small: "mică", grand: "mare", piccolo: "piccolo",
            piccolissimo: "piccolissimo", "grand-misere": "mizerie mare", "open-misere": "mizerie deschisă",
            soloslim: "șlem solo", discard: "aruncă", trump: "atu", 
            pass: "pas", propose: "propun", accept: "accept", solo: "solo", take: "ia", wait: "aștept",
            abondance: "abondanță", misere: "mizerie", troel: "troel", slim: "șlem", alone: "singur", open: "deschis"},
  },
};

export const SUIT_SYMBOL = {S: "♠", H: "♥", D: "♦", C: "♣"};
const SUIT_WORDS = {spades: "S", hearts: "H", diamonds: "D", clubs: "C"};

let lang = "en";

export function pickLanguage(stored, browser) {
  if (stored && LANGS.includes(stored)) return stored;
  for (const l of browser || []) {
    const base = String(l).toLowerCase().slice(0, 2);
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

export function setLanguage(l) { lang = LANGS.includes(l) ? l : "en"; }
export function language() { return lang; }

export function t(key, vars = {}) {
  const table = T[lang];
  let text = table[key] ?? T.en[key] ?? key;
  for (const [k, v] of Object.entries(vars)) text = text.replaceAll(`{${k}}`, v);
  return text;
}

// "QH" -> {rank: "Q", suit: "H"}; null if the text is not a card.
export function parseCard(text) {
  const m = /^([2-9TJQKA])([SHDC])$/.exec(text);
  return m ? {rank: m[1], suit: m[2]} : null;
}

export function rankLabel(rank) { return T[lang].ranks[rank] ?? rank; }
export function suitName(suit) { return t(suit); }

// Short form with the suit's symbol ("V♥" in Dutch), and the long form for screen readers.
export function cardShort(text) {
  const c = parseCard(text);
  return c ? rankLabel(c.rank) + SUIT_SYMBOL[c.suit] : text;
}

export function cardName(text) {
  const c = parseCard(text);
  if (!c) return text;
  const rank = T[lang].rankNames[c.rank] ?? rankLabel(c.rank);
  return t("card", {rank, suit: suitName(c.suit)});
}

// A call's text ("propose hearts", "take AH", "solo 6 spades") in the chosen language,
// word by word: cards and suits by name, known words translated, anything else as it is.
export function callName(text) {
  return String(text).split(/\s+/).map(word => {
    if (parseCard(word)) return cardShort(word);
    if (SUIT_WORDS[word]) return suitName(SUIT_WORDS[word]);
    const w = T[lang].words[word] ?? T.en.words[word];
    return w ?? word;
  }).join(" ");
}

// True if every word of a call has its translation in the chosen language (numbers, suits
// and cards need none).
export function callWordsKnown(text) {
  return String(text).split(/\s+/).every(word => /^\d+$/.test(word) || parseCard(word) || SUIT_WORDS[word]
    || Object.hasOwn(T[lang].words, word));
}

export function actionName(text) { return parseCard(text) ? cardName(text) : callName(text); }

export function trumpName(trump) {
  if (!trump) return t("noTrump");
  const s = trump.length === 1 ? trump : SUIT_WORDS[trump] ?? trump;
  return SUIT_SYMBOL[s] ? `${SUIT_SYMBOL[s]} ${suitName(s)}` : trump;
}

export function variantName(name) {
  const key = `v_${name}`;
  const v = t(key);
  return v === key ? name : v;
}
