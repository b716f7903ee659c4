import { z } from 'zod';

// Zod's compiled parsers probe for eval with new Function, which the Content Security Policy forbids
// (script-src has no 'unsafe-eval', decision 0155): parse without it. Imported first by main.tsx.
z.config({ jitless: true });
