/* The search of scripts/whist_designs.py --cover: a starting round of a Z-cyclic whist
 * tournament Wh(v), v = 4n, over Z_N (N = v - 1) and an infinite point, in two steps.
 *
 * 1. A starter: the elements 1 .. N - 1 in pairs whose differences +-d are every class d
 *    once (the partners of the round; the infinite point partners 0), drawn at random
 *    class by class, the class with the fewest places first.
 * 2. The partner pairs matched into games so that, over the opponents (the four pairs
 *    across a game), every class occurs exactly twice: an exact cover in which each pair
 *    is used once and each class twice, searched depth first on the item (a pair, or a
 *    class still short) with the fewest live options, the counts kept as options are
 *    taken and given back (as dancing links do), up to a number of nodes a starter.
 *
 * Starters are drawn until one is covered.  The random numbers come from a seeded
 * xorshift, so a seed finds the same round again.
 *
 *     cc -O2 -o whist_cover whist_cover.c && ./whist_cover V SEED NODES STARTERS
 *
 * prints "FOUND a b c d a b c d ..." (games a and c partners against b and d, the
 * infinite point written v - 1) and the starters tried, or "NONE" and the starters tried. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXP 64
#define MAXO 2048

static unsigned long long state;
static unsigned rnd(void) { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return (unsigned)(state >> 11); }

static int N, H, NP, pa[MAXP], pb[MAXP];               /* pair 0 is (infinite, 0) */
static int nopt, oi[MAXO], oj[MAXO], ncl[MAXO], ocl[MAXO][4], omul[MAXO][4];
static int node_opts[MAXP][MAXP], n_node[MAXP], class_opts[MAXP][MAXO], n_class[MAXP];
static int alive[MAXO], node_live[MAXP], class_live[MAXP], used[MAXP], count[MAXP];
static int killed[MAXO * MAXP], top, chosen[MAXP], n_chosen;
static long long nodes, limit;

static int cls(int a, int b) { int d = ((a - b) % N + N) % N; return d < N - d ? d : N - d; }

static void kill(int p) {
    alive[p] = 0; killed[top++] = p; node_live[oi[p]]--; node_live[oj[p]]--;
    for (int t = 0; t < ncl[p]; t++) class_live[ocl[p][t]]--;
}

static void revive(int mark) {
    while (top > mark) {
        int p = killed[--top];
        alive[p] = 1; node_live[oi[p]]++; node_live[oj[p]]++;
        for (int t = 0; t < ncl[p]; t++) class_live[ocl[p][t]]++;
    }
}

static int times_in(int p, int d) {
    for (int t = 0; t < ncl[p]; t++) if (ocl[p][t] == d) return omul[p][t];
    return 0;
}

static int cover(int left) {
    if (!left) return 1;
    if (++nodes > limit) return 0;
    int by_class = 0, item = -1, fewest = 1 << 30;
    for (int i = 0; i < NP; i++) if (!used[i] && node_live[i] < fewest) { fewest = node_live[i]; item = i; }
    for (int d = 1; d <= H; d++) if (count[d] < 2 && class_live[d] < fewest) { fewest = class_live[d]; item = d; by_class = 1; }
    if (fewest == 0) return 0;
    int cand[MAXO], m = 0, n = by_class ? n_class[item] : n_node[item];
    for (int k = 0; k < n; k++) {
        int p = by_class ? class_opts[item][k] : node_opts[item][k];
        if (alive[p]) cand[m++] = p;
    }
    for (int k = m - 1; k > 0; k--) { int r = rnd() % (k + 1), t = cand[k]; cand[k] = cand[r]; cand[r] = t; }
    for (int k = 0; k < m; k++) {
        int o = cand[k], mark = top;
        if (!alive[o]) continue;
        used[oi[o]] = used[oj[o]] = 1;
        for (int t = 0; t < ncl[o]; t++) count[ocl[o][t]] += omul[o][t];
        for (int s = 0; s < 2; s++) {
            int i = s ? oj[o] : oi[o];
            for (int q = 0; q < n_node[i]; q++) if (alive[node_opts[i][q]]) kill(node_opts[i][q]);
        }
        for (int t = 0; t < ncl[o]; t++) {
            int d = ocl[o][t];
            for (int q = 0; q < n_class[d]; q++) {
                int p = class_opts[d][q];
                if (alive[p] && count[d] + times_in(p, d) > 2) kill(p);
            }
        }
        chosen[n_chosen++] = o;
        if (cover(left - 1)) return 1;
        n_chosen--; revive(mark);
        used[oi[o]] = used[oj[o]] = 0;
        for (int t = 0; t < ncl[o]; t++) count[ocl[o][t]] -= omul[o][t];
        if (nodes > limit) return 0;
    }
    return 0;
}

static void starter(void) {
    int free_[2 * MAXP];
    for (;;) {
        int ok = 1, done[MAXP] = {0};
        for (int i = 0; i < N; i++) free_[i] = i != 0;
        for (int k = 0; k < H && ok; k++) {
            int best = -1, fewest = 1 << 30, c = 0, pick;
            for (int d = 1; d <= H; d++) {
                if (done[d]) continue;
                int places = 0;
                for (int a = 1; a < N; a++) places += free_[a] && free_[(a + d) % N];
                if (places < fewest || (places == fewest && rnd() % 2)) { fewest = places; best = d; }
            }
            if (fewest == 0) { ok = 0; break; }
            pick = rnd() % fewest;
            for (int a = 1; a < N; a++) {
                if (!(free_[a] && free_[(a + best) % N])) continue;
                if (c++ == pick) { free_[a] = free_[(a + best) % N] = 0; pa[k + 1] = a; pb[k + 1] = (a + best) % N; break; }
            }
            done[best] = 1;
        }
        if (ok) return;
    }
}

static void options(void) {
    nopt = 0;
    memset(n_node, 0, sizeof n_node); memset(n_class, 0, sizeof n_class);
    for (int i = 0; i < NP; i++) for (int j = i + 1; j < NP; j++) {
        int A[2] = {pa[i], pb[i]}, B[2] = {pa[j], pb[j]}, o = nopt++;
        oi[o] = i; oj[o] = j; ncl[o] = 0;
        for (int x = 0; x < 2; x++) for (int y = 0; y < 2; y++) {
            if (A[x] < 0 || B[y] < 0) continue;             /* the infinite point: no class */
            int d = cls(A[x], B[y]), f = -1;
            for (int t = 0; t < ncl[o]; t++) if (ocl[o][t] == d) f = t;
            if (f >= 0) omul[o][f]++; else { ocl[o][ncl[o]] = d; omul[o][ncl[o]++] = 1; }
        }
        node_opts[i][n_node[i]++] = o; node_opts[j][n_node[j]++] = o;
        for (int t = 0; t < ncl[o]; t++) class_opts[ocl[o][t]][n_class[ocl[o][t]]++] = o;
    }
    for (int i = 0; i < NP; i++) node_live[i] = n_node[i];
    for (int d = 1; d <= H; d++) class_live[d] = n_class[d];
    for (int o = 0; o < nopt; o++) alive[o] = 1;
    memset(used, 0, sizeof used); memset(count, 0, sizeof count);
    top = 0; n_chosen = 0; nodes = 0;
    for (int o = 0; o < nopt; o++)                     /* a class thrice in one game */
        for (int t = 0; t < ncl[o]; t++) if (omul[o][t] > 2 && alive[o]) kill(o);
    top = 0;
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: whist_cover V SEED NODES STARTERS\n"); return 2; }
    int v = atoi(argv[1]);
    long starters = atol(argv[4]);
    if (v < 8 || v % 4 || v > 2 * MAXP - 4) { fprintf(stderr, "v must be 4n, 8 to %d\n", 2 * MAXP - 4); return 2; }
    state = strtoull(argv[2], 0, 10) * 2654435761ULL + 7;
    limit = atoll(argv[3]);
    N = v - 1; H = N / 2; NP = H + 1; pa[0] = -1; pb[0] = 0;
    for (long s = 1; s <= starters; s++) {
        starter(); options();
        if (cover(NP / 2)) {
            printf("FOUND");
            for (int k = 0; k < n_chosen; k++) {
                int o = chosen[k], a = pa[oi[o]] < 0 ? v - 1 : pa[oi[o]];
                printf(" %d %d %d %d", a, pa[oj[o]], pb[oi[o]], pb[oj[o]]);
            }
            printf("\n%ld\n", s);
            return 0;
        }
    }
    printf("NONE\n%ld\n", starters);
    return 1;
}
