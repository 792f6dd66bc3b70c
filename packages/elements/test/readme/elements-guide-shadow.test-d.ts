// docs/guides/elements.md, "Styling", verbatim: it must compile as written (no casts), and
// elements-guide.test.ts runs it (by importing this file).
import { createResponse, defineOutput } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import '@fieldstream/elements/define';
import '@fieldstream/elements/shadow-styles'; // the shadow root's default rules

const advice = defineOutput({
  summary: ['string', 'one line', 'not_null'],
  risk: [['low', 'high'], 'how risky', 'not_null'],
});
const model = scriptedModel({ answers: ['{"summary": "Rotate the keys", "risk": "high"}'] });

const card = document.createElement('fieldstream-form');
card.shadow = true; // before it first draws: an open shadow root, styled by parts and --fs-* properties
card.output = advice;
card.renderValue = (field, path) => {
  if (path !== 'risk') return String(field.value ?? ''); // a string is set as text
  const badge = document.createElement('mark');
  badge.textContent = String(field.value ?? '');
  return badge;
};
card.start = (signal) => createResponse({ model, input: 'the leaked key', output: advice, signal });
document.body.append(card);

export { card };
