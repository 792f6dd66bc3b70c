import { writeOwn } from '../../patch/apply-patch';
import { canStartPlain, outside, readQuoted, resolvePlainScalar, scanPlain } from './yaml-subset-scalars';

type FlowFrame = {
  value: unknown[] | Record<string, unknown>;
  closer: ']' | '}';
  /** In a mapping: the key whose value comes next. */
  key: string;
  expect: 'first' | 'entry' | 'colon' | 'value' | 'separator';
};

/**
 * A flow collection (`[a, "b", 3]`, `{a: 1, "b": [2]}`) that starts at `line[start]` and closes
 * on the same line: its value, the index after its closer and its deepest nesting. The subset:
 * quoted and plain scalars, nested collections, string keys; no pairs in sequences, no empty
 * entries or trailing commas, no comments inside, no keys without a value. Iterative.
 */
export function readFlowCollection(line: string, start: number): { value: unknown; end: number; depth: number } {
  const stack: FlowFrame[] = [];
  let depth = 0;
  let i = start;
  for (;;) {
    while (line[i] === ' ') i++;
    const char = line[i];
    if (char === undefined) outside(); // continues on the next line
    const frame = stack[stack.length - 1];
    if (frame !== undefined && frame.expect === 'colon') {
      if (char !== ':') outside();
      frame.expect = 'value';
      i++;
      continue;
    }
    const closing =
      frame !== undefined && (frame.expect === 'separator' || frame.expect === 'first') && char === frame.closer;
    if (frame !== undefined && frame.expect === 'separator' && !closing) {
      if (char !== ',') outside();
      frame.expect = 'entry';
      i++;
      continue;
    }
    if (closing) {
      stack.pop();
      i++;
      const parent = stack[stack.length - 1];
      if (parent === undefined) return { value: frame.value, end: i, depth };
      i = deliver(parent, frame.value, line, i);
      continue;
    }
    const atKey = frame !== undefined && !Array.isArray(frame.value) && frame.expect !== 'value';
    if (char === '[' || char === '{') {
      if (atKey) outside(); // a collection as a key
      stack.push({ value: char === '[' ? [] : {}, closer: char === '[' ? ']' : '}', key: '', expect: 'first' });
      depth = Math.max(depth, stack.length);
      i++;
      continue;
    }
    if (frame === undefined) outside();
    let scalar: unknown;
    let quoted = false;
    if (char === '"' || char === "'") {
      const read = readQuoted(line, i) ?? outside();
      scalar = read.value;
      quoted = true;
      i = read.end;
    } else {
      if (!canStartPlain(line, i, true)) outside();
      const scan = scanPlain(line, i, true);
      scalar = line.slice(i, scan.end);
      i = scan.stop;
    }
    if (!atKey) {
      i = deliver(frame, quoted ? scalar : resolvePlainScalar(scalar as string), line, i);
      continue;
    }
    const key = quoted ? scalar : resolvePlainScalar(scalar as string);
    if (typeof key !== 'string' || key === '<<') outside();
    // A plain key ends at `: `; a quoted one may meet its `:` straight away (JSON style).
    if (!quoted && !(line[i] === ':' && line[i + 1] === ' ')) outside();
    frame.key = key;
    frame.expect = 'colon';
  }
}

/** Adds a complete entry to `frame`; returns where reading goes on. */
function deliver(frame: FlowFrame, value: unknown, line: string, at: number): number {
  if (Array.isArray(frame.value)) {
    let next = at;
    while (line[next] === ' ') next++;
    if (line[next] === ':') outside(); // `[a: b]` is a pair in a sequence
    frame.value.push(value);
  } else {
    writeOwn(frame.value, frame.key, value);
  }
  frame.expect = 'separator';
  return at;
}
