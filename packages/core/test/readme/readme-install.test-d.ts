// The README's "Install in your app" snippet, verbatim: it must compile as written (no casts).
// readme-snippets.test.ts checks that every README snippet appears in one of these files.
import { expectTypeOf } from 'vitest';

import { createResponse, defineOutput } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';

const output = defineOutput({ status_summary: ['string', 'one-line status', true] });
const model = scriptedModel({ answers: ['{"status_summary": "all systems normal"}'] });
const response = createResponse({ model, input: 'status?', output, format: 'json' });
console.log(await response.getData()); // { status_summary: 'all systems normal' }

expectTypeOf(response.getData()).resolves.toEqualTypeOf<{ status_summary: string | null }>();
