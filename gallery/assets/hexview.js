/* Tile Atlas hex viewer: on a game's hexes page, `?hex=B2` (or `#B2`) shows that hex large with
   its code. The coordinate is data: it is compared with the coordinates this page lists (the
   JSON of the viewer's script[type="application/json"], written at build time, never run)
   and only that page data is shown, as text; the drawing's file comes from the same data.
   Empty fields are left out of the data. Dependency-free; works from file:// too. */
(function () {
  "use strict";

  function wanted() {
    var match = /(?:^|[?&])hex=([^&]*)/.exec(window.location.search);
    var raw = match ? match[1] : window.location.hash.replace(/^#/, "");
    try { raw = decodeURIComponent(raw.replace(/\+/g, " ")); } catch (e) { return ""; }
    return raw.trim().slice(0, 40);
  }

  function field(viewer, name) {
    return viewer.querySelector('[data-hex-field="' + name + '"]');
  }

  /* The words of a drawing: the page's card of the same file carries them as its image text
     (the data leaves them out rather than repeat them). */
  function wordsOf(src) {
    var found = "";
    document.querySelectorAll(".tile-card img").forEach(function (img) {
      if (!found && img.getAttribute("src") === src) found = img.getAttribute("alt") || "";
    });
    return found;
  }

  function show(viewer, hex, asked) {
    var where = hex.coords.length > 6
      ? hex.coords[0] + " and " + (hex.coords.length - 1) + " more" : hex.coords.join(", ");
    field(viewer, "title").textContent = asked + (hex.name ? " — " + hex.name : "");
    field(viewer, "facts").textContent = viewer.getAttribute("data-game") + " · colour " +
      hex.color;
    var same = field(viewer, "same");
    same.hidden = hex.coords.length < 2;
    same.textContent = "Identical preprinted hexes: " + where + ".";
    var tile = field(viewer, "tile");
    tile.hidden = !hex.tile_href;
    if (hex.tile_href) tile.setAttribute("href", hex.tile_href);
    field(viewer, "tile-name").textContent = hex.tile || "";
    var img = field(viewer, "img");
    img.setAttribute("src", hex.img);
    img.setAttribute("alt", hex.alt || wordsOf(hex.img));
    var figure = viewer.querySelector("figure");
    if (figure) figure.setAttribute("data-download", hex.download || "");
    field(viewer, "code").textContent = hex.code || "(blank)";
    /* The plugin's "Try it" link (if the site has a playground): same page, this hex's query,
       each value URL-encoded (the playground reads them back as strings). */
    var query = [["code", hex.code || ""], ["color", hex.color],
      ["layout", viewer.getAttribute("data-layout") || "flat"], ["rotation", "0"]];
    if (hex.name) query.push(["name", hex.name]);
    query = query.map(function (kv) {
      return kv[0] + "=" + encodeURIComponent(kv[1]);
    }).join("&");
    var row = viewer.querySelector("[data-tile-try]");
    var link = viewer.querySelector("a.tile-try");
    if (row) row.setAttribute("data-tile-try", query);
    if (link) {
      var base = link.getAttribute("href").split("?")[0];
      link.setAttribute("href", base + "?" + query);
    }
    viewer.hidden = false;
    document.title = asked + " · " + document.title;
  }

  function init() {
    var viewer = document.querySelector("[data-hex-viewer]");
    if (!viewer) return;
    var asked = wanted();
    viewer.hidden = true;
    if (!asked) return;
    var hexes;
    var data = viewer.querySelector("script[data-hex-data]");
    try { hexes = JSON.parse(data ? data.textContent : "[]"); } catch (e) { return; }
    var key = asked.toUpperCase();
    var found = null;
    hexes.forEach(function (hex) {
      hex.coords.forEach(function (c) {
        if (!found && String(c).toUpperCase() === key) { found = hex; asked = c; }
      });
    });
    var missing = document.querySelector("[data-hex-missing]");
    if (!found) {
      if (missing) {
        missing.textContent = "This map has no preprinted hex " + asked + ".";
        missing.hidden = false;
      }
      return;
    }
    if (missing) missing.hidden = true;
    show(viewer, found, asked);
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(init); /* mkdocs-material instant navigation */
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
  window.addEventListener("hashchange", init);
})();
