/* Tile Atlas: keyboard access to what scrolls. mkdocs-material wraps every table in a
   scrolling box; a wide table (a board game's property list on a narrow window) then scrolls
   sideways, and a box with nothing focusable inside cannot be scrolled from the keyboard
   (WCAG 2.1.1). Each box that actually overflows becomes a focusable region named after the
   nearest heading above it; boxes that fit are left alone, so Tab never stops on them. */
(function () {
  "use strict";

  function headingBefore(node) {
    var headings = document.querySelectorAll(".md-typeset h1, .md-typeset h2, .md-typeset h3");
    var found = null;
    for (var i = 0; i < headings.length; i++) {
      if (headings[i].compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) {
        found = headings[i];
      }
    }
    return found;
  }

  function markScrollers() {
    var boxes = document.querySelectorAll(".md-typeset__scrollwrap, .md-typeset__table");
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i];
      var overflows = box.scrollWidth > box.clientWidth + 1;
      if (overflows && !box.hasAttribute("tabindex")) {
        var heading = headingBefore(box);
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", "Table" +
          (heading ? ": " + heading.textContent.replace(/\s*¶\s*$/, "").trim() : "") +
          " (scrolls sideways)");
        box.setAttribute("data-ta-scroller", "");
      } else if (!overflows && box.hasAttribute("data-ta-scroller")) {
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
        box.removeAttribute("data-ta-scroller");
      }
    }
  }

  function init() {
    markScrollers();
    window.addEventListener("resize", markScrollers);
  }

  // Material wraps the tables from its own script, which runs before ours; `load` also covers
  // pages whose images change the layout.
  if (document.readyState === "complete") init();
  else window.addEventListener("load", init);
})();
