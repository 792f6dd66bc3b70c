import { AbortError, parseSSE, type SSEMessage, TransportError } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { collect, collectUntilError } from './local-server';

const message = (data: string, event = 'message', id = ''): SSEMessage => ({ event, data, id });

async function* textChunks(chunks: readonly string[]): AsyncGenerator<string> {
  for (const chunk of chunks) yield chunk;
}

describe('parseSSE over any stream', () => {
  it('parses an AsyncIterable of text chunks', async () => {
    const messages = await collect(parseSSE(textChunks(['id: 1\nevent: a\nda', 'ta: x\n\ndata: y\n', '\n'])));
    expect(messages).toEqual([message('x', 'a', '1'), message('y', 'message', '1')]);
  });

  it('drops a final block that never saw its blank line', async () => {
    expect(await collect(parseSSE(textChunks(['data: done\n\ndata: cut off\n'])))).toEqual([message('done')]);
  });

  it('a source that fails mid-stream → TransportError status 0, keeping the events before it', async () => {
    let sent = false;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) controller.error(new Error('socket hang up'));
        else controller.enqueue(new TextEncoder().encode('data: ok\n\n'));
        sent = true;
      },
    });
    const { items, error } = await collectUntilError(parseSSE(source));
    expect(items).toEqual([message('ok')]);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ status: 0 });
    expect((error as TransportError).message).toContain('socket hang up');
  });

  it('abort rejects with AbortError promptly even when the source never produces, and cancels it', async () => {
    let cancelled = false;
    const source = new ReadableStream<string>({
      cancel() {
        cancelled = true;
      },
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 5);
    const { error } = await collectUntilError(parseSSE(source, { signal: controller.signal }));
    expect(error).toBeInstanceOf(AbortError);
    expect(cancelled).toBe(true);
  });

  it('leaving the loop early cancels the source', async () => {
    let cancelled = false;
    const source = new ReadableStream<string>({
      start(controller) {
        controller.enqueue('data: 1\n\ndata: 2\n\n');
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const m of parseSSE(source)) {
      expect(m).toEqual(message('1'));
      break;
    }
    expect(cancelled).toBe(true);
  });

  it('ends a returned AsyncIterable source when the consumer stops early', async () => {
    let finalised = false;
    async function* source() {
      try {
        yield 'data: 1\n\n';
        yield 'data: 2\n\n';
      } finally {
        finalised = true;
      }
    }
    for await (const _ of parseSSE(source())) break;
    expect(finalised).toBe(true);
  });
});
