// FNV-1a, 64-bit, over the UTF-8 bytes of `text`, as 16 lower-case hex digits: the keys digest
// both sides of an oracle comparison compute (docs/oracle-script.md), Go's hash/fnv New64a.

const OFFSET = 0xcbf29ce484222325n;
const PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;

export function fnv1a64(text: string): string {
  let hash = OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    hash = ((hash ^ BigInt(byte)) * PRIME) & MASK;
  }
  return hash.toString(16).padStart(16, "0");
}
