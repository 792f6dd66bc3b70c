// The yaml_literal suite still imports its stream helpers from here; they live in support/.
export {
  compact,
  expectChunkingInvariance,
  expectDeltasMatchDone,
  finalValueOrError,
  mergedEvents,
  streamChunks,
} from '../support/format-streams';
