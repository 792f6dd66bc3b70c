import type { SuiteContext } from './binding-suite';

export function formCases(_context: SuiteContext): void {}
