import type { TokenErrorCode } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';

export const TokenError = defineErrors('TokenError', {
  token_not_found: 'API token not found',
} satisfies Record<TokenErrorCode, string>);
