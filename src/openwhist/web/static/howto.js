// How to play a variant (the server's text: one source per variant, kept beside its rules),
// this table's rules in words (from the rule options' labels and choices), and the
// explanations of a newcomer's first game: why a card cannot be played, what a call means,
// who won a trick and why, what may be played now. No rule of any variant is written here:
// the legal actions, the trick and the trump come from the seat's view.
import {cardName, language, optionText, parseCard, presetName, suitName, t, variantName} from "./i18n.js";

const TEACH_KEY = "openwhist-teach";

// Whether the explanations are on (remembered in this browser).
export function teaching() {
  try { return localStorage.getItem(TEACH_KEY) === "1"; } catch { return false; }
}

export function setTeaching(on) {
  try { localStorage.setItem(TEACH_KEY, on ? "1" : "0"); } catch { /* private mode: this page only */ }
  for (const box of document.querySelectorAll(".teach-switch input")) box.checked = !!on;
}

// The switch for the explanations; `changed(on)` is told when it is turned.
export function teachSwitch(h, id, changed) {
  const box = h("input", {type: "checkbox", id, checked: teaching(),
                          onchange: e => { setTeaching(e.target.checked); changed?.(e.target.checked); }});
  return h("label", {class: "check teach-switch", for: id}, box, " ", t("teachSwitch"));
}

// A variant's page in the chosen language, fetched once (GET /api/howto/NAME?lang=).
const pages = new Map();
export function howtoData(api, variant) {
  const key = `${variant}/${language()}`;
  if (!pages.has(key)) {
    pages.set(key, api("GET", `/api/howto/${encodeURIComponent(variant)}?lang=${language()}`)
      .catch(err => { pages.delete(key); throw err; }));
  }
  return pages.get(key);
}

// Plain text as paragraphs and lists: an empty line ends a paragraph, "- " starts an item.
function blocks(h, text) {
  const out = [];
  for (const part of text.split(/\n\s*\n/)) {
    let words = [], items = [];
    const flush = () => {
      if (words.length) out.push(h("p", {text: words.join(" ")}));
      if (items.length) out.push(h("ul", {}, items.map(x => h("li", {text: x}))));
      words = []; items = [];
    };
    for (const line of part.split("\n").map(x => x.trim()).filter(Boolean)) {
      if (line.startsWith("- ")) { if (words.length) flush(); items.push(line.slice(2)); }
      else { if (items.length) flush(); words.push(line); }
    }
    flush();
  }
  return out;
}

// A rule option as the page words it: its label, its help and its choices.
function optionWords(variant, o) {
  const known = optionText(variant, o.name);
  return {label: known?.label || o.name.replaceAll("_", " "), help: known ? known.help : o.help,
          choice: c => (known ? known.choice(c) : String(c))};
}

function optionEntry(h, variant, o) {
  const w = optionWords(variant, o);
  const choices = (o.choices || []).map(c => w.choice(c));
  return [h("dt", {"data-option": o.name, text: w.label}),
          h("dd", {"data-option": o.name}, w.help || "",
            choices.length ? h("small", {class: "choices", text: ` ${t("howtoChoices", {list: choices.join(" · ")})}`}) : null)];
}

// The page on how to play `name` (the first variant if unknown), `preset` marked.
export async function howtoView({api, h, variants}, name, preset) {
  const all = await variants();
  const record = all.find(v => v.name === name) || all[0];
  const data = await howtoData(api, record.name);
  const pick = h("select", {id: "howto-variant", onchange: e => { location.hash = `#howto/${e.target.value}`; }},
    all.map(v => h("option", {value: v.name, text: variantName(v.name), selected: v.name === record.name})));
  const sections = data.sections.map(s => h("section", {class: "howto-part", id: `howto-${s.id}`, "aria-labelledby": `howto-h-${s.id}`},
    h("h3", {id: `howto-h-${s.id}`, text: s.title}), blocks(h, s.text)));
  const presets = h("section", {class: "howto-part", id: "howto-presets"}, h("h3", {text: t("howtoPresets")}),
    h("dl", {}, data.presets.flatMap(p => [
      h("dt", {id: `howto-preset-${p.name}`, class: p.name === preset ? "chosen" : null, text: presetName(p.name)}),
      h("dd", {class: p.name === preset ? "chosen" : null, text: p.text})])));
  const options = h("section", {class: "howto-part", id: "howto-options"}, h("h3", {text: t("howtoOptions")}),
    h("dl", {}, record.options.flatMap(o => optionEntry(h, record.name, o))));
  return h("article", {class: "card-box howto", lang: data.lang, "data-variant": record.name},
    h("div", {class: "topline"}, h("a", {href: "#", class: "button", text: t("back")}),
      h("label", {for: "howto-variant", text: t("howtoPick")}), pick),
    h("h2", {id: "howto-h", text: data.title}), sections, presets, options);
}

// This table's rules in words: each option as set there ("Points for a game: 5"); `open`
// and `toggled(open)` keep the box open through a redraw.
export function tableRules(h, record, options, open = false, toggled = null) {
  const value = (o, v, w) => v === true ? t("ruleYes") : v === false ? t("ruleNo")
    : v === null || v === undefined || v === "" ? t("ruleNone") : o.type === "choice" ? w.choice(v) : String(v).slice(0, 40);
  const items = (record?.options || []).map(o => {
    const w = optionWords(record.name, o);
    return h("li", {"data-option": o.name}, h("span", {class: "label", text: `${w.label}: `}),
      h("strong", {text: value(o, options?.[o.name] ?? o.default, w)}));
  });
  return h("details", {class: "table-rules", id: "table-rules", open, ontoggle: e => toggled?.(e.target.open)},
    h("summary", {text: t("tableRules")}),
    h("ul", {}, items), h("a", {href: `#howto/${record?.name ?? ""}`, id: "table-howto", text: t("howTo")}));
}

// --- a first game explained ----------------------------------------------------------------

const suitOf = card => parseCard(card)?.suit;
const cardsOf = actions => actions.filter(a => parseCard(a));

// Why `card` of the hand `letter` (holding `hand`) cannot be played now, from the view's
// legal actions and trick; `nameOf(letter)` names a seat.
export function whyNotPlayable(card, hand, letter, view, nameOf) {
  const legal = cardsOf(view.legal || []);
  if (view.to_move !== letter) return view.to_move ? t("teachNotYourTurn", {name: nameOf(view.actor || view.to_move)}) : "";
  if (!legal.length) return t("teachCallFirst");
  const led = view.trick?.[0]?.[1];
  const list = legal.map(cardName).join(", ");
  if (!led) return t("teachNotNow", {cards: list});
  const ledSuit = suitOf(led), trump = view.trump;
  if (hand.some(c => suitOf(c) === ledSuit)) return t("teachFollow", {suit: suitName(ledSuit)});
  if (trump && ledSuit !== trump && legal.every(c => suitOf(c) === trump) && suitOf(card) !== trump) {
    return t("teachMustTrump", {led: suitName(ledSuit), trump: suitName(trump)});
  }
  return t("teachNotNow", {cards: list});
}

// What may be played now, when it is the seat's turn to play a card.
export function youMay(view, hand) {
  const legal = cardsOf(view.legal || []);
  if (!legal.length) return "";
  if (!view.trick?.length && legal.length === hand.length) return t("teachYourLead");
  return t("teachYouMay", {cards: legal.map(cardName).join(", ")});
}

// Who won a trick and why: `pairs` the trick's [seat, card] from its leader, `trump` the
// deal's trump suit letter (or null).
export function trickWhy(pairs, winner, trump, nameOf) {
  const won = pairs.find(([l]) => l === winner)?.[1];
  if (!won || !pairs.length) return "";
  const vars = {name: nameOf(winner), card: cardName(won), suit: suitName(suitOf(pairs[0][1]))};
  if (trump && suitOf(won) === trump) return t("teachTrumpWin", vars);
  return t(trump ? "teachSuitWin" : "teachSuitWinNT", vars);
}

// What a call promises, from the variant's page (its first word names it: "solo 6 hearts").
export function callMeaning(call, data) {
  return data?.calls?.[String(call).split(" ")[0]] ?? "";
}
