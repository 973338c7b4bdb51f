// The first syntax error Go's encoding/json reports for a byte string, or null when the input is
// valid JSON. json.Unmarshal runs this check over the whole input before decoding, so a bad
// continue token's message depends on it. upstream: encoding/json scanner.go (stdlib)

import { at } from "../lib/at.ts";

type Bytes = Uint8Array;

class SyntaxFailure {
  readonly message: string;
  constructor(message: string) {
    this.message = message;
  }
}

const GO_ESCAPES: Readonly<Record<number, string>> = {
  7: "\\a",
  8: "\\b",
  9: "\\t",
  10: "\\n",
  11: "\\v",
  12: "\\f",
  13: "\\r",
  92: "\\\\",
};

// upstream: encoding/json quoteChar (strconv.Quote of the byte as a rune, in single quotes)
function quoteChar(c: number): string {
  if (c === 0x27) return "'\\''";
  if (c === 0x22) return `'"'`;
  const escaped = GO_ESCAPES[c];
  if (escaped !== undefined) return `'${escaped}'`;
  const hex = c.toString(16).padStart(2, "0");
  if (c < 0x20 || c === 0x7f) return `'\\x${hex}'`;
  // Go does not count C1 controls, NBSP and the soft hyphen as printable.
  if ((c >= 0x80 && c <= 0xa0) || c === 0xad) return `'\\u00${hex}'`;
  return `'${String.fromCharCode(c)}'`;
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

class Scanner {
  private i = 0;
  private readonly data: Bytes;
  constructor(data: Bytes) {
    this.data = data;
  }

  run(): void {
    this.value("looking for beginning of value");
    this.skipSpace();
    const c = this.data[this.i];
    if (c !== undefined) throw this.fail(c, "after top-level value");
  }

  private fail(c: number, context: string): SyntaxFailure {
    return new SyntaxFailure(`invalid character ${quoteChar(c)} ${context}`);
  }

  private peek(): number {
    const c = this.data[this.i];
    if (c === undefined) throw new SyntaxFailure("unexpected end of JSON input");
    return c;
  }

  private skipSpace(): void {
    while (this.i < this.data.length && isSpace(at(this.data, this.i))) this.i++;
  }

  private value(context: string): void {
    this.skipSpace();
    const c = this.peek();
    if (c === 0x7b) this.object();
    else if (c === 0x5b) this.array();
    else if (c === 0x22) this.string();
    else if (c === 0x2d || isDigit(c)) this.number();
    else if (c === 0x74) this.literal("true");
    else if (c === 0x66) this.literal("false");
    else if (c === 0x6e) this.literal("null");
    else throw this.fail(c, context);
  }

  private object(): void {
    this.i++;
    this.skipSpace();
    if (this.peek() === 0x7d) {
      this.i++;
      return;
    }
    for (;;) {
      this.skipSpace();
      const c = this.peek();
      if (c !== 0x22) throw this.fail(c, "looking for beginning of object key string");
      this.string();
      this.skipSpace();
      const colon = this.peek();
      if (colon !== 0x3a) throw this.fail(colon, "after object key");
      this.i++;
      this.value("looking for beginning of value");
      this.skipSpace();
      const next = this.peek();
      this.i++;
      if (next === 0x7d) return;
      if (next !== 0x2c) throw this.fail(next, "after object key:value pair");
    }
  }

  private array(): void {
    this.i++;
    this.skipSpace();
    if (this.peek() === 0x5d) {
      this.i++;
      return;
    }
    for (;;) {
      this.value("looking for beginning of value");
      this.skipSpace();
      const next = this.peek();
      this.i++;
      if (next === 0x5d) return;
      if (next !== 0x2c) throw this.fail(next, "after array element");
    }
  }

  private string(): void {
    this.i++;
    for (;;) {
      const c = this.peek();
      this.i++;
      if (c === 0x22) return;
      if (c < 0x20) throw this.fail(c, "in string literal");
      if (c === 0x5c) this.escape();
    }
  }

  private escape(): void {
    const c = this.peek();
    this.i++;
    if ([0x62, 0x66, 0x6e, 0x72, 0x74, 0x5c, 0x2f, 0x22].includes(c)) return;
    if (c !== 0x75) throw this.fail(c, "in string escape code");
    for (let k = 0; k < 4; k++) {
      const h = this.peek();
      const hex = isDigit(h) || (h >= 0x61 && h <= 0x66) || (h >= 0x41 && h <= 0x46);
      if (!hex) throw this.fail(h, "in \\u hexadecimal character escape");
      this.i++;
    }
  }

  private number(): void {
    if (this.peek() === 0x2d) {
      this.i++;
      const c = this.peek();
      if (!isDigit(c)) throw this.fail(c, "in numeric literal");
    }
    if (this.peek() === 0x30) this.i++;
    else this.digits();
    if (this.data[this.i] === 0x2e) {
      this.i++;
      const c = this.peek();
      if (!isDigit(c)) throw this.fail(c, "after decimal point in numeric literal");
      this.digits();
    }
    const e = this.data[this.i];
    if (e === 0x65 || e === 0x45) {
      this.i++;
      let c = this.peek();
      if (c === 0x2b || c === 0x2d) {
        this.i++;
        c = this.peek();
      }
      if (!isDigit(c)) throw this.fail(c, "in exponent of numeric literal");
      this.digits();
    }
  }

  private digits(): void {
    while (this.i < this.data.length && isDigit(at(this.data, this.i))) this.i++;
  }

  private literal(word: string): void {
    this.i++;
    for (let k = 1; k < word.length; k++) {
      const c = this.peek();
      const want = word.charCodeAt(k);
      if (c !== want) throw this.fail(c, `in literal ${word} (expecting '${word[k]}')`);
      this.i++;
    }
  }
}

export function goJsonSyntaxError(data: Bytes): string | null {
  try {
    new Scanner(data).run();
    return null;
  } catch (failure) {
    if (failure instanceof SyntaxFailure) return failure.message;
    throw failure;
  }
}
