import type { BindingDriver } from './binding-suite';

export function formCases(_driver: BindingDriver): void {}
