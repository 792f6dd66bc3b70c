// Mounting a component for a test the way a page does, with one difference: an error Vue reports to
// `app.config.errorHandler` (a composable's or a render's) is thrown from `mountComponent`, as
// React's render throws it, so a test can assert on it.
import { render } from '@testing-library/vue';
import type { Component } from 'vue';

export type MountedComponent = {
  root(): HTMLElement;
  unmount(): void;
  rerender(props: Record<string, unknown>): Promise<void>;
};

export function mountComponent(component: Component, props: Record<string, unknown> = {}): MountedComponent {
  const errors: unknown[] = [];
  const view = render(component, {
    props,
    global: {
      config: {
        errorHandler: (error) => {
          errors.push(error);
        },
      },
    },
  });
  if (errors.length > 0) {
    view.unmount();
    throw errors[0];
  }
  return { root: () => view.container as HTMLElement, unmount: () => view.unmount(), rerender: view.rerender };
}
