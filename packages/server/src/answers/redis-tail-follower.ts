import { connectDuplicate, type RedisClientLike } from '../redis-client';
import { AnswerLogError } from './answer-log';

/** Stream entries as Redis sends them: `[id, [field, value, …]]`. */
export type StreamEntry = [string, string[]];

/** What a wait on a stream's tail ends with: its next entries, `behind` (read them yourself), or `gone`. */
export type TailWake = StreamEntry[] | 'behind' | 'gone' | 'aborted';

type Followed = {
  /** The sequence number of the last entry handed out (every waiter has read up to it). */
  after: number;
  waiters: Set<(wake: TailWake | AnswerLogError) => void>;
  /** No waiter at the start of the last round: dropped if still none at the next. */
  idle: boolean;
  /** When this stream last brought an entry (or was last checked): quiet for `blockMs`, it is checked. */
  heard: number;
};

/**
 * The tails of every answer this instance's readers wait on while another instance writes them,
 * followed by one `XREAD BLOCK` on one connection of its own (docs/decisions/0024): however many
 * readers and answers, an instance holds one blocking Redis connection. Readers of one answer share
 * what a read brings; a reader that arrives at a new answer interrupts the read with
 * `CLIENT UNBLOCK`, so it joins at once instead of after `blockMs`.
 */
export function createRedisTailFollower(options: {
  client: () => Promise<RedisClientLike>;
  command: (args: string[]) => Promise<unknown>;
  blockMs: string;
}) {
  const followed = new Map<string, Followed>();
  const blockMs = Number(options.blockMs);
  let blocking: RedisClientLike | undefined;
  let blockingId: string | undefined;
  let running = false;
  /** A `CLIENT UNBLOCK` is on its way: the read's empty reply is not a timeout. */
  let kicked = false;
  let reading = false;
  /** Reads sent so far: which one an unblock is for. */
  let reads = 0;
  let closed = false;

  const settle = (key: string, wake: TailWake | AnswerLogError) => {
    const each = followed.get(key);
    if (each === undefined) return;
    for (const resolve of each.waiters) resolve(wake);
    each.waiters.clear();
  };

  /** Ends the read under way so that it starts again with a new stream; retried while the read is still on its way to Redis. */
  const unblock = async (read: number) => {
    for (let tries = 0; tries < 20 && reads === read && reading; tries++) {
      // Without the permission (or a reply) the read still ends within blockMs: only slower.
      const unblocked = await options.command(['CLIENT', 'UNBLOCK', blockingId ?? '']).catch(() => 1);
      if (unblocked === 1) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  const kick = () => {
    if (!running) {
      running = true;
      void loop();
    } else if (reading && !kicked) {
      kicked = true;
      void unblock(reads);
    }
  };

  const loop = async () => {
    try {
      while (!closed) {
        for (const [key, each] of followed) {
          if (each.waiters.size > 0) each.idle = false;
          else if (each.idle) followed.delete(key);
          else each.idle = true;
        }
        if (followed.size === 0) return;
        let keys: string[] = [];
        let reply: unknown;
        try {
          if (blocking === undefined) {
            blocking = await connectDuplicate(await options.client());
            blockingId = String(await blocking.sendCommand(['CLIENT', 'ID']));
          }
          // Taken right before the read: a reader joining from here on unblocks it.
          keys = [...followed.keys()];
          const after = keys.map((key) => `${(followed.get(key) as Followed).after}-0`);
          kicked = false;
          reading = true;
          reads += 1;
          reply = await blocking.sendCommand([
            'XREAD',
            'COUNT',
            '256',
            'BLOCK',
            options.blockMs,
            'STREAMS',
            ...keys,
            ...after,
          ]);
        } catch (cause) {
          blocking?.destroy();
          blocking = undefined;
          if (closed) return;
          const error = new AnswerLogError('ANSWER_LOG_UNAVAILABLE', 'Redis did not answer XREAD', { cause });
          for (const key of keys) settle(key, error);
          continue;
        } finally {
          reading = false;
        }
        const brought = streamsOf(reply);
        const now = Date.now();
        for (const [key, entries] of brought) {
          const each = followed.get(key);
          const last = entries[entries.length - 1];
          if (each === undefined || last === undefined) continue;
          each.after = Number(last[0].split('-')[0]);
          each.heard = now;
          settle(key, entries);
        }
        // A stream quiet for `blockMs` may be gone (expired, a Redis restart): its readers end.
        for (const [key, each] of followed) {
          if (each.waiters.size === 0 || now - each.heard < blockMs) continue;
          each.heard = now;
          if ((await options.command(['EXISTS', key]).catch(() => 1)) === 0) settle(key, 'gone');
        }
      }
    } finally {
      running = false;
      if (!closed && [...followed.values()].some((each) => each.waiters.size > 0)) kick();
    }
  };

  return {
    /**
     * Waits for the entries after `seq` of `key` (a reader that has read everything up to `seq`).
     * `behind`: others have already been handed entries past `seq`, so read them with XRANGE.
     */
    next(key: string, seq: number, signal: AbortSignal): Promise<TailWake> {
      if (closed || signal.aborted) return Promise.resolve('aborted');
      let each = followed.get(key);
      if (each !== undefined && each.after > seq) return Promise.resolve('behind');
      const joining = each === undefined;
      if (each === undefined) {
        each = { after: seq, waiters: new Set(), idle: false, heard: Date.now() };
        followed.set(key, each);
      }
      const waiters = each.waiters;
      return new Promise<TailWake>((resolve, reject) => {
        const done = (wake: TailWake | AnswerLogError) => {
          waiters.delete(done);
          signal.removeEventListener('abort', stop);
          if (wake instanceof AnswerLogError) reject(wake);
          else resolve(wake);
        };
        const stop = () => done('aborted');
        waiters.add(done);
        signal.addEventListener('abort', stop, { once: true });
        if (joining || !running) kick();
      });
    },
    close(): void {
      closed = true;
      for (const key of followed.keys()) settle(key, 'aborted');
      followed.clear();
      blocking?.destroy();
      blocking = undefined;
    },
  };
}

/** An `XREAD` reply by stream: RESP3 a map or `{ key: entries }`, RESP2 `[[key, entries]]`, `null` for none. */
function streamsOf(reply: unknown): Map<string, StreamEntry[]> {
  const pairs: [string, unknown][] =
    reply === null || typeof reply !== 'object'
      ? []
      : Array.isArray(reply)
        ? (reply as [string, unknown][])
        : reply instanceof Map
          ? [...reply.entries()]
          : Object.entries(reply);
  const streams = new Map<string, StreamEntry[]>();
  for (const [key, entries] of pairs) if (Array.isArray(entries)) streams.set(String(key), entries as StreamEntry[]);
  return streams;
}
