export type { MessageId, Namespace } from '@/messages';
export { applyLocale, chooseLocale, pageLocale } from './locale';
export { isMessageId, MessageText } from './message-text';
export { rich } from './rich';
export {
  currentLocale,
  followProfileLanguage,
  isLoaded,
  loadNamespaces,
  startLocale,
  subscribeLocale,
  switchLocale,
  t,
  useLocale,
  useT,
} from './store';
