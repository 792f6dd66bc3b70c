// The tool-calls snippet of packages/react/README.md and docs/guides/react.md, verbatim.
import type { DynamicPath, FieldStore } from '@fieldstream/core';
import { useInstantField, useToolCalls } from '@fieldstream/react';

function ToolCallsPanel({ store }: { store: FieldStore }) {
  const calls = useToolCalls(store); // [{ index, id, name, arguments, isComplete }]
  return (
    <ol>
      {calls.map((call) => (
        <li key={call.index} data-state={call.isComplete ? 'done' : 'writing'}>
          {call.name}: <Query store={store} index={call.index} />
        </li>
      ))}
    </ol>
  );
}

function Query({ store, index }: { store: FieldStore; index: number }) {
  // One argument, re-rendered only when it changes.
  const query = useInstantField(store, `$tools[${index}].arguments.query` as DynamicPath);
  return <span>{String(query.value ?? '…')}</span>;
}

export { ToolCallsPanel };
