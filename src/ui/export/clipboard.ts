// Every copy button's way to the clipboard. The browser may refuse it (an insecure origin, a
// denied permission, no clipboard at all): the caller then says so and offers the text by hand.

/** Whether `text` reached the clipboard. */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
