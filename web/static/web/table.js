// After a move of one's own (a POST), the table is drawn anew: put the keyboard focus on what
// the move led to (its refusal, or the line saying whose turn it is), not back at the page top.
(function () {
  "use strict";
  document.addEventListener("htmx:afterSettle", function (event) {
    const config = event.detail.requestConfig;
    if (!config || config.verb !== "post") return;
    const target = document.querySelector("#live .refusal, #live .chooser, #live .status-line");
    if (!target) return;
    target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: false });
  });
})();
