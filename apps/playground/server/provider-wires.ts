import { type ReasoningSplit, ReasoningSplitter } from '../../../packages/core/src/reasoning/reasoning-splitter';
import { PROVIDER_MODEL_NAME } from '../src/pages/providers/provider-routes';

/** Where a wire writes: named or unnamed SSE events, raw text, the end of the body. */
export type WireOutput = {
  event(name: string | undefined, data: string): void;
  raw(text: string): void;
  end(): void;
};

/** Token counts a wire reports when the answer ends. */
export type WireUsage = { input: number; output: number };

/** One provider's wire shape: what the paced stream's events become on the socket. */
export type Wire = {
  reasoning(delta: string): void;
  text(delta: string): void;
  finish(usage: WireUsage): void;
  /** A provider error in the stream; absent when the wire has no error channel (raw text). */
  fail?(code: string, message: string): void;
};

/** OpenAI Responses: `response.created` … reasoning summary and output text items … `response.completed`. */
export function responsesWire(out: WireOutput): Wire {
  const id = `resp_fs_${randomId()}`;
  const createdAt = Math.floor(Date.now() / 1000);
  let sequence = 0;
  const emit = (type: string, fields: Record<string, unknown>): void =>
    out.event(type, JSON.stringify({ type, sequence_number: sequence++, ...fields }));
  const response = (status: string, extra: Record<string, unknown> = {}) => ({
    id,
    object: 'response',
    created_at: createdAt,
    status,
    model: PROVIDER_MODEL_NAME,
    ...extra,
  });
  const output: Record<string, unknown>[] = [];
  let item: { kind: 'reasoning' | 'message'; id: string; text: string } | undefined;
  const closeItem = (): void => {
    if (item === undefined) return;
    const place = { item_id: item.id, output_index: output.length };
    let done: Record<string, unknown>;
    if (item.kind === 'reasoning') {
      const part = { type: 'summary_text', text: item.text };
      emit('response.reasoning_summary_text.done', { ...place, summary_index: 0, text: item.text });
      emit('response.reasoning_summary_part.done', { ...place, summary_index: 0, part });
      done = { id: item.id, type: 'reasoning', summary: [part] };
    } else {
      const part = { type: 'output_text', text: item.text, annotations: [] };
      emit('response.output_text.done', { ...place, content_index: 0, text: item.text });
      emit('response.content_part.done', { ...place, content_index: 0, part });
      done = { id: item.id, type: 'message', status: 'completed', role: 'assistant', content: [part] };
    }
    emit('response.output_item.done', { output_index: output.length, item: done });
    output.push(done);
    item = undefined;
  };
  const delta = (kind: 'reasoning' | 'message', text: string): void => {
    if (item?.kind !== kind) {
      closeItem();
      item = { kind, id: `${kind === 'reasoning' ? 'rs' : 'msg'}_fs_${randomId()}`, text: '' };
      const place = { item_id: item.id, output_index: output.length };
      if (kind === 'reasoning') {
        emit('response.output_item.added', { output_index: output.length, item: { id: item.id, type: 'reasoning' } });
        emit('response.reasoning_summary_part.added', { ...place, summary_index: 0, part: { type: 'summary_text' } });
      } else {
        const message = { id: item.id, type: 'message', status: 'in_progress', role: 'assistant', content: [] };
        emit('response.output_item.added', { output_index: output.length, item: message });
        emit('response.content_part.added', { ...place, content_index: 0, part: { type: 'output_text', text: '' } });
      }
    }
    item.text += text;
    const place = { item_id: item.id, output_index: output.length };
    if (kind === 'reasoning')
      emit('response.reasoning_summary_text.delta', { ...place, summary_index: 0, delta: text });
    else emit('response.output_text.delta', { ...place, content_index: 0, delta: text });
  };
  emit('response.created', { response: response('in_progress', { output: [] }) });
  emit('response.in_progress', { response: response('in_progress', { output: [] }) });
  return {
    reasoning: (text) => delta('reasoning', text),
    text: (text) => delta('message', text),
    finish(usage) {
      closeItem();
      const total = usage.input + usage.output;
      const tokens = { input_tokens: usage.input, output_tokens: usage.output, total_tokens: total };
      emit('response.completed', { response: response('completed', { output, usage: tokens }) });
      out.end();
    },
    fail(code, message) {
      emit('error', { code, message, param: null });
      out.end();
    },
  };
}

/** Anthropic Messages: `message_start`, a thinking block, a text block, `message_delta` (usage), `message_stop`. */
export function anthropicWire(out: WireOutput, promptTokens: number): Wire {
  const emit = (type: string, fields: Record<string, unknown>): void =>
    out.event(type, JSON.stringify({ type, ...fields }));
  let index = -1;
  let block: 'thinking' | 'text' | undefined;
  const closeBlock = (): void => {
    if (block === 'thinking') emit('content_block_delta', { index, delta: { type: 'signature_delta', signature: '' } });
    if (block !== undefined) emit('content_block_stop', { index });
    block = undefined;
  };
  const openBlock = (kind: 'thinking' | 'text'): void => {
    if (block === kind) return;
    closeBlock();
    index += 1;
    block = kind;
    const content =
      kind === 'thinking' ? { type: 'thinking', thinking: '', signature: '' } : { type: 'text', text: '' };
    emit('content_block_start', { index, content_block: content });
  };
  const message = { id: `msg_fs_${randomId()}`, type: 'message', role: 'assistant', model: PROVIDER_MODEL_NAME };
  const usage = { input_tokens: promptTokens, output_tokens: 1 };
  emit('message_start', { message: { ...message, content: [], stop_reason: null, stop_sequence: null, usage } });
  emit('ping', {});
  return {
    reasoning(thinking) {
      openBlock('thinking');
      emit('content_block_delta', { index, delta: { type: 'thinking_delta', thinking } });
    },
    text(text) {
      openBlock('text');
      emit('content_block_delta', { index, delta: { type: 'text_delta', text } });
    },
    finish({ output }) {
      closeBlock();
      emit('message_delta', {
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: output },
      });
      emit('message_stop', {});
      out.end();
    },
    fail(code, message) {
      emit('error', { error: { type: `${code}_error`, message } });
      out.end();
    },
  };
}

/** Raw answer text; provider reasoning goes first as a `<think>` block, as raw-text models write it. */
export function textWire(out: WireOutput): Wire {
  const write = out.raw;
  let thinking = false;
  return {
    reasoning(delta) {
      write(thinking ? delta : `<think>${delta}`);
      thinking = true;
    },
    text(delta) {
      write(thinking ? `</think>\n${delta}` : delta);
      thinking = false;
    },
    finish() {
      if (thinking) write('</think>');
      out.end();
    },
  };
}

/** Moves a leading `<think>` block of the answer text onto the wire's reasoning channel. */
export function thinkingChannel(wire: Wire): Wire {
  const splitter = new ReasoningSplitter();
  const route = (split: ReasoningSplit): void => {
    if (split.reasoning !== '') wire.reasoning(split.reasoning);
    if (split.content !== '') wire.text(split.content);
  };
  return {
    ...wire,
    text: (delta) => route(splitter.push(delta)),
    finish(usage) {
      route(splitter.finish());
      wire.finish(usage);
    },
  };
}

function randomId(): string {
  return Math.random().toString(36).slice(2, 10);
}
