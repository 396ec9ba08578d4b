// A player's phone as a real hand (companion serve): the panel the server draws from the seat's view, kept current by
// server-sent events, and the player's answers sent back. Nothing here knows a game: it picks the cards and table
// items the buttons carry, and posts the answer a choice's button names. On a club night it also keeps the line above
// the match (the night's events) and starts the table's match. Shipped with the package: nothing fetched.
(function () {
  "use strict";
  var panel = document.getElementById("panel");
  var night = document.getElementById("night");  // a club night: the line above the match (round, table, place)
  var picked = {hand: [], table: []};
  var drawn = null;  // the panel as the server last drew it: the same pushed again is not redrawn under a finger

  function pressed(kind) {  // the codes picked, a card picked twice (two packs) twice
    var codes = [];
    Array.prototype.forEach.call(panel.querySelectorAll("[data-" + kind + "][aria-pressed='true']"), function (b) {
      for (var n = +(b.dataset.count || 1); n > 0; n--) codes.push(b.getAttribute("data-" + kind));
    });
    return codes;
  }

  function pick(button) {  // one tap: one more copy of the card, up to its copies; then none
    var count = button.getAttribute("aria-pressed") === "true" ? +(button.dataset.count || 1) : 0;
    count = count >= +(button.dataset.copies || 1) ? 0 : count + 1;
    button.setAttribute("aria-pressed", count > 0 ? "true" : "false");
    if (count > 1) button.dataset.count = count; else delete button.dataset.count;
  }

  function light() {  // a choice's button is lit once the cards it takes are picked
    picked.hand = pressed("hand");
    picked.table = pressed("table");
    Array.prototype.forEach.call(panel.querySelectorAll("button.choice"), function (button) {
      var kind = button.dataset.kind, low = +button.dataset.low, high = +button.dataset.high, n = picked.hand.length;
      var ok = kind === "action" || kind === "number" || (n >= low && n <= Math.max(high, low));
      button.disabled = !ok;
    });
  }

  function post(url, fields) {
    var body = new URLSearchParams();
    Object.keys(fields).forEach(function (key) {
      [].concat(fields[key]).forEach(function (value) { if (value !== undefined && value !== null) body.append(key, value); });
    });
    return fetch(url, {method: "POST", body: body, credentials: "same-origin",
                       headers: {"Content-Type": "application/x-www-form-urlencoded"}})
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        if (answer.panel) { panel.innerHTML = drawn = answer.panel; light(); }
        if (night && answer.night !== undefined) night.innerHTML = answer.night;
        var message = panel.querySelector(".message");
        if (message) message.textContent = answer.message || "";
      })
      .catch(function () {
        var message = panel.querySelector(".message");
        if (message) message.textContent = panel.dataset.offline || "…";
      });
  }

  panel.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button || button.disabled) return;
    if (button.dataset.hand !== undefined || button.dataset.table !== undefined) {
      pick(button);
      light();
    } else if (button.classList.contains("choice")) {
      var field = button.dataset.number ? button.parentNode.querySelector("input") : null;
      post("/seat/answer", {name: button.dataset.name, card: picked.hand, table: picked.table,
                            target: button.dataset.target, number: field ? field.value : null});
    } else if (button.classList.contains("start")) {
      post("/seat/start", {});
    } else if (button.classList.contains("lang")) {
      post("/seat/lang", {lang: button.dataset.lang}).then(listen);  // the stream too speaks the new language
    } else if (button.classList.contains("undo")) {
      post("/seat/undo", {});
    } else if (button.classList.contains("answer")) {
      post("/seat/undo-answer", {agree: button.dataset.agree});
    } else if (button.classList.contains("continue")) {
      post("/seat/continue", {});
    }
  });

  var source = null;
  function listen() {  // the server pushes the panel whenever the match changes; a phone asleep reconnects on waking
    if (source) source.close();
    source = new EventSource("/seat/events");
    source.addEventListener("panel", function (event) {
      if (event.data === drawn) return;  // an answer's own panel, pushed to every page of the match after it
      drawn = event.data;
      var keep = {hand: pressed("hand"), table: pressed("table")};
      var said = panel.querySelector(".message");  // what the last tap was told stays until the next tap
      said = said ? said.textContent : "";
      panel.innerHTML = event.data;
      var message = panel.querySelector(".message");
      if (message && !message.textContent) message.textContent = said;
      ["hand", "table"].forEach(function (kind) {  // a redraw keeps the cards still there picked
        keep[kind].forEach(function (code) {  // the next of its buttons not picked yet, or one more copy of it
          var all = panel.querySelectorAll("[data-" + kind + "='" + CSS.escape(code) + "']");
          var again = Array.prototype.find.call(all, function (b) { return b.getAttribute("aria-pressed") !== "true"; })
            || Array.prototype.find.call(all, function (b) { return +(b.dataset.count || 1) < +(b.dataset.copies || 1); });
          if (again) pick(again);
        });
      });
      light();
    });
    source.addEventListener("night", function (event) { if (night) night.innerHTML = event.data; });
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && (!source || source.readyState === 2)) listen();
  });
  window.addEventListener("online", listen);
  light();
  listen();
})();
