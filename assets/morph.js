/* The hand redrawn in place: the page's Python calls window.heartsMorph(region, markup) to make a region
   show new markup by changing the elements already there, where each stays the same element (the same tag,
   and the same card, control or part: data-card, data-action, class), instead of replacing them all.

   Why: a click is a press and a release on one element. A redraw between the two (an answer of the engine
   arriving then: the hand's review, the engine coming up) used to replace the card pressed, and the browser
   then sent no click at all: the person's tap was lost. The card the person pressed is now the card released,
   whatever came in between. A card is never turned into another: a card that goes is removed, one that
   comes is added. */

// What makes an element the same one from one drawing to the next: its card, else its control, else its class.
const KEYS = ["data-card", "data-action", "class"];

/* A node's identity among its siblings: its tag and key (a text node: that it is text). */
function keyOf(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return node.nodeName;
  return `${node.nodeName} ${KEYS.map((name) => node.getAttribute(name)).find((value) => value !== null)}`;
}

/* `old` (live) given `fresh`'s attributes and children. */
function morphElement(old, fresh) {
  for (const name of old.getAttributeNames()) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  for (const name of fresh.getAttributeNames()) {
    const value = fresh.getAttribute(name);
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  morphChildren(old, fresh);
}

/* `parent`'s (live) children made `fresh`'s: each fresh child takes the first live one of its key not yet
   taken (changed to match), else comes in itself; the live ones left over go. Nodes are moved only where
   out of order (two equal cards of two decks are taken in their order). */
function morphChildren(parent, fresh) {
  const unused = new Map();
  for (const node of parent.childNodes) {
    const key = keyOf(node);
    if (!unused.has(key)) unused.set(key, []);
    unused.get(key).push(node);
  }
  const kept = [...fresh.childNodes].map((node) => {
    const old = unused.get(keyOf(node))?.shift();
    if (!old) return node;
    if (old.nodeType === Node.ELEMENT_NODE) morphElement(old, node);
    else if (old.nodeValue !== node.nodeValue) old.nodeValue = node.nodeValue;
    return old;
  });
  for (const left of unused.values()) left.forEach((node) => node.remove());
  let place = parent.firstChild;
  for (const node of kept) {
    if (node === place) place = place.nextSibling;
    else parent.insertBefore(node, place);
  }
}

window.heartsMorph = (region, markup) => {
  const template = document.createElement("template");
  template.innerHTML = markup;
  morphChildren(region, template.content);
};
