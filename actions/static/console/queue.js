// The queue refreshes itself: poll a small state document; when it changes, reload the list fragment.
(function () {
  "use strict";
  var region = document.getElementById("queue-region");
  var badge = document.getElementById("queue-badge");
  if (!region) return;
  var stateUrl = region.getAttribute("data-state-url");
  var fragmentUrl = region.getAttribute("data-fragment-url");
  var last = region.getAttribute("data-state"); // the state this page was rendered from
  var stale = false;

  function busy() {
    // Never swap the list under someone typing a deny reason or holding focus on a button.
    var el = document.activeElement;
    return el && region.contains(el) && el !== region;
  }

  function reload() {
    if (busy()) { stale = true; return; }
    stale = false;
    fetch(fragmentUrl, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) { region.innerHTML = html; })
      .catch(function () { /* keep the current list; the next poll retries */ });
  }

  function poll() {
    fetch(stateUrl, { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (s) {
        var key = s.count + "|" + s.latest;
        if (badge) {
          badge.textContent = s.count;
          badge.setAttribute("aria-label", s.count + " pending");
          badge.classList.toggle("badge-zero", s.count === 0);
        }
        if (last !== null && key !== last) reload();
        else if (stale) reload();
        last = key;
      })
      .catch(function () {});
  }

  poll();
  setInterval(poll, 3000);
})();
