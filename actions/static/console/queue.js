// The queue refreshes itself: live updates (live.js, server-sent events) reload the list fragment at once;
// a small state document is polled as well — every 3 s when the live stream is down, every 30 s while it
// is up (a safety net). window.BRABO_POLL_MS overrides the fallback period (tests slow it to prove SSE).
(function () {
  "use strict";
  var region = document.getElementById("queue-region");
  var badge = document.getElementById("queue-badge");
  if (!region) return;
  var stateUrl = region.getAttribute("data-state-url");
  var fragmentUrl = region.getAttribute("data-fragment-url");
  var last = region.getAttribute("data-state"); // the state this page was rendered from
  var stale = false;
  var FALLBACK_MS = window.BRABO_POLL_MS || 3000;
  var LIVE_MS = Math.max(FALLBACK_MS, 30000);
  var timer = null;
  // Answers may come back out of order (a poll sent just before an action was recorded can answer after the
  // one its live update sent): each request is numbered, and an answer older than the one shown is dropped,
  // so the badge never goes back to a count the list has already moved past.
  var polled = 0, pollShown = 0, loaded = 0, loadShown = 0;

  function busy() {
    // Never swap the list under someone typing a deny reason or holding focus on a button.
    var el = document.activeElement;
    return el && region.contains(el) && el !== region;
  }

  function reload() {
    if (busy()) { stale = true; return; }
    stale = false;
    var mine = ++loaded;
    fetch(fragmentUrl, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        if (mine < loadShown) return;
        loadShown = mine;
        region.innerHTML = html;
      })
      .catch(function () {
        // Keep the current list, marked behind: the next poll reloads it even when its count is the one
        // already shown (the badge moved on this answer's poll; the list must follow it).
        if (mine > loadShown) stale = true;
      });
  }

  function poll(force) {
    var mine = ++polled;
    fetch(stateUrl, { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (s) {
        if (mine < pollShown) { // a newer answer is already shown; the list still reloads if this one asked
          if (force) reload();
          return;
        }
        pollShown = mine;
        var key = s.count + "|" + s.latest;
        if (badge) {
          badge.textContent = s.count;
          badge.setAttribute("aria-label", s.count + " pending");
          badge.classList.toggle("badge-zero", s.count === 0);
        }
        if (force || (last !== null && key !== last) || stale) reload();
        last = key;
      })
      .catch(function () {});
  }

  function schedule() {
    if (timer) clearInterval(timer);
    timer = setInterval(poll, window.braboLive && window.braboLive.connected ? LIVE_MS : FALLBACK_MS);
  }

  document.addEventListener("brabo:action", function () { poll(true); });
  document.addEventListener("brabo:live", schedule);
  region.addEventListener("focusout", function () { if (stale) setTimeout(reload, 0); });
  poll();
  schedule();
})();
