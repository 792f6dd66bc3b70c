import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** What a page receives: the query of its hash route (pages read it once, when they mount). */
export type PageProps = { params: URLSearchParams };

/** One page: its route, its nav label, its home card, and its component (its own chunk). */
export type PlaygroundPage = {
  path: `/${string}`;
  /** The nav bar's label. */
  label: string;
  /** The home card's heading: the page's own heading. */
  title: string;
  /** The home card's line. */
  text: string;
  Page: LazyExoticComponent<ComponentType<PageProps>>;
};

/** A page component loaded when its route first opens. */
function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType<PageProps>>>,
  name: Name,
): LazyExoticComponent<ComponentType<PageProps>> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/** Every page but the home page, in nav order: the nav, the router and the home cards all read this list. */
export const PLAYGROUND_PAGES: readonly PlaygroundPage[] = [
  {
    path: '/live',
    label: 'Live form',
    title: 'Live form',
    text: 'A schema becomes a form that fills in as the answer streams.',
    Page: lazyPage(() => import('../pages/live-form-page'), 'LiveFormPage'),
  },
  {
    path: '/progress',
    label: 'Progress',
    title: 'Progress panel',
    text: 'Per-field phases and provenance, attempts, retries, fault switches.',
    Page: lazyPage(() => import('../pages/progress-page'), 'ProgressPage'),
  },
  {
    path: '/dashboard',
    label: 'Dashboard',
    title: 'Dashboard',
    text: 'Six tiles, six responses, streaming at once.',
    Page: lazyPage(() => import('../pages/dashboard-page'), 'DashboardPage'),
  },
  {
    path: '/timeline',
    label: 'Timeline',
    title: 'Event timeline',
    text: 'Devtools: every patch beside the raw text, reasoning, final data and its reconciliation.',
    Page: lazyPage(() => import('../pages/timeline-page'), 'TimelinePage'),
  },
  {
    path: '/contract',
    label: 'Contract',
    title: 'Output contract',
    text: 'The UI switches on status mid-stream.',
    Page: lazyPage(() => import('../pages/kits/index'), 'ContractPage'),
  },
  {
    path: '/answer-flow',
    label: 'Answer flow',
    title: 'Answer flow',
    text: 'A batch: check, review, repair, fallback.',
    Page: lazyPage(() => import('../pages/kits/index'), 'AnswerFlowPage'),
  },
  {
    path: '/providers',
    label: 'Providers',
    title: 'Providers',
    text: 'OpenAI Chat and Responses, Anthropic, Agently, raw text; output-contract planning per provider.',
    Page: lazyPage(() => import('../pages/providers/providers-page'), 'ProvidersPage'),
  },
  {
    path: '/server',
    label: 'Server stream',
    title: 'Server stream',
    text: 'The model and the zod schema run on the server; the browser receives field patches, retries included.',
    Page: lazyPage(() => import('../pages/server-stream/server-stream-page'), 'ServerStreamPage'),
  },
  {
    path: '/resume',
    label: 'Resume',
    title: 'Resumable answer',
    text: 'A dropped connection or a reload picks the answer up where it was; the server never generates twice.',
    Page: lazyPage(() => import('../pages/resume/resume-page'), 'ResumePage'),
  },
  {
    path: '/worker',
    label: 'Worker',
    title: 'Parsing in a Worker',
    text: 'Transport and parsing off the main thread, patches once per frame, the validator on the page.',
    Page: lazyPage(() => import('../pages/worker/worker-page'), 'WorkerPage'),
  },
  {
    path: '/zod',
    label: 'Zod schema',
    title: 'Zod schema',
    text: 'A zod schema with a transform and defaults, as it is, in LiveForm: the input streams, the output lands.',
    Page: lazyPage(() => import('../pages/zod/zod-page'), 'ZodPage'),
  },
  {
    path: '/tools',
    label: 'Tool calls',
    title: 'Tool calls',
    text: 'The output through a forced tool, and two parallel calls whose arguments fill in as they are written.',
    Page: lazyPage(() => import('../pages/tools/tool-calls-page'), 'ToolCallsPage'),
  },
  {
    path: '/early',
    label: 'Early validation',
    title: 'Early validation',
    text: 'A field judged the moment it closes: a bad first field stops the attempt and the retry starts at once.',
    Page: lazyPage(() => import('../pages/early/early-validation-page'), 'EarlyValidationPage'),
  },
  {
    path: '/replay',
    label: 'Replay',
    title: 'Replay a recorded run',
    text: 'A recorded run replayed step by step: the form, the status and the retry as they were at each message.',
    Page: lazyPage(() => import('../pages/replay/replay-page'), 'ReplayPage'),
  },
  {
    path: '/vue',
    label: 'Vue',
    title: 'Vue',
    text: 'The live form, progress panel and tool calls written with @fieldstream/vue.',
    Page: lazyPage(() => import('../pages/frameworks/vue-page'), 'VuePage'),
  },
  {
    path: '/svelte',
    label: 'Svelte',
    title: 'Svelte',
    text: 'The live form, progress panel and tool calls written with @fieldstream/svelte.',
    Page: lazyPage(() => import('../pages/frameworks/svelte-page'), 'SveltePage'),
  },
  {
    path: '/elements',
    label: 'Elements',
    title: 'Custom elements',
    text: 'The live form, progress panel and tool calls as custom elements from @fieldstream/elements, no framework.',
    Page: lazyPage(() => import('../pages/frameworks/elements-page'), 'ElementsPage'),
  },
];

/** The page a route path opens, or `undefined` for the home page (and any unknown path). */
export function pageAt(path: string): PlaygroundPage | undefined {
  return PLAYGROUND_PAGES.find((page) => page.path === path);
}

/** The test id suffix of a page: its path without the slash (`/answer-flow` → `answer-flow`). */
export function pageId(page: PlaygroundPage): string {
  return page.path.slice(1);
}
