import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './register-formats';
import { App } from './app';
import { devtoolsWanted, openDevtools } from './devtools/devtools-dock';
import { choosePlaygroundMode } from './static-mode/playground-mode';
import '@fieldstream/react/styles.css';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = container;
// The mode is chosen before the first render: on a static host the in-page model must be in place
// before any page starts a request.
// A panel left open in this tab is back before the first page makes its first response.
const devtools = devtoolsWanted() ? openDevtools() : Promise.resolve();
void Promise.all([choosePlaygroundMode(), devtools]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
