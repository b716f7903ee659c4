const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long an invitation can be accepted (INVITATION_VALID_DAYS): the one definition, read by the
 * Team list, the invitee's list, accepting, and adding the address again (which renews an expired one).
 */
export function invitationValidity(validDays: number) {
  const expiresAt = (createdAt: Date) => new Date(createdAt.getTime() + validDays * DAY_MS);
  return {
    validDays,
    expiresAt,
    isExpired: (createdAt: Date, now: Date) => now.getTime() >= expiresAt(createdAt).getTime(),
    /** Invitations created after this instant have not expired at `now` (billing counts their seats). */
    validSince: (now: Date) => new Date(now.getTime() - validDays * DAY_MS),
  };
}

export type InvitationValidity = ReturnType<typeof invitationValidity>;
