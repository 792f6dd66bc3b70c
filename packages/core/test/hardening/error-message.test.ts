import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../src/errors/error-message';
import { revokedProxy, throwingGetters, throwingProxy, UNREADABLE } from '../support/unreadable-values';

// errorMessage is the one place a thrown value becomes words (security issue 45): it never throws,
// whatever a user's callback threw.
describe('errorMessage', () => {
  it.each([
    ['an Error', new TypeError('bad host'), 'bad host'],
    ['a string', 'plain words', 'plain words'],
    ['a number', 42, '42'],
    ['undefined', undefined, 'undefined'],
    ['a plain object', { message: 'not an Error' }, '[object Object]'],
    ['a Symbol', Symbol('bad'), 'Symbol(bad)'],
  ])('%s: what it says', (_name, thrown, message) => {
    expect(errorMessage(thrown)).toBe(message);
  });

  const messageGetterThrows = Object.defineProperty(new Error('hidden'), 'message', {
    get() {
      throw new Error('the message getter throws');
    },
  });
  const messageWithNoStringForm = Object.assign(new Error('hidden'), { message: Object.create(null) });
  const toPrimitiveThrows = {
    [Symbol.toPrimitive]() {
      throw new Error('toPrimitive throws');
    },
  };

  it.each([
    ['Object.create(null)', Object.create(null)],
    ['an Error whose message getter throws', messageGetterThrows],
    ['an Error whose message has no string form', messageWithNoStringForm],
    ['an object whose message and toString throw', throwingGetters()],
    ['an object whose Symbol.toPrimitive throws', toPrimitiveThrows],
    ['a Proxy that throws on every trap', throwingProxy()],
    ['a revoked Proxy', revokedProxy()],
  ])('%s: never throws, says it cannot be read', (_name, thrown) => {
    expect(errorMessage(thrown)).toBe(UNREADABLE);
  });
});
