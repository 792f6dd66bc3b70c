import {
  anthropicMessages,
  createResponse,
  type DynamicPath,
  type FieldStore,
  type Model,
  openAIChat,
  openAIResponses,
  type ToolCall,
  type ToolCallState,
} from '@fieldstream/core';
import { LiveForm, useInstantField, useResponse, useStreamStatus, useToolCalls } from '@fieldstream/react';
import { type ReactElement, useState } from 'react';
import { FinalData } from '../../components/final-data';
import { Ticket, TOOL_DIALECTS, TOOLS, TOOLS_BASE_URL, type ToolDialect } from './tool-scenario';

/** The provider adapter of a dialect, pointed at the playground's built-in model. */
function modelFor(dialect: ToolDialect): Model {
  const options = { baseURL: new URL(TOOLS_BASE_URL, window.location.href).href, model: 'builtin' };
  if (dialect === 'openai-chat') return openAIChat(options);
  if (dialect === 'openai-responses') return openAIResponses(options);
  return anthropicMessages(options);
}

/**
 * Tool calls, two ways, in the dialect chosen: (a) the output asked for as the arguments of one
 * forced tool (`outputTool`), streaming into the same fields as a JSON answer; (b) a model calling
 * two tools at once, each call a live card whose arguments fill in as they are written.
 * Fieldstream never executes the tools.
 */
export function ToolCallsPage(): ReactElement {
  const [dialect, setDialect] = useState<ToolDialect>('openai-chat');
  const output = useResponse((signal) =>
    createResponse({
      model: modelFor(dialect),
      input: 'File a ticket for the db-1 outage.',
      output: Ticket,
      outputTool: true,
      signal,
    }),
  );
  const [calls, setCalls] = useState<ToolCall[] | undefined>(undefined);
  const parallel = useResponse((signal) => {
    setCalls(undefined);
    const response = createResponse({
      model: modelFor(dialect),
      input: 'Look for similar tickets and file one.',
      tools: TOOLS,
      signal,
    });
    response.getToolCalls().then(setCalls, () => {});
    return response;
  });
  return (
    <div className="page">
      <h2>Tool calls</h2>
      <p className="muted">
        The built-in model answers in the chosen provider's wire dialect. <strong>Output through a tool</strong> asks
        for the ticket as the arguments of one forced tool; <strong>Two parallel tool calls</strong> offers two tools
        and shows each call as it is written. Fieldstream never runs a tool: the calls end up in{' '}
        <code>getToolCalls()</code>.
      </p>
      <div className="controls">
        <label>
          Dialect{' '}
          <select
            data-testid="tools-dialect"
            value={dialect}
            onChange={(event) => setDialect(event.target.value as ToolDialect)}
          >
            {TOOL_DIALECTS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" data-testid="tools-output-start" onClick={() => output.start()}>
          Output through a tool
        </button>
        <button type="button" data-testid="tools-calls-start" onClick={() => parallel.start()}>
          Two parallel tool calls
        </button>
      </div>
      <div className="columns">
        <div className="stack">
          <section className="panel" data-testid="tools-output">
            <h3>
              Ticket (output tool) <Status store={output.store} testId="tools-output-status" />
            </h3>
            <LiveForm output={Ticket} store={output.store} />
          </section>
          <FinalData store={output.store} />
        </div>
        <div className="stack">
          <section className="panel" data-testid="tools-calls">
            <h3>
              Tool calls <Status store={parallel.store} testId="tools-calls-status" />
            </h3>
            <ToolCallsPanel store={parallel.store} />
          </section>
          {calls !== undefined && (
            <section className="panel">
              <h3>getToolCalls()</h3>
              <pre data-testid="tools-final-calls">{JSON.stringify(calls, null, 2)}</pre>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}

function Status({ store, testId }: { store: FieldStore<unknown>; testId: string }): ReactElement {
  const { status } = useStreamStatus(store);
  return (
    <span className="muted" data-testid={testId} data-status={status}>
      {status}
    </span>
  );
}

/** One card per call, in the order the calls opened. */
function ToolCallsPanel({ store }: { store: FieldStore<unknown> }): ReactElement {
  const calls = useToolCalls(store);
  if (calls.length === 0) return <p className="muted">No calls yet.</p>;
  return (
    <ol className="stack">
      {calls.map((call) => (
        <ToolCallCard key={call.index} store={store} call={call} />
      ))}
    </ol>
  );
}

function ToolCallCard({ store, call }: { store: FieldStore<unknown>; call: ToolCallState }): ReactElement {
  const keys = Object.keys(TOOLS.find((tool) => tool.name === call.name)?.parameters.properties ?? {});
  return (
    <li data-testid={`tool-call-${call.index}`} data-state={call.isComplete ? 'complete' : 'streaming'}>
      <strong>{call.name}</strong> <code className="muted">{call.id}</code>{' '}
      <span className="muted">{call.isComplete ? 'complete' : 'writing…'}</span>
      <dl>
        {keys.map((key) => (
          <ToolArgument key={key} store={store} index={call.index} name={key} />
        ))}
      </dl>
    </li>
  );
}

/** One argument, subscribed to its own path: re-renders only when it changes. */
function ToolArgument({
  store,
  index,
  name,
}: {
  store: FieldStore<unknown>;
  index: number;
  name: string;
}): ReactElement {
  const field = useInstantField(store, `$tools[${index}].arguments.${name}` as DynamicPath);
  return (
    <div data-testid={`tool-arg-${index}-${name}`} data-complete={field.isComplete ? 'true' : 'false'}>
      <dt>{name}</dt>
      <dd>{field.value === undefined ? '…' : String(field.value)}</dd>
    </div>
  );
}
