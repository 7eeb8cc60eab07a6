/* Tile Atlas: Web Workers for pages opened from file://.
   Chromium refuses `new Worker(url)` for file:// pages, so mkdocs-material's search would not
   start in an unzipped offline bundle (its offline plugin would otherwise load a shim from the
   network). This replacement runs the worker script in a hidden iframe (worker-frame.html) and
   carries messages both ways. Over http(s) it does nothing. Written for Tile Atlas. */
(function () {
  "use strict";
  if (location.protocol !== "file:" || typeof EventTarget !== "function") return;
  var script = document.currentScript && document.currentScript.src;
  if (!script) return;
  var frameUrl = script.replace(/[^/]*$/, "worker-frame.html");

  class FrameWorker extends EventTarget {
    constructor(url) {
      super();
      var worker = this;
      this.onmessage = null;
      this.onerror = null;
      this._queue = [];
      this._ready = false;
      var target = new URL(String(url), location.href).href;
      var frame = document.createElement("iframe");
      frame.setAttribute("aria-hidden", "true");
      frame.setAttribute("tabindex", "-1");
      frame.style.cssText = "display:none";
      frame.src = frameUrl + "#" + encodeURIComponent(target);
      this._frame = frame;
      this._listener = function (event) {
        if (event.source !== frame.contentWindow) return;
        var data = event.data || {};
        if (data.tileAtlasWorker === "ready") {
          worker._ready = true;
          worker._queue.splice(0).forEach(function (m) { worker.postMessage(m); });
        } else if (data.tileAtlasWorker === "message") {
          var message = new MessageEvent("message", { data: data.payload });
          if (typeof worker.onmessage === "function") worker.onmessage(message);
          worker.dispatchEvent(message);
        } else if (data.tileAtlasWorker === "error") {
          var error = new ErrorEvent("error", { message: String(data.payload) });
          if (typeof worker.onerror === "function") worker.onerror(error);
          worker.dispatchEvent(error);
        }
      };
      window.addEventListener("message", this._listener);
      (document.body || document.documentElement).appendChild(frame);
    }

    postMessage(message) {
      if (!this._ready) { this._queue.push(message); return; }
      this._frame.contentWindow.postMessage(message, "*");
    }

    terminate() {
      window.removeEventListener("message", this._listener);
      this._frame.remove();
    }
  }

  window.Worker = FrameWorker;
})();
