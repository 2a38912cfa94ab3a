/**
 * Korean particles that follow a word (조사): 이/가, 은/는, 을/를, 과/와, 으로/로, 아/야, 이에요/예요. The first form
 * goes after a final consonant (받침), the second after a vowel; 으로/로 takes 로 after ㄹ as well. A word ending in
 * a digit or a Latin letter is read the way Koreans say it (1 일, 3 삼, L 엘, M 엠 …).
 */
const LATIN_FINAL = new Set(['l', 'm', 'n', 'r']);
/** Digits whose Korean reading ends in a consonant: 0 영, 1 일, 3 삼, 6 육, 7 칠, 8 팔 (2 이, 4 사, 5 오, 9 구 do not). */
const DIGIT_FINAL: Record<string, 'none' | 'consonant' | 'rieul'> = {
  '0': 'consonant',
  '1': 'rieul',
  '2': 'none',
  '3': 'consonant',
  '4': 'none',
  '5': 'none',
  '6': 'consonant',
  '7': 'rieul',
  '8': 'rieul',
  '9': 'none',
};

/** Whether the word ends in a final consonant, and whether that consonant is ㄹ. */
function ending(word: string): 'none' | 'consonant' | 'rieul' {
  const last = word
    .trim()
    .replace(/[\s)\]}"'’”.!?]+$/u, '')
    .slice(-1);
  if (!last) return 'none';
  const code = last.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) {
    const final = (code - 0xac00) % 28;
    return final === 0 ? 'none' : final === 8 ? 'rieul' : 'consonant';
  }
  if (/\d/.test(last)) return DIGIT_FINAL[last] ?? 'none';
  const lower = last.toLowerCase();
  if (lower === 'l') return 'rieul';
  return LATIN_FINAL.has(lower) ? 'consonant' : 'none';
}

/** `word` followed by the form of `pair` ('이/가', '은/는', '으로/로' …) that fits its last sound. */
export function josa(word: string, pair: string): string {
  const [withFinal = '', withoutFinal = ''] = pair.split('/');
  const end = ending(word);
  if (withFinal === '으로') return word + (end === 'consonant' ? '으로' : '로');
  return word + (end === 'none' ? withoutFinal : withFinal);
}
