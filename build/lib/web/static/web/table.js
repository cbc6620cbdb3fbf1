// The table page: other players' moves arrive by the table's event stream
// (/api/tables/{id}/events); each event has the live part fetched anew. While the stream is not
// open (not there yet, reconnecting, or a server without it) the live part polls instead.
(function () {
  "use strict";
  const live = document.getElementById("live");
  // The newest version an event announced. A fetch it asked for is dropped if the live part is
  // replaced before the fetch leaves (by one's own move's answer, which aborts a fetch under
  // way: the move forms' hx-sync): once the part is drawn anew, it is fetched again if behind.
  let announced = live ? Number(live.dataset.version) : 0;
  if (live && window.EventSource && live.dataset.events) {
    const source = new EventSource(live.dataset.events + "?since=" + live.dataset.version);
    source.addEventListener("open", function () { window.wildcardsStreaming = true; });
    source.addEventListener("error", function () { window.wildcardsStreaming = false; });
    const changed = function (event) {
      announced = Math.max(announced, Number(event.lastEventId) || 0);
      const now = document.getElementById("live");
      if (now && event.lastEventId !== now.dataset.version) htmx.trigger(now, "wildcards:changed");
    };
    ["state", "reset", "gone"].forEach(function (name) { source.addEventListener(name, changed); });
  }
  document.addEventListener("htmx:afterSettle", function () {
    const now = document.getElementById("live");
    if (now && Number(now.dataset.version) < announced) htmx.trigger(now, "wildcards:changed");
  });

  // An answer older than the part it would replace is dropped: the page never goes back.
  document.addEventListener("htmx:beforeSwap", function (event) {
    const now = document.getElementById("live");
    if (!now || event.detail.target !== now) return;
    const found = /data-version="(\d+)"/.exec(event.detail.serverResponse || "");
    if (found && Number(found[1]) < Number(now.dataset.version)) event.detail.shouldSwap = false;
  });

  // After a move of one's own (a POST), the table is drawn anew: put the keyboard focus on what
  // the move led to (its refusal, or the line saying whose turn it is), not back at the page top.
  document.addEventListener("htmx:afterSettle", function (event) {
    const config = event.detail.requestConfig;
    if (!config || config.verb !== "post") return;
    const target = document.querySelector("#live .refusal, #live .chooser, #live .status-line");
    if (!target) return;
    target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: false });
  });
})();
