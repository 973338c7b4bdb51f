// The page's address holds the scenario (docs/scenarios.md): in the fragment, or in the query
// string of an older or hand-written link. It is read at start and whenever it changes under the
// page (the reader edits it, Back, Forward); otherwise the page only writes it.

/** The scenario text of an address: the fragment if it has one, else the query string. */
export function scenarioTextOf(location: { hash: string; search: string }): string {
  const hash = location.hash.replace(/^#/, "");
  return hash !== "" ? hash : location.search.replace(/^\?/, "");
}

/**
 * Joins scenario text and page keys into one fragment's text, page keys last. The scenario text is
 * kept as the codec wrote it: re-serialising it would escape the `@ , :` that keep links readable.
 */
export function joinQuery(
  scenarioQuery: string,
  pageKeys: Readonly<Record<string, string>>,
): string {
  const pageParts = Object.entries(pageKeys).map(
    ([key, value]) => `${key}=${encodeURIComponent(value)}`,
  );
  return [scenarioQuery, ...pageParts].filter((part) => part !== "").join("&");
}

/** The address of this page showing `query`; the query string goes, the fragment now holds it all. */
export function addressFor(location: { origin: string; pathname: string }, query: string): string {
  return `${location.origin}${location.pathname}${query === "" ? "" : `#${query}`}`;
}
