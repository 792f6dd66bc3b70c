import { appendSegment } from '../../patch/path';
import type { StreamingData } from '../../patch/streaming-data';

/** Re-roots an item's patches under `items.<id>` so one store can show a whole batch. */
export function prefixItemEvents(itemId: string, events: readonly StreamingData[]): StreamingData[] {
  const prefix = appendSegment('items', itemId);
  return events.map((event) => ({
    ...event,
    path: join(prefix, event.path),
    wildcard_path: join(prefix, event.wildcard_path),
  }));
}

function join(prefix: string, path: string): string {
  if (path === '') return prefix;
  return path.startsWith('[') ? prefix + path : `${prefix}.${path}`;
}
