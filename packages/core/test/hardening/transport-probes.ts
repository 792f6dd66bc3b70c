// Bad input to the SSE transport: the decoder, parseSSE and fetchEventStream.
import type { Probe } from './probe-api';

export const transportProbes: Probe[] = [
  { name: 'SSEDecoder.push(42)', mentions: 'chunk', run: (api) => new api.SSEDecoder().push(42) },
  { name: 'SSEDecoder.push(null)', mentions: 'chunk', run: (api) => new api.SSEDecoder().push(null) },
  { name: 'SSEDecoder.push({})', mentions: 'chunk', run: (api) => new api.SSEDecoder().push({}) },
  { name: 'parseSSE(42)', mentions: 'stream', run: (api) => api.parseSSE(42).next() },
  { name: 'parseSSE(null)', mentions: 'stream', run: (api) => api.parseSSE(null).next() },
  { name: 'fetchEventStream(null)', mentions: 'url', run: (api) => api.fetchEventStream(null).next() },
  {
    name: 'fetchEventStream(url, 42)',
    mentions: 'options',
    run: (api) => api.fetchEventStream('http://x.test/', 42).next(),
  },
  {
    name: 'fetchEventStream(url, { signal: {} })',
    mentions: 'signal',
    run: (api) => api.fetchEventStream('http://x.test/', { signal: {} }).next(),
  },
  {
    name: 'fetchEventStream(url, { fetch: 42 })',
    mentions: 'fetch',
    run: (api) => api.fetchEventStream('http://x.test/', { fetch: 42 }).next(),
  },
  {
    name: "fetchEventStream(url, { retry: { attempts: 'x' } })",
    mentions: 'attempts',
    run: (api) => api.fetchEventStream('http://x.test/', { retry: { attempts: 'x' } }).next(),
  },
];
