import { ACC_MESSAGES, type AccHub, type AccProject } from '@plumbline/contracts';
import { useQuery } from '@tanstack/react-query';
import { Check, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { accKeys, cleanUpAccSession, isAccSessionGone, listAccProjects, listHubs } from '@/lib/acc';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
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
  const session = state.accSessionId ?? '';
  const [tab, setTab] = useState<'hub' | 'project'>(state.hub ? 'project' : 'hub');
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);

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
      toast.error('Connection Error', { description: ACC_MESSAGES.sessionNotFound });
      update({ accSessionId: null, hub: null, accProject: null, accFiles: [], step: 'connect_acc' });
      return;
    }
    toast.error('Connection Error', { description: ACC_MESSAGES.connectionError });
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
          <TabsTrigger value="hub">1. Select Hub</TabsTrigger>
          <TabsTrigger value="project" disabled={!state.hub}>
            2. Select Project
          </TabsTrigger>
        </TabsList>
        <TabsContent value="hub" className="mt-4">
          {hubs.isPending ? (
            <div className="grid gap-2">
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
            </div>
          ) : hubs.isError ? (
            <p className="text-sm text-destructive">{ACC_MESSAGES.connectionError}</p>
          ) : hubs.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">{ACC_MESSAGES.noHubs}</p>
          ) : (
            <div className="grid max-h-[300px] gap-2 overflow-y-auto" role="radiogroup" aria-label="Hubs">
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
                    <span className="text-xs text-muted-foreground">Region: {hub.region}</span>
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
              aria-label="Search projects"
              placeholder="Search projects..."
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
            <p className="text-sm text-destructive">{ACC_MESSAGES.connectionError}</p>
          ) : visible.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {search.trim() ? ACC_MESSAGES.noProjectsMatching : ACC_MESSAGES.noProjects}
            </p>
          ) : (
            <div className="grid max-h-[300px] gap-2 overflow-y-auto" role="radiogroup" aria-label="Projects">
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
                        Last modified {formatDate(project.lastModified)}
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
          {error}
        </p>
      )}
      <StepFooter onBack={wizard.back}>
        <Button
          onClick={() => {
            if (!state.accProject) return setError(ACC_MESSAGES.selectProject);
            wizard.next();
          }}
        >
          Next
        </Button>
      </StepFooter>
    </div>
  );
}
