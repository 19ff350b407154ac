// What a table's view tells beyond the cards, as lines of text: the state of an auction
// (the facts the rules list in the view's `info.facts`), the stock's face-up cards and the
// tricks each player has won.  No rule here, and no family: the rules work out every fact
// and name the text that says it; this only puts the view's facts into words.
import {callName, suitName, t} from "./i18n.js";

// How a fact's value is worded, by the value's name (`nameOf` names a seat letter).
const WORDING = {
  name: (x, nameOf) => nameOf(x),
  names: (xs, nameOf) => xs.map(nameOf).join(", "),
  bid: (x) => callName(x),
  suit: (x) => suitName(x),
};

// The auction's state from a view: each fact the rules list (`info.facts`: the fact, the
// text that says it and its values), in the page's language.  Returns [[fact, text], ...].
export function auctionFacts(view, nameOf) {
  return (view?.info?.facts || []).map(({fact, say, values}) => [fact, t(say, Object.fromEntries(
    Object.entries(values || {}).map(([k, v]) => [k, WORDING[k] ? WORDING[k](v, nameOf) : v])))]);
}

// The stock's face-up cards, in the order they were turned: the public cards in no hand
// (`shown`), as the view's `info.turned` lists them.
export function stockRow(view) {
  const shown = new Set(view?.shown || []);
  return (view?.info?.turned || []).filter(c => shown.has(c));
}

// Tricks won so far by each hand (seat letters), from the view's closed tricks.
export function tricksBySeat(view, letters) {
  const won = Object.fromEntries(letters.map(l => [l, 0]));
  for (const trick of view.tricks || []) if (trick.winner in won) won[trick.winner] += 1;
  return won;
}
