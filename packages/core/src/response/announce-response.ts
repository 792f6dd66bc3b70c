/**
 * Hands a new response to a devtools panel that asked to hear of every response in the page:
 * `<fieldstream-devtools discover>` installs the global (decision 0031). Without a panel the
 * global is absent and this is one lookup. Returns the response.
 */
export function announceResponse<Response extends object>(response: Response): Response {
  (globalThis as { __FIELDSTREAM_DEVTOOLS__?: (response: object) => void }).__FIELDSTREAM_DEVTOOLS__?.(response);
  return response;
}
