/** What a lazy index array needs from its trail. */
type Trail = { toArray(): number[] };

/**
 * An array of a trail's indexes that fills itself on first use (a Proxy over an empty array).
 * It reads, iterates, spreads and serialises like the plain array; only `structuredClone` /
 * `postMessage` refuse a Proxy — copy it with `[...indexes]` first.
 */
export function lazyIndexes(trail: Trail): number[] {
  return new Proxy<number[]>([], new FillOnUse(trail));
}

class FillOnUse implements ProxyHandler<number[]> {
  #trail: Trail | undefined;

  constructor(trail: Trail) {
    this.#trail = trail;
  }

  get(target: number[], key: string | symbol, receiver: unknown): unknown {
    return Reflect.get(this.#fill(target), key, receiver);
  }

  has(target: number[], key: string | symbol): boolean {
    return Reflect.has(this.#fill(target), key);
  }

  ownKeys(target: number[]): ArrayLike<string | symbol> {
    return Reflect.ownKeys(this.#fill(target));
  }

  getOwnPropertyDescriptor(target: number[], key: string | symbol): PropertyDescriptor | undefined {
    return Reflect.getOwnPropertyDescriptor(this.#fill(target), key);
  }

  set(target: number[], key: string | symbol, value: unknown, receiver: unknown): boolean {
    return Reflect.set(this.#fill(target), key, value, receiver);
  }

  defineProperty(target: number[], key: string | symbol, descriptor: PropertyDescriptor): boolean {
    return Reflect.defineProperty(this.#fill(target), key, descriptor);
  }

  deleteProperty(target: number[], key: string | symbol): boolean {
    return Reflect.deleteProperty(this.#fill(target), key);
  }

  #fill(target: number[]): number[] {
    const trail = this.#trail;
    if (trail !== undefined) {
      this.#trail = undefined;
      const indexes = trail.toArray();
      for (let i = 0; i < indexes.length; i++) target.push(indexes[i] as number);
    }
    return target;
  }
}
