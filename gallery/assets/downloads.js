/* Tile Atlas downloads: an "SVG" and a "PNG" button on every tile figure, tile card and map,
   saving exactly what is shown (the visible rotation, the name and colour drawn in it, the
   region grid when ?grid shows it). Self-contained: finds its targets by attributes the pages
   already carry (figure.tile-figure[data-rotation], .tile-card[data-tile],
   .game-map[data-download]; `data-download` also names the file), except inside an element
   marked `data-downloads="off"` (the upgrade chart: dozens of small drawings, each tile's own
   page offers its rotations for download), injects its own few CSS rules, loads nothing from the network.

   Where the drawing comes from decides what works:
   - an inline <svg> (```tile blocks) is serialised in the page: SVG and PNG work over
     http and from file:// alike (a blob: image never taints the canvas); a map's hexes are
     <image>s of the site's tile files, each read like a file (below) and put in the saved
     drawing, so the file stands alone;
   - an <img> of a generated .svg file is fetched over http (also an unzipped offline bundle
     served locally). A page opened from file:// may not read its own files, but it may run a
     script beside it: an offline build writes `<tile>.svg.js` copies that hand the text over
     (gallery.site.svg_script), so the offline bundle downloads from file:// too. Without
     them the SVG button opens the file itself (save it from the browser) and the PNG button
     says why it is unavailable. */
(function () {
  "use strict";

  var SCALES = [1, 2, 4, 8];
  var DEFAULT_SCALE = 2;
  var MAX_SIDE = 16384; /* canvas limits of current browsers */
  var MAX_PIXELS = 120e6;
  var FILE_NOTE = "PNG needs the site served over http: a page opened from file:// may not " +
    "read its own image files (browser security). Serve the folder (python3 -m http.server) " +
    "or use SVG.";
  var MAP_FILE_NOTE = FILE_NOTE.replace("PNG needs", "Saving the map needs");
  var CSS =
    ".tile-downloads{display:flex;gap:.3rem;align-items:center;flex-wrap:wrap;" +
    "font-size:.62rem;margin:.25rem 0;line-height:1.4}" +
    ".tile-downloads button,.tile-downloads select{font:inherit;color:inherit;cursor:pointer;" +
    "background:var(--md-default-bg-color,#fff);border:1px solid " +
    "var(--md-default-fg-color--lighter,#bbb);border-radius:.2rem;padding:0 .35rem}" +
    ".tile-downloads button[aria-disabled=true]{opacity:.55;cursor:help}" +
    ".tile-downloads__label{color:var(--md-default-fg-color--light,#555)}" +
    ".tile-downloads__note{flex-basis:100%;color:var(--md-default-fg-color--light,#555);" +
    "max-width:24rem}" +
    ".tile-card .tile-downloads{justify-content:center;opacity:0;transition:opacity .15s}" +
    ".tile-card:hover .tile-downloads,.tile-card:focus-within .tile-downloads{opacity:1}" +
    "@media (hover:none){.tile-card .tile-downloads{opacity:1}}";

  function fileName(target, ext) {
    var stem = target.getAttribute("data-download");
    if (!stem) {
      var heading = document.querySelector("article h1, h1");
      stem = heading ? heading.textContent : document.title;
      var rotation = target.getAttribute("data-rotation");
      if (rotation && rotation !== "0") stem += "-r" + rotation;
    }
    stem = String(stem).replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^[._]+|[._]+$/g, "");
    return (stem || "tile").slice(0, 120) + "." + ext;
  }

  /* The drawing of a target: {svg: inline element, overlay} or {img, overlay} or null. */
  function drawing(target) {
    var img = target.querySelector("img:not(.tile-grid-overlay)");
    if (img) {
      var overlay = target.querySelector(".tile-grid-overlay");
      return { img: img, overlay: overlay && !overlay.hidden ? overlay : null };
    }
    var inline = target.querySelector("svg");
    if (!inline) return null;
    var grid = target.querySelector(".tile-grid-overlay");
    var image = inline.querySelector("image[href]");
    return { svg: inline, overlay: grid && !grid.hidden ? grid : null,
      image: image ? absolute(image.getAttribute("href")) : null };
  }

  function absolute(href) {
    return new URL(href, document.baseURI).href;
  }

  /* Whether the target's drawing needs files read (a tile file, or a map's tile files). */
  function needsFiles(d) {
    return Boolean(d.img || d.image);
  }

  var fromFile = window.location.protocol === "file:";
  var waiting = {}; /* script copy URL -> [resolve, reject] */
  var copiesAvailable = null; /* file:// only: Promise<boolean>, probed once per page */
  var copiesKnown = null; /* its answer once there, for decisions inside a click */

  /* Called by a `<tile>.svg.js` copy with its own <script> element and the SVG text. */
  window.tileAtlasSvg = function (script, text) {
    var entry = script && waiting[script.src];
    if (entry && typeof text === "string") {
      delete waiting[script.src];
      entry[0](text);
    }
  };

  function scriptCopy(url) {
    return new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = url + ".js";
      var key = script.src;
      var fail = function () {
        if (waiting[key]) {
          delete waiting[key];
          reject(new Error("no script copy of " + url));
        }
        script.remove();
      };
      waiting[key] = [resolve, reject];
      script.onload = fail; /* after the copy ran, `waiting` no longer holds it */
      script.onerror = fail;
      document.head.appendChild(script);
    });
  }

  function readable(d) {
    if (!needsFiles(d) || !fromFile) return Promise.resolve(true);
    if (!copiesAvailable) {
      copiesAvailable = scriptCopy(d.image || d.img.currentSrc || d.img.src).then(
        function () { copiesKnown = true; return true; },
        function () { copiesKnown = false; return false; }
      );
    }
    return copiesAvailable;
  }

  /* Promise of an inline drawing as a standalone SVG file. */
  function serialise(svg) {
    var copy = svg.cloneNode(true);
    /* links into the site mean nothing in a saved file: keep their contents, drop the <a> */
    copy.querySelectorAll("a").forEach(function (a) {
      while (a.firstChild) a.parentNode.insertBefore(a.firstChild, a);
      a.parentNode.removeChild(a);
    });
    if (!copy.getAttribute("xmlns")) copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
    return embedImages(copy).then(function () {
      return new XMLSerializer().serializeToString(copy);
    });
  }

  /* Each <image> of a site tile file (a map's hexes) replaced by the drawing itself, read as
     text and parsed as SVG in a detached copy (never put in the page), sized as the image. */
  function embedImages(copy) {
    var texts = {};
    var images = Array.prototype.slice.call(copy.querySelectorAll("image[href]"));
    return Promise.all(images.map(function (image) {
      var url = absolute(image.getAttribute("href"));
      if (!texts[url]) texts[url] = fetchText(url);
      return texts[url].then(function (text) {
        var root = new DOMParser().parseFromString(inner(text), "image/svg+xml").documentElement;
        if (!root || root.localName !== "svg") throw new Error("not an SVG file: " + url);
        var drawn = copy.ownerDocument.importNode(root, true);
        ["x", "y", "width", "height"].forEach(function (name) {
          drawn.setAttribute(name, image.getAttribute(name) || "0");
        });
        image.parentNode.replaceChild(drawn, image);
      });
    }));
  }

  function fetchText(url) {
    if (fromFile) return scriptCopy(url);
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error("HTTP " + r.status + " for " + url);
      return r.text();
    });
  }

  function inner(text) {
    return text.replace(/^\s*<\?xml[^>]*\?>/, "");
  }

  /* Promise of the SVG source of what the target shows. */
  function svgSource(d) {
    if (d.svg && !d.overlay) return serialise(d.svg);
    var tile = d.svg ? serialise(d.svg) : fetchText(d.img.currentSrc || d.img.src);
    if (!d.overlay) return tile;
    /* the site's grid overlay has no script copy: from file:// the tile alone, and said so */
    var grid = fromFile ? Promise.resolve(null) : fetchText(d.overlay.currentSrc || d.overlay.src);
    return Promise.all([tile, grid]).then(function (p) {
      if (p[1] === null) {
        d.note = "Saved without the region grid (not readable from file://).";
        return p[0];
      }
      /* the tile and the region grid share the 200 x 200 box the page stacks them in */
      return '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" ' +
        'viewBox="0 0 200 200">' + inner(p[0]) + inner(p[1]) + "</svg>";
    });
  }

  function size(text) {
    var root = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
    var w = parseFloat(root.getAttribute("width"));
    var h = parseFloat(root.getAttribute("height"));
    var box = (root.getAttribute("viewBox") || "").split(/[\s,]+/).map(parseFloat);
    if (!(w > 0) && box.length === 4) w = box[2];
    if (!(h > 0) && box.length === 4) h = box[3];
    return { w: w > 0 ? w : 200, h: h > 0 ? h : 200 };
  }

  function save(blob, name) {
    var url = URL.createObjectURL(blob);
    var a = document.createElement("a");
    a.href = url;
    a.download = name;
    a.hidden = true;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
  }

  function png(text, scale) {
    var s = size(text);
    var k = Math.min(scale, MAX_SIDE / s.w, MAX_SIDE / s.h, Math.sqrt(MAX_PIXELS / (s.w * s.h)));
    var width = Math.max(1, Math.round(s.w * k));
    var height = Math.max(1, Math.round(s.h * k));
    var url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml;charset=utf-8" }));
    return new Promise(function (resolve, reject) {
      var image = new Image();
      image.onload = function () {
        var canvas = document.createElement("canvas");
        canvas.width = width;
        canvas.height = height;
        canvas.getContext("2d").drawImage(image, 0, 0, width, height);
        URL.revokeObjectURL(url);
        canvas.toBlob(function (blob) {
          if (blob) resolve(blob); else reject(new Error("the browser could not encode the PNG"));
        }, "image/png");
      };
      image.onerror = function () {
        URL.revokeObjectURL(url);
        reject(new Error("the browser could not draw this SVG"));
      };
      image.src = url;
    });
  }

  function button(label, title) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.title = title;
    return b;
  }

  function bar(target, compact) {
    var box = document.createElement("span");
    box.className = "tile-downloads";
    box.setAttribute("data-search-exclude", "");
    var svgButton = button("SVG", "Download what is shown as SVG");
    var pngButton = button("PNG", "Download what is shown as PNG");
    svgButton.className = "tile-downloads__svg";
    pngButton.className = "tile-downloads__png";
    var note = document.createElement("span");
    note.className = "tile-downloads__note";
    note.setAttribute("role", "status");
    note.hidden = true;
    var scale = null;
    if (!compact) {
      var label = document.createElement("span");
      label.className = "tile-downloads__label";
      label.textContent = "Download";
      box.appendChild(label);
    }
    box.appendChild(svgButton);
    box.appendChild(pngButton);
    if (!compact) {
      scale = document.createElement("select");
      scale.className = "tile-downloads__scale";
      scale.setAttribute("aria-label", "PNG scale");
      SCALES.forEach(function (k) {
        var option = document.createElement("option");
        option.value = String(k);
        option.textContent = k + "×";
        option.selected = k === DEFAULT_SCALE;
        scale.appendChild(option);
      });
      box.appendChild(scale);
    }
    box.appendChild(note);

    function say(text) {
      note.textContent = text;
      note.hidden = !text;
    }
    /* a card is a link: clicks on the bar must not follow it */
    box.addEventListener("click", function (e) {
      if (e.target !== scale) e.preventDefault();
      e.stopPropagation();
    });
    var d0 = drawing(target);
    if (d0) {
      readable(d0).then(function (ok) {
        if (ok) return;
        pngButton.setAttribute("aria-disabled", "true");
        pngButton.title = FILE_NOTE;
        svgButton.title = d0.img ? "Open the SVG file (save it from the browser)"
          : MAP_FILE_NOTE;
      });
    }
    svgButton.addEventListener("click", function () {
      var d = drawing(target);
      if (!d) return;
      if (fromFile && needsFiles(d) && copiesKnown === false) {
        if (!d.img) {
          say(MAP_FILE_NOTE);
          return;
        }
        /* inside the click, so the browser lets the tab open */
        window.open(d.img.currentSrc || d.img.src, "_blank");
        say("Opened the SVG file in a new tab: save it from there.");
        return;
      }
      say("");
      svgSource(d).then(function (text) {
        save(new Blob([text], { type: "image/svg+xml" }), fileName(target, "svg"));
        say(d.note || "");
      }).catch(function (err) { say("SVG unavailable: " + err.message); });
    });
    pngButton.addEventListener("click", function () {
      var d = drawing(target);
      if (!d) return;
      if (fromFile && needsFiles(d) && copiesKnown === false) {
        say(FILE_NOTE);
        return;
      }
      say("");
      var k = scale ? parseFloat(scale.value) : DEFAULT_SCALE;
      svgSource(d).then(function (text) { return png(text, k); }).then(function (blob) {
        save(blob, fileName(target, "png"));
        say(d.note || "");
      }).catch(function (err) {
        say(fromFile && needsFiles(d) ? FILE_NOTE : "PNG unavailable: " + err.message);
      });
    });
    return box;
  }

  function attach(target, compact, where) {
    if (target.hasAttribute("data-downloads-ready") || !drawing(target)) return;
    target.setAttribute("data-downloads-ready", "");
    var box = bar(target, compact);
    if (where === "before") target.parentNode.insertBefore(box, target);
    else target.appendChild(box);
  }

  function init() {
    if (!document.getElementById("tile-downloads-css")) {
      var style = document.createElement("style");
      style.id = "tile-downloads-css";
      style.textContent = CSS;
      document.head.appendChild(style);
    }
    document.querySelectorAll("figure.tile-figure[data-rotation]").forEach(function (f) {
      if (f.classList.contains("tile-figure--error")) return;
      if (!f.closest("[data-downloads=off]")) attach(f, false, "inside");
    });
    document.querySelectorAll(".tile-card[data-tile]").forEach(function (card) {
      attach(card, true, "inside");
    });
    document.querySelectorAll(".game-map[data-download]").forEach(function (map) {
      attach(map, false, "before");
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
