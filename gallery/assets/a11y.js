/* Tile Atlas: keyboard shortcuts past long navigation, and keyboard access to what scrolls.

   "Skip to ..." links ([data-ta-skip]) are written at the top of a page's content, after the
   theme's navigation (dozens of Tab stops on a game page); they are moved right after the
   theme's own "Skip to content" link, so they are the second Tab stop of the page, and
   following one puts the focus on the first control of its target (the tile filter).

   Scrolling boxes: mkdocs-material wraps every table in a
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

  function firstControl(target) {
    if (target.matches("input, select, textarea, button, a[href]")) return target;
    return target.querySelector("input:not([type=hidden]), select, textarea, button, a[href]");
  }

  function moveSkipLinks() {
    var anchor = document.querySelector(".md-skip");
    var links = document.querySelectorAll("a[data-ta-skip]");
    for (var i = links.length - 1; i >= 0; i--) {
      var link = links[i];
      if (anchor && anchor.parentNode && !link.classList.contains("ta-skip--top")) {
        anchor.parentNode.insertBefore(link, anchor.nextSibling);
        link.classList.add("ta-skip--top");
      }
      link.addEventListener("click", function (event) {
        var id = this.getAttribute("href").slice(1);
        var target = document.getElementById(id);
        var control = target && firstControl(target);
        if (!control) return;
        event.preventDefault();
        control.focus();
        if (history.replaceState) history.replaceState(null, "", "#" + id);
      });
    }
  }

  function init() {
    markScrollers();
    window.addEventListener("resize", markScrollers);
  }

  // Material wraps the tables from its own script, which runs before ours; `load` also covers
  // pages whose images change the layout.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", moveSkipLinks);
  else moveSkipLinks();
  if (document.readyState === "complete") init();
  else window.addEventListener("load", init);
})();
