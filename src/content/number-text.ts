// A number as the page prints it, as `toLocaleString("en-US", { maximumFractionDigits })` would:
// digits grouped by threes ("12,000"), at most that many decimals, trailing zeros dropped. Not
// that call: its first use loads ICU's number formats, 20–130 ms of one task in Chromium on a
// loaded machine, which fell in the page's first render after load (the sliders print their
// values). Like ICU it rounds the number's shortest decimal text (1.0005 to "1.001", where
// `toFixed` rounds the binary value below it to "1.000"), ties away from zero.

/** `n` with grouped digits and at most `maxFractionDigits` (0–20) decimals. */
export function numberText(n: number, maxFractionDigits = 3): string {
  // The shortest digits that read back as `n`, and where the point goes among them.
  const [mantissa = "0", exponent = "0"] = Math.abs(n).toExponential().split("e");
  if (!Number.isFinite(n) || Number(exponent) >= 21)
    return n.toLocaleString("en-US", { maximumFractionDigits: maxFractionDigits });
  let digits = mantissa.replace(".", "");
  let point = Number(exponent) + 1; // digits before the point
  if (point <= 0) {
    digits = "0".repeat(1 - point) + digits;
    point = 1;
  }
  digits = digits.padEnd(point, "0");
  const keep = point + maxFractionDigits;
  if (digits.length > keep) {
    const roundsUp = (digits[keep] ?? "0") >= "5";
    digits = digits.slice(0, keep);
    if (roundsUp) {
      const up = (BigInt(digits) + 1n).toString().padStart(keep, "0");
      if (up.length > keep) point += 1;
      digits = up;
    }
  }
  const whole = digits.slice(0, point).replace(/^0+(?=\d)/, "");
  const decimals = digits.slice(point).replace(/0+$/, "");
  // -0, and a negative that rounds to 0, print "-0" as toLocaleString does.
  const sign = n < 0 || Object.is(n, -0) ? "-" : "";
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${grouped}${decimals === "" ? "" : `.${decimals}`}`;
}
