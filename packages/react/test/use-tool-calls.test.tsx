import { createFieldStore, createResponse, type DynamicPath } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { useInstantField, useToolCalls } from '@fieldstream/react';
import { act, renderHook } from '@testing-library/react';
import { expect, it } from 'vitest';
import { describeInModes } from './support/modes';

const calls = [
  { name: 'search_tickets', arguments: '{"query": "disk full", "limit": 5}' },
  { name: 'file_ticket', arguments: '{"title": "db-1 disk full", "tags": ["storage"]}' },
];

describeInModes('useToolCalls', (mode) => {
  it('lists the calls as they stream and an argument path follows its own patches', async () => {
    const response = createResponse({
      model: scriptedModel({ answers: ['ok'], toolCalls: calls, chunkSize: 3 }),
      input: 'x',
    });
    const store = createFieldStore(response);
    const seen: string[] = [];
    const { result } = renderHook(
      () => {
        const list = useToolCalls(store, { schedule: 'sync' });
        const title = useInstantField(store, '$tools[1].arguments.title' as DynamicPath, { schedule: 'sync' });
        seen.push(`${list.length}:${String(title.value ?? '')}:${title.isComplete}`);
        return { list, title };
      },
      { wrapper: mode.wrapper },
    );
    await act(async () => {
      await response.getData();
    });
    expect(result.current.list).toEqual([
      { index: 0, id: 'call_0', name: 'search_tickets', arguments: { query: 'disk full', limit: 5 }, isComplete: true },
      {
        index: 1,
        id: 'call_1',
        name: 'file_ticket',
        arguments: { title: 'db-1 disk full', tags: ['storage'] },
        isComplete: true,
      },
    ]);
    expect(result.current.title).toMatchObject({ value: 'db-1 disk full', isComplete: true });
    // The title was on screen before it was complete (it streamed in pieces).
    expect(seen.some((entry) => /^2:db-1.*:false$/.test(entry))).toBe(true);
  });
});
