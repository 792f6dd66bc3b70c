// @fieldstream/core/recording: a response recorded as its patch stream with timing, and replayed.
export { RecordingError } from './errors/recording-error';
export { type RecordingHandle, type RecordResponseOptions, recordResponse } from './recording/record-response';
export type { RecordedMessage, Recording, RecordingSource } from './recording/recording-format';
export { type ParseRecordingOptions, parseRecording, serializeRecording } from './recording/recording-text';
export {
  type ReplayPace,
  type ReplayRecordingOptions,
  type ReplayScheduler,
  replayRecording,
  type SteppedReplay,
} from './recording/replay-recording';
