// Patch builders and a hand-written ResponseSource shared with the core store tests.
export { close, open, partialText, scalar, streamText } from '../../../core/test/store/patches';
export { createTestSource, type TestSource } from '../../../core/test/store/test-source';
