/**
 * The part of a Redis client the answer log and the rate limit use: a `redis` (node-redis 5 or 6) client fits. Raw
 * commands, so RESP2 and RESP3 clients both work.
 */
export type RedisClientLike = {
  sendCommand(args: string[]): Promise<unknown>;
  duplicate(): RedisClientLike;
  connect(): Promise<unknown>;
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  close(): Promise<unknown>;
  destroy(): void;
};

/** Where a Redis-backed part connects: a URL (the `redis` package, loaded on demand) or the app's client. */
export type RedisConnection = {
  /** `redis://…` or `rediss://…`: connects with the `redis` package (an optional dependency). */
  url?: string;
  /** A connected `redis` client of the app's instead (never closed here). */
  client?: RedisClientLike;
};

/** Connects (clients made here are pushed on `owned`, for closing). */
export async function connectClient(
  where: string,
  options: RedisConnection,
  owned: RedisClientLike[],
): Promise<RedisClientLike> {
  if (options.client !== undefined) return options.client;
  if (options.url === undefined) throw new TypeError(`${where} needs a url or a client`);
  // Loaded on demand: an app without Redis never loads (or installs) the package.
  const { createClient } = await import('redis');
  const client = createClient({ url: options.url }) as unknown as RedisClientLike;
  client.on('error', () => undefined); // reconnects on its own; commands meanwhile fail or wait
  owned.push(client);
  await client.connect();
  return client;
}

export async function connectDuplicate(client: RedisClientLike): Promise<RedisClientLike> {
  const duplicate = client.duplicate();
  duplicate.on('error', () => undefined);
  await duplicate.connect();
  return duplicate;
}

/** `promise`, or a rejection after `ms` (Redis unreachable: its client waits to reconnect, forever). */
export async function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
