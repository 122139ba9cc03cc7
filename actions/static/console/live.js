// Live updates: one server-sent-events stream per page, shared by all its components. Each message says "this action changed"
// ({id, project, status, event}); pages listen for the "brabo:action" DOM event. When the stream fails,
// "brabo:live" says so and the pages fall back to polling. The browser reconnects by itself with
// Last-Event-ID, so nothing is missed across the server's periodic stream end.
(function () {
  "use strict";
  var script = document.currentScript;
  var url = script && script.getAttribute("data-stream-url");
  window.braboLive = { connected: false };
  if (!url || !window.EventSource) return;

  function say(connected) {
    window.braboLive.connected = connected;
    document.dispatchEvent(new CustomEvent("brabo:live", { detail: { connected: connected } }));
  }

  // One stream per browser tab. The tab names itself (sessionStorage survives its navigations), and
  // the server lets the tab's newest stream take over its one slot, so clicking from page to page never
  // counts against the person's limit. A duplicated tab inherits the name: the tab already using it answers
  // on a BroadcastChannel, and this page takes a fresh one.
  function freshId() {
    var a = new Uint8Array(12);
    (window.crypto || window.msCrypto).getRandomValues(a);
    return Array.prototype.map.call(a, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  function storedId() {
    try {
      var id = window.sessionStorage.getItem("braboLiveTab");
      if (!id) { id = freshId(); window.sessionStorage.setItem("braboLiveTab", id); }
      return id;
    } catch (err) { return freshId(); }
  }
  var tab = storedId();
  var source = null;
  var channel = window.BroadcastChannel ? new BroadcastChannel("brabo-live") : null;

  function open() {
    if (source) source.close();
    var sep = url.indexOf("?") < 0 ? "?" : "&";
    source = new EventSource(url + sep + "tab=" + encodeURIComponent(tab), { withCredentials: true });
    source.onopen = function () { say(true); };
    source.onerror = function () { say(false); }; // reconnects by itself unless refused (then CLOSED)
    source.addEventListener("action", function (e) {
      var change;
      try { change = JSON.parse(e.data); } catch (err) { return; }
      document.dispatchEvent(new CustomEvent("brabo:action", { detail: change }));
    });
    window.braboLive.tab = tab;
  }

  if (channel) {
    channel.onmessage = function (e) {
      var m = e.data || {};
      if (m.hello === tab) channel.postMessage({ taken: tab });
      else if (m.taken === tab) {
        tab = freshId();
        try { window.sessionStorage.setItem("braboLiveTab", tab); } catch (err) { /* private mode */ }
        open();
      }
    };
    channel.postMessage({ hello: tab });
  }
  open();

  // The action page: reload when this action changed, unless someone is typing (then on leaving the field)
  // or the page is already leaving (this person's own decision is being submitted: its answer shows it).
  var leaving = false;
  document.addEventListener("submit", function () { leaving = true; });
  window.addEventListener("pagehide", function () {
    leaving = true;
    if (channel) channel.close();
    if (source) source.close();
  });
  document.addEventListener("brabo:action", function (e) {
    if (leaving) return;
    var el = document.querySelector("[data-live-action]");
    if (!el || el.getAttribute("data-live-action") !== e.detail.id) return;
    if (el.getAttribute("data-live-status") === e.detail.status) return;
    // Show the new status at once; the reload that follows brings the rest (events, result, buttons).
    el.setAttribute("data-live-status", e.detail.status);
    el.textContent = e.detail.status.replace("_", " ");
    var active = document.activeElement;
    if (active && (active.tagName === "TEXTAREA" || active.tagName === "INPUT")) {
      active.addEventListener("blur", function () { window.location.reload(); }, { once: true });
      return;
    }
    window.location.reload();
  });
})();
