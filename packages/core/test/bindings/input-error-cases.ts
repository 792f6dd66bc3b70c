import type { BindingDriver } from './binding-suite';

export function inputErrorCases(_driver: BindingDriver): void {}
