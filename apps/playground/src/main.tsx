import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './register-formats';
import { App } from './app';
import { choosePlaygroundMode } from './static-mode/playground-mode';
import '@fieldstream/react/styles.css';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = container;
// The mode is chosen before the first render: on a static host the in-page model must be in place
// before any page starts a request.
void choosePlaygroundMode().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
