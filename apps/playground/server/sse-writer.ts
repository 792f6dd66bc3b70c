import type { ServerResponse } from 'node:http';

/** Writes OpenAI-compatible chat-completion chunks as server-sent events. */
export class ChatSseWriter {
  readonly #res: ServerResponse;
  readonly #id = `chatcmpl-fs-${Math.random().toString(36).slice(2, 10)}`;
  readonly #created = Math.floor(Date.now() / 1000);
  readonly #model: string;

  constructor(res: ServerResponse, model: string) {
    this.#res = res;
    this.#model = model;
  }

  /** Sends the status line and headers now, so the client sees the stream open before the first token. */
  open(): void {
    this.#res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    this.#res.socket?.setNoDelay(true);
    this.#res.flushHeaders();
  }

  /** True once the client went away (or the socket was destroyed). */
  get closed(): boolean {
    return this.#res.destroyed || this.#res.writableEnded;
  }

  content(delta: string): void {
    this.#chunk({ content: delta }, null);
  }

  reasoning(delta: string): void {
    this.#chunk({ reasoning_content: delta }, null);
  }

  /** The closing chunk with `finish_reason`, optional usage, then `data: [DONE]`. */
  finish(usage: { prompt_tokens: number; completion_tokens: number } | undefined): void {
    this.#chunk({}, 'stop');
    if (usage !== undefined) {
      this.#write({
        ...this.#head(),
        choices: [],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      });
    }
    this.#res.write('data: [DONE]\n\n');
    this.#res.end();
  }

  /** An error object in the stream, as OpenAI-compatible servers send it mid-generation. */
  error(message: string, code: string): void {
    this.#write({ error: { message, type: 'server_error', code } });
    this.#res.end();
  }

  #chunk(delta: Record<string, string>, finishReason: string | null): void {
    this.#write({ ...this.#head(), choices: [{ index: 0, delta, finish_reason: finishReason }] });
  }

  #head(): Record<string, unknown> {
    return { id: this.#id, object: 'chat.completion.chunk', created: this.#created, model: this.#model };
  }

  #write(payload: unknown): void {
    if (!this.closed) this.#res.write(`data: ${JSON.stringify(payload)}\n\n`);
  }
}
