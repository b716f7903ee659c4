// The notifications module as other modules see it: only what they use. Everything else in modules/notifications/
// is the module's own; other modules import this file, never those (.dependency-cruiser.cjs).

export { renderChangeMessage } from './change-words';
export { claimComparisonNotice, comparisonContext, mailComparison } from './changes';
export {
  invitationMail,
  memberAddedMail,
  reportReadyMail,
  signUpAttemptMail,
  verificationMail,
} from './messages';
export { type MailIn, mailLocale, type Notification, notifyUser, queueMail } from './notify';
