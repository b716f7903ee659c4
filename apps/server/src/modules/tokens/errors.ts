import type { ContractsMessageId, TokenErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

export const TokenError = defineErrors('TokenError', {
  token_not_found: 'error.token_not_found',
} satisfies Record<TokenErrorCode, ContractsMessageId>);
