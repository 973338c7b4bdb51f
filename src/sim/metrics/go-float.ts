// Formats a number the way Go's strconv.FormatFloat(f, 'g', -1, 64) does, which is how the
// Prometheus Go client writes sample values and `le` bounds: shortest digits, in exponent form
// (with at least two exponent digits) when the decimal exponent is below -4 or at least 6.
export function formatGoFloat(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Number.POSITIVE_INFINITY) return "+Inf";
  if (value === Number.NEGATIVE_INFINITY) return "-Inf";
  if (value === 0) return Object.is(value, -0) ? "-0" : "0";
  const [mantissa = "0", expText = "0"] = value.toExponential().split("e");
  const exponent = Number(expText);
  if (exponent < -4 || exponent >= 6) return `${mantissa}e${sign(exponent)}${pad(exponent)}`;
  return String(value);
}

const sign = (exponent: number) => (exponent < 0 ? "-" : "+");
const pad = (exponent: number) => String(Math.abs(exponent)).padStart(2, "0");
