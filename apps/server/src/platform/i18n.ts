/**
 * The server's messages (issue 31, docs/i18n.md): every catalogue it renders from, in the language a
 * request asks for. Error bodies, validation messages, mails and reports are rendered here from ids;
 * nothing stores a rendered sentence.
 */
import type { ContractsMessageId } from '@plumbline/contracts';
import errorsDe from '@plumbline/contracts/messages/errors/de.json';
import errorsEn from '@plumbline/contracts/messages/errors/en.json';
import errorsFr from '@plumbline/contracts/messages/errors/fr.json';
import errorsNl from '@plumbline/contracts/messages/errors/nl.json';
import permissionsDe from '@plumbline/contracts/messages/permissions/de.json';
import permissionsEn from '@plumbline/contracts/messages/permissions/en.json';
import permissionsFr from '@plumbline/contracts/messages/permissions/fr.json';
import permissionsNl from '@plumbline/contracts/messages/permissions/nl.json';
import validationDe from '@plumbline/contracts/messages/validation/de.json';
import validationEn from '@plumbline/contracts/messages/validation/en.json';
import validationFr from '@plumbline/contracts/messages/validation/fr.json';
import validationNl from '@plumbline/contracts/messages/validation/nl.json';
import {
  createTranslator,
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  type MessageValues,
  negotiateLocale,
  type Translator,
} from '@plumbline/i18n';
import { lazyCatalogues } from '@plumbline/i18n/compile';
import type { FastifyRequest } from 'fastify';
import assistantDe from '../messages/assistant/de.json';
import assistantEn from '../messages/assistant/en.json';
import assistantFr from '../messages/assistant/fr.json';
import assistantNl from '../messages/assistant/nl.json';
import serverDe from '../messages/de.json';
import serverEn from '../messages/en.json';
import serverFr from '../messages/fr.json';
import serverNl from '../messages/nl.json';
import reportsDe from '../messages/reports/de.json';
import reportsEn from '../messages/reports/en.json';
import reportsFr from '../messages/reports/fr.json';
import reportsNl from '../messages/reports/nl.json';

export type { Locale };

/** Every id the server renders: the shared catalogue's (errors, permissions, validation) and its own. */
export type ServerMessageId =
  | ContractsMessageId
  | keyof typeof serverEn
  | keyof typeof reportsEn
  | keyof typeof assistantEn;

const catalogue = lazyCatalogues<Locale>({
  en: { ...errorsEn, ...permissionsEn, ...validationEn, ...serverEn, ...reportsEn, ...assistantEn },
  de: { ...errorsDe, ...permissionsDe, ...validationDe, ...serverDe, ...reportsDe, ...assistantDe },
  fr: { ...errorsFr, ...permissionsFr, ...validationFr, ...serverFr, ...reportsFr, ...assistantFr },
  nl: { ...errorsNl, ...permissionsNl, ...validationNl, ...serverNl, ...reportsNl, ...assistantNl },
});

const translators = new Map<Locale, Translator<ServerMessageId>>();

/** The translator of a locale (made once). */
export function translator(locale: Locale): Translator<ServerMessageId> {
  let t = translators.get(locale);
  if (!t) {
    t = createTranslator<ServerMessageId>(locale, catalogue(locale));
    translators.set(locale, t);
  }
  return t;
}

/** One message in a locale; an id no catalogue holds shows as itself. */
export function render(locale: Locale, id: string, values?: MessageValues): string {
  return translator(locale)(id as ServerMessageId, values);
}

/** A message to render later, in the reader's language: what a service returns instead of a sentence. */
export interface MessageRef {
  id: ServerMessageId;
  params?: MessageValues;
}

/** A message in the language of the request (a route's answer that holds text). */
export function renderFor(request: FastifyRequest, message: MessageRef | ServerMessageId): string {
  const ref = typeof message === 'string' ? { id: message } : message;
  return render(requestLocale(request), ref.id, ref.params);
}

/** Whether `text` is an id the server's catalogues hold (a zod message of a shared schema is one). */
export function isServerMessageId(text: string): text is ServerMessageId {
  return translator(DEFAULT_LOCALE).has(text);
}

/**
 * The language of a request: the Accept-Language it sends (the web app sends the page's language),
 * else the signed-in user's profile language, else English.
 */
export function requestLocale(request: FastifyRequest): Locale {
  const asked = negotiateLocale(request.headers['accept-language']);
  if (asked) return asked;
  const profile = request.auth?.user.language;
  return isLocale(profile) ? profile : DEFAULT_LOCALE;
}
