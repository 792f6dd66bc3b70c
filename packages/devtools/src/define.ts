// @fieldstream/devtools/define: importing this entry defines <fieldstream-devtools> (a side
// effect; the main entry defines nothing).
import { defineDevtools } from './define-devtools';

defineDevtools();
