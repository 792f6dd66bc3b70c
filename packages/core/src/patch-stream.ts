// @fieldstream/core/patch-stream: a server-side response sent as field patches, and read back.
export {
  type FromPatchStreamOptions,
  fromPatchStream,
  type PatchStreamResponse,
} from './patch-stream/from-patch-stream';
export type { PatchStreamInput } from './patch-stream/patch-stream-input';
export { patchStreamMessages } from './patch-stream/patch-stream-messages';
export type { AnswerTicket, ResumeOptions } from './patch-stream/resume-options';
export { type ToPatchStreamOptions, toPatchStream } from './patch-stream/to-patch-stream';
