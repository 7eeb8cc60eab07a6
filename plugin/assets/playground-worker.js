/* Tile Atlas playground worker: runs our own tile_lang in Pyodide, off the page's thread, so a
   slow drawing can be stopped (the page terminates this worker) without freezing the tab.

   It loads Pyodide from the runtime address the page passes (the CDN, or the site's own copy),
   unpacks the site's zip of tile_lang + plugin/playground_api.py, and then answers
   draw requests by calling exactly one function, playground_api.run(JSON string). No text from
   the page or its address is ever evaluated: requests are data handed to that function. */
"use strict";

var api = null;

function progress(stage, text) {
  self.postMessage({ type: "progress", stage: stage, text: text });
}

function start(config) {
  var t0 = performance.now();
  progress(1, "Downloading the Python runtime…");
  /* Our package downloads while the runtime starts. */
  var packageBytes = fetch(config.package).then(function (response) {
    if (!response.ok) throw new Error("could not load " + config.package + " (HTTP " + response.status + ")");
    return response.arrayBuffer();
  });
  importScripts(config.runtime + "pyodide.js");
  /* global loadPyodide */
  return loadPyodide({ indexURL: config.runtime })
    .then(function (pyodide) {
      var t1 = performance.now();
      progress(2, "Loading tile_lang…");
      return packageBytes.then(function (buffer) {
        pyodide.unpackArchive(buffer, "zip", { extractDir: "/tile-atlas" });
        pyodide.pyimport("sys").path.insert(0, "/tile-atlas");
        api = pyodide.pyimport("plugin.playground_api");
        var t2 = performance.now();
        progress(3, "Warming up…");
        var warm = JSON.parse(api.run(JSON.stringify({ code: "path=a:0,b:3", six: "0" })));
        var t3 = performance.now();
        self.postMessage({
          type: "ready", engine: warm.engine, ms: t3 - t0,
          stages: { runtime: t1 - t0, "import": t2 - t1, warm: t3 - t2 }
        });
      });
    });
}

self.onmessage = function (event) {
  var message = event.data || {};
  if (message.type === "init") {
    try {
      start(message.config).catch(function (error) {
        self.postMessage({ type: "failed", message: String(error && error.message || error) });
      });
    } catch (error) {
      self.postMessage({ type: "failed", message: String(error && error.message || error) });
    }
  } else if (message.type === "draw" && api !== null && typeof message.request === "string") {
    var t0 = performance.now();
    var json = api.run(message.request);
    self.postMessage({ type: "result", id: message.id, json: json, ms: performance.now() - t0 });
  }
};
