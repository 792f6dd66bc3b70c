// The Svelte page: @fieldstream/svelte's LiveForm and FieldProgress over one response on the
// scripted model, and the tool-calls scenario's parallel calls as cards, in Chromium.
import { frameworkPageTests } from './support/framework-page';

frameworkPageTests({ path: 'svelte', heading: 'Svelte', prefix: 'svelte' });
