// docs/guides/elements.md, "Readers for your own markup", verbatim: it must compile as written (no casts), and
// elements-guide.test.ts runs it (by importing this file).
import { createFieldStore, createResponse, defineOutput } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { watchInstantField, watchInstantList, watchReasoning } from '@fieldstream/elements';

const release = defineOutput({
  version: ['string', 'the version'],
  changes: [{ title: ['string', 'one change'] }],
});
const model = scriptedModel({
  answers: ['<think>Two changes.</think>{"version": "2.1", "changes": [{"title": "Faster"}, {"title": "Smaller"}]}'],
});
const response = createResponse({ model, input: 'notes', output: release, format: 'json' });
const store = createFieldStore(response);

const list = document.createElement('ul');
const thinking = document.createElement('small');
// One reader per item, made when the item appears and stopped when it goes.
const items = new Map<string, { li: HTMLLIElement; stop: () => void }>();

const stopList = watchInstantList(store, 'changes[*]', (changes) => {
  const keys = new Set(changes.map((change) => change.key));
  for (const [key, item] of items) {
    if (keys.has(key)) continue;
    item.stop();
    item.li.remove();
    items.delete(key);
  }
  for (const change of changes) {
    if (items.has(change.key)) continue;
    const li = list.appendChild(document.createElement('li'));
    const stop = watchInstantField(store, `${change.path}.title`, (title) => {
      li.textContent = title.value ?? ''; // text, never HTML
      li.dataset.complete = String(title.isComplete);
    });
    items.set(change.key, { li, stop });
  }
});
const stopThinking = watchReasoning(store, (text) => {
  thinking.textContent = text;
});
response.start();
// When the list goes away:
const stop = () => {
  stopList();
  stopThinking();
  for (const item of items.values()) item.stop();
};

export { list, stop, store, thinking };
