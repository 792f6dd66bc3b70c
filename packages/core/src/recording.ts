// @fieldstream/core/recording: a response recorded as its patch stream with timing, and replayed.
export { type RecordingHandle, type RecordResponseOptions, recordResponse } from './recording/record-response';
export type { RecordedMessage, Recording, RecordingSource } from './recording/recording-format';
