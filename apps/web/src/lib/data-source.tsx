import { createContext, type ReactNode, useContext, useMemo } from 'react';

/**
 * Where the dashboard's data comes from. 'live' reads the signed-in user's projects from the API; 'demo'
 * (the /demo route, spec 1 §1, spec 3 §2.6) reads sample data, never needs an account, and is read-only.
 * Every data hook picks its source by `mode` and keys its cache by it, so the two never mix.
 */
export type DataSourceMode = 'live' | 'demo';

export interface DataSourceValue {
  mode: DataSourceMode;
  /** Writes are refused (spec 2 §6: demo data cannot be modified). */
  readOnly: boolean;
  /** Demo counts as subscribed (spec 3 §1); live subscription state comes from the subscriptions API. */
  treatAsSubscribed: boolean;
  /** The route the dashboard lives under: links such as "View in Explorer" stay in the same mode. */
  basePath: '/dashboard' | '/demo';
}

const LIVE: DataSourceValue = {
  mode: 'live',
  readOnly: false,
  treatAsSubscribed: false,
  basePath: '/dashboard',
};
const DEMO: DataSourceValue = { mode: 'demo', readOnly: true, treatAsSubscribed: true, basePath: '/demo' };

export function dataSourceFor(mode: DataSourceMode): DataSourceValue {
  return mode === 'demo' ? DEMO : LIVE;
}

const DataSourceContext = createContext<DataSourceValue>(LIVE);

export function DataSourceProvider({ mode, children }: { mode: DataSourceMode; children: ReactNode }) {
  const value = useMemo(() => dataSourceFor(mode), [mode]);
  return <DataSourceContext.Provider value={value}>{children}</DataSourceContext.Provider>;
}

export function useDataSource(): DataSourceValue {
  return useContext(DataSourceContext);
}

/** Thrown by a demo source when asked to change data. */
export class ReadOnlyDataSourceError extends Error {
  constructor() {
    super('Demo data cannot be modified.');
    this.name = 'ReadOnlyDataSourceError';
  }
}
