// Vitest setup of the web projects: every catalogue loaded in English, the language the tests read.
// The lazily loaded screens' catalogues are set by their modules: imported first, so they are loaded too.
import './studio';
import { type Namespace, namespaces } from '@/messages';
import { loadNamespaces, startLocale } from './store';

await loadNamespaces('en', Object.keys(namespaces) as Namespace[]);
startLocale('en');
