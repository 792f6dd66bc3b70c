/**
 * The non-React bindings' live forms as the bench page mounts them: each binding's own `LiveForm`
 * (Vue's and Svelte's components, the `<fieldstream-form>` element in light DOM) over the same
 * store and schema as React's, each drawing values its default way. Each returns what takes it down.
 */
import type { FieldStore, OutputSchema } from '@fieldstream/core';
import { defineFieldstreamElements } from '@fieldstream/elements';
import { LiveForm as SvelteLiveForm } from '@fieldstream/svelte';
import { LiveForm as VueLiveForm } from '@fieldstream/vue';
import { mount, unmount } from 'svelte';
import { createApp } from 'vue';

export type BindingRenderer = 'vue' | 'svelte' | 'elements';
type MountForm = (host: HTMLElement, output: OutputSchema, store: FieldStore<unknown>) => () => void;

export const mountBindingForm: Record<BindingRenderer, MountForm> = {
  vue: (host, output, store) => {
    const app = createApp(VueLiveForm, { output, store });
    app.mount(host);
    return () => app.unmount();
  },
  svelte: (host, output, store) => {
    const app = mount(SvelteLiveForm, { target: host, props: { output, store } });
    return () => {
      void unmount(app);
    };
  },
  elements: (host, output, store) => {
    defineFieldstreamElements();
    const form = document.createElement('fieldstream-form');
    form.output = output;
    form.store = store;
    host.append(form);
    return () => form.remove();
  },
};
