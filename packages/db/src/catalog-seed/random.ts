/** Small deterministic helpers: the catalogue must come out the same on every run. */

/** 32-bit FNV-1a hash of a string. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A seeded random source (mulberry32) with the few draws the generators need. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }
  static of(...parts: (string | number)[]): Rng {
    return new Rng(hashString(parts.join('\u0001')));
  }
  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!;
  }
  /** Picks by weight ([item, weight] pairs). */
  weighted<T>(list: readonly (readonly [T, number])[]): T {
    const total = list.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [item, w] of list) {
      r -= w;
      if (r < 0) return item;
    }
    return list[list.length - 1]![0];
  }
  /** `n` distinct items, in the list's order. */
  sample<T>(list: readonly T[], n: number): T[] {
    const idx = list.map((_, i) => i);
    for (let i = idx.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [idx[i], idx[j]] = [idx[j]!, idx[i]!];
    }
    return idx
      .slice(0, Math.min(n, list.length))
      .sort((x, y) => x - y)
      .map((i) => list[i]!);
  }
}

/** Korean particle after a word: `josa('샤또', '이', '가')` → '가' (the word ends without a final consonant). */
export function josa(word: string, withFinal: string, withoutFinal: string): string {
  const last = word.trim().at(-1) ?? '';
  const code = last.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) {
    const final = (code - 0xac00) % 28;
    // '으로/로': a final ㄹ (8) takes '로'.
    if (withFinal === '으로' && final === 8) return withoutFinal;
    return final ? withFinal : withoutFinal;
  }
  // Digits and Latin letters: read aloud; good enough for the few cases in generated texts.
  if (/[0-9]/.test(last)) return '136780'.includes(last) ? withFinal : withoutFinal;
  return withoutFinal;
}

/** Rounds a KRW amount to the nearest 1,000 won. */
export function roundKrw(n: number): number {
  return Math.max(1000, Math.round(n / 1000) * 1000);
}
