import { useMemo } from 'react';

/**
 * A value that travels in a loader's data as its JSON text. React Router encodes loader data with turbo-stream,
 * which walks every object and array (about 1.5 ms for a list page's 24 cards and facets on the server, and as
 * long again to decode on a phone); one JSON text is a single string to it, written and read by the engine's own
 * JSON code.
 */
export type Packed<T> = string & { readonly __packed?: T };

export const pack = <T>(value: T): Packed<T> => JSON.stringify(value) as Packed<T>;

// The page component and its meta function read the same text: it is parsed once.
const recent = new Map<string, unknown>();

export function unpack<T>(text: Packed<T>): T {
  if (recent.has(text)) return recent.get(text) as T;
  const value = JSON.parse(text) as T;
  if (recent.size >= 8) recent.delete(recent.keys().next().value!);
  recent.set(text, value);
  return value;
}

export function usePacked<T>(text: Packed<T>): T {
  return useMemo(() => unpack(text), [text]);
}
