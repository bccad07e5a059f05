"""The host's side of the friends' connections (``assets/friends.mjs``) in the browser, on stand-in WebRTC
connections whose events the test fires: which connection's end is reported."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

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
  const { createHost } = await import(location.href); // (the page is the module itself)
  window.host = createHost(
    (seat) => window.told.push(["opened", seat]),
    (seat, text) => window.told.push(["received", seat, text]),
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


def test_a_connections_end_is_reported_once_and_never_for_a_newer_one(host: Page):
    host.evaluate("async () => { await window.host.invite(1, ''); await window.host.invite(1, ''); }")  # anew
    assert host.evaluate("window.made[0].closed") == 1  # the old connection is closed ...
    host.evaluate("window.made[0].channel.dispatchEvent(new Event('close'))")  # ... and its late close,
    host.evaluate("window.say(window.made[0], 'late')")  # or message, speaks for nobody
    assert told(host) == []
    newer = "window.made[1]"
    host.evaluate(f"{newer}.channel.dispatchEvent(new Event('open'))")
    host.evaluate(f"window.say({newer}, 'hello')")
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
