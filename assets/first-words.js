/* The page's first words in the player's language, before Python runs (a classic script, run where
   index.html loads it, right after the elements it words: the first paint is in that language).

   WORDS (each language's texts for the keys below, from the catalogues pyapp/page/words/text_*.py) is written
   before this by tools/build.py. The language is the one chosen in the settings, else the first of the
   browser's that the game speaks (as pyapp/page/words/i18n.py: pick_language); the page's main thread words
   everything again, from the same catalogues, once it runs. */
(function () {
  let chosen = "";
  try {
    chosen = (JSON.parse(localStorage.getItem("hearts.settings") || "{}") || {}).language || "";
  } catch (error) {
    chosen = ""; // (storage blocked or damaged: the browser's language)
  }
  const wanted = [chosen].concat(Array.from(navigator.languages || [navigator.language || ""]));
  const code = wanted.map((tag) => String(tag).split("-")[0].toLowerCase()).find((tag) => tag in WORDS) || "en";
  const words = WORDS[code];
  const set = (selector, text) => {
    const element = document.querySelector(selector);
    if (element) element.textContent = text;
  };
  const label = (selector, text) => {
    const element = document.querySelector(selector);
    if (element) element.setAttribute("aria-label", text);
  };
  document.documentElement.lang = code;
  document.title = words["app.name"] + " · " + words["app.local"];
  const title = document.getElementById("title");
  if (title) {
    title.firstChild.textContent = words["app.name"] + " ";
    set("#title span", "· " + words["app.local"]);
  }
  set("#menu", "☰ " + words["nav.menu"]);
  label("#nav", words["nav.label"]);
  set('#nav [data-panel="new"]', words["nav.new"]);
  set('#nav [data-panel="last"]', words["nav.last"]);
  set('#nav [data-action="share"]', words["nav.share"]);
  set('#nav [data-panel="settings"]', words["nav.settings"]);
  for (const region of ["table", "hand", "sheet"]) label("#" + region, words["region." + region]);
  set("#table .status", words["status.shuffling"]);
  set("#update span", words["update.text"]);
  set("#update button", words["update.reload"]);
})();
