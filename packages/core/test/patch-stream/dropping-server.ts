/** A resumable answer's server whose connection drops, for the tests of what a reader does with the gap. */

const answer = 'event: answer\ndata: {"id":"a1","token":"t1"}\n\n';
const end = 'event: end\ndata: {}\n\n';
const message = (id: number, events: unknown[]): string => `id: ${id}\ndata: ${JSON.stringify(events)}\n\n`;
export const opening = [
  { k: 'a', n: 0, f: 'json' },
  { k: 's', s: 'streaming' },
  { p: 'title', d: 'Fi' },
];
export const rest = [{ d: 'x' }, { e: 1 }, { k: 'f', r: 1 }, { k: 's', s: 'done' }];

/**
 * A resumable answer whose connection drops twice: after its first message, then on a reconnection
 * that the server refuses (503); the third request resumes after message 1.
 */
export function droppingServer(): typeof fetch {
  const replies = [
    `${answer}${message(1, opening)}`,
    undefined,
    `event: answer\ndata: {"id":"a1"}\n\n${message(1, opening)}${message(2, rest)}${end}`,
  ];
  let calls = 0;
  return (async () => {
    const body = replies[Math.min(calls++, replies.length - 1)];
    if (body === undefined) return new Response('busy', { status: 503 });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  }) as typeof fetch;
}
