"""Starting rounds of Z-cyclic whist tournaments Wh(v), found by scripts/whist_designs.py
(focused simulated annealing on the difference counts, some among the rounds invariant
under a multiplier, or --cover: a random starter and an exact cover of its pairs by games;
each checked by counting there and in tests/test_drive_designs.py).
Games of four, a and c partners against b and d; for v = 4n the infinite point is written
v - 1. FOUND_BY gives the command line that finds a round again (those it does not name
were found by the plain search, without --multiplier, under a time budget). TRIPLEWHIST:
the v whose round, its games seated N, E, S, W as written, is a triplewhist one (found
with --triple, or seated so by --orient). ROTATIONAL: starting rounds of 1-rotational
Wh(v), v = 4n + 1, over Z_(v-1) and an infinite point written v - 1 (0 sits out; found
with --rotational), developed with one round more, (g, g + n, g + 2n, g + 3n) for g < n."""

STARTS: dict[int, tuple[int, ...]] = {
    8: (2, 6, 3, 4, 5, 0, 1, 7),
    12: (10, 1, 7, 11, 6, 2, 8, 9, 5, 3, 0, 4),
    16: (14, 7, 13, 9, 6, 12, 0, 2, 11, 10, 8, 3, 15, 5, 4, 1),
    20: (11, 5, 4, 7, 8, 1, 2, 16, 15, 3, 18, 13, 12, 6, 17, 14, 19, 9, 0, 10),
    21: (3, 13, 5, 6, 1, 18, 19, 7, 14, 16, 2, 10, 8, 15, 4, 20, 11, 17, 12, 9),
    24: (1, 16, 0, 7, 10, 5, 3, 15, 19, 6, 2, 4, 11, 14, 23, 22, 12, 18, 9, 13, 21, 20, 17, 8),
    25: (1, 21, 23, 14, 11, 7, 15, 8, 2, 4, 10, 13, 3, 9, 16, 24, 18, 5, 20, 19, 12, 22, 6, 17),
    28: (24, 0, 11, 4, 2, 16, 17, 25, 12, 27, 7, 6, 21, 15, 1, 26, 20, 8, 23, 18, 22, 5, 14, 3, 13,
        9, 19, 10),
    29: (27, 1, 28, 3, 26, 16, 13, 19, 10, 24, 5, 14, 15, 7, 22, 21, 8, 25, 4, 17, 12, 23, 6, 11,
        18, 20, 9, 2),
    32: (19, 16, 31, 20, 25, 8, 6, 1, 7, 14, 24, 15, 26, 3, 21, 0, 27, 9, 5, 30, 4, 23, 12, 10, 29,
        2, 18, 17, 22, 11, 28, 13),
    33: (19, 10, 13, 24, 15, 8, 2, 3, 12, 31, 21, 30, 9, 7, 20, 23, 29, 4, 27, 11, 25, 32, 28, 17,
        18, 5, 6, 1, 16, 22, 26, 14),
    36: (15, 6, 11, 30, 7, 3, 9, 4, 31, 20, 13, 27, 17, 24, 1, 16, 33, 14, 28, 34, 18, 5, 8, 26, 19,
        10, 22, 32, 35, 2, 0, 25, 29, 21, 23, 12),
    37: (18, 4, 19, 9, 15, 28, 22, 26, 31, 11, 6, 34, 32, 3, 5, 16, 2, 21, 35, 1, 14, 36, 23, 7, 24,
        30, 13, 12, 20, 25, 17, 10, 29, 27, 8, 33),
    40: (17, 13, 11, 1, 20, 32, 39, 34, 10, 7, 26, 21, 19, 4, 2, 23, 25, 14, 36, 22, 27, 28, 12, 18,
        35, 6, 30, 3, 16, 29, 9, 8, 37, 24, 33, 15, 0, 5, 38, 31),
    41: (16, 26, 11, 23, 35, 20, 21, 30, 37, 14, 28, 25, 22, 36, 5, 13, 1, 17, 34, 4, 15, 32, 9, 7,
        10, 6, 12, 40, 27, 33, 8, 29, 18, 19, 38, 31, 24, 2, 39, 3),
    44: (13, 33, 10, 22, 21, 27, 41, 8, 20, 42, 15, 25, 29, 40, 28, 32, 31, 7, 24, 23, 26, 0, 4, 18,
        16, 5, 12, 14, 19, 6, 34, 37, 30, 2, 1, 35, 38, 17, 36, 11, 3, 9, 43, 39),
    48: (10, 8, 18, 47, 7, 13, 26, 40, 0, 19, 23, 3, 1, 45, 30, 12, 9, 31, 43, 35, 34, 28, 36, 29,
        37, 20, 5, 25, 27, 38, 33, 2, 42, 44, 21, 4, 39, 46, 17, 16, 24, 11, 15, 14, 32, 41, 22, 6),
    49: (25, 39, 30, 28, 12, 6, 27, 24, 44, 48, 37, 5, 21, 2, 47, 22, 15, 43, 18, 7, 17, 33, 26, 34,
        46, 19, 32, 3, 42, 11, 38, 23, 9, 16, 1, 14, 20, 10, 45, 40, 8, 31, 29, 41, 35, 36, 13, 4),
    52: (31, 1, 42, 39, 11, 2, 33, 27, 22, 4, 15, 3, 44, 8, 30, 6, 37, 16, 9, 12, 23, 32, 18, 24,
        46, 13, 36, 48, 41, 26, 21, 45, 29, 43, 5, 25, 50, 10, 35, 7, 47, 28, 38, 40, 20, 19, 14,
        49, 0, 51, 17, 34),
    53: (10, 38, 50, 20, 47, 9, 23, 41, 46, 37, 18, 39, 36, 52, 21, 19, 42, 43, 51, 31, 49, 6, 33,
        45, 13, 7, 12, 26, 24, 17, 14, 48, 28, 11, 34, 3, 15, 4, 22, 30, 44, 40, 8, 35, 16, 29, 27,
        32, 1, 25, 5, 2),
    56: (35, 37, 41, 9, 15, 52, 16, 29, 30, 27, 21, 14, 5, 32, 31, 39, 10, 42, 51, 34, 20, 7, 36,
        24, 40, 47, 6, 4, 25, 17, 1, 19, 50, 12, 46, 49, 45, 2, 26, 54, 11, 44, 0, 22, 3, 18, 13,
        38, 33, 55, 8, 23, 43, 53, 28, 48),
    60: (59, 4, 0, 29, 32, 16, 36, 38, 28, 52, 55, 11, 21, 10, 37, 18, 50, 27, 12, 40, 51, 17, 56,
        46, 19, 5, 26, 33, 31, 15, 57, 39, 47, 25, 58, 34, 1, 6, 24, 23, 8, 20, 22, 35, 49, 30, 9,
        42, 41, 7, 43, 13, 2, 53, 3, 14, 44, 45, 54, 48),
    61: (1, 40, 52, 31, 12, 53, 14, 6, 22, 26, 46, 11, 20, 7, 3, 10, 57, 23, 36, 59, 13, 32, 5, 37,
        34, 18, 60, 17, 42, 33, 49, 21, 16, 30, 39, 8, 9, 55, 41, 35, 47, 50, 4, 54, 15, 51, 48, 38,
        58, 2, 27, 29, 25, 24, 19, 43, 56, 44, 45, 28),
    64: (57, 59, 16, 2, 54, 47, 58, 55, 32, 38, 13, 23, 43, 60, 48, 24, 19, 35, 9, 28, 30, 20, 46,
        53, 45, 17, 25, 40, 29, 62, 61, 11, 37, 15, 12, 6, 31, 14, 18, 49, 39, 26, 22, 50, 27, 41,
        1, 52, 44, 5, 10, 8, 4, 51, 3, 33, 34, 56, 36, 7, 21, 0, 42, 63),
}
FOUND_BY: dict[int, str] = {
    21: 'scripts/whist_designs.py 21 --multiplier 19 --triple --temp 0.6 --steps 300000 --seed 5365',
    24: 'scripts/whist_designs.py 24 --multiplier 18 --triple --temp 0.6 --steps 300000 --seed 81',
    25: 'scripts/whist_designs.py 25 --multiplier 1 --triple --temp 0.6 --steps 300000 --seed 5104',
    28: 'scripts/whist_designs.py 28 --multiplier 1 --triple --temp 0.6 --steps 300000 --seed 13',
    29: 'scripts/whist_designs.py 29 --multiplier 16 --triple --temp 0.6 --steps 200000 --seed 0',
    32: 'scripts/whist_designs.py 32 --multiplier 28 --triple --temp 0.6 --steps 300000 --seed 5293',
    37: 'scripts/whist_designs.py 37 --multiplier 7 --triple --temp 0.6 --steps 200000 --seed 0',
    41: 'scripts/whist_designs.py 41 --multiplier 10 --triple --temp 0.6 --steps 200000 --seed 0',
    44: 'scripts/whist_designs.py 44 --multiplier 1 --temp 0.4 --steps 2000000 --seed 546',
    48: 'scripts/whist_designs.py 48 --multiplier 1 --temp 0.4 --steps 2000000 --seed 4622',
    49: 'scripts/whist_designs.py 49 --multiplier 30 --triple --temp 0.6 --steps 300000 --seed 13',
    52: 'scripts/whist_designs.py 52 --multiplier 2 --temp 0.6 --steps 2000000 --seed 3',
    53: 'scripts/whist_designs.py 53 --multiplier 10 --triple --temp 0.6 --steps 200000 --seed 0',
    56: 'scripts/whist_designs.py 56 --multiplier 46 --temp 0.6 --steps 2000000 --seed 0',
    57: 'scripts/whist_designs.py 57 --rotational --multiplier 9 --seed 0',
    60: 'scripts/whist_designs.py 60 --cover --nodes 100000 --seed 8',
    61: 'scripts/whist_designs.py 61 --multiplier 12 --triple --temp 0.6 --steps 200000 --seed 1',
    64: 'scripts/whist_designs.py 64 --multiplier 58 --temp 0.6 --steps 2000000 --seed 1',
}
TRIPLEWHIST: frozenset[int] = frozenset({8, 16, 21, 24, 25, 28, 29, 32, 37, 41, 49, 53, 61})
ROTATIONAL: dict[int, tuple[int, ...]] = {
    57: (1, 10, 33, 55, 2, 15, 12, 38, 3, 5, 53, 30, 4, 48, 8, 51, 6, 18, 23, 52, 7, 21, 14, 42, 9,
        34, 17, 47, 11, 16, 40, 36, 13, 19, 22, 37, 20, 39, 50, 54, 24, 32, 43, 44, 25, 26, 41, 31,
        27, 45, 29, 46, 28, 35, 56, 49),
}
