import { describe, expect, it } from 'vitest';
import { sameString } from '../../src/lib/secrets';

describe('sameString', () => {
  const secret = 'w-_Q70ydU-CU0X9Cn5Y-JZW17L-SSV_IctWWIlir1GQ';

  it('takes the same string', () => {
    expect(sameString(secret, `${secret}`)).toBe(true);
    expect(sameString('', '')).toBe(true);
  });

  it('refuses a string that differs in any one place, or in length', () => {
    for (let i = 0; i < secret.length; i++) {
      const other = secret.slice(0, i) + (secret[i] === 'A' ? 'B' : 'A') + secret.slice(i + 1);
      expect(sameString(other, secret), `differs at ${i}`).toBe(false);
    }
    expect(sameString(secret.slice(0, -1), secret)).toBe(false);
    expect(sameString(`${secret}x`, secret)).toBe(false);
    expect(sameString('', secret)).toBe(false);
  });

  it('tells apart characters beyond ASCII whose low bytes agree', () => {
    expect(sameString('\u0141', '\u0041')).toBe(false);
    expect(sameString('é', 'é')).toBe(true);
  });
});
