// For the root `tsc`, which does not read .vue files: an SFC imports as a component. `vue-tsc`
// (the package's typecheck) resolves the file itself and checks it, props and template.
declare module '*.vue' {
  import type { DefineComponent } from 'vue';

  const component: DefineComponent<Record<string, unknown>>;
  export default component;
}
