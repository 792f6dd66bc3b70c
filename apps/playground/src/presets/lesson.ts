import { defineOutput } from '@fieldstream/core';
import type { Preset } from './preset';

const output = defineOutput({
  title: ['string', 'lesson title', 'not_null'],
  audience: ['string', 'who the lesson is for'],
  objectives: ['string', 'learning objectives, one per line', 'not_null'],
  explanation: ['string', 'the explanation, with a code example', 'not_null'],
  exercise: ['string', 'one exercise for the learner'],
  answer_key: ['string', 'the expected solution'],
});

const explanation = [
  'A streaming parser cannot wait for the whole document: it keeps a little state and',
  'decides what each new character means. The hard part is text that *might* be a closer:',
  '',
  "const closer = '</field>';",
  'if (buffer.endsWith(closer.slice(0, 3)) && !done) {',
  '  holdBack(3); // wait: "</f" could still become </field>',
  '}',
  '',
  'Raw characters such as & and <b> are plain content here; nothing is decoded.',
].join('\n');

const data = {
  title: 'Holding back partial closers in a streaming parser',
  audience: 'Frontend engineers who render LLM output while it streams',
  objectives: [
    '- Explain why a streaming parser must hold back a possible closer',
    '- Write a check that never emits half a tag',
    '- Test it with every chunking of the same text',
  ].join('\n'),
  explanation,
  exercise:
    'Split "<b>hi</b></field>" into every possible pair of chunks and assert the emitted text is always "<b>hi</b>".',
  answer_key:
    'Hold back any suffix that is a prefix of "</field>"; emit it only when the next character rules the closer out.',
};

// xml_field: every field is text, so `auto` picks this format too. The explanation's code holds a
// literal </field> that must stay content.
const text = `<think>Three objectives, one code sample that contains the closer itself, and an exercise with a checkable answer.</think>
<agently_output>
<field name="title" type="text">Holding back partial closers in a streaming parser</field>
<field type="text" name="audience">Frontend engineers who render LLM output while it streams</field>
<field name="objectives" type="text">
${data.objectives}
</field>
<field name='explanation' type='text'>
${explanation}
</field>
<field name="exercise" type="text">${data.exercise}</field>
<field name="answer_key" type="text">
${data.answer_key}
</field>
</agently_output>`;

export const lessonPreset: Preset = {
  id: 'lesson',
  title: 'Lesson material',
  description: 'xml_field: text fields with code inside, one of them containing </field>',
  input: 'Write a short lesson on holding back partial closers in streaming parsers.',
  output,
  format: 'xml_field',
  data,
  recorded: { format: 'xml_field', text },
};
