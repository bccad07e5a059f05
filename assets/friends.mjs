/* Friends at their own devices: the WebRTC data channels between the host's page and each friend's.

   There is no game server: the connection's two descriptions travel in the invitation link (the host's
   offer) and in the friend's reply (the answer), which the players pass on themselves (a link, a code, a
   QR code). Each description is cut down to what a data channel needs (ICE user name and password, the
   DTLS fingerprint, the candidates) and written as a short code. On one network the devices' own
   addresses are enough; across networks a STUN server, a setting used only here, finds the public ones.

   The host keeps one peer connection per friend's seat; messages go both ways as text (the engine reads
   every one strictly, pyapp/host/friends.py). A friend's messages reach the host's engine one at a time
   and at a pace, so a flood from one friend never queues the host's own clicks and timers: those beyond
   it are dropped here, unanswered. Both sides beat on the channel (an empty message, never passed on), so
   that a device gone quiet without closing (a locked screen, a frozen page, lost Wi-Fi) is noticed within
   QUIET_MS, and said again when it is heard once more. Nothing here knows the game. */

const GATHER_MS = 2500; // the longest wait for the candidates (there are none to wait for on one network)
const DISCONNECTED_MS = 5000; // a connection disconnected this long is taken for lost
const BEAT = ""; // the heartbeat: a message no page of the game sends otherwise (the engine never sees one)
const BEAT_MS = 1500; // how often each side beats, and looks for the other's
const QUIET_MS = 6000; // a side not heard for this long has gone quiet (noticed within QUIET_MS + BEAT_MS)
const MAX_MESSAGE = 4000; // characters: twice the longest message the engine takes from a friend
// The pace of a friend's messages the host's page passes on to the engine: BURST at once, PER_SECOND
// kept up; a little looser than the engine's own (pyapp/host/friends.py: 20, 4), so the engine, not this
// page, refuses a message of a page that keeps to the game (and answers it: its page waits for that).
const BURST = 24;
const PER_SECOND = 5;
const WAITING = 4; // a friend's messages that may wait for the engine's answer to their previous one
const MAX_FROM_HOST = 262144; // characters: the channel's own limit (a=max-message-size below)
const SCAN_EVERY_MS = 200; // how often a camera's picture is read for a QR code
const CHANNEL = "hearts";
// What a code's parts may be, so that nothing else reaches the session description (a damaged or changed
// code could otherwise add lines of its own): ICE's user name and password characters, an IPv4 or IPv6
// address or a browser's .local name, a port, and a few candidates at most.
const ICE_TEXT = /^[A-Za-z0-9+/]{4,256}$/;
const ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]{2,39}|[0-9a-zA-Z-]{1,63}\.local)$/;
const MAX_CANDIDATES = 16;
const SETUP = { actpass: "a", active: "c", passive: "p" };
const SETUP_BACK = { a: "actpass", c: "active", p: "passive" };

function iceServers(stun) {
  return stun ? [{ urls: stun.startsWith("stun:") ? stun : "stun:" + stun }] : [];
}

function toBase64Url(bytes) {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/* A session description as a short code: ufrag~pwd~fingerprint~setup~candidate~… */
export function encodeDescription(sdp) {
  const line = (name) => (sdp.match(new RegExp("^a=" + name + ":(.*)$", "m")) || [])[1];
  const fingerprint = (line("fingerprint") || "").split(" ")[1] || "";
  const bytes = fingerprint.split(":").map((hex) => parseInt(hex, 16));
  const candidates = [];
  for (const match of sdp.matchAll(/^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ (host|srflx)/gim)) {
    candidates.push((match[3] === "host" ? "h" : "s") + match[1] + "," + match[2]);
  }
  const parts = [line("ice-ufrag"), line("ice-pwd"), toBase64Url(bytes), SETUP[line("setup")] || "a"];
  if (parts.slice(0, 2).some((part) => !part) || bytes.length !== 32) throw new Error("not a data channel description");
  return [...parts, ...candidates].join("~");
}

/* The session description a code stands for (type "offer" or "answer"); a damaged code throws. */
export function decodeDescription(code, type) {
  const [ufrag, pwd, fingerprint, setup, ...candidates] = String(code).trim().split("~");
  const bytes = fromBase64Url(fingerprint || "");
  const fields = ICE_TEXT.test(ufrag || "") && ICE_TEXT.test(pwd || "") && candidates.length <= MAX_CANDIDATES;
  if (!fields || bytes.length !== 32 || !SETUP_BACK[setup]) throw new Error("damaged code");
  const hex = Array.from(bytes, (byte) => byte.toString(16).toUpperCase().padStart(2, "0")).join(":");
  const lines = [
    "v=0",
    "o=- " + Math.floor(Math.random() * 1e15) + " 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
  ];
  candidates.forEach((candidate, index) => {
    const [address, port, ...more] = candidate.slice(1).split(",");
    const kind = candidate[0] === "h" || candidate[0] === "s";
    const portOk = /^\d{1,5}$/.test(port || "") && Number(port) >= 1 && Number(port) <= 65535;
    if (!kind || !ADDRESS.test(address || "") || !portOk || more.length) throw new Error("damaged code");
    const host = candidate[0] === "h";
    const priority = (host ? 2113937151 : 1677729535) - index;
    const related = host ? "" : " raddr 0.0.0.0 rport 0";
    lines.push(`a=candidate:${index + 1} 1 udp ${priority} ${address} ${port} typ ${host ? "host" : "srflx"}${related}`);
  });
  lines.push(
    "a=ice-ufrag:" + ufrag,
    "a=ice-pwd:" + pwd,
    "a=ice-options:trickle",
    "a=fingerprint:sha-256 " + hex,
    "a=setup:" + SETUP_BACK[setup],
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
  );
  return { type, sdp: lines.join("\r\n") + "\r\n" };
}

/* The local description once its candidates are gathered (or the wait is over). */
async function gathered(connection) {
  if (connection.iceGatheringState !== "complete") {
    await new Promise((resolve) => {
      const done = () => connection.iceGatheringState === "complete" && resolve();
      connection.addEventListener("icegatheringstatechange", done);
      setTimeout(resolve, GATHER_MS);
    });
  }
  return connection.localDescription.sdp;
}

/* The text of a message on a channel, or null: not text, or longer than `limit` characters (the engine
   reads every message strictly; one far beyond any a page of the game sends is not passed on). */
function textOf(event, limit) {
  return typeof event.data === "string" && event.data.length <= limit ? event.data : null;
}

/* The heartbeat of an open channel: a beat every BEAT_MS; quiet() once the other side has not been heard
   for QUIET_MS, awake() when it is heard again (heard(), for every message that comes). A gap in this
   side's own beats is its own sleep (a frozen page, a locked screen), not the other side's silence: the
   host gives its friends their time again; a friend (frozenIsQuiet) takes it that the host may have given
   it up meanwhile, and is awake again at the host's next message (its page greets again). */
function heartbeat(channel, frozenIsQuiet, quiet, awake) {
  let heard = performance.now();
  let ticked = heard;
  let silent = false;
  const timer = setInterval(() => {
    const now = performance.now();
    const slept = now - ticked > QUIET_MS;
    ticked = now;
    if (channel.readyState !== "open") return;
    try {
      channel.send(BEAT);
    } catch {
      return; // (closed under us: its close event ends the connection)
    }
    if (slept && !frozenIsQuiet) heard = now;
    if (!silent && (now - heard > QUIET_MS || (slept && frozenIsQuiet))) {
      silent = true;
      quiet();
    }
  }, BEAT_MS);
  return {
    heard() {
      heard = performance.now();
      if (silent) {
        silent = false;
        awake();
      }
    },
    stop() {
      clearInterval(timer);
    },
  };
}

/* A connection that failed or closed, or stayed disconnected for a while (it may come back by itself). */
function watchConnection(connection, close) {
  let lost = null;
  connection.addEventListener("connectionstatechange", () => {
    const state = connection.connectionState;
    clearTimeout(lost);
    if (state === "failed" || state === "closed") close();
    else if (state === "disconnected") lost = setTimeout(close, DISCONNECTED_MS);
  });
}

/* The host's connection to the friend in `seat`, with its channel; `handlers` as createHost's. Its
   messages go to the engine one at a time (the next once the engine has answered the last), at most
   BURST at once and PER_SECOND kept up; those beyond the pace, or beyond the WAITING that may wait, are
   dropped. Its end is reported once (handlers.close), whatever ends it: its close, a failure, a send
   that fails; end(false), the host's own close when the seat gets a new connection or the game ends,
   reports nothing. Once ended, nothing more of it is reported (a late event of an old connection cannot
   speak for the seat's new one). */
function hostConnection(seat, stun, handlers) {
  const connection = new RTCPeerConnection({ iceServers: iceServers(stun) });
  const channel = connection.createDataChannel(CHANNEL, { ordered: true });
  const waiting = []; // messages that came while the engine read an earlier one
  let ended = false;
  let beats = null; // the channel's heartbeat, once it is open
  let reading = false; // a message is with the engine
  let tokens = BURST;
  let stamp = performance.now();
  const end = (report) => {
    if (ended) return;
    ended = true;
    waiting.length = 0;
    beats?.stop();
    connection.close();
    if (report) handlers.close(seat);
  };
  const pass = (text) => {
    reading = true;
    let answered = false;
    handlers.message(seat, text, () => {
      if (answered) return;
      answered = true;
      reading = false;
      if (!ended && waiting.length) pass(waiting.shift());
    });
  };
  channel.addEventListener("open", () => {
    if (ended) return;
    beats = heartbeat(channel, false, () => ended || handlers.quiet(seat), () => {});
    handlers.open(seat);
  });
  channel.addEventListener("message", (event) => {
    const text = textOf(event, MAX_MESSAGE);
    if (ended || text === null) return;
    beats?.heard();
    if (text === BEAT) return;
    const now = performance.now();
    tokens = Math.min(BURST, tokens + ((now - stamp) / 1000) * PER_SECOND);
    stamp = now;
    if (tokens < 1) return; // over the pace
    tokens -= 1;
    if (!reading) pass(text);
    else if (waiting.length < WAITING) waiting.push(text);
  });
  channel.addEventListener("close", () => end(true));
  watchConnection(connection, () => end(true));
  return {
    connection,
    end,
    send(text) {
      if (ended) return;
      try {
        if (channel.readyState !== "open") throw new Error("the channel is " + channel.readyState);
        channel.send(text);
      } catch {
        end(true); // (closed under us, or over the channel's limit): its page greets again on a new invitation
      }
    },
  };
}

/* The host's side: one connection per friend's seat; opened(seat), received(seat, text, answered),
   closed(seat), quiet(seat) (not heard for a while: the friend's page greets again when it wakes).
   received calls answered() once the engine has answered the message: until then, that friend's next
   messages wait (a few; more are dropped). */
export function createHost(opened, received, closed, quiet) {
  const handlers = { open: opened, message: received, close: closed, quiet };
  const seats = new Map(); // seat → its connection (hostConnection)
  return {
    /* A new invitation for seat: the offer's code (any earlier connection of that seat is closed). */
    async invite(seat, stun) {
      seats.get(seat)?.end(false);
      const entry = hostConnection(seat, stun, handlers);
      seats.set(seat, entry);
      await entry.connection.setLocalDescription(await entry.connection.createOffer());
      return encodeDescription(await gathered(entry.connection));
    },
    /* The friend's reply to seat's invitation. */
    async accept(seat, code) {
      const entry = seats.get(seat);
      if (!entry) throw new Error("no invitation for this seat");
      await entry.connection.setRemoteDescription(decodeDescription(code, "answer"));
    },
    send(seat, text) {
      seats.get(seat)?.send(text);
    },
    /* Every connection (another game begins). */
    closeAll() {
      for (const entry of seats.values()) entry.end(false);
      seats.clear();
    },
  };
}

/* A friend's side: the answer to the host's offer; opened(), received(text), closed(), quiet() (the host
   not heard for a while, or this page asleep) and awake() (the host heard again).
   Resolves to {reply: the answer's code, send(text), close()}. */
export async function join(offer, stun, opened, received, closed, quiet, awake) {
  const connection = new RTCPeerConnection({ iceServers: iceServers(stun) });
  let channel = null;
  let beats = null;
  let done = false;
  const once = () => done || ((done = true), beats?.stop(), closed());
  watchConnection(connection, once); // (before the channel comes: a connection that never opens fails too)
  connection.addEventListener("datachannel", (event) => {
    channel = event.channel;
    channel.addEventListener("open", () => {
      beats = heartbeat(channel, true, () => done || quiet(), () => done || awake());
      opened();
    });
    channel.addEventListener("message", (message) => {
      const text = textOf(message, MAX_FROM_HOST);
      if (text === null) return;
      beats?.heard();
      if (text !== BEAT) received(text);
    });
    channel.addEventListener("close", once);
  });
  await connection.setRemoteDescription(decodeDescription(offer, "offer"));
  await connection.setLocalDescription(await connection.createAnswer());
  const reply = encodeDescription(await gathered(connection));
  return {
    reply,
    send(text) {
      if (channel && channel.readyState === "open") channel.send(text);
    },
    close() {
      connection.close();
    },
  };
}

/* A QR code of text as SVG markup (the encoder is loaded when the first one is drawn). */
export async function qrSvg(text) {
  const { encodeQR } = await import(new URL("../runtime/qr/index.js", import.meta.url).href);
  return encodeQR(text, "svg", { ecc: "low", border: 2 });
}

/* Whether this device has a camera to scan a reply's QR code with. */
export async function canScan() {
  try {
    const devices = await navigator.mediaDevices.enumerateDevices();
    return devices.some((device) => device.kind === "videoinput");
  } catch {
    return false; // no media devices here (or not allowed)
  }
}

/* A QR code reader: the browser's own where it reads QR codes, else the qr package's (loaded when needed). */
async function qrReader() {
  if ("BarcodeDetector" in window) {
    try {
      if ((await window.BarcodeDetector.getSupportedFormats()).includes("qr_code")) {
        return new window.BarcodeDetector({ formats: ["qr_code"] });
      }
    } catch {
      // not usable here: the package's reader below
    }
  }
  const { BarcodeDetector } = await import(new URL("../runtime/qr/decode.js", import.meta.url).href);
  return new BarcodeDetector({ formats: ["qr_code"] });
}

/* Scan a QR code with the camera, shown in an overlay of its own (the page's panels are redrawn from the
   game's state: a video in them would be lost), until one whose text starts with `prefix` shows or the
   person cancels (the button, or Escape). Resolves to that text, or "" (cancelled); throws when there is
   no camera or it is not allowed. title and cancel: the overlay's words. */
export async function scan(prefix, title, cancel) {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  const overlay = document.createElement("div");
  overlay.className = "scanner";
  overlay.setAttribute("role", "dialog");
  overlay.setAttribute("aria-modal", "true");
  const heading = document.createElement("p");
  heading.textContent = title;
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = cancel;
  overlay.append(heading, video, button);
  overlay.setAttribute("aria-label", title);
  // While the camera is on, the page under it takes no focus, no clicks and no keys (Escape cancels).
  const under = [...document.body.children].filter((element) => !element.inert);
  for (const element of under) element.inert = true;
  document.body.append(overlay);
  button.focus();
  let done = false;
  let keys = null;
  const stop = () => {
    done = true;
    for (const track of stream.getTracks()) track.stop();
    document.removeEventListener("keydown", keys, true);
    overlay.remove();
    for (const element of under) element.inert = false;
  };
  try {
    const cancelled = new Promise((resolve) => {
      button.addEventListener("click", () => resolve(""));
      keys = (event) => {
        event.stopPropagation(); // (the page's own keys would close the panel under the overlay)
        if (event.key === "Escape") resolve("");
        if (event.key === "Tab") {
          event.preventDefault(); // the one control here keeps the focus
          button.focus();
        }
      };
      document.addEventListener("keydown", keys, true);
    });
    const found = (async () => {
      await video.play();
      const reader = await qrReader();
      while (!done) {
        await new Promise((resolve) => setTimeout(resolve, SCAN_EVERY_MS));
        if (done || video.readyState < 2) continue;
        for (const code of await reader.detect(video)) {
          if (String(code.rawValue).startsWith(prefix)) return String(code.rawValue);
        }
      }
      return "";
    })();
    found.catch(() => {}); // (a reader failing after Cancel is of no concern)
    return await Promise.race([found, cancelled]);
  } finally {
    stop();
  }
}
