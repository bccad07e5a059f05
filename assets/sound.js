/* Short synthesised sound effects (no files to download): a card played, a trick taken, a heart, the moon.

   The page's Python calls window.heartsSound(kind) when sound is on in the
   settings. Browsers start audio only after a click or key, which is when
   the game plays anyway. */

const NOTES = {
  card: [[660, 0.035, "triangle"]],
  trick: [[520, 0.06, "sine"], [780, 0.08, "sine"]],
  heart: [[440, 0.08, "sine"], [330, 0.12, "sine"]],
  queen: [[220, 0.18, "sawtooth"]],
  moon: [[523, 0.1, "sine"], [659, 0.1, "sine"], [784, 0.1, "sine"], [1047, 0.25, "sine"]],
};
let audio = null;

/* The first AudioContext starts the browser's audio service, which holds the page
   up for some 50 ms, so the page asks for it while it waits for the engine to load.
   Made before any click, it starts suspended; the first sound resumes it. */
window.heartsSoundWarm = () => {
  const warm = () => {
    try {
      audio = audio || new AudioContext();
    } catch (error) {
      console.warn("No sound:", error);
    }
  };
  if (window.requestIdleCallback) requestIdleCallback(warm, { timeout: 1000 });
  else setTimeout(warm, 0);
};

window.heartsSound = (kind) => {
  const notes = NOTES[kind];
  if (!notes) return;
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume();
    let at = audio.currentTime;
    for (const [frequency, length, type] of notes) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = type;
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.12, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + length);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + length);
      at += length * 0.8;
    }
  } catch (error) {
    console.warn("No sound:", error);
  }
};
