import { Fragment, type ReactNode } from "react";

// Feature-gate names run to 42 characters without a space. Left alone they overflow a narrow box
// or, with overflow-wrap: anywhere, break mid-word ("ConsistentListFromCacheSki|pTimeoutFallback").
// A <wbr> before each inner capital lets the browser break between the name's own words instead.

/** Words this long are CamelCase identifiers worth offering break points in. */
const LONG_WORD = /[A-Za-z]{16,}/g;

/** Splits a word before each capital that follows a lower-case letter. */
const camelParts = (word: string): string[] => word.split(/(?<=[a-z])(?=[A-Z])/);

/** The text, with a break opportunity between the words of every long CamelCase name in it. */
export function CamelBreaks({ text }: { text: string }) {
  const pieces: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(LONG_WORD)) {
    pieces.push(text.slice(from, match.index));
    let at = match.index;
    for (const part of camelParts(match[0])) {
      pieces.push(
        <Fragment key={at}>
          {at > match.index && <wbr />}
          {part}
        </Fragment>,
      );
      at += part.length;
    }
    from = match.index + match[0].length;
  }
  pieces.push(text.slice(from));
  return <>{pieces}</>;
}
