import { describe, expect, it } from 'vitest';
import { parseStrictForm } from './strictForm.js';

const parse = (body: string | number[]) => parseStrictForm(Buffer.from(body as string));
const reasonOf = (body: string | number[]): string => {
  try {
    parse(body);
  } catch (error) {
    return `${(error as { code: string }).code}: ${(error as Error).message}`;
  }
  return 'accepted';
};

describe('parseStrictForm', () => {
  it('reads what a browser sends: escapes, "+" for space, UTF-8, empty values and pairs', () => {
    expect(parse('a=1&b=x+y%20z&c=%E2%9C%88%F0%9F%98%80&d=&e&&')).toEqual({ a: '1', b: 'x y z', c: '✈😀', d: '', e: '' });
    expect(parse('')).toEqual({});
  });

  it('answers with own fields only: no prototype to find names in', () => {
    const fields = parse('a=1');
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(fields.toString).toBeUndefined();
  });

  it.each([
    ['a field sent twice', 'wv_lcp=1&wv_lcp=2', 'body/wv_lcp is sent more than once'],
    ['a field sent twice under two spellings', 'url=x&%75rl=y', 'body/url is sent more than once'],
    ['raw bytes that are not UTF-8', [0x61, 0x3d, 0xff], 'body is not valid UTF-8'],
    ['an escape that is not UTF-8', 'a=%ff', 'body/a is not valid percent-encoded UTF-8'],
    ['an encoded lone surrogate', 'a=%ED%A0%80', 'body/a is not valid percent-encoded UTF-8'],
    ['an overlong encoding', 'a=%C0%AF', 'body/a is not valid percent-encoded UTF-8'],
    ['a stray percent sign', 'a=100%', 'body/a is not valid percent-encoded UTF-8'],
    ['a bad escape in a name', '%zz=1', 'body: the name of field 1 is not valid percent-encoded UTF-8'],
    ['__proto__', 'a=1&__proto__=x', 'body/__proto__ is a reserved name'],
    ['constructor', 'constructor=x', 'body/constructor is a reserved name'],
    ['toString', 'toString=x', 'body/toString is a reserved name'],
  ])('refuses %s with a 400 naming it', (_label, body, reason) => {
    expect(reasonOf(body)).toBe(`TARMAC_BAD_BODY: ${reason}`);
  });
});
