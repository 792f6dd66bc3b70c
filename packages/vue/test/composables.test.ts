// Vue's own idioms around the composables: refs and getters of a store or path, disposal with the
// scope, errors to onErrorCaptured, a <script setup> SFC, LiveForm's value slot, tool calls.
import { createFieldStore, createResponse, type DynamicPath, type FieldStore, ProviderError } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { useInstantField, useResponse, useStreamStatus, useToolCalls } from '@fieldstream/vue';
import { render } from '@testing-library/vue';
import { describe, expect, it } from 'vitest';
import { defineComponent, effectScope, h, nextTick, onErrorCaptured, ref, shallowRef } from 'vue';
import { open, scalar, streamText } from '../../core/test/store/patches';
import { createTestSource } from '../../core/test/store/test-source';
import IncidentCard from './fixtures/IncidentCard.vue';
import { type Incident, incident } from './fixtures/incident';

const sync = { schedule: 'sync' } as const;

/** Counts the store's subscribers: `subscribe` and `subscribePath` each add one until unsubscribed. */
function countingStore(): { store: FieldStore; listeners: () => number } {
  const store = createFieldStore();
  let listeners = 0;
  for (const method of ['subscribe', 'subscribePath'] as const) {
    const original = store[method].bind(store) as (...args: unknown[]) => () => void;
    Object.assign(store, {
      [method]: (...args: unknown[]) => {
        listeners++;
        const unsubscribe = original(...args);
        return () => {
          listeners--;
          unsubscribe();
        };
      },
    });
  }
  return { store, listeners: () => listeners };
}

describe('composables outside a component', () => {
  it('follow a store ref to the store it holds, and stop hearing the old one', () => {
    const first = createFieldStore();
    const second = createFieldStore();
    const current = shallowRef(first);
    const scope = effectScope();
    const field = scope.run(() => useInstantField(current, 'summary', sync));
    first.apply([scalar('summary', 'from the first')]);
    expect(field?.value.value).toBe('from the first');
    current.value = second;
    expect(field?.value.value).toBeUndefined();
    first.apply([scalar('summary', 'changed later')]);
    second.apply([scalar('summary', 'from the second')]);
    expect(field?.value.value).toBe('from the second');
    scope.stop();
  });

  it('follow a path ref, subscribing to the new path only', () => {
    const { store, listeners } = countingStore();
    const path = ref<DynamicPath>('a' as DynamicPath);
    const scope = effectScope();
    const field = scope.run(() => useInstantField(store, path, sync));
    store.apply([open('', 'object'), scalar('a', 1), scalar('b', 2)]);
    expect(field?.value.value).toBe(1);
    path.value = 'b' as DynamicPath;
    expect(field?.value.value).toBe(2);
    expect(listeners()).toBe(1);
    scope.stop();
  });

  it('unsubscribe when their scope is disposed', () => {
    const { store, listeners } = countingStore();
    const scope = effectScope();
    const refs = scope.run(() => [
      useInstantField(store, 'a' as DynamicPath),
      useStreamStatus(store),
      useToolCalls(store),
    ]);
    expect([refs?.length, listeners()]).toEqual([3, 3]);
    scope.stop();
    expect(listeners()).toBe(0);
  });

  it('useResponse starts at once outside a component and aborts when its scope is disposed', () => {
    const signals: AbortSignal[] = [];
    const scope = effectScope();
    const handle = scope.run(() =>
      useResponse(
        (signal) => {
          signals.push(signal);
          return createTestSource();
        },
        { startKey: 'question' },
      ),
    );
    expect(signals).toHaveLength(1);
    expect(handle?.store.value.getState().status).toBe('idle');
    scope.stop();
    expect(signals[0]?.aborted).toBe(true);
  });
});

describe('composables in components', () => {
  it('throwOnError: reading the ref in a render hands the store error to onErrorCaptured', async () => {
    const source = createTestSource();
    const store = createFieldStore(source);
    const captured: unknown[] = [];
    const Status = defineComponent(() => {
      const status = useStreamStatus(store, { schedule: 'sync', throwOnError: true });
      return () => status.value.status;
    });
    const Boundary = defineComponent(() => {
      onErrorCaptured((error) => {
        captured.push(error);
        return false;
      });
      return () => h(Status);
    });
    const view = render(Boundary);
    expect(view.container.textContent).toBe('idle');
    const error = new ProviderError('openai', 'server_error', 'boom', { attempt: 0 });
    source.emit({ type: 'error', attempt: 0, error });
    await nextTick();
    expect(captured).toEqual([error]);
    view.unmount();
  });

  it('a <script setup lang="ts"> component reads typed paths and fills LiveForm through its value slot', async () => {
    const store = createFieldStore<Incident>();
    const view = render(IncidentCard, { props: { store } });
    store.apply([open('', 'object'), ...streamText('summary', 'Disk full on db-1', 4), open('actions', 'array')]);
    store.apply(streamText('actions[0]', 'free space', 3));
    await nextTick();
    expect(view.getByTestId('summary').textContent).toBe('Disk full on db-1');
    expect(view.getByTestId('actions').textContent).toBe('actions[0]');
    const slotted = [...view.container.querySelectorAll('[data-slot-path]')].map((element) => [
      element.getAttribute('data-slot-path'),
      element.textContent,
    ]);
    expect(slotted).toEqual([
      ['summary', 'Disk full on db-1'],
      ['severity', ''],
      ['actions[0]', 'free space'],
    ]);
    expect(view.container.querySelector('.fs-live-form')?.getAttribute('data-status')).toBe('streaming');
    expect(incident.root.kind).toBe('object');
    view.unmount();
  });

  it('useToolCalls lists the calls as they stream, and an argument path follows its own patches', async () => {
    const calls = [
      { name: 'search_tickets', arguments: '{"query": "disk full", "limit": 5}' },
      { name: 'file_ticket', arguments: '{"title": "db-1 disk full", "tags": ["storage"]}' },
    ];
    const response = createResponse({
      model: scriptedModel({ answers: ['ok'], toolCalls: calls, chunkSize: 3 }),
      input: 'x',
    });
    const store = createFieldStore(response);
    const seen: string[] = [];
    const Calls = defineComponent(() => {
      const list = useToolCalls(store, sync);
      const title = useInstantField(store, '$tools[1].arguments.title' as DynamicPath, sync);
      return () => {
        seen.push(`${list.value.length}:${String(title.value.value ?? '')}:${title.value.isComplete}`);
        return list.value.map((call) => call.name).join(',');
      };
    });
    const view = render(Calls);
    await response.getData();
    await nextTick();
    expect(view.container.textContent).toBe('search_tickets,file_ticket');
    expect(store.getField('$tools[1].arguments.title')).toMatchObject({ value: 'db-1 disk full', isComplete: true });
    expect(seen.at(-1)).toBe('2:db-1 disk full:true');
    // The title was on screen before it was complete (it streamed in pieces).
    expect(seen.some((entry) => /^2:db-1.*:false$/.test(entry))).toBe(true);
    view.unmount();
  });
});
