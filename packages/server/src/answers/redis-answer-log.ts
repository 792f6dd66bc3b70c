import { connectClient, connectDuplicate, type RedisClientLike, type RedisConnection, withinMs } from '../redis-client';
import {
  type AnswerLog,
  AnswerLogError,
  type AnswerLogOptions,
  type AnswerRecord,
  type LogEntry,
  logLifetimes,
} from './answer-log';
import { checkAfterId, waitFor, wake } from './log-reading';
import { createRedisTailFollower, type StreamEntry } from './redis-tail-follower';

/** Options of {@link createRedisAnswerLog}: a connection URL or a client, and the log's lifetimes. */
export type RedisAnswerLogOptions = AnswerLogOptions &
  RedisConnection & {
    /** Prefix of the answers' keys and of the abort channel (default `fieldstream:`). */
    keyPrefix?: string;
    /** How long one blocking read waits before it checks the answer is still there, in ms (default 5000). */
    blockMs?: number;
    /**
     * How long starting or resuming an answer waits for Redis, in ms (default 5000); later the
     * request gets 503 `answer_log_unavailable`. Appends wait for a reconnect instead.
     */
    timeoutMs?: number;
    /**
     * While an answer runs, its stream lives `leaseSeconds` (default 30) past the writing instance's
     * last renewal (every third of that, up to `maxAgeSeconds`): the log of a writer that crashed
     * expires soon, and its readers end with `ANSWER_LOST` instead of waiting.
     */
    leaseSeconds?: number;
  };

/**
 * An answer log in Redis (docs/decisions/0024-resumable-answers.md): one Redis Stream per answer,
 * `<prefix>answer:<id>`, whose entries have the ids `1-0` (the answer's record), `2-0`, `3-0`, …
 * (one per message, `XADD … NOMKSTREAM`) and a last one that marks the end; `EXPIRE` after the end.
 * Any instance reads any answer: the one that writes it wakes its own readers, others wait on the
 * instance's one `XREAD BLOCK` connection (redis-tail-follower.ts). Gap-checked: a reader that finds
 * an id out of sequence, or the stream gone (a Redis restart without persistence), throws
 * `ANSWER_LOST`; a writer whose stream is gone gets the same error from `append`, and so do its
 * readers here. An answer that could not be stored, or outlived `maxAgeSeconds`, ends its
 * readers on this instance at once; other instances' readers find its stream gone.
 */
export function createRedisAnswerLog(options: RedisAnswerLogOptions): AnswerLog {
  const prefix = options.keyPrefix ?? 'fieldstream:';
  const lifetimes = logLifetimes(options);
  const ttl = String(lifetimes.ttlSeconds);
  const maxAgeMs = lifetimes.maxAgeSeconds * 1000;
  const lease = String(options.leaseSeconds ?? 30);
  const leaseMs = Number(lease) * 1000;
  let renewals: ReturnType<typeof setInterval> | undefined;
  const blockMs = String(options.blockMs ?? 5000);
  const requestMs = options.timeoutMs ?? 5000;
  const channel = `${prefix}abort`;
  const keyOf = (answerId: string) => `${prefix}answer:${answerId}`;
  const owned: RedisClientLike[] = [];
  const ready = connectClient('createRedisAnswerLog', options, owned);
  /**
   * Per answer written here: the next sequence number, this instance's readers waiting, and why it
   * was lost when it was (kept a lease long, so the readers here end with that reason).
   */
  const writing = new Map<string, Writing>();
  const lose = (answerId: string, local: Writing, error: AnswerLogError) => {
    if (local.lost !== undefined) return;
    local.lost = error;
    wake(local.waiting);
    // Nobody can read the rest: the generation stops (the abort hook reaches this instance's own).
    for (const listener of abortListeners) listener(answerId);
    const forget = setTimeout(() => writing.get(answerId) === local && writing.delete(answerId), leaseMs);
    forget.unref?.();
  };
  /** Renews the lease of every answer written here (one timer for all of them); one past its age is lost. */
  const renew = () => {
    for (const [answerId, local] of writing) {
      if (local.lost !== undefined) continue;
      if (Date.now() - local.since < maxAgeMs) command(['EXPIRE', keyOf(answerId), lease]).catch(() => undefined);
      else lose(answerId, local, new AnswerLogError('ANSWER_LOST', `The answer ${answerId} outlived maxAgeSeconds`));
    }
  };
  const abortListeners = new Set<(answerId: string) => void>();
  let subscribed: Promise<unknown> | undefined;
  let closed = false;
  const tails = createRedisTailFollower({ client: () => ready, command: (args) => command(args), blockMs });

  const command = async (args: string[], timeoutMs?: number): Promise<unknown> => {
    try {
      const sent = ready.then((client) => client.sendCommand(args));
      return await (timeoutMs === undefined ? sent : withinMs(sent, timeoutMs));
    } catch (cause) {
      throw new AnswerLogError('ANSWER_LOG_UNAVAILABLE', `Redis did not answer ${args[0]}`, { cause });
    }
  };
  /**
   * The message once more, after its `XADD` failed in flight (a restart, a dropped connection):
   * stored or not, its id says. Sent again with the same id, Redis stores it once, and refuses a
   * second copy (the id is not above the stream's last), which the entry itself then confirms.
   * Within `timeoutMs`: a Redis that stays away loses the answer.
   */
  const addAgain = async (key: string, id: string, kind: 'm' | 'e', data: string): Promise<unknown> => {
    try {
      return await command(['XADD', key, 'NOMKSTREAM', id, 'k', kind, 'd', data], requestMs);
    } catch (error) {
      const entries = asEntries(await command(['XRANGE', key, id, id], requestMs));
      if (entries.length === 1) return id;
      throw error;
    }
  };
  const add = async (answerId: string, kind: 'm' | 'e', data: string): Promise<string> => {
    const local = writing.get(answerId);
    if (local === undefined) throw new AnswerLogError('ANSWER_LOST', `The answer ${answerId} is not written here`);
    if (local.lost !== undefined) throw local.lost;
    const id = `${local.next}-0`;
    const key = keyOf(answerId);
    let added: unknown;
    try {
      added = await command(['XADD', key, 'NOMKSTREAM', id, 'k', kind, 'd', data]);
    } catch {
      try {
        added = await addAgain(key, id, kind, data);
      } catch (cause) {
        // Stored or not, nobody can tell: the answer can never be served whole again.
        const lost = new AnswerLogError('ANSWER_LOST', `The answer ${answerId} could not be stored in Redis`, {
          cause,
        });
        lose(answerId, local, lost);
        throw lost;
      }
    }
    if (added === null) {
      const lost = new AnswerLogError(
        'ANSWER_LOST',
        `The answer ${answerId} is gone from Redis (a restart without persistence?)`,
      );
      lose(answerId, local, lost);
      throw lost;
    }
    local.next += 1;
    local.added += 1;
    wake(local.waiting);
    return id;
  };

  return {
    async create(answerId, record) {
      writing.set(answerId, { next: 2, added: 0, since: Date.now(), waiting: new Set(), lost: undefined });
      await command(['XADD', keyOf(answerId), '1-0', 'k', 'r', 'd', JSON.stringify(record)], requestMs);
      await command(['EXPIRE', keyOf(answerId), lease]);
      if (renewals === undefined && !closed) {
        renewals = setInterval(renew, (Number(lease) * 1000) / 3);
        renewals.unref?.();
      }
    },
    append: (answerId, data) => add(answerId, 'm', data),
    async end(answerId) {
      await add(answerId, 'e', '');
      writing.delete(answerId);
      await command(['EXPIRE', keyOf(answerId), ttl]);
    },
    async record(answerId) {
      const entries = asEntries(await command(['XRANGE', keyOf(answerId), '1-0', '1-0'], requestMs));
      const fields = entries[0]?.[1];
      return fields?.[1] === 'r' ? parseRecord(fields[3]) : undefined;
    },
    async *read(answerId, afterId, signal): AsyncGenerator<LogEntry> {
      const key = keyOf(answerId);
      let seq = afterId === undefined ? 1 : checkAfterId(afterId, 2);
      // An answer that is gone, or an id it never gave out, ends the reader here, not in a wait.
      const [last] = asEntries(await command(['XREVRANGE', key, '+', '-', 'COUNT', '1']));
      if (last === undefined) throw new AnswerLogError('ANSWER_LOST', `The answer ${answerId} is gone from Redis`);
      const lastMessage = sequenceOf(last[0]) - (last[1][1] === 'e' ? 1 : 0);
      if (seq > lastMessage)
        throw new AnswerLogError('ANSWER_OFFSET_UNKNOWN', `The answer ${answerId} has no message ${afterId}`);
      let tailed = false;
      for (;;) {
        const local = writing.get(answerId);
        if (local?.lost !== undefined) throw local.lost;
        const added = local?.added;
        // After a tail read that brought all there was, the next entries come from the next one too.
        let entries: StreamEntry[] = tailed
          ? []
          : asEntries(await command(['XRANGE', key, `(${seq}-0`, '+', 'COUNT', '256']));
        tailed = false;
        if (entries.length === 0 && local !== undefined) {
          // Written here: wait for this instance's next append (unless one landed, or the answer was lost, meanwhile).
          if (local.added === added && local.lost === undefined) await waitFor(local.waiting, signal);
        } else if (entries.length === 0) {
          const woken = await tails.next(key, seq, signal);
          if (woken === 'gone') throw new AnswerLogError('ANSWER_LOST', `The answer ${answerId} is gone from Redis`);
          entries = Array.isArray(woken) ? woken : [];
          tailed = entries.length > 0 && entries.length < 256;
        }
        if (signal.aborted) return;
        for (const [id, fields] of entries) {
          // The shared tail read starts where its first waiter was: what this reader has already, it skips.
          if (sequenceOf(id) <= seq) continue;
          if (id !== `${seq + 1}-0` || fields[1] === 'r')
            throw new AnswerLogError(
              'ANSWER_LOST',
              `The answer ${answerId} lost messages after ${seq}-0 (found ${id})`,
            );
          seq += 1;
          if (fields[1] === 'e') return;
          yield { id, data: fields[3] ?? '' };
        }
      }
    },
    async requestAbort(answerId) {
      await command(['PUBLISH', channel, answerId]);
    },
    onAbortRequest(listener) {
      abortListeners.add(listener);
      subscribed ??= ready.then(async (client) => {
        const subscriber = await connectDuplicate(client);
        owned.push(subscriber);
        if (closed) return subscriber.destroy();
        await subscriber.subscribe(channel, (answerId) => {
          for (const each of abortListeners) each(answerId);
        });
      });
      return () => abortListeners.delete(listener);
    },
    async close() {
      closed = true;
      clearInterval(renewals);
      tails.close();
      subscribed?.catch(() => undefined);
      for (const { waiting } of writing.values()) wake(waiting);
      for (const client of owned) client.destroy();
    },
  };
}

function asEntries(reply: unknown): StreamEntry[] {
  return Array.isArray(reply) ? (reply as StreamEntry[]) : [];
}

/** The sequence number of a stream id `n-0`. */
function sequenceOf(id: string): number {
  return Number(id.split('-')[0]);
}

function parseRecord(text: string | undefined): AnswerRecord | undefined {
  try {
    const record = JSON.parse(text ?? '') as AnswerRecord;
    return typeof record.tokenHash === 'string' ? record : undefined;
  } catch {
    return undefined;
  }
}

/** An answer this instance writes. */
type Writing = {
  next: number;
  added: number;
  since: number;
  waiting: Set<() => void>;
  lost: AnswerLogError | undefined;
};
