// The action page while it runs: "running… 12 s", counted up each second from the seconds the
// server measured when it rendered the page. live.js reloads the page when the action settles, which brings
// the output or the failure.
(function () {
  "use strict";
  var el = document.querySelector("[data-running]");
  if (!el) return;
  var counter = el.querySelector("[data-running-seconds]");
  var base = parseInt(el.getAttribute("data-seconds"), 10) || 0;
  var started = Date.now();
  setInterval(function () {
    counter.textContent = String(base + Math.floor((Date.now() - started) / 1000));
  }, 1000);
})();
