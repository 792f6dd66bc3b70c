// Bad input to paths, patches and the field store that applies them.
import type { Api, Probe } from './probe-api';

const patch = (path: unknown, value: unknown = 1) => ({
  path,
  value,
  delta: null,
  event_type: 'done',
  is_complete: true,
  completion_source: 'observed_boundary',
});
const huge = (api: Api) => {
  const store = api.createFieldStore();
  store.apply([patch('items[999999999]'), patch('items[999999999]', 2)]);
  return store.getState().data;
};

export const storeProbes: Probe[] = [
  { name: 'parsePath(42)', mentions: 'path', run: (api) => api.parsePath(42) },
  { name: 'parsePath(null)', mentions: 'path', run: (api) => api.parsePath(null) },
  { name: 'parsePath()', mentions: 'path', run: (api) => api.parsePath() },
  { name: 'parsePath({})', mentions: 'path', run: (api) => api.parsePath({}) },
  { name: 'formatPath(42)', mentions: 'segments', run: (api) => api.formatPath(42) },
  { name: 'formatPath([{}])', mentions: 'segment', run: (api) => api.formatPath([{}]) },
  { name: 'formatPath([NaN])', mentions: 'segment', run: (api) => api.formatPath([Number.NaN]) },
  { name: 'formatPath([-1])', mentions: 'segment', run: (api) => api.formatPath([-1]) },
  { name: 'formatPath([1.5])', mentions: 'segment', run: (api) => api.formatPath([1.5]) },
  { name: "appendSegment(42, 'a')", mentions: 'path', run: (api) => api.appendSegment(42, 'a') },
  { name: "appendSegment('a', null)", mentions: 'segment', run: (api) => api.appendSegment('a', null) },
  { name: "applyPatch({}, 'a', 1)", mentions: 'segments', run: (api) => api.applyPatch({}, 'a', 1) },
  { name: 'applyPatch({}, null, 1)', mentions: 'segments', run: (api) => api.applyPatch({}, null, 1) },
  { name: 'applyPatch({}, [{}], 1)', mentions: 'segment', run: (api) => api.applyPatch({}, [{}], 1) },
  { name: 'applyPatch([], [999999999], 1)', mentions: 'index', run: (api) => api.applyPatch([], [999_999_999], 1) },

  // the field store
  { name: 'createFieldStore(42)', mentions: 'source', run: (api) => api.createFieldStore(42) },
  { name: 'createFieldStore({})', mentions: 'source', run: (api) => api.createFieldStore({}) },
  {
    name: "createFieldStore(undefined, { onRetry: 'bogus' })",
    mentions: 'onRetry',
    run: (api) => api.createFieldStore(undefined, { onRetry: 'bogus' }),
  },
  { name: 'createFieldStore(undefined, 42)', mentions: 'options', run: (api) => api.createFieldStore(undefined, 42) },
  { name: 'store.apply(null)', mentions: 'patches', run: (api) => api.createFieldStore().apply(null) },
  { name: 'store.apply(42)', mentions: 'patches', run: (api) => api.createFieldStore().apply(42) },
  { name: 'store.apply([null])', mentions: 'patches', run: (api) => api.createFieldStore().apply([null]) },
  { name: 'store.apply([{ path: 42 }])', mentions: 'path', run: (api) => api.createFieldStore().apply([patch(42)]) },
  {
    name: "store.apply([{ path: 'a[*]' }])",
    mentions: 'wildcard',
    run: (api) => api.createFieldStore().apply([patch('a[*]')]),
  },
  { name: "store.apply([{ path: 'items[999999999]' }]) twice", mentions: 'index', run: huge },
  { name: 'store.dispatch(null)', mentions: 'events', run: (api) => api.createFieldStore().dispatch(null) },
  {
    name: "store.dispatch({ type: 'bogus' })",
    mentions: 'type',
    run: (api) => api.createFieldStore().dispatch({ type: 'bogus', attempt: 0 }),
  },
  { name: 'store.subscribe(42)', mentions: 'listener', run: (api) => api.createFieldStore().subscribe(42) },
  {
    name: 'store.subscribePath(42, fn)',
    mentions: 'path',
    run: (api) => api.createFieldStore().subscribePath(42, () => {}),
  },
  {
    name: "store.subscribePath('a', 42)",
    mentions: 'listener',
    run: (api) => api.createFieldStore().subscribePath('a', 42),
  },
  { name: 'store.getField(42)', mentions: 'path', run: (api) => api.createFieldStore().getField(42) },
  { name: 'fieldSelector(42)', mentions: 'path', run: (api) => api.fieldSelector(42) },
  { name: 'listSelector(42)', mentions: 'path', run: (api) => api.listSelector(42) },
];
