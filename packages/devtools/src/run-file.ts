import { parseRecording, type Recording, serializeRecording } from '@fieldstream/core/recording';

/** The largest run file the panel opens (bytes): a file is untrusted input, read only this far. */
export const MAX_RUN_FILE_BYTES = 32 * 1024 * 1024;

/** A run as a file: the recording's JSON, which carries no key, header or cookie (a patch stream's events only). */
export function runFile(recording: Recording, name: string): File {
  return new File([serializeRecording(recording)], name, { type: 'application/json' });
}

/**
 * Reads a chosen file as a recording: at most {@link MAX_RUN_FILE_BYTES} (and one byte more, so
 * `parseRecording` sees that it is too large), then parsed and checked by `parseRecording`, whose
 * typed error a bad file rejects with.
 */
export async function readRunFile(file: Blob): Promise<Recording> {
  const text = await file.slice(0, MAX_RUN_FILE_BYTES + 1).text();
  return parseRecording(text, { maxBytes: MAX_RUN_FILE_BYTES });
}

/** Saves `file` through a temporary link in `root` (a download, no navigation). */
export function download(root: ShadowRoot, file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  root.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the download reads the URL first.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
