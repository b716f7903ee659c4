// The fragments worker, copied into our build and served from our own origin: FragmentsModels'
// default would fetch it from a CDN, which an offline install cannot reach (vite.config.ts aliases
// this import to the package's minified worker).
import fragmentsWorkerUrl from '@thatopen/fragments/worker?url';

export { fragmentsWorkerUrl };
