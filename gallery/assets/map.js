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
 *     <div class="ta-map__card" hidden> <span data-ta-card="coord|name|printed|code"> </div>
 *   </div>
 * Everything shown in the card is set with textContent: data never becomes markup. Nothing is
 * read from the URL. Without this script the map is still a complete, linked picture.
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
      return;
    }
    var fields = this.card.querySelectorAll("[data-ta-card]");
    for (var i = 0; i < fields.length; i++) {
      var key = fields[i].getAttribute("data-ta-card");
      var value = this.fact(hex, key);
      fields[i].textContent = value;
      fields[i].hidden = value === "";
    }
    this.card.hidden = false;
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

  /* A hex's centre in map units. */
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
