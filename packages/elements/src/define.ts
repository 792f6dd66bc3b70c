// @fieldstream/elements/define: importing this entry defines the elements (a side effect; the
// main entry defines nothing).
import { defineFieldstreamElements } from './define-elements';

defineFieldstreamElements();
