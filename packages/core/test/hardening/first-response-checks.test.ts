import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Step } from '../response/model-helpers';
import { failOnUnhandledRejections } from '../support/unhandled-rejections';
import { thrownValues, UNREADABLE } from '../support/unreadable-values';

// Security issue 45: on a process's first response the field checks are still loading when the
// first fields close; those fields are judged when the module arrives, outside the attempt's own
// call stack. A field validator that throws there must end as it does anywhere else (the field is
// rejected and retried), never as an unhandled rejection, which ends a Node server running
// toPatchStream. Each test runs in a fresh module graph, as a new process would.

const FIELD_CHECKS = '../../src/response/field-checks';
beforeEach(() => {
  vi.resetModules();
});
failOnUnhandledRejections();

const long = 'a note the model keeps writing '.repeat(20);
const good = '{"email": "ada@example.com", "note": "ok"}';

/**
 * A model whose first answer closes `email`, then waits until the field checks have loaded (and
 * judged the fields held meanwhile) before it writes the rest; its second answer is `good`.
 */
async function firstResponse(value: unknown) {
  const core = await import('@fieldstream/core');
  const { scripted } = await import('../response/model-helpers');
  const loaded: Step = { wait: import(FIELD_CHECKS).then(() => new Promise((resolve) => setTimeout(resolve, 0))) };
  const model = scripted(['{"email": "x", ', loaded, `"note": "${long}"}`], [good]);
  let calls = 0;
  const response = core.createResponse({
    model,
    input: 'x',
    output: core.defineOutput({ email: ['string', 'address'], note: ['string', 'details'] }),
    format: 'json',
    validateField: {
      email: function check() {
        calls++;
        if (calls === 1) throw value;
        return true;
      },
    },
  });
  return { model, response };
}

describe('the first response of a process, while the field checks load', () => {
  it.each(thrownValues())(
    'a field validator that throws $name: the field is rejected and retried, nothing unhandled',
    async ({ value, message }) => {
      const { model, response } = await firstResponse(value);
      await expect(response.getData()).resolves.toEqual({ email: 'ada@example.com', note: 'ok' });
      expect(response.events.filter((event) => event.type === 'model.retrying')).toEqual([
        expect.objectContaining({
          retry_reason: 'field_rejected',
          path: 'email',
          validation_reason: `check threw: ${message}`,
        }),
      ]);
      expect(model.signals[0]?.aborted).toBe(true);
    },
  );

  it('behind toPatchStream: the server streams the retry to its end', async () => {
    const { toPatchStream } = await import('@fieldstream/core/patch-stream');
    const { model, response } = await firstResponse(Object.create(null));
    const body = await new Response(toPatchStream(response).body).text();
    // The retry's status crossed the wire with its reason and the rejected field's path.
    expect(body).toContain('"why":"field_rejected"');
    expect(body).toContain(`"msg":"check threw: ${UNREADABLE}"`);
    expect(body).toContain('"fp":"email"');
    expect(body.endsWith('event: end\ndata: {}\n\n')).toBe(true);
    expect(model.signals[0]?.aborted).toBe(true);
    await expect(response.getData()).resolves.toEqual({ email: 'ada@example.com', note: 'ok' });
  });
});
