// Values a user's callback can throw that have no safe string form (security issue 45): whatever a
// validator, a schema, a model or a listener throws, the library's error handling must not throw
// again while it turns the value into words. No imports: the browser's behaviour page can load it.

/** What the library says of a thrown value it cannot read as text. */
export const UNREADABLE = 'a value that cannot be read as text';

/** A thrown value, how a test names it, and the words `errorMessage` gives it. */
export type ThrownValue = { name: string; value: unknown; message: string };

/** An object whose `message` getter and `toString` both throw. */
export function throwingGetters(): object {
  return {
    get message(): string {
      throw new Error('the message getter throws');
    },
    toString(): string {
      throw new Error('toString throws');
    },
  };
}

/**
 * The three every user callback is tested with: a null-prototype object (`String` throws on it),
 * a Symbol (a template literal throws on it) and an object whose `message` and `toString` throw.
 */
export function thrownValues(): ThrownValue[] {
  return [
    { name: 'Object.create(null)', value: Object.create(null), message: UNREADABLE },
    { name: 'a Symbol', value: Symbol('bad'), message: 'Symbol(bad)' },
    { name: 'an object whose message and toString throw', value: throwingGetters(), message: UNREADABLE },
  ];
}

/** A Proxy whose every trap throws (`get`, `getPrototypeOf`, `has`, …). */
export function throwingProxy(): object {
  const trap = () => {
    throw new Error('every trap throws');
  };
  return new Proxy({}, new Proxy({}, { get: () => trap }));
}

/** A Proxy revoked before it is thrown: any operation on it throws a TypeError. */
export function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}
