/* Tile Atlas playground (page side). The drawing is done by our own tile_lang running in Pyodide
   inside a Web Worker (playground-worker.js); this script only moves form values to the worker
   and shows what comes back.

   Safety: the address (?code=…&color=…) is data. Only the known keys are read, each as a string
   into a form control, and the worker hands them to one Python function. A drawing that takes
   longer than DRAW_LIMIT_MS terminates the worker (the tab stays responsive) and a fresh one is
   started. SVG text from Python is shown through <img src="blob:…">, where no script can run. */
(function () {
  "use strict";

  var KEYS = ["code", "color", "layout", "rotation", "name", "scale", "grid", "six", "hex", "tile"];
  var DEFAULTS = {
    code: "city=revenue:20;path=a:0,b:_0;path=a:3,b:_0;label=Y", color: "", layout: "flat",
    rotation: "0", name: "", scale: "2", grid: "0", six: "1", hex: "A1", tile: "X1"
  };
  var MAX_VALUE = 4000;
  var DEBOUNCE_MS = 60;
  var DRAW_LIMIT_MS = 5000;
  var LOAD_LIMIT_MS = 180000;

  function part(root, name) { return root.querySelector('[data-tpg="' + name + '"]'); }
  function control(root, key) { return root.querySelector('[name="' + key + '"]'); }

  function readState(root) {
    var state = {};
    KEYS.forEach(function (key) {
      var el = control(root, key);
      if (!el) { state[key] = DEFAULTS[key]; return; }
      state[key] = el.type === "checkbox" ? (el.checked ? "1" : "0") : String(el.value);
    });
    return state;
  }

  function writeState(root, state) {
    KEYS.forEach(function (key) {
      var el = control(root, key);
      if (!el || !Object.prototype.hasOwnProperty.call(state, key)) return;
      var value = state[key];
      if (el.type === "checkbox") {
        el.checked = ["1", "true", "on", "yes", ""].indexOf(value.toLowerCase()) >= 0;
      } else if (el.tagName === "SELECT") {
        var known = Array.prototype.some.call(el.options, function (o) { return o.value === value; });
        if (known) el.value = value;
      } else {
        el.value = value;
      }
    });
  }

  /* The known keys of the query, as strings; nothing else is looked at. */
  function stateFromURL() {
    var params = new URLSearchParams(window.location.search);
    var state = {};
    KEYS.forEach(function (key) {
      if (params.has(key)) state[key] = String(params.get(key)).slice(0, MAX_VALUE);
    });
    return state;
  }

  function queryFor(state) {
    var params = new URLSearchParams();
    KEYS.forEach(function (key) {
      if (key === "code" || state[key] !== DEFAULTS[key]) params.set(key, state[key]);
    });
    return "?" + params.toString().replace(/\+/g, "%20");
  }

  function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); }

  function element(tag, className, text) {
    var el = document.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined && text !== null) el.textContent = text;
    return el;
  }

  function Playground(root) {
    this.root = root;
    this.config = JSON.parse(part(root, "config").textContent);
    this.worker = null;
    this.ready = false;
    this.seq = 0;
    this.inFlight = null;
    this.pending = false;
    this.timer = null;
    this.debounce = null;
    this.urls = [];
    this.draws = 0;
    this.result = null;
    this.stopped = null;
  }

  Playground.prototype.status = function (stage, text, failed) {
    var bar = part(this.root, "progress");
    if (stage === null) bar.hidden = true; else { bar.hidden = false; bar.value = stage; }
    part(this.root, "status-text").textContent = text;
    this.root.classList.toggle("tpg--failed", Boolean(failed));
  };

  Playground.prototype.start = function () {
    var self = this;
    var initial = stateFromURL();
    writeState(this.root, DEFAULTS);
    writeState(this.root, initial);
    if (window.location.protocol === "file:") {
      part(this.root, "file-notice").hidden = false;
      this.root.classList.add("tpg--file"); /* the controls would do nothing here */
      this.status(null, "This page was opened as a file: see below how to open it.", true);
      this.root.dataset.state = "file";
      return;
    }
    if (typeof Worker === "undefined" || typeof WebAssembly === "undefined") {
      this.status(null, "This browser cannot run the playground (it needs Web Workers and WebAssembly).", true);
      return;
    }
    this.root.addEventListener("input", function () { self.schedule(); });
    this.root.addEventListener("change", function () { self.schedule(); });
    part(this.root, "form").addEventListener("submit", function (e) { e.preventDefault(); });
    part(this.root, "copy-ruby").addEventListener("click", function () { self.copy("ruby", "Ruby"); });
    part(this.root, "copy-yaml").addEventListener("click", function () { self.copy("yaml", "YAML"); });
    this.startWorker();
  };

  Playground.prototype.startWorker = function () {
    var self = this;
    var base = document.baseURI;
    var config = {
      runtime: new URL(this.config.runtime, base).href,
      package: new URL(this.config.package, base).href
    };
    this.ready = false;
    this.loadStart = performance.now();
    this.status(0, "Starting the Python runtime…");
    this.worker = new Worker(new URL(this.config.worker, base).href);
    this.worker.onmessage = function (event) { self.onMessage(event.data || {}); };
    this.worker.onerror = function (event) {
      self.status(null, "The playground could not start: " + (event.message || "worker error"), true);
    };
    clearTimeout(this.loadTimer);
    this.loadTimer = setTimeout(function () {
      if (!self.ready) self.status(null, "The Python runtime did not load within " + LOAD_LIMIT_MS / 1000 + " s (" + self.config.runtime + ").", true);
    }, LOAD_LIMIT_MS);
    this.worker.postMessage({ type: "init", config: config });
  };

  Playground.prototype.onMessage = function (message) {
    if (message.type === "progress") {
      this.status(message.stage, message.text);
    } else if (message.type === "ready") {
      clearTimeout(this.loadTimer);
      this.ready = true;
      this.root.dataset.engine = message.engine;
      this.root.dataset.readyMs = String(Math.round(performance.now() - this.loadStart));
      this.root.dataset.stages = JSON.stringify(message.stages || {});
      if (this.stopped) {
        /* Keep saying why, and do not resend the string that timed out: wait for an edit. */
        this.status(4, this.stopped + " The runtime is ready again: edit the tile string to redraw.", true);
      } else {
        this.status(4, "Ready: tile_lang running on " + message.engine + " in your browser.");
        this.send();
      }
    } else if (message.type === "failed") {
      clearTimeout(this.loadTimer);
      this.status(null, "The playground could not start: " + message.message, true);
      this.root.dataset.state = "failed";
    } else if (message.type === "result") {
      this.onResult(message);
    }
  };

  Playground.prototype.schedule = function () {
    var self = this;
    if (this.stopped) { /* an edit: draw again */
      this.stopped = null;
      if (this.ready) this.status(4, "Ready: tile_lang running on " + this.root.dataset.engine + " in your browser.");
    }
    this.syncURL();
    clearTimeout(this.debounce);
    this.debounce = setTimeout(function () { self.send(); }, DEBOUNCE_MS);
  };

  Playground.prototype.syncURL = function () {
    var query = queryFor(readState(this.root));
    if (query !== window.location.search) {
      window.history.replaceState(null, "", query + window.location.hash);
    }
  };

  Playground.prototype.send = function () {
    var self = this;
    if (!this.ready || this.inFlight) { this.pending = true; return; }
    this.pending = false;
    var id = ++this.seq;
    this.inFlight = { id: id, t0: performance.now() };
    this.worker.postMessage({ type: "draw", id: id, request: JSON.stringify(readState(this.root)) });
    this.timer = setTimeout(function () { self.onTimeout(id); }, DRAW_LIMIT_MS);
  };

  Playground.prototype.onTimeout = function (id) {
    if (!this.inFlight || this.inFlight.id !== id) return;
    this.worker.terminate();
    this.inFlight = null;
    this.pending = false;
    this.root.dataset.timeouts = String(Number(this.root.dataset.timeouts || 0) + 1);
    this.stopped = "Stopped: drawing this tile took longer than " + DRAW_LIMIT_MS / 1000 +
      " s, so the Python runtime was restarted.";
    this.startWorker();
    this.status(null, this.stopped + " Restarting…", true);
  };

  Playground.prototype.onResult = function (message) {
    if (!this.inFlight || message.id !== this.inFlight.id) return;
    clearTimeout(this.timer);
    var roundTrip = performance.now() - this.inFlight.t0;
    this.inFlight = null;
    this.show(JSON.parse(message.json));
    this.draws += 1;
    var root = this.root;
    root.dataset.lastMs = roundTrip.toFixed(1);
    root.dataset.pythonMs = message.ms.toFixed(1);
    if (!root.dataset.firstDrawMs) root.dataset.firstDrawMs = String(Math.round(performance.now()));
    root.dataset.draws = String(this.draws);
    part(root, "timing").textContent = "Drawn in " + Math.round(roundTrip) + " ms (Python " +
      Math.round(message.ms) + " ms) by tile_lang on " + root.dataset.engine + "; runtime ready in " +
      (Number(root.dataset.readyMs) / 1000).toFixed(1) + " s.";
    if (this.pending) this.send();
  };

  Playground.prototype.blobURL = function (svg) {
    var url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
    this.urls.push(url);
    return url;
  };

  Playground.prototype.show = function (result) {
    var root = this.root;
    var old = this.urls;
    this.urls = [];
    this.result = result;
    var img = part(root, "main-img");
    var main = part(root, "main");
    var download = part(root, "download");
    if (result.svg) {
      img.src = this.blobURL(result.svg);
      img.hidden = false;
      main.classList.remove("tpg-main--stale");
      download.href = img.src;
      var name = control(root, "tile").value.replace(/[^A-Za-z0-9_.+-]/g, "") || "tile";
      download.setAttribute("download", name + ".svg");
      download.removeAttribute("aria-disabled");
      old.forEach(function (url) { URL.revokeObjectURL(url); });
    } else {
      main.classList.add("tpg-main--stale"); /* keep the last good drawing, dimmed */
      this.urls = old;
    }
    var box = part(root, "diagnostics");
    clear(box);
    (result.problems || []).forEach(function (text) {
      box.appendChild(element("p", "tpg-problem", text));
    });
    (result.diagnostics || []).forEach(function (d) {
      var pre = element("pre", "tpg-diag tpg-diag--" + (d.severity === "error" ? "error" : "warning"));
      pre.appendChild(element("code", null, d.text));
      box.appendChild(pre);
    });
    root.classList.toggle("tpg--error", (result.diagnostics || []).some(function (d) { return d.severity === "error"; }));
    if (result.svg) {
      part(root, "canonical").textContent = result.canonical === "" ? "(blank tile)" : result.canonical;
      var description = part(root, "description");
      description.hidden = !result.description;
      description.textContent = result.description || "";
      var rows = part(root, "parts");
      clear(rows);
      (result.parts || []).forEach(function (p) {
        var tr = document.createElement("tr");
        var left = element("td"); left.appendChild(element("code", null, p.source));
        var right = element("td"); right.appendChild(element("code", null, p.parsed));
        tr.appendChild(left); tr.appendChild(right);
        rows.appendChild(tr);
      });
      this.showRotations(result.rotations || []);
    }
    part(root, "ruby").textContent = result.ruby || "";
    part(root, "yaml").textContent = result.yaml || "";
  };

  Playground.prototype.showRotations = function (svgs) {
    var self = this;
    var strip = part(this.root, "rotations");
    clear(strip);
    var current = control(this.root, "rotation").value;
    svgs.forEach(function (svg, r) {
      var button = element("button", "tpg-rotation");
      button.type = "button";
      button.setAttribute("aria-pressed", String(String(r) === current));
      button.title = "Show rotation " + r + " large";
      var img = element("img");
      img.src = self.blobURL(svg);
      img.alt = "rotation " + r;
      button.appendChild(img);
      button.appendChild(element("span", null, "rotation " + r));
      button.addEventListener("click", function () {
        control(self.root, "rotation").value = String(r);
        self.schedule();
      });
      strip.appendChild(button);
    });
  };

  Playground.prototype.copy = function (key, label) {
    var text = this.result ? this.result[key] : "";
    var note = part(this.root, "copied");
    function done(ok) { note.textContent = ok ? "Copied " + label + "." : "Select the text below and copy it."; }
    if (!text) { done(false); return; }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { done(true); }, function () {
        part(this.root, "ruby").closest("details").open = true; done(false);
      }.bind(this));
    } else {
      part(this.root, "ruby").closest("details").open = true;
      done(false);
    }
  };

  function init() {
    document.querySelectorAll('[data-tpg="root"]').forEach(function (root) {
      if (root.dataset.started) return;
      root.dataset.started = "1";
      new Playground(root).start();
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
