import {
  CreditCard,
  Database,
  FileText,
  FolderKanban,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  ScanSearch,
  Settings,
  Users,
} from 'lucide-react';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { DashboardTabId } from '@/lib/dashboard-tabs';
import { TAB_LOADERS } from './tab-loaders';

const TAB_ICONS: Record<DashboardTabId, LucideIcon> = {
  overview: LayoutDashboard,
  dashboard: ScanSearch,
  metadata: Database,
  projects: FolderKanban,
  reports: FileText,
  schema: ListChecks,
  team: Users,
  subscriptions: CreditCard,
  settings: Settings,
};

interface TabPanel {
  icon: LucideIcon;
  /** The area's component, loaded with its own chunk the first time the tab is shown (TAB_LOADERS). */
  Panel: LazyExoticComponent<ComponentType>;
  /** Starts loading the area's chunk (on hover or focus of its tab), so a click finds it ready. */
  preload: () => void;
}

/** One lazily loaded area: `load` is called at most once, by a preload or by the first render. */
function lazyPanel(icon: LucideIcon, load: () => Promise<ComponentType>): TabPanel {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () => {
    loading ??= load().then((Component) => ({ default: Component }));
    return loading;
  };
  return {
    icon,
    Panel: lazy(start),
    preload: () => {
      // A failed preload is retried by the render, whose error boundary reports it.
      start().catch(() => {
        loading = undefined;
      });
    },
  };
}

/** Which area each dashboard tab shows (its icon and its lazily loaded component). */
export const TAB_PANELS = Object.fromEntries(
  (Object.keys(TAB_ICONS) as DashboardTabId[]).map((id) => [id, lazyPanel(TAB_ICONS[id], TAB_LOADERS[id])]),
) as Record<DashboardTabId, TabPanel>;
