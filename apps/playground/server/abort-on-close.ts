import type { ServerResponse } from 'node:http';
import type { RequestRecord } from '../src/api/scenario-options';

/**
 * A controller aborted when the client closes the connection before the answer is written; the
 * record notes the early close and when the request ended.
 */
export function abortOnClose(res: ServerResponse, record: RequestRecord): AbortController {
  const connection = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) {
      connection.abort();
      if (record.outcome === 'streaming') record.outcome = 'client_closed';
    }
    record.endedAt = Date.now();
  });
  return connection;
}
