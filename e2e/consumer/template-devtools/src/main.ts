// The devtools panel as its README says to load it: in development only, on demand. A production
// build never reaches the import, so it holds none of the panel. (The mode, not `DEV`: the test
// builds the page in development mode, which `vite build` still bundles as production.)
import { askIncident } from './incident.js';

if (import.meta.env.MODE === 'development') {
  const { defineDevtools } = await import('@fieldstream/devtools');
  defineDevtools();
  const panel = document.createElement('fieldstream-devtools');
  // Records every response the page makes from now on.
  panel.discover = true;
  document.body.append(panel);
}

const response = askIncident(new AbortController().signal);
const data = await response.getData();
const summary = document.querySelector('[data-testid="summary"]');
if (summary !== null) summary.textContent = data.status_summary;
