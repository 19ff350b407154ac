// What a table's view tells beyond the cards, as lines of text: the state of an auction
// (from the view's `info` and its typed `contract`) and the tricks each player has won.  No
// rule here: the rules work out every fact (the open proposals, the aces that make troel);
// this only puts the view's facts into words.
import {callName, suitName, t} from "./i18n.js";

const SUIT_LETTER = {spades: "S", hearts: "H", diamonds: "D", clubs: "C"};

// The auction's state from a view: the troel announced, the highest bid and who holds it
// (until the contract is known), the proposals the rules list as still waiting for a partner
// (`info.open`), who waits ("ik wacht") and the deal's multiplier after an all-pass.
// `nameOf` names a seat letter.  Returns [[key, text], ...].
export function auctionFacts(view, nameOf) {
  const info = view?.info;
  if (!info || !("bid" in info || "troel" in info)) return [];
  const out = [];
  const names = (xs) => xs.map(nameOf).join(", ");
  const decided = Boolean(view.contract);
  if (info.troel) {
    const four = (info.troel_aces || []).includes(4);
    out.push(["troel", t(four ? "troelBy4" : "troelBy", {name: nameOf(info.troel)})]);
  }
  const bidders = info.bidders || [];
  if (info.bid && info.bid !== "troel" && !decided) {
    out.push(["bid", bidders.length ? t("highBid", {bid: callName(info.bid), names: names(bidders)})
      : t("highBidNone", {bid: callName(info.bid)})]);
  }
  for (const [who, suit] of Object.entries(info.open || {})) {
    out.push(["proposal", t("proposalOpen", {name: nameOf(who), suit: suitName(SUIT_LETTER[suit] || suit)})]);
  }
  if (!decided && (info.waiting || []).length) out.push(["waiting", t("waitingBy", {names: names(info.waiting)})]);
  if (info.multiplier > 1) out.push(["multiplier", t("multiplied", {n: info.multiplier})]);
  return out;
}

// Tricks won so far by each hand (seat letters), from the view's closed tricks.
export function tricksBySeat(view, letters) {
  const won = Object.fromEntries(letters.map(l => [l, 0]));
  for (const trick of view.tricks || []) if (trick.winner in won) won[trick.winner] += 1;
  return won;
}
