/* The search kernels of the double-dummy solver in C: the same search, move ordering,
 * bounds and transposition table as the numba kernels (_search.py, _bounds.py,
 * _table.py, _bits.py), written out line for line, so that both give the same values
 * and visit the same nodes.  The places in ``work`` and in a table entry come from
 * _layout.py as -D definitions when openwhist.solver._ckernel compiles this file.
 *
 * Signed 64-bit card masks throughout; compiled with -fwrapv, so that the hashes wrap
 * as numba's int64 arithmetic does.  No allocation, no global state: every call works
 * on the caller's ``work`` and ``tt`` arrays only, so searches in several threads run at
 * once (ctypes releases the GIL around the call). */

#include <stdint.h>
#include <stdbool.h>
#if defined(__BMI2__) || defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

typedef int64_t i64;
typedef uint64_t u64;

#define SUIT ((i64)0x1FFF)
#define GOAL_BITS ((i64)0x3FFF)
#define ONE ((i64)1)
#define ESTIMATE (-100)
#define LEAD_REPLY 50
#define LEAD_HISTORY 1
#define LEAD_HISTORY_2 4
#define HISTORY_CAP 100
#define INL static inline __attribute__((always_inline))

/* ---- bits (_bits.py) ---- */

INL i64 popc(i64 x) { return (i64)__builtin_popcountll((u64)x); }
INL i64 lowbit(i64 x) { return x ? (i64)__builtin_ctzll((u64)x) : 64; }
INL i64 highbit(i64 x) { return x ? 63 - (i64)__builtin_clzll((u64)x) : -1; }
INL i64 wrap(i64 x, i64 n) { return x >= n ? x - n : x; }
INL i64 suit_of(i64 c) { return (c * 5042) >> 16; }
INL i64 imin(i64 a, i64 b) { return a < b ? a : b; }
INL i64 imax(i64 a, i64 b) { return a > b ? a : b; }
INL i64 floordiv(i64 a, i64 b) {
    i64 q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

INL i64 trick_winner(const i64 *trick, i64 base, i64 n, i64 trump) {
    i64 best = 0, best_card = trick[base], best_suit = suit_of(best_card);
    for (i64 i = 1; i < n; i++) {
        i64 c = trick[base + i], s = suit_of(c);
        if (s == best_suit) {
            if (c > best_card) { best = i; best_card = c; }
        } else if (s == trump) {
            best = i; best_card = c; best_suit = s;
        }
    }
    return best;
}

INL bool beats(i64 c, i64 w, i64 trump) {
    i64 cs = suit_of(c), ws = suit_of(w);
    if (cs == ws) return c > w;
    return cs == trump;
}

INL i64 compress13(i64 x, i64 m) {
#if defined(__BMI2__)
    return (i64)_pext_u64((u64)x, (u64)m);
#else
    i64 r = 0, k = 0;
    while (m) {
        i64 b = m & -m;
        if (x & b) r |= ONE << k;
        k++;
        m &= m - 1;
    }
    return r;
#endif
}

INL i64 spread13(i64 x) {
#if defined(__BMI2__)
    return (i64)_pdep_u64((u64)x, 0x1555555ULL);
#else
    i64 r = 0;
    for (int j = 0; j < 13; j++) r |= ((x >> j) & 1) << (2 * j);
    return r;
#endif
}

INL i64 kth_highest(i64 bits, i64 k) {
#if defined(__BMI2__)
    return lowbit((i64)_pdep_u64((u64)(ONE << (popc(bits) - k)), (u64)bits));
#else
    for (i64 i = 0; i < k - 1; i++) bits ^= ONE << highbit(bits);
    return highbit(bits);
#endif
}

INL i64 kmax(i64 a, i64 b) {
#if defined(__BMI2__)
    /* the four depths at once: each spread to a byte with a guard bit above it, whose
     * borrow after a subtraction tells which is larger */
    i64 x = (i64)_pdep_u64((u64)a, 0x0F0F0F0FULL), y = (i64)_pdep_u64((u64)b, 0x0F0F0F0FULL);
    i64 d = ((x | 0x10101010) - y) & 0x10101010;
    i64 m = d - (d >> 4);
    return (i64)_pext_u64((u64)((x & m) | (y & ~m)), 0x0F0F0F0FULL);
#endif
    i64 r = 0;
    for (int s = 0; s < 4; s++) {
        i64 x = (a >> (4 * s)) & 15, y = (b >> (4 * s)) & 15;
        r |= (x > y ? x : y) << (4 * s);
    }
    return r;
}

/* a mask of the 16 words w from p with (w >> 32) & mask == value (logical shift): the
 * table's tag words compared at once in vector registers where the processor has them */
INL i64 lanes16(const i64 *p, i64 mask, i64 value) {
#if defined(__AVX512F__)
    __m512i m = _mm512_set1_epi64(mask), v = _mm512_set1_epi64(value);
    __m512i a = _mm512_and_si512(_mm512_srli_epi64(_mm512_loadu_si512((const void *)p), 32), m);
    __m512i b = _mm512_and_si512(_mm512_srli_epi64(_mm512_loadu_si512((const void *)(p + 8)), 32), m);
    return (i64)_mm512_cmpeq_epi64_mask(a, v) | ((i64)_mm512_cmpeq_epi64_mask(b, v) << 8);
#elif defined(__AVX2__)
    __m256i m = _mm256_set1_epi64x(mask), v = _mm256_set1_epi64x(value);
    i64 r = 0;
    for (int g = 0; g < 4; g++) {
        __m256i x = _mm256_and_si256(_mm256_srli_epi64(_mm256_loadu_si256((const __m256i *)(p + 4 * g)), 32), m);
        r |= (i64)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(x, v))) << (4 * g);
    }
    return r;
#else
    i64 r = 0;
    for (int j = 0; j < 16; j++)
        if ((i64)(((u64)p[j] >> 32) & (u64)mask) == value) r |= ONE << j;
    return r;
#endif
}

/* a mask of the words among the 16 from p whose low 32 bits are the least */
INL i64 oldest16(const i64 *p) {
#if defined(__AVX512F__)
    __m256i lo = _mm512_cvtepi64_epi32(_mm512_loadu_si512((const void *)p));
    __m256i hi = _mm512_cvtepi64_epi32(_mm512_loadu_si512((const void *)(p + 8)));
    __m512i all = _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
    unsigned least = _mm512_reduce_min_epu32(all);
    return (i64)_mm512_cmpeq_epi32_mask(all, _mm512_set1_epi32((int)least));
#else
    uint32_t least = (uint32_t)p[0];
    for (int j = 1; j < 16; j++)
        if ((uint32_t)p[j] < least) least = (uint32_t)p[j];
    i64 r = 0;
    for (int j = 0; j < 16; j++)
        if ((uint32_t)p[j] == least) r |= ONE << j;
    return r;
#endif
}

/* ---- the transposition table (_table.py) ---- */

INL i64 tlen_of(i64 lenkey, i64 seat, i64 s) { return (lenkey >> (16 * s + 4 * seat)) & 15; }

INL i64 suit_codes(const i64 *hands, i64 *live) {
    i64 lenkey = 0;
    for (int s = 0; s < 4; s++) {
        i64 h0 = (hands[0] >> (13 * s)) & SUIT, h1 = (hands[1] >> (13 * s)) & SUIT;
        i64 h2 = (hands[2] >> (13 * s)) & SUIT, h3 = (hands[3] >> (13 * s)) & SUIT;
        i64 bits = h0 | h1 | h2 | h3;
        i64 count = popc(bits);
        i64 low = compress13(h1 | h3, bits), high = compress13(h2 | h3, bits);
        live[s] = count;
        live[4 + s] = (ONE << (2 * count)) | spread13(low) | (spread13(high) << 1);
        lenkey |= (popc(h0) | (popc(h1) << 4) | (popc(h2) << 8) | (popc(h3) << 12)) << (16 * s);
    }
    return lenkey;
}

INL void top_key(const i64 *codes, i64 ks, i64 leader, i64 *ka, i64 *kb) {
    i64 t0 = codes[4] >> (2 * (codes[0] - (ks & 15)));
    i64 t1 = codes[5] >> (2 * (codes[1] - ((ks >> 4) & 15)));
    i64 t2 = codes[6] >> (2 * (codes[2] - ((ks >> 8) & 15)));
    i64 t3 = codes[7] >> (2 * (codes[3] - ((ks >> 12) & 15)));
    *ka = (leader << 54) | (t0 << 27) | t1;
    *kb = (t2 << 27) | t3;
}

INL i64 bucket_of(i64 lenkey, i64 leader, const i64 *codes, i64 level, i64 mask) {
    i64 top = 0;
    if (level > 0) {
        for (int s = 0; s < 4; s++) {
            i64 k = codes[s];
            i64 m = level < k ? level : k;
            top |= (codes[4 + s] >> (2 * (k - m))) << (8 * s);
        }
    }
    i64 h = (lenkey ^ (leader << 62) ^ (top * (i64)0x3C6EF372FE94F82BLL)) * (i64)(-7046029254386353131LL);
    h ^= (h >> 31);
    h *= (i64)(-4658895280553007687LL);
    h ^= h >> 29;
    return (h + level) & mask;
}

INL i64 tag_of(i64 lenkey, i64 leader, i64 gen) {
    i64 h = (lenkey ^ (leader << 62)) * (i64)(-7046029254386353131LL) + gen * (i64)0x3C6EF372FE94F82BLL;
    h ^= h >> 29;
    return ((((h >> 32) ^ h) & 0x7FFFF) << 12) | (gen & GEN_MASK);
}

INL i64 level_of(const i64 *codes, i64 rel, i64 levels) {
    i64 lv = levels - 1;
    for (int s = 0; s < 4; s++) {
        i64 k = (rel >> (4 * s)) & 15;
        if (k < codes[s] && k < lv) lv = k;
    }
    return lv;
}

static void grow(i64 *tt, i64 ttlen, i64 *stats, i64 gen, i64 *work) {
    i64 nent = ttlen / (ENTRY + 1);
    i64 tags = ENTRY * nent;
    i64 old = stats[IN_USE];
    stats[IN_USE] = stats[FULL_SIZE];
    stats[REPLACED] = 0;
    i64 mask = stats[IN_USE] / BUCKET - 1;
    i64 *codes = work + REL + 56;
    for (i64 i = 0; i < old; i++) {
        i64 e = i * ENTRY;
        i64 word = tt[tags + i];
        if (((word >> 32) & GEN_MASK) != (gen & GEN_MASK) || (tt[e + E_VALUE] >> 32) != gen) continue;
        i64 lenkey = tt[e + E_LENS], ka = tt[e + E_KEY_A], kb = tt[e + E_KEY_B], rel = tt[e + E_REL];
        i64 leader = ka >> 54;
        for (int s = 0; s < 4; s++) {
            i64 ts = s == 0 ? (ka >> 27) & 0x7FFFFFF : s == 1 ? ka & 0x7FFFFFF : s == 2 ? kb >> 27
                                                                                       : kb & 0x7FFFFFF;
            i64 count = tlen_of(lenkey, 0, s) + tlen_of(lenkey, 1, s) + tlen_of(lenkey, 2, s)
                        + tlen_of(lenkey, 3, s);
            codes[s] = count;
            codes[4 + s] = ts << (2 * (count - ((rel >> (4 * s)) & 15)));
        }
        i64 bk = bucket_of(lenkey, leader, codes, level_of(codes, rel, stats[TT_LEVELS]), mask) * BUCKET;
        if (bk == i - i % BUCKET) continue;
        i64 slot = bk;
        for (i64 j = 0; j < BUCKET; j++) {
            if (((tt[tags + bk + j] >> 32) & GEN_MASK) != (gen & GEN_MASK)) {
                slot = bk + j;
                break;
            }
            if ((tt[tags + bk + j] & 0xFFFFFFFF) < (tt[tags + slot] & 0xFFFFFFFF)) slot = bk + j;
        }
        tt[tags + slot] = word;
        for (i64 w = 0; w < ENTRY; w++) tt[slot * ENTRY + w] = tt[e + w];
        tt[tags + i] = 0;
        tt[e + E_VALUE] = 0;
    }
}

/* ---- bounds (_bounds.py) ---- */

INL bool holds(const i64 *hands, const i64 *trick, i64 base, i64 n, i64 trump, const i64 *sides,
               i64 leader, i64 tlen, i64 c, i64 led) {
    (void)trick; (void)base;
    i64 seat = wrap(leader + tlen, n);
    i64 cs = suit_of(c);
    for (i64 j = tlen + 1; j < n; j++) {
        i64 p = wrap(leader + j, n);
        if (sides[p] == sides[seat]) continue;
        i64 h = hands[p];
        i64 follow = h & (SUIT << (13 * led));
        if (follow) {
            if (cs == led && highbit(follow) > c) return false;
        } else if (trump >= 0) {
            i64 tr = h & (SUIT << (13 * trump));
            if (tr && (cs != trump || highbit(tr) > c)) return false;
        }
    }
    return true;
}

INL void top_cards(i64 m, i64 o, i64 lenkey, i64 n, i64 p, i64 s, i64 *top_, i64 *longest_, i64 *cnt_) {
    i64 top = o ? popc(m >> (highbit(o) + 1)) : popc(m);
    i64 longest = 0, cnt = top;
    if (o && top) {
        for (i64 i = 0; i < n; i++)
            if (i != p && tlen_of(lenkey, i, s) > longest) longest = tlen_of(lenkey, i, s);
        if (top >= longest) cnt = tlen_of(lenkey, p, s);
    }
    *top_ = top; *longest_ = longest; *cnt_ = cnt;
}

INL i64 top_reliance(i64 cnt, i64 top, i64 longest, i64 o, i64 s, i64 trump) {
    i64 k = cnt < top ? cnt : top;
    if ((s != trump || o == 0) && k > longest) k = longest;
    return k;
}

static i64 cash(i64 aw, i64 al, i64 bw, i64 bl, i64 olen) {
    i64 best = 0;
    for (int pref = 0; pref < 2; pref++) {
        i64 xw = aw, xl = al, yw = bw, yl = bl;
        i64 t = 0;
        while (xw || xl) {
            bool a = xw != 0, b = yw != 0, swap = false;
            i64 cx, cy;
            if (a && (pref == 0 || !b)) {
                cx = highbit(xw);
                xw ^= ONE << cx;
                if (yl > 0) {
                    yl -= 1;
                } else if (yw) {
                    cy = lowbit(yw);
                    yw ^= ONE << cy;
                    swap = cy > cx;
                }
            } else if (b) {
                cy = highbit(yw);
                yw ^= ONE << cy;
                if (xl > 0) {
                    xl -= 1;
                    swap = true;
                } else {
                    cx = lowbit(xw);
                    xw ^= ONE << cx;
                    swap = cy > cx;
                }
            } else if (t >= olen && yw == 0 && yl == 0) {
                xl -= 1;
            } else {
                break;
            }
            t += 1;
            if (swap) {
                i64 tw = xw, tl = xl;
                xw = yw; xl = yl; yw = tw; yl = tl;
            }
        }
        if (t > best) best = t;
    }
    return best;
}

INL bool may_split(const i64 *hands, i64 trump, const i64 *sides, i64 leader, i64 lenkey, i64 want) {
    i64 side = sides[leader];
    if (sides[(leader + 2) % 4] != side || sides[(leader + 1) % 4] == side) return false;
    i64 me = hands[leader], part = hands[(leader + 2) % 4];
    i64 opps = hands[(leader + 1) % 4] | hands[(leader + 3) % 4];
    bool ruff = trump >= 0 && ((opps >> (13 * trump)) & SUIT) != 0;
    bool found = false;
    i64 most = 0;
    for (int s = 0; s < 4; s++) {
        i64 mL = (me >> (13 * s)) & SUIT, mP = (part >> (13 * s)) & SUIT;
        if (!mL || (ruff && s != trump)) continue;
        i64 o = (opps >> (13 * s)) & SUIT;
        if (o == 0 || ((mL | mP) >> highbit(o))) {
            most += imax(tlen_of(lenkey, leader, s), tlen_of(lenkey, (leader + 2) % 4, s));
            if (mP && (o == 0 || ((mL >> highbit(o)) && (mP >> highbit(o))))) found = true;
        }
    }
    return found && most >= want;
}

static i64 split_tricks(const i64 *hands, i64 n, i64 trump, const i64 *sides, i64 leader, i64 lenkey,
                        i64 want, i64 *ks_out) {
    i64 side = sides[leader];
    i64 best_ks = 0, best_cost = 99;
    i64 me = hands[leader], part = hands[(leader + 2) % 4];
    i64 every = hands[0] | hands[1] | hands[2] | hands[3];
    i64 opps = every & ~me & ~part;
    bool ruff = trump >= 0 && ((opps >> (13 * trump)) & SUIT) != 0;
    i64 own = 0, own_ks = 0, cnts = 0;
    for (int s = 0; s < 4; s++) {
        i64 m = (me >> (13 * s)) & SUIT;
        if (!m || (ruff && s != trump)) continue;
        i64 o = ((every & ~me) >> (13 * s)) & SUIT;
        i64 top, longest, cnt;
        top_cards(m, o, lenkey, n, leader, s, &top, &longest, &cnt);
        if (top == 0) continue;
        own += cnt;
        cnts |= cnt << (4 * s);
        own_ks |= top_reliance(cnt, top, longest, o, s, trump) << (4 * s);
    }
    for (int s = 0; s < 4; s++) {
        i64 mL = (me >> (13 * s)) & SUIT;
        if (!mL || (ruff && s != trump)) continue;
        i64 mP = (part >> (13 * s)) & SUIT;
        i64 o = (opps >> (13 * s)) & SUIT;
        i64 olen = 0;
        for (i64 i = 0; i < n; i++)
            if (sides[i] != side && tlen_of(lenkey, i, s) > olen) olen = tlen_of(lenkey, i, s);
        i64 hi = o ? highbit(o) : -1;
        i64 aw = popc(mL >> (hi + 1)), bw = popc(mP >> (hi + 1));
        if (aw + bw == 0 && olen > 0) continue;
        i64 rest = own - ((cnts >> (4 * s)) & 15);
        bool spare = rest <= popc(part) - popc(mP);
        i64 high = ~((ONE << (hi + 1)) - 1);
        i64 w = (mL | mP) & high;
        for (i64 k = 0; k < aw + bw + 1; k++) {
            i64 wk = w;
            for (i64 q = 0; q < aw + bw - k; q++) wk &= wk - 1;
            i64 ak = popc(wk & mL), bk = popc(wk & mP);
            i64 t = cash(wk & mL, popc(mL) - ak, wk & mP, popc(mP) - bk, olen);
            i64 cost, ks;
            if (t >= want) {
                cost = k;
                ks = k << (4 * s);
            } else if (spare && rest + t >= want) {
                ks = (own_ks & ~((i64)15 << (4 * s))) | (k << (4 * s));
                cost = (ks & 15) + ((ks >> 4) & 15) + ((ks >> 8) & 15) + ((ks >> 12) & 15);
            } else {
                continue;
            }
            if (cost < best_cost) {
                best_cost = cost;
                best_ks = ks;
            }
            break;
        }
    }
    *ks_out = best_ks;
    return best_cost < 99 ? want : 0;
}

static i64 quick_tricks(const i64 *hands, i64 n, i64 trump, const i64 *sides, i64 leader, i64 lenkey,
                        i64 want, i64 *ks_out) {
    i64 side = sides[leader];
    i64 want_cost = 99, want_ks = 0;
    i64 cap[4] = {13, 13, 13, 13};
    if (trump >= 0) {
        for (i64 i = 0; i < n; i++) {
            if (sides[i] != side && tlen_of(lenkey, i, trump)) {
                for (int s = 0; s < 4; s++) cap[s] = imin(cap[s], tlen_of(lenkey, i, s));
            }
        }
    }
    i64 every = hands[0] | hands[1] | hands[2] | hands[3];
    i64 best = 0, best_ks = 0;
    i64 me = hands[leader];
    bool pairs = n == 4 && sides[(leader + 2) % 4] == side && sides[(leader + 1) % 4] != side;
    i64 lead_cnt = 0, lead_total = 0, lead_ks = 0;
    for (i64 j = 0; j < n; j++) {
        i64 p = wrap(leader + j, n);
        if (sides[p] != side) continue;
        i64 mine = hands[p];
        i64 others = every & ~mine;
        i64 total = 0, ks = 0, cnts = 0;
        bool entry = p == leader;
        i64 esuit = -1;
        bool drawn = false;
        if (trump >= 0) {
            i64 m = (mine >> (13 * trump)) & SUIT;
            i64 o = (others >> (13 * trump)) & SUIT;
            if (m) {
                i64 top = o ? popc(m >> (highbit(o) + 1)) : popc(m);
                drawn = top > 0;
                for (i64 i = 0; i < n; i++)
                    if (sides[i] != side && tlen_of(lenkey, i, trump) > top) drawn = false;
            }
        }
        for (int s = 0; s < 4; s++) {
            i64 m = (mine >> (13 * s)) & SUIT;
            if (!m) continue;
            i64 o = (others >> (13 * s)) & SUIT;
            i64 top, longest, cnt;
            top_cards(m, o, lenkey, n, p, s, &top, &longest, &cnt);
            if (top == 0) continue;
            if (s != trump && cnt > cap[s] && !drawn) cnt = cap[s];
            if (cnt == 0) continue;
            if (p != leader && ((me >> (13 * s)) & SUIT) && (s == trump || cap[s] > 0)) {
                entry = true;
                if (esuit < 0) esuit = s;
            }
            total += cnt;
            cnts |= cnt << (4 * s);
            ks |= top_reliance(cnt, top, longest, o, s, trump) << (4 * s);
        }
        if (p == leader) {
            lead_cnt = cnts;
            lead_total = total;
            lead_ks = ks;
        } else if (pairs && esuit >= 0 && lead_total > 0) {
            i64 need_p = 0, spare_p = 0, need_l = 0, spare_l = 0;
            for (int s = 0; s < 4; s++) {
                i64 a = (lead_cnt >> (4 * s)) & 15, b = (cnts >> (4 * s)) & 15;
                i64 lp = tlen_of(lenkey, p, s), ll = tlen_of(lenkey, leader, s);
                if (s == esuit) { b -= 1; ll -= 1; }
                if (a > 0) {
                    if (a > lp) need_p += a - lp;
                } else if (s != trump) {
                    spare_p += lp - b;
                }
                if (b > 0) {
                    if (b > ll) need_l += b - ll;
                } else if (s != trump) {
                    spare_l += ll - a;
                }
            }
            if (need_p <= spare_p && need_l <= spare_l) {
                if (lead_total + total > best) {
                    best = lead_total + total;
                    best_ks = kmax(lead_ks, ks);
                }
                continue;
            }
        }
        i64 kcap = 13;
        if (trump >= 0) {
            for (i64 q = 0; q < n; q++) {
                if (q != p && sides[q] == side && tlen_of(lenkey, q, trump)) {
                    i64 k = popc(hands[q]) - tlen_of(lenkey, q, trump);
                    if (k < kcap) kcap = k;
                }
            }
            if (total > kcap) total = kcap;
        }
        if (entry && total > best) {
            best = total;
            best_ks = ks;
        }
        if (entry && want > 0 && total > want && n == 4) {
            for (i64 sub = 1; sub < 16; sub++) {
                if (p != leader && !((sub >> esuit) & 1)) continue;
                i64 tot = 0, cost = 0;
                bool drew = false;
                for (int s = 0; s < 4; s++) {
                    if ((sub >> s) & 1) {
                        i64 c = (cnts >> (4 * s)) & 15;
                        tot += c;
                        cost += (ks >> (4 * s)) & 15;
                        if (s != trump && c > cap[s]) drew = true;
                    }
                }
                if (drew && !((sub >> trump) & 1)) continue;
                if (imin(tot, kcap) >= want && cost < want_cost) {
                    want_cost = cost;
                    want_ks = 0;
                    for (int s = 0; s < 4; s++)
                        if ((sub >> s) & 1) want_ks |= ks & ((i64)15 << (4 * s));
                }
            }
        }
    }
    if (want_cost < 99) {
        *ks_out = want_ks;
        return want;
    }
    if (best < want && n == 4 && may_split(hands, trump, sides, leader, lenkey, want))
        return split_tricks(hands, n, trump, sides, leader, lenkey, want, ks_out);
    *ks_out = best_ks;
    return best;
}

INL i64 trumps_kept(i64 mine, i64 theirs) {
    i64 avail = theirs, lost = 0, bits = mine;
    while (bits) {
        i64 x = lowbit(bits);
        bits &= bits - 1;
        i64 up = avail & ~((((i64)2) << x) - 1);
        if (up) {
            avail ^= up & -up;
            lost += 1;
        }
    }
    return popc(mine) - lost;
}

INL i64 quick_tricks2(const i64 *hands, i64 trump, i64 leader, i64 *ks_out) {
    i64 me = hands[leader], opp = hands[1 - leader];
    bool ruffs = false;
    if (trump >= 0) {
        i64 o = (opp >> (13 * trump)) & SUIT;
        if (o) {
            i64 m = (me >> (13 * trump)) & SUIT;
            i64 top = popc(m >> (highbit(o) + 1));
            ruffs = top == 0 || popc(o) > top;
        }
    }
    i64 total = 0, ks = 0;
    for (int s = 0; s < 4; s++) {
        i64 m = (me >> (13 * s)) & SUIT;
        if (!m) continue;
        i64 o = (opp >> (13 * s)) & SUIT;
        if (o == 0) {
            if (s == trump || !ruffs) total += popc(m);
            continue;
        }
        i64 top = popc(m >> (highbit(o) + 1));
        i64 olen = popc(o);
        i64 cnt = top >= olen ? popc(m) : top;
        if (s != trump && ruffs && cnt > olen) cnt = olen;
        i64 k = cnt < top ? cnt : top;
        if (s != trump && k > olen) k = olen;
        if (s == trump) {
            i64 mt = trumps_kept(m, o);
            if (mt > cnt) {
                cnt = mt;
                k = olen + popc(m);
            }
        }
        if (cnt == 0) continue;
        total += cnt;
        ks |= k << (4 * s);
    }
    *ks_out = ks;
    return total;
}

static i64 sure_trumps(const i64 *hands, i64 n, i64 trump, const i64 *sides, i64 side, bool wants,
                       i64 leader, i64 *relied_out) {
    *relied_out = 0;
    if (trump < 0) return 0;
    i64 mine = 0, theirs = 0, longest = 0;
    for (i64 i = 0; i < n; i++) {
        i64 t = (hands[i] >> (13 * trump)) & SUIT;
        if (sides[i] == side) {
            mine |= t;
            i64 k = popc(t);
            if (k > longest) longest = k;
        } else {
            theirs |= t;
        }
    }
    if (mine == 0) return 0;
    if (theirs == 0) return longest;
    i64 best = 0;
    for (i64 i = 0; i < n; i++) {
        if (sides[i] != side) continue;
        i64 t = (hands[i] >> (13 * trump)) & SUIT;
        if (!t) continue;
        i64 others = (mine | theirs) & ~t;
        i64 k = popc(t >> (highbit(others) + 1));
        if (k > best) best = k;
    }
    i64 relied = best;
    if (best < 2 && wants) {
        i64 alltr = mine | theirs;
        i64 a = highbit(alltr);
        i64 b = highbit(alltr ^ (ONE << a));
        if (((mine >> a) & 1) && ((mine >> b) & 1)) {
            for (i64 i = 0; i < n; i++) {
                i64 t = (hands[i] >> (13 * trump)) & SUIT;
                if (sides[i] == side && (((t >> a) & 1) || ((t >> b) & 1)) && popc(t) > 1) {
                    best = relied = 2;
                    break;
                }
            }
        } else if (best == 0 && wants && ((mine >> b) & 1)) {
            for (i64 i = 0; i < n; i++) {
                i64 t = (hands[i] >> (13 * trump)) & SUIT;
                i64 j = wrap(i + n - 1, n);
                if (sides[i] == side && i != leader && ((t >> b) & 1) && popc(t) > 1 && sides[j] != side
                    && ((hands[j] >> (13 * trump + a)) & 1)) {
                    best = 1;
                    relied = 2;
                    break;
                }
            }
        }
    }
    if (n == 2) {
        i64 k = trumps_kept(mine, theirs);
        if (k > best) {
            *relied_out = popc(mine | theirs);
            return k;
        }
    }
    *relied_out = relied;
    return best;
}

INL i64 needed(i64 k, i64 cnt, i64 used) {
    if (k > cnt) return k;
    return k < used ? k : used;
}

INL bool goal_met(i64 mode, i64 need) {
    if (mode == 0) return need <= 0;
    if (mode == 1) return need >= 0;
    return need == 0;
}

INL i64 settled(i64 mode, i64 need, i64 rem) {
    if (mode == 0) {
        if (need <= 0) return 1;
        if (need > rem) return 0;
    } else if (mode == 1) {
        if (need >= rem) return 1;
        if (need < 0) return 0;
    } else if (need < 0 || need > rem) {
        return 0;
    }
    return -1;
}

INL i64 fourth_wins(const i64 *hands, i64 trump, const i64 *sides, i64 seat, i64 led, i64 wcard) {
    i64 p3 = wrap(seat + 1, 4), p4 = wrap(seat + 2, 4);
    i64 f4 = (hands[p4] >> (13 * led)) & SUIT;
    if (sides[p4] != sides[seat] || f4 == 0) return -1;
    i64 top = highbit(f4);
    i64 f3 = (hands[p3] >> (13 * led)) & SUIT;
    bool t3 = trump >= 0 && led != trump && ((hands[p3] >> (13 * trump)) & SUIT) != 0;
    if (top + 13 * led > wcard && ((f3 == 0 && !t3) || (f3 != 0 && top > highbit(f3)))) return top + 13 * led;
    return -1;
}

INL i64 sure_trick(const i64 *hands, const i64 *trick, i64 base, i64 n, i64 trump, const i64 *sides,
                   i64 leader, i64 tlen, i64 wcard, i64 wseat, i64 led, i64 legal, i64 live) {
    i64 seat = wrap(leader + tlen, n);
    i64 side = sides[seat];
    i64 c = -1;
    if (sides[wseat] == side && holds(hands, trick, base, n, trump, sides, leader, tlen, wcard, led)) {
        c = wcard;
    } else {
        i64 follow = legal & (SUIT << (13 * led));
        if (follow)
            c = highbit(follow);
        else if (trump >= 0 && led != trump && ((legal >> (13 * trump)) & SUIT))
            c = highbit(legal & (SUIT << (13 * trump)));
        if (c >= 0 && !(beats(c, wcard, trump) && holds(hands, trick, base, n, trump, sides, leader, tlen, c, led)))
            c = -1;
        if (c < 0 && tlen == 1 && n == 4) {
            c = fourth_wins(hands, trump, sides, seat, led, wcard);
            i64 p3 = wrap(seat + 1, 4), p4 = wrap(seat + 2, 4);
            if (c < 0 && sides[p4] == side && ((hands[p4] >> (13 * led)) & SUIT) == 0 && trump >= 0
                && led != trump && ((hands[p4] >> (13 * trump)) & SUIT)
                && (((hands[p3] >> (13 * led)) & SUIT) || ((hands[p3] >> (13 * trump)) & SUIT) == 0))
                return 0;
        }
    }
    if (c < 0) return -1;
    i64 cs = suit_of(c);
    int rival = 0;
    for (i64 j = 0; j < tlen; j++) {
        i64 t = trick[base + j];
        if (t != c && suit_of(t) == cs) rival = 1;
    }
    for (i64 j = tlen + 1; j < n; j++) {
        i64 p = wrap(leader + j, n);
        if (sides[p] != side) {
            bool follows = ((hands[p] >> (13 * led)) & SUIT) != 0;
            if (((hands[p] >> (13 * cs)) & SUIT) && (cs == led ? follows : !follows)) rival = 1;
        }
    }
    if (rival == 0) return 0;
    return popc(((live >> (13 * cs)) & SUIT) >> (c - 13 * cs)) << (4 * cs);
}

/* ---- the search (_search.py) ---- */

INL i64 run_tops(i64 legal, i64 live) {
#if defined(__BMI2__)
    i64 out = 0;
    for (int s = 0; s < 4; s++) {
        i64 hs = (legal >> (13 * s)) & SUIT;
        if (hs) {
            i64 ls = (live >> (13 * s)) & SUIT;
            i64 x = (i64)_pext_u64((u64)hs, (u64)ls);
            out |= (i64)_pdep_u64((u64)(x & ~(x >> 1)), (u64)ls) << (13 * s);
        }
    }
    return out;
#endif
    i64 tops = legal, bits = legal;
    while (bits) {
        i64 c = lowbit(bits);
        bits &= bits - 1;
        i64 above = live & (SUIT << (13 * suit_of(c))) & ~((((i64)2) << c) - 1);
        if (above && ((legal >> lowbit(above)) & 1)) tops ^= ONE << c;
    }
    return tops;
}

INL i64 lift(i64 k, i64 s, i64 child_live, i64 parent_live) {
    if (k == 0) return 0;
    i64 bits = (child_live >> (13 * s)) & SUIT;
    if (k > popc(bits)) return popc((parent_live >> (13 * s)) & SUIT);
    return popc(((parent_live >> (13 * s)) & SUIT) >> kth_highest(bits, k));
}

INL i64 same_as(i64 c, i64 rel, i64 live, i64 hand) {
    i64 s = suit_of(c);
    i64 k = (rel >> (4 * s)) & 15;
    i64 ls = (live >> (13 * s)) & SUIT;
    if (popc(ls >> (c - 13 * s)) <= k) return 0;
    if (k > 0) ls &= (ONE << kth_highest(ls, k)) - 1;
    return (ls << (13 * s)) & hand;
}

INL i64 cover_runs(i64 rel, i64 hand, i64 legal, i64 live) {
    for (int s = 0; s < 4; s++) {
        i64 mine = (legal >> (13 * s)) & SUIT;
        if (!mine) continue;
        i64 ls = (live >> (13 * s)) & SUIT, hs = (hand >> (13 * s)) & SUIT;
        i64 k = (rel >> (4 * s)) & 15;
        bool changed = true;
        while (changed && k > 0) {
            changed = false;
            if (k > popc(ls)) break;
            i64 x = kth_highest(ls, k);
            i64 below = ls & ((ONE << x) - 1);
            if (below == 0) break;
            i64 y = highbit(below);
            if (((hs >> x) & 1) && ((hs >> y) & 1) && ((mine >> y) & 1)) {
                k += 1;
                changed = true;
            }
        }
        rel = (rel & ~((i64)15 << (4 * s))) | (k << (4 * s));
    }
    return rel;
}

INL i64 discard_score(i64 hand, i64 s) { return (popc(hand & (SUIT << (13 * s))) * 64) / 32; }

INL bool all_held(i64 cards, i64 hand) { return (cards & ~hand) == 0; }

INL i64 lead_suit_score(i64 lenkey, i64 n, i64 trump, const i64 *sides, i64 seat, i64 rem, i64 s) {
    if (n == 2) {
        i64 k = tlen_of(lenkey, 1 - seat, s);
        if (k > 0) return -3 * LEAD_REPLY * k;
        return -2 * LEAD_REPLY * (rem + 1) + ((trump >= 0 && tlen_of(lenkey, 1 - seat, trump)) ? 100 : 0);
    }
    i64 sc = 0;
    for (i64 j = 1; j < n; j++) {
        i64 p = wrap(seat + j, n);
        i64 k = tlen_of(lenkey, p, s);
        if (sides[p] != sides[seat]) sc -= LEAD_REPLY * (k > 0 ? k : rem + 1);
        if (k == 0 && s != trump && trump >= 0 && tlen_of(lenkey, p, trump))
            sc += sides[p] == sides[seat] ? 60 : -60;
    }
    return sc;
}

INL bool hopeless_of(const i64 *hands, const i64 *sides, i64 leader, i64 seat, i64 legal, i64 live, i64 led,
                     i64 wcard, i64 wseat, i64 *force_out) {
    *force_out = -1;
    i64 my_side = sides[seat];
    if (!(((legal >> (13 * led)) & SUIT) && sides[leader] == my_side && sides[wrap(seat + 1, 4)] != my_side
          && sides[wrap(leader + 1, 4)] != my_side))
        return false;
    i64 f4 = hands[wrap(seat + 1, 4)] & (SUIT << (13 * led));
    if (!(f4 && highbit(f4) > highbit(legal))) return false;
    i64 gap = live & (SUIT << (13 * led)) & ~f4 & ((ONE << highbit(f4)) - 1);
    i64 sec = gap ? f4 & ((ONE << highbit(gap)) - 1) : 0;
    i64 floor_ = sec ? highbit(sec) : -1;
    if (suit_of(wcard) != led) {
        floor_ = -1;
    } else if (sides[wseat] == my_side) {
        if (wcard > floor_) floor_ = -1;
    } else if (wcard > floor_) {
        floor_ = wcard;
    }
    i64 force = -1;
    if (floor_ >= 0) {
        i64 above = legal & ~((((i64)2) << floor_) - 1);
        if (above) force = lowbit(above);
    }
    *force_out = force;
    return true;
}

INL i64 follow_score(const i64 *hands, const i64 *trick, i64 base, i64 n, i64 trump, const i64 *sides,
                     i64 leader, i64 tlen, i64 seat, i64 mode, i64 c, i64 legal, i64 live, i64 wcard, i64 led,
                     bool last, bool pairs, bool partner_sure, bool hopeless, i64 force) {
    i64 hand = hands[seat];
    i64 s = suit_of(c);
    i64 r = c - 13 * s;
    i64 sc;
    if (partner_sure) {
        sc = 200 - r;
        if (beats(c, wcard, trump)) sc -= 60;
        if (s == trump && led != trump)
            sc -= 40;
        else if (s != led && mode == 0)
            sc += discard_score(hand, s);
    } else if (hopeless) {
        sc = 100 - r;
        if (force >= 0 && c >= force && all_held(live & ~((ONE << force) - 1) & ((((i64)2) << c) - 1), legal))
            sc = 150;
    } else if (beats(c, wcard, trump)) {
        if (last || holds(hands, trick, base, n, trump, sides, leader, tlen, c, led)) {
            sc = 400 - r;
            if (s == trump && led != trump) sc -= 20;
        } else {
            sc = 250 - r;
            if (tlen == 1 && pairs && s == led) {
                i64 p4 = hands[wrap(seat + 2, 4)] & (SUIT << (13 * led));
                if (p4 && highbit(p4) > wcard) sc = 90 - r;
            }
        }
    } else {
        sc = 100 - r;
        if (s == trump)
            sc -= 30;
        else if (s != led && mode == 0)
            sc += discard_score(hand, s);
    }
    return sc;
}

INL i64 pick(i64 *work, i64 mb, i64 sb, i64 i, i64 nm) {
    i64 bi = i;
    for (i64 j = i + 1; j < nm; j++)
        if (work[sb + j] > work[sb + bi]) bi = j;
    i64 c = work[mb + bi];
    work[mb + bi] = work[mb + i];
    work[sb + bi] = work[sb + i];
    work[mb + i] = c;
    return c;
}

INL i64 trick_relevance(const i64 *work, const i64 *trick, i64 base, i64 n, i64 nwi, i64 live, i64 rem) {
    i64 child = work[REL + 4 * (rem - 1)];
    i64 tcards = 0, tsuits = 0;
    for (i64 t = 0; t < n; t++) {
        tcards |= ONE << trick[base + t];
        tsuits |= ONE << suit_of(trick[base + t]);
    }
    i64 child_live = live & ~tcards;
    i64 crel = child;
    for (int su = 0; su < 4; su++) {
        i64 k = (child >> (4 * su)) & 15;
        if (((tsuits >> su) & 1) && k) crel += (lift(k, su, child_live, live) - k) << (4 * su);
    }
    i64 wc = trick[base + nwi];
    i64 ws = suit_of(wc);
    for (i64 t = 0; t < n; t++) {
        if (t != nwi && suit_of(trick[base + t]) == ws) {
            i64 kw = popc(((live >> (13 * ws)) & SUIT) >> (wc - 13 * ws));
            crel = kmax(crel, kw << (4 * ws));
            break;
        }
    }
    return crel;
}

INL i64 trick_relevance2(const i64 *work, const i64 *trick, i64 base, i64 nwi, i64 live, i64 rem) {
    i64 c0 = trick[base], c1 = trick[base + 1];
    i64 s0 = suit_of(c0), s1 = suit_of(c1);
    i64 child = work[REL + 4 * (rem - 1)];
    i64 child_live = live & ~((ONE << c0) | (ONE << c1));
    i64 crel = child;
    i64 k = (child >> (4 * s0)) & 15;
    if (k) crel += (lift(k, s0, child_live, live) - k) << (4 * s0);
    if (s1 != s0) {
        k = (child >> (4 * s1)) & 15;
        if (k) crel += (lift(k, s1, child_live, live) - k) << (4 * s1);
    } else {
        i64 wc = nwi == 1 ? c1 : c0;
        i64 kw = popc(((live >> (13 * s0)) & SUIT) >> (wc - 13 * s0));
        crel = kmax(crel, kw << (4 * s0));
    }
    return crel;
}

INL i64 enter(i64 *work, i64 mode, i64 need, i64 rem, i64 ply) {
    i64 *stats = work + STATS;
    stats[NODES] += 1;
    if (stats[NODE_LIMIT] > 0 && stats[NODES] > stats[NODE_LIMIT]) {
        stats[OVER_LIMIT] = 1;
        return 0;
    }
    work[REL + ply] = 0;
    return settled(mode, need, rem);
}

INL i64 follow_moves(i64 *work, const i64 *hands, const i64 *trick, i64 base, i64 n, i64 trump,
                     const i64 *sides, i64 leader, i64 tlen, i64 seat, i64 mode, i64 legal, i64 live, i64 wcard,
                     i64 led, bool last, bool pairs, bool partner_sure, bool hopeless, i64 force, i64 mb) {
    i64 nm = 0;
    i64 bits = run_tops(legal, live);
    if ((bits & (bits - 1)) == 0) {  /* one card to play: nothing to order */
        work[mb] = lowbit(bits);
        work[mb + 13] = 0;
        return 1;
    }
    while (bits) {
        i64 c = lowbit(bits);
        bits &= bits - 1;
        work[mb + nm] = c;
        work[mb + 13 + nm] = follow_score(hands, trick, base, n, trump, sides, leader, tlen, seat, mode, c,
                                          legal, live, wcard, led, last, pairs, partner_sure, hopeless, force);
        nm += 1;
    }
    return nm;
}

static bool search(i64 *work, i64 *tt, i64 ttlen, i64 n, i64 trump, i64 mode, i64 need, i64 leader, i64 tlen,
                   i64 rem, i64 gen);

INL bool last_hand(i64 *work, i64 *tt, i64 ttlen, i64 n, i64 trump, i64 mode, i64 need, i64 leader,
                      i64 rem, i64 gen) {
    i64 *hands = work + HANDS, *trick = work + TRICK;
    const i64 *sides = work + SIDES;
    i64 tlen = n - 1, base = 4 * rem, ply = base + tlen, rslot = REL + ply;
    i64 done = enter(work, mode, need, rem, ply);
    if (done >= 0) return done == 1;
    i64 live = hands[0] | hands[1] | hands[2] | hands[3];
    for (i64 i = 0; i < tlen; i++) live |= ONE << trick[base + i];
    i64 seat = wrap(leader + tlen, n);
    i64 hand = hands[seat];
    i64 led = suit_of(trick[base]);
    i64 legal = hand & (SUIT << (13 * led));
    if (legal == 0) legal = hand;
    i64 wi = work[WIN + ply];
    i64 wcard = trick[base + wi];
    i64 my_side = sides[seat];
    bool partner_sure = sides[wrap(leader + wi, n)] == my_side;
    i64 mb = 26 * ply, sb = mb + 13;
    i64 nm = follow_moves(work, hands, trick, base, n, trump, sides, leader, tlen, seat, mode, legal, live,
                          wcard, led, true, false, partner_sure, false, -1, mb);
    bool is_or = my_side == 1;
    bool result = !is_or;
    i64 rel = 0, skip = 0;
    for (i64 i = 0; i < nm; i++) {
        i64 c = pick(work, mb, sb, i, nm);
        i64 cbit = ONE << c;
        if (skip & cbit) continue;
        hands[seat] ^= cbit;
        trick[base + tlen] = c;
        i64 nwi = beats(c, wcard, trump) ? tlen : wi;
        i64 w = wrap(leader + nwi, n);
        bool v = search(work, tt, ttlen, n, trump, mode, need - sides[w], w, 0, rem - 1, gen);
        i64 crel = trick_relevance(work, trick, base, n, nwi, live, rem);
        hands[seat] ^= cbit;
        if (v == is_or) {
            result = v;
            rel = crel;
            break;
        }
        rel = kmax(rel, crel);
        skip |= same_as(c, crel, live, hand);
    }
    if (result != is_or) rel = cover_runs(rel, hand, legal, live);
    work[rslot] = rel;
    return result;
}

INL bool third_hand(i64 *work, i64 *tt, i64 ttlen, i64 trump, i64 mode, i64 need, i64 leader, i64 rem,
                       i64 gen) {
    i64 *hands = work + HANDS, *trick = work + TRICK;
    const i64 *sides = work + SIDES;
    const i64 n = 4, tlen = 2;
    i64 base = 4 * rem, ply = base + tlen, rslot = REL + ply;
    i64 done = enter(work, mode, need, rem, ply);
    if (done >= 0) return done == 1;
    i64 live = hands[0] | hands[1] | hands[2] | hands[3] | (ONE << trick[base]) | (ONE << trick[base + 1]);
    i64 seat = wrap(leader + tlen, n);
    i64 hand = hands[seat];
    i64 led = suit_of(trick[base]);
    i64 legal = hand & (SUIT << (13 * led));
    if (legal == 0) legal = hand;
    i64 wi = work[WIN + ply];
    i64 wcard = trick[base + wi];
    i64 wseat = wrap(leader + wi, n);
    i64 my_side = sides[seat];
    if (mode == 0 && (my_side == 1 ? need <= 1 : need >= rem)) {
        i64 k = sure_trick(hands, trick, base, n, trump, sides, leader, tlen, wcard, wseat, led, legal, live);
        if (k >= 0) {
            work[rslot] = k;
            return my_side == 1;
        }
    }
    bool pairs = sides[wrap(seat + 2, n)] == my_side && sides[wrap(seat + 1, n)] != my_side;
    bool partner_sure = sides[wseat] == my_side
                        && holds(hands, trick, base, n, trump, sides, leader, tlen, wcard, led);
    i64 force;
    bool hopeless = hopeless_of(hands, sides, leader, seat, legal, live, led, wcard, wseat, &force);
    i64 mb = 26 * ply, sb = mb + 13;
    i64 nm = follow_moves(work, hands, trick, base, n, trump, sides, leader, tlen, seat, mode, legal, live,
                          wcard, led, false, pairs, partner_sure, hopeless, force, mb);
    bool is_or = my_side == 1;
    bool result = !is_or;
    i64 rel = 0, skip = 0;
    for (i64 i = 0; i < nm; i++) {
        i64 c = pick(work, mb, sb, i, nm);
        i64 cbit = ONE << c;
        if (skip & cbit) continue;
        hands[seat] ^= cbit;
        trick[base + tlen] = c;
        work[WIN + ply + 1] = beats(c, wcard, trump) ? tlen : wi;
        bool v = last_hand(work, tt, ttlen, n, trump, mode, need, leader, rem, gen);
        i64 crel = work[REL + ply + 1];
        hands[seat] ^= cbit;
        if (v == is_or) {
            result = v;
            rel = crel;
            break;
        }
        rel = kmax(rel, crel);
        skip |= same_as(c, crel, live, hand);
    }
    if (result != is_or) rel = cover_runs(rel, hand, legal, live);
    work[rslot] = rel;
    return result;
}

INL bool second_hand(i64 *work, i64 *tt, i64 ttlen, i64 trump, i64 mode, i64 need, i64 leader, i64 rem,
                        i64 gen) {
    i64 *hands = work + HANDS, *trick = work + TRICK;
    const i64 *sides = work + SIDES;
    const i64 n = 4, tlen = 1;
    i64 base = 4 * rem, ply = base + tlen, rslot = REL + ply;
    i64 done = enter(work, mode, need, rem, ply);
    if (done >= 0) return done == 1;
    i64 wcard = trick[base];
    i64 live = hands[0] | hands[1] | hands[2] | hands[3] | (ONE << wcard);
    i64 seat = wrap(leader + 1, n);
    i64 hand = hands[seat];
    i64 led = suit_of(wcard);
    i64 legal = hand & (SUIT << (13 * led));
    if (legal == 0) legal = hand;
    i64 my_side = sides[seat];
    bool fw = trump >= 0 && fourth_wins(hands, trump, sides, seat, led, wcard) >= 0;
    if (mode == 0 && (my_side == 1 ? need <= 1 : need >= rem)) {
        i64 k = sure_trick(hands, trick, base, n, trump, sides, leader, tlen, wcard, leader, led, legal, live);
        if (k >= 0) {
            work[rslot] = k;
            return my_side == 1;
        }
    }
    bool pairs = sides[wrap(seat + 2, n)] == my_side && sides[wrap(seat + 1, n)] != my_side;
    bool partner_sure = fw || (sides[leader] == my_side
                               && holds(hands, trick, base, n, trump, sides, leader, tlen, wcard, led));
    i64 mb = 26 * ply, sb = mb + 13;
    i64 nm = follow_moves(work, hands, trick, base, n, trump, sides, leader, tlen, seat, mode, legal, live,
                          wcard, led, false, pairs, partner_sure, false, -1, mb);
    bool is_or = my_side == 1;
    bool result = !is_or;
    i64 rel = 0, skip = 0;
    for (i64 i = 0; i < nm; i++) {
        i64 c = pick(work, mb, sb, i, nm);
        i64 cbit = ONE << c;
        if (skip & cbit) continue;
        hands[seat] ^= cbit;
        trick[base + tlen] = c;
        work[WIN + ply + 1] = beats(c, wcard, trump) ? tlen : 0;
        bool v = third_hand(work, tt, ttlen, trump, mode, need, leader, rem, gen);
        i64 crel = work[REL + ply + 1];
        hands[seat] ^= cbit;
        if (v == is_or) {
            result = v;
            rel = crel;
            break;
        }
        rel = kmax(rel, crel);
        skip |= same_as(c, crel, live, hand);
    }
    if (result != is_or) rel = cover_runs(rel, hand, legal, live);
    work[rslot] = rel;
    return result;
}

INL i64 two_candidates(i64 legal, i64 led, i64 wcard) {
    i64 cand = 0;
    if ((legal >> (13 * led)) & SUIT) {
        i64 below = legal & ((ONE << wcard) - 1);
        i64 above = legal & ~below;
        cand = (below & -below) | (above & -above);
    } else {
        for (int su = 0; su < 4; su++) {
            i64 m = legal & (SUIT << (13 * su));
            cand |= m & -m;
        }
    }
    return cand;
}

INL bool two_follow(i64 *work, i64 *tt, i64 ttlen, i64 trump, i64 mode, i64 need, i64 leader, i64 rem,
                       i64 gen) {
    i64 *hands = work + HANDS, *trick = work + TRICK;
    const i64 *sides = work + SIDES;
    const i64 n = 2, tlen = 1;
    i64 base = 4 * rem, ply = base + 1, rslot = REL + ply;
    i64 done = enter(work, mode, need, rem, ply);
    if (done >= 0) return done == 1;
    i64 wcard = trick[base];
    i64 live = hands[0] | hands[1] | (ONE << wcard);
    i64 seat = wrap(leader + 1, n);
    i64 hand = hands[seat];
    i64 led = suit_of(wcard);
    i64 legal = hand & (SUIT << (13 * led));
    if (legal == 0) legal = hand;
    if (mode == 0) legal = two_candidates(legal, led, wcard);
    i64 my_side = sides[seat];
    i64 mb = 26 * ply;
    i64 nm = follow_moves(work, hands, trick, base, n, trump, sides, leader, tlen, seat, mode, legal, live,
                          wcard, led, true, false, sides[leader] == my_side, false, -1, mb);
    bool is_or = my_side == 1;
    bool result = !is_or;
    i64 rel = 0, skip = 0;
    for (i64 i = 0; i < nm; i++) {
        i64 c = pick(work, mb, mb + 13, i, nm);
        i64 cbit = ONE << c;
        if (skip & cbit) continue;
        hands[seat] ^= cbit;
        trick[base + 1] = c;
        i64 nwi = beats(c, wcard, trump) ? 1 : 0;
        i64 w = wrap(leader + nwi, n);
        bool v = search(work, tt, ttlen, n, trump, mode, need - sides[w], w, 0, rem - 1, gen);
        i64 crel = trick_relevance2(work, trick, base, nwi, live, rem);
        hands[seat] ^= cbit;
        if (v == is_or) {
            result = v;
            rel = crel;
            break;
        }
        rel = kmax(rel, crel);
        skip |= same_as(c, crel, live, hand);
    }
    if (result != is_or) rel = cover_runs(rel, hand, legal, live);
    work[rslot] = rel;
    return result;
}

/* the trump bounds at the start of a trick: 1 or 0 when they settle the node, else -1 */
static int trump_bounds(i64 *work, const i64 *hands, i64 n, i64 trump, const i64 *sides, i64 mode, i64 need,
                        i64 leader, i64 rem, i64 lenkey, i64 rslot) {
    i64 long1 = 0, long0 = 0;
    for (i64 i = 0; i < n; i++) {
        i64 k = tlen_of(lenkey, i, trump);
        if (sides[i])
            long1 = imax(long1, k);
        else
            long0 = imax(long0, k);
    }
    i64 lo = 0, klo = 0, st = 0, khi = 0;
    if (long1 >= need + (mode != 0)) lo = sure_trumps(hands, n, trump, sides, 1, mode == 0, leader, &klo);
    if (long0 >= rem - need + (mode != 1)) st = sure_trumps(hands, n, trump, sides, 0, mode == 0, leader, &khi);
    i64 hi = rem - st;
    if (mode == 0) {
        if (lo >= need) { work[rslot] = needed(klo, lo, need) << (4 * trump); return 1; }
        if (hi < need) { work[rslot] = needed(khi, st, rem - need + 1) << (4 * trump); return 0; }
    } else if (mode == 1) {
        if (hi <= need) { work[rslot] = needed(khi, st, rem - need) << (4 * trump); return 1; }
        if (lo > need) { work[rslot] = needed(klo, lo, need + 1) << (4 * trump); return 0; }
    } else {
        if (hi < need) { work[rslot] = needed(khi, st, rem - need + 1) << (4 * trump); return 0; }
        if (lo > need) { work[rslot] = needed(klo, lo, need + 1) << (4 * trump); return 0; }
    }
    return -1;
}

/* no trumps out, four hands in two pairs, and the side on lead needs every trick left
 * (as _bounds._later_tricks): 1 or 0 where the other side is sure of a trick, else -1 */
static int later_tricks(i64 *work, const i64 *hands, i64 trump, const i64 *sides, i64 need, i64 leader,
                        i64 rem, i64 lenkey, i64 rslot) {
    i64 side = sides[leader];
    if (side == 1 ? need != rem : need != 1) return -1;
    i64 part = wrap(leader + 2, 4);
    if (sides[part] != side || sides[wrap(leader + 1, 4)] == side || sides[wrap(leader + 3, 4)] == side) return -1;
    i64 every = hands[0] | hands[1] | hands[2] | hands[3];
    if (trump >= 0 && ((every >> (13 * trump)) & SUIT)) return -1;
    i64 ours = hands[leader] | hands[part];
    i64 sum = 0, ks = 0;
    for (int s = 0; s < 4; s++) {
        i64 all = (every >> (13 * s)) & SUIT;
        if (!all) continue;
        i64 top = highbit(all) + 13 * s;
        if ((ours >> top) & 1) {
            sum += imax(tlen_of(lenkey, leader, s), tlen_of(lenkey, part, s));
        } else {
            for (i64 i = 0; i < 4; i++)
                if (!((hands[i] >> top) & 1) && ((hands[i] >> (13 * s)) & SUIT)) ks |= ONE << (4 * s);
        }
    }
    if (sum >= rem) return -1;
    work[rslot] = ks;
    return side == 1 ? 0 : 1;
}

static void store(i64 *work, i64 *tt, i64 ttlen, i64 mode, i64 need, i64 leader, i64 gen, i64 lenkey,
                  const i64 *codes, i64 rel, bool result, i64 best) {
    i64 *stats = work + STATS;
    i64 ka, kb;
    top_key(codes, rel, leader, &ka, &kb);
    i64 nent = ttlen / (ENTRY + 1);
    if (stats[REPLACED] > (stats[IN_USE] >> 2) && stats[FULL_SIZE] > stats[IN_USE])
        grow(tt, ttlen, stats, gen, work);
    i64 nuse = stats[IN_USE] > 0 ? stats[IN_USE] : nent;
    i64 level = stats[TT_LEVELS] > 1 ? level_of(codes, rel, stats[TT_LEVELS]) : 0;
    i64 bucket = bucket_of(lenkey, leader, codes, level, nuse / BUCKET - 1) * BUCKET;
    i64 target = -1;
    i64 tags = ENTRY * nent;
    i64 tag = tag_of(lenkey, leader, gen);
    i64 m = lanes16(tt + tags + bucket, 0xFFFFFFFF, tag);
    while (m) {
        i64 e = (bucket + lowbit(m)) * ENTRY;
        m &= m - 1;
        if (tt[e + E_LENS] == lenkey && tt[e + E_REL] == rel && tt[e + E_KEY_A] == ka && tt[e + E_KEY_B] == kb
            && (tt[e + E_VALUE] >> 32) == gen) {
            target = e;
            break;
        }
    }
    i64 old;
    if (target >= 0) {
        old = tt[target + E_VALUE] & (i64)0xFFFFFFFF;
    } else {
        old = 0;
        i64 fresh = lanes16(tt + tags + bucket, GEN_MASK, gen & GEN_MASK);
        if (fresh != 0xFFFF) {
            target = (bucket + lowbit(~fresh)) * ENTRY;
        } else {
            target = (bucket + lowbit(oldest16(tt + tags + bucket))) * ENTRY;
            stats[REPLACED] += 1;
        }
    }
    i64 win = old & GOAL_BITS, lose = (old >> 16) & GOAL_BITS;
    if (result) {
        if (mode == 0) win |= (((i64)2) << need) - 1;
        else if (mode == 1) win |= GOAL_BITS & ~((ONE << need) - 1);
        else win |= ONE << need;
    } else {
        if (mode == 0) lose |= GOAL_BITS & ~((ONE << need) - 1);
        else if (mode == 1) lose |= (((i64)2) << need) - 1;
        else lose |= ONE << need;
    }
    tt[tags + target / ENTRY] = (tag << 32) | (stats[NODES] & 0xFFFFFFFF);
    tt[target + E_LENS] = lenkey;
    tt[target + E_KEY_A] = ka;
    tt[target + E_KEY_B] = kb;
    tt[target + E_REL] = rel;
    tt[target + E_VALUE] = (gen << 32) | (lose << 16) | win;
    tt[target + E_BEST] = best;
}

/* Can the declaring side reach the goal from this node? (as _search.search; the library's
 * own calls go straight here, not through the exported ow_search) */
static bool search(i64 *work, i64 *tt, i64 ttlen, i64 n, i64 trump, i64 mode, i64 need, i64 leader, i64 tlen,
                   i64 rem, i64 gen) {
    i64 *hands = work + HANDS, *trick = work + TRICK;
    const i64 *sides = work + SIDES;
    i64 *stats = work + STATS;
    stats[NODES] += 1;
    if (tlen == 0) stats[TRICK_STARTS] += 1;
    if (stats[NODE_LIMIT] > 0 && stats[NODES] > stats[NODE_LIMIT]) {
        stats[OVER_LIMIT] = 1;
        return false;
    }
    i64 base = 4 * rem, ply = base + tlen, rslot = REL + ply;
    work[rslot] = 0;
    i64 done = settled(mode, need, rem);
    if (done >= 0) return done == 1;
    i64 live = hands[0] | hands[1] | hands[2] | hands[3];
    for (i64 i = 0; i < tlen; i++) live |= ONE << trick[base + i];
    if (rem == 1) {
        for (i64 i = tlen; i < n; i++) {
            i64 seat = wrap(leader + i, n);
            trick[base + i] = lowbit(hands[seat]);
        }
        i64 wi = trick_winner(trick, base, n, trump);
        i64 w = wrap(leader + wi, n);
        i64 wc = trick[base + wi];
        i64 ws = suit_of(wc);
        for (i64 i = 0; i < n; i++) {
            if (i != wi && suit_of(trick[base + i]) == ws) {
                work[rslot] = popc(((live >> (13 * ws)) & SUIT) >> (wc - 13 * ws)) << (4 * ws);
                break;
            }
        }
        return goal_met(mode, need - sides[w]);
    }

    i64 *codes = work + REL + 56 + 8 * ply;
    bool stores = false;
    i64 lenkey = 0, hashmove = -1;
    if (tlen == 0) {
        lenkey = suit_codes(hands, codes);
        i64 nent = ttlen / (ENTRY + 1);
        i64 tags = ENTRY * nent;
        i64 tag = tag_of(lenkey, leader, gen);
        i64 nmask = (stats[IN_USE] > 0 ? stats[IN_USE] : nent) / BUCKET - 1;
        i64 levels = stats[TT_LEVELS];
        for (i64 lv = 0; lv < levels; lv++) {
            i64 bk = bucket_of(lenkey, leader, codes, lv, nmask) * BUCKET;
            work[BKS + lv] = bk;
            __builtin_prefetch(tt + tags + bk, 0, 3);
            __builtin_prefetch(tt + tags + bk + 8, 0, 3);
        }
        for (i64 lv = 0; lv < levels; lv++) {
            i64 bk = work[BKS + lv];
            i64 m = lanes16(tt + tags + bk, 0xFFFFFFFF, tag);
            while (m) {
                i64 j = lowbit(m);
                m &= m - 1;
                i64 e = (bk + j) * ENTRY;
                if (tt[e + E_LENS] == lenkey && (tt[e + E_VALUE] >> 32) == gen) {
                    i64 ks = tt[e + E_REL];
                    i64 ka, kb;
                    top_key(codes, ks, leader, &ka, &kb);
                    if (tt[e + E_KEY_A] == ka && tt[e + E_KEY_B] == kb) {
                        if (hashmove < 0 && (tt[e + E_BEST] & 255) != NO_CARD) hashmove = tt[e + E_BEST] & 255;
                        i64 v = tt[e + E_VALUE];
                        tt[tags + bk + j] = (tag << 32) | (stats[NODES] & 0xFFFFFFFF);
                        if ((tt[e + E_BEST] & 255) != NO_CARD && (((v >> need) & 1) || ((v >> (16 + need)) & 1)))
                            work[KILL_BEST + rem] = tt[e + E_BEST] & 255;
                        if ((v >> need) & 1) {
                            stats[HITS] += 1;
                            work[rslot] = ks;
                            return true;
                        }
                        if ((v >> (16 + need)) & 1) {
                            stats[HITS] += 1;
                            work[rslot] = ks;
                            return false;
                        }
                    }
                }
            }
        }
        stores = true;
        if (mode == 0) {
            i64 want = sides[leader] == 1 ? need : rem - need + 1;
            i64 qt, qks;
            if (n == 2)
                qt = quick_tricks2(hands, trump, leader, &qks);
            else
                qt = quick_tricks(hands, n, trump, sides, leader, lenkey, want, &qks);
            if (qt >= want) {
                work[rslot] = qks;
                return sides[leader] == 1;
            }
        }
        if (trump >= 0) {
            int b = trump_bounds(work, hands, n, trump, sides, mode, need, leader, rem, lenkey, rslot);
            if (b >= 0) return b == 1;
        }
        if (mode == 0 && n == 4) {
            int b = later_tricks(work, hands, trump, sides, need, leader, rem, lenkey, rslot);
            if (b >= 0) return b == 1;
        }
    }

    i64 seat = wrap(leader + tlen, n);
    i64 hand = hands[seat];
    i64 led = -1;
    i64 legal = hand;
    if (tlen > 0) {
        led = suit_of(trick[base]);
        i64 follow = hand & (SUIT << (13 * led));
        if (follow) legal = follow;
    }
    i64 wcard = -1, wseat = -1, wi = 0;
    if (tlen > 0) {
        wi = work[WIN + ply];
        wcard = trick[base + wi];
        wseat = wrap(leader + wi, n);
    }
    bool last = tlen == n - 1;
    i64 my_side = sides[seat];
    bool fw = tlen == 1 && n == 4 && trump >= 0 && fourth_wins(hands, trump, sides, seat, led, wcard) >= 0;
    if (mode == 0 && 0 < tlen && tlen < n - 1 && (my_side == 1 ? need <= 1 : need >= rem)) {
        i64 k = sure_trick(hands, trick, base, n, trump, sides, leader, tlen, wcard, wseat, led, legal, live);
        if (k >= 0) {
            work[rslot] = k;
            return my_side == 1;
        }
    }
    if (n == 2 && tlen == 1 && mode == 0) legal = two_candidates(legal, led, wcard);
    i64 leads[4] = {0, 0, 0, 0};
    bool pairs = n == 4 && sides[wrap(seat + 2, n)] == my_side && sides[wrap(seat + 1, n)] != my_side;
    if (tlen == 0)
        for (int s = 0; s < 4; s++) leads[s] = lead_suit_score(lenkey, n, trump, sides, seat, rem, s);
    bool partner_sure = tlen > 0 && (fw || (sides[wseat] == my_side
                                            && (last || holds(hands, trick, base, n, trump, sides, leader, tlen,
                                                              wcard, led))));
    bool hopeless = false;
    i64 force = -1;
    if (tlen == 2 && n == 4) hopeless = hopeless_of(hands, sides, leader, seat, legal, live, led, wcard, wseat, &force);

    i64 mb = 26 * ply, sb = mb + 13;
    i64 nm = 0;
    i64 bits = run_tops(legal, live);
    while (bits) {
        i64 c = lowbit(bits);
        bits &= bits - 1;
        i64 s = suit_of(c);
        i64 r = c - 13 * s;
        i64 sc = 0;
        if (tlen == 0) {
            i64 above_all = live & ~hand & (SUIT << (13 * s)) & ~((((i64)2) << c) - 1);
            if (above_all == 0) {
                sc = 200 + r;
                if (s == trump) sc += 20;
            } else {
                sc = 100 - r - 4 * popc(hand & (SUIT << (13 * s)));
                i64 ls = live & (SUIT << (13 * s));
                i64 t1 = highbit(ls);
                i64 t2 = highbit(ls ^ (ONE << t1));
                if (trump >= 0 && t2 == c && (n == 2 || pairs)) {
                    i64 t3 = highbit(ls & ((ONE << c) - 1));
                    if (t3 >= 0 && ((hand >> t3) & 1)) sc += 60;
                }
                if (n == 2) {
                    i64 o2 = hands[1 - seat] & (SUIT << (13 * s));
                    if (o2 && lowbit(o2) > c) sc -= 50;
                }
                for (i64 j = 1; j < n; j++) {
                    i64 p = wrap(seat + j, n);
                    if (sides[p] == my_side) {
                        i64 ph = hands[p] & (SUIT << (13 * s));
                        i64 opp_hi = above_all & ~hands[p];
                        if (ph && (opp_hi == 0 || highbit(ph) > highbit(opp_hi))) {
                            sc += 160;
                            break;
                        }
                    }
                }
                if (n == 4 && sides[wrap(seat + 2, 4)] == my_side) {
                    i64 rho = hands[wrap(seat + 3, 4)];
                    i64 pa = hands[wrap(seat + 2, 4)];
                    if ((((rho >> t1) & 1) || (t2 >= 0 && ((rho >> t2) & 1)))
                        && popc(rho & (SUIT << (13 * s))) != 1)
                        sc -= 60;
                    else if (((hands[wrap(seat + 1, 4)] >> t1) & 1) && t2 >= 0 && ((pa >> t2) & 1)
                             && popc(pa & (SUIT << (13 * s))) != 1)
                        sc += 100;
                }
            }
            sc += leads[s];
        } else {
            sc = follow_score(hands, trick, base, n, trump, sides, leader, tlen, seat, mode, c, legal, live,
                              wcard, led, last, pairs, partner_sure, hopeless, force);
        }
        if (tlen == 0) {
            i64 hv = (n != 2 ? LEAD_HISTORY : LEAD_HISTORY_2) * work[HIST + 52 * seat + c];
            sc += hv < HISTORY_CAP ? hv : HISTORY_CAP;
        }
        if (c == hashmove) sc += 2000;
        if (tlen == 0 && pairs) {
            if (c == work[KILL + rem])
                sc += trump >= 0 ? 100 : 5000;
            else if (c == work[KILL_BEST + rem] && trump >= 0)
                sc += 50;
        }
        work[mb + nm] = c;
        work[sb + nm] = sc;
        nm += 1;
    }

    bool is_or = my_side == 1;
    bool result = !is_or;
    i64 rel = 0, best = NO_CARD, skip = 0;
    for (i64 i = 0; i < nm; i++) {
        i64 c = pick(work, mb, sb, i, nm);
        i64 cbit = ONE << c;
        if (skip & cbit) continue;
        hands[seat] ^= cbit;
        trick[base + tlen] = c;
        i64 nwi = (tlen == 0 || beats(c, wcard, trump)) ? tlen : wi;
        bool v;
        i64 crel;
        if (tlen + 1 == n) {
            i64 w = wrap(leader + nwi, n);
            v = search(work, tt, ttlen, n, trump, mode, need - sides[w], w, 0, rem - 1, gen);
            crel = trick_relevance(work, trick, base, n, nwi, live, rem);
        } else {
            work[WIN + ply + 1] = nwi;
            if (tlen == 0 && n == 4)
                v = second_hand(work, tt, ttlen, trump, mode, need, leader, rem, gen);
            else if (tlen == 0 && n == 2)
                v = two_follow(work, tt, ttlen, trump, mode, need, leader, rem, gen);
            else
                v = search(work, tt, ttlen, n, trump, mode, need, leader, tlen + 1, rem, gen);
            crel = work[REL + ply + 1];
        }
        hands[seat] ^= cbit;
        if (v == is_or) {
            if (tlen == 0) work[KILL + rem] = c;
            if (tlen == 0 && i > 0) work[HIST + 52 * seat + c] += rem;
            result = v;
            rel = crel;
            best = c;
            break;
        }
        rel = kmax(rel, crel);
        skip |= same_as(c, crel, live, hand);
    }
    if (result != is_or) rel = cover_runs(rel, hand, legal, live);
    work[rslot] = rel;
    if (stores && stats[OVER_LIMIT] == 0)
        store(work, tt, ttlen, mode, need, leader, gen, lenkey, codes, rel, result, best);
    return result;
}

static void shares(const i64 *hands, i64 n, i64 trump, const i64 *sides, i64 table, i64 owner, i64 *pts_,
                   i64 *tot_, i64 *trumps_) {
    i64 pts = 0, tot = 0, trumps = 0;
    for (i64 p = 0; p < n; p++) {
        i64 h = hands[p] | (p == owner ? table : 0);
        for (int su = 0; su < 4; su++) {
            i64 x = (h >> (13 * su)) & SUIT;
            i64 q = 4 * ((x >> 12) & 1) + 3 * ((x >> 11) & 1) + 2 * ((x >> 10) & 1) + ((x >> 9) & 1);
            tot += q;
            if (sides[p] == 1) pts += q;
            if (su == trump) trumps += sides[p] == 1 ? popc(x) : -popc(x);
        }
    }
    *pts_ = pts; *tot_ = tot; *trumps_ = trumps;
}

static i64 first_guess(const i64 *hands, i64 n, i64 trump, const i64 *sides, i64 mode, i64 rem, i64 table,
                       i64 owner) {
    i64 pts, tot, trumps;
    if (n == 2 && mode == 0) {
        shares(hands, n, trump, sides, table, owner, &pts, &tot, &trumps);
        if (tot == 0) return rem / 2;
        i64 est = floordiv(rem * (549 * pts + 208 * tot) + 757 * trumps * tot + 1000 * tot, 1000 * tot);
        return imin(imax(est, 0), rem);
    }
    if (n == 2) return rem / 2;
    if (mode == 1) return 0;
    if (n != 4 || mode != 0) return 1;
    shares(hands, n, trump, sides, 0, -1, &pts, &tot, &trumps);
    if (tot == 0) return 1;
    i64 est = floordiv(rem * (1285 * pts - 161 * tot) + 604 * trumps * tot + 1500 * tot, 1000 * tot);
    return imin(imax(est, 1), rem);
}

static i64 node_value(i64 *work, i64 *tt, i64 ttlen, i64 n, i64 trump, i64 mode, i64 leader, i64 tlen, i64 rem,
                  i64 guess, i64 gen) {
    i64 *stats = work + STATS;
    if (guess <= ESTIMATE) {
        i64 table = 0;
        for (i64 i = 0; i < tlen; i++) table |= ONE << work[TRICK + 4 * rem + i];
        guess = first_guess(work + HANDS, n, trump, work + SIDES, mode, rem, table, tlen < 2 ? leader : -1);
    }
    i64 lo = 0, hi = rem;
    i64 g = imin(imax(guess, lo), hi);
    i64 slot = REL + 4 * rem + tlen;
    i64 acc = 0;
    if (mode == 0) {
        while (lo < hi) {
            i64 t = imin(imax(g, lo + 1), hi);
            if (stats[OVER_LIMIT]) break;
            if (search(work, tt, ttlen, n, trump, mode, t, leader, tlen, rem, gen)) {
                lo = t;
                g = t + 1;
            } else {
                hi = t - 1;
                g = t - 1;
            }
            acc = kmax(acc, work[slot]);
        }
        work[ACC] = acc;
        return lo;
    }
    while (lo < hi) {
        i64 t = imax(imin(g, hi - 1), lo);
        if (search(work, tt, ttlen, n, trump, mode, t, leader, tlen, rem, gen)) {
            hi = t;
            g = t - 1;
        } else {
            lo = t + 1;
            g = t + 1;
        }
        acc = kmax(acc, work[slot]);
    }
    work[ACC] = acc;
    return lo;
}

static void root_values(i64 *work, i64 *tt, i64 ttlen, i64 n, i64 trump, i64 mode, i64 target, i64 leader,
                    i64 tlen, i64 rem, i64 gen, i64 *out) {
    i64 *hands = work + HANDS, *trick = work + TRICK;
    const i64 *sides = work + SIDES;
    i64 *stats = work + STATS;
    for (int i = 0; i < 52; i++) out[i] = -1;
    i64 base = 4 * rem;
    i64 seat = wrap(leader + tlen, n);
    i64 hand = hands[seat];
    i64 live = hands[0] | hands[1] | hands[2] | hands[3];
    i64 legal = hand;
    if (tlen > 0) {
        for (i64 i = 0; i < tlen; i++) live |= ONE << trick[base + i];
        i64 led = suit_of(trick[base]);
        i64 follow = hand & (SUIT << (13 * led));
        if (follow) legal = follow;
    }
    i64 guess = ESTIMATE, best = -1, same = 0;
    i64 bits = legal;
    while (bits) {
        i64 c = highbit(bits);
        bits ^= ONE << c;
        i64 s = suit_of(c);
        i64 above = live & (SUIT << (13 * s)) & ~((((i64)2) << c) - 1);
        if (above) {
            i64 up = lowbit(above);
            if ((hand >> up) & 1) {
                out[c] = out[up];
                continue;
            }
        }
        if ((same >> c) & 1) {
            out[c] = work[ACC + 1 + s];
            continue;
        }
        i64 cbit = ONE << c;
        hands[seat] ^= cbit;
        trick[base + tlen] = c;
        i64 gained = 0, nleader = leader, ntlen = tlen + 1, nrem = rem;
        if (tlen + 1 == n) {
            nleader = wrap(leader + trick_winner(trick, base, n, trump), n);
            gained = sides[nleader];
            ntlen = 0;
            nrem = rem - 1;
        } else {
            work[WIN + base + ntlen] = trick_winner(trick, base, ntlen, trump);
        }
        if (target < 0) {
            i64 v = nrem == 0 ? 0 : node_value(work, tt, ttlen, n, trump, mode, nleader, ntlen, nrem,
                                                  guess - gained, gen);
            out[c] = v + gained;
            if (best < 0 || (mode == 0 ? out[c] > best : out[c] < best)) best = out[c];
            guess = mode == 0 ? best : best - 1;
        } else {
            bool ok = nrem == 0 ? goal_met(mode, target - gained)
                                : search(work, tt, ttlen, n, trump, mode, target - gained, nleader, ntlen, nrem,
                                            gen);
            out[c] = ok ? 1 : 0;
            work[ACC] = work[REL + 4 * nrem + ntlen];
        }
        hands[seat] ^= cbit;
        if (stats[OVER_LIMIT]) return;
        if (ntlen > 0) {
            i64 equal = same_as(c, work[ACC], live, hand);
            if (equal) {
                same |= equal;
                work[ACC + 1 + s] = out[c];
            }
        }
    }
}

/* ---- the library's entry points, called through ctypes ---- */

#define EXPORT __attribute__((visibility("default")))

EXPORT bool ow_search(i64 *work, i64 *tt, i64 ttlen, i64 n, i64 trump, i64 mode, i64 need, i64 leader,
                      i64 tlen, i64 rem, i64 gen) {
    return search(work, tt, ttlen, n, trump, mode, need, leader, tlen, rem, gen);
}

EXPORT i64 ow_node_value(i64 *work, i64 *tt, i64 ttlen, i64 n, i64 trump, i64 mode, i64 leader, i64 tlen,
                         i64 rem, i64 guess, i64 gen) {
    return node_value(work, tt, ttlen, n, trump, mode, leader, tlen, rem, guess, gen);
}

EXPORT void ow_root_values(i64 *work, i64 *tt, i64 ttlen, i64 n, i64 trump, i64 mode, i64 target, i64 leader,
                           i64 tlen, i64 rem, i64 gen, i64 *out) {
    root_values(work, tt, ttlen, n, trump, mode, target, leader, tlen, rem, gen, out);
}
