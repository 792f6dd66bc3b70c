import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The opt-in default styles for LiveForm, FieldProgress and FieldText (resolved through `exports`).
import '@fieldstream/react/styles.css';
import { IncidentPanel } from './incident-panel.js';
import { ReleasePanel } from './release.js';

const root = document.getElementById('root');
if (root === null) throw new Error('no #root element');
createRoot(root).render(
  <StrictMode>
    <IncidentPanel />
    <ReleasePanel />
  </StrictMode>,
);
