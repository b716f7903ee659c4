// The fragments worker, served from our own origin: FragmentsModels' default would fetch it from a
// CDN, which an offline install cannot reach (the virtual module is vite.config.ts's
// fragmentsWorkerUrl plugin).
import fragmentsWorkerUrl from 'virtual:fragments-worker-url';

export { fragmentsWorkerUrl };
