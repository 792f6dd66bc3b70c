import { createResponse, openAIChat } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { incidentPreset } from '../../presets/incident';
import { TOOLS, TOOLS_BASE_URL } from '../tools/tool-scenario';

// The two responses every framework page (Vue, Svelte, custom elements) shows, made in one place.

/** The incident preset's recorded answer on the scripted model. */
export const incidentAnswer = (signal: AbortSignal) =>
  createResponse({
    model: scriptedModel({ answers: [incidentPreset.recorded.text], chunkSize: 6, delayMs: 20 }),
    input: incidentPreset.input,
    output: incidentPreset.output,
    format: 'json',
    signal,
  });

/** The tool-calls scenario's two parallel calls, from the playground's built-in model. */
export const parallelToolCalls = (signal: AbortSignal) =>
  createResponse({
    model: openAIChat({ baseURL: new URL(TOOLS_BASE_URL, window.location.href).href, model: 'builtin' }),
    input: 'Look for similar tickets and file one.',
    tools: TOOLS,
    signal,
  });
