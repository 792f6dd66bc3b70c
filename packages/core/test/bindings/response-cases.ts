import type { BindingDriver } from './binding-suite';

export function responseCases(_driver: BindingDriver): void {}
