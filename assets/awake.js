/* At a table of several devices (a friends' game, the table's own screen): every screen stays on while the
   game is played (the Screen Wake Lock, asked again when the page comes back to the front: the browser lets
   it go whenever the page is hidden), and a phone buzzes when its person's turn comes (the Vibration API).

   The page's Python calls window.heartsAwake(on) as a game at such a table starts and ends, and
   window.heartsBuzz() when it is the person's turn (unless buzzing is off in the settings). Where a browser
   has neither, nothing happens. */

let wanted = false;
let lock = null;
let asking = false;

async function ask() {
  if (!wanted || lock || asking || document.visibilityState !== "visible" || !navigator.wakeLock) return;
  asking = true;
  try {
    lock = await navigator.wakeLock.request("screen");
    lock.addEventListener("release", () => {
      lock = null;
    });
    if (!wanted) release(); // (the game ended while the lock was being asked for)
  } catch (error) {
    console.warn("The screen may go to sleep:", error); // (a battery saver, a browser that does not allow it)
  } finally {
    asking = false;
  }
}

function release() {
  if (lock) lock.release();
  lock = null;
}

window.heartsAwake = (on) => {
  wanted = Boolean(on);
  if (wanted) ask();
  else release();
};
document.addEventListener("visibilitychange", ask);

window.heartsBuzz = () => {
  if (navigator.vibrate) navigator.vibrate(200);
};
