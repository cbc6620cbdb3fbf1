// Every <time data-countdown> shows how long is left until its datetime, updated each second.
(function () {
  "use strict";
  function left(ms) {
    if (ms <= 0) return "time is up";
    const s = Math.floor(ms / 1000), d = Math.floor(s / 86400), h = Math.floor(s % 86400 / 3600),
      m = Math.floor(s % 3600 / 60), sec = s % 60;
    if (d) return d + " d " + h + " h left";
    if (h) return h + " h " + m + " min left";
    if (m) return m + " min " + sec + " s left";
    return sec + " s left";
  }
  function tick() {
    document.querySelectorAll("time[data-countdown]").forEach(function (el) {
      const text = left(new Date(el.getAttribute("datetime")) - Date.now());
      if (el.textContent !== text) el.textContent = text;
    });
  }
  window.wildcardsCountdown = tick;
  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:afterSettle", tick);
  setInterval(tick, 1000);
})();
