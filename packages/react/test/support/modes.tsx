// Every hook test runs twice: plain and inside <StrictMode> (double render, double mount effects).
import { cleanup } from '@testing-library/react';
import { type ComponentType, type ReactNode, StrictMode } from 'react';
import { afterEach, describe } from 'vitest';

export type RenderMode = { name: string; wrapper: ComponentType<{ children: ReactNode }>; strict: boolean };

function Plain({ children }: { children: ReactNode }): ReactNode {
  return children;
}

export const renderModes: readonly RenderMode[] = [
  { name: 'plain', wrapper: Plain, strict: false },
  { name: 'StrictMode', wrapper: StrictMode, strict: true },
];

/** `describe(title)` once per render mode; `body` receives the mode's wrapper. */
export function describeInModes(title: string, body: (mode: RenderMode) => void): void {
  for (const mode of renderModes) {
    describe(`${title} (${mode.name})`, () => {
      afterEach(cleanup);
      body(mode);
    });
  }
}
