import type { AccHub, AccProject } from '@plumbline/contracts';
import { useQuery } from '@tanstack/react-query';
import { Check, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import {
  accKeys,
  accMessageId,
  cleanUpAccSession,
  isAccSessionGone,
  listAccProjects,
  listHubs,
} from '@/lib/acc';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { type MessageId, t as translate, useT } from '@/lib/i18n';
import type { StepProps } from '../step-props';
import { StepFooter } from './step-footer';

function Row({
  selected,
  onSelect,
  children,
  label,
  type,
}: {
  selected: boolean;
  onSelect: () => void;
  children: React.ReactNode;
  label: string;
  type: string;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a list row that acts as one radio of many
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      aria-label={label}
      onClick={onSelect}
      className={cn(
        'flex w-full items-center justify-between gap-3 rounded-md border p-3 text-left text-sm transition-colors',
        selected ? 'border-primary bg-primary/5' : 'border-border hover:bg-accent',
      )}
    >
      {children}
      <span className="flex shrink-0 items-center gap-2">
        <Badge variant="secondary">{type}</Badge>
        <Check className={cn('size-4 text-primary', !selected && 'invisible')} aria-hidden="true" />
      </span>
    </button>
  );
}

/**
 * Select Project (spec 1 §2.1): '1. Select Hub' (name, region, type) then '2. Select Project' (type, last
 * modified, case-insensitive search), the second tab disabled until a hub is chosen. Picking another hub
 * clears the project.
 */
export function SelectProjectStep({ wizard }: StepProps) {
  const { state, update } = wizard;
  const t = useT('wizard');
  const session = state.accSessionId ?? '';
  const [tab, setTab] = useState<'hub' | 'project'>(state.hub ? 'project' : 'hub');
  const [search, setSearch] = useState('');
  const [error, setError] = useState<MessageId | null>(null);

  const hubs = useQuery({
    queryKey: accKeys.hubs(session),
    queryFn: () => listHubs(session),
    enabled: !!session,
    retry: false,
    // Each visit asks Autodesk again: hubs and projects change outside Plumbline.
    refetchOnMount: 'always',
  });
  const hubId = state.hub?.id ?? '';
  const projects = useQuery({
    queryKey: accKeys.projects(session, hubId),
    queryFn: () => listAccProjects(session, hubId),
    enabled: !!session && !!hubId,
    retry: false,
    refetchOnMount: 'always',
  });

  useEffect(() => {
    const failure = hubs.error ?? projects.error;
    if (!failure) return;
    if (isAccSessionGone(failure)) {
      // The server no longer knows the session (past 30 minutes, or gone): connect again.
      cleanUpAccSession('error');
      toast.error(translate('wizard.acc.connectionErrorTitle'), {
        description: translate(accMessageId('sessionNotFound')),
      });
      update({ accSessionId: null, hub: null, accProject: null, accFiles: [], step: 'connect_acc' });
      return;
    }
    toast.error(translate('wizard.acc.connectionErrorTitle'), {
      description: translate(accMessageId('connectionError')),
    });
    console.warn('ACC listing failed:', errorMessage(failure));
  }, [hubs.error, projects.error, update]);

  const chooseHub = (hub: AccHub) => {
    if (hub.id !== state.hub?.id) update({ hub, accProject: null, accFiles: [] });
    setSearch('');
    setTab('project');
  };
  const chooseProject = (project: AccProject) => {
    setError(null);
    if (project.id !== state.accProject?.id) update({ accProject: project, accFiles: [] });
  };
  const visible = (projects.data ?? []).filter((p) =>
    p.name.toLowerCase().includes(search.trim().toLowerCase()),
  );

  return (
    <div className="grid gap-4">
      <Tabs value={tab} onValueChange={(value) => setTab(value as 'hub' | 'project')}>
        <TabsList>
          <TabsTrigger value="hub">{t('wizard.selectProject.hubTab')}</TabsTrigger>
          <TabsTrigger value="project" disabled={!state.hub}>
            {t('wizard.selectProject.projectTab')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="hub" className="mt-4">
          {hubs.isPending ? (
            <div className="grid gap-2">
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
            </div>
          ) : hubs.isError ? (
            <p className="text-sm text-destructive">{t(accMessageId('connectionError'))}</p>
          ) : hubs.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t(accMessageId('noHubs'))}</p>
          ) : (
            <div
              className="grid max-h-[300px] gap-2 overflow-y-auto"
              role="radiogroup"
              aria-label={t('wizard.selectProject.hubs')}
            >
              {hubs.data.map((hub) => (
                <Row
                  key={hub.id}
                  label={hub.name}
                  type={hub.type}
                  selected={state.hub?.id === hub.id}
                  onSelect={() => chooseHub(hub)}
                >
                  <span className="grid gap-0.5">
                    <span className="font-medium">{hub.name}</span>
                    <span className="text-xs text-muted-foreground">
                      {t('wizard.selectProject.region', { region: hub.region })}
                    </span>
                  </span>
                </Row>
              ))}
            </div>
          )}
        </TabsContent>
        <TabsContent value="project" className="mt-4 grid gap-3">
          <div className="relative">
            <Search className="absolute left-2.5 top-2.5 size-4 text-muted-foreground" aria-hidden="true" />
            <Input
              aria-label={t('wizard.selectProject.search')}
              placeholder={t('wizard.selectProject.searchPlaceholder')}
              className="pl-8"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          {projects.isPending ? (
            <div className="grid gap-2">
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
            </div>
          ) : projects.isError ? (
            <p className="text-sm text-destructive">{t(accMessageId('connectionError'))}</p>
          ) : visible.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {t(accMessageId(search.trim() ? 'noProjectsMatching' : 'noProjects'))}
            </p>
          ) : (
            <div
              className="grid max-h-[300px] gap-2 overflow-y-auto"
              role="radiogroup"
              aria-label={t('wizard.selectProject.projects')}
            >
              {visible.map((project) => (
                <Row
                  key={project.id}
                  label={project.name}
                  type={project.type}
                  selected={state.accProject?.id === project.id}
                  onSelect={() => chooseProject(project)}
                >
                  <span className="grid gap-0.5">
                    <span className="font-medium">{project.name}</span>
                    {project.lastModified && (
                      <span className="text-xs text-muted-foreground">
                        {t('wizard.selectProject.lastModified', { date: formatDate(project.lastModified) })}
                      </span>
                    )}
                  </span>
                </Row>
              ))}
            </div>
          )}
        </TabsContent>
      </Tabs>
      {error && (
        <p className="text-sm text-destructive" role="alert">
          {t(error)}
        </p>
      )}
      <StepFooter onBack={wizard.back}>
        <Button
          onClick={() => {
            if (!state.accProject) return setError(accMessageId('selectProject'));
            wizard.next();
          }}
        >
          {t('wizard.footer.next')}
        </Button>
      </StepFooter>
    </div>
  );
}
