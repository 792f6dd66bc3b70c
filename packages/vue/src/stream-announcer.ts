import type { FieldStore, Schedule } from '@fieldstream/core';
import { completionMessage } from '@fieldstream/core/bindings';
import { defineComponent, h } from 'vue';
import { useStreamStatus } from './use-stream-status';

export type StreamAnnouncerProps = {
  store: FieldStore<unknown>;
  schedule?: Schedule | undefined;
};

/**
 * A polite live region that speaks once, when the response ends. `@fieldstream/react/styles.css`
 * hides it from sight (`.fs-announce`); without the stylesheet it is a short visible line.
 */
export const StreamAnnouncer = defineComponent(
  (props: StreamAnnouncerProps) => {
    const status = useStreamStatus(
      () => props.store,
      () => ({ schedule: props.schedule }),
    );
    return () =>
      h(
        'p',
        { class: 'fs-announce', role: 'status', 'aria-live': 'polite' },
        completionMessage(status.value.status, status.value.error),
      );
  },
  { name: 'StreamAnnouncer', props: ['store', 'schedule'] },
);
