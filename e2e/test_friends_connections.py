"""The host's side of the friends' connections (``assets/friends.mjs``) in the browser, on stand-in WebRTC
connections whose events the test fires: what reaches the engine of a friend's messages, and which
connection's end is reported."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page

from pyapp.host import friends

FRIENDS_MJS = Path(__file__).resolve().parents[1] / "assets" / "friends.mjs"

# Stand-ins for the browser's WebRTC connection and data channel (window.made: every connection, in order),
# and the host's side of assets/friends.mjs with handlers that record what they are told (window.told).
STAND_INS = """async () => {
  const fingerprint = Array.from({ length: 32 }, () => "AB").join(":");
  const sdp = `a=ice-ufrag:abcd\\na=ice-pwd:efghijklmnopqrstuvwxyz\\na=fingerprint:sha-256 ${fingerprint}\\n`;
  class Channel extends EventTarget {
    readyState = "open";
    sent = [];
    failing = false;
    send(text) {
      if (this.failing) throw new Error("over the channel's limit");
      this.sent.push(text);
    }
  }
  window.made = [];
  window.RTCPeerConnection = class extends EventTarget {
    iceGatheringState = "complete";
    connectionState = "new";
    closed = 0;
    constructor() { super(); window.made.push(this); }
    createDataChannel() { return (this.channel = new Channel()); }
    async createOffer() { return { type: "offer", sdp }; }
    async setLocalDescription(description) { this.localDescription = description; }
    close() { this.closed += 1; }
  };
  window.told = [];
  window.answer = null; // (text) => whether the engine answers a message at once (else window.later keeps it)
  window.later = [];
  const { createHost, decodeDescription } = await import(location.href); // (the page is the module itself)
  window.decode = decodeDescription;
  window.host = createHost(
    (seat) => window.told.push(["opened", seat]),
    (seat, text, answered) => {
      window.told.push(["received", seat, text]);
      if (window.answer && window.answer(text)) answered();
      else window.later.push(answered);
    },
    (seat) => window.told.push(["closed", seat]),
  );
  window.say = (connection, ...texts) => {
    for (const data of texts) connection.channel.dispatchEvent(new MessageEvent("message", { data }));
  };
}"""


@pytest.fixture
def host(page: Page, server_url: str) -> Page:
    """A page of the site with the host's side of the connections on stand-in WebRTC connections."""
    page.goto(server_url + "assets/friends.mjs")  # (the module on the site's origin; no game starts)
    page.evaluate(STAND_INS)
    return page


def told(page: Page) -> list[list]:
    """What the host's side told the page, in order (and forget it)."""
    return page.evaluate("window.told.splice(0)")


def test_the_hosts_page_passes_on_every_message_within_the_engines_own_pace():
    # (so the engine, which answers each refusal, is the one to refuse a page that keeps to the game)
    text = FRIENDS_MJS.read_text()
    burst, per_second = (float(re.search(rf"const {name} = ([\d.]+);", text)[1]) for name in ("BURST", "PER_SECOND"))
    assert burst >= friends.BURST and per_second >= friends.PER_SECOND


def test_a_friends_messages_reach_the_engine_one_at_a_time_and_a_flood_is_dropped_unanswered(host: Page):
    host.evaluate("window.host.invite(1, '')")
    host.evaluate("window.say(window.made[0], 'x'.repeat(4001), 42)")  # beyond any message, and not text
    assert told(host) == []
    host.evaluate("window.say(window.made[0], ...Array.from({ length: 100 }, (_, n) => 'm' + n))")
    assert told(host) == [["received", 1, "m0"]]  # the engine has not answered it: the next ones wait
    for number in range(1, 5):
        host.evaluate("window.later.shift()()")  # answered: the next waiting one goes to the engine
        assert told(host) == [["received", 1, f"m{number}"]]
    host.evaluate("window.later.shift()()")
    assert told(host) == [] and host.evaluate("window.later.length") == 0  # the rest was dropped, unanswered
    host.evaluate("window.answer = () => true; window.host.invite(3, '')")  # an engine that answers at once
    host.evaluate("window.say(window.made[1], ...Array.from({ length: 100 }, (_, n) => 'm' + n))")
    passed = [text for _, seat, text in told(host) if seat == 3]
    assert passed[:24] == [f"m{n}" for n in range(24)] and len(passed) < 100  # 24 at once, then the pace
    assert host.errors == []  # type: ignore[attr-defined]


def test_a_connections_end_is_reported_once_and_never_for_a_newer_one(host: Page):
    host.evaluate("async () => { await window.host.invite(1, ''); await window.host.invite(1, ''); }")  # anew
    assert host.evaluate("window.made[0].closed") == 1  # the old connection is closed ...
    host.evaluate("window.made[0].channel.dispatchEvent(new Event('close'))")  # ... and its late close,
    host.evaluate("window.say(window.made[0], 'late')")  # or message, speaks for nobody
    assert told(host) == []
    newer = "window.made[1]"
    host.evaluate(f"{newer}.channel.dispatchEvent(new Event('open'))")
    host.evaluate(f"window.answer = () => true; window.say({newer}, 'hello')")
    assert told(host) == [["opened", 1], ["received", 1, "hello"]]
    host.evaluate(f"{newer}.channel.dispatchEvent(new Event('close'))")
    host.evaluate(f"{newer}.connectionState = 'failed'; {newer}.dispatchEvent(new Event('connectionstatechange'))")
    assert told(host) == [["closed", 1]]  # once

    host.evaluate("async () => { await window.host.invite(2, ''); await window.host.invite(3, ''); }")
    host.evaluate("window.made[2].channel.failing = true; window.host.send(2, 'a view')")  # a send that fails
    host.evaluate("window.made[3].channel.readyState = 'closed'; window.host.send(3, 'a view')")  # a closed one
    assert told(host) == [["closed", 2], ["closed", 3]]  # each is the end of its connection, which is closed,
    assert host.evaluate("[window.made[2].closed, window.made[3].closed]") == [1, 1]
    host.evaluate("window.host.send(2, 'another'); window.made[2].channel.dispatchEvent(new Event('close'))")
    assert told(host) == []  # (and said once)

    host.evaluate("async () => { await window.host.invite(2, ''); window.host.closeAll(); }")  # a new game:
    host.evaluate("for (const connection of window.made) connection.channel.dispatchEvent(new Event('close'))")
    assert told(host) == []  # the last one's connections close, and none speaks for the new game's seats
    assert host.errors == []  # type: ignore[attr-defined]


def test_a_codes_every_part_is_checked_before_it_reaches_the_session_description(host: Page):
    fingerprint = "q" * 43  # (32 bytes in base64url)
    good = f"abcd~efghijklmnopqrstuvwx~{fingerprint}~a~h192.168.1.5,50000~s203.0.113.7,3478~hb1c2d3e4-aa.local,9"
    sdp = host.evaluate("code => window.decode(code, 'answer').sdp", good)
    assert "192.168.1.5 50000 typ host" in sdp and "203.0.113.7 3478 typ srflx" in sdp
    damaged = [
        good.replace("~h192.168.1.5,50000", "~h192.168.1.5\r\na=candidate:9 1 udp 1 6.6.6.6 1 typ host,50000"),
        good.replace("abcd~", "ab\r\na=setup:active~"),
        good.replace("efghijklmnopqrstuvwx", "efgh ijkl"),
        good.replace(",50000", ",70000"),
        good.replace(",50000", ",5,6"),
        good.replace("~s203", "~x203"),
        good + "~h10.0.0.1,1" * 16,
    ]
    for code in damaged:
        error = host.evaluate(
            "code => { try { window.decode(code, 'answer'); return ''; } catch (e) { return e.message; } }", code
        )
        assert error == "damaged code", code
