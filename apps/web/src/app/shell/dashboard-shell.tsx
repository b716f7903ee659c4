import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AreaErrorBoundary } from '@/components/errors/area-error-boundary';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/ui/skip-link';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ChangesViewerProvider } from '@/lib/changes-viewer-slot';
import { type DashboardShellOptions, dashboardTabLabel, isDashboardTab } from '@/lib/dashboard-tabs';
import { useDataSource } from '@/lib/data-source';
import { useT } from '@/lib/i18n';
import { useCurrentUser, useSignOut } from '@/lib/session';
import { AppHeader } from './app-header';
import { AreaLoading } from './area-loading';
import { TAB_PANELS } from './tab-panels';
import { useActiveTab } from './use-active-tab';

// The Create New Project wizard (six steps, payment, ACC) loads when it is first asked for.
const CreateProjectWizard = lazy(async () => ({
  default: (await import('@/features/wizard/create-project-wizard')).CreateProjectWizard,
}));

export interface DashboardShellProps {
  options?: DashboardShellOptions;
  /** Shown between the header and the content (e.g. the demo notice). */
  banner?: ReactNode;
}

/** The dashboard frame every area lives in: header, the nine tabs (spec 3 §2.6) and the active area. */
// The Changes view's 3D viewer (files feature → viewer feature, assembled here): its code and the
// 3D engine's load when a list is first shown in 3D.
const ChangesViewer = lazy(async () => ({
  default: (await import('@/features/viewer/changes-viewer')).ChangesViewer,
}));

export function DashboardShell({ options = {}, banner }: DashboardShellProps) {
  // `common` is loaded beside the dashboard's code (router.tsx): the tab names never suspend the frame.
  const t = useT('app', 'common');
  const { active, visible, selectTab } = useActiveTab(options);
  const { mode } = useDataSource();
  const user = useCurrentUser();
  const signOut = useSignOut();
  const demo = mode === 'demo';
  const tabListRef = useRef<HTMLDivElement>(null);
  // `?createProject=true` opens the wizard (spec 1 §2.1); once loaded it stays mounted, as before.
  const [searchParams] = useSearchParams();
  const wizardRequested = searchParams.get('createProject') === 'true';
  const [wizardLoaded, setWizardLoaded] = useState(wizardRequested);
  useEffect(() => {
    if (wizardRequested) setWizardLoaded(true);
  }, [wizardRequested]);

  // On narrow screens the tab strip scrolls sideways: keep the active tab in view. The strip is scrolled
  // itself, not through scrollIntoView, which in Chromium also moves the sequential focus starting
  // point to the tab: a page's first Tab would then skip the skip link and the header.
  useEffect(() => {
    const list = tabListRef.current;
    const trigger = list?.querySelector<HTMLElement>(`[data-tab-id="${active}"]`);
    if (!list || !trigger) return;
    const strip = list.getBoundingClientRect();
    const tab = trigger.getBoundingClientRect();
    if (tab.left < strip.left) list.scrollLeft -= strip.left - tab.left;
    else if (tab.right > strip.right) list.scrollLeft += tab.right - strip.right;
  }, [active]);

  // Tooltips live only in dashboard areas: their provider (and Radix's positioning code) stays out of
  // the sign-in pages' first bundle.
  return (
    <TooltipProvider delayDuration={250}>
      <ChangesViewerProvider value={ChangesViewer}>
        <Tabs
          value={active}
          onValueChange={(value) => isDashboardTab(value) && selectTab(value)}
          activationMode="manual"
          className="flex min-h-dvh flex-col"
        >
          <SkipLink />
          <header className="sticky top-0 z-30 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
            <div className="mx-auto max-w-7xl px-4 sm:px-6">
              <AppHeader
                user={demo ? null : user}
                demo={demo}
                onOpenSettings={visible.includes('settings') ? () => selectTab('settings') : undefined}
                onSignOut={() => signOut.mutate()}
                signingOut={signOut.isPending}
              />
              <TabsList ref={tabListRef} aria-label={t('app.title.dashboard')} className="-mb-px pb-2">
                {visible.map((id) => {
                  const { icon: Icon, preload } = TAB_PANELS[id];
                  return (
                    <TabsTrigger
                      key={id}
                      value={id}
                      data-tab-id={id}
                      onPointerEnter={preload}
                      onFocus={preload}
                    >
                      <Icon aria-hidden="true" />
                      {t(dashboardTabLabel(id))}
                    </TabsTrigger>
                  );
                })}
              </TabsList>
            </div>
          </header>
          {banner}
          <main
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 outline-none sm:px-6"
          >
            {visible.map((id) => {
              const { Panel } = TAB_PANELS[id];
              return (
                <TabsContent key={id} value={id}>
                  <AreaErrorBoundary resetKeys={[active]}>
                    <Suspense fallback={<AreaLoading label={t(dashboardTabLabel(id))} />}>
                      <Panel />
                    </Suspense>
                  </AreaErrorBoundary>
                </TabsContent>
              );
            })}
          </main>
          {(wizardLoaded || wizardRequested) && (
            <Suspense fallback={null}>
              <CreateProjectWizard user={demo ? null : user} />
            </Suspense>
          )}
        </Tabs>
      </ChangesViewerProvider>
    </TooltipProvider>
  );
}
