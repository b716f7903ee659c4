import packageJson from '../../package.json' with { type: 'json' };

/** The server's version, from apps/server/package.json (inlined by the bundler). */
export const serverVersion: string = packageJson.version;
