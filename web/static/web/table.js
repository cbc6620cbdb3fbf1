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
    // Chat messages come as `chat` events (no id: the version stays where it is). The list is
    // fetched anew, as the server draws it (escaped, without the people one mutes); a
    // reconnection fetches it too, for what came meanwhile.
    const chatPanel = document.getElementById("chat");
    if (chatPanel && chatPanel.dataset.streamed === "1") {
      source.addEventListener("open", function () {
        window.wildcardsChatStreaming = true;
        htmx.trigger(document.body, "wildcards:chat");
      });
      source.addEventListener("chat", function (event) {
        htmx.trigger(document.body, "wildcards:chat");
        const said = JSON.parse(event.data).message;
        const me = chatPanel.querySelector(".chat-form") && chatPanel.dataset.me;
        if (said && !said.hidden && said.name !== me) {
          document.getElementById("chat-said").textContent = said.name + " says: " + said.text;
        }
      });
    }
  }

  // A new round ends the standing orders not kept: the orders panel is drawn anew.
  let round = live ? live.dataset.round : undefined;
  document.addEventListener("htmx:afterSettle", function () {
    const now = document.getElementById("live");
    if (now && now.dataset.round !== round) {
      round = now.dataset.round;
      htmx.trigger(document.body, "wildcards:round");
    }
  });

  // The chat: a message sent empties the box; the list shows its newest message; a control
  // of the list that was used hands the focus to what it answered.
  document.body.addEventListener("wildcardsChatSent", function () {
    const box = document.getElementById("chat-text");
    if (box) box.value = "";
  });
  let chatFocus = false;
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "chat-messages") {
      chatFocus = event.detail.target.contains(document.activeElement);
    }
  });
  function showNewest() {
    const list = document.querySelector("#chat-messages .chat-list");
    if (list) list.scrollTop = list.scrollHeight;
  }
  showNewest();
  document.addEventListener("htmx:afterSettle", function (event) {
    if (!event.detail.target || event.detail.target.id !== "chat-messages") return;
    showNewest();
    const said = document.querySelector("#chat-messages .error, #chat-messages .notice");
    if (chatFocus && said) {
      said.setAttribute("tabindex", "-1");
      said.focus();
    }
    chatFocus = false;
  });
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

  // The keyboard focus survives the live part being drawn anew (after every move, one's own
  // or another's): it was on an element the swap removed, so it goes where a player's next
  // step is: the chooser a card asks for, else on their turn the first card they may play
  // (or the draw, take or pass that stands for it), else the same control again, else the
  // top of their hand. Nobody's focus is taken from elsewhere on the page, and a move's own
  // answer scrolls to it, a change by others does not (the page stays where it is read).
  let focusWas = null;  // {inside, selector} of the focus just before a swap of the live part
  document.addEventListener("htmx:beforeSwap", function (event) {
    const now = document.getElementById("live");
    if (!now || event.detail.target !== now || !event.detail.shouldSwap) return;
    const active = document.activeElement;
    focusWas = {inside: !!active && now.contains(active), selector: same(active)};
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    const was = focusWas;
    focusWas = null;
    const live = document.getElementById("live");
    if (!live || !was) return;
    const config = event.detail.requestConfig;
    const own = !!config && config.verb === "post";
    if (!was.inside && !own) return;
    const target = live.querySelector(".chooser button")
      || (live.querySelector(".status-line strong") && next(live))
      || (was.selector && live.querySelector(was.selector))
      || live.querySelector("#hand") || live.querySelector(".status-line");
    if (!target) return;
    if (own && target.closest(".chooser")) {
      target.closest(".chooser").scrollIntoView({block: "nearest"});
    }
    if (!target.matches("button, a, input, summary, [tabindex]")) target.setAttribute("tabindex", "-1");
    target.focus({preventScroll: !own || !!target.closest(".chooser")});
  });

  // Fair play (docs/fairness.md): a seated player's page adds a random seed of theirs to the
  // next deal by itself, once per deal, from the browser's own random source. The host's goes
  // with the start as well, in case the start comes first. A seed the player typed (the
  // form's `data-seeded`) is left as it is.
  const seeded = new Set();
  function addSeed() {
    const form = document.querySelector("form.seed-form");
    if (!form || form.hasAttribute("data-seeded") || !window.crypto || !window.fetch) return;
    const round = form.dataset.round;
    if (seeded.has(round)) return;
    seeded.add(round);
    const bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    const seed = Array.from(bytes, function (b) { return b.toString(16).padStart(2, "0"); }).join("");
    const start = document.querySelector("form.start-form input[name=client_seed]");
    if (start) start.value = seed;
    const body = new FormData(form);
    body.set("client_seed", seed);
    body.set("auto", "1");
    fetch(form.action, {method: "POST", body: body, credentials: "same-origin"}).then(function (answer) {
      const now = document.querySelector("form.seed-form[data-round=\"" + round + "\"]");
      if (answer.status !== 204 || !now) return;
      now.setAttribute("data-seeded", "");
      const said = document.querySelector("[data-seed-status]");
      if (said) said.textContent = "Your browser has added a random seed of yours.";
      const summary = now.closest("details") && now.closest("details").querySelector("summary");
      if (summary && summary.textContent.indexOf("with your seed") < 0) {
        summary.textContent = summary.textContent.trim() + ", with your seed";
      }
    }).catch(function () { /* offline: the deal goes on without it */ });
  }
  addSeed();
  document.addEventListener("htmx:afterSettle", addSeed);

  // On one's turn: the first card that may be played, or the move that stands for one.
  function next(live) {
    if (!/Your turn/.test(live.querySelector(".status-line").textContent)) return null;
    return live.querySelector(".hand button.card")
      || live.querySelector(".actions button[name=action]");
  }

  // A selector for the same control in the part drawn anew: a move's button by its value.
  function same(element) {
    if (!element || element === document.body || !element.tagName) return null;
    if (element.id) return "#" + CSS.escape(element.id);
    if (element.name && element.value) {
      return element.tagName.toLowerCase() + "[name=\"" + CSS.escape(element.name) + "\"][value=\""
        + CSS.escape(element.value) + "\"]";
    }
    if (element.tagName === "SUMMARY" && element.parentElement.className) {
      return "details." + element.parentElement.className.trim().split(/\s+/).join(".") + " > summary";
    }
    return null;
  }
})();
