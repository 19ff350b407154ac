// What a table's view tells beyond the cards, as lines of text: the state of a Belgian
// auction (from the view's `info`) and the tricks each player has won.  No rule here: only
// what the server's view says, put into words.
import {callName, suitName, t} from "./i18n.js";

const SUIT_LETTER = {spades: "S", hearts: "H", diamonds: "D", clubs: "C"};

// The auction's state from a Belgian view's `info`: the troel announced, the highest bid and
// who holds it, proposals still waiting for a partner, who waits ("ik wacht") and the deal's
// multiplier after an all-pass.  `options` are the view's options (troel with three aces,
// or also four); `nameOf` names a seat letter.  Returns [[key, text], ...].
export function auctionFacts(info, options, nameOf) {
  if (!info || !("bid" in info || "troel" in info)) return [];
  const out = [];
  const names = (xs) => xs.map(nameOf).join(", ");
  if (info.troel) {
    const four = options?.troel === "three-or-four-aces";
    out.push(["troel", t(four ? "troelBy4" : "troelBy", {name: nameOf(info.troel)})]);
  }
  const bidders = info.bidders || [];
  if (info.bid && info.bid !== "troel" && !info.contract) {
    out.push(["bid", bidders.length ? t("highBid", {bid: callName(info.bid), names: names(bidders)})
      : t("highBidNone", {bid: callName(info.bid)})]);
  }
  const paired = String(info.bid || "").startsWith("pair ") && bidders.length === 2 ? bidders : [];
  for (const [who, suit] of Object.entries(info.proposals || {})) {
    if (info.contract || paired.includes(who)) continue;
    out.push(["proposal", t("proposalOpen", {name: nameOf(who), suit: suitName(SUIT_LETTER[suit] || suit)})]);
  }
  if (!info.contract && (info.waiting || []).length) out.push(["waiting", t("waitingBy", {names: names(info.waiting)})]);
  if (info.multiplier > 1) out.push(["multiplier", t("multiplied", {n: info.multiplier})]);
  return out;
}

// Tricks won so far by each hand (seat letters), from the view's closed tricks.
export function tricksBySeat(view, letters) {
  const won = Object.fromEntries(letters.map(l => [l, 0]));
  for (const trick of view.tricks || []) if (trick.winner in won) won[trick.winner] += 1;
  return won;
}
