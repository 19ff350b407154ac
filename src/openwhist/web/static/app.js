// The page: the lobby (guest, account, quick play, new table, open tables) and the table
// (hand, trick, calls, score sheet), over the server's HTTP API and its WebSocket.
// The client holds no rule: it shows the seat's view and sends one of its legal actions.
import {LANGS, SUIT_SYMBOL, actionName, callName, cardName, cardShort, hasText, language, optionText, parseCard,
        pickLanguage, presetName, setLanguage, t, trumpName, variantName} from "./i18n.js";
import {seatWord} from "./i18n.js";
import {cardSvg} from "./cards.js";
import {ROUTES as DRIVE_ROUTES, driveLink, init as initDrives, lobbyDrives, page as drivePage} from "./drive.js";
import {auctionFacts, stockRow, tricksBySeat} from "./facts.js";
import {callMeaning, howtoData, howtoView, tableRules, teachSwitch, teaching, trickWhy, whyNotPlayable, youMay} from "./howto.js";

const $ = (sel, root = document) => root.querySelector(sel);
const main = () => $("#main");
const SUIT_ORDER = ["S", "H", "C", "D"];          // black, red, black, red after the trump
const RANK_ORDER = "AKQJT98765432";
const SEATS = {2: ["N", "S"], 3: ["N", "E", "S"], 4: ["N", "E", "S", "W"],
               5: ["A", "B", "C", "D", "E"], 6: ["A", "B", "C", "D", "E", "F"]};
const SUIT_WORDS = {spades: "S", hearts: "H", diamonds: "D", clubs: "C"};

const session = {user: null, csrf: null};
let variantsCache = null;
let current = null;                                 // the table being shown (a TableClient)

// --- small helpers -----------------------------------------------------------------------

// Why a hint: its rule, or its cards' values (texts: hint.json).
let hintTexts;
async function hintWhy(r) {
  const w = (await (hintTexts ??= fetch("/web/hint.json").then(x => x.json(), () => ({}))))[language()] || {};
  if (r.technique) return w[r.technique] || r.technique;
  const say = (x) => {
    const vs = Object.entries(x.values || {}).map(([c, v]) => cardShort(c) + "\u00a0"
      + (/^[tp]/.test(x.unit) ? v.toLocaleString(language()) : Math.round(v * 100) + "%"));
    return vs.length ? (w[x.unit] || "{v}").replace("{v}", vs.join(" · ")) : "";
  };
  return [say(r), r.stakes && say(r.stakes)].filter(Boolean).join("; ");
}

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

async function api(method, path, body) {
  const headers = {"Accept": "application/json"};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (session.csrf && method !== "GET") headers["X-CSRF-Token"] = session.csrf;
  const r = await fetch(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body),
                               credentials: "same-origin"});
  const data = r.headers.get("content-type")?.includes("json") ? await r.json() : await r.text();
  if (!r.ok) throw new ApiError(data?.error || `HTTP ${r.status}`, data?.code, data?.values, r.status);
  return data;
}

// An error the server answered: its English text, and the code and values a page words.
class ApiError extends Error {
  constructor(message, code, values, status) {
    super(message);
    Object.assign(this, {code, values: values || {}, status});
  }
}

// The server's English texts a code is known for, for errors sent without one.
const ERROR_TEXTS = [
  [/wrong name or password/i, "wrong_login"], [/name '(?<name>[^']*)' (is taken|belongs)/i, "name_taken"],
  [/a nickname may hold/i, "nickname_chars"], [/a name may hold/i, "name_chars"],
  [/at least (?<min>\d+) character/i, "too_short"], [/too many (login attempts|new accounts|new guests)/i, "too_many"],
  [/log in first/i, "login_first"], [/no such table/i, "no_table"], [/no table has this code/i, "no_code"],
  [/table is closed/i, "table_closed"], [/only the table's owner/i, "not_owner"],
  [/you have (?<limit>\d+) open tables/i, "table_limit"], [/too many new tables/i, "table_rate"],
  [/bots are not ready yet/i, "bots_not_ready"], [/server is busy/i, "busy"], [/hints a minute/i, "hint_limit"],
  [/not your turn/i, "not_your_turn"], [/blank|invisible|seat's name/i, "blank_name"],
];

// An error (or a refusal's {reason, code, values}) in the page's language: by its code,
// else by its English text where known, else the server's own words.
// The server's codes worded by another's text.
const CODE_WORDS = {log_in: "login_first", closed: "table_closed", signup_limit: "too_many", login_limit: "too_many",
  bad_nickname: "nickname_chars", bad_name: "name_chars", match_started: "started", talk_limit: "talk_rate",
  solver_not_ready: "bots_not_ready", too_many: "too_many"};
const GENERIC = new Set(["invalid", "conflict", "error", "forbidden", "not_found", "too_many", "busy"]);

function errorText(err) {
  const code = err?.code, values = {...(err?.values || {})};
  if (typeof values.seat === "string" && /^[NESW]$/.test(values.seat)) values.seat = t("seat_" + values.seat);
  const key = "err_" + (CODE_WORDS[code] || code);
  if (code && values.option && hasText(`${key}_${values.option}`)) return t(`${key}_${values.option}`, values);
  if (code && !GENERIC.has(code) && hasText(key)) return t(key, values);
  const text = err?.message ?? err?.reason ?? String(err);
  for (const [re, key] of ERROR_TEXTS) {
    const m = re.exec(text);
    if (m) return t("err_" + key, {...(m.groups || {}), ...values});
  }
  if (code && hasText(key)) return t(key, values);
  if (/^HTTP \d+$/.test(text)) return t("err_http", {status: text.slice(5)});
  return text;
}

// The tables made from this browser (their owner's page offers Close and seat changes even
// where the table does not name its owner).
function owned() {
  try { return JSON.parse(localStorage.getItem("openwhist-owned") || "[]"); } catch { return []; }
}
function remember(id) { localStorage.setItem("openwhist-owned", JSON.stringify([id, ...owned()].slice(0, 50))); }

// The banner over the page; `about` names the table it speaks of (it goes when another
// table is opened).
function showStatus(text, kind = "warn", about = null) {
  const s = $("#status");
  s.dataset.about = about ?? "";
  if (!text) { s.hidden = true; s.textContent = ""; return; }
  s.hidden = false; s.className = `status ${kind}`; s.textContent = text;
}

// Said politely to a screen reader (the page's one live region, never drawn again).
function announce(text) {
  if (!text) return;
  let box = $("#announce");
  if (!box) { box = h("div", {id: "announce", class: "sr", "aria-live": "polite"}); document.body.append(box); }
  box.append(h("p", {text}));
  while (box.childElementCount > 30) box.firstElementChild.remove();
}

// How the cards look, as chosen (a four-colour deck, large cards, high contrast).
function lookChosen() {
  try { return JSON.parse(localStorage.getItem("openwhist-look") || "[]"); } catch { return []; }
}
function applyLook() {
  for (const k of ["four", "large", "contrast"]) document.documentElement.classList.toggle(k, lookChosen().includes(k));
}

// A short tone when it becomes one's turn while the page is hidden, if chosen (off by default).
const soundOn = () => localStorage.getItem("openwhist-sound") === "on";
function beep() {
  try {
    const ac = new AudioContext(), o = ac.createOscillator(), g = ac.createGain();
    g.gain.value = 0.05; o.frequency.value = 660; o.connect(g).connect(ac.destination);
    o.start(); o.stop(ac.currentTime + 0.15); o.onended = () => ac.close();
  } catch { /* no sound here */ }
}

function applyStaticTexts() {
  document.documentElement.lang = language();
  document.title = t("title");
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  $("#lang").value = language();
  $("#lang").setAttribute("aria-label", t("language"));
  const who = $("#who");
  who.replaceChildren();
  if (session.user) {
    who.append(h("span", {class: "me", text: session.user.name}),
               h("button", {class: "link", type: "button", onclick: () => logout(), text: t("logout")}));
  }
}

// Log out (everywhere: every session of the account, in every browser).
async function logout(everywhere = false) {
  try { await api("POST", everywhere ? "/api/logout?everywhere=true" : "/api/logout", {}); }
  catch { /* the session is gone anyway */ }
  session.user = null; session.csrf = null;
  if (current) current.close();
  location.hash = "";
  route();
}

// --- the lobby ---------------------------------------------------------------------------

async function variants() {
  if (!variantsCache) variantsCache = await api("GET", "/api/variants");
  return variantsCache;
}

function formError(form, err) {
  let box = $(".error", form);
  if (!box) { box = h("p", {class: "error", role: "alert"}); form.append(box); }
  const text = errorText(err);
  box.textContent = text === err.message ? t("errorPrefix", {reason: text}) : text;
}

function signInView() {
  const guest = h("form", {class: "card-box", "aria-labelledby": "guest-h", onsubmit: async e => {
    e.preventDefault();
    try {
      const r = await api("POST", "/api/guest", {nickname: $("#nick", guest).value.trim()});
      Object.assign(session, {user: r.user, csrf: r.csrf});
      route();
    } catch (err) { formError(guest, err); }
  }},
    h("h2", {id: "guest-h", text: t("guestTitle")}),
    h("label", {for: "nick", text: t("nickname")}),
    h("input", {id: "nick", name: "nickname", required: true, maxlength: 20, autocomplete: "nickname"}),
    h("button", {type: "submit", class: "primary", id: "play-guest", text: t("playGuest")}),
    h("p", {}, h("a", {href: "#howto", id: "howto-first", text: t("howTo")})));
  const account = h("form", {class: "card-box", "aria-labelledby": "acc-h"},
    h("h2", {id: "acc-h", text: t("accountTitle")}),
    h("label", {for: "acc-name", text: t("name")}),
    h("input", {id: "acc-name", required: true, minlength: 3, maxlength: 20, autocomplete: "username"}),
    h("label", {for: "acc-pw", text: t("password")}),
    h("input", {id: "acc-pw", type: "password", required: true, minlength: 8, maxlength: 128,
                autocomplete: "current-password"}),
    h("div", {class: "row"},
      h("button", {type: "submit", class: "primary", id: "login", text: t("login")}),
      h("button", {type: "submit", id: "register", formnovalidate: false, text: t("register")})));
  account.addEventListener("submit", async e => {
    e.preventDefault();
    const path = e.submitter?.id === "register" ? "/api/register" : "/api/login";
    try {
      const r = await api("POST", path, {name: $("#acc-name", account).value.trim(),
                                         password: $("#acc-pw", account).value});
      Object.assign(session, {user: r.user, csrf: r.csrf});
      route();
    } catch (err) { formError(account, err); }
  });
  return h("section", {class: "lobby"}, h("p", {class: "intro", text: t("welcome")}),
           h("div", {class: "columns"}, guest, account));
}

// A member's account: change the password (his other sessions end), log out everywhere.
function accountView() {
  const form = h("form", {id: "pw-form"},
    h("label", {for: "pw-current", text: t("currentPassword")}),
    h("input", {id: "pw-current", type: "password", required: true, maxlength: 128, autocomplete: "current-password"}),
    h("label", {for: "pw-new", text: t("newPassword")}),
    h("input", {id: "pw-new", type: "password", required: true, minlength: 8, maxlength: 128,
                autocomplete: "new-password"}),
    h("button", {type: "submit", id: "pw-change", text: t("changePassword")}));
  const done = h("p", {class: "note", role: "status", id: "pw-done"});
  form.addEventListener("submit", async e => {
    e.preventDefault();
    $(".error", form)?.remove();
    done.textContent = "";
    try {
      await api("POST", "/api/password", {current: $("#pw-current", form).value, new: $("#pw-new", form).value});
      form.reset();
      done.textContent = t("passwordChanged");
    } catch (err) { formError(form, err); }
  });
  return h("section", {class: "card-box", "aria-labelledby": "ac-h", id: "account"},
    h("h2", {id: "ac-h", text: t("accountTitle")}), form, done,
    h("button", {type: "button", id: "logout-everywhere", onclick: () => logout(true), text: t("logoutEverywhere")}));
}

function seatLabel(s, seats) {
  if (s.kind === "person") return s.guest ? `${s.name} (${t("guest")})` : s.name;
  if (s.kind === "bot") return `${seatWord(s.seat, seats)} (${t("level_" + (s.bot || "").split(/[:=]/)[0])})`;
  return `${seatWord(s.seat, seats)} (${t("open")})`;
}

// The seats of a variant's table, in seat order (Dummy whist: the dummy's seat is nobody's);
// where the number of players is an option, those of a table of `players`.
function variantSeats(v, players) {
  const sized = v?.seats_by_players?.[players ?? v?.players];
  if (sized) return sized;
  if (v.hands === 2) return ["N", "S"];
  if (v.players === 3 && v.hands === 4) return ["N", "E", "W"];
  return SEATS[v.players] || SEATS[4];
}

// A variant's match lengths: the server's `lengths` ({until, count, default_count}), or
// its `until` names with a count each.
function variantLengths(v) {
  const given = Array.isArray(v.lengths) ? v.lengths : v.lengths?.lengths;
  if (given?.length) return given.map(x => ({until: x.until, count: x.count ?? null, default_count: x.default_count ?? 1,
                                            odd: !!x.odd, max_count: x.max_count ?? 1000}));
  return (v.until || ["deals"]).map(u => ({until: u, count: u === "match" ? null : u, default_count: u === "deals" ? 4 : 1}));
}

// "2 deals", "1 rubber", "to 7 points", "a match": a table's length in words.
function lengthText(until, count) {
  if (!until) return "";
  if (until === "match" || count === null || count === undefined) return t("len_" + until, {n: count ?? 1});
  return hasText("len_" + until) ? t("len_" + until, {n: count}) : `${count} × ${until}`;
}

// The lobby's line for a table: its variant, length, seats and what one may do there.
function tableLine(tb, mine) {
  const open = tb.seats.some(s => s.kind === "open");
  return h("li", {"data-table": tb.id},
    h("strong", {text: variantName(tb.variant)}), " ",
    tb.until ? h("span", {class: "length", text: `(${lengthText(tb.until, tb.count)})`}) : null, " ",
    tb.private ? h("span", {class: "badge", text: t("privateMark")}) : null,
    h("span", {class: "seats", text: tb.seats.map(s => `${s.seat}: ${seatLabel(s, tb.seats.length)}`).join(" · ")}), " ",
    mine ? h("a", {href: `#table/${tb.id}`, class: "button primary go-back", text: t("goBack")})
      : h("a", {href: `#table/${tb.id}`, class: "button", text: t("watch")}),
    !mine && open ? h("button", {type: "button", class: "join", onclick: async () => {
      try { await api("POST", `/api/tables/${tb.id}/join`, {}); location.hash = `#table/${tb.id}`; }
      catch (err) { showStatus(errorText(err)); }
    }, text: t("join")}) : null);
}

// Where a variant lets the table choose its number of players (its `seats_by_players`),
// a labelled list of the numbers it allows; null where the number is fixed.
function playersPicker(v, id, value) {
  const sizes = Object.keys(v?.seats_by_players || {}).map(Number);
  if (!sizes.length) return null;
  return h("label", {class: "players-pick", for: id}, h("span", {text: t("playersCount")}),
    h("select", {id, "data-variant": v.name}, sizes.map(n => h("option", {value: n, selected: n === (value ?? v.players),
      text: t("playersN", {n})}))));
}

// Quick play's number of players for a variant, as its picker says ({} where it has none).
function quickPlayers(root, v) {
  const pick = root.querySelector(`#qp-players-${CSS.escape(v.name)}`);
  return pick ? {options: {players: Number(pick.value)}} : {};
}

// The computer players' levels a seat may be given, the ladder's names (docs/ladder.md):
// the searching ones once the server's solver is ready.
function botLevels(searchReady) {
  return ["club", "beginner", ...(searchReady ? ["strong", "expert"] : [])];
}

async function lobbyView() {
  const all = await variants();
  const health = await api("GET", "/api/health").catch(() => ({}));
  const levels = botLevels(health.pimc_ready);
  const length = h("select", {id: "qp-length"}, h("option", {value: "match", text: t("fullMatch")}),
                   h("option", {value: "deal", text: t("oneDeal")}));
  const quick = h("section", {class: "card-box", "aria-labelledby": "qp-h"},
    h("h2", {id: "qp-h", text: t("quickPlay")}), h("p", {text: t("quickPlayHelp")}),
    h("p", {class: "howto-links", id: "howto-links"}, `${t("howTo")}: `,
      all.flatMap((v, k) => [k ? " · " : "", h("a", {href: `#howto/${v.name}`, id: `howto-${v.name}`, text: variantName(v.name)})])),
    teachSwitch(h, "teach-quick"),
    h("label", {for: "qp-length", text: t("length")}), length,
    h("div", {class: "row wrap"}, all.flatMap(v => [h("button", {
      type: "button", class: "primary", "data-variant": v.name, id: `quick-${v.name}`,
      onclick: async e => {
        e.target.disabled = true;
        try {
          const body = {variant: v.name, ...quickPlayers(quick, v)};
          if (length.value === "deal") Object.assign(body, {until: "deals", count: 1});
          const tb = await api("POST", "/api/quickplay", body);
          remember(tb.id);
          location.hash = `#table/${tb.id}`;
        } catch (err) { e.target.disabled = false; showStatus(errorText(err)); }
      }, text: variantName(v.name)}), playersPicker(v, `qp-players-${v.name}`, v.players)])));

  const variantSel = h("select", {id: "nt-variant"}, all.map(v => h("option", {value: v.name, text: variantName(v.name)})));
  const presetSel = h("select", {id: "nt-preset"});
  const howtoLink = h("a", {id: "nt-howto", class: "howto-link", text: t("howTo")});
  const optionsBox = h("fieldset", {class: "options", id: "nt-options"});
  const seatsBox = h("fieldset", {class: "seat-specs", id: "nt-seat-list"});
  const untilSel = h("select", {id: "nt-until"});
  const countIn = h("input", {type: "number", id: "nt-count", min: 1, max: 1000, value: 1, inputmode: "numeric"});
  const countLabel = h("label", {for: "nt-count", text: t("howMany")});
  const priv = h("input", {type: "checkbox", id: "nt-private"});
  const leaveTo = h("select", {id: "nt-leave-to"}, h("option", {value: "bot", text: t("leaveBot")}),
                    h("option", {value: "open", text: t("leaveOpen")}));
  const moveTime = h("select", {id: "nt-move-time"}, h("option", {value: "", text: t("noLimit")}),
    [15, 30, 60, 120].map(n => h("option", {value: n, text: t("secondsN", {n})})));
  const moveTimeBox = h("div", {class: "option", id: "nt-move-time-box"},
    h("label", {for: "nt-move-time", text: t("moveTime")}), moveTime);
  const current = () => all.find(x => x.name === variantSel.value);
  const presetValues = () => {
    const v = current();
    const fromPreset = v?.preset_options?.[presetSel.value];
    return Object.fromEntries((v?.options || []).map(o => [o.name, fromPreset ? fromPreset[o.name] : o.default]));
  };
  const playersBox = h("div", {class: "option players-box", id: "nt-players-box"});
  const players = () => Number($("#nt-players", playersBox)?.value) || undefined;
  const fillOptions = () => {
    const v = current();
    howtoLink.href = `#howto/${v?.name}/${presetSel.value}`;
    const values = presetValues();
    const picker = playersPicker(v, "nt-players", values.players);
    const help = picker && optionText(v.name, "players")?.help;
    playersBox.replaceChildren(...(picker ? [picker] : []), ...(help ? [h("small", {class: "help", text: help})] : []));
    playersBox.hidden = !picker;
    picker?.querySelector("select").addEventListener("change", () => fillSeats());
    optionsBox.replaceChildren(h("legend", {text: t("ruleOptions")}),
      ...(v?.options || []).filter(o => !(picker && o.name === "players")).map(o => optionField(v.name, o, values[o.name])));
    fillSeats();
  };
  const fillCount = () => {
    const len = variantLengths(current()).find(x => x.until === untilSel.value);
    const counted = len && len.count !== null;
    const natural = current()?.lengths?.default;   // the family's natural length, as the server says
    countIn.hidden = countLabel.hidden = !counted;
    countIn.step = len?.odd ? 2 : 1;
    countIn.max = len?.max_count ?? 1000;
    countIn.value = natural?.until === len?.until ? natural.count : len?.default_count ?? 1;
  };
  const seatChoices = (me) => [
    h("option", {value: "me", text: t("seatMe"), selected: me}),
    h("option", {value: "open", text: t(priv.checked ? "seatOpen" : "seatOpenPublic")}),
    ...levels.map((l, k) => h("option", {value: `bot:${l}`, text: t("seatBot", {level: t("level_" + l)}), selected: !me && k === 0}))];
  const fillSeats = () => {
    const v = current();
    const before = [...seatsBox.querySelectorAll("select")].map(x => x.value);
    seatsBox.replaceChildren(h("legend", {text: t("seats")}), h("small", {class: "help", text: t("seatsHelp")}),
      ...variantSeats(v, players()).map((letter, k, all) => h("div", {class: "seat-spec"},
        h("label", {for: `nt-seat-${letter}`, text: seatWord(letter, all.length)}),
        h("select", {id: `nt-seat-${letter}`, "data-seat": letter, onchange: e => {
          if (e.target.value !== "me") return;        // one "me": another seat that was me becomes open
          for (const other of seatsBox.querySelectorAll("select")) if (other !== e.target && other.value === "me") other.value = "open";
        }}, seatChoices(k === 0)))));
    const selects = [...seatsBox.querySelectorAll("select")];
    if (before.length === selects.length) selects.forEach((x, k) => { x.value = before[k]; });
  };
  const fillVariant = () => {
    const v = current();
    presetSel.replaceChildren(...(v?.presets || []).map(p => h("option", {value: p, text: presetName(p),
      selected: p === v.default_preset})));
    const natural = v?.lengths?.default;
    untilSel.replaceChildren(...variantLengths(v).map((x, k) => h("option", {value: x.until, text: t("until_" + x.until),
      selected: natural ? x.until === natural.until : k === 0})));
    fillOptions(); fillCount();
  };
  variantSel.addEventListener("change", fillVariant);
  presetSel.addEventListener("change", fillOptions);
  untilSel.addEventListener("change", fillCount);
  priv.addEventListener("change", () => { fillSeats(); moveTimeBox.hidden = priv.checked; });
  fillVariant();
  const create = h("form", {class: "card-box new-table", "aria-labelledby": "nt-h", onsubmit: async e => {
    e.preventDefault();
    const v = current();
    try {
      const base = presetValues(), options = {};
      for (const o of v.options) {
        const value = o.name === "players" && players() ? players() : optionValue(o, optionsBox);
        if (value !== undefined && value !== base[o.name]) options[o.name] = value;
      }
      const body = {variant: v.name, preset: presetSel.value || null, options, private: priv.checked,
                    seats: [...seatsBox.querySelectorAll("select")].map(x => x.value),
                    until: untilSel.value};
      if (leaveTo.value !== "bot") body.leave_to = leaveTo.value;
      if (!countIn.hidden) body.count = Number(countIn.value) || 1;
      if (!priv.checked && moveTime.value) body.move_time = Number(moveTime.value);
      const tb = await api("POST", "/api/tables", body);
      remember(tb.id);
      location.hash = `#table/${tb.id}`;
    } catch (err) { formError(create, err); }
  }},
    h("h2", {id: "nt-h", text: t("newTable")}),
    h("label", {for: "nt-variant", text: t("variant")}), variantSel,
    h("label", {for: "nt-preset", text: t("preset")}), presetSel, howtoLink,
    teachSwitch(h, "nt-teach"),
    h("label", {class: "check"}, priv, " ", t("private")),
    playersBox, seatsBox,
    h("div", {class: "row length-row"},
      h("div", {}, h("label", {for: "nt-until", text: t("matchLength")}), untilSel),
      h("div", {}, countLabel, countIn)),
    h("label", {for: "nt-leave-to", text: t("leaveTo")}), leaveTo,
    moveTimeBox,
    h("details", {class: "rule-options"}, h("summary", {text: t("ruleOptions")}), optionsBox),
    h("button", {type: "submit", class: "primary", id: "nt-create", text: t("create")}));

  const list = h("ul", {class: "tables", id: "open-tables"});
  const myBox = h("section", {class: "card-box my-tables", "aria-labelledby": "mt-h"},
    h("h2", {id: "mt-h", text: t("myTables")}));
  const mineList = h("ul", {class: "tables", id: "my-tables"});
  myBox.append(mineList);
  const refresh = async () => {
    const [tables, mine] = await Promise.all([api("GET", "/api/tables"),
      api("GET", "/api/my/tables").catch(() => null)]);
    const mineIds = new Set((mine || []).map(x => x.id));
    // without /api/my/tables: the tables one sits at (listed first by the server) are one's own
    const ownRows = mine || tables.filter(tb => tb.seats.some(s => s.kind === "person" && s.name === session.user?.name));
    for (const tb of ownRows) mineIds.add(tb.id);
    mineList.replaceChildren(...ownRows.map(tb => tableLine(tb, true)));
    myBox.hidden = !ownRows.length;
    const others = tables.filter(tb => !mineIds.has(tb.id));
    list.replaceChildren(...(others.length ? others.map(tb => tableLine(tb, false))
      : [h("li", {class: "empty", text: t("noTables")})]));
  };
  const tablesBox = h("section", {class: "card-box", "aria-labelledby": "ot-h"},
    h("h2", {id: "ot-h", text: t("publicTables")}), list,
    h("button", {type: "button", onclick: refresh, text: t("refresh")}));
  await refresh();
  const games = h("ul", {class: "tables", id: "my-games"});
  try {
    const rows = await api("GET", "/api/my/records");
    if (!rows.length) games.append(h("li", {class: "empty", text: t("noGames")}));
    for (const r of rows.slice(0, 20)) {
      games.append(h("li", {"data-record": r.id}, h("strong", {text: variantName(r.variant)}), " ",
        h("span", {class: "when", text: new Date(r.created * 1000).toLocaleString(language())}), " ",
        h("a", {href: `#replay/${r.id}`, class: "button replay-link", text: t("replay")})));
    }
  } catch (err) { games.append(h("li", {class: "empty", text: errorText(err)})); }
  const gamesBox = h("section", {class: "card-box", "aria-labelledby": "fg-h"},
    h("h2", {id: "fg-h", text: t("finished")}), games);
  const drivesBox = await lobbyDrives();
  return h("section", {class: "lobby"}, h("div", {class: "columns"}, myBox, quick, drivesBox, create, tablesBox, gamesBox,
                                          session.user.guest ? null : accountView()));
}

// One rule option of a variant as a form field: a checkbox, a list of choices or a number,
// labelled in the chosen language (an option the page does not know: its name and the
// server's help text).
function optionField(variant, o, value) {
  const id = `opt-${o.name}`;
  const known = optionText(variant, o.name);
  const label = known ? known.label : o.name.replaceAll("_", " ");
  const help = known ? known.help : o.help;
  let input;
  if (o.type === "bool") {
    input = h("input", {type: "checkbox", id, "data-option": o.name, checked: value === true});
    return h("div", {class: "option"}, h("label", {class: "check", title: help || null}, input, " ", label),
             help ? h("small", {class: "help", text: help}) : null);
  }
  if (o.type === "choice") {
    input = h("select", {id, "data-option": o.name}, o.choices.map(c => h("option", {value: String(c),
      text: known ? known.choice(c) : String(c), selected: c === value})));
  } else if (o.type === "int" || o.type === "int?") {
    input = h("input", {type: "number", min: o.range?.[0] ?? 0, max: o.range?.[1] ?? null, id,
                        "data-option": o.name, value: value ?? "", placeholder: o.type === "int?" ? t("none") : null});
  } else {
    input = h("input", {id, "data-option": o.name, value: value ?? "", maxlength: 32});
  }
  return h("div", {class: "option"}, h("label", {for: id, title: help || null, text: label}), input,
           help ? h("small", {class: "help", text: help}) : null);
}

function optionValue(o, box) {
  const input = box.querySelector(`[data-option="${o.name}"]`);
  if (!input) return undefined;
  if (o.type === "bool") return input.checked;
  if (o.type === "choice") return o.choices.find(c => String(c) === input.value);
  if (o.type === "int" || o.type === "int?") return input.value === "" ? null : Number(input.value);
  return input.value === "" ? null : input.value;
}

// --- the table ---------------------------------------------------------------------------

function sortHand(cards, trump) {
  const order = trump ? [trump, ...SUIT_ORDER.filter(s => s !== trump)] : SUIT_ORDER;
  // keep colours alternating after the trump where the suits allow it
  return [...cards].sort((a, b) => {
    const ca = parseCard(a), cb = parseCard(b);
    if (!ca || !cb) return 0;
    const d = order.indexOf(ca.suit) - order.indexOf(cb.suit);
    return d || RANK_ORDER.indexOf(ca.rank) - RANK_ORDER.indexOf(cb.rank);
  });
}

// Where the seats of a table of five or six sit around the felt, from the bottom (mine)
// clockwise: the left, the top from left to right, the right.
function seatPlaces(n) {
  return n === 5 ? ["bottom", "left", "top-left", "top-right", "right"]
    : ["bottom", "left", "top-left", "top", "top-right", "right"];
}

class TableClient {
  constructor(id, code) {
    this.id = id; this.code = code;
    this.table = null; this.seat = null; this.view = null; this.v = 0;
    this.sheet = []; this.showLast = false; this.closing = false; this.retry = 0;
    this.talk = []; this.muted = new Set(); this.showTalk = false; this.claim = null; this.claiming = false;
    this.ticker = setInterval(() => this.tick(), 1000);
    api("GET", "/api/health").then(r => { this.pimcReady = !!r.pimc_ready; }, () => {});
    this.flash = null; this.note = ""; this.settling = false; this.focus = 0; this.ref = 0; this.hint = null;
    this.root = h("section", {class: "table-page", "aria-label": t("tableOf", {id})});
    this.onKey = e => this.key(e);
    document.addEventListener("keydown", this.onKey);
    this.onShown = () => this.shown();
    document.addEventListener("visibilitychange", this.onShown);
    this.connect();
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = this.code ? `?code=${encodeURIComponent(this.code)}` : "";
    const ws = new WebSocket(`${proto}//${location.host}/ws/tables/${this.id}${q}`);
    this.ws = ws;
    ws.onopen = () => { this.retry = 0; };
    ws.onmessage = e => this.message(JSON.parse(e.data));
    ws.onclose = e => {
      if (this.closing || ws !== this.ws) return;
      if (e.code === 4401) {                // logged out (in another tab): no "your turn" is left standing
        this.closing = true; session.user = null; location.hash = "#"; showStatus(t("err_login_first")); return;
      }
      if (e.code === 4404) { showStatus(t("err_no_table"), "warn", this.id); return; }
      if (e.code === 4409) { showStatus(t("err_drive_board_unplayed"), "warn", this.id); return; }
      if (e.code === 4429) {                // too many connections of this person or address: no retry
        showStatus(errorText({code: e.reason || "too_many"}), "warn");
        return;
      }
      this.lost = true;
      showStatus(t("connLost"), "warn", this.id);
      this.root.classList.add("offline");
      // a hidden page (a phone's in the background) tries once a minute, and at once when shown
      const wait = document.hidden ? 60000 : Math.min(4000, 300 * 2 ** this.retry++);
      this.timer = setTimeout(() => this.connect(), wait);
    };
  }

  close() {
    this.closing = true;                  // a table left never draws again: late messages are dropped
    clearTimeout(this.timer); clearTimeout(this.flashTimer); clearInterval(this.ticker);
    document.removeEventListener("keydown", this.onKey);
    document.removeEventListener("visibilitychange", this.onShown);
    document.title = t("title");
    this.ws?.close();
  }

  // The page shown again: the title says the table's name again, and a connection lost
  // meanwhile is made again at once.
  shown() {
    if (document.hidden || this.closing) return;
    if (this.lost && this.ws?.readyState >= WebSocket.CLOSING) { clearTimeout(this.timer); this.connect(); }
    this.render();
  }

  // When it is one's turn and the page is hidden, its title says so (and a tone, if chosen).
  attention(mine) {
    const away = !!(document.hidden && mine);
    document.title = away ? `${t("yourTurn")} · ${t("title")}` : t("title");
    if (away && !this.called && soundOn()) beep();
    this.called = away;
  }

  send(message) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  setTable(table) {
    this.table = table; this.sheet = [...(table.sheet || [])];
    this.learn();
    this.tableAt = Date.now();
    if (table.state !== "pause") this.readySent = false;
    if (table.state !== "over") this.againSent = false;
    if (table.state === "playing" || table.state === "waiting") this.matchOver = null;
    if (table.claim) this.claim = {...table.claim, answered: this.claim?.answered && this.claim.seat === table.claim.seat};
    else if ("claim" in table) this.claim = null;
    this.tick();
  }

  message(m) {
    if (this.closing) return;
    if (m.type === "welcome" || m.type === "sync") {
      if (this.lost) { this.lost = false; showStatus(""); this.root.classList.remove("offline"); }
      this.setTable(m.table); this.seat = m.seat;
    } else if (m.type === "event" && m.v !== this.v + 1 && this.v) {
      this.v = m.v;
      this.send({type: "resync"});
      return;
    } else if (m.type === "table" && m.table) {
      this.setTable(m.table);
      if (m.seat !== undefined) this.seat = m.seat;
      if (m.view && this.claim) this.claim = null;
      // a fresh view (a take-back, a resync): the last card said may not be its; a refusal said stays
      if (m.view && this.note === this.playNote) this.note = "";
    } else if (m.type === "refused") {
      this.note = t("refused", {reason: errorText(m)});
    } else if (m.type === "closed") {
      this.close();
      current = null;
      showStatus(t("tableClosed"), "warn", this.id);
      location.hash = this.table?.drive_id ? `#drive/${this.table.drive_id}` : "";
      return;
    } else if (m.type === "claim") {
      this.claim = {seat: m.seat, tricks: m.tricks, hand: m.hand || [], settling: !!m.settling, answered: false};
      this.claiming = false;
      announce(m.tricks === 0 ? t("concedeBy", {name: this.nameOf(m.seat)}) : t("claimBy", {name: this.nameOf(m.seat), n: m.tricks}));
    } else if (m.type === "claim_refused") {
      this.note = t("claimRefused", {name: this.seatTitle(m.claimant ?? this.claim?.seat)[0]});
      this.claim = null;
      this.settling = true;    // the cards the server plays out, to the deal's end, do not hide this note
    } else if (m.type === "said") {
      this.talk = [...this.talk, m].slice(-40);
      this.unread = !this.showTalk;
      if (!this.muted.has(m.from)) announce(`${m.from}: ${m.quick ? t("q_" + m.quick) : m.text}`);
      if (typeof m.v !== "number" && this.talkUpdate()) return;
    } else if (m.type === "error") {
      this.note = errorText(m);
    }
    if (typeof m.v === "number" && m.v !== this.v) this.hint = null;   // a hint is for one moment
    if (typeof m.v === "number") this.v = m.v;
    if (m.type === "event") {
      // a card played ("West played the king of hearts"), or a call as said ("West: pass")
      if (!this.settling) this.note = this.playNote = !m.action ? "" : parseCard(m.action) ? t("played", {name: this.nameOf(m.hand), card: cardName(m.action)})
        : `${this.nameOf(m.hand)}: ${callName(m.action)}`;
      if (m.deal_over) {
        this.settling = false;
        this.sheet.push(m.deal_over.row);
        this.lastDeal = {final: m.deal_over.final, row: m.deal_over.row};
        // a table that pauses between deals (its `state` says so) waits in `pause` now
        if (this.table.state) this.table = {...this.table, state: m.match_over ? "over" : "pause", ready: [], turn_ends_in: null};
        this.claim = null;
      }
      if (m.match_over) {
        this.matchOver = m.match_over;
        this.note = this.table.state ? "" : t("matchOver");
      }
      // a trick closed (the rules' own event): it stays on the table a moment, its winner shown
      const events = (m.deal_over ? m.deal_over.events : m.events) || [];
      const won = events.filter(e => e.kind === "trick_won").pop();
      if (won) {
        this.flash = {leader: won.leader, cards: won.cards, winner: won.winner, at: Date.now()};
        clearTimeout(this.flashTimer);
        this.flashTimer = setTimeout(() => { this.flash = null; this.render(); }, 1200);
      }
      if (m.view && m.view.trick.length) this.flash = null;
      this.say(events, m);
      if (teaching()) this.explain(events, m);
    }
    if (m.view) this.view = m.view;
    if (m.type === "welcome" && !this.welcomed) {     // what was said before one came: the auction, the trick
      this.welcomed = true;
      const v = this.view;
      this.say([...(v.phase === "auction" ? v.calls || [] : []).map(([hand, call]) => ({kind: "call_made", hand, call})),
                ...v.trick.map(([hand, card]) => ({kind: "card_played", hand, card}))], {});
    }
    const turn = !!(this.seat && this.view?.to_move && this.view.legal.length);
    if (turn && !this.myTurn) announce(t("yourTurn"));
    this.myTurn = turn;
    if (m.type === "refused" || m.type === "error" || m.type === "claim_refused") announce(this.note);
    this.render();
  }

  // The rules' events of an action in words, for the live region: each card played (by
  // whom), each call, each trick won and by whom.
  say(events, m) {
    if (!events.length && m.action) events = [parseCard(m.action) ? {kind: "card_played", hand: m.hand, card: m.action}
      : {kind: "call_made", hand: m.hand, call: m.action}];
    for (const e of events) {
      if (e.kind === "card_played") announce(t("played", {name: this.nameOf(e.hand), card: cardName(e.card)}));
      else if (e.kind === "call_made" && e.call) announce(`${this.nameOf(e.hand)}: ${callName(e.call)}`);
      else if (e.kind === "trick_won") announce(t("trickWon", {name: this.nameOf(e.winner)}));
    }
  }

  // --- the table's life: waiting for players, pauses, the match's end ----------------------

  state() {
    const tb = this.table;
    if (tb.state) return tb.state;
    return tb.match_over ? "over" : "playing";
  }

  seatInfo(letter) { return this.table?.seats.find(x => x.seat === letter); }

  isOwner() {
    const tb = this.table, me = session.user;
    if (!tb || !me) return false;
    if ("owner" in tb || "owner_id" in tb || "is_owner" in tb) {
      return tb.owner === true || tb.is_owner === true || (me.id !== undefined && tb.owner_id === me.id);
    }
    return owned().includes(this.id);
  }

  // Seconds left of a count-down the table gave (`turn_ends_in`, `pause_ends_in`), now.
  secondsLeft(field) {
    const s = this.table?.[field];
    if (typeof s !== "number") return null;
    return Math.max(0, Math.round(s - (Date.now() - this.tableAt) / 1000));
  }

  tick() {
    for (const node of this.root?.querySelectorAll("[data-ends]") || []) {
      const left = this.secondsLeft(node.dataset.ends);
      if (left !== null) node.textContent = t(node.dataset.key, {n: left});
    }
  }

  countdown(field, key, attrs = {}) {
    const left = this.secondsLeft(field);
    return left === null ? null : h("span", {...attrs, "data-ends": field, "data-key": key, text: t(key, {n: left})});
  }

  // The open seats: a spectator may sit at one; the owner may give it to a computer player
  // (and take one back) until the match starts.
  seatPanel() {
    const tb = this.table, st = this.state();
    const open = tb.seats.filter(s => s.kind === "open");
    const changeable = this.isOwner() && st === "waiting";
    if (!open.length && !changeable) return null;
    const levels = botLevels(this.pimcReady);
    const parts = [];
    if (st === "waiting") {
      const waiting = tb.waiting_for || open.map(s => s.seat);
      parts.push(h("p", {class: "waiting-for", id: "waiting-for", text: t("waitingFor", {seats: waiting.map(l => seatWord(l, tb.seats.length)).join(", ")})}));
      if (this.seat && tb.code) parts.push(h("p", {class: "help", text: t("waitingShare")}), this.inviteBox());
    }
    if (!this.seat && open.length) {
      parts.push(h("p", {text: t("youWatch")}), h("div", {class: "row wrap sit-offers"}, open.map(s =>
        h("button", {type: "button", class: "primary sit", "data-seat": s.seat, onclick: () => this.sit(s.seat),
                     text: t("sitAt", {seat: seatWord(s.seat, tb.seats.length)})}))));
    }
    if (changeable) {
      const free = tb.seats.filter(s => s.kind !== "person" && !s.pending);
      parts.push(h("div", {class: "seat-changes"}, free.map(s => {
        const bot = (s.bot || "club").split(/[:=]/)[0];
        const value = s.kind === "open" ? "open" : `bot:${bot}`;
        const shown = s.kind === "open" || levels.includes(bot) ? levels : [...levels, bot];
        return h("label", {class: "seat-change"}, h("span", {text: seatWord(s.seat, tb.seats.length)}),
          h("select", {"data-seat": s.seat, "aria-label": t("seatChange", {seat: seatWord(s.seat, tb.seats.length)}),
                       onchange: e => this.changeSeat(s.seat, e.target.value)},
            h("option", {value: "open", text: t("makeOpen"), selected: value === "open"}),
            shown.map(l => h("option", {value: `bot:${l}`, selected: value === `bot:${l}`,
                                        text: t("seatBot", {level: t("level_" + l)})}))));
      })));
    }
    return h("section", {class: "panel seat-panel", id: "seat-panel", "aria-label": t("openSeats")}, parts);
  }

  inviteBox() {
    const link = `${location.origin}/#table/${this.id}/${this.table.code}`;
    return h("p", {class: "invite row"},
      h("input", {readonly: true, id: "invite-link", "aria-label": t("invite"), value: link}),
      h("button", {type: "button", id: "copy-invite", onclick: async e => {
        try { await navigator.clipboard.writeText(link); e.target.textContent = t("linkCopied"); }
        catch { $("#invite-link")?.select(); }
      }, text: t("copy")}));
  }

  async sit(letter) {
    try {
      await api("POST", `/api/tables/${this.id}/join`, {seat: letter, ...(this.code ? {code: this.code} : {})});
      this.send({type: "resync"});
    } catch (err) { this.note = errorText(err); this.render(); }
  }

  async changeSeat(letter, spec) {
    try { await api("POST", `/api/tables/${this.id}/seat`, {seat: letter, spec}); }
    catch (err) { this.note = errorText(err); this.render(); }
  }

  async leave() {
    const toOpen = this.table.leave_to === "open";
    if (!confirm(t(toOpen ? "confirmLeaveOpen" : "confirmLeave"))) return;
    try {
      await api("POST", `/api/tables/${this.id}/leave`, {});
      showStatus(t("left"), "warn", this.id);
      location.hash = "";
    } catch (err) { this.note = errorText(err); this.render(); }
  }

  async closeTable() {
    if (!confirm(t("confirmClose"))) return;
    try {
      await api("POST", `/api/tables/${this.id}/close`, {});
      location.hash = "";
    } catch (err) { this.note = errorText(err); this.render(); }
  }

  // The deal's result in words: the contract made or not (or all passed), the tricks and
  // points of each side or player, an early stop.
  dealResult(row, final) {
    const res = row?.result || {};
    const letters = this.letters(), lines = [];
    const names = (ls) => ls.map(l => this.nameOf(l)).join(", ");
    const decl = (res.declarers || []).map(d => (typeof d === "number" ? letters[d] : d));
    if ("contract" in res && res.contract === null) lines.push(h("p", {class: "all-passed", text: t("allPassed")}));
    else if (res.contract) {
      const made = (res.made || []).every(Boolean);
      lines.push(h("p", {class: `contract-result ${made ? "made" : "down"}`,
        text: t(made ? "made" : "down", {names: names(decl), contract: callName(res.contract)})}));
    }
    if (res.stopped > 0) lines.push(h("p", {class: "stopped", id: "stopped-early", text: t("stoppedEarly", {n: res.stopped})}));
    const perPlayer = (res.points || []).length > 2 || letters.length === 2;
    const side = this.mySide();
    const who = perPlayer ? letters.map(l => this.nameOf(l)) : [t("us"), t("them")];
    const pick = (xs) => (!xs ? [] : perPlayer ? xs : [xs[side], xs[1 - side]]);
    const tricks = res.tricks || (final ? final.tricks_won : null);
    const rows = [[t("dealBids"), pick(res.bids)], [t("dealTricks"), pick(tricks)], [t("dealPoints"), pick(res.points)],
                  [t("totalNow"), pick(row?.score)]];
    lines.push(h("table", {class: "result-table", id: "deal-result"},
      h("thead", {}, h("tr", {}, h("th", {}), who.map(w => h("th", {scope: "col", text: w})))),
      h("tbody", {}, rows.filter(([, xs]) => xs.length).map(([label, xs]) =>
        h("tr", {}, h("th", {scope: "row", text: label}), xs.map(x => h("td", {text: x})))))));
    return lines;
  }

  pausePanel() {
    const tb = this.table, row = this.lastDeal?.row || this.sheet[this.sheet.length - 1];
    const people = tb.seats.filter(s => s.kind === "person");
    const ready = tb.ready || [];
    const waiting = people.filter(s => !ready.includes(s.seat) && s.connected !== false).map(s => this.nameOf(s.seat));
    const mineReady = this.readySent || (this.seat && ready.includes(this.seat));
    return h("section", {class: "panel pause-panel", id: "pause-panel", role: "region", "aria-labelledby": "pause-h"},
      h("h3", {id: "pause-h", text: `${t("dealResult", {n: row?.deal ?? this.sheet.length})} · ${t("phase_pause")}`}),
      this.dealResult(row, this.lastDeal?.final),
      this.lastTrickBox("pause-last-trick"),
      h("div", {class: "row wrap"},
        this.seat ? h("button", {type: "button", class: "primary", id: "ready-button", disabled: mineReady,
          onclick: () => { this.readySent = true; this.send({type: "ready"}); this.render(); },
          text: mineReady ? t("readyDone") : t("ready")}) : null,
        this.countdown("pause_ends_in", "nextDealIn", {class: "countdown", id: "pause-countdown"}),
        people.length > 1 && waiting.length ? h("span", {class: "ready-waiting", text: t("readyWaiting", {names: waiting.join(", ")})}) : null));
  }

  overPanel() {
    const over = this.matchOver || {};
    const summary = over.summary || this.table.summary || {};
    const letters = this.letters();
    let winner = over.winner !== undefined ? over.winner : this.table.winner;
    if (winner === undefined && summary.totals) {         // a server that does not name him: the highest total
      const best = Math.max(...summary.totals);
      const sides = this.view.sides;
      const k = summary.totals.indexOf(best);
      winner = summary.totals.filter(x => x === best).length > 1 ? null
        : summary.totals.length === letters.length ? [letters[k]] : letters.filter((_, i) => sides[i] === k);
    }
    const won = winner?.length ? (winner.includes(this.seat) ? t("matchWonMe")
      : t("matchWon", {names: winner.map(l => this.nameOf(l)).join(", ")})) : t("matchTie");
    // the points that decided the match (the server's: match points, else every deal's added)
    const totals = over.points || this.table.points || summary.totals || [];
    const perPlayer = totals.length === letters.length && letters.length !== 2 ? true : totals.length > 2;
    const side = this.mySide();
    const who = perPlayer || letters.length === 2 ? letters.map(l => this.nameOf(l)) : [t("us"), t("them")];
    const vals = perPlayer || letters.length === 2 ? totals : [totals[side], totals[1 - side]];
    const row = this.lastDeal?.row || this.sheet[this.sheet.length - 1];
    return h("section", {class: "panel over-panel", id: "over-panel", role: "region", "aria-labelledby": "over-h"},
      h("h3", {id: "over-h", text: won}),
      row ? h("details", {class: "last-deal"}, h("summary", {text: t("dealResult", {n: row.deal})}), this.dealResult(row, this.lastDeal?.final)) : null,
      totals.length ? h("table", {class: "result-table", id: "match-totals"},
        h("caption", {text: t("totals")}),
        h("thead", {}, h("tr", {}, who.map(w => h("th", {scope: "col", text: w})))),
        h("tbody", {}, h("tr", {}, vals.map(x => h("td", {text: x}))))) : null,
      h("div", {class: "row wrap"},
        this.seat && !this.table.drive_id ? h("button", {type: "button", class: "primary", id: "again-button", disabled: this.againSent,
          onclick: () => { this.againSent = true; this.send({type: "again"}); this.render(); },
          text: this.againSent ? t("againWaiting") : t("playAgain")}) : null,
        this.table.drive_id ? driveLink(h, this.table.drive_id, "over-drive", true) : null,
        h("a", {href: "#", class: "button", id: "lobby-button", text: t("backLobby")})));
  }

  // A claim under way: the claimant's cards where the server shows them (to the opponents
  // only), and Accept / Refuse for an opponent; or our own claim's form.
  claimPanel() {
    const v = this.view;
    if (this.claim) {
      const c = this.claim, letters = this.letters();
      const mine = c.seat === this.seat;
      const opponent = this.seat && !mine && v.sides[letters.indexOf(this.seat)] !== v.sides[letters.indexOf(c.seat)];
      return h("section", {class: "panel claim-panel", id: "claim-panel", role: "region"},
        h("h3", {text: c.tricks === 0 ? t("concedeBy", {name: this.nameOf(c.seat)}) : t("claimBy", {name: this.nameOf(c.seat), n: c.tricks})}),
        c.hand && c.hand.length ? h("div", {class: "hand open", role: "group", "aria-label": t("claimCards", {name: this.nameOf(c.seat)})},
          sortHand(c.hand, v.trump).map(card => h("span", {class: "card shown", "data-card": card, role: "img", "aria-label": cardName(card)},
            cardSvg(card)))) : null,
        c.settling ? h("p", {class: "note", text: t("claimSettling")})
        : opponent && !c.answered ? h("div", {class: "row wrap"},
          h("button", {type: "button", class: "primary", id: "claim-accept", onclick: () => this.answer(true), text: t("accept")}),
          h("button", {type: "button", id: "claim-refuse", onclick: () => this.answer(false), text: t("refuse")}))
          : h("p", {class: "note", text: t("claimWait")}));
    }
    if (!this.claiming) return null;
    const left = v.hand.length;
    const pick = h("select", {id: "claim-count", "aria-label": t("claimHow", {n: left})},
      Array.from({length: left + 1}, (_, k) => left - k).map(k => h("option", {value: k,
        text: k === left ? t("claimAll", {n: k}) : k === 0 ? t("concede") : String(k)})));
    return h("section", {class: "panel claim-panel", id: "claim-form"},
      h("label", {for: "claim-count", text: t("claimHow", {n: left})}),
      h("div", {class: "row"}, pick,
        h("button", {type: "button", class: "primary", id: "claim-send", onclick: () => {
          this.send({type: "claim", tricks: Number(pick.value)}); this.claiming = false; this.render();
        }, text: t("claimSend")}),
        h("button", {type: "button", onclick: () => { this.claiming = false; this.render(); }, text: t("cancel")})));
  }

  answer(accept) {
    this.send({type: "answer", accept});
    if (this.claim) this.claim.answered = true;
    this.render();
  }

  // Leave, Close, Claim, Take back: what one may do at this table now.
  actionBar() {
    const v = this.view, st = this.state();
    const playing = st === "playing" && v.phase === "play";
    return h("div", {class: "row wrap actions", id: "table-actions"},
      this.seat && playing && !this.claim && v.hand.length > 0 && this.table.claims !== false ? h("button", {type: "button", id: "claim-button",
        "aria-expanded": String(this.claiming), onclick: () => { this.claiming = !this.claiming; this.render(); }, text: t("claim")}) : null,
      this.seat && this.table.take_back && st === "playing" ? h("button", {type: "button", id: "undo-button",
        onclick: () => this.send({type: "undo"}), text: t("undo")}) : null,
      this.seat ? h("button", {type: "button", id: "leave-button", onclick: () => this.leave(), text: t("leave")}) : null,
      this.isOwner() ? h("button", {type: "button", id: "close-button", class: "danger", onclick: () => this.closeTable(),
                                    text: t("closeTable")}) : null);
  }

  // Table talk: the quick messages, free text at a private table, each speaker mutable.
  talkPanel() {
    const quick = ["well_played", "thanks", "sorry", "good_luck", "hello", "bye"];
    const say = (msg) => this.send({type: "say", ...msg});
    const shown = this.talk.filter(m => !this.muted.has(m.from));
    const speakers = [...new Set(this.talk.map(m => m.from))].filter(n => n !== session.user?.name);
    const text = h("input", {id: "talk-text", maxlength: 200, placeholder: t("talkPlaceholder"), "aria-label": t("talkPlaceholder")});
    return h("details", {class: "talk", id: "talk", open: this.showTalk, ontoggle: e => {
      this.showTalk = e.target.open; if (this.showTalk) this.unread = false;
    }},
      h("summary", {text: t("talk") + (this.unread ? " •" : "")}),
      h("ol", {class: "talk-lines", id: "talk-lines"}, shown.slice(-12).map(m =>
        h("li", {}, h("strong", {text: `${m.from}${m.seat ? "" : ` (${t("spectator")})`}: `}),
          m.quick ? t("q_" + m.quick) : m.text))),
      h("div", {class: "row wrap quick-talk"}, quick.map(q => h("button", {type: "button", class: "quick", "data-quick": q,
        onclick: () => say({quick: q}), text: t("q_" + q)}))),
      this.table.private ? h("form", {class: "row", onsubmit: e => {
        e.preventDefault();
        if (text.value.trim()) say({text: text.value.trim()});
        text.value = "";
      }}, text, h("button", {type: "submit", text: t("talkSay")})) : null,
      speakers.length ? h("div", {class: "row wrap mutes"}, speakers.map(n => h("button", {type: "button", class: "link",
        "aria-pressed": String(this.muted.has(n)), "data-mute": n, onclick: () => {
          if (this.muted.has(n)) this.muted.delete(n); else this.muted.add(n);
          this.render();
        }, text: `${this.muted.has(n) ? t("unmute") : t("mute")}: ${n}`}))) : null);
  }

  // A talk message changes only the talk: its lines, the unread mark, who may be muted.
  talkUpdate() {
    const old = $("#talk", this.root);
    if (!old || this.closing) return false;
    const fresh = this.talkPanel();
    for (const sel of ["summary", "#talk-lines", ".mutes"]) {
      const a = $(sel, old), b = $(sel, fresh);
      if (a && b && a.textContent !== b.textContent) a.replaceWith(b);
      else if (!a && b) old.append(b);
    }
    return true;
  }

  // The player's choices of how the table looks and sounds, kept in this browser.
  lookPanel() {
    const look = lookChosen();
    const pick = (id, text, on, set) => h("label", {class: "check"}, h("input", {type: "checkbox", id, checked: on,
      onchange: e => set(e.target.checked)}), " ", t(text));
    return h("details", {class: "look", id: "look"}, h("summary", {text: t("display")}),
      ["four", "large", "contrast"].map(k => pick(`look-${k}`, "look_" + k, look.includes(k), on => {
        localStorage.setItem("openwhist-look", JSON.stringify(on ? [...lookChosen(), k] : lookChosen().filter(x => x !== k)));
        applyLook();
      })),
      pick("turn-sound", "turnSound", soundOn(), on => localStorage.setItem("openwhist-sound", on ? "on" : "off")));
  }

  // A seat's presence: away (connection lost) and auto (a computer plays for the person now).
  presence(letter) {
    const s = this.seatInfo(letter);
    if (!s || s.kind !== "person") return [];
    const marks = [];
    if (s.auto) marks.push(h("span", {class: "mark auto", "data-mark": "auto", text: t("auto")}));
    else if (s.away && letter !== this.seat) marks.push(h("span", {class: "mark away", "data-mark": "away", text: t("away")}));
    if (this.view.to_move === letter) {
      const c = this.countdown("turn_ends_in", "timeLeft", {class: "mark clock", "data-mark": "clock"});
      if (c) marks.push(c);
    }
    return marks;
  }

  nameOf(letter) {
    const [name, kind] = this.seatTitle(letter);
    const full = kind ? `${name} (${kind})` : name;
    return letter === this.seat ? `${full} (${t("you")})` : full;
  }

  // Who sits at a hand, short: the person's name, or the seat's with what plays it
  // ("computer", "free") apart; the dummy's hand has no seat.
  seatTitle(letter) {
    const s = this.table?.seats.find(x => x.seat === letter);
    if (!s) return [t("unseatedHand"), null];
    // a guest is marked for the others; a person knows whether he is one
    if (s.kind === "person") return [s.name, s.guest && letter !== this.seat ? t("guest") : null];
    return [seatWord(letter, this.letters().length), t(s.kind === "bot" ? "bot" : "open")];
  }

  letters() { return SEATS[this.view.hand_sizes.length] || SEATS[4]; }

  position(letter) {
    const ls = this.letters(), n = ls.length;
    const me = Math.max(0, ls.indexOf(this.seat ?? "S"));
    const k = (ls.indexOf(letter) - me + n) % n;
    if (k === 0) return "bottom";
    if (n === 2) return "top";
    if (n === 3) return k === 1 ? "left" : "right";
    if (n > 4) return seatPlaces(n)[k];
    return ["bottom", "left", "top", "right"][k];
  }

  // Hints only when no other person sits (or is about to sit) at the table, and not at a drive's.
  hintsAllowed() {
    return !this.table?.drive_id && (this.table?.seats || []).filter(s => s.kind === "person" || s.pending).length <= 1;
  }

  async askHint() {
    const v = this.v;
    try {
      const r = await api("GET", `/api/tables/${this.id}/hint`), w = await hintWhy(r);
      if (this.v !== v) return;                     // the table moved on meanwhile
      this.hint = r.action;
      this.note = t("hintIs", {card: actionName(r.action)}) + (w && ` (${w})`);
      if (teaching()) this.teachSay(t("teachHint", {card: actionName(r.action), why: w ? w[0].toUpperCase() + w.slice(1) : ""}).trim());
    } catch (err) { this.note = errorText(err); }
    this.render();
  }

  mySide() {
    const i = this.letters().indexOf(this.seat ?? "");
    return i >= 0 ? this.view.sides[i] : 0;
  }

  act(action) {
    if (!this.view?.legal.includes(action)) return;
    this.send({type: "act", action, ref: ++this.ref});
    this.view = {...this.view, legal: []};       // until the server answers
    this.myTurn = false;
    this.render();
  }

  key(e) {
    if (!this.view || e.target.closest?.("input, select, textarea")) return;
    const dummy = this.root.querySelectorAll(".hand.open.active button.card");
    const buttons = [...(dummy.length ? dummy : this.root.querySelectorAll(".hand.mine button.card"))];
    if (e.key === "l" || e.key === "L") {
      this.showLast = !this.showLast; this.render();
      if (this.showLast) announce(`${t("lastTrick")}: ${$("#last-trick", this.root)?.textContent ?? ""}`);
      return;
    }
    const read = {h: () => this.readHand(), t: () => this.readTrick(),
                  s: () => ["#contract", "#tricks-won", "#score"].map(x => $(x, this.root)?.textContent).filter(Boolean).join(". ")};
    if (read[e.key.toLowerCase()] && !e.ctrlKey && !e.metaKey && !e.altKey) { announce(read[e.key.toLowerCase()]()); return; }
    if (!buttons.length) return;
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      const at = buttons.indexOf(document.activeElement);
      const next = at < 0 ? 0 : (at + (e.key === "ArrowRight" ? 1 : -1) + buttons.length) % buttons.length;
      buttons[next].focus();
      this.focus = next;
      e.preventDefault();
    }
  }

  // One's hand read out suit by suit, and the cards on the table with who played them.
  readHand() {
    const cards = sortHand(this.view.hand || [], this.view.trump), suits = [];
    for (const c of cards) {
      const suit = parseCard(c)?.suit;
      if (suits.at(-1)?.suit !== suit) suits.push({suit, names: []});
      suits.at(-1).names.push(cardName(c));
    }
    return `${t("hand")}: ${suits.map(x => x.names.join(", ")).join("; ") || "–"}`;
  }

  readTrick() {
    const pairs = this.view.trick.length ? this.view.trick : this.flash ? this.trickPairs(this.flash) : [];
    return `${t("trick")}: ${pairs.map(([l, c]) => `${this.seatTitle(l)[0]}, ${cardName(c)}`).join("; ") || "–"}`;
  }

  // A card of a hand as a button: playable, dimmed (a card is to be played from this hand,
  // not this one) or idle (no card is to be played from it now: during calls, others' turns).
  cardButton(card, playable, where, choosing = true) {
    const state = playable ? " legal" : choosing ? " dim" : " idle";
    const b = h("button", {type: "button", class: `card${state}${card === this.hint ? " hinted" : ""}`, "data-card": card,
                           "aria-disabled": playable ? null : "true", title: cardName(card)},
                cardSvg(card), h("span", {class: "sr", text: cardName(card)}));
    b.addEventListener("click", () => { if (playable) { this.focus = where; this.act(card); } });
    return b;
  }

  handRow(letter, cards, mine) {
    const legal = new Set(this.view.legal);
    const sorted = sortHand(cards, this.view.trump);
    const played = !mine && (this.view.controls || []).includes(letter);
    const label = mine ? t("hand") : t("handOf", {name: this.nameOf(letter)}) + (played ? ` (${t("dummyYou")})` : "");
    const active = played && this.view.to_move === letter && this.view.legal.length > 0;
    const turn = this.view.to_move === letter;
    const choosing = turn && cards.some(c => legal.has(c));
    return h("div", {class: `hand${mine ? " mine" : " open"}${played ? " played-by-me" : ""}${active ? " active" : ""}`,
                     role: "group", "aria-label": label, "data-hand": letter},
      sorted.map((c, i) => this.whyNot(this.cardButton(c, legal.has(c) && turn, i, choosing), c, cards, letter, legal.has(c) && turn)));
  }

  // --- a first game explained (the words: howto.js) ------------------------------------------

  // The variant's record (for this table's rules) and, when explaining, its page's calls.
  learn() {
    const name = this.table?.variant;
    if (!name) return;
    if (this.record?.name !== name) variants().then(all => { this.record = all.find(v => v.name === name); this.render(); }, () => {});
    if (teaching() && this.howto?.lang !== language()) {
      howtoData(api, name).then(d => { this.howto = d; }, () => {});
    }
  }

  // An explanation shown (the last three stay); said aloud where the player asked for it
  // (the calls and tricks are said already by the live region).
  teachSay(text, aloud = true) {
    if (!text) return;
    this.teachLines = [...(this.teachLines || []), text].slice(-3);
    if (aloud) announce(text);
  }

  // A card that cannot be played, clicked while explaining: why not.
  whyNot(button, card, hand, letter, playable) {
    button.addEventListener("click", () => {
      if (playable || !teaching() || !this.view) return;
      this.teachSay(whyNotPlayable(card, hand, letter, this.view, l => this.nameOf(l)));
      this.render();
    });
    return button;
  }

  // The calls made (what each promises) and the tricks won (by whom and why).
  explain(events, m) {
    if (!events.length && m.action && !parseCard(m.action)) events = [{kind: "call_made", hand: m.hand, call: m.action}];
    for (const e of events) {
      if (e.kind === "call_made" && e.call) {
        const meaning = callMeaning(e.call, this.howto);
        this.teachSay(t("teachCall", {name: this.nameOf(e.hand), call: callName(e.call), meaning}).trim(), false);
      } else if (e.kind === "trick_won") {
        this.teachSay(trickWhy(this.trickPairs(e), e.winner, this.view?.trump, l => this.nameOf(l)), false);
      }
    }
  }

  teachBox(mine) {
    if (!teaching()) return null;
    if (this.howto?.lang !== language()) this.learn();     // turned on, or another language chosen
    const v = this.view, hand = v.to_move === this.seat ? v.hand : [];
    const now = mine && hand.length ? youMay(v, hand) : "";
    return h("div", {class: "teach", id: "teach", role: "region", "aria-label": t("teachTitle")},
      h("strong", {text: t("teachTitle")}), (this.teachLines || []).map(x => h("p", {text: x})),
      now ? h("p", {class: "now", id: "teach-now", text: now}) : null);
  }

  seatBox(letter) {
    const v = this.view;
    const pos = this.position(letter);
    const i = this.letters().indexOf(letter);
    const turn = v.to_move === letter;
    const [name, kind] = this.seatTitle(letter);
    const box = h("div", {class: `seat ${pos}${turn ? " turn" : ""}`, "data-seat": letter},
      h("div", {class: "name"}, turn ? h("span", {class: "turn-mark", "aria-hidden": "true", text: "▶ "}) : null,
        name, kind ? h("span", {class: "kind", text: ` (${kind})`}) : null,
        v.dealer === letter ? h("span", {class: "badge", text: t("dealer")}) : null, this.presence(letter)),
      h("div", {class: "count", text: t("cardsLeft", {n: v.hand_sizes[i]})}), this.bidLine(letter));
    const known = v.known?.[letter] || [];
    if (letter !== this.seat && (v.open_hands.includes(letter) || (known.length && known.length === v.hand_sizes[i]))) {
      box.append(this.handRow(letter, known, false));
    } else if (letter !== this.seat) {
      box.append(h("div", {class: "backs", "aria-hidden": "true"},
        Array.from({length: Math.min(v.hand_sizes[i], 13)}, () => h("span", {class: "back-card"}))));
    }
    return box;
  }

  trickArea() {
    const v = this.view;
    const shown = v.trick.length ? {cards: v.trick, winner: null}
      : this.flash ? {cards: this.trickPairs(this.flash), winner: this.flash.winner} : {cards: [], winner: null};
    const gather = shown.winner ? ` gather to-${this.position(shown.winner)}` : "";
    const area = h("div", {class: `trick${gather}`, role: "region", "aria-label": t("trick"),
                           style: gather ? `--wait: ${Math.max(0, 750 - (Date.now() - this.flash.at))}ms` : null});
    const before = this.onTable || new Set();       // only a card new on the table drops in
    this.onTable = new Set(shown.cards.map(([, card]) => card));
    for (const [letter, card] of shown.cards) {
      area.append(h("figure", {class: `played ${this.position(letter)}${shown.winner === letter ? " won" : ""}${before.has(card) ? "" : " new"}`,
                               "data-card": card, "data-seat": letter},
        cardSvg(card), h("figcaption", {text: this.seatTitle(letter)[0]}),
        h("span", {class: "sr", text: cardName(card)})));
    }
    if (shown.winner) area.append(h("p", {class: "won-by", text: t("wonBy", {name: this.seatTitle(shown.winner)[0]})}));
    // German whist's stock on the table: what is left, and the face-up card to be won
    const face = stockRow(v);
    if (typeof v.info?.stock === "number" && v.phase === "stock") {
      area.append(h("div", {class: "stock-pile", id: "stock-pile"},
        h("span", {class: "pile-count", text: t("cardsLeft", {n: v.info.stock})}),
        face.map(c => h("span", {class: "pile-card", role: "img", "aria-label": `${t("faceUp")}: ${cardName(c)}`, "data-card": c}, cardSvg(c)))));
    }
    return area;
  }

  trickPairs(trick) {
    const ls = this.letters();
    const start = ls.indexOf(trick.leader);
    return trick.cards.map((c, k) => [ls[(start + k) % ls.length], c]);
  }

  // The score beside the table: the view's while a match is played; once it is over (its
  // last view holds the score before the last deal, or the next match's) the server's
  // record of it, the score sheet's last total, as the sheet shows it.
  scoreNow() {
    const v = this.view, last = this.sheet[this.sheet.length - 1];
    if (this.state() !== "over" && !this.matchOver) return v.score;
    const totals = (this.matchOver?.summary || (this.table?.match_over && this.table.summary))?.totals;
    return last?.score?.length === v.score.length ? last.score : totals?.length === v.score.length ? totals : v.score;
  }

  // Tricks and score: "Us – Them" where two fixed pairs play; the two players by name at a
  // two-hand table; each player's own where every player scores alone (Belgian whist, whose
  // sides are only known once the auction is over: then also the declarers' and the rest's).
  infoPanel() {
    const v = this.view;
    const side = this.mySide();
    const letters = this.letters();
    const perPlayer = v.score.length > 2;
    const pairs = !perPlayer && letters.length > 2;
    const points = this.scoreNow();
    const named = (l, value, cls, pre) => h("span", {class: cls, "data-seat": l}, `${pre}${this.nameOf(l)} `, h("strong", {text: value}));
    let tricks, score;
    if (pairs) {
      tricks = h("div", {class: "tricks-won", id: "tricks-won"}, `${t("tricks")}: ${t("us")} `, h("strong", {text: v.tricks_won[side]}),
        ` – ${t("them")} `, h("strong", {text: v.tricks_won[1 - side]}));
      score = h("div", {class: "score", id: "score"}, `${t("score")}: ${t("us")} `, h("strong", {text: points[side]}),
        ` – ${t("them")} `, h("strong", {text: points[1 - side]}));
    } else {
      // me first at a two-hand table, else in seat order; tricks counted from the closed tricks
      const order = perPlayer ? letters : [this.seat, ...letters.filter(l => l !== this.seat)].filter(l => letters.includes(l));
      const won = tricksBySeat(v, letters);
      const list = (cls, value) => order.map((l, k) => named(l, value(l), cls, k && !perPlayer ? "– " : ""));
      tricks = h("div", {class: "tricks-won per-player", id: "tricks-won"}, `${t("tricks")}: `, list("player-tricks", l => won[l]));
      score = h("div", {class: "score per-player", id: "score"}, `${t("score")}: `,
        list("player-score", l => points[letters.indexOf(l)]));
    }
    const parts = [
      h("div", {class: "trump", id: "trump"}, h("span", {class: "label", text: t("trump") + ": "}),
        // "–" while an auction chooses it (Belgian whist); the exact bids' trump is dealt
        h("strong", {text: v.phase === "auction" && !v.trump && !Array.isArray(v.info?.bids)
          ? "–" : trumpName(v.trump)})),
      tricks, score,
    ];
    const decl = v.contract?.declarers || [];
    const sideOf = decl.length ? v.sides[letters.indexOf(decl[0])] : -1;
    if (perPlayer && decl.length && new Set(v.sides).size === 2 && v.tricks_won.length === 2) {
      parts.splice(2, 0, h("div", {class: "side-tricks", id: "side-tricks"},
        `${t("declarers")} `, h("strong", {text: v.tricks_won[sideOf]}),
        ` – ${t("defenders")} `, h("strong", {text: v.tricks_won[1 - sideOf]})));
    }
    const contract = v.contract;
    if (contract) {
      parts.unshift(h("div", {class: "contract", id: "contract"}, h("span", {class: "label", text: `${t("contract")}: `}),
        h("strong", {text: callName(contract.name)}), " ",
        h("span", {class: "declarers", text: t("playedBy", {names: contract.declarers.map(l => this.nameOf(l)).join(", ")})}),
        contract.needed ? h("span", {class: "needs", text: ` (${t(contract.bound === "exactly" ? "needsExact" : "needs", {n: contract.needed})})`}) : null));
    }
    if (v.turn_up) {
      parts.push(h("div", {class: "turn-up", id: "turn-up"}, h("span", {class: "label", text: t("turnUp")}),
        h("span", {class: "mini", "aria-label": cardName(v.turn_up), role: "img"}, cardSvg(v.turn_up))));
    }
    if (v.info && typeof v.info.stock === "number" && (v.phase === "stock" || v.info.stock > 0)) {
      const face = stockRow(v);
      parts.push(h("div", {class: "stock", id: "stock"},
        h("span", {class: "label", text: `${t("stock")}: `}), h("strong", {id: "stock-count", text: t("cardsLeft", {n: v.info.stock})}),
        face.length ? h("span", {class: "label", text: ` ${t("faceUp")}`}) : null,
        face.map(c => h("span", {class: "mini", role: "img", "aria-label": cardName(c), "data-card": c}, cardSvg(c)))));
    }
    return h("aside", {class: "info", "aria-label": t("score")}, parts);
  }

  // The calls made, what the auction stands at, and our legal calls: the calls without a
  // suit in one row, then for each kind of call a row per level ("solo 6") with a small
  // button per suit, or, where a kind has more levels than suits, a row per suit ("pair ♣")
  // with a small button per level; each button's label names the whole call.
  callBox() {
    const v = this.view;
    const calls = v.legal.filter(a => !parseCard(a));
    const history = v.calls || [];
    if (!calls.length && !history.length && v.phase !== "auction") return null;
    const numbered = this.numberCalls(calls);
    const plain = [], kinds = new Map();
    for (const c of numbered ? [] : calls) {
      const words = c.split(" "), suit = SUIT_WORDS[words[words.length - 1]];
      if (!suit || words.length < 2) { plain.push(c); continue; }
      const kind = words[0], level = words.length > 2 ? words.slice(1, -1).join(" ") : "";
      if (!kinds.has(kind)) kinds.set(kind, []);
      kinds.get(kind).push({c, level, suit});
    }
    const rows = [];
    for (const [kind, cs] of kinds) {
      const levels = [...new Set(cs.map(x => x.level))], suits = [...new Set(cs.map(x => x.suit))];
      if (levels.length > suits.length) {
        for (const suit of suits) rows.push({label: `${callName(kind)} ${SUIT_SYMBOL[suit]}`, suit,
          name: `${kind} ${Object.keys(SUIT_WORDS).find(w => SUIT_WORDS[w] === suit)}`,
          buttons: cs.filter(x => x.suit === suit).map(x => [x.c, x.level, ` level-call`])});
      } else {
        for (const level of levels) rows.push({label: callName(`${kind} ${level}`.trim()), suit: "",
          name: `${kind} ${level}`.trim(), kind, level, perSuit: cs.filter(x => x.level === level),
          buttons: cs.filter(x => x.level === level).map(x => [x.c, SUIT_SYMBOL[x.suit], ` suit-call suit-${x.suit}`])});
      }
    }
    // a ladder of contracts each in four suits (Belgian whist's solo, abondance...) is one
    // grid, a column per contract and a row per suit: a fifth of the height of a row each
    const ladder = rows.filter(r => r.perSuit);
    const grid = ladder.length >= 3 ? this.bidGrid(ladder) : null;
    const hinted = (c) => (c === this.hint ? " hinted" : "");
    const facts = [...auctionFacts(v, l => this.nameOf(l)), ...this.barredFact()];
    return h("section", {class: "calls", id: "auction", "aria-label": t("auction")},
      h("h3", {text: t("callHistory")}),
      history.length ? h("ol", {class: "history", id: "call-history"}, history.map(([letter, c]) =>
        h("li", {"data-seat": letter, "data-call": c}, `${this.nameOf(letter)}: `, h("strong", {text: callName(c)}))))
        : h("p", {class: "empty", text: t("noCalls")}),
      facts.length ? h("ul", {class: "auction-state", id: "auction-state"},
        facts.map(([key, text]) => h("li", {"data-fact": key, text}))) : null,
      numbered ? this.numberRow(numbered) : null,
      calls.length && !numbered ? h("div", {class: "call-groups", role: "group", "aria-label": t("calls")},
        plain.length ? h("div", {class: "row wrap call-group"}, plain.map(c => h("button", {type: "button",
          class: `call${c === "pass" ? "" : " primary"}${hinted(c)}`, "data-call": c, onclick: () => this.act(c), text: callName(c)})))
          : null,
        grid,
        rows.filter(r => !grid || !ladder.includes(r)).map(r => h("div", {class: "call-row", role: "group", "aria-label": callName(r.name)},
          h("span", {class: `call-kind${r.suit ? " suit-" + r.suit : ""}`, "aria-hidden": "true", text: r.label}),
          r.buttons.map(([c, text, cls]) => h("button", {type: "button", class: `call${cls}${hinted(c)}`, "data-call": c,
                                                         "aria-label": callName(c), title: callName(c), onclick: () => this.act(c)},
            h("span", {"aria-hidden": "true", text})))))) : null);
  }

  // The contracts of a ladder as a grid: the kinds over their levels as column heads, a row
  // per suit, a button where the call is legal (named in full for screen readers).
  bidGrid(ladder) {
    const suits = [...new Set(ladder.flatMap(r => r.perSuit.map(x => x.suit)))];
    const kinds = [];
    for (const r of ladder) {
      if (kinds.length && kinds[kinds.length - 1].kind === r.kind) kinds[kinds.length - 1].span++;
      else kinds.push({kind: r.kind, span: 1});
    }
    const cells = [h("span", {class: "bid-corner"})];
    for (const k of kinds) cells.push(h("span", {class: "bid-kind", style: `grid-column: span ${k.span}`, text: callName(k.kind)}));
    cells.push(h("span", {class: "bid-corner"}));
    for (const r of ladder) cells.push(h("span", {class: "bid-level", text: r.level}));
    for (const suit of suits) {
      cells.push(h("span", {class: `call-kind suit-${suit}`, "aria-hidden": "true", text: SUIT_SYMBOL[suit]}));
      for (const r of ladder) {
        const x = r.perSuit.find(y => y.suit === suit);
        cells.push(x ? h("button", {type: "button", class: `call suit-call suit-${suit}${x.c === this.hint ? " hinted" : ""}`,
                                    "data-call": x.c, "aria-label": callName(x.c), title: callName(x.c),
                                    onclick: () => this.act(x.c)}, h("span", {"aria-hidden": "true", text: SUIT_SYMBOL[suit]}))
          : h("span", {class: "bid-none"}));
      }
    }
    return h("div", {class: "bid-grid", role: "group", "aria-label": t("calls"),
                     style: `grid-template-columns: auto repeat(${ladder.length}, minmax(1.85rem, auto))`}, cells);
  }

  // Whose numbers the sheet's columns hold, in their order: us and them where pairs play,
  // else the players by name (me first at a two-hand table).
  sheetCaption() {
    const letters = this.letters();
    if (this.view.score.length > 2) return letters.map(l => this.nameOf(l)).join(" / ");
    if (letters.length > 2) return `${t("us")} – ${t("them")}`;
    const me = letters.includes(this.seat) ? this.seat : letters[0];
    return [me, ...letters.filter(l => l !== me)].map(l => this.nameOf(l)).join(" – ");
  }

  sheetTable() {
    if (Array.isArray(this.view.info?.bids) || this.sheet.some(r => Array.isArray(r.result?.bids))) return this.bidSheet();
    const side = this.mySide();
    const pair = (xs) => (xs && xs.length > 2 ? xs.join(" / ")
      : xs && xs.length > 1 ? `${xs[side]} – ${xs[1 - side]}` : "");
    return h("section", {class: "sheet", "aria-labelledby": "sheet-h"},
      h("h2", {id: "sheet-h", text: t("scoreSheet")}),
      h("table", {id: "score-sheet"},
        h("caption", {class: "sr", text: this.sheetCaption()}),
        h("thead", {}, h("tr", {}, [t("deal"), t("trump"), t("tricks"), t("points"), t("score")]
          .map(x => h("th", {scope: "col", text: x})))),
        h("tbody", {}, this.sheet.map(r => {
          const res = r.result || {};
          return h("tr", {"data-tricks": (res.tricks || []).join(" "), "data-points": (res.points || []).join(" "),
                          "data-contract": res.contract || ""},
            h("td", {text: r.deal}), h("td", {text: res.contract ? callName(res.contract) : trumpName(r.trump)}),
            h("td", {class: "tricks", text: pair(res.tricks)}), h("td", {class: "points", text: pair(res.points)}),
            h("td", {class: "total", text: pair(r.score)}));
        }))));
  }

  // The number the rules bar the player to bid now (`info.forbidden`), said to the others.
  barredFact() {
    const v = this.view, n = v.info?.forbidden;
    if (typeof n !== "number" || v.phase !== "auction" || !v.to_move || v.to_move === this.seat) return [];
    return [["barred", t("barredFor", {name: this.nameOf(v.to_move), n})]];
  }

  // Where each player bids a number of tricks (the view's `info.bids`, in seat order): "bid 2,
  // won 1" under his name once he has bid; nothing where the deal has no such bids.
  bidLine(letter) {
    const v = this.view, bids = v.info?.bids;
    if (!Array.isArray(bids)) return null;
    const bid = bids[this.letters().indexOf(letter)];
    if (bid === null || bid === undefined) return h("div", {class: "bid-line", "data-bid": "", text: t("noBidYet")});
    const won = tricksBySeat(v, this.letters())[letter];
    const text = v.phase === "auction" ? t("bidOnly", {bid}) : t("bidWon", {bid, won});
    const state = v.phase === "auction" ? "" : won === bid ? " on-bid" : won > bid ? " over-bid" : "";
    return h("div", {class: `bid-line${state}`, "data-bid": bid, text});
  }

  // The calls, when every one is a kind of call with a number ("bid 0" ... "bid 8"): the
  // kind and the numbers legal now, else null.
  numberCalls(calls) {
    const parsed = calls.map(c => /^(\S+) (\d+)$/.exec(c));
    if (!calls.length || parsed.some(m => !m) || new Set(parsed.map(m => m[1])).size !== 1) return null;
    return {kind: parsed[0][1], legal: parsed.map(m => Number(m[2]))};
  }

  // A row of every number from 0 to the deal's cards a hand (`info.cards`, else the highest
  // legal one): the legal ones as buttons, the one the rules bar (`info.forbidden`) shown
  // disabled with the reason below.
  numberRow({kind, legal}) {
    const info = this.view.info || {};
    const top = Math.max(...legal, typeof info.cards === "number" ? info.cards : 0);
    const barred = typeof info.forbidden === "number" ? info.forbidden : null;
    const hinted = (c) => (c === this.hint ? " hinted" : "");
    const buttons = Array.from({length: top + 1}, (_, n) => {
      const c = `${kind} ${n}`, ok = legal.includes(n);
      return h("button", {type: "button", class: `call number-call${ok ? " primary" : " barred"}${hinted(c)}`,
        "data-call": ok ? c : null, "data-barred": ok ? null : String(n), disabled: !ok, "aria-label": callName(c),
        title: ok ? callName(c) : t("barredWhy", {n, cards: top}), onclick: () => this.act(c), text: String(n)});
    });
    return h("div", {class: "call-groups number-calls", role: "group", "aria-label": t("calls")},
      h("span", {class: "call-kind", text: callName(kind)}), h("div", {class: "row wrap call-group"}, buttons),
      barred !== null ? h("p", {class: "barred-why", id: "barred-why", text: t("barredWhy", {n: barred, cards: top})}) : null);
  }

  // The score sheet as players of the exact-bid games keep it: a line a deal with its
  // number and the cards each held, and for each player his bid and tricks, the points of
  // the deal and his running total.
  bidSheet() {
    const letters = this.letters();
    const sign = (x) => (x > 0 ? `+${x}` : String(x));
    return h("section", {class: "sheet bid-sheet", "aria-labelledby": "sheet-h", tabindex: "0"},  // it scrolls sideways: reachable by keyboard
      h("h2", {id: "sheet-h", text: t("scoreSheet")}),
      h("p", {class: "sheet-key", text: t("sheetKey")}),
      h("table", {id: "score-sheet"},
        h("caption", {class: "sr", text: this.sheetCaption()}),
        h("thead", {}, h("tr", {}, h("th", {scope: "col", text: t("dealShort")}), h("th", {scope: "col", text: t("cardsShort")}),
          letters.map(l => h("th", {scope: "col", "data-seat": l, title: this.nameOf(l), text: this.seatTitle(l)[0]})))),
        h("tbody", {}, this.sheet.map(r => {
          const res = r.result || {};
          const cards = (res.tricks || []).reduce((a, b) => a + b, 0);
          return h("tr", {"data-tricks": (res.tricks || []).join(" "), "data-points": (res.points || []).join(" "),
                          "data-bids": (res.bids || []).join(" ")},
            h("td", {text: r.deal}), h("td", {class: "cards", text: cards}),
            letters.map((l, k) => {
              const made = res.bids?.[k] === res.tricks?.[k];
              return h("td", {class: `player ${made ? "made" : "missed"}`, "data-seat": l},
                h("span", {class: "bt", text: `${res.bids?.[k] ?? "–"}/${res.tricks?.[k] ?? "–"}`}),
                h("span", {class: "pts", text: sign(res.points?.[k] ?? 0)}),
                h("strong", {class: "tot", text: r.score?.[k] ?? ""}));
            }));
        }))));
  }

  lastTrickBox(id = "last-trick") {
    const tricks = this.view.tricks;
    const last = tricks[tricks.length - 1] || (this.lastDeal?.final.tricks.slice(-1)[0]);
    if (!last) return h("div", {class: "last-trick", id, text: t("noLastTrick")});
    return h("div", {class: "last-trick", id, role: "region", "aria-label": t("lastTrick")},
      this.trickPairs(last).map(([letter, c]) => h("figure", {class: last.winner === letter ? "won" : "", "data-card": c},
        cardSvg(c), h("figcaption", {text: this.seatTitle(letter)[0]}), h("span", {class: "sr", text: cardName(c)}))),
      h("p", {text: t("wonBy", {name: this.nameOf(last.winner)})}));
  }

  render() {
    if (this.closing) return;
    if (!this.view || !this.table) return;
    const v = this.view, st = this.state();
    const kept = this.keep();
    const mine = this.seat && v.to_move && v.legal.length > 0;
    this.attention(mine);
    const turnText = st === "waiting" ? t("phase_waiting") : st === "pause" ? t("phase_pause")
      : st === "over" || !v.to_move ? t("phase_over")
      : mine ? t("yourTurn") : t("turnOf", {name: this.nameOf(v.actor || v.to_move)});
    const seats = this.letters().filter(l => l !== this.seat).map(l => this.seatBox(l));
    const quiet = ["auction", "trump", "discard"].includes(v.phase) && !v.trick.length && !this.flash;
    const felt = h("div", {class: `felt n${this.letters().length}${this.seat ? "" : " watching"}${quiet ? " quiet" : ""}`},
                   seats, this.trickArea());
    const myHand = this.seat ? this.handRow(this.seat, v.hand, true) : null;
    if (myHand && mine && v.to_move === this.seat) myHand.classList.add("active");
    const panel = st === "pause" ? this.pausePanel() : st === "over" ? this.overPanel() : null;
    const clock = mine ? this.countdown("turn_ends_in", "yourTime", {class: "clock", id: "my-clock"}) : null;
    this.root.classList.toggle("paused", !!panel);
    this.root.replaceChildren(
      h("div", {class: "topline"},
        h("a", {href: "#", class: "button", text: t("back")}),
        this.table.drive_id ? driveLink(h, this.table.drive_id) : null,
        h("h2", {id: "table-title", tabindex: "-1", text: `${variantName(this.table.variant)} · ${t("phase_" + v.phase)}`}),
        h("p", {class: `whose${mine ? " mine" : ""}`, id: "whose", text: turnText}),
        clock),
      h("div", {class: "board"},
        h("div", {class: "play-area"}, panel, this.seatPanel(), this.claimPanel(), felt,
          myHand ? h("div", {class: "seat bottom me", "data-seat": this.seat},
            h("div", {class: "name"}, this.nameOf(this.seat),
              v.dealer === this.seat ? h("span", {class: "badge", text: t("dealer")}) : null, this.presence(this.seat),
              this.bidLine(this.seat)),
            myHand) : null,
          this.callBox(),
          h("p", {class: "note", id: "note", text: this.note}),
          this.teachBox(mine),
          this.actionBar(),
          h("p", {class: "keys", text: t("keys")})),
        h("div", {class: "side"}, this.infoPanel(),
          mine && this.hintsAllowed() ? h("button", {type: "button", id: "hint-button", onclick: () => this.askHint(),
                                                     text: t("hint")}) : null,
          h("button", {type: "button", id: "last-trick-button", "aria-expanded": String(this.showLast),
                       onclick: () => { this.showLast = !this.showLast; this.render(); },
                       text: this.showLast ? t("hideLastTrick") : t("lastTrick")}),
          this.showLast ? this.lastTrickBox() : null,
          this.sheetTable(),
          this.record ? tableRules(h, this.record, this.table.options, this.rulesOpen, open => { this.rulesOpen = open; }) : null,
          teachSwitch(h, "teach-table", on => { if (on) this.learn(); this.render(); }),
          this.talkPanel(),
          this.lookPanel(),
          this.table.code && st !== "waiting" ? this.inviteBox() : null)));
    if (!this.root.isConnected) { main().replaceChildren(this.root); land(this.root); }
    this.restore(kept);
    this.reveal(mine);
  }

  // The control the player must use now (the calls, German whist's stock card and his hand)
  // brought on the screen when his turn comes, unless he is on it or typing.
  reveal(mine) {
    if (!mine || this.revealed) { this.revealed = !!mine; return; }
    this.revealed = true;
    const parts = [".calls .call-groups", "#stock-pile", ".hand.mine.active"].map(x => $(x, this.root)).filter(Boolean);
    const a = document.activeElement, box = parts.map(p => p.getBoundingClientRect());
    if (!parts.length || a?.matches?.("input, textarea, select")) return;
    const top = Math.min(...box.map(r => r.top)), bottom = Math.max(...box.map(r => r.bottom));
    const by = bottom > innerHeight ? Math.min(bottom - innerHeight + 8, top - 8) : top < 0 ? top - 8 : 0;
    if (by) scrollBy(0, by);
  }

  // What the player is doing, which a redraw must not take from him: the control he is on,
  // the text he types (and where in it), the values of an open form, what he scrolled.
  keep() {
    const a = document.activeElement, root = this.root;
    const hand = a?.closest?.("[data-hand]")?.dataset.hand;
    const at = !root.contains(a) ? null : a.id ? `#${CSS.escape(a.id)}`
      : a.dataset.card ? `[data-hand="${hand}"] [data-card="${CSS.escape(a.dataset.card)}"]`
      : ["call", "quick", "seat", "mute"].map(k => a.dataset[k] && `${a.tagName}[data-${k}="${CSS.escape(a.dataset[k])}"]`)
        .find(Boolean) || (a.getAttribute("href") ? `a[href="${CSS.escape(a.getAttribute("href"))}"]` : null)
        || (a.matches("summary") && a.parentElement.id ? `#${CSS.escape(a.parentElement.id)} > summary` : null);
    const fields = [...root.querySelectorAll("input[id], select[id], textarea[id]")].filter(x => !x.readOnly)
      .map(x => [x.id, x.value, x === a && typeof x.selectionStart === "number" ? [x.selectionStart, x.selectionEnd] : null]);
    const scrolled = [...root.querySelectorAll("[id]")].filter(x => x.scrollTop || x.scrollLeft)
      .map(x => [x.id, x.scrollTop, x.scrollLeft]);
    return {at, card: hand === this.seat && a.dataset.card, fields, scrolled, x: scrollX, y: scrollY};
  }

  restore({at, card, fields, scrolled, x, y}) {
    for (const [id, value, sel] of fields) {
      const f = document.getElementById(id);
      if (!f || !this.root.contains(f)) continue;
      if (f.tagName !== "SELECT" || [...f.options].some(o => o.value === value)) f.value = value;
      if (sel) f.setSelectionRange(...sel);
    }
    for (const [id, top, left] of scrolled) {
      const n = document.getElementById(id);
      if (n) { n.scrollTop = top; n.scrollLeft = left; }
    }
    if (at) {
      // a card of one's own that is gone (played): the one now in its place
      const again = (at.startsWith("#invite") ? null : this.root.querySelector(at))
        || (card ? this.root.querySelectorAll(".hand.mine button.card")[Math.min(this.focus, this.view.hand.length - 1)] : null);
      again?.focus({preventScroll: true});
    }
    if (scrollX !== x || scrollY !== y) scrollTo(x, y);
  }
}

// --- history and replay ------------------------------------------------------------------

// A finished game from the server's replay of its record: every hand shown, trick by trick.
async function replayView(id) {
  const data = await api("GET", `/api/records/${id}/replay`);
  const state = {deal: 0, step: 0};
  let analysis = null, anNote = "";
  const letters = () => data.deals[state.deal].hands;
  // who played a hand: the person's name the server found, else the seat ("North"); a
  // guest is marked where the hand is named above it (marked), not in every caption
  const nameOf = (letter, marked = false) => {
    const k = letters().indexOf(letter), name = data.names?.[k];
    return !name ? seatWord(letter, letters().length) : marked && data.guests?.[k] ? `${name} (${t("guest")})` : name;
  };
  const root = h("section", {class: "replay-page", "aria-labelledby": "rp-h"});
  const pos = (letter) => {
    const ls = letters(), k = ls.indexOf(letter), n = ls.length;
    if (n === 2) return k === 0 ? "top" : "bottom";
    if (n > 4) return seatPlaces(n)[k];
    return ["top", "right", "bottom", "left"][k] || "top";
  };
  const render = () => {
    const d = data.deals[state.deal];
    const steps = d.tricks.length;
    const trick = state.step > 0 ? d.tricks[state.step - 1] : null;
    const hands = trick ? trick.hands : d.start;
    const trumpSuit = d.trump ? {spades: "S", hearts: "H", diamonds: "D", clubs: "C"}[d.trump] || d.trump : null;
    const pairs = trick ? trick.cards.map((c, k) => [letters()[(letters().indexOf(trick.leader) + k) % letters().length], c]) : [];
    const handBox = (letter) => h("div", {class: `seat ${pos(letter)}`, "data-seat": letter},
      h("div", {class: "name", text: `${nameOf(letter, true)}${d.dealer === letter ? " · " + t("dealer") : ""}`}),
      h("div", {class: "hand open", role: "group", "aria-label": t("handOf", {name: nameOf(letter)}), "data-hand": letter},
        sortHand(hands[letter] || [], trumpSuit).map(c => h("span", {class: "card shown", "data-card": c, role: "img",
          "aria-label": cardName(c)}, cardSvg(c)))));
    const deals = data.deals.length > 1 ? h("label", {}, `${t("deal")} `, h("select", {id: "replay-deal",
      onchange: e => { state.deal = Number(e.target.value); state.step = 0; render(); }},
      data.deals.map((_, i) => h("option", {value: i, selected: i === state.deal, text: t("dealN", {n: i + 1})})))) : null;
    const go = (step) => { state.step = Math.max(0, Math.min(steps, step)); render(); };
    const rec = `/api/records/${id}`;
    const an = analysis?.deals[state.deal];
    const verdict = (k) => an?.tricks[state.step - 1]?.[k];
    root.replaceChildren(...[      // (replaceChildren would write a null as "null")
      h("div", {class: "topline"}, h("a", {href: "#", class: "button", text: t("back")}),
        h("h2", {id: "rp-h", text: `${t("replayTitle")} · ${variantName(data.variant)}`}), deals),
      h("div", {class: "row wrap exports"},
        h("a", {class: "button", id: "export-json", href: rec, download: `openwhist-${id}.json`, text: t("exportJson")}),
        data.pbn ? h("a", {class: "button", id: "export-pbn", href: `${rec}/pbn`, download: `openwhist-${id}.pbn`, text: t("exportPbn")})
          : h("p", {class: "note", id: "no-pbn", text: t("pbnOnly4")})),
      h("div", {class: "info"},
        h("span", {id: "replay-trump"}, `${t("trump")}: `, h("strong", {text: trumpName(trumpSuit)})),
        d.contract ? h("span", {id: "replay-contract"}, ` · ${t("contract")}: `, h("strong", {text: callName(d.contract.name)}),
          " ", t("playedBy", {names: d.contract.declarers.map(nameOf).join(", ")})) : null,
        d.calls.length ? h("ol", {class: "history", id: "replay-calls"}, d.calls.map(([l, c]) =>
          h("li", {}, `${nameOf(l)}: `, h("strong", {text: callName(c)})))) : null),
      h("div", {class: "row wrap steps", role: "group"},
        h("button", {type: "button", id: "replay-first", onclick: () => go(0), disabled: state.step === 0, text: t("first")}),
        h("button", {type: "button", id: "replay-prev", onclick: () => go(state.step - 1), disabled: state.step === 0, text: t("prev")}),
        h("button", {type: "button", class: "primary", id: "replay-next", onclick: () => go(state.step + 1),
                     disabled: state.step >= steps, text: t("next")}),
        h("button", {type: "button", id: "replay-last", onclick: () => go(steps), disabled: state.step >= steps, text: t("last")}),
        h("span", {id: "replay-step", role: "status", "aria-live": "polite",
                   text: trick ? t("trickN", {n: state.step, m: steps}) : t("startPos")})),
      h("div", {class: `felt replay n${letters().length}`}, letters().map(handBox),
        h("div", {class: "trick", role: "region", "aria-label": t("trick")},
          pairs.map(([l, c], k) => {
            const e = verdict(k), bad = e?.cost > 0;
            return h("figure", {class: `played ${pos(l)}${trick.winner === l ? " won" : ""}${bad ? " costly" : ""}`, "data-card": c,
                                "data-seat": l, tabindex: an ? 0 : null, title: an ? `${cardName(c)}: ${verdictText(e)}` : null},
              cardSvg(c), h("figcaption", {text: nameOf(l)}),
              bad ? h("span", {class: "mark", "aria-hidden": "true", text: "✗"}) : null,
              bad ? h("span", {class: "tip", "aria-hidden": "true", text: t("bestWas", {cards: e.best.map(cardShort).join(" ")})}) : null,
              h("span", {class: "sr", text: an ? `${cardName(c)}: ${verdictText(e)}` : cardName(c)}));
          }),
          trick ? h("p", {class: "won-by", id: "replay-winner", text: t("wonBy", {name: nameOf(trick.winner)})}) : null)),
      trick ? h("p", {id: "replay-won", text: `${t("tricks")}: ${trick.tricks_won.join(" – ")}`}) : null,
      trick && an ? h("ul", {id: "replay-verdicts", class: "verdicts", "aria-label": t("analysis")},
        pairs.map(([l, c], k) => h("li", {class: verdict(k)?.cost > 0 ? "costly" : null},
          `${nameOf(l)}: ${cardName(c)} — ${verdictText(verdict(k))}`))) : null,
      analysisBox(an, anNote, go, nameOf),
      state.step >= steps && d.result ? h("p", {id: "replay-result"}, `${t("result")}: `,
        h("strong", {text: `${t("tricks")} ${(d.result.tricks || []).join(" – ")} · ${t("points")} ${(d.result.points || []).join(" – ")}`})) : null].filter(Boolean));
  };
  render();
  api("GET", `/api/records/${id}/analysis`).then(a => { analysis = a; }, err => { anNote = errorText(err); })
    .then(render);
  return root;
}

// What the solver says of one card played (an entry of /api/records/ID/analysis).
function verdictText(e) {
  if (!e) return t("notAnalysed");
  if (e.cost <= 0) return t("bestPlay");
  const cost = e.unit === "contract" ? t("costContract") : e.cost === 1 ? t("costTrick") : t("costTricks", {n: e.cost});
  return `${cost}; ${t("bestWas", {cards: e.best.map(cardName).join(", ")})}`;
}

// The deal's analysis: what was skipped, and every costly card as a link to its trick.
function analysisBox(an, note, go, nameOf) {
  const box = h("section", {class: "analysis", id: "replay-analysis", "aria-label": t("analysis")},
    h("h3", {text: t("analysis")}));
  if (!an) { box.append(h("p", {class: "note", id: "analysis-note", text: note || "…"})); return box; }
  for (const why of an.skipped) box.append(h("p", {class: "note", text: t(why === "stock" ? "anStock" : "anContract")}));
  const costly = [];
  an.tricks.forEach((cards, i) => cards.forEach(e => { if (e?.cost > 0) costly.push([i, e]); }));
  const played = an.tricks.some(cards => cards.length);   // a deal passed out has no card to judge
  box.append(h("p", {id: "analysis-summary", text: !played ? t("noCardsPlayed")
    : costly.length ? t("costlyN", {n: costly.length}) : t("noCostly")}));
  if (costly.length) box.append(h("ol", {class: "row wrap costly-list"}, costly.map(([i, e]) => h("li", {},
    h("button", {type: "button", class: "costly-link", onclick: () => go(i + 1),
                 text: `${t("trickN", {n: i + 1, m: an.tricks.length})}: ${nameOf(e.seat)} ${cardShort(e.card)} ✗`})))));
  return box;
}

// --- routing -----------------------------------------------------------------------------

let routed = 0;                                      // counts routes: a slow page never covers a newer one

// Show a page built by `build` unless another route started while it was being built.
// A new view drawn where the focus was: the keyboard lands on its heading, not the page's top.
function land(root) {
  const head = root.querySelector("h2");
  if ((document.activeElement && document.activeElement !== document.body) || !head) return;
  head.tabIndex = -1;
  head.focus({preventScroll: true});
}

async function show(build) {
  const mine = ++routed;
  try {
    const page = await build();
    if (mine === routed) { main().replaceChildren(page); land(page); }
  } catch (err) { if (mine === routed) showStatus(errorText(err)); }
}

async function route() {
  applyStaticTexts();
  routed++;
  const hash = location.hash.replace(/^#/, "");
  const [what, arg, extra] = hash.split("/");
  if (what === "howto") {               // how to play is public: no account needed to read it
    if (current) { current.close(); current = null; }
    await show(() => howtoView({api, h, variants}, arg, extra));
    return;
  }
  if (!session.user && ["hall", "drive", "ratings"].includes(what)) {
    await show(() => drivePage(what, arg));     // a drive's pages are public: the hall's screen needs no account
    return;
  }
  if (!session.user) {
    if (current) { current.close(); current = null; }
    main().replaceChildren(signInView());
    return;
  }
  if (what === "join" && arg) {
    try {
      const r = await api("POST", "/api/join", {code: arg});
      location.hash = `#table/${r.table.id}`;
    } catch (err) { showStatus(errorText(err)); location.hash = ""; }
    return;
  }
  if (what === "replay" && arg) {
    if (current) { current.close(); current = null; }
    await show(() => replayView(arg));
    return;
  }
  if (what === "table" && arg) {
    if (current && current.id === arg) { current.render(); return; }
    if (current) current.close();
    if ($("#status").dataset.about && $("#status").dataset.about !== arg) showStatus("");   // another table's word
    main().replaceChildren(h("p", {class: "loading", text: "…"}));
    current = new TableClient(arg, extra || new URLSearchParams(location.search).get("code"));
    return;
  }
  if (DRIVE_ROUTES.includes(what)) {
    if (current) { current.close(); current = null; }
    await show(() => drivePage(what, arg));
    return;
  }
  if (current) { current.close(); current = null; }
  await show(lobbyView);
}

async function start() {
  applyLook();
  initDrives({api, h, errorText, showStatus, session, variants});
  setLanguage(pickLanguage(localStorage.getItem("openwhist-lang"), navigator.languages));
  $("#lang").addEventListener("change", e => {
    setLanguage(e.target.value);
    localStorage.setItem("openwhist-lang", language());
    if (current) { applyStaticTexts(); current.root.setAttribute("aria-label", t("tableOf", {id: current.id}));
                   current.render(); } else route();
  });
  try {
    const me = await api("GET", "/api/me");
    Object.assign(session, {user: me.user, csrf: me.csrf});
  } catch { /* not logged in */ }
  window.addEventListener("hashchange", route);
  await route();
}

start();

export {LANGS, SUIT_SYMBOL};
