import { lazy, type ReactElement, Suspense } from 'react';
import { HomePage } from './pages/home-page';
import { routeHref, useHashRoute } from './router/use-hash-route';
import { playgroundMode } from './static-mode/playground-mode';

// Each page is its own chunk, loaded when its route opens (the home page ships with the shell).
const DashboardPage = lazy(() => import('./pages/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const ContractPage = lazy(() => import('./pages/kits/index').then((m) => ({ default: m.ContractPage })));
const AnswerFlowPage = lazy(() => import('./pages/kits/index').then((m) => ({ default: m.AnswerFlowPage })));
const LiveFormPage = lazy(() => import('./pages/live-form-page').then((m) => ({ default: m.LiveFormPage })));
const ProgressPage = lazy(() => import('./pages/progress-page').then((m) => ({ default: m.ProgressPage })));
const ProvidersPage = lazy(() =>
  import('./pages/providers/providers-page').then((m) => ({ default: m.ProvidersPage })),
);
const ServerStreamPage = lazy(() =>
  import('./pages/server-stream/server-stream-page').then((m) => ({ default: m.ServerStreamPage })),
);
const ResumePage = lazy(() => import('./pages/resume/resume-page').then((m) => ({ default: m.ResumePage })));
const TimelinePage = lazy(() => import('./pages/timeline-page').then((m) => ({ default: m.TimelinePage })));
const WorkerPage = lazy(() => import('./pages/worker/worker-page').then((m) => ({ default: m.WorkerPage })));
const ToolCallsPage = lazy(() => import('./pages/tools/tool-calls-page').then((m) => ({ default: m.ToolCallsPage })));
const EarlyValidationPage = lazy(() =>
  import('./pages/early/early-validation-page').then((m) => ({ default: m.EarlyValidationPage })),
);
const ZodPage = lazy(() => import('./pages/zod/zod-page').then((m) => ({ default: m.ZodPage })));

const NAV = [
  { path: '/', label: 'Home' },
  { path: '/live', label: 'Live form' },
  { path: '/progress', label: 'Progress' },
  { path: '/dashboard', label: 'Dashboard' },
  { path: '/timeline', label: 'Timeline' },
  { path: '/contract', label: 'Contract' },
  { path: '/answer-flow', label: 'Answer flow' },
  { path: '/providers', label: 'Providers' },
  { path: '/server', label: 'Server stream' },
  { path: '/resume', label: 'Resume' },
  { path: '/worker', label: 'Worker' },
  { path: '/zod', label: 'Zod schema' },
  { path: '/tools', label: 'Tool calls' },
  { path: '/early', label: 'Early validation' },
];

/** The playground shell: a nav bar and one page per hash route. */
export function App(): ReactElement {
  const { path, params } = useHashRoute();
  // Pages read their settings from the query once, when they mount (then write them back to it).
  const key = path;
  let page: ReactElement;
  if (path === '/live') page = <LiveFormPage key={key} params={params} />;
  else if (path === '/progress') page = <ProgressPage key={key} params={params} />;
  else if (path === '/dashboard') page = <DashboardPage key={key} params={params} />;
  else if (path === '/timeline') page = <TimelinePage key={key} params={params} />;
  else if (path === '/contract') page = <ContractPage key={key} params={params} />;
  else if (path === '/answer-flow') page = <AnswerFlowPage key={key} params={params} />;
  else if (path === '/providers') page = <ProvidersPage key={key} params={params} />;
  else if (path === '/server') page = <ServerStreamPage key={key} />;
  else if (path === '/resume') page = <ResumePage key={key} />;
  else if (path === '/worker') page = <WorkerPage key={key} />;
  else if (path === '/zod') page = <ZodPage key={key} />;
  else if (path === '/tools') page = <ToolCallsPage key={key} />;
  else if (path === '/early') page = <EarlyValidationPage key={key} />;
  else page = <HomePage />;
  return (
    <>
      <header className="topbar">
        <h1>Fieldstream playground</h1>
        <nav>
          {NAV.map((item) => (
            <a
              key={item.path}
              href={routeHref(item.path)}
              className={item.path === path ? 'active' : undefined}
              data-testid={`nav${item.path === '/' ? '-home' : item.path.replace('/', '-')}`}
            >
              {item.label}
            </a>
          ))}
        </nav>
        <ModeBadge />
      </header>
      <main>
        <Suspense fallback={<p className="muted">Loading…</p>}>{page}</Suspense>
      </main>
    </>
  );
}

/** Where the built-in model runs (see playground-mode.ts), always on screen. */
function ModeBadge(): ReactElement {
  const mode = playgroundMode();
  return (
    <span
      className="mode-badge"
      data-testid="playground-mode"
      data-mode={mode}
      title={
        mode === 'server'
          ? 'The built-in model answers from this server over real HTTP streams.'
          : 'No playground server here (a static host): the built-in model runs inside this page.'
      }
    >
      {mode === 'server' ? 'model: server' : 'model: in this page'}
    </span>
  );
}
