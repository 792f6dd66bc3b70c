import { createResponse } from '@fieldstream/core';
import { toPatchStream } from '@fieldstream/core/patch-stream';
import { scriptedModel } from '@fieldstream/core/testing';
import { toNodeHandler } from '@fieldstream/server';
import {
  OVERSIZED_TICKET_ANSWER,
  PATCH_STREAM_ROUTE,
  TICKET_ANSWER,
  Ticket,
  type TicketData,
} from '../src/pages/server-stream/ticket-schema';
import type { ChatBackend } from './chat-backend';

/** Characters per streamed chunk and the pause between chunks: slow enough to watch. */
const CHUNK_SIZE = 6;
const DELAY_MS = 12;

/** The incident-ticket generation on the built-in model: `answers` in turn, paced to watch. */
export function ticketResponse(answers: readonly TicketData[], chunkSize: number, delayMs: number) {
  return createResponse({
    model: scriptedModel({ answers: answers.map((answer) => JSON.stringify(answer, null, 2)), chunkSize, delayMs }),
    input: 'Payments are failing for 3% of EU customers since 09:12.',
    instruct: 'Write the incident ticket.',
    output: Ticket,
    format: 'json',
  });
}

/**
 * `POST /api/patch-stream`: a generation that runs here, on the server (the zod schema, its
 * refinement and the retry included), sent to the browser as field patches with `toPatchStream`.
 * Body `{ retry: true }` makes the first attempt fail the refinement.
 */
export function createPatchStreamEndpoint(): ChatBackend {
  const handle = toNodeHandler(async (request) => {
    const body = (await request.json().catch(() => ({}))) as { retry?: unknown };
    const answers = [OVERSIZED_TICKET_ANSWER, TICKET_ANSWER].slice(body.retry === true ? 0 : 1);
    return toPatchStream(ticketResponse(answers, CHUNK_SIZE, DELAY_MS));
  });
  return {
    async handle(req, res) {
      if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://localhost').pathname !== PATCH_STREAM_ROUTE)
        return false;
      await handle(req, res);
      return true;
    },
  };
}
