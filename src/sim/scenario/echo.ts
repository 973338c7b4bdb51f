// A link's text quoted back in a message. A value can be any length (a pasted 100 kB name), and a
// message quotes it to say what was refused, not to store it: long text is cut, and says so.

/** `text` as a message quotes it: whole when short, else its first `kept` characters and its length. */
export function echo(text: string, kept = 48): string {
  if (text.length <= kept + 12) return text;
  const chars = [...text];
  if (chars.length <= kept + 12) return text;
  return `${chars.slice(0, kept).join("")}… (${chars.length.toLocaleString("en-US")} characters)`;
}

/** A reason in our words may quote part of a value: it is cut only when far longer than a sentence. */
export const echoReason = (reason: string): string => echo(reason, 400);
