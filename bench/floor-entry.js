// The floor page's only script (bench/lighthouse-floor.ts): the React, ReactDOM and React Router the site
// ships, hydrating the home page's own HTML as a single element, with none of Argine's code, as the site's
// entry does it (startTransition, hydrateRoot). Built for the browser by rolldown, never run by Node;
// JavaScript because the bench compiles for Node, without the DOM's types.
import { createElement as h, StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { BrowserRouter, Route, Routes } from "react-router";

const root = document.getElementById("root");
if (root) {
  // The page's markup, as the server wrote it: React takes the element over without touching what is inside.
  const html = root.firstElementChild?.innerHTML ?? "";
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup the page already holds, put back as it was
  const page = h("div", { dangerouslySetInnerHTML: { __html: html } });
  startTransition(() => {
    hydrateRoot(
      root,
      h(StrictMode, null, h(BrowserRouter, null, h(Routes, null, h(Route, { path: "*", element: page })))),
    );
  });
}
