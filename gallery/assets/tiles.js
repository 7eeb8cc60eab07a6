/* Tile Atlas page behaviour: route parameters (?r=, ?n=, ?grid) over pre-rendered variants,
   and the tile filter. Dependency-free; works from file:// as well as http. */
(function () {
  "use strict";

  function params() {
    var out = {};
    var query = window.location.search.replace(/^\?/, "");
    query.split("&").forEach(function (pair) {
      if (!pair) return;
      var i = pair.indexOf("=");
      var key = decodeURIComponent(i < 0 ? pair : pair.slice(0, i));
      var value = i < 0 ? "" : decodeURIComponent(pair.slice(i + 1).replace(/\+/g, " "));
      out[key] = value;
    });
    return out;
  }

  function rotationsFrom(value) {
    if (value === undefined || value === null || value === "") return null;
    if (value === "all") return [0, 1, 2, 3, 4, 5];
    var list = value.split(/[+ ]/).map(function (v) { return parseInt(v, 10); })
      .filter(function (v) { return v >= 0 && v <= 5; });
    return list.length ? list : null;
  }

  function applyRoutes() {
    var blocks = document.querySelectorAll("[data-tile-variants]");
    if (!blocks.length) return;
    var p = params();
    var wanted = rotationsFrom(p.r);
    var grid = Object.prototype.hasOwnProperty.call(p, "grid");
    blocks.forEach(function (block) {
      var fixed = block.getAttribute("data-fixed-rotation");
      var rotations = fixed !== null ? [parseInt(fixed, 10)] : (wanted || [0]);
      if (block.hasAttribute("data-preprinted")) rotations = [0];
      block.querySelectorAll(".tile-variant").forEach(function (v) {
        var r = parseInt(v.getAttribute("data-rotation"), 10);
        v.hidden = rotations.indexOf(r) < 0;
        v.querySelectorAll(".tile-grid-overlay").forEach(function (o) { o.hidden = !grid; });
      });
    });
    if (p.n) {
      document.querySelectorAll("[data-location-name]").forEach(function (el) {
        el.textContent = p.n;
        el.hidden = false;
      });
    }
  }

  function applyFilter(form) {
    var target = document.getElementById(form.getAttribute("data-target"));
    if (!target) return;
    var get = function (name) {
      var el = form.querySelector("[name='" + name + "']");
      return el ? (el.type === "checkbox" ? el.checked : el.value.trim()) : "";
    };
    var text = String(get("q")).toLowerCase();
    var color = get("color");
    var kinds = ["city", "town", "offboard"].filter(function (k) { return get(k); });
    var min = parseFloat(get("min")), max = parseFloat(get("max"));
    var label = String(get("label")).toLowerCase();
    var game = get("game");
    var shown = 0;
    target.querySelectorAll("[data-tile]").forEach(function (card) {
      var ok = true;
      var d = card.dataset;
      if (text && (d.search || "").toLowerCase().indexOf(text) < 0) ok = false;
      if (ok && color && d.color !== color) ok = false;
      kinds.forEach(function (k) { if (ok && d[k] !== "1") ok = false; });
      var revenue = parseFloat(d.revenue || "0");
      if (ok && !isNaN(min) && revenue < min) ok = false;
      if (ok && !isNaN(max) && revenue > max) ok = false;
      if (ok && label && (d.label || "").toLowerCase() !== label) ok = false;
      if (ok && game && (" " + (d.games || "") + " ").indexOf(" " + game + " ") < 0) ok = false;
      card.hidden = !ok;
      if (ok) shown += 1;
    });
    var count = form.querySelector(".tile-filter__count");
    if (count) count.textContent = shown + " shown";
  }

  function init() {
    applyRoutes();
    document.querySelectorAll("form.tile-filter").forEach(function (form) {
      form.addEventListener("input", function () { applyFilter(form); });
      form.addEventListener("change", function () { applyFilter(form); });
      form.addEventListener("submit", function (e) { e.preventDefault(); });
      applyFilter(form);
    });
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(init); /* mkdocs-material instant navigation */
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
