/**
 * The ports the test and benchmark servers listen on, in one place (README.md, Development, "Ports").
 *
 * Each server has its own variable. `FIELDSTREAM_PORT_BASE`, when set, gives every one that is not
 * set itself a port of its own: the base plus the server's offset (4300 → 4300, 4301, 4302, …), so
 * one variable keeps two checkouts' suites apart. A variable set explicitly always wins.
 */
export const PORTS = {
  /** The playground build served by `vite preview` for the end-to-end suite. */
  FIELDSTREAM_E2E_PORT: { offset: 0, fallback: 4173 },
  /** The static host of e2e/static.spec.ts; by default the system picks a free port (0). */
  FIELDSTREAM_STATIC_PORT: { offset: 1, fallback: 0 },
  /** The packed-packages React app of `npm run test:packages` (e2e/consumer/). */
  FIELDSTREAM_CONSUMER_PORT: { offset: 2, fallback: 4180 },
  /** The browser benchmark's page (`npm run bench -- browser`). */
  FIELDSTREAM_BENCH_PORT: { offset: 3, fallback: 4204 },
  /** The worker benchmark's page (`npm run bench -- worker`). */
  FIELDSTREAM_BENCH_WORKER_PORT: { offset: 4, fallback: 4210 },
  /** The packed-packages Vue app of `npm run test:packages`. */
  FIELDSTREAM_CONSUMER_VUE_PORT: { offset: 5, fallback: 4181 },
  /** The packed-packages Svelte app of `npm run test:packages`. */
  FIELDSTREAM_CONSUMER_SVELTE_PORT: { offset: 6, fallback: 4182 },
  /** The packed-packages custom-elements page of `npm run test:packages`. */
  FIELDSTREAM_CONSUMER_ELEMENTS_PORT: { offset: 7, fallback: 4183 },
  /** The packed-packages devtools page of `npm run test:packages`. */
  FIELDSTREAM_CONSUMER_DEVTOOLS_PORT: { offset: 8, fallback: 4184 },
} as const;

export type PortName = keyof typeof PORTS;

/** The port `name` names: its own variable, else `FIELDSTREAM_PORT_BASE` + its offset, else its default. */
export function port(name: PortName, env: Readonly<Record<string, string | undefined>> = process.env): number {
  const own = env[name];
  if (own !== undefined && own !== '') return parsePort(name, own, 0);
  const base = env.FIELDSTREAM_PORT_BASE;
  if (base !== undefined && base !== '') return parsePort('FIELDSTREAM_PORT_BASE', base, 1) + PORTS[name].offset;
  return PORTS[name].fallback;
}

/** Every port, as `port` gives it (for a summary line or a check that none collide). */
export function allPorts(env: Readonly<Record<string, string | undefined>> = process.env): Record<PortName, number> {
  const names = Object.keys(PORTS) as PortName[];
  return Object.fromEntries(names.map((name) => [name, port(name, env)])) as Record<PortName, number>;
}

const HIGHEST_OFFSET = Math.max(...Object.values(PORTS).map((entry) => entry.offset));

function parsePort(name: string, text: string, lowest: number): number {
  const value = Number(text);
  const highest = name === 'FIELDSTREAM_PORT_BASE' ? 65535 - HIGHEST_OFFSET : 65535;
  if (!/^\d+$/.test(text.trim()) || value < lowest || value > highest) {
    throw new Error(`${name} must be a whole number from ${lowest} to ${highest}, got ${JSON.stringify(text)}`);
  }
  return value;
}
