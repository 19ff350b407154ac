// Every text the client shows, in English, Dutch, French, Danish and Romanian.
// t(key, {name: ...}) fills {name} in; card and call names come from cardName / callName.

export const LANGS = ["en", "nl", "fr", "da", "ro"];

const T = {
  en: {
    troelBy: "{name} has troel (three aces): bid above troel or pass; if all pass, troel is played.", troelBy4: "{name} has troel (three or four aces): bid above troel or pass; if all pass, troel is played.", highBid: "Highest bid: {bid}, by {names}", highBidNone: "Highest bid: {bid}", proposalOpen: "{name} proposes {suit} and waits for a partner", waitingBy: "Waiting (ik wacht): {names}", multiplied: "Everyone passed last deal: this deal counts ×{n}", declarers: "Declarers", defenders: "Opponents",
    hint: "Hint", hintIs: "Hint: {card}", analysis: "Solver's verdict", costTrick: "cost a trick", costTricks: "cost {n} tricks", costContract: "cost the contract", bestPlay: "best play", bestWas: "best: {cards}", costlyN: "{n} cards played cost tricks or the contract (marked ✗).", noCostly: "Every card played was the solver's best.", anStock: "Only the play phase is analysed: the stock's draws are hidden.", anContract: "This contract is not analysed: several players each play on their own.", notAnalysed: "not analysed",
    seat_N: "North", seat_E: "East", seat_S: "South", seat_W: "West",
    title: "openwhist", language: "Language", welcome: "Whist in your browser: play against computer players or with friends.",
    guestTitle: "Play as a guest", nickname: "Nickname", playGuest: "Play as guest",
    accountTitle: "Your account", name: "Name", password: "Password", login: "Log in", register: "Register",
    logout: "Log out", quickPlay: "Quick play", quickPlayHelp: "A table with you and computer players, in one click.",
    newTable: "New table", variant: "Variant", preset: "Rules", botLevel: "Computer players", private: "Private table (invitation link)",
    create: "Create table", openTables: "Open tables", noTables: "No open tables at the moment.", refresh: "Refresh",
    join: "Join", watch: "Watch", seats: "Seats", open: "free", bot: "computer", guest: "guest", invite: "Invitation link", copy: "Copy",
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
            abondance: "abondance", misere: "misère", troel: "troel", slim: "slam", alone: "alone", open: "open", "passe-parole": "passe parole"},
  },
  nl: {
    troelBy: "{name} heeft troel (drie azen): bied boven troel of pas; past iedereen, dan wordt troel gespeeld.", troelBy4: "{name} heeft troel (drie of vier azen): bied boven troel of pas; past iedereen, dan wordt troel gespeeld.", highBid: "Hoogste bod: {bid}, van {names}", highBidNone: "Hoogste bod: {bid}", proposalOpen: "{name} vraagt {suit} en wacht op een partner", waitingBy: "Ik wacht: {names}", multiplied: "Vorig spel paste iedereen: dit spel telt ×{n}", declarers: "Spelers", defenders: "Tegenspelers",
    hint: "Tip", hintIs: "Tip: {card}", analysis: "Oordeel van de solver", costTrick: "kostte een slag", costTricks: "kostte {n} slagen", costContract: "kostte het contract", bestPlay: "beste kaart", bestWas: "beste: {cards}", costlyN: "{n} gespeelde kaarten kostten slagen of het contract (gemerkt ✗).", noCostly: "Elke gespeelde kaart was de beste volgens de solver.", anStock: "Alleen het speelgedeelte wordt geanalyseerd: de trekkingen uit de stapel zijn verborgen.", anContract: "Dit contract wordt niet geanalyseerd: meerdere spelers spelen elk voor zich.", notAnalysed: "niet geanalyseerd",
    seat_N: "Noord", seat_E: "Oost", seat_S: "Zuid", seat_W: "West",
    title: "openwhist", language: "Taal", welcome: "Whist in je browser: speel tegen computerspelers of met vrienden.",
    guestTitle: "Speel als gast", nickname: "Bijnaam", playGuest: "Speel als gast",
    accountTitle: "Je account", name: "Naam", password: "Wachtwoord", login: "Aanmelden", register: "Registreren",
    logout: "Afmelden", quickPlay: "Snel spelen", quickPlayHelp: "Een tafel met jou en computerspelers, met één klik.",
    newTable: "Nieuwe tafel", variant: "Variant", preset: "Regels", botLevel: "Computerspelers", private: "Privétafel (uitnodigingslink)",
    create: "Tafel maken", openTables: "Open tafels", noTables: "Er zijn nu geen open tafels.", refresh: "Vernieuwen",
    join: "Aanschuiven", watch: "Kijken", seats: "Plaatsen", open: "vrij", bot: "computer", guest: "gast", invite: "Uitnodigingslink", copy: "Kopiëren",
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
            abondance: "abondance", misere: "miserie", troel: "troel", slim: "solo slim", alone: "alleen", open: "open", "passe-parole": "passe parole"},
  },
  fr: {
    troelBy: "{name} a le troel (trois as) : enchérissez au-dessus du troel ou passez ; si tous passent, le troel est joué.", troelBy4: "{name} a le troel (trois ou quatre as) : enchérissez au-dessus du troel ou passez ; si tous passent, le troel est joué.", highBid: "Enchère la plus haute : {bid}, par {names}", highBidNone: "Enchère la plus haute : {bid}", proposalOpen: "{name} propose {suit} et attend un partenaire", waitingBy: "Attend (ik wacht) : {names}", multiplied: "Tous ont passé à la donne précédente : cette donne compte ×{n}", declarers: "Déclarants", defenders: "Adversaires",
    hint: "Conseil", hintIs: "Conseil : {card}", analysis: "Verdict du solveur", costTrick: "a coûté un pli", costTricks: "a coûté {n} plis", costContract: "a coûté le contrat", bestPlay: "meilleur coup", bestWas: "meilleur : {cards}", costlyN: "{n} cartes jouées ont coûté des plis ou le contrat (marquées ✗).", noCostly: "Chaque carte jouée était la meilleure selon le solveur.", anStock: "Seule la phase de jeu est analysée : les cartes tirées du talon sont cachées.", anContract: "Ce contrat n'est pas analysé : plusieurs joueurs jouent chacun pour soi.", notAnalysed: "non analysé",
    seat_N: "Nord", seat_E: "Est", seat_S: "Sud", seat_W: "Ouest",
    title: "openwhist", language: "Langue", welcome: "Le whist dans votre navigateur : jouez contre l'ordinateur ou entre amis.",
    guestTitle: "Jouer en invité", nickname: "Pseudo", playGuest: "Jouer en invité",
    accountTitle: "Votre compte", name: "Nom", password: "Mot de passe", login: "Se connecter", register: "Créer un compte",
    logout: "Se déconnecter", quickPlay: "Partie rapide", quickPlayHelp: "Une table avec vous et des joueurs virtuels, en un clic.",
    newTable: "Nouvelle table", variant: "Variante", preset: "Règles", botLevel: "Joueurs virtuels", private: "Table privée (lien d'invitation)",
    create: "Créer la table", openTables: "Tables ouvertes", noTables: "Aucune table ouverte pour le moment.", refresh: "Actualiser",
    join: "S'asseoir", watch: "Regarder", seats: "Places", open: "libre", bot: "ordinateur", guest: "invité", invite: "Lien d'invitation", copy: "Copier",
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
            abondance: "abondance", misere: "misère", troel: "trou", slim: "chelem", alone: "seul", open: "ouverte", "passe-parole": "passe parole"},
  },
  da: {
    troelBy: "{name} har troel (tre esser): byd over troel eller meld pas; melder alle pas, spilles troel.", troelBy4: "{name} har troel (tre eller fire esser): byd over troel eller meld pas; melder alle pas, spilles troel.", highBid: "Højeste bud: {bid}, af {names}", highBidNone: "Højeste bud: {bid}", proposalOpen: "{name} foreslår {suit} og venter på en makker", waitingBy: "Venter (ik wacht): {names}", multiplied: "Alle meldte pas i sidste spil: dette spil tæller ×{n}", declarers: "Spilførere", defenders: "Modspillere",
    hint: "Tip", hintIs: "Tip: {card}", analysis: "Løserens dom", costTrick: "kostede et stik", costTricks: "kostede {n} stik", costContract: "kostede kontrakten", bestPlay: "bedste kort", bestWas: "bedst: {cards}", costlyN: "{n} spillede kort kostede stik eller kontrakten (mærket ✗).", noCostly: "Hvert spillet kort var løserens bedste.", anStock: "Kun spillefasen analyseres: trækkene fra bunken er skjulte.", anContract: "Denne kontrakt analyseres ikke: flere spillere spiller hver for sig.", notAnalysed: "ikke analyseret",
    seat_N: "Nord", seat_E: "Øst", seat_S: "Syd", seat_W: "Vest",
    title: "openwhist", language: "Sprog", welcome: "Whist i din browser: spil mod computeren eller med venner.",
    guestTitle: "Spil som gæst", nickname: "Kaldenavn", playGuest: "Spil som gæst",
    accountTitle: "Din konto", name: "Navn", password: "Adgangskode", login: "Log ind", register: "Opret konto",
    logout: "Log ud", quickPlay: "Hurtigt spil", quickPlayHelp: "Et bord med dig og computerspillere, med ét klik.",
    newTable: "Nyt bord", variant: "Variant", preset: "Regler", botLevel: "Computerspillere", private: "Privat bord (invitationslink)",
    create: "Opret bord", openTables: "Åbne borde", noTables: "Ingen åbne borde lige nu.", refresh: "Opdater",
    join: "Sæt dig", watch: "Se med", seats: "Pladser", open: "ledig", bot: "computer", guest: "gæst", invite: "Invitationslink", copy: "Kopiér",
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
            abondance: "abondance", misere: "misère", troel: "troel", slim: "slem", alone: "alene", open: "åben", "passe-parole": "passe parole"},
  },
  ro: {
    troelBy: "{name} are troel (trei ași): licitați peste troel sau pas; dacă toți pasează, se joacă troel.", troelBy4: "{name} are troel (trei sau patru ași): licitați peste troel sau pas; dacă toți pasează, se joacă troel.", highBid: "Cea mai mare licitație: {bid}, de {names}", highBidNone: "Cea mai mare licitație: {bid}", proposalOpen: "{name} propune {suit} și așteaptă un partener", waitingBy: "Așteaptă (ik wacht): {names}", multiplied: "Toți au pasat la mâna trecută: această mână contează ×{n}", declarers: "Declaranți", defenders: "Adversari",
    hint: "Sugestie", hintIs: "Sugestie: {card}", analysis: "Verdictul rezolvitorului", costTrick: "a costat o levată", costTricks: "a costat {n} levate", costContract: "a costat contractul", bestPlay: "cea mai bună carte", bestWas: "cea mai bună: {cards}", costlyN: "{n} cărți jucate au costat levate sau contractul (marcate ✗).", noCostly: "Fiecare carte jucată a fost cea mai bună după rezolvitor.", anStock: "Se analizează doar faza de joc: cărțile trase din talon sunt ascunse.", anContract: "Acest contract nu se analizează: mai mulți jucători joacă fiecare pentru sine.", notAnalysed: "neanalizat",
    seat_N: "Nord", seat_E: "Est", seat_S: "Sud", seat_W: "Vest",
    title: "openwhist", language: "Limba", welcome: "Whist în browser: jucați cu calculatorul sau cu prietenii.",
    guestTitle: "Joc ca invitat", nickname: "Poreclă", playGuest: "Joacă ca invitat",
    accountTitle: "Contul dumneavoastră", name: "Nume", password: "Parolă", login: "Autentificare", register: "Înregistrare",
    logout: "Ieșire", quickPlay: "Joc rapid", quickPlayHelp: "O masă cu dumneavoastră și jucători virtuali, dintr-un clic.",
    newTable: "Masă nouă", variant: "Variantă", preset: "Reguli", botLevel: "Jucători virtuali", private: "Masă privată (link de invitație)",
    create: "Creează masa", openTables: "Mese deschise", noTables: "Nicio masă deschisă acum.", refresh: "Reîmprospătează",
    join: "Ia loc", watch: "Privește", seats: "Locuri", open: "liber", bot: "calculator", guest: "invitat", invite: "Link de invitație", copy: "Copiază",
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
            abondance: "abondanță", misere: "mizerie", troel: "troel", slim: "șlem", alone: "singur", open: "deschis", "passe-parole": "passe parole"},
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

// The create-table form's rule options: per option [label, help, {choice: text}], by the
// option's name ("variant.name" where a variant's option differs from another's of that name).
const OPTS = {
  en: {
    trump: ["Trump", "How trump is chosen.", {"turn-up": "dealer's last card turned up", none: "no trump"}],
    honours: ["Score honours", "A K Q J of trumps held as dealt: all four on one side score 4, three score 2."],
    target: ["Points for a game", "5 in short whist, 10 in long whist, 7 in American whist."],
    honours_barred_one_short: ["No honours one point short of game", "A side one point short of game when the deal starts cannot score honours."],
    slam_bonus: ["Slam bonus", "Extra points for a side that takes all 13 tricks."],
    game_values: ["Value of a game", "By the laws: 3, 2 or 1 by the losers' score; by points: the points scored in it.",
                  {laws: "by the laws (3, 2 or 1)", points: "points scored"}],
    single_from: ["Single game from", "The losers' score from which a game is worth 1 (empty: half the target, rounded up)."],
    rubber_bonus: ["Rubber bonus", "Points added for winning a rubber."],
    rubber_bonus_rule: ["Rubber bonus when", "", {always: "always (2–0 or 2–1)", "two-nil": "only for 2–0"}],
    revokes: ["Revokes", "Refuse a card that does not follow suit, or allow it and penalise it when the deal ends.",
              {refuse: "refused", penalty: "penalised"}],
    revoke_penalty: ["Revoke penalty", "Per revoke: take 3 tricks, add 3 points, deduct 3 points, or whichever is best for the other side.",
                     {best: "best for the other side", tricks: "3 tricks", points: "3 points added", deduct: "3 points deducted"}],
    dummy: ["Dummy hand", "The hand laid open and played by the partner opposite (dummy whist for three); empty for four players."],
    scoring: ["Scoring", "seed 001: all 26 tricks count; standard: most of the 13 tricks of the play phase wins the hand; Meggiesoft: a point per trick of the play phase.",
              {"seed-001": "seed 001", standard: "standard", meggiesoft: "Meggiesoft"}],
    "german.trump": ["Trump", "The stock's first face-up card fixes trump.", {"turn-up": "first card of the stock", none: "no trump"}],
    face_up: ["Face-up stock cards", "1 as usual; 2 or more: an open stock, the winner chooses; 0: blind draws (no trump only)."],
    race: ["Race to", "The hand ends as soon as a player has won this many tricks that count; empty: play every trick."],
    best_of: ["Best of (hands)", "A match is the best of this many hands."],
    match_target: ["Match target", "Meggiesoft scoring: the points that win the match."],
    target_raise: ["Target raise", "Meggiesoft scoring: how much the target rises when both reach it in the same hand."],
    grid: ["Points grid", "freewhist, whisthub, or a club's own grid as TOML text."],
    troel: ["Troel", "Troel with exactly three aces only, or with four as well.",
            {"three-aces": "three aces", "three-or-four-aces": "three or four aces"}],
    deal_pattern: ["Deal in packets of", "Cards dealt round the table: 4-5-4 (FreeWhist) or 4-4-5 (Whisthub)."],
    shuffle: ["Shuffle before each deal", "Off: the previous deal's cards, gathered trick by trick, are only cut."],
    wait: ["“Wait” allowed", "The first to speak may wait, and later only accept."],
    first_turn_only: ["Abondance and solo slam on the first turn only", ""],
    open_misere: ["Open misère laid open", "When the hand of an open misère is laid face up.",
                  {"after-bidding": "after the bidding", "after-first-trick": "after the first trick"}],
    piccolissimo: ["Piccolissimo", "Offer piccolissimo (exactly two tricks); the grid must list it."],
    early_stop: ["Stop early", "The play stops as soon as the points can no longer change."],
    all_pass: ["When all pass", "The same dealer deals again; with “doubled”, that deal's points count double.",
               {redeal: "deal again", "redeal-double": "deal again, points doubled"}],
    passe_parole: ["“Passe parole” allowed", "The player who joined a pair may hand the word to the proposer when the pair must bid 11 tricks or more (Whisthub)."],
    solo_suit: ["Solo in", "", {any: "any suit (FreeWhist)", proposed: "a suit the player proposed (Whisthub)"}],
    asks_per_suit: ["Proposals per suit", "How often a player may propose the same suit in one deal; 0: no limit (Whisthub: 2)."],
    bound_suit: ["Bound to a suit", "A player bound to a suit (solo, an accepted pair, left alone) bids further only in that suit, and no misère or piccolo (Whisthub)."],
    referee: ["Referee", "A game above troel that a check of the hand (quick tricks, high-card points for misères) refuses may not be bid (FreeWhist)."],
  },
  nl: {
    trump: ["Troef", "Hoe de troef bepaald wordt.", {"turn-up": "laatste kaart van de gever omgedraaid", none: "zonder troef"}],
    honours: ["Honneurs tellen", "A H V B van troef zoals gedeeld: alle vier bij één kant tellen 4, drie tellen 2."],
    target: ["Punten voor een manche", "5 bij kort whist, 10 bij lang whist, 7 bij Amerikaans whist."],
    honours_barred_one_short: ["Geen honneurs op één punt van de manche", "Een kant die bij het begin van het spel één punt van de manche af is, telt geen honneurs."],
    slam_bonus: ["Bonus voor alle slagen", "Extra punten voor een kant die alle 13 slagen haalt."],
    game_values: ["Waarde van een manche", "Volgens de regels: 3, 2 of 1 naar de stand van de verliezers; in punten: de punten die erin gescoord zijn.",
                  {laws: "volgens de regels (3, 2 of 1)", points: "gescoorde punten"}],
    single_from: ["Enkele manche vanaf", "De stand van de verliezers vanaf waar een manche 1 waard is (leeg: de helft van het doel, naar boven afgerond)."],
    rubber_bonus: ["Robberbonus", "Punten erbij voor het winnen van een robber."],
    rubber_bonus_rule: ["Robberbonus wanneer", "", {always: "altijd (2–0 of 2–1)", "two-nil": "alleen bij 2–0"}],
    revokes: ["Verzaken", "Een kaart die de kleur niet volgt weigeren, of toelaten en bestraffen als het spel voorbij is.",
              {refuse: "geweigerd", penalty: "bestraft"}],
    revoke_penalty: ["Straf voor verzaken", "Per verzaking: 3 slagen afnemen, 3 punten erbij, 3 punten eraf, of wat het best is voor de andere kant.",
                     {best: "het beste voor de andere kant", tricks: "3 slagen", points: "3 punten erbij", deduct: "3 punten eraf"}],
    dummy: ["Blinde hand", "De hand die open ligt en door de partner tegenover gespeeld wordt (whist met blinde voor drie); leeg voor vier spelers."],
    scoring: ["Telling", "seed 001: alle 26 slagen tellen; standaard: wie de meeste van de 13 slagen van het speelgedeelte haalt, wint; Meggiesoft: een punt per slag van het speelgedeelte.",
              {"seed-001": "seed 001", standard: "standaard", meggiesoft: "Meggiesoft"}],
    "german.trump": ["Troef", "De eerste open kaart van de stapel bepaalt de troef.", {"turn-up": "eerste kaart van de stapel", none: "zonder troef"}],
    face_up: ["Open kaarten op de stapel", "1 zoals gewoonlijk; 2 of meer: een open stapel, de winnaar kiest; 0: blind trekken (alleen zonder troef)."],
    race: ["Race tot", "Het spel stopt zodra iemand zoveel tellende slagen heeft; leeg: alle slagen spelen."],
    best_of: ["Beste van (spellen)", "Een partij gaat over het beste van zoveel spellen."],
    match_target: ["Doel van de partij", "Meggiesoft-telling: de punten die de partij winnen."],
    target_raise: ["Verhoging van het doel", "Meggiesoft-telling: hoeveel het doel stijgt als beiden het in hetzelfde spel halen."],
    grid: ["Puntentabel", "freewhist, whisthub, of de eigen tabel van een club als TOML-tekst."],
    troel: ["Troel", "Troel alleen met precies drie azen, of ook met vier.",
            {"three-aces": "drie azen", "three-or-four-aces": "drie of vier azen"}],
    deal_pattern: ["Delen per", "Pakjes rond de tafel: 4-5-4 (FreeWhist) of 4-4-5 (Whisthub)."],
    shuffle: ["Schudden voor elk spel", "Uit: de kaarten van het vorige spel, slag per slag opgeraapt, worden alleen afgenomen."],
    wait: ["„Ik wacht” toegestaan", "Wie eerst spreekt mag wachten en daarna alleen nog meegaan."],
    first_turn_only: ["Abondance en solo slim alleen bij de eerste beurt", ""],
    open_misere: ["Open miserie op tafel", "Wanneer de hand van een open miserie open gelegd wordt.",
                  {"after-bidding": "na het bieden", "after-first-trick": "na de eerste slag"}],
    piccolissimo: ["Piccolissimo", "Piccolissimo aanbieden (precies twee slagen); de puntentabel moet het kennen."],
    early_stop: ["Vroeg stoppen", "Het spel stopt zodra de punten niet meer kunnen veranderen."],
    all_pass: ["Als iedereen past", "Dezelfde gever deelt opnieuw; met „dubbel” telt dat spel dubbel.",
               {redeal: "opnieuw delen", "redeal-double": "opnieuw delen, dubbele punten"}],
    passe_parole: ["„Passe parole” toegestaan", "Wie met een vraag meeging mag het woord aan de vrager laten als het paar 11 slagen of meer moet bieden (Whisthub)."],
    solo_suit: ["Solo in", "", {any: "elke kleur (FreeWhist)", proposed: "een kleur die de speler vroeg (Whisthub)"}],
    asks_per_suit: ["Vragen per kleur", "Hoe vaak een speler in één spel dezelfde kleur mag vragen; 0: onbeperkt (Whisthub: 2)."],
    bound_suit: ["Gebonden aan een kleur", "Een speler die aan een kleur gebonden is (solo, aanvaarde vraag, alleen gelaten) biedt alleen nog in die kleur, en geen miserie of piccolo (Whisthub)."],
    referee: ["Scheidsrechter", "Een spel boven troel dat een controle van de hand (vaste slagen, punten voor miseries) afwijst, mag niet geboden worden (FreeWhist)."],
  },
  fr: {
    trump: ["Atout", "Comment l'atout est choisi.", {"turn-up": "dernière carte du donneur retournée", none: "sans atout"}],
    honours: ["Compter les honneurs", "A R D V d'atout tels que distribués : les quatre dans un camp comptent 4, trois comptent 2."],
    target: ["Points pour une manche", "5 au whist court, 10 au whist long, 7 au whist américain."],
    honours_barred_one_short: ["Pas d'honneurs à un point de la manche", "Un camp à un point de la manche au début de la donne ne compte pas les honneurs."],
    slam_bonus: ["Prime de chelem", "Points en plus pour un camp qui fait les 13 plis."],
    game_values: ["Valeur d'une manche", "Selon les règles : 3, 2 ou 1 selon le score des perdants ; en points : les points marqués.",
                  {laws: "selon les règles (3, 2 ou 1)", points: "points marqués"}],
    single_from: ["Manche simple à partir de", "Score des perdants à partir duquel une manche vaut 1 (vide : la moitié du but, arrondie au-dessus)."],
    rubber_bonus: ["Prime de robre", "Points ajoutés pour le gain d'un robre."],
    rubber_bonus_rule: ["Prime de robre si", "", {always: "toujours (2–0 ou 2–1)", "two-nil": "seulement à 2–0"}],
    revokes: ["Renonces", "Refuser une carte qui ne fournit pas, ou l'accepter et la pénaliser en fin de donne.",
              {refuse: "refusées", penalty: "pénalisées"}],
    revoke_penalty: ["Pénalité de renonce", "Par renonce : prendre 3 plis, ajouter 3 points, retirer 3 points, ou le meilleur pour l'autre camp.",
                     {best: "le meilleur pour l'autre camp", tricks: "3 plis", points: "3 points ajoutés", deduct: "3 points retirés"}],
    dummy: ["Main du mort", "La main étalée et jouée par le partenaire d'en face (whist à trois) ; vide pour quatre joueurs."],
    scoring: ["Décompte", "seed 001 : les 26 plis comptent ; standard : la majorité des 13 plis de la phase de jeu gagne la donne ; Meggiesoft : un point par pli de la phase de jeu.",
              {"seed-001": "seed 001", standard: "standard", meggiesoft: "Meggiesoft"}],
    "german.trump": ["Atout", "La première carte visible du talon fixe l'atout.", {"turn-up": "première carte du talon", none: "sans atout"}],
    face_up: ["Cartes visibles du talon", "1 comme d'habitude ; 2 ou plus : talon ouvert, le gagnant choisit ; 0 : tirages à l'aveugle (sans atout seulement)."],
    race: ["Course à", "La donne s'arrête dès qu'un joueur a gagné ce nombre de plis qui comptent ; vide : jouer tous les plis."],
    best_of: ["Au meilleur de (donnes)", "Une partie se joue au meilleur de ce nombre de donnes."],
    match_target: ["But de la partie", "Décompte Meggiesoft : les points qui gagnent la partie."],
    target_raise: ["Hausse du but", "Décompte Meggiesoft : de combien le but monte si les deux l'atteignent dans la même donne."],
    grid: ["Barème", "freewhist, whisthub, ou le barème propre à un club en texte TOML."],
    troel: ["Troel", "Troel avec exactement trois as seulement, ou aussi avec quatre.",
            {"three-aces": "trois as", "three-or-four-aces": "trois ou quatre as"}],
    deal_pattern: ["Distribution par", "Paquets distribués autour de la table : 4-5-4 (FreeWhist) ou 4-4-5 (Whisthub)."],
    shuffle: ["Battre avant chaque donne", "Non : les cartes de la donne précédente, ramassées pli par pli, sont seulement coupées."],
    wait: ["« J'attends » permis", "Le premier à parler peut attendre, puis seulement accepter."],
    first_turn_only: ["Abondance et chelem solo au premier tour seulement", ""],
    open_misere: ["Misère ouverte étalée", "Quand la main d'une misère ouverte est étalée.",
                  {"after-bidding": "après les enchères", "after-first-trick": "après le premier pli"}],
    piccolissimo: ["Piccolissimo", "Proposer le piccolissimo (exactement deux plis) ; le barème doit le prévoir."],
    early_stop: ["Arrêt anticipé", "Le jeu s'arrête dès que les points ne peuvent plus changer."],
    all_pass: ["Si tous passent", "Le même donneur redistribue ; avec « double », les points de cette donne comptent double.",
               {redeal: "redistribuer", "redeal-double": "redistribuer, points doublés"}],
    passe_parole: ["« Passe parole » permis", "Le joueur qui a accepté une paire peut laisser la parole au proposant quand la paire doit annoncer 11 plis ou plus (Whisthub)."],
    solo_suit: ["Solo en", "", {any: "toute couleur (FreeWhist)", proposed: "une couleur proposée par le joueur (Whisthub)"}],
    asks_per_suit: ["Propositions par couleur", "Combien de fois un joueur peut proposer la même couleur dans une donne ; 0 : sans limite (Whisthub : 2)."],
    bound_suit: ["Lié à une couleur", "Un joueur lié à une couleur (solo, paire acceptée, laissé seul) n'annonce plus que dans cette couleur, sans misère ni piccolo (Whisthub)."],
    referee: ["Arbitre", "Un contrat au-dessus du troel que refuse un contrôle de la main (levées sûres, points d'honneurs pour les misères) ne peut être annoncé (FreeWhist)."],
  },
  da: {
    trump: ["Trumf", "Hvordan trumf vælges.", {"turn-up": "giverens sidste kort vendes", none: "sans (ingen trumf)"}],
    honours: ["Tæl honnører", "E K D B i trumf som givet: alle fire hos én side tæller 4, tre tæller 2."],
    target: ["Point for en manche", "5 i kort whist, 10 i lang whist, 7 i amerikansk whist."],
    honours_barred_one_short: ["Ingen honnører ét point fra manche", "En side, der mangler ét point til manche, når spillet begynder, kan ikke tælle honnører."],
    slam_bonus: ["Slembonus", "Ekstra point til en side, der tager alle 13 stik."],
    game_values: ["En manches værdi", "Efter reglerne: 3, 2 eller 1 efter tabernes stilling; i point: de point, der blev scoret i den.",
                  {laws: "efter reglerne (3, 2 eller 1)", points: "scorede point"}],
    single_from: ["Enkelt manche fra", "Tabernes stilling, hvorfra en manche er 1 værd (tom: halvdelen af målet, rundet op)."],
    rubber_bonus: ["Robberbonus", "Point for at vinde en robber."],
    rubber_bonus_rule: ["Robberbonus når", "", {always: "altid (2–0 eller 2–1)", "two-nil": "kun ved 2–0"}],
    revokes: ["Renonce", "Afvis et kort, der ikke bekender kulør, eller tillad det og straf det, når spillet er slut.",
              {refuse: "afvist", penalty: "straffet"}],
    revoke_penalty: ["Straf for renonce", "Pr. renonce: tag 3 stik, læg 3 point til, træk 3 point fra, eller det bedste for den anden side.",
                     {best: "det bedste for den anden side", tricks: "3 stik", points: "3 point lagt til", deduct: "3 point trukket fra"}],
    dummy: ["Blind hånd", "Hånden, der ligger åben og spilles af makkeren overfor (whist med blind for tre); tom for fire spillere."],
    scoring: ["Pointtælling", "seed 001: alle 26 stik tæller; standard: flest af spillefasens 13 stik vinder; Meggiesoft: et point pr. stik i spillefasen.",
              {"seed-001": "seed 001", standard: "standard", meggiesoft: "Meggiesoft"}],
    "german.trump": ["Trumf", "Bunkens første åbne kort bestemmer trumf.", {"turn-up": "bunkens første kort", none: "sans (ingen trumf)"}],
    face_up: ["Åbne kort i bunken", "1 som normalt; 2 eller flere: åben bunke, vinderen vælger; 0: blinde træk (kun uden trumf)."],
    race: ["Kapløb til", "Spillet slutter, så snart en spiller har vundet så mange tællende stik; tom: spil alle stik."],
    best_of: ["Bedst af (spil)", "En kamp er bedst af så mange spil."],
    match_target: ["Kampens mål", "Meggiesoft-tælling: de point, der vinder kampen."],
    target_raise: ["Hævning af målet", "Meggiesoft-tælling: hvor meget målet hæves, når begge når det i samme spil."],
    grid: ["Pointtabel", "freewhist, whisthub eller en klubs egen tabel som TOML-tekst."],
    troel: ["Troel", "Troel kun med præcis tre esser, eller også med fire.",
            {"three-aces": "tre esser", "three-or-four-aces": "tre eller fire esser"}],
    deal_pattern: ["Giv i pakker af", "Pakker givet rundt om bordet: 4-5-4 (FreeWhist) eller 4-4-5 (Whisthub)."],
    shuffle: ["Bland før hvert spil", "Fra: det forrige spils kort, samlet stik for stik, bliver kun taget af."],
    wait: ["»Jeg venter« tilladt", "Den, der melder først, må vente og senere kun acceptere."],
    first_turn_only: ["Abondance og solo slem kun i første runde", ""],
    open_misere: ["Åben misère lægges op", "Hvornår hånden i en åben misère lægges åben.",
                  {"after-bidding": "efter meldingen", "after-first-trick": "efter første stik"}],
    piccolissimo: ["Piccolissimo", "Tillad piccolissimo (præcis to stik); pointtabellen skal have den."],
    early_stop: ["Stop tidligt", "Spillet stopper, så snart pointene ikke længere kan ændre sig."],
    all_pass: ["Når alle passer", "Samme giver giver igen; med »dobbelt« tæller det spils point dobbelt.",
               {redeal: "giv igen", "redeal-double": "giv igen, dobbelte point"}],
    passe_parole: ["»Passe parole« tilladt", "Den, der gik med i et par, må give ordet til forslagsstilleren, når parret skal melde 11 stik eller flere (Whisthub)."],
    solo_suit: ["Solo i", "", {any: "enhver kulør (FreeWhist)", proposed: "en kulør, spilleren har foreslået (Whisthub)"}],
    asks_per_suit: ["Forslag pr. kulør", "Hvor tit en spiller må foreslå samme kulør i ét spil; 0: ingen grænse (Whisthub: 2)."],
    bound_suit: ["Bundet til en kulør", "En spiller, der er bundet til en kulør (solo, accepteret par, efterladt alene), melder kun videre i den kulør og ingen misère eller piccolo (Whisthub)."],
    referee: ["Dommer", "Et spil over troel, som en kontrol af hånden (sikre stik, honnørpoint ved misère) afviser, må ikke meldes (FreeWhist)."],
  },
  ro: {
    trump: ["Atu", "Cum se alege atuul.", {"turn-up": "ultima carte a celui care împarte, întoarsă", none: "fără atu"}],
    honours: ["Onoruri", "A R D V de atu primiți la împărțire: toți patru la o echipă valorează 4, trei valorează 2."],
    target: ["Puncte pentru un joc", "5 la whist scurt, 10 la whist lung, 7 la whist american."],
    honours_barred_one_short: ["Fără onoruri la un punct de joc", "O echipă căreia îi lipsește un punct până la joc la începutul mâinii nu primește onoruri."],
    slam_bonus: ["Bonus de șlem", "Puncte în plus pentru o echipă care ia toate cele 13 levate."],
    game_values: ["Valoarea unui joc", "După reguli: 3, 2 sau 1 după scorul celor care pierd; în puncte: punctele marcate în el.",
                  {laws: "după reguli (3, 2 sau 1)", points: "punctele marcate"}],
    single_from: ["Joc simplu de la", "Scorul celor care pierd de la care un joc valorează 1 (gol: jumătate din țintă, rotunjit în sus)."],
    rubber_bonus: ["Bonus de robber", "Puncte adăugate pentru un robber câștigat."],
    rubber_bonus_rule: ["Bonus de robber când", "", {always: "mereu (2–0 sau 2–1)", "two-nil": "doar la 2–0"}],
    revokes: ["Renonsuri", "O carte care nu răspunde la culoare este refuzată, sau permisă și penalizată la sfârșitul mâinii.",
              {refuse: "refuzate", penalty: "penalizate"}],
    revoke_penalty: ["Penalizare pentru renons", "Pentru fiecare renons: 3 levate luate, 3 puncte adăugate, 3 puncte scăzute, sau ce e mai bine pentru cealaltă echipă.",
                     {best: "cel mai bun pentru cealaltă echipă", tricks: "3 levate", points: "3 puncte adăugate", deduct: "3 puncte scăzute"}],
    dummy: ["Mâna mortului", "Mâna întinsă pe masă și jucată de partenerul din față (whist în trei); gol pentru patru jucători."],
    scoring: ["Punctaj", "seed 001: contează toate cele 26 de levate; standard: majoritatea celor 13 levate ale fazei de joc câștigă mâna; Meggiesoft: un punct pe levată în faza de joc.",
              {"seed-001": "seed 001", standard: "standard", meggiesoft: "Meggiesoft"}],
    "german.trump": ["Atu", "Prima carte la vedere din teanc stabilește atuul.", {"turn-up": "prima carte din teanc", none: "fără atu"}],
    face_up: ["Cărți la vedere în teanc", "1 ca de obicei; 2 sau mai multe: teanc deschis, câștigătorul alege; 0: trageri pe nevăzute (doar fără atu)."],
    race: ["Cursă până la", "Mâna se oprește când un jucător a câștigat atâtea levate care contează; gol: se joacă toate levatele."],
    best_of: ["Cel mai bun din (mâini)", "O partidă se joacă la cel mai bun din atâtea mâini."],
    match_target: ["Ținta partidei", "Punctaj Meggiesoft: punctele care câștigă partida."],
    target_raise: ["Creșterea țintei", "Punctaj Meggiesoft: cu cât crește ținta când amândoi o ating în aceeași mână."],
    grid: ["Grila de puncte", "freewhist, whisthub sau grila proprie a unui club ca text TOML."],
    troel: ["Troel", "Troel doar cu exact trei ași, sau și cu patru.",
            {"three-aces": "trei ași", "three-or-four-aces": "trei sau patru ași"}],
    deal_pattern: ["Împărțire în pachete de", "Pachete împărțite în jurul mesei: 4-5-4 (FreeWhist) sau 4-4-5 (Whisthub)."],
    shuffle: ["Amestecare înainte de fiecare mână", "Oprit: cărțile mâinii anterioare, strânse levată cu levată, doar se taie."],
    wait: ["„Aștept” permis", "Primul care vorbește poate aștepta și apoi doar accepta."],
    first_turn_only: ["Abondanță și șlem solo doar la primul tur", ""],
    open_misere: ["Mizeria deschisă se întinde", "Când se întinde pe masă mâna unei mizerii deschise.",
                  {"after-bidding": "după licitație", "after-first-trick": "după prima levată"}],
    piccolissimo: ["Piccolissimo", "Se oferă piccolissimo (exact două levate); grila trebuie să-l conțină."],
    early_stop: ["Oprire timpurie", "Jocul se oprește când punctele nu se mai pot schimba."],
    all_pass: ["Când toți pasează", "Același jucător împarte din nou; cu „dublu”, punctele acelei mâini contează dublu.",
               {redeal: "se împarte din nou", "redeal-double": "se împarte din nou, puncte duble"}],
    passe_parole: ["„Passe parole” permis", "Jucătorul care s-a alăturat unei perechi poate lăsa cuvântul celui care a propus când perechea trebuie să liciteze 11 levate sau mai mult (Whisthub)."],
    solo_suit: ["Solo în", "", {any: "orice culoare (FreeWhist)", proposed: "o culoare propusă de jucător (Whisthub)"}],
    asks_per_suit: ["Propuneri pe culoare", "De câte ori poate propune un jucător aceeași culoare într-o mână; 0: fără limită (Whisthub: 2)."],
    bound_suit: ["Legat de o culoare", "Un jucător legat de o culoare (solo, pereche acceptată, lăsat singur) mai licitează doar în acea culoare, fără mizerie sau piccolo (Whisthub)."],
    referee: ["Arbitru", "Un contract peste troel pe care o verificare a mâinii (levate sigure, puncte de onoare la mizerii) îl refuză nu poate fi licitat (FreeWhist)."],
  },
};

// A rule option of a variant in the chosen language: {label, help, choice(value)}; null for
// an option this page does not know (the form then shows the server's name and help text).
export function optionText(variant, name) {
  const family = variant === "dummy" ? "classic" : variant;
  const find = l => OPTS[l][`${family}.${name}`] ?? OPTS[l][name];
  const mine = find(lang), en = find("en");
  if (!en) return null;
  const [label, help, choices] = mine ?? en;
  return {label, help, choice: c => choices?.[c] ?? en[2]?.[c] ?? String(c)};
}

// The presets (named rule sets) of the new-table form; a preset not listed keeps its name.
const PRESETS = {
  en: {"english-short": "English short whist (5 points)", "english-long": "English long whist (10 points)",
       american: "American whist (7 points)", "no-trump": "No trump", danish: "Danish",
       "german-best-of-5": "Best of 5 hands", "german-open-stock": "Open stock", "german-race-7": "Race to 7",
       "german-race-9": "Race to 9", "german-no-trump": "No trump", "german-standard": "Standard scoring",
       "german-meggiesoft": "Meggiesoft scoring", freewhist: "FreeWhist", whisthub: "Whisthub"},
  nl: {"english-short": "Engels kort whist (5 punten)", "english-long": "Engels lang whist (10 punten)",
       american: "Amerikaans whist (7 punten)", "no-trump": "Zonder troef", danish: "Deens",
       "german-best-of-5": "Beste van 5 spellen", "german-open-stock": "Open stapel", "german-race-7": "Race tot 7",
       "german-race-9": "Race tot 9", "german-no-trump": "Zonder troef", "german-standard": "Standaardtelling",
       "german-meggiesoft": "Meggiesoft-telling"},
  fr: {"english-short": "Whist anglais court (5 points)", "english-long": "Whist anglais long (10 points)",
       american: "Whist américain (7 points)", "no-trump": "Sans atout", danish: "Danois",
       "german-best-of-5": "Au meilleur de 5 donnes", "german-open-stock": "Talon ouvert", "german-race-7": "Course à 7",
       "german-race-9": "Course à 9", "german-no-trump": "Sans atout", "german-standard": "Décompte standard",
       "german-meggiesoft": "Décompte Meggiesoft"},
  da: {"english-short": "Engelsk kort whist (5 point)", "english-long": "Engelsk lang whist (10 point)",
       american: "Amerikansk whist (7 point)", "no-trump": "Sans", danish: "Dansk",
       "german-best-of-5": "Bedst af 5 spil", "german-open-stock": "Åben bunke", "german-race-7": "Kapløb til 7",
       "german-race-9": "Kapløb til 9", "german-no-trump": "Sans", "german-standard": "Standardtælling",
       "german-meggiesoft": "Meggiesoft-tælling"},
  ro: {"english-short": "Whist englezesc scurt (5 puncte)", "english-long": "Whist englezesc lung (10 puncte)",
       american: "Whist american (7 puncte)", "no-trump": "Fără atu", danish: "Danez",
       "german-best-of-5": "Cel mai bun din 5 mâini", "german-open-stock": "Teanc deschis", "german-race-7": "Cursă până la 7",
       "german-race-9": "Cursă până la 9", "german-no-trump": "Fără atu", "german-standard": "Punctaj standard",
       "german-meggiesoft": "Punctaj Meggiesoft"},
};

// A preset's name in the chosen language ("english-long" -> "Engels lang whist (10 punten)").
export function presetName(name) { return PRESETS[lang][name] ?? PRESETS.en[name] ?? name; }
