// The Vue page: @fieldstream/vue's LiveForm and FieldProgress in a <script setup> SFC over one
// response on the scripted model, and the tool-calls scenario's parallel calls as cards, in Chromium.
import { frameworkPageTests } from './support/framework-page';

frameworkPageTests({ path: 'vue', heading: 'Vue', prefix: 'vue' });
