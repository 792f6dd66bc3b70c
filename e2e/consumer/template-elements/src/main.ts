// A page with no framework: the elements are defined, then given their schema and their response
// as properties.
import '@fieldstream/elements/define';
import type { FieldstreamField } from '@fieldstream/elements';
import { askIncident, incident } from './incident.js';

const form = document.querySelector('fieldstream-form');
const progress = document.querySelector('fieldstream-progress');
const flags = document.querySelector<FieldstreamField>('#flags');
if (form === null || progress === null || flags === null) throw new Error('the page lacks its elements');

form.output = incident;
progress.output = incident;
flags.renderValue = (field) => (Array.isArray(field.value) ? field.value.join(' | ') : '');
// Starts the response now that the form is on the page; the form aborts it when it leaves.
form.start = askIncident;
