// Live updates (issue 16): one server-sent-events stream per page. Each message says "this action changed"
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

  var source = new EventSource(url, { withCredentials: true });
  source.onopen = function () { say(true); };
  source.onerror = function () { say(false); }; // reconnects by itself unless the server refused (then CLOSED)
  source.addEventListener("action", function (e) {
    var change;
    try { change = JSON.parse(e.data); } catch (err) { return; }
    document.dispatchEvent(new CustomEvent("brabo:action", { detail: change }));
  });

  // The action page: reload when this action changed, unless someone is typing (then on leaving the field)
  // or the page is already leaving (this person's own decision is being submitted: its answer shows it).
  var leaving = false;
  document.addEventListener("submit", function () { leaving = true; });
  window.addEventListener("pagehide", function () { leaving = true; source.close(); });
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
