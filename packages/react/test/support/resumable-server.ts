// A fake `createResumableAnswers` endpoint behind a `fetch`: POST starts an answer and names it
// (`event: answer` with its ticket), GET with the ticket headers attaches to it and replays every
// message from its start. Answers run on without a reader; the test sends their messages.

export type SeenRequest = { method: string; answer: string | null; token: string | null; lastEventId: string | null };

type Answer = { id: string; token: string; messages: string[]; ended: boolean; readers: Set<(text: string) => void> };

const END = 'event: end\ndata: {}\n\n';

/** `abortable`: the server takes an abort (`allowAbort`), as its `answer` events say; DELETE answers 204. */
export function resumableServer({ abortable = false } = {}) {
  const requests: SeenRequest[] = [];
  const answers: Answer[] = [];

  const stream = (answer: Answer, named: object, signal: AbortSignal | null | undefined): Response => {
    let write: ((text: string) => void) | undefined;
    // Text chunks: the reader takes text or bytes, and jsdom's Uint8Array is not the body's.
    const body = new ReadableStream<string>({
      start(controller) {
        write = (text) => {
          controller.enqueue(text);
          if (text === END) controller.close();
        };
        controller.enqueue(`event: answer\ndata: ${JSON.stringify(named)}\n\n${answer.messages.join('')}`);
        if (answer.ended) controller.close();
        else answer.readers.add(write);
      },
      cancel() {
        if (write !== undefined) answer.readers.delete(write);
      },
    });
    signal?.addEventListener('abort', () => write !== undefined && answer.readers.delete(write));
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };

  const fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const method = init?.method ?? 'GET';
    const answerId = headers.get('fieldstream-answer');
    const token = headers.get('fieldstream-answer-token');
    requests.push({ method, answer: answerId, token, lastEventId: headers.get('last-event-id') });
    if (method === 'POST') {
      const answer: Answer = {
        id: `a${answers.length + 1}`,
        token: `t${answers.length + 1}`,
        messages: [],
        ended: false,
        readers: new Set(),
      };
      answers.push(answer);
      return stream(answer, { id: answer.id, token: answer.token, abortable }, init?.signal);
    }
    const answer = answers.find((each) => each.id === answerId && each.token === token);
    if (answer === undefined) return new Response('{}', { status: 404 });
    if (method === 'DELETE') return new Response(null, { status: abortable ? 204 : 405 });
    return stream(answer, { id: answer.id, abortable }, init?.signal);
  }) as typeof globalThis.fetch;

  /** The answer started last. */
  const latest = (): Answer => {
    const answer = answers[answers.length - 1];
    if (answer === undefined) throw new Error('no answer started');
    return answer;
  };

  return {
    fetch,
    requests,
    answers,
    /** Appends a message (a list of wire events) to the latest answer and sends it to its readers. */
    send(events: unknown[]): void {
      const answer = latest();
      const text = `id: ${answer.messages.length + 1}\ndata: ${JSON.stringify(events)}\n\n`;
      answer.messages.push(text);
      for (const write of answer.readers) write(text);
    },
    /** Ends the latest answer. */
    end(): void {
      const answer = latest();
      answer.ended = true;
      answer.messages.push(END);
      for (const write of answer.readers) write(END);
      answer.readers.clear();
    },
  };
}
