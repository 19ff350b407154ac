"""Where the search keeps its state: the layout of the ``work`` array and of a
transposition table entry, as module constants (numba reads them as compile-time
constants, so a named field costs nothing at run time).

The search kernels read every constant here when they compile: this file is one of the
kernel sources that key the compiled cache (``_cache.KERNEL_SOURCES``)."""

TT_BITS = 20
TT_SIZE = 1 << TT_BITS
NO_CARD = 255  # no best card stored in a table entry
REL = 26 * 56  # offset in ``work`` of the relevance words, one per ply
BUCKET = 16  # slots per bucket: a probe compares their tags at once (_lanes16)
LEVELS = 3  # table levels: entries keyed by the owners of their top 0, 1, 2 cards per suit (a
# fourth level, 3 cards, held 2% of the hits: probing it cost more than it saved)
LEVELS_2 = 1  # with two hands: faster on German whist, where levels 1 to 3 saved no nodes
LEVELS_SOLO = 4  # one against three: the fourth level saves 5% of the nodes there
# the words of a table entry (see new_table)
E_LENS = 0  # the hand lengths (4 bits per suit and seat)
E_KEY_A = 1  # the owners of the top cards still out, with the leader: two words
E_KEY_B = 2
E_REL = 3  # relevance depths: how many top cards of each suit the entry rests on
E_VALUE = 4  # goals won (bits 0-15) and lost (bits 16-31), the search generation above
E_BEST = 5  # the best card (low 8 bits; NO_CARD if none)
ENTRY = 6
GEN_MASK = 0xFFF  # the generation bits a tag word keeps
ACC = REL + 56 + 8 * 56  # relevance of a root card's value, then the shared value of each suit
HIST = ACC + 8  # per seat and card: how often leading it settled a node the ordering missed
STATE = HIST + 4 * 52  # the hands, trick slots, sides and counters
HANDS = STATE
TRICK = STATE + 4
SIDES = STATE + 60
STATS = STATE + 64
STATS_LEN = 16  # words of counters and limits from STATS, the first nine used:
NODES = 0  # nodes visited
HITS = 1  # table hits
NODE_LIMIT = 2  # the most nodes the search may visit (0: no limit)
OVER_LIMIT = 3  # 1 once it passed that limit (its answer is then void)
IN_USE = 4  # table entries in use: the search starts in the first ones (see _grow)
TT_LEVELS = 5  # table levels (LEVELS, LEVELS_2 or LEVELS_SOLO)
FULL_SIZE = 6  # the entries the table may grow to
REPLACED = 7  # entries of this search replaced since the table last grew
TRICK_STARTS = 8  # nodes at the start of a trick (the count DDS reports)
BKS = STATE + 80  # the table buckets of a probe, one per level
WIN = BKS + 8  # per ply within a trick: the index of the card now winning it
KILL = WIN + 56  # per tricks left: the lead that last settled a node; then the best card
# of the last table entry that settled one
KILL_BEST = KILL + 16
WORK = KILL + 32  # words in ``work``
