import { describe, expect, it } from 'vitest';
import { josa } from './josa';
import { interpolate } from './resources';

describe('josa', () => {
  it('chooses the particle by the last syllable’s final consonant', () => {
    expect(josa('포도 와인', '이/가')).toBe('포도 와인이');
    expect(josa('포도', '이/가')).toBe('포도가');
    expect(josa('포도 와인', '은/는')).toBe('포도 와인은');
    expect(josa('와이너리', '을/를')).toBe('와이너리를');
    expect(josa('서울', '으로/로')).toBe('서울로');
    expect(josa('부산항', '으로/로')).toBe('부산항으로');
    expect(josa('바다', '으로/로')).toBe('바다로');
  });
  it('reads digits and Latin letters the Korean way', () => {
    expect(josa('ABC', '은/는')).toBe('ABC는');
    expect(josa('HTML', '이/가')).toBe('HTML이');
    expect(josa('2026', '은/는')).toBe('2026은');
    expect(josa('2022', '은/는')).toBe('2022는');
  });
  it('works inside messages', () => {
    expect(interpolate('{{brand, josa(pair: 이/가)}} 하는 일', { brand: '포도 와인' })).toBe('포도 와인이 하는 일');
    expect(interpolate('{{brand,josa(pair:은/는)}} 수입사', { brand: '보르도' })).toBe('보르도는 수입사');
  });
});
