import type { SuiteContext } from './binding-suite';

export function responseCases(_context: SuiteContext): void {}
