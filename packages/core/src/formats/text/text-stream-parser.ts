import type { StreamingData } from '../../patch/streaming-data';
import type { FinalParse, FormatStreamParser } from '../format-parser';

/**
 * The `text` format's stream parser: the answer is plain text, so there are no structured events.
 * `snapshot()` is the text received so far.
 */
export class TextStreamParser implements FormatStreamParser {
  private parts: string[] = [];
  private joined = '';

  push(chunk: string): StreamingData[] {
    if (chunk !== '') this.parts.push(chunk);
    return [];
  }

  finish(_final: FinalParse | undefined): StreamingData[] {
    return [];
  }

  snapshot(): string {
    // Join lazily: pushing stays O(chunk) however often the snapshot is read.
    if (this.parts.length > 0) {
      this.joined += this.parts.join('');
      this.parts = [];
    }
    return this.joined;
  }
}
