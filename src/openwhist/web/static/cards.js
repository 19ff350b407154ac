// Card faces drawn as SVG (no image files): the rank in the chosen language and the
// suit's symbol in two corners and the middle, so colour is never the only signal.
import {SUIT_SYMBOL, parseCard, rankLabel} from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
const RED = new Set(["H", "D"]);

function el(name, attrs, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

// An <svg> for the card "QH" (or a card back for null); decorative: the button or
// element holding it carries the accessible name.
export function cardSvg(text) {
  const svg = el("svg", {viewBox: "0 0 60 84", class: "face", "aria-hidden": "true", focusable: "false"});
  const c = text ? parseCard(text) : null;
  if (!c) {
    svg.append(el("rect", {x: 1, y: 1, width: 58, height: 82, rx: 5, class: "back"}));
    svg.append(el("rect", {x: 6, y: 6, width: 48, height: 72, rx: 3, class: "back-inner"}));
    return svg;
  }
  const colour = RED.has(c.suit) ? "red" : "black";
  svg.classList.add(colour, `suit-${c.suit}`);
  svg.append(el("rect", {x: 1, y: 1, width: 58, height: 82, rx: 5, class: "paper"}));
  const rank = rankLabel(c.rank);
  const sym = SUIT_SYMBOL[c.suit];
  const small = rank.length > 1 ? 13 : 16;
  svg.append(el("text", {x: 5, y: 18, "font-size": small, class: "ink rank"}, rank));
  svg.append(el("text", {x: 5, y: 33, "font-size": 14, class: "ink"}, sym));
  const corner = el("g", {transform: "rotate(180 30 42)"});
  corner.append(el("text", {x: 5, y: 18, "font-size": small, class: "ink rank"}, rank));
  corner.append(el("text", {x: 5, y: 33, "font-size": 14, class: "ink"}, sym));
  svg.append(corner);
  svg.append(el("text", {x: 33, y: 56, "font-size": 30, "text-anchor": "middle", class: "ink"}, sym));
  return svg;
}
