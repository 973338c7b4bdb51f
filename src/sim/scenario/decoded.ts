/** A value read from link text, or the reasons it was refused (empty: nothing more to say). */
export type Decoded<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly reasons: readonly string[] };

export const accept = <T>(value: T): Decoded<T> => ({ ok: true, value });

export const refuse = (...reasons: string[]): Decoded<never> => ({ ok: false, reasons });
