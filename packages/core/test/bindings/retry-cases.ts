import type { BindingDriver } from './binding-suite';

export function retryCases(_driver: BindingDriver): void {}
