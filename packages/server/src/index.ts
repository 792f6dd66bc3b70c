// The public API of @fieldstream/server. Patch streams (`toPatchStream`, `fromPatchStream`) live in
// `@fieldstream/core/patch-stream`, which runs on any server.

export type { AllowedTool } from './allowed-tools';
// Resumable answers: generation decoupled from the connection, kept in a log (this process, or Redis).
export {
  type AnswerLog,
  AnswerLogError,
  type AnswerLogOptions,
  type AnswerRecord,
  type LogEntry,
} from './answers/answer-log';
export { createMemoryAnswerLog } from './answers/memory-answer-log';
export { createRedisAnswerLog, type RedisAnswerLogOptions } from './answers/redis-answer-log';
export {
  type AnswerOwner,
  createResumableAnswers,
  type ResumableAnswers,
  type ResumableAnswersOptions,
} from './answers/resumable-answers';
export { createModelProxy, type ModelProxyHandler } from './create-model-proxy';
export { type FetchHandler, type NodeHandler, toNodeHandler } from './node-handler';
export type { ClientInfo, ModelProxyOptions } from './proxy-options';
export type { RedisClientLike, RedisConnection } from './redis-client';
export {
  createRedisRateLimitStore,
  type RateLimitSettings,
  type RateLimitStore,
  type RedisRateLimitOptions,
} from './redis-rate-limit';
export type { UpstreamTranscript } from './upstream-transcript';
