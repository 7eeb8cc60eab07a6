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
        var stack = v.querySelector(".tile-stack");
        var overlay = stack && stack.querySelector(".tile-grid-overlay");
        if (!overlay && grid && stack && block.getAttribute("data-grid")) {
          /* the row names its layout's region grid; the overlay is made only when asked for */
          overlay = document.createElement("img");
          overlay.className = "tile-grid-overlay";
          overlay.alt = "";
          overlay.src = block.getAttribute("data-grid");
          stack.appendChild(overlay);
        }
        if (overlay) overlay.hidden = !grid;
      });
    });
    if (p.n) showName(p.n.slice(0, 60));
  }

  /* The renderer's line split for location names (tile_lang.layout.location_name). */
  function nameLines(name) {
    if (name.length <= 12) return [name];
    var w = name.split(/\s+/).filter(Boolean);
    if (w.length === 3) {
      return w[0].length > w[2].length ? [w[0], w[1] + " " + w[2]] : [w[0] + " " + w[1], w[2]];
    }
    if (w.length === 4) return [w[0] + " " + w[1], w[2] + " " + w[3]];
    if (w.length === 5) {
      var front = w[0] + " " + w[1], back = w[3] + " " + w[4];
      return front.length > back.length ? [front + " " + w[2], back] : [front, w[2] + " " + back];
    }
    if (w.length > 2) return [w.slice(0, Math.ceil(w.length / 2)).join(" "),
                              w.slice(Math.ceil(w.length / 2)).join(" ")];
    return w.length ? w : [name];
  }

  /* ?n=: a tile drawn without a name ships, per block, the renderer's empty name boxes for a
     one- and a two-line name (a <template>, see tile_lang.name_overlay), and per drawing where
     the renderer would put each (data-name-1/2). The box is cloned over the drawing, moved
     there, sized by the renderer's rule, and the name goes in as text only. */
  function showName(name) {
    var lines = nameLines(name);
    var count = lines.length > 1 ? "2" : "1";
    if (lines.length > 2) lines = [lines.slice(0, -1).join(" "), lines[lines.length - 1]];
    var width = 8 + 8 * Math.max.apply(null, lines.map(function (l) { return l.length; }));
    document.querySelectorAll("[data-tile-variants]").forEach(function (block) {
      var boxes = block.querySelector("template.tile-name-boxes");
      if (!boxes) return;
      var sample = boxes.content.querySelector('svg[data-name-lines="' + count + '"]');
      if (!sample) return;
      block.querySelectorAll(".tile-variant[data-name-1]").forEach(function (variant) {
        var stack = variant.querySelector(".tile-stack");
        if (!stack) return;
        stack.querySelectorAll("svg.tile-name-overlay").forEach(function (old) { old.remove(); });
        var svg = sample.cloneNode(true);
        var box = svg.querySelector("rect");
        if (!box) return;
        box.parentNode.setAttribute("transform", variant.getAttribute("data-name-" + count));
        box.setAttribute("width", String(width));
        box.setAttribute("x", String(-width / 2));
        svg.querySelectorAll("text").forEach(function (t, i) { t.textContent = lines[i] || ""; });
        stack.appendChild(svg);
      });
    });
  }

  /* A colour group the filter leaves empty is hidden with its heading ("Yellow (59)" above
     no tile would be read, and Tab-reachable through its anchor link, for nothing). */
  function hideEmptyGroups(target) {
    target.querySelectorAll(".tile-grid").forEach(function (grid) {
      var empty = !grid.querySelector("[data-tile]:not([hidden])");
      grid.hidden = empty;
      var heading = grid.previousElementSibling;
      if (heading && /^H[2-6]$/.test(heading.tagName)) heading.hidden = empty;
    });
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
    hideEmptyGroups(target);
    var byUse = get("sort") === "use";
    target.querySelectorAll(".tile-grid").forEach(function (grid) { order(grid, byUse); });
    var count = form.querySelector(".tile-filter__count");
    if (count) count.textContent = shown + " shown" + (byUse ? ", most used first" : "");
  }

  function gamesOf(card) {
    return (card.getAttribute("data-games") || "").split(" ").filter(Boolean).length;
  }

  /* "2 games" under a card's name while the cards are ordered by use. */
  function useNote(card, shown) {
    var note = card.querySelector(".tile-use");
    if (!shown) {
      if (note) note.remove();
      return;
    }
    if (!note) {
      note = document.createElement("span");
      note.className = "tile-use";
      var name = card.querySelector(".tile-name");
      card.insertBefore(note, name ? name.nextSibling : null); // before the download buttons
    }
    var n = gamesOf(card);
    note.textContent = n === 0 ? "no game" : n === 1 ? "1 game" : n + " games";
  }

  /* A grid's cards by the number of games using each (most first; ties and `byUse` false:
     the order the page gave them, remembered at the first sort). */
  function order(grid, byUse) {
    if ((grid.taByUse || false) === byUse) return;
    var cards = Array.prototype.filter.call(grid.children, function (c) {
      return c.hasAttribute("data-tile");
    });
    cards.forEach(function (card, i) { if (card.taOrder === undefined) card.taOrder = i; });
    cards.sort(function (a, b) {
      return (byUse ? gamesOf(b) - gamesOf(a) : 0) || a.taOrder - b.taOrder;
    });
    cards.forEach(function (card) {
      grid.appendChild(card);
      useNote(card, byUse);
    });
    grid.taByUse = byUse;
  }

  /* On the site's 404 page: `tiles/<name>-<r>/` (18xx.games' `/tiles/9-1`) is not a folder of
     the site; when <name> is one of the catalog tiles the page lists (JSON, data only) the
     reader is sent to `tiles/<name>/?r=<r>`. The new address is made of the listed name and
     one digit, never of other text from the address. */
  function tileRoute() {
    var data = document.getElementById("tile-atlas-routes");
    if (!data) return;
    var match = /\/tiles\/([^\/]+)-([0-5])(?:\/(?:index\.html)?)?$/.exec(window.location.pathname);
    if (!match) return;
    var names;
    try { names = JSON.parse(data.textContent); } catch (e) { return; }
    if (!Array.isArray(names)) return;
    var slug = names.indexOf(match[1]) >= 0 ? match[1] : null;
    if (slug === null) return;
    var base = window.location.pathname.slice(0, match.index);
    window.location.replace(base + "/tiles/" + slug + "/?r=" + match[2]);
  }

  function setUpGrouping(fieldset) {
    var manifest = document.getElementById(fieldset.getAttribute("data-manifest-grouping"));
    if (!manifest) return;
    /* The page carries each card once, in the shown view; every view's sections name their
       cards (data-cards, JSON), so showing a view moves the cards into its sections. */
    fieldset.addEventListener("change", function (event) {
      var view = event.target.value;
      var cards = {};
      manifest.querySelectorAll(".tile-grid > [data-name]").forEach(function (card) {
        cards[card.getAttribute("data-name")] = card;
      });
      manifest.querySelectorAll("[data-manifest-view]").forEach(function (el) {
        if (el.getAttribute("data-manifest-view") !== view) return;
        el.querySelectorAll("[data-cards]").forEach(function (grid) {
          var names = [];
          try { names = JSON.parse(grid.getAttribute("data-cards")); } catch (e) { return; }
          names.forEach(function (name) {
            if (Object.prototype.hasOwnProperty.call(cards, name)) grid.appendChild(cards[name]);
          });
        });
      });
      manifest.querySelectorAll("[data-manifest-view]").forEach(function (el) {
        el.hidden = el.getAttribute("data-manifest-view") !== view;
      });
      hideEmptyGroups(manifest);
    });
  }

  function init() {
    tileRoute();
    applyRoutes();
    document.querySelectorAll("[data-manifest-grouping]").forEach(function (fieldset) {
      if (fieldset.getAttribute("data-grouping-ready")) return;
      fieldset.setAttribute("data-grouping-ready", "1");
      setUpGrouping(fieldset);
    });
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

/* Tile manifest upgrade highlight: selecting a tile (click, or keyboard focus) marks the tiles
   it upgrades to and from and dims the rest. Data comes from the page itself (data-name,
   data-upgrades-to, data-upgrades-from on each card of a [data-upgrade-manifest]); nothing is
   fetched, so it works offline and from file://. A second click on a selected card follows its
   link; Esc clears. Text from attributes only ever reaches textContent. */
(function () {
  "use strict";

  function names(card, attr) {
    return (card.getAttribute(attr) || "").split(" ").filter(Boolean);
  }

  function status(manifest) {
    var el = manifest.querySelector(".upgrade-status");
    if (!el) {
      el = document.createElement("p");
      el.className = "upgrade-status";
      el.setAttribute("role", "status");
      el.setAttribute("aria-live", "polite");
      manifest.insertBefore(el, manifest.firstChild);
    }
    return el;
  }

  function clear(manifest) {
    manifest.classList.remove("has-upgrade-selection");
    manifest.querySelectorAll(".is-selected, .is-upgrade-to, .is-upgrade-from").forEach(
      function (card) {
        card.classList.remove("is-selected", "is-upgrade-to", "is-upgrade-from");
        card.removeAttribute("aria-current");
      });
    status(manifest).textContent = "";
  }

  function select(manifest, card) {
    clear(manifest);
    var to = names(card, "data-upgrades-to");
    var from = names(card, "data-upgrades-from");
    manifest.classList.add("has-upgrade-selection");
    card.classList.add("is-selected");
    card.setAttribute("aria-current", "true");
    manifest.querySelectorAll("[data-name]").forEach(function (other) {
      var name = other.getAttribute("data-name");
      if (other === card) return;
      if (to.indexOf(name) >= 0) other.classList.add("is-upgrade-to");
      if (from.indexOf(name) >= 0) other.classList.add("is-upgrade-from");
    });
    var name = card.getAttribute("data-name");
    var line = status(manifest);
    line.textContent = name + " upgrades to: " + (to.join(", ") || "nothing") +
      " · from: " + (from.join(", ") || "nothing");
    whereOnMap(line, name);
  }

  /* " · where it goes on the map": the game's map page (its overview's map link) with the
     tile as `?tile=` (the map page only looks the name up among its tiles). */
  function whereOnMap(line, name) {
    var map = document.querySelector("a[data-ta-map-link]");
    var href = map && map.getAttribute("href");
    if (!href || href.indexOf("?") >= 0 || href.indexOf("#") >= 0) return;
    var link = document.createElement("a");
    link.href = href + "?tile=" + encodeURIComponent(name);
    link.textContent = "where " + name + " goes on the map";
    line.appendChild(document.createTextNode(" · "));
    line.appendChild(link);
  }

  function setUp(manifest) {
    // A mouse press focuses the card before its click: let the click decide, so that the
    // first click selects and only a second one follows the card's link.
    var pressing = false;
    manifest.addEventListener("pointerdown", function () { pressing = true; });
    manifest.addEventListener("click", function (event) {
      pressing = false;
      var card = event.target.closest("[data-name]");
      if (!card || !manifest.contains(card)) {
        if (!event.target.closest(".upgrade-status")) clear(manifest);
        return;
      }
      if (!card.classList.contains("is-selected")) {
        event.preventDefault();
        select(manifest, card);
      }
    });
    manifest.addEventListener("focusin", function (event) {
      if (pressing) return;
      var card = event.target.closest("[data-name]");
      if (card && !card.classList.contains("is-selected")) select(manifest, card);
    });
    manifest.addEventListener("keydown", function (event) {
      if (event.key === "Escape") clear(manifest);
      if ((event.key === "Enter" || event.key === " ") && event.target.matches("div[data-name]")) {
        event.preventDefault();
        select(manifest, event.target);
      }
    });
  }

  function init() {
    document.querySelectorAll("[data-upgrade-manifest]").forEach(function (manifest) {
      if (manifest.getAttribute("data-upgrade-ready")) return;
      manifest.setAttribute("data-upgrade-ready", "1");
      setUp(manifest);
    });
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(init); // mkdocs-material instant navigation
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
