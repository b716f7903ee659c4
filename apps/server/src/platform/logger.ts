import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON logs to stdout; secrets that could reach a log line are redacted. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    serializers: {
      // The path only: query strings carry OAuth codes and states, session ids and signed-link tokens.
      req: (req: { method?: string; url?: string; hostname?: string; ip?: string; id?: string }) => ({
        id: req.id,
        method: req.method,
        url: (req.url ?? '').split('?')[0],
        hostname: req.hostname,
        remoteAddress: req.ip,
      }),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.secret',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
