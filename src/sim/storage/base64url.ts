// Unpadded base64url (Go's base64.RawURLEncoding), with Go's decode error text, because a bad
// continue token's message quotes it. upstream: encoding/base64 (stdlib)

import { at } from "../lib/at.ts";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const DECODE = new Int16Array(256).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

export function encodeRawUrl(bytes: Uint8Array): string {
  let out = "";
  let i = 0;
  const sextet = (n: number) => at(ALPHABET, n & 63);
  for (; i + 2 < bytes.length; i += 3) {
    const n = (at(bytes, i) << 16) | (at(bytes, i + 1) << 8) | at(bytes, i + 2);
    out += sextet(n >> 18) + sextet(n >> 12) + sextet(n >> 6) + sextet(n);
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = at(bytes, i) << 16;
    out += sextet(n >> 18) + sextet(n >> 12);
  } else if (rest === 2) {
    const n = (at(bytes, i) << 16) | (at(bytes, i + 1) << 8);
    out += sextet(n >> 18) + sextet(n >> 12) + sextet(n >> 6);
  }
  return out;
}

export type DecodeResult = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

const corrupt = (at: number): DecodeResult => ({
  ok: false,
  message: `illegal base64 data at input byte ${at}`,
});

// upstream: base64.Encoding.decodeQuantum: CR and LF are skipped; a lone final character and
// any byte outside the alphabet (padding included, since this encoding has none) are corrupt.
export function decodeRawUrl(text: string): DecodeResult {
  const sextets: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || c === 0x0d) continue;
    const v = c < 256 ? at(DECODE, c) : -1;
    if (v < 0) return corrupt(i);
    sextets.push(v);
  }
  if (sextets.length % 4 === 1) return corrupt(text.length - 1);
  const out = new Uint8Array(Math.floor((sextets.length * 6) / 8));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (const v of sextets) {
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return { ok: true, bytes: out };
}
