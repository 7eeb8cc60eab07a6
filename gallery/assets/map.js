/* Tile Atlas map viewer: pan and zoom a game map, a card for the hex under the pointer or the
 * keyboard focus, toggles for coordinates and printed tile numbers.
 *
 * Markup contract (written by the gallery's map page template):
 *   <div class="ta-map" data-ta-map>
 *     <div class="ta-map__toolbar"> buttons with data-ta-map-action="in|out|reset" and
 *       checkboxes with data-ta-map-toggle="coords|numbers" </div>
 *     <div class="ta-map__viewport" tabindex="0"> <svg viewBox=...> ... hex links:
 *       <symbol id data-name data-code data-color data-printed> (a distinct drawing; the facts
 *         of every hex that shows it), and hex links <a class="ta-hex" data-coord><use href="#id"
 *         x y width="200" height="200">: the hex's centre is the use's x, y plus 100
 *     </div>
 *     <div class="ta-map__card" hidden> <span data-ta-card="coord|name|printed|code">
 *       <span data-ta-card-where> </div>
 *   </div>
 * Everything shown in the card is set with textContent: data never becomes markup. Without this
 * script the map is still a complete, linked picture.
 *
 * "Where can this tile go" (optional, inside the same root):
 *   <fieldset data-ta-where hidden> radios name="ta-where-tile" (value: a tile name, "" none)
 *     <script type="application/json" data-ta-where-data> {outline, rows, hexes, tiles}
 *   </fieldset> <p data-ta-where-status> <p data-ta-where-found>
 * Data (gallery/pages/where.py): rows[i] = [[tile, [[rotation, same...], ...]], ...], the
 * placements of each tile that may replace a hex (drawn rotation first, then those with the
 * same picture); hexes[coord] = i; tiles[name] = {img: {rotation: drawing}, why?}. Choosing a
 * tile marks each hex it fits (data-hex, data-can-lay="<rotations>") and dims the rest. The
 * address's ?tile= is only looked up as a key of `tiles`; what it says is shown as text.
 */
(function () {
  "use strict";

  var MIN_ZOOM = 1;
  var MAX_ZOOM = 12;

  function parseBox(svg) {
    var v = (svg.getAttribute("viewBox") || "0 0 100 100").split(/[\s,]+/).map(Number);
    return { x: v[0], y: v[1], w: v[2], h: v[3] };
  }

  function Viewer(root) {
    this.root = root;
    this.viewport = root.querySelector(".ta-map__viewport");
    this.svg = this.viewport.querySelector("svg");
    this.card = root.querySelector(".ta-map__card");
    this.home = parseBox(this.svg);
    this.box = { x: this.home.x, y: this.home.y, w: this.home.w, h: this.home.h };
    this.pointers = {};
    this.pinch = null;
    this.drag = null;
    this.hexes = Array.prototype.slice.call(this.svg.querySelectorAll(".ta-hex"));
    this.bind();
    this.apply();
    this.legible();
    var data = root.querySelector("script[data-ta-where-data]");
    this.where = data ? new Where(this, JSON.parse(data.textContent)) : null;
  }

  /* Start zoomed in far enough that place names are at least MIN_NAME_PX tall on screen (a
   * big map shrunk to the page width would make them unreadable), centred on the map. */
  var MIN_NAME_PX = 11;
  Viewer.prototype.legible = function () {
    var units = Number(this.svg.getAttribute("data-name-units")) || 16;
    var width = this.svg.getBoundingClientRect().width;
    if (!width) return;
    var needed = (MIN_NAME_PX / units) * this.home.w / width;
    if (needed > 1) {
      this.zoomBy(Math.min(needed, MAX_ZOOM), 0.5, 0.5);
      this.box.x = this.home.x;
      this.box.y = this.home.y;
      this.clamp();
      this.apply();
    }
    this.start = { x: this.box.x, y: this.box.y, w: this.box.w, h: this.box.h };
  };

  Viewer.prototype.zoom = function () {
    return this.home.w / this.box.w;
  };

  Viewer.prototype.apply = function () {
    var b = this.box;
    this.svg.setAttribute("viewBox", [b.x, b.y, b.w, b.h].map(function (n) {
      return Math.round(n * 100) / 100;
    }).join(" "));
    this.root.setAttribute("data-zoom", this.zoom().toFixed(2));
  };

  /* Keep at least a quarter of the map in view, so it can never be lost off-screen. */
  Viewer.prototype.clamp = function () {
    var b = this.box, h = this.home;
    var marginX = b.w * 0.75, marginY = b.h * 0.75;
    b.x = Math.min(Math.max(b.x, h.x - marginX), h.x + h.w - b.w + marginX);
    b.y = Math.min(Math.max(b.y, h.y - marginY), h.y + h.h - b.h + marginY);
  };

  /* Zoom by `factor` keeping the map point under (fx, fy) (fractions of the view) still. */
  Viewer.prototype.zoomBy = function (factor, fx, fy) {
    var z = Math.min(Math.max(this.zoom() * factor, MIN_ZOOM), MAX_ZOOM);
    var b = this.box;
    var w = this.home.w / z, h = this.home.h / z;
    fx = fx === undefined ? 0.5 : fx;
    fy = fy === undefined ? 0.5 : fy;
    b.x += (b.w - w) * fx;
    b.y += (b.h - h) * fy;
    b.w = w;
    b.h = h;
    this.clamp();
    this.apply();
  };

  Viewer.prototype.panBy = function (dxFraction, dyFraction) {
    this.box.x += this.box.w * dxFraction;
    this.box.y += this.box.h * dyFraction;
    this.clamp();
    this.apply();
  };

  /* Back to the starting view (the legible zoom, or the whole map when it fits). */
  Viewer.prototype.reset = function () {
    var s = this.start || this.home;
    this.box = { x: s.x, y: s.y, w: s.w, h: s.h };
    this.apply();
  };

  Viewer.prototype.fraction = function (event) {
    var r = this.svg.getBoundingClientRect();
    return {
      x: r.width ? (event.clientX - r.left) / r.width : 0.5,
      y: r.height ? (event.clientY - r.top) / r.height : 0.5,
    };
  };

  Viewer.prototype.showCard = function (hex) {
    if (!this.card) return;
    if (!hex) {
      this.card.hidden = true;
      if (this.where) this.where.describe(null);
      return;
    }
    var fields = this.card.querySelectorAll("[data-ta-card]");
    for (var i = 0; i < fields.length; i++) {
      var key = fields[i].getAttribute("data-ta-card");
      var value = this.fact(hex, key);
      fields[i].textContent = value;
      fields[i].hidden = value === "";
    }
    if (this.where) this.where.describe(hex);
    this.card.hidden = false;
    this.placeCard(hex);
  };

  /* The card sits at the right of the map, or at its left when the hex is on the right half
     (the card would hide the hex, and the tile drawn on it). */
  Viewer.prototype.placeCard = function (hex) {
    var view = this.viewport.getBoundingClientRect();
    var at = hex.getBoundingClientRect();
    var right = at.left + at.width / 2 > view.left + view.width / 2;
    this.card.classList.toggle("ta-map__card--left", right);
  };

  /* What the card says of a hex: its coordinate from the link, the rest from its drawing's
     symbol (the same for every hex that shows it). */
  Viewer.prototype.fact = function (hex, key) {
    if (key === "coord") return hex.getAttribute("data-coord") || "";
    var use = hex.querySelector("use");
    var id = use ? (use.getAttribute("href") || "").replace(/^#/, "") : "";
    var symbol = id ? this.svg.querySelector('symbol[id="' + id.replace(/"/g, "") + '"]') : null;
    return (symbol && symbol.getAttribute("data-" + key)) || "";
  };

  /* A hex's centre in map units (`centre` below). */
  function centre(hex) {
    var use = hex.querySelector("use");
    if (!use) return { x: 0, y: 0 };
    return { x: Number(use.getAttribute("x")) + 100, y: Number(use.getAttribute("y")) + 100 };
  }

  /* The hex whose centre lies closest to the direction (dx, dy) from `hex`. */
  Viewer.prototype.neighbour = function (hex, dx, dy) {
    var c0 = centre(hex), x0 = c0.x, y0 = c0.y;
    var best = null, bestScore = Infinity;
    for (var i = 0; i < this.hexes.length; i++) {
      var other = this.hexes[i];
      if (other === hex) continue;
      var c = centre(other);
      var vx = c.x - x0;
      var vy = c.y - y0;
      var along = vx * dx + vy * dy;
      if (along <= 1) continue;
      var across = Math.abs(vx * dy - vy * dx);
      var score = along + 2 * across;
      if (across <= along * 1.8 && score < bestScore) {
        best = other;
        bestScore = score;
      }
    }
    return best;
  };

  /* Bring a focused hex into view when it lies outside the current box. */
  Viewer.prototype.reveal = function (hex) {
    var c = centre(hex), x = c.x, y = c.y;
    var b = this.box;
    if (x < b.x + 100 || x > b.x + b.w - 100 || y < b.y + 100 || y > b.y + b.h - 100) {
      b.x = x - b.w / 2;
      b.y = y - b.h / 2;
      this.clamp();
      this.apply();
    }
  };

  Viewer.prototype.bind = function () {
    var self = this;
    var vp = this.viewport;

    this.root.addEventListener("click", function (e) {
      var button = e.target.closest ? e.target.closest("[data-ta-map-action]") : null;
      if (!button) return;
      var action = button.getAttribute("data-ta-map-action");
      if (action === "in") self.zoomBy(1.5);
      else if (action === "out") self.zoomBy(1 / 1.5);
      else if (action === "reset") self.reset();
    });

    this.root.addEventListener("change", function (e) {
      var name = e.target.getAttribute && e.target.getAttribute("data-ta-map-toggle");
      if (name === "coords" || name === "numbers") {
        self.root.classList.toggle("ta-map--hide-" + name, !e.target.checked);
      }
    });

    vp.addEventListener("wheel", function (e) {
      e.preventDefault();
      var f = self.fraction(e);
      self.zoomBy(e.deltaY < 0 ? 1.2 : 1 / 1.2, f.x, f.y);
    }, { passive: false });

    vp.addEventListener("pointerdown", function (e) {
      self.pointers[e.pointerId] = { x: e.clientX, y: e.clientY };
      var ids = Object.keys(self.pointers);
      if (ids.length === 2) {
        var a = self.pointers[ids[0]], b = self.pointers[ids[1]];
        self.pinch = Math.hypot(a.x - b.x, a.y - b.y);
        self.drag = null;
      } else if (ids.length === 1) {
        self.drag = { x: e.clientX, y: e.clientY, moved: false };
      }
    });

    vp.addEventListener("pointermove", function (e) {
      if (!self.pointers[e.pointerId]) return;
      self.pointers[e.pointerId] = { x: e.clientX, y: e.clientY };
      var ids = Object.keys(self.pointers);
      if (ids.length === 2 && self.pinch) {
        var a = self.pointers[ids[0]], b = self.pointers[ids[1]];
        var d = Math.hypot(a.x - b.x, a.y - b.y);
        var mid = self.fraction({ clientX: (a.x + b.x) / 2, clientY: (a.y + b.y) / 2 });
        if (d > 0) self.zoomBy(d / self.pinch, mid.x, mid.y);
        self.pinch = d;
      } else if (self.drag) {
        var r = self.svg.getBoundingClientRect();
        var dx = e.clientX - self.drag.x, dy = e.clientY - self.drag.y;
        if (Math.abs(dx) + Math.abs(dy) > 4) self.drag.moved = true;
        if (self.drag.moved && r.width && r.height) {
          self.panBy(-dx / r.width, -dy / r.height);
          self.drag.x = e.clientX;
          self.drag.y = e.clientY;
        }
      }
    });

    function release(e) {
      delete self.pointers[e.pointerId];
      if (Object.keys(self.pointers).length < 2) self.pinch = null;
    }
    vp.addEventListener("pointerup", release);
    vp.addEventListener("pointercancel", release);

    /* A drag that moved must not also follow the hex link under the pointer. */
    vp.addEventListener("click", function (e) {
      if (self.drag && self.drag.moved) {
        e.preventDefault();
        e.stopPropagation();
      }
      self.drag = null;
    }, true);

    vp.addEventListener("keydown", function (e) {
      var hex = e.target.closest ? e.target.closest(".ta-hex") : null;
      var dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      var dir = dirs[e.key];
      if (dir && hex) {
        var next = self.neighbour(hex, dir[0], dir[1]);
        if (next) {
          e.preventDefault();
          next.focus();
        }
        return;
      }
      if (dir) {
        e.preventDefault();
        self.panBy(dir[0] * 0.15, dir[1] * 0.15);
      } else if (e.key === "+" || e.key === "=") {
        e.preventDefault();
        self.zoomBy(1.5);
      } else if (e.key === "-" || e.key === "_") {
        e.preventDefault();
        self.zoomBy(1 / 1.5);
      } else if (e.key === "0") {
        e.preventDefault();
        self.reset();
      }
    });

    this.svg.addEventListener("pointerover", function (e) {
      var hex = e.target.closest ? e.target.closest(".ta-hex") : null;
      if (hex) self.showCard(hex);
    });
    this.svg.addEventListener("pointerleave", function () {
      var active = document.activeElement;
      self.showCard(active && active.closest && active.closest(".ta-hex"));
    });
    this.svg.addEventListener("focusin", function (e) {
      var hex = e.target.closest ? e.target.closest(".ta-hex") : null;
      if (hex) {
        self.showCard(hex);
        self.reveal(hex);
      }
    });
    this.svg.addEventListener("focusout", function () {
      self.showCard(null);
    });
  };

  /* ---- Where can this tile go ---- */

  var SVG_NS = "http://www.w3.org/2000/svg";
  /* At most this many coordinates are listed under the status (a big map's blank hexes). */
  var MAX_LISTED = 24;
  /* A name longer than any tile's is not echoed whole. */
  var MAX_NAME = 40;

  function own(object, key) {
    return Object.prototype.hasOwnProperty.call(object, key);
  }

  function svgElement(name, attributes) {
    var el = document.createElementNS(SVG_NS, name);
    for (var key in attributes) {
      if (own(attributes, key)) el.setAttribute(key, attributes[key]);
    }
    return el;
  }

  /* Fill `el` with `parts`: strings as text, [name] (a name from data or the address) as
     text in its own <bdi>, so a right-to-left or control character in it stays inside. */
  function say(el, parts) {
    el.textContent = "";
    for (var i = 0; i < parts.length; i++) {
      if (typeof parts[i] === "string") {
        el.appendChild(document.createTextNode(parts[i]));
      } else {
        var bdi = document.createElement("bdi");
        bdi.textContent = parts[i][0];
        el.appendChild(bdi);
      }
    }
  }

  function plural(n) {
    return n === 1 ? "1 hex" : n + " hexes";
  }

  function Where(viewer, data) {
    this.viewer = viewer;
    this.data = data;
    this.tile = null;
    this.marked = {};
    this.turns = {};
    this.labels = {};
    this.byCoord = {};
    var root = viewer.root;
    for (var i = 0; i < viewer.hexes.length; i++) {
      var hex = viewer.hexes[i];
      this.byCoord[hex.getAttribute("data-coord")] = hex;
    }
    this.form = root.querySelector("[data-ta-where]");
    this.status = root.querySelector("[data-ta-where-status]");
    this.found = root.querySelector("[data-ta-where-found]");
    this.cardWhere = root.querySelector("[data-ta-card-where]");
    this.marks = svgElement("g", { "class": "ta-map__marks", "aria-hidden": "true" });
    this.ghost = svgElement("g", { "class": "ta-map__ghost", "aria-hidden": "true" });
    viewer.svg.appendChild(this.marks);
    viewer.svg.appendChild(this.ghost);
    this.bind();
    if (this.form) this.form.hidden = false;
    this.choose(this.asked(), false);
  }

  /* The tile the address asks for (`?tile=57`), or null. */
  Where.prototype.asked = function () {
    var value = null;
    try {
      value = new URLSearchParams(window.location.search).get("tile");
    } catch (e) {
      value = null;
    }
    return value ? value : null;
  };

  /* A hex's placements of `tile` ([[rotation, same...], ...]), or null. */
  Where.prototype.placements = function (coord, tile) {
    if (!own(this.data.hexes, coord)) return null;
    var row = this.data.rows[this.data.hexes[coord]] || [];
    for (var i = 0; i < row.length; i++) {
      if (row[i][0] === tile) return row[i][1];
    }
    return null;
  };

  /* Map order for people: letters, then the number (B6, B8, B10, C3). */
  function byCoordinate(a, b) {
    var ma = /^([A-Za-z]*)(\d*)(.*)$/.exec(a), mb = /^([A-Za-z]*)(\d*)(.*)$/.exec(b);
    if (ma[1].length !== mb[1].length) return ma[1].length - mb[1].length;
    if (ma[1] !== mb[1]) return ma[1] < mb[1] ? -1 : 1;
    if (ma[2] !== mb[2]) return Number(ma[2]) - Number(mb[2]);
    return ma[3] < mb[3] ? -1 : ma[3] > mb[3] ? 1 : 0;
  }

  function rotations(placements) {
    var all = [];
    for (var i = 0; i < placements.length; i++) all = all.concat(placements[i]);
    return all.sort(function (a, b) { return a - b; });
  }

  Where.prototype.clear = function () {
    for (var coord in this.marked) {
      if (!own(this.marked, coord)) continue;
      var hex = this.byCoord[coord];
      hex.removeAttribute("data-hex");
      hex.removeAttribute("data-can-lay");
      hex.classList.remove("ta-hex--can-lay");
      hex.setAttribute("aria-label", this.labels[coord]);
    }
    this.marked = {};
    this.turns = {};
    while (this.marks.firstChild) this.marks.removeChild(this.marks.firstChild);
    this.viewer.root.classList.remove("ta-map--choosing");
    this.found.hidden = true;
    this.found.textContent = "";
  };

  /* Mark every hex `tile` fits; `fromUser`: the choice came from the picker (the address then
     follows it, so the view can be shared). */
  Where.prototype.choose = function (tile, fromUser) {
    this.clear();
    this.tile = null;
    this.sync(tile);
    if (fromUser) this.remember(tile);
    if (tile === null || tile === "") {
      this.status.textContent = fromUser ? "No tile chosen." : "";
      return;
    }
    if (!own(this.data.tiles, tile)) {
      var shown = tile.length > MAX_NAME ? tile.slice(0, MAX_NAME) + "\u2026" : tile;
      say(this.status, ["This game has no tile \u201c", [shown], "\u201d."]);
      this.sync(null);
      return;
    }
    this.tile = tile;
    var coords = [];
    for (var coord in this.data.hexes) {
      if (own(this.data.hexes, coord) && own(this.byCoord, coord)) {
        var placements = this.placements(coord, tile);
        if (placements) {
          this.mark(coord, placements);
          coords.push(coord);
        }
      }
    }
    this.viewer.root.classList.add("ta-map--choosing");
    /* the framed hexes in view: at once from the address; from the picker only when none is
       in view already (the reader's own zoom is kept where it shows some) */
    if (coords.length && (!fromUser || !this.inView(coords))) this.fit(coords);
    var why = this.data.tiles[tile].why;
    say(this.status, coords.length
      ? ["Tile ", [tile], " can go on " + plural(coords.length) + "."]
      : ["Tile ", [tile], " can go on no hex of the starting map. " + (why || "")]);
    this.list(coords.sort(byCoordinate));
  };

  Where.prototype.mark = function (coord, placements) {
    var hex = this.byCoord[coord];
    var rots = rotations(placements);
    this.marked[coord] = placements;
    if (!own(this.labels, coord)) this.labels[coord] = hex.getAttribute("aria-label") || coord;
    hex.setAttribute("data-hex", coord);
    hex.setAttribute("data-can-lay", rots.join(" "));
    hex.classList.add("ta-hex--can-lay");
    hex.setAttribute("aria-label", this.labels[coord] + " Tile " + this.tile + " may go here" +
      (rots.length === 1 ? " at rotation " : " at rotations ") + rots.join(", ") + ".");
    var c = centre(hex);
    var at = "translate(" + c.x + " " + c.y + ")";
    this.marks.appendChild(svgElement("polygon", {
      "class": "ta-map__mark", points: this.data.outline, transform: at,
    }));
  };

  /* The view that shows every hex of `coords` (as close as the zoom limits allow). */
  Where.prototype.fit = function (coords) {
    var v = this.viewer;
    var minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (var i = 0; i < coords.length; i++) {
      var c = centre(this.byCoord[coords[i]]);
      minX = Math.min(minX, c.x - 100);
      minY = Math.min(minY, c.y - 100);
      maxX = Math.max(maxX, c.x + 100);
      maxY = Math.max(maxY, c.y + 100);
    }
    var z = Math.min(v.home.w / (maxX - minX), v.home.h / (maxY - minY));
    z = Math.min(Math.max(z, MIN_ZOOM), MAX_ZOOM);
    var w = v.home.w / z, h = v.home.h / z;
    v.box = { x: (minX + maxX - w) / 2, y: (minY + maxY - h) / 2, w: w, h: h };
    v.clamp();
    v.apply();
  };

  Where.prototype.inView = function (coords) {
    var b = this.viewer.box;
    for (var i = 0; i < coords.length; i++) {
      var c = centre(this.byCoord[coords[i]]);
      if (c.x > b.x && c.x < b.x + b.w && c.y > b.y && c.y < b.y + b.h) return true;
    }
    return false;
  };

  /* The marked hexes' coordinates as buttons that bring each into view and focus, and one
     that shows them all. */
  Where.prototype.list = function (coords) {
    if (!coords.length) return;
    var all = document.createElement("button");
    all.type = "button";
    all.textContent = coords.length === 1 ? "Show it on the map" : "Show all " + coords.length;
    all.setAttribute("data-ta-where-fit", "");
    this.found.appendChild(all);
    this.found.appendChild(document.createTextNode(" Hexes: "));
    for (var i = 0; i < coords.length && i < MAX_LISTED; i++) {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = coords[i];
      button.setAttribute("data-ta-where-hex", coords[i]);
      this.found.appendChild(button);
      this.found.appendChild(document.createTextNode(" "));
    }
    if (coords.length > MAX_LISTED) {
      this.found.appendChild(document.createTextNode("and " + (coords.length - MAX_LISTED) +
        " more (framed on the map)."));
    }
    this.found.hidden = false;
  };

  /* The picker shows the chosen tile (from the address: a name the picker lacks leaves None). */
  Where.prototype.sync = function (tile) {
    if (!this.form) return;
    var radios = this.form.querySelectorAll('input[name="ta-where-tile"]');
    for (var i = 0; i < radios.length; i++) {
      radios[i].checked = radios[i].value === (tile || "");
    }
  };

  Where.prototype.remember = function (tile) {
    try {
      var url = new URL(window.location.href);
      if (tile) url.searchParams.set("tile", tile);
      else url.searchParams.delete("tile");
      window.history.replaceState(window.history.state, "", url.href);
    } catch (e) {
      /* a page opened from file:// may refuse: the choice still stands */
    }
  };

  /* The card's words for `hex` and, on a marked hex, the chosen tile drawn on it. */
  Where.prototype.describe = function (hex) {
    this.drawGhost(null);
    if (!this.cardWhere) return;
    this.cardWhere.textContent = "";
    this.cardWhere.hidden = !hex;
    if (!hex) return;
    var coord = hex.getAttribute("data-coord");
    var placements = this.tile ? this.marked[coord] : null;
    if (placements) {
      this.drawGhost(hex);
      this.showPlacements(coord, placements);
    }
    var row = own(this.data.hexes, coord) ? this.data.rows[this.data.hexes[coord]] : [];
    var p = document.createElement("span");
    p.className = "ta-map__card-upgrades";
    var parts = row.length ? ["May become: "] : ["No tile may replace it on the starting map."];
    for (var i = 0; i < row.length; i++) {
      if (i) parts.push(", ");
      parts.push([row[i][0]]);
    }
    say(p, parts);
    this.cardWhere.appendChild(p);
  };

  /* "Tile 57 here:" and a drawing of each legal placement, the one on the map first framed. */
  Where.prototype.showPlacements = function (coord, placements) {
    var images = this.data.tiles[this.tile].img || {};
    var shown = (this.turns[coord] || 0) % placements.length;
    var head = document.createElement("span");
    head.className = "ta-map__card-head";
    say(head, ["Tile ", [this.tile], " here" +
      (placements.length > 1 ? " (R: next rotation)" : "") + ":"]);
    this.cardWhere.appendChild(head);
    var strip = document.createElement("span");
    strip.className = "ta-map__card-placements";
    for (var i = 0; i < placements.length; i++) {
      var figure = document.createElement("span");
      figure.className = "ta-map__card-placement" + (i === shown ? " is-shown" : "");
      var img = document.createElement("img");
      img.src = images[String(placements[i][0])] || "";
      img.alt = "";
      img.width = 56;
      img.height = 56;
      var caption = document.createElement("span");
      caption.textContent = "rotation " + placements[i].join(", ");
      figure.appendChild(img);
      figure.appendChild(caption);
      strip.appendChild(figure);
    }
    this.cardWhere.appendChild(strip);
  };

  /* The chosen tile drawn over `hex` at its shown placement (null: none drawn). */
  Where.prototype.drawGhost = function (hex) {
    while (this.ghost.firstChild) this.ghost.removeChild(this.ghost.firstChild);
    if (!hex || !this.tile) return;
    var coord = hex.getAttribute("data-coord");
    var placements = this.marked[coord];
    if (!placements) return;
    var rotation = placements[(this.turns[coord] || 0) % placements.length][0];
    var href = (this.data.tiles[this.tile].img || {})[String(rotation)];
    var c = centre(hex);
    if (href) {
      this.ghost.appendChild(svgElement("image", {
        href: href, x: c.x - 100, y: c.y - 100, width: 200, height: 200,
      }));
    }
    this.ghost.appendChild(svgElement("polygon", {
      "class": "ta-map__mark ta-map__mark--shown", points: this.data.outline,
      transform: "translate(" + c.x + " " + c.y + ")",
    }));
  };

  Where.prototype.turn = function (hex) {
    var coord = hex.getAttribute("data-coord");
    var placements = this.marked[coord];
    if (!placements || placements.length < 2) return false;
    this.turns[coord] = ((this.turns[coord] || 0) + 1) % placements.length;
    this.viewer.showCard(hex);
    return true;
  };

  Where.prototype.bind = function () {
    var self = this;
    if (this.form) {
      this.form.addEventListener("change", function (e) {
        if (e.target.name === "ta-where-tile") self.choose(e.target.value || null, true);
      });
    }
    this.found.addEventListener("click", function (e) {
      if (e.target.closest && e.target.closest("[data-ta-where-fit]")) {
        self.fit(Object.keys(self.marked));
        return;
      }
      var button = e.target.closest ? e.target.closest("[data-ta-where-hex]") : null;
      var hex = button ? self.byCoord[button.getAttribute("data-ta-where-hex")] : null;
      if (hex) hex.focus();
    });
    this.viewer.svg.addEventListener("keydown", function (e) {
      var hex = e.target.closest ? e.target.closest(".ta-hex") : null;
      if (hex && (e.key === "r" || e.key === "R") && !e.ctrlKey && !e.metaKey && !e.altKey) {
        if (self.turn(hex)) e.preventDefault();
      }
    });
    /* hovering a marked hex: R turns the tile under the pointer */
    document.addEventListener("keydown", function (e) {
      if (e.key !== "r" && e.key !== "R") return;
      if (e.ctrlKey || e.metaKey || e.altKey || self.viewer.svg.contains(e.target)) return;
      var tag = e.target.tagName;
      if (tag === "INPUT" || tag === "TEXTAREA" || e.target.isContentEditable) return;
      var hovered = self.viewer.svg.querySelector(".ta-hex:hover");
      if (hovered && self.turn(hovered)) e.preventDefault();
    });
  };

  function init() {
    var maps = document.querySelectorAll("[data-ta-map]");
    for (var i = 0; i < maps.length; i++) {
      if (!maps[i].taViewer) maps[i].taViewer = new Viewer(maps[i]);
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
  /* mkdocs-material's instant navigation swaps pages without a reload. */
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(init);
})();
